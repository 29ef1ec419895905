// Command grimoire compiles board and card games described in TOML into
// checked data, typed Go tables and exports. Run "grimoire help".
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/grimoire-games/grimoire/cmd/grimoire/internal/cli"
)

func main() {
	// An interruption ends the context: a long command stops cleanly,
	// keeping what is complete.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.RunContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
