package bellummagica

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// FuzzScoreFile: no score file makes the reader or the report panic, and
// every rejection is diagnostics at a line and column of the file. The
// seeds are the example score files.
func FuzzScoreFile(f *testing.F) {
	seeds, err := filepath.Glob("testdata/score/*.toml")
	if err != nil || len(seeds) == 0 {
		f.Fatalf("no seed score files: %v", err)
	}
	for _, name := range seeds {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	g := &Game{Rules: shipped(f)}
	f.Fuzz(func(t *testing.T, src []byte) {
		players, d := g.Rules.ParseScoreFile("f.toml", src)
		if (players == nil) != d.HasErrors() {
			t.Fatalf("%d players with diagnostics %v", len(players), d)
		}
		unpositioned(t, d)
		d, err := g.ScoreFile(io.Discard, "f.toml", src, "en")
		if err != nil {
			t.Fatal(err)
		}
		unpositioned(t, d)
	})
}

// unpositioned fails for a diagnostic without a line and column of f.toml.
func unpositioned(t *testing.T, d diag.List) {
	t.Helper()
	for _, x := range d {
		if x.Pos.File != "f.toml" || x.Pos.Line < 1 || x.Pos.Col < 1 {
			t.Fatalf("diagnostic without a position: %v", x)
		}
	}
}
