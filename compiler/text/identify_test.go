package text

import (
	"strings"
	"testing"
)

// TestForeignSentence: a sentence left in another language is told by its
// closed-class words; sentences of the text's own language are not, nor
// are short ones, nor sentences that borrow a word or a name.
func TestForeignSentence(t *testing.T) {
	var known []*Language
	for _, tag := range Languages() {
		known = append(known, lang(t, tag))
	}
	tests := []struct {
		lang, text string
		want       []string // per sentence, the language it reads as, "" for its own
	}{
		{"fr", "Piochez une carte. The discard pile is never shuffled again.", []string{"", "en"}},
		{"fr", "Le joueur avec le plus de points gagne. Der Spieler mit den meisten Punkten gewinnt.", []string{"", "de"}},
		{"de", "Zieht eine Karte. Le joueur avec le plus de points gagne la partie.", []string{"", "fr"}},
		{"en", "Draw a card. Der Spieler mit den meisten Punkten gewinnt.", []string{"", "de"}},
		// Its own language, and borrowed words or names.
		{"fr", "Posez la carte sur le Goblin Bar, face visible.", []string{""}},
		{"de", "Die Schiffe dreier Flotten sind in der Auslage.", []string{""}},
		{"fr", "Piochez jusqu’à avoir 5 cartes en main.", []string{""}},
		{"en", "A wizard of the Guild of Maldorf is on the card.", []string{""}},
		// Too short, or with too few of the other language's words.
		{"fr", "The end.", []string{""}},
		{"fr", "Le deck est vide.", []string{""}},
	}
	for _, tt := range tests {
		d := read(vocab(t, tt.lang), tt.text)
		var got []string
		for i := range d.Sentences {
			l := d.ForeignSentence(i, known)
			if l == nil {
				got = append(got, "")
			} else {
				got = append(got, l.Tag)
			}
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s %q: sentences read as %q, want %q", tt.lang, tt.text, got, tt.want)
		}
	}
}

// TestGuess: the language whose stopwords make the largest share.
func TestGuess(t *testing.T) {
	en, fr := lang(t, "en"), lang(t, "fr")
	tests := []struct {
		text  string
		best  string
		share float64
	}{
		{"the rules of the game", "en", 0.6},
		{"la regle du jeu de la partie", "fr", 4.0 / 7},
		{"xyz qrs", "", 0},
		{"", "", 0},
	}
	for _, tt := range tests {
		best, share := Guess(strings.Fields(tt.text), []*Language{en, fr})
		tag := ""
		if best != nil {
			tag = best.Tag
		}
		if tag != tt.best || share < tt.share-1e-9 || share > tt.share+1e-9 {
			t.Errorf("Guess(%q) = %q, %.2f; want %q, %.2f", tt.text, tag, share, tt.best, tt.share)
		}
	}
}
