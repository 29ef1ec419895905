package text

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"
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
	// candsB holds, for each translated word, the source words it is
	// a candidate of, sorted.
	candsB map[string][]string
	// surfA and surfB hold, for each stem, a word of the texts with it,
	// as they write it, to quote: the first in alphabetical order.
	surfA, surfB map[string]string
	// habits holds the stems of each pair learnt from, and the pairs
	// of each stem, for the habits of a word (see Replaced).
	habitPairs     [][2][]string
	pairsA, pairsB map[string][]int32
	habits         *habits
	// seen and hit count, for each unit (see units), the pairs it occurs
	// in and those whose translation has it.
	seen, hit map[string]int
	rate      float64 // the share of all units covered
	// marks counts the pairs by how many more clause marks the source
	// sentence has than its translation.
	marks map[int]int
	pairs int
	// alone holds the stems of the words the texts use alone, which
	// may end a compound.
	alone map[string]bool
	// names holds the names of the game: words both its sources and its
	// translations capitalise inside a sentence (see capitalised).
	names map[string]bool
	// learnt holds the sentence pairs learnt from; out is 1 where the
	// pair being judged is one of them, whose counts are taken away, and
	// 0 for any other (see judging).
	learnt map[learntPair]bool
	out    int
}

// learntPair is a pair of sentences learnt from.
type learntPair struct {
	a, b   *Doc
	sa, sb Span
}

// judging returns the lexicon as it judges the pair of spans sa of a and
// sb of b: with the pair's own counts taken away when it was learnt
// from, as they are, else whole. A pair the aligner did not align one to
// one (a sentence the translation split, joined or moved) taught nothing.
func (lx *Lexicon) judging(a *Doc, sa Span, b *Doc, sb Span) *Lexicon {
	if lx == nil {
		return nil
	}
	out := 0
	if lx.learnt[learntPair{a, b, sa, sb}] {
		out = 1
	}
	if out == lx.out {
		return lx
	}
	v := *lx
	v.out = out
	return &v
}

// clauseMarks counts the marks that part clauses in a span.
func clauseMarks(d *Doc, sp Span) int {
	n := 0
	for i := sp.Lo; i < sp.Hi; i++ {
		if t := &d.Tokens[i]; t.Kind == Punct && strings.Contains(",;:()[]–—", t.Text) {
			n++
		}
	}
	// A sentence that ends inside the span parts two clauses as a
	// semicolon would: the source's "; you will notice" is the
	// translation's ". Vous remarquerez".
	if k := d.SentenceAt(sp.Lo); k >= 0 {
		for k++; k < len(d.Sentences) && d.Sentences[k].Lo < sp.Hi; k++ {
			n++
		}
	}
	return n
}

// marksRatio is the log of how much likelier a dropped clause makes the
// difference in clause marks of a pair than a faithful translation does.
func (lx *Lexicon) marksRatio(k int) float64 {
	p := func(k int) float64 { return (float64(lx.marks[k]) + 0.5) / (float64(lx.pairs) + 1) }
	return math.Log((dropMarks*p(k-1) + (1-dropMarks)*p(k)) / p(k))
}

// Thresholds of the lexicon: how strongly two words must go together to
// be a translation, and how often a source word must occur elsewhere to
// have a known translation at all.
const (
	lexDice  = 0.5
	lexCover = 0.3
	lexFreq  = 2
)

// Stem cuts a folded content word to its first letters: enough to see
// "défausser" and "défaussez", "Karte" and "Karten" as one word.
func Stem(w string) string {
	n := 0
	for i := range w {
		if n == 5 {
			return w[:i]
		}
		n++
	}
	return w
}

// stems returns the distinct stems of the content words of a span, and
// of the words that end its compounds (see tails).
func (lx *Lexicon) stems(d *Doc, sp Span) []string {
	var out []string
	for i := sp.Lo; i < sp.Hi; i++ {
		t := &d.Tokens[i]
		if t.Kind != Word || !d.Vocab.Lang.Content(t.Norm) {
			continue
		}
		out = lx.addStems(out, d, t.Norm)
	}
	return out
}

