package text

import (
	"maps"
	"math"
	"slices"
	"sync"
)

// A word put for another is the open-class counterpart of a contrast: the
// translation has a word the game's own texts always pair with a source
// word, with none such in this source sentence, where the source has a
// word they always translate, with no translation here. "Joue" where the
// source has "scores", when the game writes "marque" for "scores" and
// "joue" only for "plays".

// replacedLimit is the chance below which a source word untranslated,
// facing a translated word unaccounted for, tells a word put for another:
// measured on the shipped texts, where no higher limit leaves them
// without a false alarm.
// replacedLimit is the chance under which a word put for another is
// reported: the highest that leaves the shipped texts with no finding,
// where they are checked against a source and a sibling.
const replacedLimit = 1e-5

// replacedFreq is how many other pairs at least must have a word for its
// habits to tell a word put for another.
const replacedFreq = 3

// replacedNear is how far, as a share of the translated sentence, a word
// put for another may stand from where its source word would be.
const replacedNear = 0.3

// translation returns the word the lexicon knows best as the translation
// of source word e, the other pairs agreeing; "" for none.
func (lx *Lexicon) translation(e string, inB []string) string {
	out, top := "", lexDice
	for _, f := range lx.cands[e] {
		if d := lx.dice(e, f, slices.Contains(inB, f)); d >= top {
			out, top = f, d
		}
	}
	return out
}

// pairTies tells, in one pair whose stems are inA and inB, whether
// translated word f translates source word e: the same word, or each the
// other's best at lexDice or more. A word of every sentence ("player")
// goes with every other often enough; only the best tells a translation.
// Each word's best is remembered.
type pairTies struct {
	lx       *Lexicon
	inA, inB []string
	tr, or   map[string]string
}

func (lx *Lexicon) pairTies(inA, inB []string) *pairTies {
	return &pairTies{lx: lx, inA: inA, inB: inB, tr: map[string]string{}, or: map[string]string{}}
}

// translation is the lexicon's translation of e, in the pair.
func (p *pairTies) translation(e string) string {
	tr, ok := p.tr[e]
	if !ok {
		tr = p.lx.translation(e, p.inB)
		p.tr[e] = tr
	}
	return tr
}

func (p *pairTies) ties(e, f string) bool {
	if f == e {
		return true
	}
	if p.lx.dice(e, f, true) < lexDice {
		return false
	}
	if p.translation(e) == f {
		return true
	}
	or, ok := p.or[f]
	if !ok {
		or = p.lx.origin(f, p.inA)
		p.or[f] = or
	}
	return or == e
}

// origin returns the source word that translated word f goes with most,
// at lexDice or more, in a pair whose source stems are inA; "" for none.
func (lx *Lexicon) origin(f string, inA []string) string {
	out, top := "", lexDice
	for _, e := range lx.candsB[f] {
		if d := lx.diceIn(e, f, slices.Contains(inA, e), true); d >= top {
			out, top = e, d
		}
	}
	return out
}

// habits are how often, over the pairs learnt from, each word does its
// work: a source word translated, a translated word accounted for by its
// source. Few words are ever asked about, so each is counted when first
// asked, once for all.
type habits struct {
	mu          sync.Mutex
	trans, expl map[string]int
}

// translated returns how many pairs learnt from translate source word e.
func (lx *Lexicon) translated(e string) int {
	return lx.habit(e, true)
}

// accounted returns how many pairs learnt from account for translated
// word f by a word of their source.
func (lx *Lexicon) accounted(f string) int {
	return lx.habit(f, false)
}

func (lx *Lexicon) habit(w string, source bool) int {
	h := lx.habits
	h.mu.Lock()
	defer h.mu.Unlock()
	memo, pairs := h.expl, lx.pairsB[w]
	if source {
		memo, pairs = h.trans, lx.pairsA[w]
	}
	if n, ok := memo[w]; ok {
		return n
	}
	// Each pair as it was learnt from: with itself left out.
	v := *lx
	v.out = 1
	n := 0
	for _, k := range pairs {
		inA, inB := lx.habitPairs[k][0], lx.habitPairs[k][1]
		pt := v.pairTies(inA, inB)
		if source && v.served(w, once(inB), v.cands[w], pt, func(f string) (string, string) { return w, f }) > 0 ||
			!source && v.served(w, once(inA), v.candsB[w], pt, func(e string) (string, string) { return e, w }) > 0 {
			n++
		}
	}
	memo[w] = n
	return n
}

