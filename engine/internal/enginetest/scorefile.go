package enginetest

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// ScoreReader is an engine's score-file reader, for FuzzScoreFile.
type ScoreReader struct {
	// Parse reads a score file; ok is false when it refuses it.
	Parse func(name string, src []byte) (ok bool, d diag.List)
	// Score reads and scores it, writing the breakdown to w.
	Score func(w io.Writer, name string, src []byte, lang string) (diag.List, error)
}

// FuzzScoreFile fuzzes score-file readers, seeded with the example score
// files of the package's testdata/score: no input makes one panic, each
// refuses exactly the inputs it has errors for, and every diagnostic has
// a line and column of the file.
func FuzzScoreFile(f *testing.F, readers ...ScoreReader) {
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
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, r := range readers {
			ok, d := r.Parse("f.toml", src)
			if ok == d.HasErrors() {
				t.Fatalf("accepted %v with diagnostics %v", ok, d)
			}
			positioned(t, d)
			d, err := r.Score(io.Discard, "f.toml", src, "en")
			if err != nil {
				t.Fatal(err)
			}
			positioned(t, d)
		}
	})
}

// positioned fails for a diagnostic without a line and column of f.toml.
func positioned(t *testing.T, d diag.List) {
	t.Helper()
	for _, x := range d {
		if x.Pos.File != "f.toml" || x.Pos.Line < 1 || x.Pos.Col < 1 {
			t.Fatalf("diagnostic without a position: %v", x)
		}
	}
}
