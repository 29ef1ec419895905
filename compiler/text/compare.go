package text

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// DiffKind is what differs between a sentence and its counterpart.
type DiffKind int

const (
	DiffNumber      DiffKind = iota + 1 // a number stated otherwise, or on one side only
	DiffPlaceholder                     // a placeholder used more or less often, or typed as a number
	DiffConcept                         // a concept named where the other names a sibling
	DiffFacing                          // face up where the other has face down
	DiffPlace                           // a card sent to another place
	DiffProper                          // a proper name dropped or misspelt
	DiffNegation                        // negated on one side only
	DiffModality                        // "can" on one side, "must" on the other
	DiffOmission                        // a sentence of the other text with no counterpart here
	DiffAddition                        // a sentence here with no counterpart in the other text
	DiffLength                          // a sentence far shorter than its counterpart: a clause dropped
	DiffClause                          // a clause of A whose words have no translation in B
	DiffContrast                        // a word of a contrast group where the other has another of it: left, right
	DiffCounted                         // a number that counts another thing than its counterpart: "3 players" for "3 cards"
	DiffBound                           // a number away from the words its counterpart stands by: moved
	DiffWord                            // a word the game translates from another source word than its counterpart: "joue" for "scores"
)

// Contrasts are the groups of connective and quantity kinds
// (lang/<tag>.toml) of which
// each member says the opposite of the others: a translation that has one
// where its source has another turns one rule into another. The kinds are
// every language's; the words of each, each language's own.
var contrasts = [][]string{
	{"left", "right"},
	{"clockwise", "counterclockwise"},
	{"before", "after"},
	{"at_least", "at_most"},
	{"earliest", "latest"},
	{"most", "least"},
	{"more", "fewer"},
	{"high", "low"},
	{"each", "one"},
	{"same", "other"},
}

// Contrasts returns the contrast groups, each a list of connective kinds.
func Contrasts() [][]string {
	out := make([][]string, len(contrasts))
	for i, g := range contrasts {
		out[i] = slices.Clone(g)
	}
	return out
}

// Diff is one difference between a text (B, the one checked) and the text
// it should agree with (A), at tokens of each.
type Diff struct {
	Kind DiffKind
	// A and B are the tokens concerned; a side with nothing to point at
	// (a number dropped) has the place where it would be, empty.
	A, B Span
	// SentA and SentB are the sentences compared; -1 for none.
	SentA, SentB int
	// Concept is the concept or name concerned in A; Other, the one B has.
	Concept, Other string
	// Value and OtherValue are numbers, for DiffNumber.
	Value, OtherValue  float64
	HasValue, HasOther bool
	// Delta is, for DiffLength, how many standard deviations B's length
	// lies from the expected one; Ratio, B's length over A's.
	Delta, Ratio float64
	// Witness, for a concept swapped where the source names too few of
	// either concept to tell, is the sibling translation's words naming
	// Concept, in its sentence WitnessSent; empty otherwise. Named says
	// the source names either at all.
	Witness     Span
	WitnessSent int
	Named       bool
}

// LengthLimit is how many standard deviations below the expected length a
// sentence must lie to be reported as missing a clause.
const LengthLimit = 3.5

// shortHint is how many standard deviations short a sentence must be for
// fewer words without translation to tell a dropped clause.
const shortHint = 1.5

// lengthMin is the shortest source, in characters, whose translation's
// length is judged: titles and names vary too much.
const lengthMin = 40

// Compare compares aligned sentences of a and b and returns what b says
// otherwise, in the order of b. A free translation (free) is held to its
// numbers, placeholders, names and concepts, to the sentences of a it
// leaves out and to the clauses it drops (a sentence far shorter than its
// source, or one lacking a run of words the game always translates):
// not to its wording, its polarity or what it adds.
func Compare(a, b *Doc, pairs []Pair, c Calibration, free bool) []Diff {
	return CompareWith(a, b, pairs, c, free, nil)
}

// Sibling is another translation of the text a translation is compared
// with, when there is one: what it says, the translation should say too.
type Sibling struct {
	Doc *Doc
	// FromSource aligns the source with the sibling; ToB, the sibling
	// with the translation checked.
	FromSource, ToB []Pair
	// Lexicon is learnt from the sibling and the translation checked.
	Lexicon *Lexicon
}

// between returns the sibling's sentences for source sentences sa when
// they are its sentences for translated sentences sb too, else nil.
func (sib *Sibling) between(sa, sb []int) []int {
	us := within(sib.FromSource, sa, true)
	if len(us) == 0 || !slices.Equal(within(sib.ToB, us, false), sb) {
		return nil
	}
	return us
}

// evidenceAt returns what the sibling says of a clause dropped from
// sentences sb of b, whose source is sentences sa: the weight of the run
// of its words b most clearly lacks, among the runs that overlap the share
// [lo, hi] of its sentences (where the source's clause stands, so that the
// evidence is of that clause); 0 when the sibling's sentences for them are
// not its sentences for sb alone.
func (sib *Sibling) evidenceAt(sa []int, b *Doc, sb []int, lo, hi float64) float64 {
	if sib == nil || sib.Lexicon == nil {
		return 0
	}
	us := sib.between(sa, sb)
	if us == nil {
		return 0
	}
	// Every sentence of sb must come from those of the sibling.
	for _, p := range sib.ToB {
		for _, j := range p.B {
			if slices.Contains(sb, j) && !containsAll(us, p.A) {
				return 0
			}
		}
	}
	u := sib.Doc.spanOf(us)
	ws, w, wc, wu, named := sib.Lexicon.weights(sib.Doc, u, b, b.spanOf(sb))
	best, first := 0.0, true
	n := float64(max(u.Hi-u.Lo, 1))
	for i := range ws {
		if float64(ws[i].tok-u.Lo)/n > hi+evidenceSlack {
			break
		}
		for j := i; j < len(ws); j++ {
			if float64(ws[j].end-u.Lo)/n < lo-evidenceSlack {
				continue
			}
			if r := runWeight(ws, w, wc, wu, named, i, j); first || r > best {
				best, first = r, false
			}
		}
	}
	return best
}

// keeps reports whether the sibling's sentences for pair p count, by n,
// as many of a thing as the source's do: then a translation that
// counts otherwise differs from both, even where it words the sentence
// freely.
func (sib *Sibling) keeps(p Pair, a *Doc, n func(*Sentence) int) bool {
	if sib == nil {
		return false
	}
	us := sib.between(p.A, p.B)
	if us == nil {
		return false
	}
	na, nu := 0, 0
	for _, i := range p.A {
		na += n(&a.Sentences[i])
	}
	for _, i := range us {
		nu += n(&sib.Doc.Sentences[i])
	}
	return na == nu
}

