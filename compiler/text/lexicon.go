package text

import (
	"slices"
	"unicode/utf8"
)

// Lexicon is what a game's own translations say about which words
// translate which: for each source word, the translated words it occurs
// with in aligned sentence pairs, measured by Dice's coefficient. It
// learns from the texts it checks, so each pair is judged as if it were
// left out: its own co-occurrences are taken away.
type Lexicon struct {
	freqA, freqB map[string]int
	cooc         map[string]map[string]int
	// cands holds, for each source word, the translated words that may
	// reach lexDice once a pair is left out, sorted.
	cands map[string][]string
}

// Thresholds of the lexicon: how strongly two words must go together to
// be a translation, and how often a source word must occur elsewhere to
// have a known translation at all.
const (
	lexDice  = 0.5
	lexCover = 0.3
	lexFreq  = 2
)

// stem cuts a folded content word to its first letters: enough to see
// "défausser" and "défaussez", "Karte" and "Karten" as one word.
func stem(w string) string {
	if utf8.RuneCountInString(w) <= 5 {
		return w
	}
	return string([]rune(w)[:5])
}

// stems returns the distinct stems of the content words of a span.
func stems(d *Doc, sp Span) []string {
	var out []string
	for i := sp.Lo; i < sp.Hi; i++ {
		t := &d.Tokens[i]
		if t.Kind != Word || !d.Vocab.Lang.Content(t.Norm) {
			continue
		}
		if s := stem(t.Norm); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Learn counts the words of the sentence pairs a translation and its
// source align one to one; aligns holds each document pair's alignment
// (Align), or is nil to have them aligned with c.
func Learn(pairs [][2]*Doc, aligns [][]Pair, c Calibration) *Lexicon {
	lx := &Lexicon{freqA: map[string]int{}, freqB: map[string]int{}, cooc: map[string]map[string]int{}}
	for k, p := range pairs {
		a, b := p[0], p[1]
		var al []Pair
		if aligns != nil {
			al = aligns[k]
		} else {
			al = Align(a, b, c)
		}
		for _, al := range al {
			if len(al.A) != 1 || len(al.B) != 1 {
				continue
			}
			sa, sb := stems(a, a.Sentences[al.A[0]].Span), stems(b, b.Sentences[al.B[0]].Span)
			for _, e := range sa {
				lx.freqA[e]++
				m := lx.cooc[e]
				if m == nil {
					m = map[string]int{}
					lx.cooc[e] = m
				}
				for _, f := range sb {
					m[f]++
				}
			}
			for _, f := range sb {
				lx.freqB[f]++
			}
		}
	}
	// Leaving a pair out moves a coefficient by little: only words whose
	// coefficient over all pairs is near the threshold are candidates.
	lx.cands = map[string][]string{}
	for e, m := range lx.cooc {
		for f, c := range m {
			if 2*float64(c)/float64(lx.freqA[e]+lx.freqB[f]) >= lexDice-0.2 {
				lx.cands[e] = append(lx.cands[e], f)
			}
		}
		slices.Sort(lx.cands[e])
	}
	return lx
}

// dice is Dice's coefficient of e and f with the pair being judged left
// out: in it, e occurs, and f occurs when inPair.
func (lx *Lexicon) dice(e, f string, inPair bool) float64 {
	c, fa, fb := lx.cooc[e][f], lx.freqA[e]-1, lx.freqB[f]
	if inPair {
		c, fb = c-1, fb-1
	}
	if c <= 0 || fa+fb <= 0 {
		return 0
	}
	return 2 * float64(c) / float64(fa+fb)
}

// known reports whether a source word has a translation the other pairs
// agree on, and what it is.
func (lx *Lexicon) known(e string, inB []string) bool {
	if lx.freqA[e]-1 < lexFreq {
		return false
	}
	for _, f := range lx.cands[e] {
		if lx.dice(e, f, slices.Contains(inB, f)) >= lexDice {
			return true
		}
	}
	return false
}

// covered reports whether a source word has a translation among the words
// of a translated sentence, or is written the same there (a name).
func (lx *Lexicon) covered(e string, inB []string) bool {
	for _, f := range inB {
		if f == e || lx.dice(e, f, true) >= lexCover {
			return true
		}
	}
	return false
}

// Missing returns the clause of source sentence span sa whose words, each
// with a known translation, all lack one in the translated span sb, while
// the rest of the sentence has its translations: a clause dropped.
//
// short says the translated sentence is already somewhat shorter than
// expected: then two such words are enough, else three.
func (lx *Lexicon) Missing(a *Doc, sent *Sentence, b *Doc, sb Span, short bool) (Span, bool) {
	if lx == nil {
		return Span{}, false
	}
	inB := stems(b, sb)
	total, cov := 0, 0
	type clause struct {
		sp             Span
		known, covered int
	}
	var cs []clause
	for _, c := range sent.Clauses {
		x := clause{sp: c}
		for _, e := range stems(a, c) {
			if !lx.known(e, inB) {
				continue
			}
			x.known++
			if lx.covered(e, inB) {
				x.covered++
			}
		}
		total += x.known
		cov += x.covered
		cs = append(cs, x)
	}
	for _, x := range cs {
		rest, restCov := total-x.known, cov-x.covered
		need := 3
		if short {
			need = 2
		}
		if x.known >= need && x.covered == 0 && rest >= 2 && 2*restCov >= rest {
			return x.sp, true
		}
	}
	return Span{}, false
}
