package checks_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

// TestFitAids: check reports a reference card's text that does not fit
// and a symbol a reference sheet cannot draw, as sheet does: the
// printouts' fixtures, loaded with every check, give their findings
// without printing anything.
func TestFitAids(t *testing.T) {
	for _, name := range []string{"G401-card", "G403-icon"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "printout", "testdata", "diag", name+".txtar"))
			if err != nil {
				t.Fatal(err)
			}
			a := txtar.Parse(data)
			tree := txtar.Tree(t, os.DirFS(filepath.Join("..", "testdata", "tiny")))
			var want string
			for _, f := range a.Files {
				if f.Name == "want" {
					want = string(f.Data)
				}
			}
			txtar.Overlay(tree, a.Files)
			delete(tree, "args")
			_, d := compiler.Load(tree, compiler.Options{Checks: checks.All(nil)})
			if got := d.String(); strings.TrimSpace(got) != strings.TrimSpace(want) {
				t.Errorf("check reports\n%s\nwant, as sheet does,\n%s", got, want)
			}
		})
	}
}