// swapped returns, for mention m of concept g that translated sentences y
// name more often than both the source x and the sibling do, the swap the
// sibling witnesses where the source names too few of either concept to
// tell: the sibling names another concept of g's group more often than y
// and x do, and as many of the group in all as y. "Face up" in a
// translation is a swap where the sibling has "verdeckt" and the source
// only "retourner". used holds the sibling's mentions that witness a swap
// already.
func (sib *Sibling) swapped(p Pair, x, y side, m Mention, g string, used map[int]bool) (Diff, bool) {
	// A part of a compound is too weak a witness: "Reichweite" is no
	// "Reich".
	if sib == nil || m.Part {
		return Diff{}, false
	}
	us := sib.between(p.A, p.B)
	if us == nil {
		return Diff{}, false
	}
	u := side{sib.Doc, sib.Doc.spanOf(us), us}
	mA, mB, mU := mentionsBy(x), mentionsBy(y), mentionsBy(u)
	if len(mU[g]) >= len(mB[g]) {
		return Diff{}, false
	}
	for _, l := range sortedKeys(mU) {
		gr := x.d.Vocab.Siblings(l, g)
		if gr == nil || l == g || len(mU[l]) <= len(mB[l]) || len(mU[l]) <= len(mA[l]) {
			continue
		}
		inGroup := func(ms map[string][]int) int {
			n := 0
			for _, c := range gr.Terms {
				n += len(ms[c])
			}
			return n
		}
		if inGroup(mU) != inGroup(mB) {
			continue
		}
		left := slices.DeleteFunc(leftOver(u, mU[l], y, mB[l], mentionPos), func(k int) bool { return used[k] || sib.Doc.Mentions[k].Part })
		if len(left) == 0 {
			continue
		}
		wi := left[nearestOf(y, m.Tok, u, left, mentionPos)]
		used[wi] = true
		w := sib.Doc.Mentions[wi]
		k := at(y, m.Tok, x)
		return Diff{Kind: groupDiff(gr), A: Span{k, k}, B: Span{m.Tok, m.End}, Concept: l, Other: g,
			Witness: Span{w.Tok, w.End}, WitnessSent: sib.Doc.SentenceAt(w.Tok), Named: len(mA[l])+len(mA[g]) > 0}, true
	}
	return Diff{}, false
}

// Roles of a place in its sentence (placeRole).
const (
	roleFrom  = -1 // where a thing comes from: "from the supply"
	roleState = 2  // where a thing is, a bare noun: "en main"
)

// placeRole is the role of the place named at token i: roleFrom after a
// preposition of origin (looking back over two words, an article or a
// possessive, within the clause), roleState right after a preposition of
// where a thing is, else 0.
func placeRole(d *Doc, i int) int {
	l := d.Vocab.Lang
	if i > 0 && d.Tokens[i-1].Kind == Word && l.At(d.Tokens[i-1].Norm) {
		return roleState
	}
	for k := i - 1; k >= max(0, i-3); k-- {
		t := d.Tokens[k]
		switch {
		case t.Kind != Word:
			return 0
		case l.From(t.Norm):
			return roleFrom
		}
	}
	return 0
}

// otherRoles reports whether two places stand in roles that make them no
// swap: one a thing comes from, the other where a thing is.
func otherRoles(a, b int) bool {
	return a == roleFrom && b == roleState || a == roleState && b == roleFrom
}

// groupDiff is the kind of difference a concept named for another of
// group gr is.
func groupDiff(gr *Group) DiffKind {
	switch gr.Kind {
	case model.Facing:
		return DiffFacing
	case model.Places:
		return DiffPlace
	}
	return DiffConcept
}

// evidenceSlack is how far, in shares of the sentences, the sibling's
// rendering of a clause may stand from the source's.
const evidenceSlack = 0.15

// within returns, in order, the sentences the pairs align with sentences
// xs (as side A when fromA, else as side B): nil when a pair takes some of
// xs and some others, or none of them.
func within(pairs []Pair, xs []int, fromA bool) []int {
	var out []int
	for _, p := range pairs {
		from, to := p.A, p.B
		if !fromA {
			from, to = p.B, p.A
		}
		in := 0
		for _, i := range from {
			if slices.Contains(xs, i) {
				in++
			}
		}
		switch {
		case in == 0:
			continue
		case in < len(from):
			return nil
		}
		out = append(out, to...)
	}
	slices.Sort(out)
	return out
}

func containsAll(xs, ys []int) bool {
	for _, y := range ys {
		if !slices.Contains(xs, y) {
			return false
		}
	}
	return true
}

// joined returns sentences of d read as one: their span and clauses.
func joined(d *Doc, sents []int) *Sentence {
	if len(sents) == 1 {
		return &d.Sentences[sents[0]]
	}
	s := &Sentence{Span: d.spanOf(sents)}
	for _, i := range sents {
		s.Clauses = append(s.Clauses, d.Sentences[i].Clauses...)
	}
	return s
}

