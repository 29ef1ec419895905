package compiler_test

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
	"github.com/grimoire-games/grimoire/compiler/model"
)

var update = flag.Bool("update", false, "rewrite golden files and the want sections of fixtures")

// load loads a tree as `grimoire check` does: with every check after
// loading.
func load(fsys fs.FS, o compiler.Options) (*model.Games, diag.List) {
	o.Checks = checks.All(nil)
	return compiler.Load(fsys, o)
}

// tinyTree returns the tiny example game as an in-memory tree.
func tinyTree(t testing.TB) fstest.MapFS {
	t.Helper()
	return txtar.Tree(t, os.DirFS(filepath.Join("testdata", "tiny")))
}

// TestTinyIsClean keeps the base of every fixture (and the example of docs/own-game.md
// game) free of diagnostics.
func TestTinyIsClean(t *testing.T) {
	games, d := load(tinyTree(t), compiler.Options{})
	if len(d) > 0 || len(games.Games) != 1 {
		t.Fatalf("tiny game: %d games, diagnostics:\n%s", len(games.Games), d)
	}
}

// TestDiagnostics loads each fixture in testdata/diag: the tiny game with the
// fixture's files laid over it (a file named "delete" lists paths to remove),
// and compares every diagnostic with the fixture's "want" section.
func TestDiagnostics(t *testing.T) {
	txtar.Run(t, filepath.Join("testdata", "diag", "*.txtar"), *update, func(t *testing.T, files []txtar.File) string {
		tree := tinyTree(t)
		txtar.Overlay(tree, files)
		_, d := load(tree, compiler.Options{})
		return d.String()
	})
}

// TestEveryCodeHasFixture makes sure each diagnostic code is triggered by
// some fixture, so no code is documented but untested.
func TestEveryCodeHasFixture(t *testing.T) {
	// The translation checks, the rulebook checker and the printouts keep
	// their fixtures beside them.
	var paths []string
	for _, dir := range []string{"testdata/diag", "translation/testdata/diag", "rulebook/testdata/fixtures", "printout/testdata/diag"} {
		more, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		paths = append(paths, more...)
	}
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
