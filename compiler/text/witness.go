package text

import "math"

// Residual predicts how far a translated sentence's length lies from what
// the calibration expects (its delta) from two witnesses that do not
// depend on the sentence itself: how far the other translation of the
// same source sentence lies from its own calibration (a source sentence
// that comes out long in one language mostly does in another), and how
// far the other sentences of the same message lie (a translator writes a
// message more or less fully). It is learnt from the game's own texts;
// the zero Residual predicts nothing. The spread around the prediction is
// left at one standard deviation: the deltas it is fitted on are trimmed,
// and the tails of a faithful translation's lengths are heavier than
// that trimmed fit shows.
type Residual struct {
	Sib, Msg float64 // the weight of each witness
	N        int     // the sentence pairs it was measured on
}

// Witness is a translated document with its source and, when the game
// has one, another translation of that source: the alignments of the
// source with each (Align).
type Witness struct {
	A, B, S *Doc
	AB, AS  []Pair
}

// residualMin is how many sentence pairs a Residual needs to be learnt.
const residualMin = 30

// residualCap bounds the witnesses' deltas: a witness far off is more
// likely wrong itself than a guide.
const residualCap = 3.0

// oneToOne returns, for each sentence of a aligned one to one and long
// enough to judge, the index of its counterpart in b.
func oneToOne(a *Doc, pairs []Pair) map[int]int {
	out := map[int]int{}
	for _, p := range pairs {
		if len(p.A) == 1 && len(p.B) == 1 && a.Len(a.Sentences[p.A[0]].Span) >= lengthMin {
			out[p.A[0]] = p.B[0]
		}
	}
	return out
}

// messageDelta returns the mean delta of the sentences of b aligned one
// to one with a, but those of source sentences skip, shrunk towards 0 by
// one sentence's worth: the message's own witness.
func messageDelta(a, b *Doc, pairs []Pair, c Calibration, skip []int) float64 {
	sum, n := 0.0, 0
	for _, p := range pairs {
		if len(p.A) != 1 || len(p.B) != 1 || containsInt(skip, p.A[0]) || a.Len(a.Sentences[p.A[0]].Span) < lengthMin {
			continue
		}
		sum += capped(c.Delta(a, a.Sentences[p.A[0]].Span, b, b.Sentences[p.B[0]].Span))
		n++
	}
	return sum / float64(n+1)
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func capped(d float64) float64 { return max(min(d, residualCap), -residualCap) }

// sibDelta returns the delta of the sibling's translation of sentences sa
// of a, and whether the sibling aligns them alone.
func (sib *Sibling) sibDelta(a *Doc, sa []int) (float64, bool) {
	if sib == nil || sib.Cal.Ratio == 0 {
		return 0, false
	}
	us := within(sib.FromSource, sa, true)
	if len(us) == 0 {
		return 0, false
	}
	sp := Span{a.Sentences[sa[0]].Lo, a.Sentences[sa[len(sa)-1]].Hi}
	su := Span{sib.Doc.Sentences[us[0]].Lo, sib.Doc.Sentences[us[len(us)-1]].Hi}
	return capped(sib.Cal.Delta(a, sp, sib.Doc, su)), true
}

// LearnResidual fits a Residual, by least squares, on the sentences of
// the witnesses aligned one to one with their source in both
// translations: cb calibrates the source against B, cs against S.
func LearnResidual(ws []Witness, cb, cs Calibration) Residual {
	var xs [][2]float64
	var ys []float64
	for _, w := range ws {
		ab := oneToOne(w.A, w.AB)
		var as map[int]int
		if w.S != nil {
			as = oneToOne(w.A, w.AS)
		}
		for i, j := range ab {
			d := cb.Delta(w.A, w.A.Sentences[i].Span, w.B, w.B.Sentences[j].Span)
			if math.Abs(d) > residualCap {
				continue
			}
			ds := 0.0
			if k, ok := as[i]; ok {
				ds = capped(cs.Delta(w.A, w.A.Sentences[i].Span, w.S, w.S.Sentences[k].Span))
			}
			xs = append(xs, [2]float64{ds, messageDelta(w.A, w.B, w.AB, cb, []int{i})})
			ys = append(ys, d)
		}
	}
	if len(xs) < residualMin {
		return Residual{}
	}
	// The normal equations of two weights, no intercept: the
	// calibration centres the deltas already.
	var s00, s01, s11, t0, t1 float64
	for k, x := range xs {
		s00, s01, s11 = s00+x[0]*x[0], s01+x[0]*x[1], s11+x[1]*x[1]
		t0, t1 = t0+x[0]*ys[k], t1+x[1]*ys[k]
	}
	det := s00*s11 - s01*s01
	if det <= 0 {
		return Residual{}
	}
	return Residual{Sib: (t0*s11 - t1*s01) / det, Msg: (t1*s00 - t0*s01) / det, N: len(xs)}
}

// expect returns the delta the witnesses lead to expect: ds, the
// sibling's, and dm, the message's (messageDelta).
func (r Residual) expect(ds, dm float64) float64 { return r.Sib*ds + r.Msg*dm }