// CompareWith is Compare with a sibling translation of a (nil for none),
// which tells more surely a clause b dropped.
func CompareWith(a, b *Doc, pairs []Pair, c Calibration, free bool, sib *Sibling) []Diff {
	var out []Diff
	misspelt := map[int]string{}
	for i := range b.Tokens {
		if n := b.Vocab.Misspelt(b.Tokens[i]); n != "" {
			misspelt[i] = n
		}
	}
	pairs = c.Lexicon.unjoin(a, b, pairs)
	if c.Joins {
		// Texts whose paragraphs translators keep (message files): a
		// sentence split or joined stays within its paragraph.
		pairs = c.Lexicon.rejoin(a, b, pairs, c)
		if sib != nil {
			// The sibling's pairs with the translation, repaired alike.
			s := *sib
			s.ToB = s.Lexicon.rejoin(s.Doc, b, s.ToB, c)
			sib = &s
		}
	}
	drift := negationDrift(a, b, free, sib)
	for k, p := range pairs {
		switch {
		case free && len(p.A) == 0:
			// A free translation may add what it likes, but not leave
			// a sentence out.
		case len(p.A) == 0:
			out = append(out, Diff{Kind: DiffAddition, B: b.spanOf(p.B), SentA: -1, SentB: p.B[0]})
		case len(p.B) == 0:
			at := omissionAt(a, b, pairs, k)
			sa := a.spanOf(p.A)
			if free && mergedNearby(a, b, pairs, k, c) {
				// A free translation that merges sentences beyond what
				// the aligner pairs says them in its neighbour.
				continue
			}
			out = append(out, Diff{Kind: DiffOmission, A: sa, B: Span{at, at}, SentA: p.A[0], SentB: -1})
		default:
			for _, d := range comparePair(a, b, p, c, misspelt, sib) {
				// A free translation words a sentence its own way, but
				// keeps all it says: far too short, it lost a clause.
				if !free || d.Kind < DiffNegation || d.Kind == DiffClause || d.Kind == DiffLength || d.Kind == DiffCounted ||
					d.Kind == DiffNegation && (sib.keeps(p, a, func(s *Sentence) int { return len(s.Negations) }) || drift != 0 && d.negates() == drift) {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// negationDrift says, for a free translation, which way its negations
// drift from a source and a sibling that count as many in the whole
// text: 1 for more, -1 for fewer, 0 for none or when the source and the
// sibling disagree. A free translation spreads what it says over other
// sentences, but two texts that agree on the count hold it to them.
func negationDrift(a, b *Doc, free bool, sib *Sibling) int {
	if !free || sib == nil {
		return 0
	}
	n := func(d *Doc) int {
		k := 0
		for i := range d.Sentences {
			k += len(d.Sentences[i].Negations)
		}
		return k
	}
	na := n(a)
	if n(sib.Doc) != na {
		return 0
	}
	return cmp.Compare(n(b), na)
}

// negates is, for a negation difference, 1 if the translation negates
// where the source does not, -1 for the reverse.
func (d Diff) negates() int {
	if d.B.Hi > d.B.Lo {
		return 1
	}
	return -1
}

// unjoin splits off, from each pair that joins more sentences of the
// source than of the translation, a first or last source sentence whose
// words the translation lacks while it has those of the rest: a sentence
// left out, which the aligner joined to its neighbour rather than pay for
// a sentence alone.
// rejoin joins to a pair of one sentence a sentence beside it that the
// aligner left unpaired, on either side, where the pair's other side
// parts two clauses with a semicolon or colon (the sentence was split or
// joined there) and the join fits the lengths better, or where the
// unpaired translated sentence translates what the pair lacks: "Choose a
// dealer at random; after each round …" against "Tirez au sort le
// premier donneur. Après chaque manche …", whose second half alone is as
// long as the source.
func (lx *Lexicon) rejoin(a, b *Doc, pairs []Pair, c Calibration) []Pair {
	out := slices.Clone(pairs)
	for k := 0; k < len(out); k++ {
		p := out[k]
		for _, q := range []int{k - 1, k + 1} {
			if q < 0 || q >= len(out) || len(out[q].A) == 0 || len(out[q].B) == 0 {
				continue
			}
			var joined Pair
			switch {
			case len(p.A) == 0 && len(p.B) == 1 && len(out[q].A) == 1:
				// A translated sentence with no source: the source split?
				if !lx.splits(a, out[q].A, b, out[q].B, p.B[0], true, c) {
					continue
				}
				joined = Pair{A: out[q].A, B: append(slices.Clone(out[q].B), p.B...)}
			case len(p.B) == 0 && len(p.A) == 1 && len(out[q].B) == 1:
				// A source sentence with no translation: joined to the
				// next in the translation?
				if !lx.splits(a, out[q].A, b, out[q].B, p.A[0], false, c) {
					continue
				}
				joined = Pair{A: append(slices.Clone(out[q].A), p.A...), B: out[q].B}
			default:
				continue
			}
			slices.Sort(joined.A)
			slices.Sort(joined.B)
			out[q] = joined
			out = slices.Delete(out, k, k+1)
			k--
			break
		}
	}
	return out
}

// splits reports whether sentence extra, left unpaired beside the pair
// of sentences as of a and bs of b, is part of what the pair says: extra
// is of b (inB) or of a, in the same paragraph and block as the pair's
// sentences on its side, and either the pair's other side, one sentence,
// parts clauses with a semicolon or colon (and, for a source sentence,
// whose loss is an error, the join fits the lengths better than the pair
// alone), or (extra of b) extra translates what bs lacks.
func (lx *Lexicon) splits(a *Doc, as []int, b *Doc, bs []int, extra int, inB bool, c Calibration) bool {
	y, ys, x, xs := b, bs, a, as
	if !inB {
		y, ys, x, xs = a, as, b, bs
	}
	e, first := &y.Sentences[extra], &y.Sentences[ys[0]]
	if e.Para != first.Para || e.Block != first.Block {
		return false
	}
	with := append(slices.Clone(ys), extra)
	slices.Sort(with)
	sa, sb, joinedA, joinedB := a.spanOf(as), b.spanOf(bs), a.spanOf(as), b.spanOf(bs)
	if inB {
		joinedB = b.spanOf(with)
	} else {
		joinedA = a.spanOf(with)
	}
	if len(xs) == 1 && x.semicolon(x.Sentences[xs[0]].Span) && (inB || math.Abs(c.Delta(a, joinedA, b, joinedB)) < math.Abs(c.Delta(a, sa, b, sb))) {
		return true
	}
	return inB && lx != nil && len(as) == 1 && lx.completes(a, sa, b, sb, e.Span)
}

// semicolon reports whether a span parts clauses with a semicolon or a
// colon.
func (d *Doc) semicolon(sp Span) bool {
	for i := sp.Lo; i < sp.Hi; i++ {
		if t := &d.Tokens[i]; t.Kind == Punct && (t.Text == ";" || t.Text == ":") {
			return true
		}
	}
	return false
}

func (lx *Lexicon) unjoin(a, b *Doc, pairs []Pair) []Pair {
	if lx == nil {
		return pairs
	}
	var out []Pair
	for _, p := range pairs {
		if len(p.A) < 2 || len(p.B) == 0 || len(p.A) <= len(p.B) {
			out = append(out, p)
			continue
		}
		whole := Sentence{Span: a.spanOf(p.A)}
		for _, i := range p.A {
			whole.Clauses = append(whole.Clauses, a.Sentences[i].Span)
		}
		sb := b.spanOf(p.B)
		cl, ok := lx.Missing(a, &whole, b, sb, false)
		switch {
		case ok && cl == a.Sentences[p.A[0]].Span:
			out = append(out, Pair{A: p.A[:1]}, Pair{A: p.A[1:], B: p.B})
		case ok && cl == a.Sentences[p.A[len(p.A)-1]].Span:
			out = append(out, Pair{A: p.A[:len(p.A)-1], B: p.B}, Pair{A: p.A[len(p.A)-1:]})
		default:
			out = append(out, p)
		}
	}
	return out
}

// mergedNearby reports whether the source sentences of pair k, which
// have no translation of their own, may be translated among the
// sentences that translate the rest of their paragraph, as a free
// translation merges and reorders sentences beyond what the aligner
// pairs: the lexicon finds there what they say (see completes), or knows
// too few of their words to tell, and the paragraph's translation is as
// long as its source leads to expect.
func mergedNearby(a, b *Doc, pairs []Pair, k int, c Calibration) bool {
	if c.Lexicon == nil {
		return false
	}
	para := a.Sentences[pairs[k].A[0]].Para
	var pa, pb Span
	pa.Lo, pb.Lo = -1, -1
	for _, p := range pairs {
		if len(p.A) == 0 || a.Sentences[p.A[0]].Para != para {
			continue
		}
		sa := a.spanOf(p.A)
		if pa.Lo < 0 || sa.Lo < pa.Lo {
			pa.Lo = sa.Lo
		}
		pa.Hi = max(pa.Hi, sa.Hi)
		if len(p.B) == 0 {
			continue
		}
		sb := b.spanOf(p.B)
		if pb.Lo < 0 || sb.Lo < pb.Lo {
			pb.Lo = sb.Lo
		}
		pb.Hi = max(pb.Hi, sb.Hi)
	}
	if pb.Lo < 0 {
		return false
	}
	sa := a.spanOf(pairs[k].A)
	if c.Lexicon.completes(a, sa, b, Span{pb.Lo, pb.Lo}, pb) {
		return true
	}
	known, found := c.Lexicon.knownIn(a, sa, b, pb)
	if known-found >= 2 {
		return false
	}
	if c.Delta(a, pa, b, pb) > -shortHint {
		return true
	}
	// A free translation runs shorter or longer than translations do,
	// but evenly: its paragraph is no shorter than its own wording makes
	// the paragraph without the sentence.
	ratio := float64(b.Len(Span{0, len(b.Tokens)})) / float64(max(1, a.Len(Span{0, len(a.Tokens)})))
	return float64(b.Len(pb)) >= ratio*float64(a.Len(pa)-a.Len(sa))
}

// omissionAt returns the token of b where the source sentences of pair k,
// which b lacks, would be: after the translation of the sentence before
// them when they continue its paragraph, or end the block of lines it
// is in (the last item of a list), else before the translation of the
// sentence after them.
func omissionAt(a, b *Doc, pairs []Pair, k int) int {
	p := pairs[k]
	prev, next := -1, -1
	for q := k - 1; q >= 0 && prev < 0; q-- {
		if len(pairs[q].A) > 0 && len(pairs[q].B) > 0 {
			prev = q
		}
	}
	for q := k + 1; q < len(pairs) && next < 0; q++ {
		if len(pairs[q].A) > 0 && len(pairs[q].B) > 0 {
			next = q
		}
	}
	first := a.Sentences[p.A[0]]
	continues := func(q int) bool {
		last := a.Sentences[pairs[q].A[len(pairs[q].A)-1]]
		return last.Para == first.Para || last.Block == first.Block && (next < 0 || a.Sentences[pairs[next].A[0]].Block != first.Block)
	}
	switch {
	case prev >= 0 && continues(prev):
		return b.Sentences[pairs[prev].B[len(pairs[prev].B)-1]].Hi - 1
	case next >= 0:
		return b.Sentences[pairs[next].B[0]].Lo
	case prev >= 0:
		return b.Sentences[pairs[prev].B[len(pairs[prev].B)-1]].Hi - 1
	}
	return max(len(b.Tokens)-1, 0)
}

// spanOf returns the tokens of consecutive sentences, from the first's
// start to the last's end.
func (d *Doc) spanOf(sents []int) Span {
	return Span{d.Sentences[sents[0]].Lo, d.Sentences[sents[len(sents)-1]].Hi}
}

// side is one side of an aligned pair: its sentences joined.
type side struct {
	d    *Doc
	span Span
	sent []int
}

func (s side) sentences() []*Sentence {
	out := make([]*Sentence, len(s.sent))
	for k, i := range s.sent {
		out[k] = &s.d.Sentences[i]
	}
	return out
}

// at maps token i of side x to the token of side y at the same relative
// place: where a word of x that y lacks would be in y.
func at(x side, i int, y side) int {
	n := x.span.Hi - x.span.Lo
	if n <= 1 {
		return y.span.Lo
	}
	rel := float64(i-x.span.Lo) / float64(n-1)
	j := y.span.Lo + int(math.Round(rel*float64(y.span.Hi-y.span.Lo-1)))
	return min(max(j, y.span.Lo), y.span.Hi-1)
}

func comparePair(a, b *Doc, p Pair, c Calibration, misspelt map[int]string, sib *Sibling) []Diff {
	x := side{a, a.spanOf(p.A), p.A}
	y := side{b, b.spanOf(p.B), p.B}
	base := Diff{SentA: p.A[0], SentB: p.B[0]}
	var out []Diff
	add := func(d Diff) {
		d.SentA, d.SentB = base.SentA, base.SentB
		out = append(out, d)
	}
	// Placeholders, occurrence by occurrence.
	phA, phB := tokensBy(x, func(t *Token) bool { return t.Kind == Placeholder }), tokensBy(y, func(t *Token) bool { return t.Kind == Placeholder })
	missingPh := map[string][]int{} // key: tokens of a without counterpart
	for _, key := range keysOf(phA, phB) {
		ia, ib := phA[key], phB[key]
		switch {
		case len(ia) > len(ib):
			missingPh[key] = leftOver(x, ia, y, ib, tokenPos)
		case len(ib) > len(ia):
			for _, i := range leftOver(y, ib, x, ia, tokenPos) {
				add(Diff{Kind: DiffPlaceholder, A: Span{at(y, i, x), at(y, i, x)}, B: Span{i, i + 1}, Concept: key})
			}
		}
	}
	// Numbers written out, against numbers and placeholders of a.
	litA, litB := literals(x), literals(y)
	weakA, weakB := weakValues(x), weakValues(y)
	usedA := map[int]bool{}
	var extraB []int
	matched := map[int]int{} // literal of b -> its literal of a
	for _, i := range litB {
		v := b.Tokens[i].Value
		if j := first(litA, usedA, func(j int) bool { return a.Tokens[j].Value == v }); j >= 0 {
			usedA[j] = true
			matched[i] = j
			continue
		}
		if slices.Contains(weakA, v) {
			continue
		}
		typed := false
		for key, list := range missingPh {
			if len(list) > 0 && a.Tokens[list[0]].HasValue && a.Tokens[list[0]].Value == v {
				add(Diff{Kind: DiffPlaceholder, A: Span{list[0], list[0] + 1}, B: Span{i, i + 1}, Concept: key, Value: v, HasValue: true})
				missingPh[key] = list[1:]
				typed = true
				break
			}
		}
		if !typed {
			extraB = append(extraB, i)
		}
	}
	for _, key := range sortedKeys(missingPh) {
		for _, j := range missingPh[key] {
			k := at(x, j, y)
			add(Diff{Kind: DiffPlaceholder, A: Span{j, j + 1}, B: Span{k, k}, Concept: key})
		}
	}
	phValues := map[float64]bool{}
	for _, list := range phB {
		for _, i := range list {
			if b.Tokens[i].HasValue {
				phValues[b.Tokens[i].Value] = true
			}
		}
	}
	var lostA []int
	for _, j := range litA {
		if usedA[j] {
			continue
		}
		v := a.Tokens[j].Value
		if slices.Contains(weakB, v) || phValues[v] {
			continue
		}
		lostA = append(lostA, j)
	}
	for _, i := range extraB {
		d := Diff{Kind: DiffNumber, B: Span{i, i + 1}, OtherValue: b.Tokens[i].Value, HasOther: true}
		if len(lostA) > 0 {
			j := lostA[nearestOf(y, i, x, lostA, tokenPos)]
			lostA = slices.DeleteFunc(lostA, func(k int) bool { return k == j })
			d.A, d.Value, d.HasValue = Span{j, j + 1}, a.Tokens[j].Value, true
		} else {
			k := at(y, i, x)
			d.A = Span{k, k}
		}
		add(d)
	}
	for _, j := range lostA {
		k := at(x, j, y)
		add(Diff{Kind: DiffNumber, A: Span{j, j + 1}, B: Span{k, k}, Value: a.Tokens[j].Value, HasValue: true})
	}
	// Placeholders of one key pair in order.
	allA := slices.Clone(litA)
	for _, key := range keysOf(phA) {
		allA = append(allA, phA[key]...)
		for k := range min(len(phA[key]), len(phB[key])) {
			matched[phB[key][k]] = phA[key][k]
		}
	}
	// A number moved is judged in a pair of two sentences, and where
	// there is a sibling, only where its sentence aligns with both.
	single := len(p.A) == 1 && len(p.B) == 1
	var sibling *sibSide
	if single && sib != nil && sib.Lexicon != nil {
		sibling = sib.at(p)
		single = sibling != nil
	}
	bound(x, y, allA, matched, c.Lexicon.judging(a, x.span, b, y.span), sibling, single, add)
	inOrder(x, y, matched, add)
	// Concepts: one named where the other names a sibling.
	mA, mB := mentionsBy(x), mentionsBy(y)
	lost := map[string][]int{}
	var gained []string
	for _, cpt := range keysOf(mA, mB) {
		ia, ib := mA[cpt], mB[cpt]
		if len(ia) > len(ib) {
			lost[cpt] = leftOver(x, ia, y, ib, mentionPos)
		}
		if len(ib) > len(ia) {
			gained = append(gained, cpt)
		}
	}
	// Each word of the sibling witnesses one swap.
	witnessed := map[int]bool{}
	for _, g := range gained {
		for _, i := range leftOver(y, mB[g], x, mA[g], mentionPos) {
			m := b.Mentions[i]
			best, bestTok := "", -1
			for _, l := range sortedKeys(lost) {
				gr := a.Vocab.Siblings(l, g)
				if len(lost[l]) == 0 || gr == nil {
					continue
				}
				j := lost[l][nearestOf(y, m.Tok, x, lost[l], mentionPos)]
				// A place a card comes from is no place it goes to: "draw
				// from the discard pile" against "piochez … en main".
				if gr.Kind == model.Places && otherRoles(placeRole(a, a.Mentions[j].Tok), placeRole(b, m.Tok)) {
					continue
				}
				if bestTok < 0 || math.Abs(float64(at(x, a.Mentions[j].Tok, y)-m.Tok)) < math.Abs(float64(at(x, bestTok, y)-m.Tok)) {
					best, bestTok = l, a.Mentions[j].Tok
				}
			}
			if best == "" {
				if d, ok := sib.swapped(p, x, y, m, g, witnessed); ok {
					add(d)
				}
				continue
			}
			kind := groupDiff(a.Vocab.Siblings(best, g))
			var ja int
			for k, mi := range lost[best] {
				if a.Mentions[mi].Tok == bestTok {
					ja = mi
					lost[best] = slices.Delete(lost[best], k, k+1)
					break
				}
			}
			add(Diff{Kind: kind, A: Span{a.Mentions[ja].Tok, a.Mentions[ja].End}, B: Span{m.Tok, m.End}, Concept: best, Other: g})
		}
	}
	// Codes, digits stuck to letters ("121DESIGN"): names, which no
	// translation changes.
	codesA, codesB := codes(x), codes(y)
	var extraCodes, lostCodes []int
	for _, key := range keysOf(codesA, codesB) {
		na, nb := codesA[key], codesB[key]
		if len(nb) > len(na) {
			extraCodes = append(extraCodes, nb[len(na):]...)
		}
		if len(na) > len(nb) {
			lostCodes = append(lostCodes, na[len(nb):]...)
		}
	}
	for _, i := range extraCodes {
		if len(lostCodes) == 0 {
			break
		}
		k := nearestOf(y, i, x, lostCodes, tokenPos)
		j := lostCodes[k]
		lostCodes = slices.Delete(lostCodes, k, k+1)
		add(Diff{Kind: DiffProper, A: Span{j, codeEnd(a, j)}, B: Span{i, codeEnd(b, i)}, Concept: codeOf(a, j), Other: codeOf(b, i)})
	}
	// Proper names: misspelt here, or dropped.
	seen := map[string]bool{}
	for i := y.span.Lo; i < y.span.Hi; i++ {
		if n, ok := misspelt[i]; ok {
			add(Diff{Kind: DiffProper, A: Span{at(y, i, x), at(y, i, x)}, B: Span{i, i + 1}, Concept: n, Other: b.Tokens[i].Text})
			seen[Fold(n)] = true
		}
	}
	for _, cpt := range sortedKeys(lost) {
		if !a.Vocab.Proper(cpt) || len(lost[cpt]) == 0 {
			continue
		}
		spelt := false
		for _, n := range b.Vocab.Names(cpt) {
			spelt = spelt || seen[Fold(n)]
		}
		if spelt {
			continue
		}
		j := lost[cpt][0]
		k := at(x, a.Mentions[j].Tok, y)
		add(Diff{Kind: DiffProper, A: Span{a.Mentions[j].Tok, a.Mentions[j].End}, B: Span{k, k}, Concept: cpt})
	}
	// Polarity: negations, counted one by one.
	negA, negB := negated(x), negated(y)
	switch {
	case len(negB) > len(negA):
		for _, cu := range leftOver(y, negB, x, negA, cuePos) {
			add(Diff{Kind: DiffNegation, A: Span{at(y, cu.Tok, x), at(y, cu.Tok, x)}, B: Span{cu.Tok, cu.End}})
		}
	case len(negA) > len(negB):
		for _, cu := range leftOver(x, negA, y, negB, cuePos) {
			k := at(x, cu.Tok, y)
			add(Diff{Kind: DiffNegation, A: Span{cu.Tok, cu.End}, B: Span{k, k}})
		}
	}
	// Modality ("must" against "can" only) and contrasts (left against
	// right): a word of a group the translation lacks, where it has
	// another of the group more, counted one by one as negations are; a
	// word left out is style.
	modals := func(sen *Sentence) []Cue { return sen.Modals }
	turned(x, y, []string{"can", "must"}, byKind(x, modals), byKind(y, modals), DiffModality, add)
	connsX, connsY := byKind(x, connectives), byKind(y, connectives)
	for _, g := range contrasts {
		turned(x, y, g, connsX, connsY, DiffContrast, add)
	}
	if single {
		articled(x, y, connsX, connsY, c.Lexicon.judging(a, x.span, b, y.span), sibling, add)
	}
	// Open-class words, in sentences paired one to one.
	if len(p.A) == 1 && len(p.B) == 1 {
		for _, d := range c.Lexicon.Replaced(a, p.A[0], b, p.B[0], sib) {
			add(d)
		}
	}
	// Length: a clause dropped; with c.Joins, also a sentence dropped
	// from sentences the translation joined, which the alignment pairs as
	// a join.
	short, shorter := false, false
	if (len(p.A) == len(p.B) || c.Joins) && a.Len(x.span) >= lengthMin {
		d := c.Delta(a, x.span, b, y.span)
		if d < -LengthLimit {
			add(Diff{Kind: DiffLength, A: x.span, B: y.span, Delta: d, Ratio: float64(b.Len(y.span)) / float64(max(1, a.Len(x.span)))})
			short = true
		}
		shorter = d < -shortHint
	}
	if !short && (len(p.A) == 1 && len(p.B) == 1 || c.Joins) {
		// A clause by clause match needs the clauses of one sentence.
		if cl, ok := c.Lexicon.Missing(a, &a.Sentences[p.A[0]], b, y.span, shorter); ok && len(p.A) == 1 && len(p.B) == 1 {
			k := at(x, cl.Lo, y)
			add(Diff{Kind: DiffClause, A: cl, B: Span{k, k}})
		} else if k, cl, over := dropped(a, b, p, c, sib); over > 0 {
			kind := DiffClause
			if j := a.SentenceAt(cl.Lo); j >= 0 && a.Sentences[j].Span == cl && len(p.A) > len(p.B) {
				kind = DiffOmission // a whole sentence, which the aligner joined
			}
			add(Diff{Kind: kind, A: cl, B: Span{k, k}})
		}
	}
	return out
}

// bound adds the numbers of y that count another thing than their
// counterparts in x: matched takes each number of y (a literal, or a
// placeholder) to its counterpart of equal value in x, and allA lists
// every number of x. "3 cartes et 2 pièces" for "2 cards and 3 coins",
// where each counts with the other's number what the other counts, is a
// number moved; "3 joueurs" for "3 cards", where y names players more
// often than x does and cards less often, is the thing counted replaced.
// A thing counted in other words ("2 cartes Dragon", "2 Dragon cards"),
// named as often on both sides, is neither.
//
// Where no concept is counted, the words around each number tell what it
// does: "deals {{a}} new cards, who keep {{b}} of them" against "gibt
// {{b}} neue Karten, jeder behält {{a}} davon" is two numbers swapped when
// the game's lexicon (lx) ties the words around each number of y more to
// those around the other's counterpart than to those around its own.
//
// In a pair of single sentences (single), a number of y that stands
// apart from the word its counterpart goes with, by words that translate
// another part of x, is a number moved, confirmed by the sibling's
// number of that value where there is a sibling (sib).
func bound(x, y side, allA []int, matched map[int]int, lx *Lexicon, sib *sibSide, single bool, add func(Diff)) {
	a, b := x.d, y.d
	reported := map[int]bool{}
	named := func(s side, cpt string) int {
		n := 0
		for _, sen := range s.sentences() {
			for _, k := range sen.Mentions {
				if s.d.Mentions[k].Concept == cpt {
					n++
				}
			}
		}
		return n
	}
	unit := func(d *Doc, i int) (string, int) {
		if k := d.unitMention(i); k >= 0 {
			return d.Mentions[k].Concept, d.Mentions[k].End
		}
		return "", i + 1
	}
	// countedBy reports whether a number of y the same as x's j counts cpt.
	countedBy := func(cpt string, j int) bool {
		for i := range matched {
			if u, _ := unit(b, i); u == cpt && numberID(b, i) == numberID(a, j) {
				return true
			}
		}
		return false
	}
	for _, i := range slices.Sorted(maps.Keys(matched)) {
		j := matched[i]
		ua, endA := unit(a, j)
		ub, endB := unit(b, i)
		if ua == "" || ub == "" || ua == ub {
			continue
		}
		// The number of x that counts what y's counts, if another.
		other, same := -1, false
		for _, j2 := range allA {
			if u, _ := unit(a, j2); u == ub {
				if numberID(a, j2) == numberID(b, i) {
					same = true
				} else if other < 0 {
					other = j2
				}
			}
		}
		switch {
		case same:
		case other >= 0 && countedBy(ua, other):
			_, end := unit(a, other)
			add(Diff{Kind: DiffNumber, A: Span{other, end}, B: Span{i, endB}, Value: a.Tokens[other].Value, OtherValue: b.Tokens[i].Value, HasValue: true, HasOther: true})
			reported[i] = true
		case named(y, ub) > named(x, ub) && named(y, ua) < named(x, ua) && a.Vocab.Siblings(ua, ub) == nil:
			// Siblings (dwarves for gnomes) are a concept swapped, found
			// as such.
			add(Diff{Kind: DiffCounted, A: Span{j, endA}, B: Span{i, endB}, Concept: ua, Other: ub, Value: a.Tokens[j].Value, OtherValue: b.Tokens[i].Value, HasValue: true, HasOther: true})
			reported[i] = true
		}
	}
	if lx == nil {
		// Two texts of one language (a rulebook and the rules) say a
		// number by the same words.
		if single && a.Vocab.Lang.Tag == b.Vocab.Lang.Tag {
			movedNumbers(x, y, matched, reported, nil, sib, add)
		}
		return
	}
	ctxA, ctxB := map[int][]string{}, map[int][]string{}
	for i, j := range matched {
		ctxA[j], ctxB[i] = lx.around(a, j), lx.around(b, i)
	}
	// Each word around a number of x stands for its best translation in
	// y's sentence, or itself (a name).
	inB := lx.stems(b, y.span)
	tied := func(j, i int) int {
		n := 0
		for _, e := range ctxA[j] {
			if f := lx.best(e, inB); f != "" && slices.Contains(ctxB[i], f) {
				n++
			}
		}
		return n
	}
	keys := slices.Sorted(maps.Keys(matched))
	for p, i := range keys {
		for _, i2 := range keys[p+1:] {
			j, j2 := matched[i], matched[i2]
			if reported[i] || reported[i2] || numberID(b, i) == numberID(b, i2) {
				continue
			}
			if tied(j, i2) > tied(j, i) && tied(j2, i) > tied(j2, i2) {
				add(Diff{Kind: DiffNumber, A: Span{j2, j2 + 1}, B: Span{i, i + 1}, Value: a.Tokens[j2].Value, OtherValue: b.Tokens[i].Value, HasValue: true, HasOther: true})
				reported[i], reported[i2] = true, true
			}
		}
	}
	if single {
		movedNumbers(x, y, matched, reported, lx, sib, add)
	}
}

// inOrder adds the first number of each list of numbers of y ("4, 5 or
// 6", "ten, nine, eight", "2 to 4") that is not where its counterpart
// stands in the source's list: a translation keeps a list's order.
func inOrder(x, y side, matched map[int]int, add func(Diff)) {
	a, b := x.d, y.d
	listsA := lists(a, x.span)
	for _, run := range lists(b, y.span) {
		k := slices.IndexFunc(listsA, func(l []int) bool { return slices.Contains(l, matched[run[0]]) })
		if k < 0 {
			continue
		}
		// The source's list, as far as it has counterparts here.
		var src []int
		for _, j := range listsA[k] {
			for _, i := range run {
				if j2, ok := matched[i]; ok && j2 == j {
					src = append(src, j)
				}
			}
		}
		if len(src) != len(run) {
			continue
		}
		for n, i := range run {
			if numberID(a, src[n]) != numberID(b, i) {
				add(Diff{Kind: DiffNumber, A: Span{src[n], src[n] + 1}, B: Span{i, i + 1}, Value: a.Tokens[src[n]].Value, OtherValue: b.Tokens[i].Value, HasValue: true, HasOther: true})
				break
			}
		}
	}
}

// lists returns the lists of two numbers or more of a span: numbers (or
// placeholders) with nothing but commas and a joining word between them,
// and the ranges ("2 to 4").
func lists(d *Doc, sp Span) [][]int {
	var out [][]int
	var run []int
	gap := false // a joining word since the last number
	for i := sp.Lo; i < sp.Hi; i++ {
		t := &d.Tokens[i]
		switch {
		case t.Kind == Placeholder || t.Kind == Number && !t.Weak:
			run, gap = append(run, i), false
			continue
		case len(run) > 0 && t.Kind == Punct && t.Text == ",":
			continue
		case len(run) > 0 && t.Kind == Word && (d.Vocab.Lang.joins[t.Norm] || d.Vocab.Lang.ranges[t.Norm]) && !gap:
			gap = true
			continue
		}
		if len(run) >= 2 {
			out = append(out, run)
		}
		run, gap = nil, false
	}
	if len(run) >= 2 {
		out = append(out, run)
	}
	return out
}

// numberID is what a number states: its value, or, for a placeholder,
// the value it stands for.
func numberID(d *Doc, i int) string {
	if t := &d.Tokens[i]; t.Kind == Placeholder {
		return "{{" + t.Key
	}
	return strconv.FormatFloat(d.Tokens[i].Value, 'g', -1, 64)
}

// dropped returns the clause of a pair's source most likely dropped from
// its translation, the token of b where it would be, and by how much its
// score passes its limit: DropLimit for any run of words
// (Lexicon.Dropped, with the sibling's evidence), ClauseLimit for a whole
// clause of the source (see openedClauses), which is what a translator
// drops and which fewer runs can be, and SentenceLimit for a whole
// sentence of sentences the aligner joined into fewer. Sentences joined
// on either side are weighed as one, since a clause dropped makes the
// aligner join the sentences around it; as many on both sides are also
// weighed one by one.
func dropped(a, b *Doc, p Pair, c Calibration, sib *Sibling) (int, Span, float64) {
	try := func(pa, pb []int) (int, Span, float64) {
		x := side{a, a.spanOf(pa), pa}
		y := side{b, b.spanOf(pb), pb}
		r := c.Lexicon.drop(a, joined(a, pa), b, y.span, c)
		n := float64(max(x.span.Hi-x.span.Lo, 1))
		score := func(cl Span, s, limit float64) float64 {
			if math.IsInf(s, -1) {
				return s
			}
			lo, hi := float64(cl.Lo-x.span.Lo)/n, float64(cl.Hi-x.span.Lo)/n
			return s + siblingWeight*sib.evidenceAt(pa, b, pb, lo, hi) - limit
		}
		run, whole := score(r.run, r.score, DropLimit), score(r.clause, r.clauseScore, ClauseLimit)
		if len(pa) > len(pb) {
			if sent := score(r.sent, r.sentScore, SentenceLimit); sent > max(run, whole) {
				return at(x, r.sent.Lo, y), r.sent, sent
			}
		}
		if whole > run {
			return at(x, r.clause.Lo, y), r.clause, whole
		}
		return at(x, r.run.Lo, y), r.run, run
	}
	k, cl, score := try(p.A, p.B)
	// One sentence alone is weighed when the pair as a whole leans
	// towards a drop already: sentences cut elsewhere than the source's
	// make one look short and the next long.
	if len(p.A) > 1 && len(p.A) == len(p.B) && score > -DropLimit/2 {
		for i := range p.A {
			if !matched(a, b, p, i, c) {
				continue
			}
			k2, cl2, s2 := try(p.A[i:i+1], p.B[i:i+1])
			if s2 > score {
				k, cl, score = k2, cl2, s2
			}
		}
	}
	return k, cl, score
}

// matched reports whether the sentences of a pair other than the i-th
// are as long as their counterparts lead to expect, one by one: then the
// sentences match one to one, and the i-th may be weighed alone.
func matched(a, b *Doc, p Pair, i int, c Calibration) bool {
	for j := range p.A {
		if j != i && math.Abs(c.Delta(a, a.Sentences[p.A[j]].Span, b, b.Sentences[p.B[j]].Span)) > matchSpread {
			return false
		}
	}
	return true
}

// matchSpread is how many standard deviations from its expected length a
// sentence may lie and still match its counterpart one to one.
const matchSpread = 1.5

// codes returns the codes of a side, digits stuck to letters, by their
// text: the token where each starts.
func codes(s side) map[string][]int {
	out := map[string][]int{}
	for i := s.span.Lo; i < s.span.Hi; i++ {
		t := &s.d.Tokens[i]
		if t.Kind == Number && t.Ref && i+1 < len(s.d.Tokens) && s.d.Tokens[i+1].Kind == Word && s.d.Tokens[i+1].Joined {
			out[codeOf(s.d, i)] = append(out[codeOf(s.d, i)], i)
		}
	}
	return out
}

// codeEnd returns the end of the code starting at token i.
func codeEnd(d *Doc, i int) int {
	j := i + 1
	for j < len(d.Tokens) && d.Tokens[j].Joined && d.Tokens[j].Kind != Punct {
		j++
	}
	return j
}

func codeOf(d *Doc, i int) string { return d.Text(i, codeEnd(d, i)) }

func tokensBy(s side, ok func(*Token) bool) map[string][]int {
	out := map[string][]int{}
	for i := s.span.Lo; i < s.span.Hi; i++ {
		if t := &s.d.Tokens[i]; ok(t) {
			out[t.Key] = append(out[t.Key], i)
		}
	}
	return out
}

func mentionsBy(s side) map[string][]int {
	out := map[string][]int{}
	for _, sen := range s.sentences() {
		for _, k := range sen.Mentions {
			c := s.d.Mentions[k].Concept
			out[c] = append(out[c], k)
		}
	}
	return out
}

func literals(s side) []int {
	var out []int
	for _, sen := range s.sentences() {
		for _, i := range sen.Numbers {
			if s.d.Tokens[i].Kind == Number {
				out = append(out, i)
			}
		}
	}
	return out
}

func weakValues(s side) []float64 {
	var out []float64
	for _, sen := range s.sentences() {
		for _, i := range sen.Weak {
			out = append(out, s.d.Tokens[i].Value)
		}
	}
	return out
}

func cues(s side, f func(*Sentence) []Cue) []Cue {
	var out []Cue
	for _, sen := range s.sentences() {
		out = append(out, f(sen)...)
	}
	return out
}

// negated returns the negation cues of a side. "ni", "nor" and "noch"
// continue a negation and are no cues of their own; French concord is
// one cue (see annotate).
func negated(s side) []Cue { return cues(s, func(s *Sentence) []Cue { return s.Negations }) }

// byKind returns the cues of a side (f of each sentence) by their kind.
func byKind(s side, f func(*Sentence) []Cue) map[string][]Cue {
	out := map[string][]Cue{}
	for _, c := range cues(s, f) {
		out[c.Kind] = append(out[c.Kind], c)
	}
	return out
}

// turned adds, for each word of group (cue kinds, inX and inY the cues
// of each side by kind) that side x has more of than y, where y has more
// of another of the group at about its place, a difference of kind
// between the two.
func turned(x, y side, group []string, inX, inY map[string][]Cue, kind DiffKind, add func(Diff)) {
	for _, k1 := range group {
		for _, k2 := range group {
			if k1 == k2 || len(inX[k1]) <= len(inY[k1]) || len(inY[k2]) <= len(inX[k2]) {
				continue
			}
			lostA := leftOver(x, inX[k1], y, inY[k1], cuePos)
			gainedB := leftOver(y, inY[k2], x, inX[k2], cuePos)
			// A word turned into another stays at its place: a word
			// gained far from the one lost is another word ("nach
			// Fraktionen", by faction, against "the one before").
			near := max(4, (y.span.Hi-y.span.Lo)/3)
			for _, ca := range lostA {
				k := slices.IndexFunc(gainedB, func(cb Cue) bool { return abs(at(x, ca.Tok, y)-cb.Tok) <= near })
				if k < 0 {
					continue
				}
				cb := gainedB[k]
				gainedB = slices.Delete(gainedB, k, k+1)
				add(Diff{Kind: kind, A: Span{ca.Tok, ca.End}, B: Span{cb.Tok, cb.End}, Concept: k1, Other: k2})
			}
		}
	}
}

// articled adds each "each" of x (inX and inY the cues of each side by
// kind) where y puts an article on the translation of the word it goes
// with ("un joueur" for "each player"), or says one of a whole where y
// has an each fewer ("un des" for "chacun des"). An article says "a" as
// often as one, so only the words the lexicon (lx) ties say it stands
// for the source's each; and where there is a sibling (sib), only where
// it keeps an each at that place. "Each" left out ("les joueurs") is
// style.
func articled(x, y side, inX, inY map[string][]Cue, lx *Lexicon, sib *sibSide, add func(Diff)) {
	const each = "each"
	a, b := x.d, y.d
	inB := lx.stems(b, y.span)
	var inSib []Cue
	if sib != nil {
		inSib = byKind(sib.side, connectives)[each]
	}
	for _, ca := range inX[each] {
		if sib != nil && !slices.ContainsFunc(inSib, func(c Cue) bool { return abs(c.Tok-at(x, ca.Tok, sib.side)) <= articleNear(sib.side) }) {
			continue // the sibling words it otherwise too
		}
		if len(inY[each]) < len(inX[each]) {
			// "Each of them" turned into "one of them": the pronoun
			// lost, and one of a whole at its place.
			if i := partOf(x, ca, y); i >= 0 {
				add(Diff{Kind: DiffContrast, A: Span{ca.Tok, ca.End + 1}, B: Span{i, i + 2}, Concept: each, Other: "one"})
				continue
			}
		}
	phrase:
		for _, e := range phrase(a, ca.End, x.span) {
			for _, stem := range lx.addStems(nil, a, a.Tokens[e].Norm) {
				f := lx.evidence(stem, inB)
				if f == "" {
					continue
				}
				k := lx.nearest(b, y.span, at(x, ca.Tok, y), f)
				if abs(k-at(x, ca.Tok, y)) > articleNear(y) {
					continue
				}
				art, modifier := determiner(b, k, y.span)
				if modifier {
					continue // "carte de gobelin": the noun is another
				}
				// An article after a preposition the source's each
				// lacks makes a phrase of its own ("an einem Tag" for
				// "chaque jour"): the translator's wording.
				if art >= 0 && article(&b.Tokens[art]) && !(adposition(b, art-1, y.span) && !adposition(a, ca.Tok-1, x.span)) {
					add(Diff{Kind: DiffContrast, A: Span{ca.Tok, e + 1}, B: Span{art, k + 1}, Concept: each, Other: "one"})
				}
				break phrase
			}
		}
	}
}

// partOf returns, where the each of x at cue ca says "each of" a whole,
// the token of y nearest its place that says "one of" it ("un des",
// "einer der"), or -1.
func partOf(x side, ca Cue, y side) int {
	a, b := x.d, y.d
	if !wordOf(a, ca.End, x.span, a.Vocab.Lang.Partitive) {
		return -1
	}
	want, out := at(x, ca.Tok, y), -1
	for i := max(y.span.Lo, want-articleNear(y)); i < min(y.span.Hi, want+articleNear(y)+1); i++ {
		if article(&b.Tokens[i]) && wordOf(b, i+1, y.span, b.Vocab.Lang.Partitive) && (out < 0 || abs(i-want) < abs(out-want)) {
			out = i
		}
	}
	return out
}

// articleNear is how far from its place a word of side s may stand and
// still be at it.
func articleNear(s side) int { return max(4, (s.span.Hi-s.span.Lo)/3) }

// phraseWords is how many words a determiner stands from the noun it
// goes with, at most ("each other player", "ein böser Herrscher").
const phraseWords = 3

// phrase returns the content words among the phraseWords words of span
// sp from token i on, short of punctuation, numbers and prepositions:
// the words a determiner before i goes with.
func phrase(d *Doc, i int, sp Span) []int {
	var out []int
	for n := 0; n < phraseWords && i < sp.Hi; n, i = n+1, i+1 {
		t := &d.Tokens[i]
		if t.Kind != Word || adposition(d, i, sp) {
			break
		}
		if d.Vocab.Lang.Content(t.Norm) {
			out = append(out, i)
		}
	}
	return out
}

// determiner returns the number before token k of span sp, over the
// content words between (adjectives), or -1: the article or numeral
// word k goes with. modifier says k follows a preposition: a word that
// qualifies another ("carte de gobelin").
func determiner(d *Doc, k int, sp Span) (tok int, modifier bool) {
	for i := k - 1; i >= max(sp.Lo, k-phraseWords); i-- {
		t := &d.Tokens[i]
		switch {
		case t.Kind == Number:
			return i, false
		case adposition(d, i, sp):
			return -1, i == k-1
		case t.Kind != Word || !d.Vocab.Lang.Content(t.Norm):
			return -1, false
		}
	}
	return -1, false
}

// adposition reports whether token k of d, in span sp, is a preposition.
func adposition(d *Doc, k int, sp Span) bool { return wordOf(d, k, sp, d.Vocab.Lang.Adposition) }

// wordOf reports whether token k of d, in span sp, is a word of a class
// (in, given its folded form).
func wordOf(d *Doc, k int, sp Span, in func(string) bool) bool {
	return k >= sp.Lo && k < sp.Hi && d.Tokens[k].Kind == Word && in(d.Tokens[k].Norm)
}

// article reports whether a token is a number that says one as often as
// "a" ("un", "ein", "a").
func article(t *Token) bool { return t.Kind == Number && t.Weak && t.Value == 1 }

// connectives returns a sentence's connectives and words of quantity.
func connectives(sen *Sentence) []Cue { return slices.Concat(sen.Connectives, sen.Quantities) }

// leftOver returns the items of xs (in side x) left over when each item
// of ys (in side y) takes the one nearest to its place; pos gives the
// token an item stands at.
func leftOver[T any](x side, xs []T, y side, ys []T, pos func(side, T) int) []T {
	left := slices.Clone(xs)
	for _, c := range ys {
		if len(left) == 0 {
			break
		}
		k := nearestOf(y, pos(y, c), x, left, pos)
		left = slices.Delete(left, k, k+1)
	}
	return left
}

// nearestOf returns the index in list of the item (in side x) nearest to
// where token tok of side y would be in x; the first of equals.
func nearestOf[T any](y side, tok int, x side, list []T, pos func(side, T) int) int {
	want := at(y, tok, x)
	best := 0
	for k := range list[1:] {
		if abs(pos(x, list[k+1])-want) < abs(pos(x, list[best])-want) {
			best = k + 1
		}
	}
	return best
}

// The tokens items stand at: a token, a mention, a cue.
func tokenPos(_ side, i int) int   { return i }
func mentionPos(s side, k int) int { return s.d.Mentions[k].Tok }
func cuePos(_ side, c Cue) int     { return c.Tok }

func first(list []int, used map[int]bool, ok func(int) bool) int {
	for _, j := range list {
		if !used[j] && ok(j) {
			return j
		}
	}
	return -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func keysOf[V any](ms ...map[string]V) []string {
	var out []string
	for _, m := range ms {
		for k := range m {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

func sortedKeys[V any](m map[string]V) []string { return keysOf(m) }
