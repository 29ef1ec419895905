package text

import (
	"math"
	"testing"
)

// TestWeightsUnlearnt weighs a span the lexicon did not learn from (as
// sentences joined): a unit every learnt pair covers, missing there, has
// a finite weight.
func TestWeightsUnlearnt(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	lx := learnt(t, "en", "fr", lexiconCorpus())
	a := read(en, "The starting player shuffles the deck and passes the die to the left.")
	b := read(fr, "Passez le dé à gauche.")
	us, w, _, _, _ := lx.weights(a, a.Sentences[0].Span, b, b.Sentences[0].Span)
	for k, u := range us {
		if math.IsNaN(w[k]) || math.IsInf(w[k], 0) {
			t.Errorf("weight of %q = %v; want a finite number", a.Tokens[u.tok].Text, w[k])
		}
	}
	if _, score := lx.Dropped(a, &a.Sentences[0], b, b.Sentences[0].Span, DefaultCalibration()); math.IsNaN(score) {
		t.Errorf("Dropped = NaN")
	}
}

// TestEvidenceAt takes the sibling's evidence of the clause where the
// source's dropped clause stands, not of another.
func TestEvidenceAt(t *testing.T) {
	fr := vocab(t, "fr")
	var pairs [][2]*Doc
	for _, p := range lexiconCorpus() {
		pairs = append(pairs, [2]*Doc{read(fr, p[1]), read(fr, p[1])})
	}
	sd := read(fr, "Passez le dé à gauche, puis le premier joueur mélange le paquet.")
	b := read(fr, "Passez le dé à gauche.")
	pairs = append(pairs, [2]*Doc{sd, b})
	one := []Pair{{A: []int{0}, B: []int{0}}}
	sib := &Sibling{Doc: sd, FromSource: one, ToB: one, Lexicon: Learn(pairs, nil, DefaultCalibration())}
	there := sib.evidenceAt([]int{0}, b, []int{0}, 0.5, 1)
	elsewhere := sib.evidenceAt([]int{0}, b, []int{0}, 0, 0.2)
	if there <= elsewhere {
		t.Errorf("evidence of the second clause %.2f; want more than of the first, %.2f", there, elsewhere)
	}
	if all := sib.evidenceAt([]int{0}, b, []int{0}, 0, 1); all != there {
		t.Errorf("evidence of the sentence %.2f; want that of its clause lacking, %.2f", all, there)
	}
}
