package printout_test

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestSwatchLetters reads the Warriors reference sheet back: the peoples,
// which have a colour and no symbol, print the shortest prefix of their
// name that is theirs alone on each disc, in the table's order.
func TestSwatchLetters(t *testing.T) {
	g := shipped(t).Game("warriors")
	tests := []struct {
		lang string
		want []string
	}{
		{"fr", []string{"M N T E G B", "B G E T N M"}},
		{"en", []string{"U Dw T E G B", "B G E T Dw U"}},
		{"de", []string{"U Z T E G B", "B G E T Z U"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			for _, k := range []printout.Kind{printout.Reference, printout.Cards} {
				pdf := write(t, g, printout.Options{Kind: k, Lang: tt.lang})
				text := squash(string(run(t, pdf, "pdftotext", "-layout")))
				for _, w := range tt.want {
					if !strings.Contains(text, w) {
						t.Errorf("%s: the text lacks the letters %q", k, w)
					}
				}
			}
		})
	}
}
