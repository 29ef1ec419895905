package compiler_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files and the want sections of fixtures")

// tinyTree returns the tiny example game as an in-memory tree.
func tinyTree(t testing.TB) fstest.MapFS {
	t.Helper()
	return mapTree(t, os.DirFS(filepath.Join("testdata", "tiny")))
}

// TestTinyIsClean keeps the base of every fixture (and the README's example
// game) free of diagnostics.
func TestTinyIsClean(t *testing.T) {
	games, d := compiler.Load(tinyTree(t), compiler.Options{})
	if len(d) > 0 || len(games.Games) != 1 {
		t.Fatalf("tiny game: %d games, diagnostics:\n%s", len(games.Games), d)
	}
}

// TestDiagnostics loads each fixture in testdata/diag: the tiny game with the
// fixture's files laid over it (a file named "delete" lists paths to remove),
// and compares every diagnostic with the fixture's "want" section.
func TestDiagnostics(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no fixtures")
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := txtar.Parse(data)
			tree := tinyTree(t)
			want := -1
			for i, f := range a.Files {
				switch f.Name {
				case "want":
					want = i
				case "delete":
					for _, name := range strings.Fields(string(f.Data)) {
						delete(tree, name)
					}
				default:
					tree[f.Name] = &fstest.MapFile{Data: f.Data}
				}
			}
			_, d := compiler.Load(tree, compiler.Options{})
			got := d.String()
			if *update {
				if want < 0 {
					a.Files = append(a.Files, txtar.File{Name: "want"})
					want = len(a.Files) - 1
				}
				a.Files[want].Data = []byte(got)
				if err := os.WriteFile(p, a.Format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want < 0 {
				t.Fatal("fixture has no want section (run with -update)")
			}
			if diff := cmp.Diff(string(a.Files[want].Data), got); diff != "" {
				t.Errorf("diagnostics differ (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryCodeHasFixture makes sure each diagnostic code is triggered by
// some fixture, so no code is documented but untested.
func TestEveryCodeHasFixture(t *testing.T) {
	// The rulebook checker and the printouts keep their fixtures beside them.
	paths, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.txtar"))
	more, _ := filepath.Glob(filepath.Join("rulebook", "testdata", "fixtures", "*.txtar"))
	printed, _ := filepath.Glob(filepath.Join("printout", "testdata", "diag", "*.txtar"))
	more = append(more, printed...)
	paths = slices.Concat(paths, more)
	var all []byte
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		for _, f := range txtar.Parse(data).Files {
			if f.Name == "want" {
				all = append(all, f.Data...)
			}
		}
	}
	for _, c := range diag.Codes() {
		if !bytes.Contains(all, []byte("["+string(c.Code)+"]")) {
			t.Errorf("no fixture in testdata/diag reports %s (%s)", c.Code, c.Summary)
		}
	}
	codes := make([]diag.Code, 0)
	for _, c := range diag.Codes() {
		codes = append(codes, c.Code)
	}
	if !slices.IsSorted(codes) {
		t.Errorf("diag.Codes() is not in code order: %v", codes)
	}
}
