// Command grimoire compiles board and card games described in TOML into
// checked data, typed Go tables and exports. Run "grimoire help".
package main

import (
	"os"

	"github.com/grimoire-games/grimoire/cmd/grimoire/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}
