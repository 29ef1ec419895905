package printout_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	osexec "os/exec"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestDeckLayoutGolden prints one card type of each game besides Warlock,
// one of each card in every language, and compares the PDF's SHA-256 and
// its text with testdata/deck/; -update rewrites them. The Bellum Magica
// creatures draw their rows from a repeated icons region of a list's
// values, the Warriors battle cards their symbols and band from
// conditions on their kind.
func TestDeckLayoutGolden(t *testing.T) {
	tests := []struct{ game, variant, typ string }{
		{"warriors", "dragon_hordes", "battle"},
		{"bellum_magica", "", "creature"},
	}
	for _, tt := range tests {
		g, err := shipped(t).Game(tt.game).Play(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		g = onlyType(g, tt.typ)
		for _, lang := range g.Languages {
			t.Run(tt.game+"/"+lang, func(t *testing.T) {
				o := printout.Options{Kind: printout.Deck, Lang: lang, Unique: true}
				pdf := write(t, g, o)
				if again := write(t, g, o); !bytes.Equal(pdf, again) {
					t.Fatal("two runs differ")
				}
				sum := sha256.Sum256(pdf)
				got := hex.EncodeToString(sum[:]) + "\n"
				_, err := osexec.LookPath("pdftotext")
				hashOnly := err != nil
				if !hashOnly {
					got += string(run(t, pdf, "pdftotext", "-layout"))
				}
				golden(t, filepath.Join("testdata", "deck", tt.game+"-"+tt.typ+"."+lang+".txt"), got, hashOnly)
			})
		}
	}
}