// addStems adds to out the stems of a content word and of the words its
// compounds end with, each once.
func (lx *Lexicon) addStems(out []string, d *Doc, w string) []string {
	if s := Stem(w); !slices.Contains(out, s) {
		out = append(out, s)
	}
	for _, s := range lx.tails(d, w) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// aroundWords is how many content words on each side of a number say
// what it does.
const aroundWords = 3

// around returns the stems of the content words next to the number (or
// placeholder) at token i, up to aroundWords on each side, in its clause
// and short of another number. A label before a colon ("food: 3") is the
// number's too.
func (lx *Lexicon) around(d *Doc, i int) []string {
	return lx.near(d, i, aroundWords, -1, 1)
}

// near returns the stems of the content words next to the number at
// token i, up to n on each side of steps (-1 before, 1 after), as around
// does.
func (lx *Lexicon) near(d *Doc, i, n int, steps ...int) []string {
	k := d.SentenceAt(i)
	if k < 0 {
		return nil
	}
	sen := &d.Sentences[k]
	var out []string
	for _, step := range steps {
		seen := 0
		for j := i + step; j >= sen.Lo && j < sen.Hi && seen < n; j += step {
			t := &d.Tokens[j]
			if t.Kind == Placeholder || t.Kind == Number && !t.Weak {
				break
			}
			if t.Kind == Punct {
				// A label before a colon, and a compound's other part
				// ("Kreuz-2"), are the number's.
				if j == i-step && (step < 0 && t.Text == ":" || t.Text == "-") {
					continue
				}
				break
			}
			if t.Kind != Word || !d.Vocab.Lang.Content(t.Norm) {
				continue
			}
			seen++
			out = lx.addStems(out, d, t.Norm)
		}
	}
	return out
}

// compoundTail is the fewest letters the last word of a compound has, and
// compoundHead the fewest before it.
const (
	compoundTail = 5
	compoundHead = 3
)

// tails returns, in a language of compounds, the stems of the words a
// word ends with, when the game's texts use them alone:
// "Spielerreihenfolge" ends with "Reihenfolge", whose translation a
// source's "order" then finds.
func (lx *Lexicon) tails(d *Doc, w string) []string {
	if lx == nil || lx.alone == nil || !d.Vocab.Lang.Compounds {
		return nil
	}
	n := utf8.RuneCountInString(w)
	if n < compoundHead+compoundTail {
		return nil
	}
	head := Stem(w)
	var out []string
	k := 0
	for off := range w {
		if k >= compoundHead && k <= n-compoundTail {
			if s := Stem(w[off:]); lx.alone[s] && s != head && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
		k++
	}
	return out
}

// Learn counts the words of the sentence pairs a translation and its
// source align one to one; aligns holds each document pair's alignment
// (Align), or is nil to have them aligned with c.
func Learn(pairs [][2]*Doc, aligns [][]Pair, c Calibration) *Lexicon {
	lx := &Lexicon{freqA: map[string]int{}, freqB: map[string]int{}, cooc: map[string]map[string]int{}, learnt: map[learntPair]bool{}, out: 1}
	// The sentence pairs aligned one to one, which alone are learnt from.
	type onePair struct {
		a, b   *Doc
		sa, sb Span
	}
	var ones []onePair
	inA, inB := map[string]bool{}, map[string]bool{}
	for _, p := range pairs {
		maps.Copy(inA, p[0].capText)
		maps.Copy(inB, p[1].capText)
	}
	lx.names = map[string]bool{}
	for w := range inA {
		if inB[w] {
			lx.names[w] = true
		}
	}
	for k, p := range pairs {
		a, b := p[0], p[1]
		var al []Pair
		if aligns != nil {
			al = aligns[k]
		} else {
			al = Align(a, b, c)
		}
		for _, al := range al {
			if len(al.A) == 1 && len(al.B) == 1 {
				o := onePair{a, b, a.Sentences[al.A[0]].Span, b.Sentences[al.B[0]].Span}
				ones = append(ones, o)
				lx.learnt[learntPair(o)] = true
			}
		}
	}
	lx.alone, lx.surfA, lx.surfB = map[string]bool{}, map[string]string{}, map[string]string{}
	surface := func(m map[string]string, t *Token) {
		if s, ok := m[Stem(t.Norm)]; !ok || t.Text < s {
			m[Stem(t.Norm)] = t.Text
		}
	}
	for _, o := range ones {
		for i := o.sa.Lo; i < o.sa.Hi; i++ {
			if t := &o.a.Tokens[i]; t.Kind == Word {
				surface(lx.surfA, t)
			}
		}
		for i := o.sb.Lo; i < o.sb.Hi; i++ {
			if t := &o.b.Tokens[i]; t.Kind == Word {
				surface(lx.surfB, t)
			}
		}
		for _, x := range []struct {
			d  *Doc
			sp Span
		}{{o.a, o.sa}, {o.b, o.sb}} {
			for i := x.sp.Lo; i < x.sp.Hi; i++ {
				if t := &x.d.Tokens[i]; t.Kind == Word && x.d.Vocab.Lang.Content(t.Norm) && utf8.RuneCountInString(t.Norm) >= compoundTail {
					lx.alone[Stem(t.Norm)] = true
				}
			}
		}
	}
	lx.habitPairs = make([][2][]string, len(ones))
	lx.pairsA, lx.pairsB = map[string][]int32{}, map[string][]int32{}
	lx.habits = &habits{trans: map[string]int{}, expl: map[string]int{}}
	for k, o := range ones {
		sa, sb := lx.stems(o.a, o.sa), lx.stems(o.b, o.sb)
		lx.habitPairs[k] = [2][]string{sa, sb}
		for _, e := range sa {
			lx.pairsA[e] = append(lx.pairsA[e], int32(k))
		}
		for _, f := range sb {
			lx.pairsB[f] = append(lx.pairsB[f], int32(k))
		}
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
	// Leaving a pair out moves a coefficient by little: only words whose
	// coefficient over all pairs is near the threshold are candidates.
	lx.cands, lx.candsB = map[string][]string{}, map[string][]string{}
	for e, m := range lx.cooc {
		for f, c := range m {
			if 2*float64(c)/float64(lx.freqA[e]+lx.freqB[f]) >= lexDice-0.2 {
				lx.cands[e] = append(lx.cands[e], f)
				lx.candsB[f] = append(lx.candsB[f], e)
			}
		}
		slices.Sort(lx.cands[e])
	}
	for _, es := range lx.candsB {
		slices.Sort(es)
	}
	// Coverage needs the whole lexicon: a second pass.
	lx.seen, lx.hit, lx.marks = map[string]int{}, map[string]int{}, map[int]int{}
	for _, o := range ones {
		lx.learnCoverage(o.a, o.sa, o.b, o.sb)
		lx.marks[clauseMarks(o.a, o.sa)-clauseMarks(o.b, o.sb)]++
		lx.pairs++
	}
	all, hit := 0, 0
	for k, n := range lx.seen {
		all, hit = all+n, hit+lx.hit[k]
	}
	lx.rate = float64(hit+1) / float64(all+2)
	return lx
}

// dice is Dice's coefficient of e and f with the pair being judged left
// out: in it, e occurs, and f occurs when inPair.
func (lx *Lexicon) dice(e, f string, inPair bool) float64 {
	c, fa, fb := lx.cooc[e][f], lx.freqA[e]-lx.out, lx.freqB[f]
	if inPair {
		c, fb = c-lx.out, fb-lx.out
	}
	if c <= 0 || fa+fb <= 0 {
		return 0
	}
	return 2 * float64(c) / float64(fa+fb)
}

// known reports whether a source word has a translation the other pairs
// agree on, and what it is.
func (lx *Lexicon) known(e string, inB []string) bool {
	if lx.freqA[e]-lx.out < lexFreq {
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

// best returns the word of a translated sentence that best translates a
// source word: the same word (a name), else the one the lexicon ties to
// it most, at lexCover or more; "" for none.
func (lx *Lexicon) best(e string, inB []string) string {
	if slices.Contains(inB, e) {
		return e
	}
	out, top := "", lexCover
	for _, f := range inB {
		if d := lx.dice(e, f, true); d >= top {
			out, top = f, d
		}
	}
	return out
}

// completes reports whether a translated span extra translates what a
// source span sa says that its translation sb does not: two known words
// of sa at least, and most of those sb lacks.
func (lx *Lexicon) completes(a *Doc, sa Span, b *Doc, sb, extra Span) bool {
	lx = lx.judging(a, sa, b, sb)
	inB, inExtra := lx.stems(b, sb), lx.stems(b, extra)
	lacked, found := 0, 0
	for _, e := range lx.stems(a, sa) {
		if !lx.known(e, append(slices.Clone(inB), inExtra...)) || lx.covered(e, inB) {
			continue
		}
		lacked++
		if lx.covered(e, inExtra) {
			found++
		}
	}
	return found >= 2 && 2*found > lacked
}

// knownIn counts the words of source span sa whose translation the
// lexicon knows, and how many of those translated span b has.
func (lx *Lexicon) knownIn(a *Doc, sa Span, b *Doc, sb Span) (known, found int) {
	lx = lx.judging(a, sa, b, sb)
	inB := lx.stems(b, sb)
	for _, e := range lx.stems(a, sa) {
		if lx.known(e, inB) {
			known++
			if lx.covered(e, inB) {
				found++
			}
		}
	}
	return known, found
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
	lx = lx.judging(a, sent.Span, b, sb)
	inB := lx.stems(b, sb)
	total, cov := 0, 0
	type clause struct {
		sp             Span
		known, covered int
	}
	var cs []clause
	for _, c := range sent.Clauses {
		x := clause{sp: c}
		for _, e := range lx.stems(a, c) {
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

// unit is a thing a source sentence says that its translation should say
// too: a concept it names (key "§" and the concept), a cue (a connective,
// negation, restriction or modal; key cueKey of its kind), a content word
// outside both (key its stem, first occurrence only), or a word too
// rare in the game to have a known translation (key rareKey), which a
// rare word of the translation at about its place may render.
type unit struct {
	tok, end int
	key      string
	stem     string
}

const rareKey = "?"

// mentionTokens marks the tokens of a span that belong to a mention.
func mentionTokens(d *Doc, sp Span) map[int]bool {
	in := map[int]bool{}
	for _, m := range d.Mentions {
		if m.Tok >= sp.Lo && m.Tok < sp.Hi {
			for i := m.Tok; i < m.End; i++ {
				in[i] = true
			}
		}
	}
	return in
}

// cueKey is the unit key of a cue: a connective, negation, restriction
// or modal, which the language's files name alike in every language.
func cueKey(kind string) string { return "¶" + kind }

// unitCues returns the cues of a span that make units, in order, each Kind
// its unit key.
func unitCues(d *Doc, sp Span) []Cue {
	var out []Cue
	k, _ := slices.BinarySearchFunc(d.Sentences, sp.Lo, func(s Sentence, i int) int { return cmp.Compare(s.Hi, i+1) })
	for ; k < len(d.Sentences) && d.Sentences[k].Lo < sp.Hi; k++ {
		s := &d.Sentences[k]
		add := func(cs []Cue, kind string) {
			for _, c := range cs {
				if c.Tok >= sp.Lo && c.Tok < sp.Hi {
					if kind != "" {
						c.Kind = kind
					}
					c.Kind = cueKey(c.Kind)
					out = append(out, c)
				}
			}
		}
		add(s.Connectives, "")
		add(s.Modals, "")
		add(s.Negations, "not")
		add(s.Restrictions, "only")
	}
	slices.SortStableFunc(out, func(x, y Cue) int { return cmp.Compare(x.Tok, y.Tok) })
	return out
}

// owned marks the tokens of a span that a mention or one of its cues cs
// owns: no word unit of their own.
func owned(d *Doc, sp Span, cs []Cue) map[int]bool {
	in := mentionTokens(d, sp)
	for _, c := range cs {
		for i := c.Tok; i < c.End; i++ {
			in[i] = true
		}
	}
	return in
}

// nameKey is the unit key of a name: a word capitalised inside a
// sentence that the game's translations, or this translation's text,
// also capitalise (see Lexicon.names and namesIn).
const nameKey = "¶name"

// units returns the units of a source span, in order. A name of the
// game, or one that other, the translation, writes alike, is a unit of
// its own at each occurrence: translations keep names as they are.
func (lx *Lexicon) units(d *Doc, sp Span, other *Doc) []unit {
	var out []unit
	cs := unitCues(d, sp)
	own := owned(d, sp, cs)
	ck := 0
	seen := map[string]bool{}
	mk := 0
	for i := sp.Lo; i < sp.Hi; i++ {
		for mk < len(d.Mentions) && d.Mentions[mk].Tok < i {
			mk++
		}
		for k := mk; k < len(d.Mentions) && d.Mentions[k].Tok == i; k++ {
			m := d.Mentions[k]
			out = append(out, unit{m.Tok, m.End, "§" + m.Concept, ""})
		}
		for ; ck < len(cs) && cs[ck].Tok <= i; ck++ {
			out = append(out, unit{cs[ck].Tok, cs[ck].End, cs[ck].Kind, ""})
		}
		t := &d.Tokens[i]
		if own[i] || t.Kind != Word || !d.Vocab.Lang.Content(t.Norm) {
			continue
		}
		if d.caps[i] && (lx.names[t.Text] || other.capText[t.Text]) {
			out = append(out, unit{i, i + 1, nameKey, ""})
			continue
		}
		s := Stem(t.Norm)
		if seen[s] {
			continue
		}
		seen[s] = true
		key := s
		if lx.freqA[s]-lx.out < lexFreq {
			key = rareKey
		}
		out = append(out, unit{i, i + 1, key, s})
	}
	return out
}

// rareWords returns the tokens of a translated span whose words are rare
// in the game's translations, outside the tokens own marks (see owned).
func (lx *Lexicon) rareWords(d *Doc, sp Span, own map[int]bool) []int {
	var out []int
	seen := map[string]bool{}
	for i := sp.Lo; i < sp.Hi; i++ {
		t := &d.Tokens[i]
		if own[i] || t.Kind != Word || !d.Vocab.Lang.Content(t.Norm) {
			continue
		}
		s := Stem(t.Norm)
		if !seen[s] && lx.freqB[s]-lx.out < lexFreq {
			out = append(out, i)
		}
		seen[s] = true
	}
	return out
}

// coverage says, for each unit of source span sa, whether translated span
// sb has it: a concept named there as often, matched by place, a word
// with a translation (or the same spelling) there, a rare word matched by
// place with a rare word there.
func (lx *Lexicon) coverage(a *Doc, sa Span, b *Doc, sb Span) ([]unit, []bool) {
	us := lx.units(a, sa, b)
	cov := make([]bool, len(us))
	rel := func(i int, sp Span) float64 { return float64(i-sp.Lo) / float64(max(sp.Hi-sp.Lo, 1)) }
	// claim has each token of b take the nearest uncovered unit of a it
	// may render.
	claim := func(tok int, near float64, ok func(unit) bool) bool {
		want := rel(tok, sb)
		best := -1
		for k, u := range us {
			if cov[k] || !ok(u) || math.Abs(rel(u.tok, sa)-want) > near {
				continue
			}
			if best < 0 || math.Abs(rel(u.tok, sa)-want) < math.Abs(rel(us[best].tok, sa)-want) {
				best = k
			}
		}
		if best >= 0 {
			cov[best] = true
		}
		return best >= 0
	}
	for _, mt := range b.Mentions {
		if mt.Tok >= sb.Lo && mt.Tok < sb.Hi {
			claim(mt.Tok, 1, func(u unit) bool { return u.key == "§"+mt.Concept })
		}
	}
	cues := unitCues(b, sb)
	for _, c := range cues {
		claim(c.Tok, 1, func(u unit) bool { return u.key == c.Kind })
	}
	// A word of a mention renders its concept, not a word unit; one of a
	// cue, its cue; a name, the name, wherever it stands.
	own := owned(b, sb, cues)
	for i := sb.Lo; i < sb.Hi; i++ {
		if t := &b.Tokens[i]; t.Kind == Word && a.capText[t.Text] && !own[i] {
			if claim(i, 1, func(u unit) bool { return u.key == nameKey && a.Tokens[u.tok].Text == t.Text }) {
				own[i] = true
			}
		}
	}
	lx.link(us, cov, sa, b, sb, own, rel)
	for _, i := range lx.rareWords(b, sb, own) {
		claim(i, rareNear, func(u unit) bool { return u.key == rareKey })
	}
	return us, cov
}

// link covers the word units of source span sa with the content words of
// translated span sb, one word for one unit: the strongest translations
// first, then the nearest in place. A word the translation has once
// renders one source word, so the words of a dropped clause are not
// covered by the translations of the words around them. Words of b that
// own marks (see owned) render no word unit.
func (lx *Lexicon) link(us []unit, cov []bool, sa Span, b *Doc, sb Span, own map[int]bool, rel func(int, Span) float64) {
	type link struct {
		k, i, parts int
		dice, dist  float64
	}
	var links []link
	for i := sb.Lo; i < sb.Hi; i++ {
		t := &b.Tokens[i]
		if own[i] || t.Kind != Word || !b.Vocab.Lang.Content(t.Norm) {
			continue
		}
		fs := lx.tails(b, t.Norm)
		fs = append(fs, Stem(t.Norm))
		for k, u := range us {
			if u.stem == "" {
				continue // a concept or a cue
			}
			best := 0.0
			for _, f := range fs {
				if f == u.stem {
					best = 1
				} else if dice := lx.dice(u.stem, f, true); dice >= unitCover {
					best = max(best, dice)
				}
			}
			if best > 0 {
				links = append(links, link{k, i, len(fs), best, math.Abs(rel(u.tok, sa) - rel(i, sb))})
			}
		}
	}
	slices.SortFunc(links, func(x, y link) int {
		if x.dice != y.dice {
			return cmp.Compare(y.dice, x.dice)
		}
		return cmp.Compare(x.dist, y.dist)
	})
	// A compound renders as many words as it has parts.
	used := make([]int, sb.Hi-sb.Lo)
	for _, l := range links {
		if !cov[l.k] && used[l.i-sb.Lo] < l.parts {
			cov[l.k] = true
			used[l.i-sb.Lo]++
		}
	}
}

// learnCoverage counts, for each unit, how often the pairs it occurs in
// have it covered: how reliably the game's translations render it.
func (lx *Lexicon) learnCoverage(a *Doc, sa Span, b *Doc, sb Span) {
	us, cov := lx.coverage(a, sa, b, sb)
	for k, u := range us {
		lx.seen[u.key]++
		if cov[k] {
			lx.hit[u.key]++
		}
	}
}

// The weights of Dropped.
const (
	// dropCovered is how often a unit of a dropped clause still finds a
	// counterpart elsewhere in the translation.
	dropCovered = 0.15
	// dropSpread is how many standard deviations the length of a
	// translation that dropped a clause lies around the length expected
	// of it without the clause.
	dropSpread = 1.5
	// dropPrior is how many pairs' worth of the game's overall rate of
	// covered units a unit's own rate starts from.
	dropPrior = 2.0
	// dropMarks is how often a dropped clause takes a clause mark with it.
	dropMarks = 0.8
	// rareNear is how far apart, in shares of their sentences, a rare
	// word and its translation may stand.
	rareNear = 0.25
	// unitCover is the Dice coefficient at which a word of the
	// translation renders a source word.
	unitCover = 0.3
	// DropLimit is the score (the log of a likelihood ratio, see Dropped)
	// above which a clause is reported dropped.
	DropLimit = 10.0
	// dropMin is the shortest source sentence, in characters, whose
	// words are weighed: a short one still has clauses to lose.
	dropMin = 25
	// ClauseLimit is the score above which a whole clause of the source,
	// from mark to mark or from a word that opens one (see openedClauses),
	// is reported dropped: lower than DropLimit, since
	// a sentence has far fewer clauses than runs of words for one to
	// score high by chance.
	ClauseLimit = 8.5
	// SentenceLimit is the score above which a whole sentence of the
	// source that the aligner joined to its neighbours, where the
	// translation has fewer sentences, is reported dropped: lower still,
	// since the join itself tells of a sentence gone, and a join has only
	// a few sentences to lose.
	SentenceLimit = 4.5
	// siblingWeight weighs what a sibling translation says (see Sibling):
	// it tells much the same as the source, so it counts half.
	siblingWeight = 0.5
)

// weights returns the units of source span sa and, for each, the log of
// how much likelier a dropped clause makes what translated span sb has of
// it than a faithful translation does: positive for a unit sb lacks,
// negative for one it has. wc and wu are the weights it would have
// covered and not; named is how often sb names each concept.
func (lx *Lexicon) weights(a *Doc, sa Span, b *Doc, sb Span) (us []unit, w, wc, wu []float64, named map[string]int) {
	us, cov := lx.coverage(a, sa, b, sb)
	w, wc, wu = make([]float64, len(us)), make([]float64, len(us)), make([]float64, len(us))
	for k, u := range us {
		n, h := lx.seen[u.key]-lx.out, lx.hit[u.key]
		if cov[k] {
			h -= lx.out
		}
		// A cue the language files name is translated as a rule: one the
		// game's other pairs do not show starts from the game's rate.
		if n < 1 && !strings.HasPrefix(u.key, "¶") {
			continue
		}
		n = max(n, 0)
		h = min(max(h, 0), n)
		r := (float64(h) + dropPrior*lx.rate) / (float64(n) + dropPrior)
		wc[k], wu[k] = math.Log(dropCovered/r), math.Log((1-dropCovered)/(1-r))
		w[k] = wu[k]
		if cov[k] {
			w[k] = wc[k]
		}
	}
	named = map[string]int{}
	for _, m := range b.Mentions {
		if m.Tok >= sb.Lo && m.Tok < sb.Hi {
			named["§"+m.Concept]++
		}
	}
	return us, w, wc, wu, named
}

// runWeight is the weight of the units [i, j] as the clause dropped: each
// word by whether the translation has it, the concepts by how often the
// translation names each, against how often the rest of the sentence does.
func runWeight(us []unit, w, wc, wu []float64, named map[string]int, i, j int) float64 {
	sum := 0.0
	in, out := map[string]int{}, map[string]int{}
	first := map[string]int{}
	for k, u := range us {
		if !strings.HasPrefix(u.key, "§") {
			if k >= i && k <= j {
				sum += w[k]
			}
			continue
		}
		if k >= i && k <= j {
			if _, ok := first[u.key]; !ok {
				first[u.key] = k
			}
			in[u.key]++
		} else {
			out[u.key]++
		}
	}
	for key, n := range in {
		k := first[key]
		cov := min(max(named[key]-out[key], 0), n)
		sum += float64(cov)*wc[k] + float64(n-cov)*wu[k]
	}
	return sum
}

// Dropped looks for a run of source units of a sentence that the
// translated span lacks while the rest is there, weighing how reliably
// each unit is translated elsewhere in the game (the pair itself left
// out), how much shorter the translation is than expected and how many
// fewer clauses it has. It returns the run and its score, the log of how
// much likelier a dropped clause makes what is seen than a faithful
// translation does.
func (lx *Lexicon) Dropped(a *Doc, sent *Sentence, b *Doc, sb Span, c Calibration) (Span, float64) {
	r := lx.drop(a, sent, b, sb, c)
	return r.run, r.score
}

// dropScore is what Dropped finds: the best run of units and its score,
// the best run that is one whole clause of the source and its score, and,
// of sentences joined, the best whole sentence and its score.
type dropScore struct {
	run, clause, sent             Span
	score, clauseScore, sentScore float64
}

func (lx *Lexicon) drop(a *Doc, sent *Sentence, b *Doc, sb Span, c Calibration) dropScore {
	out := dropScore{score: math.Inf(-1), clauseScore: math.Inf(-1), sentScore: math.Inf(-1)}
	if lx == nil || lx.seen == nil || a.Len(sent.Span) < dropMin {
		return out
	}
	lx = lx.judging(a, sent.Span, b, sb)
	us, w, wc, wu, named := lx.weights(a, sent.Span, b, sb)
	x := float64(a.Len(sent.Span))
	y := float64(b.Len(sb))
	d := max(min(c.delta(x, y), 2), -8)
	s := math.Sqrt(c.Spread + c.Short/max(x, 1))
	// A run of units takes the words between it and its neighbours, half
	// each.
	edge := func(k int, left bool) int {
		if left {
			if k == 0 {
				return sent.Lo
			}
			return (us[k-1].end + us[k].tok + 1) / 2
		}
		if k == len(us)-1 {
			return sent.Hi
		}
		return (us[k].end + us[k+1].tok) / 2
	}
	mr := lx.marksRatio(clauseMarks(a, sent.Span) - clauseMarks(b, sb))
	// Under a drop of a share frac of the sentence, d is about
	// log(1-frac)/s, give or take dropSpread.
	llr := func(frac float64) float64 {
		mu := math.Log(1-min(frac, 0.9)) / s
		return -(d-mu)*(d-mu)/(2*dropSpread*dropSpread) - math.Log(dropSpread) + d*d/2
	}
	for i := range us {
		for j := i; j < len(us); j++ {
			frac := float64(a.Len(Span{edge(i, true), edge(j, false)})) / max(x, 1)
			score := runWeight(us, w, wc, wu, named, i, j) + llr(frac) + mr
			if score > out.score {
				out.score, out.run = score, Span{us[i].tok, us[j].end}
			}
		}
	}
	// weigh returns the score of a span as the part dropped, or -Inf for
	// one with no unit.
	weigh := func(cl Span) float64 {
		i := slices.IndexFunc(us, func(u unit) bool { return u.tok >= cl.Lo && u.tok < cl.Hi })
		if i < 0 {
			return math.Inf(-1)
		}
		j := i
		for j+1 < len(us) && us[j+1].tok < cl.Hi {
			j++
		}
		return runWeight(us, w, wc, wu, named, i, j) + llr(float64(a.Len(cl))/max(x, 1)) + mr
	}
	// A whole sentence of sentences joined.
	if k := a.SentenceAt(sent.Lo); k >= 0 && a.Sentences[k].Hi < sent.Hi {
		for ; k < len(a.Sentences) && a.Sentences[k].Lo < sent.Hi; k++ {
			if score := weigh(a.Sentences[k].Span); score > out.sentScore {
				out.sentScore, out.sent = score, a.Sentences[k].Span
			}
		}
	}
	// A whole clause, from mark to mark, or from a word that opens one:
	// what a translator drops.
	cls := openedClauses(a, sent)
	if len(cls) < 2 {
		return out
	}
	for _, cl := range cls {
		if score := weigh(cl); score > out.clauseScore {
			out.clauseScore, out.clause = score, cl
		}
	}
	return out
}

// openedClauses returns the clauses of a sentence, from mark to mark, and
// the parts of each that the words opening a clause set off: "Pour
// attaquer un lieu qui présente deux boucliers" has "Pour attaquer un
// lieu", which a translation that marks it may drop.
func openedClauses(d *Doc, s *Sentence) []Span {
	out := slices.Clone(s.Clauses)
	for _, cl := range s.Clauses {
		lo := cl.Lo
		for i := cl.Lo + 1; i < cl.Hi; i++ {
			if t := &d.Tokens[i]; t.Kind == Word && d.Vocab.Lang.Opener(t.Norm) {
				out = append(out, Span{lo, i})
				lo = i
			}
		}
		if lo > cl.Lo {
			out = append(out, Span{lo, cl.Hi})
		}
	}
	return out
}
