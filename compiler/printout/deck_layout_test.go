package printout_test

import (
	"path/filepath"
	"testing"
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
				deckGolden(t, g, lang, filepath.Join("testdata", "deck", tt.game+"-"+tt.typ+"."+lang+".txt"))
			})
		}
	}
}
