package translation_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/diag")

// TestDiagnostics loads each fixture in testdata/diag: the compiler's tiny
// game with the fixture's files laid over it (a file named "delete" lists
// paths to remove), checked as `grimoire check` checks it, and compares
// every diagnostic with the fixture's "want" section.
func TestDiagnostics(t *testing.T) {
	txtar.Run(t, filepath.Join("testdata", "diag", "*.txtar"), *update, func(t *testing.T, files []txtar.File) string {
		tree := txtar.Tree(t, os.DirFS(filepath.Join("..", "testdata", "tiny")))
		txtar.Overlay(tree, files)
		_, d := compiler.Load(tree, compiler.Options{Checks: checks.All(nil)})
		return d.String()
	})
}