// once counts each word of a list once.
func once(ws []string) map[string]int {
	n := make(map[string]int, len(ws))
	for _, w := range ws {
		n[w] = 1
	}
	return n
}

// served returns how many words of the other side (count, by stem) do
// word w's work: the same word, or one of its candidates (cands) the
// lexicon ties to it; pair orders w and a word of the other side as
// source and translation.
func (lx *Lexicon) served(w string, count map[string]int, cands []string, pt *pairTies, pair func(string) (string, string)) int {
	n := count[w]
	for _, o := range cands {
		if c := count[o]; c > 0 && o != w {
			if e, f := pair(o); pt.ties(e, f) {
				n += c
			}
		}
	}
	return n
}

// rate is the log of how often, with the judged pair left out, a word
// fails to do what it does in hit of its n pairs, smoothed.
func rate(n, hit int) float64 {
	return math.Log((float64(max(n-hit, 0)) + 0.5) / float64(n+1))
}

// putFor is a translated word that may be put for a source word: the
// tokens of each, and the log of the chance of both by chance.
type putFor struct {
	a, b int
	cost float64
}

// suspects are the translated words of a pair that may be put for a
// source word: for each, the source words it may be put for.
type suspects struct {
	lx   *Lexicon // as it judges the pair
	a, b *Doc
	near map[int][]int
}

// suspects returns the translated words of sb that may be put for a word
// of sa: a source word with a known translation, untranslated here,
// facing a translated word its source does not account for here, near
// where the source word would be. How likely that is by chance is left
// to cost: few words are suspects of both sources.
func (lx *Lexicon) suspects(a *Doc, sa Span, b *Doc, sb Span) *suspects {
	lx = lx.judging(a, sa, b, sb)
	// The stems of each side (see stems), with how often each occurs.
	count := func(d *Doc, sp Span) map[string]int {
		n := map[string]int{}
		for i := sp.Lo; i < sp.Hi; i++ {
			if t := &d.Tokens[i]; t.Kind == Word && d.Vocab.Lang.Content(t.Norm) {
				// A compound counts for each word it ends with too:
				// "Drachenschlacht" is a "Schlacht".
				for _, s := range lx.addStems(nil, d, t.Norm) {
					n[s]++
				}
			}
		}
		return n
	}
	countA, countB := count(a, sa), count(b, sb)
	inA, inB := slices.Collect(maps.Keys(countA)), slices.Collect(maps.Keys(countB))
	pt := lx.pairTies(inA, inB)
	var lost []int
	for i := sa.Lo; i < sa.Hi; i++ {
		t := &a.Tokens[i]
		if t.Kind != Word || !a.Vocab.Lang.Content(t.Norm) || lx.names[t.Text] {
			continue
		}
		e := Stem(t.Norm)
		if lx.freqA[e]-lx.out < replacedFreq {
			continue
		}
		// A source word written twice needs two translations.
		if tr := pt.translation(e); tr == "" || countA[e] == 1 && countB[tr] > 0 || lx.served(e, countB, lx.cands[e], pt, func(f string) (string, string) { return e, f }) >= countA[e] {
			continue
		}
		lost = append(lost, i)
	}
	if len(lost) == 0 {
		return nil
	}
	x, y := side{d: a, span: sa}, side{d: b, span: sb}
	mentioned := mentionTokens(b, sb)
	out := &suspects{lx: lx, a: a, b: b, near: map[int][]int{}}
	for i := sb.Lo; i < sb.Hi; i++ {
		t := &b.Tokens[i]
		if t.Kind != Word || mentioned[i] || !b.Vocab.Lang.Content(t.Norm) || lx.names[t.Text] {
			continue
		}
		f := Stem(t.Norm)
		if lx.freqB[f]-lx.out < replacedFreq || lx.served(f, countA, lx.candsB[f], pt, func(e string) (string, string) { return e, f }) >= countB[f] {
			continue
		}
		for _, j := range lost {
			if float64(abs(at(x, j, y)-i)) <= replacedNear*float64(sb.Hi-sb.Lo) {
				out.near[i] = append(out.near[i], j)
			}
		}
	}
	return out
}

