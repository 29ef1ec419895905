package text

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// sentenceOf returns a sentence of about n characters.
func sentenceOf(n int) string {
	w := strings.Repeat("abcd ", max(n/5, 1))
	return strings.TrimSpace(w) + "."
}

// witnesses makes documents of five sentences each whose translations'
// log length ratios follow a per-sentence noise: the sibling's by rho of
// the same noise, the rest its own.
func witnesses(t *testing.T, docs int, rho float64) []Witness {
	v := vocab(t, "en")
	r := rand.New(rand.NewPCG(1, 2))
	var ws []Witness
	for range docs {
		var a, b, s []string
		for range 5 {
			n := 60 + r.IntN(120)
			z, u := r.NormFloat64(), r.NormFloat64()
			a = append(a, sentenceOf(n))
			b = append(b, sentenceOf(int(float64(n)*math.Exp(0.15*z))))
			s = append(s, sentenceOf(int(float64(n)*math.Exp(0.15*(rho*z+math.Sqrt(1-rho*rho)*u)))))
		}
		w := Witness{
			A: v.Read(strings.Join(a, " "), Options{}),
			B: v.Read(strings.Join(b, " "), Options{}),
			S: v.Read(strings.Join(s, " "), Options{}),
		}
		for k := range 5 {
			w.AB = append(w.AB, Pair{A: []int{k}, B: []int{k}})
			w.AS = append(w.AS, Pair{A: []int{k}, B: []int{k}})
		}
		ws = append(ws, w)
	}
	return ws
}

// TestLearnResidual learns how much a sibling translation's length tells
// of a translation's: much when the two follow the source alike, nothing
// when they do not, and nothing from too few sentences.
func TestLearnResidual(t *testing.T) {
	c := Calibration{Ratio: 1, Spread: 0.02, Short: 0.01}
	tests := []struct {
		name     string
		docs     int
		rho      float64
		min, max float64 // the sibling's weight
	}{
		{"correlated", 40, 0.9, 0.6, 1.2},
		{"independent", 40, 0, -0.2, 0.2},
		{"too few", 4, 0.9, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := LearnResidual(witnesses(t, tc.docs, tc.rho), c, c)
			if r.Sib < tc.min || r.Sib > tc.max {
				t.Errorf("LearnResidual(rho %.1f).Sib = %.2f; want %.1f to %.1f (%+v)", tc.rho, r.Sib, tc.min, tc.max, r)
			}
			if math.Abs(r.Msg) > 0.3 {
				t.Errorf("LearnResidual.Msg = %.2f; want about 0: the sentences of a message are independent", r.Msg)
			}
		})
	}
}

// TestMessageDelta is the mean delta of a message's other sentences,
// shrunk by one sentence's worth.
func TestMessageDelta(t *testing.T) {
	v := vocab(t, "en")
	a := v.Read(strings.Join([]string{sentenceOf(100), sentenceOf(100), sentenceOf(100), sentenceOf(10)}, " "), Options{})
	b := v.Read(strings.Join([]string{sentenceOf(150), sentenceOf(150), sentenceOf(60), sentenceOf(10)}, " "), Options{})
	c := Calibration{Ratio: 1, Spread: 0.04, Short: 0.01}
	var pairs []Pair
	for k := range 4 {
		pairs = append(pairs, Pair{A: []int{k}, B: []int{k}})
	}
	long := c.Delta(a, a.Sentences[0].Span, b, b.Sentences[0].Span)
	tests := []struct {
		skip []int
		want float64
	}{
		{[]int{2}, 2 * long / 3}, // the short sentence judged: its two long neighbours witness
		{[]int{0, 1, 2}, 0},      // no other sentence long enough to judge
	}
	for _, tc := range tests {
		if got := messageDelta(a, b, pairs, c, tc.skip); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("messageDelta(skip %v) = %.3f; want %.3f", tc.skip, got, tc.want)
		}
	}
	if r := (Residual{Sib: 0.5, Msg: 0.25}); r.expect(2, 4) != 2 {
		t.Errorf("expect(2, 4) = %.2f; want 2", r.expect(2, 4))
	}
}

// TestDroppedExpected weighs a translation's length against what the
// witnesses expect: a translation that should be long and is not is the
// likelier to have lost a clause.
func TestDroppedExpected(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	read := func(v *Vocab, s string) *Doc { return v.Read(s, Options{LineBreaks: true}) }
	var pairs [][2]*Doc
	for _, p := range lexiconCorpus() {
		pairs = append(pairs, [2]*Doc{read(en, p[0]), read(fr, p[1])})
	}
	src := read(en, "Pass the die to the left, then the starting player shuffles the deck.")
	cut := read(fr, "Passez le dé à gauche.")
	pairs = append(pairs, [2]*Doc{src, cut})
	c := DefaultCalibration()
	lx := Learn(pairs, nil, c)
	_, plain := lx.dropped(src, &src.Sentences[0], cut, cut.Sentences[0].Span, c, 0)
	_, long := lx.dropped(src, &src.Sentences[0], cut, cut.Sentences[0].Span, c, 1)
	if long <= plain {
		t.Errorf("dropped, expected 1 deviation long, = %.2f; want more than expected as calibrated, %.2f", long, plain)
	}
}

// TestWeightsUnlearnt weighs a span the lexicon did not learn from (as
// sentences joined): a unit every learnt pair covers, missing there, has
// a finite weight.
func TestWeightsUnlearnt(t *testing.T) {
	en, fr := vocab(t, "en"), vocab(t, "fr")
	read := func(v *Vocab, s string) *Doc { return v.Read(s, Options{LineBreaks: true}) }
	var pairs [][2]*Doc
	for _, p := range lexiconCorpus() {
		pairs = append(pairs, [2]*Doc{read(en, p[0]), read(fr, p[1])})
	}
	lx := Learn(pairs, nil, DefaultCalibration())
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
	read := func(v *Vocab, s string) *Doc { return v.Read(s, Options{LineBreaks: true}) }
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
	if all := sib.evidence([]int{0}, b, []int{0}); all != there {
		t.Errorf("evidence of the sentence %.2f; want that of its clause lacking, %.2f", all, there)
	}
}
