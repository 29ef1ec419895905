package compiler_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/export"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

// lineEnds are the line ends a file saved by another editor may have.
func lineEnds() []struct{ name, eol string } {
	return []struct{ name, eol string }{{"CRLF", "\r\n"}, {"CR", "\r"}}
}

// withLineEnds returns a copy of tree with every LF made eol.
func withLineEnds(tree fstest.MapFS, eol string) fstest.MapFS {
	out := fstest.MapFS{}
	for name, f := range tree {
		out[name] = &fstest.MapFile{Data: bytes.ReplaceAll(f.Data, []byte("\n"), []byte(eol))}
	}
	return out
}

// TestLineEndsShipped loads the shipped Warlock tree saved with CRLF or CR
// line ends: the same diagnostics as with LF (none), and a byte-identical
// JSON export, source hash included.
func TestLineEndsShipped(t *testing.T) {
	tree := fstest.MapFS{}
	for name, f := range txtar.Tree(t, grimoire.Games()) {
		if strings.HasPrefix(name, "cards/warlock/") || strings.HasPrefix(name, "locales/warlock/") {
			tree[name] = f
		}
	}
	load := func(t *testing.T, tree fstest.MapFS) (string, []byte) {
		t.Helper()
		games, d := load(tree, compiler.Options{})
		g := games.Game("warlock")
		if g == nil {
			t.Fatalf("warlock did not load:\n%s", d)
		}
		var b bytes.Buffer
		if err := export.JSON(&b, g, ""); err != nil {
			t.Fatal(err)
		}
		return d.String(), b.Bytes()
	}
	wantD, wantJSON := load(t, tree)
	for _, e := range lineEnds() {
		t.Run(e.name, func(t *testing.T) {
			d, json := load(t, withLineEnds(tree, e.eol))
			if d != wantD {
				t.Errorf("diagnostics:\n%s\nwant (as with LF):\n%s", d, wantD)
			}
			if !bytes.Equal(json, wantJSON) {
				i := 0
				for i < min(len(json), len(wantJSON)) && json[i] == wantJSON[i] {
					i++
				}
				t.Errorf("JSON export differs from LF's at byte %d: %q; want %q", i, json[i:min(len(json), i+60)], wantJSON[i:min(len(wantJSON), i+60)])
			}
		})
	}
}

// TestLineEndsPositions loads every diagnostics fixture saved with CRLF or
// CR line ends, the loader's and the translation checks': each diagnostic
// stays at the line and column it has with LF.
func TestLineEndsPositions(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.txtar"))
	translated, _ := filepath.Glob(filepath.Join("translation", "testdata", "diag", "*.txtar"))
	if len(paths) == 0 || len(translated) == 0 {
		t.Fatal("no fixtures in testdata/diag")
	}
	paths = append(paths, translated...)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		tree := tinyTree(t)
		txtar.Overlay(tree, txtar.Parse(data).Files)
		_, want := load(tree, compiler.Options{})
		for _, e := range lineEnds() {
			t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar")+"/"+e.name, func(t *testing.T) {
				_, d := load(withLineEnds(tree, e.eol), compiler.Options{})
				if d.String() != want.String() {
					t.Errorf("diagnostics:\n%s\nwant (as with LF):\n%s", d, want)
				}
			})
		}
	}
}
