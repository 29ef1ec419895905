package text

import (
	"fmt"
	"testing"
)

// movedCorpus teaches coins, gems and shells, drawn, discarded and kept, in English,
// French and German, each sentence with a number before what it counts.
func movedCorpus() (en, fr, de []string) {
	type thing struct{ en, fr, de string }
	things := []thing{{"coins", "pièces", "Münzen"}, {"gems", "gemmes", "Edelsteine"}, {"shells", "coquillages", "Muscheln"}}
	for k, x := range things {
		y := things[(k+1)%len(things)]
		for _, n := range []int{2, 3} {
			en = append(en, fmt.Sprintf("The player draws %d %s and discards %s.", n, x.en, y.en))
			fr = append(fr, fmt.Sprintf("Le joueur pioche %d %s et défausse des %s.", n, x.fr, y.fr))
			de = append(de, fmt.Sprintf("Der Spieler zieht %d %s und wirft %s ab.", n, x.de, y.de))
			en = append(en, fmt.Sprintf("In the morning, the player keeps %d %s.", n, x.en))
			fr = append(fr, fmt.Sprintf("Le matin, le joueur garde %d %s.", n, x.fr))
			de = append(de, fmt.Sprintf("Am Morgen behält der Spieler %d %s.", n, x.de))
		}
	}
	return en, fr, de
}

// TestNumberMoved finds a number moved away from what its source counts
// to another thing of its sentence, or from the word before it when it
// ends its clause, and leaves alone a number said in another order, and
// one where another translation stands the number where this one does.
func TestNumberMoved(t *testing.T) {
	vEN, vFR, vDE := vocab(t, "en"), vocab(t, "fr"), vocab(t, "de")
	corpusEN, corpusFR, corpusDE := movedCorpus()
	src := "The player draws 2 coins and discards gems."
	tests := []struct {
		name, src, dst string
		sib            string // the German sibling; "" for none
		want           string // "source word → translation" of the finding, "" for none
	}{
		{"faithful", src, "Le joueur pioche 2 pièces et défausse des gemmes.", "", ""},
		{"moved", src, "Le joueur pioche des pièces et défausse 2 gemmes.", "", "coins → pièces"},
		{"moved, the sibling faithful", src, "Le joueur pioche des pièces et défausse 2 gemmes.", "Der Spieler zieht 2 Münzen und wirft Edelsteine ab.", "coins → pièces"},
		{"moved as the sibling says", src, "Le joueur pioche des pièces et défausse 2 gemmes.", "Der Spieler zieht Münzen und wirft 2 Edelsteine ab.", ""},
		{"last in its clause", "In the morning, the player keeps 3.", "Le matin, le joueur en garde 3.", "", ""},
		{"last in its clause, moved", "In the morning, the player keeps 3.", "Le matin, le joueur 3 garde.", "", "keeps → garde"},
		// "2" counts no word of the source: the translation may name what
		// it counts, and say it in another order.
		{"in another order", "The player discards shells and draws 2 for each coin.", "Le joueur défausse et pioche pour chaque pièce 2 coquillages.", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := read(vEN, tc.src), read(vFR, tc.dst)
			var pairs, sibPairs [][2]*Doc
			for k := range corpusEN {
				pairs = append(pairs, [2]*Doc{read(vEN, corpusEN[k]), read(vFR, corpusFR[k])})
				sibPairs = append(sibPairs, [2]*Doc{read(vDE, corpusDE[k]), read(vFR, corpusFR[k])})
			}
			c := DefaultCalibration()
			c.Lexicon = Learn(append(pairs, [2]*Doc{a, b}), nil, c)
			one := []Pair{{A: []int{0}, B: []int{0}}}
			var sib *Sibling
			if tc.sib != "" {
				sd := read(vDE, tc.sib)
				sib = &Sibling{Doc: sd, FromSource: one, ToB: one, Lexicon: Learn(append(sibPairs, [2]*Doc{sd, b}), nil, c)}
			}
			got := ""
			for _, d := range CompareWith(a, b, one, c, false, sib) {
				if d.Kind == DiffBound {
					got = d.Concept + " → " + d.Other
				}
			}
			if got != tc.want {
				t.Errorf("number moved: %q; want %q", got, tc.want)
			}
		})
	}
}

// TestNumberMovedOneLanguage finds a number moved between two texts of
// one language (a rulebook and the rules) with no lexicon, a word being
// its own translation; a word left out is no number moved.
func TestNumberMovedOneLanguage(t *testing.T) {
	en := vocab(t, "en")
	a := read(en, "Take the fields and place one of the 4 fields by your board.")
	tests := []struct {
		name, dst string
		want      string
	}{
		{"same", "Take the fields and place one of the 4 fields by your board.", ""},
		{"moved", "Take the fields and place one of the fields by your 4 board.", "fields → fields"},
		{"word left out", "Take the fields and place one of the 4 by your board.", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := read(en, tc.dst)
			got := ""
			for _, d := range Compare(a, b, []Pair{{A: []int{0}, B: []int{0}}}, DefaultCalibration(), false) {
				if d.Kind == DiffBound {
					got = d.Concept + " → " + d.Other
				}
			}
			if got != tc.want {
				t.Errorf("number moved: %q; want %q", got, tc.want)
			}
		})
	}
}