// cost returns the likeliest source word translated word i was put for,
// and the log of the chance of both by chance: how often the other pairs
// leave the source word untranslated, times how often they write the
// translated word with nothing in their source to account for it.
func (s *suspects) cost(i int) putFor {
	lx := s.lx
	f := Stem(s.b.Tokens[i].Norm)
	stray := rate(lx.freqB[f]-lx.out, lx.accounted(f))
	best := putFor{a: -1, b: i}
	for _, j := range s.near[i] {
		e := Stem(s.a.Tokens[j].Norm)
		if c := stray + rate(lx.freqA[e]-lx.out, lx.translated(e)); best.a < 0 || c < best.cost {
			best.a, best.cost = j, c
		}
	}
	return best
}

// Replaced returns the word put for another in a pair of sentences
// aligned one to one, pa of a and pb of b, if there is one: a Diff whose
// B is the translated word and A the source word it was put for.
// Concept is the source word the translated word goes with elsewhere, if
// the lexicon knows one, and Other the translation it knows for A's
// word, both as the texts write them.
//
// The sibling, when it has one sentence for the pair, is a second
// source: a word put for another faces a word of each, where a
// translation that words a sentence its own way often words it as the
// sibling does. The chance of all by chance must be under replacedLimit.
func (lx *Lexicon) Replaced(a *Doc, pa int, b *Doc, pb int, sib *Sibling) []Diff {
	if lx == nil || lx.habits == nil {
		return nil
	}
	sa, sb := a.Sentences[pa].Span, b.Sentences[pb].Span
	sus := lx.suspects(a, sa, b, sb)
	if sus == nil || len(sus.near) == 0 {
		return nil
	}
	var more *suspects
	if sib != nil && sib.Lexicon != nil && sib.Lexicon.habits != nil {
		if us := sib.between([]int{pa}, []int{pb}); len(us) == 1 {
			if more = sib.Lexicon.suspects(sib.Doc, sib.Doc.Sentences[us[0]].Span, b, sb); more == nil {
				return nil
			}
		}
	}
	best, top := putFor{a: -1}, math.Log(replacedLimit)
	for _, i := range slices.Sorted(maps.Keys(sus.near)) {
		if more != nil && len(more.near[i]) == 0 {
			continue
		}
		c := sus.cost(i)
		if more != nil {
			c.cost += more.cost(i).cost
		}
		if c.cost < top {
			best, top = c, c.cost
		}
	}
	if best.a < 0 {
		return nil
	}
	lx = lx.judging(a, sa, b, sb)
	inA, inB := lx.stems(a, sa), lx.stems(b, sb)
	quote := func(m map[string]string, s string) string {
		if w, ok := m[s]; ok {
			return w
		}
		return s
	}
	from := lx.origin(Stem(b.Tokens[best.b].Norm), inA)
	return []Diff{{Kind: DiffWord, A: Span{best.a, best.a + 1}, B: Span{best.b, best.b + 1}, Concept: quote(lx.surfA, from), Other: quote(lx.surfB, lx.translation(Stem(a.Tokens[best.a].Norm), inB))}}
}

// diceIn is Dice's coefficient of e and f with the pair being judged left
// out: eIn and fIn say whether each occurs in it.
func (lx *Lexicon) diceIn(e, f string, eIn, fIn bool) float64 {
	c, fa, fb := lx.cooc[e][f], lx.freqA[e], lx.freqB[f]
	if eIn {
		fa -= lx.out
	}
	if fIn {
		fb -= lx.out
	}
	if eIn && fIn {
		c -= lx.out
	}
	if c <= 0 || fa+fb <= 0 {
		return 0
	}
	return 2 * float64(c) / float64(fa+fb)
}
