package compiler

import (
	"io/fs"

	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// readFile reads a source file with its line ends made LF (tomlpos.LF).
func readFile(fsys fs.FS, name string) ([]byte, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return tomlpos.LF(raw), nil
}
