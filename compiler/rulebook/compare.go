package rulebook

import (
	"fmt"
	"math"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Thresholds of the comparison of two books: the context two places must
// share (concepts and numbers, weighted by closeness) to be taken for one,
// and how far a concept may lie from such a place.
const (
	compareMin = 2.0
	anchorMin  = 2.5
	nearby     = 6
	// supportWindow is how near the best place a number of b with the
	// value of a's counts as the same ("4 … and 2 victory points").
	supportWindow = 12
	// drift weighs how far apart two places lie in their sections (0 to
	// 1) against their shared context.
	drift = 1.5
)

// Compare reads two rulebooks of a game in different languages section by
// section and reports, in book a, the numbers (G305) and game concepts
// (G306) that differ from book b at the same place, and the sections of
// either without counterpart in the other (G307). The other book's line is
// given in each message.
func Compare(g *model.Game, a, b *Book) diag.List {
	var d diag.List
	v, err := loadVocab()
	if err != nil {
		d.Errorf(diag.Pos{File: a.Name}, diag.SectionConcepts, "cannot read the checker's vocabulary: %v", err)
		return d
	}
	c := &comparer{a: newIndex(g, v, a.Lang).read(a), b: newIndex(g, v, b.Lang).read(b), v: v, d: &d}
	c.sections()
	for _, gs := range c.a.ix.sections {
		ta, okA := c.a.section(gs.sec.ID)
		tb, okB := c.b.section(gs.sec.ID)
		if gs.front || !okA || !okB {
			continue
		}
		p := c.pair(ta, tb)
		c.numbers(p)
		c.concepts(p)
		c.sentences(p)
	}
	return d.Sort()
}

// comparer holds one comparison of book a against book b.
type comparer struct {
	a, b *reading
	v    *vocab
	d    *diag.List
}

// pair is one section in both books, with the context of every place.
type pair struct {
	a, b         text
	bagA, bagB   []bag
	ments, mentB []mention
	ctxA, ctxB   []bag // the context of each mention
	// partner is, for each mention of b, the token of the mention of a
	// of the same concept that fits it best, or -1.
	partner []int
	sa, sb  []statement    // the sentences of a and b
	count   map[string]int // mentions of each concept in a less those in b
}

func (c *comparer) pair(ta, tb text) *pair {
	p := &pair{a: ta, b: tb, bagA: bags(ta), bagB: bags(tb), sa: statements(ta), sb: statements(tb), count: map[string]int{}}
	for _, m := range c.a.ments {
		if m.tok >= ta.lo && m.tok < ta.hi && !c.a.quiet(ta.ts[m.tok]) {
			p.ments = append(p.ments, m)
		}
	}
	for _, m := range c.b.ments {
		if m.tok >= tb.lo && m.tok < tb.hi && !c.b.quiet(tb.ts[m.tok]) {
			p.mentB = append(p.mentB, m)
		}
	}
	for _, m := range p.ments {
		p.ctxA = append(p.ctxA, ta.context(m.tok, m.end, false))
		p.count[m.concept]++
	}
	for _, n := range p.mentB {
		p.count[n.concept]--
	}
	for k, n := range p.mentB {
		p.ctxB = append(p.ctxB, tb.context(n.tok, n.end, false))
		best, score := -1, math.Inf(-1)
		for i, m := range p.ments {
			if s := p.fit(p.ctxA[i], m.tok, p.ctxB[k], n.tok); m.concept == n.concept && s > score {
				best, score = m.tok, s
			}
		}
		p.partner = append(p.partner, best)
	}
	return p
}

// bags returns the context, across languages, of each counted token.
func bags(x text) []bag {
	out := make([]bag, x.hi-x.lo)
	for i := x.lo; i < x.hi; i++ {
		if x.counts(i) {
			out[i-x.lo] = x.context(i, i+1, false)
		}
	}
	return out
}

// rel returns where token i lies in its section, from 0 to 1.
func (x text) rel(i int) float64 {
	if x.hi-x.lo <= 1 {
		return 0
	}
	return float64(i-x.lo) / float64(x.hi-x.lo-1)
}

// fit scores place i of book a against place j of book b.
func (p *pair) fit(ca bag, i int, cb bag, j int) float64 {
	return overlap(ca, cb) - drift*math.Abs(p.a.rel(i)-p.b.rel(j))
}

func (c *comparer) pos(t token) diag.Pos {
	return diag.Pos{File: c.a.b.Name, Line: t.line, Col: t.col}
}

// where names a place of book b for messages: "warlock-en.txt:259".
func (c *comparer) where(t token) string {
	return fmt.Sprintf("%s:%d", c.b.b.Name, t.line)
}

// sections reports the sections found in one book only (G307).
func (c *comparer) sections() {
	pa, pb := placedByID(c.a.placed), placedByID(c.b.placed)
	for k, gs := range c.a.ix.sections {
		id := gs.sec.ID
		x, inA := pa[id]
		y, inB := pb[id]
		switch {
		case inA && !inB:
			c.d.Warnf(diag.Pos{File: c.a.b.Name, Line: x.line, Col: x.col}, diag.SectionAlignment,
				"section %s has no counterpart in %s", sectionName(gs), c.b.b.Name)
		case inB && !inA:
			at := diag.Pos{File: c.a.b.Name, Line: len(c.a.b.Lines), Col: 1}
			for _, next := range c.a.ix.sections[k+1:] {
				if n, ok := pa[next.sec.ID]; ok {
					at = diag.Pos{File: c.a.b.Name, Line: n.line, Col: n.col}
					break
				}
			}
			c.d.Warnf(at, diag.SectionAlignment, "section %s of %s:%d has no counterpart here", sectionName(gs), c.b.b.Name, y.line)
		}
	}
}

func placedByID(ps []placed) map[string]placed {
	out := map[string]placed{}
	for _, p := range ps {
		out[p.id] = p
	}
	return out
}

// sectionName names a section in messages: `2.4 "Changement de premier
// joueur"`.
func sectionName(gs *gameSection) string {
	if gs.sec.Number != "" {
		return fmt.Sprintf("%s %q", gs.sec.Number, spaces(gs.title))
	}
	return fmt.Sprintf("%q", spaces(gs.title))
}

// numbers reports numbers of book a that book b gives otherwise at the
// same place (G305): a number counting a concept, matched to the numbers
// of b that count the same concept, by context. A value b has at a place
// that fits nearly as well, or near the best place, is no finding.
func (c *comparer) numbers(p *pair) {
	units, unitsA := c.b.units(p.b), c.a.units(p.a)
	for i := p.a.lo; i < p.a.hi; i++ {
		t := p.a.ts[i]
		if !t.explicit() || c.a.quiet(t) || c.a.ix.partitive(p.a, i) {
			continue
		}
		unit, end := c.a.ix.unitOf(p.a, i)
		if unit == "" {
			continue
		}
		ca := p.bagA[i-p.a.lo]
		best, bestScore := -1, math.Inf(-1)
		scores := make([]float64, len(units))
		for j := p.b.lo; j < p.b.hi; j++ {
			if units[j-p.b.lo] != unit {
				continue
			}
			cb := p.bagB[j-p.b.lo]
			if cb == nil { // an article, which counts for no context
				cb = p.b.context(j, j+1, false)
			}
			scores[j-p.b.lo] = p.fit(ca, i, cb, j)
			if u := p.b.ts[j]; !u.weak && u.value != t.value && scores[j-p.b.lo] > bestScore {
				best, bestScore = j, scores[j-p.b.lo]
			}
		}
		if best < 0 || bestScore < compareMin || p.reverse(unitsA, best, unit) != i {
			continue
		}
		supported := false
		for j := p.b.lo; j < p.b.hi; j++ {
			if units[j-p.b.lo] == unit && p.b.ts[j].value == t.value && (scores[j-p.b.lo] >= bestScore-0.5 || p.b.counted(j, best, supportWindow) <= supportWindow) {
				supported = true
			}
		}
		if supported {
			continue
		}
		u := p.b.ts[best]
		_, endB := c.b.ix.unitOf(p.b, best)
		c.d.Errorf(c.pos(t), diag.SectionNumbers, "%s %s (%q) where %s has %s (%q)",
			formatNumber(t.value), c.a.ix.concepts[unit].name(t.value), p.a.snippet(i, end), c.where(u), formatNumber(u.value), p.b.snippet(best, endB))
	}
}

// units returns, for each token of a section, what the number there
// counts: "" for a token that is no number, or a number that counts
// nothing known, or is part of a partitive.
func (r *reading) units(x text) []string {
	out := make([]string, x.hi-x.lo)
	for j := x.lo; j < x.hi; j++ {
		if u := x.ts[j]; u.kind == number && !u.skip && !r.quiet(u) && !r.ix.partitive(x, j) {
			out[j-x.lo], _ = r.ix.unitOf(x, j)
		}
	}
	return out
}

// reverse returns the number of book a that best fits number j of book b
// among those counting the same unit (unitsA): two numbers are compared
// only when each is the other's best match, so that "keeps the other three
// cards", which one book lacks, is not compared with "receives 5 cards".
func (p *pair) reverse(unitsA []string, j int, unit string) int {
	cb := p.bagB[j-p.b.lo]
	best, score := -1, math.Inf(-1)
	for i := p.a.lo; i < p.a.hi; i++ {
		if unitsA[i-p.a.lo] != unit {
			continue
		}
		if s := p.fit(p.bagA[i-p.a.lo], i, cb, j); s > score {
			best, score = i, s
		}
	}
	return best
}

// concepts reports concepts of a group that the books name otherwise at
// the same place (G306): one people for another, face down for face up,
// supply for discard pile, power for skill. For groups marked missing in
// vocab.toml (face up and down) it also warns of a concept one book names
// where the other names none of its group: an omission, often harmless.
func (c *comparer) concepts(p *pair) {
	for i, m := range p.ments {
		g := c.v.groupOf[m.concept]
		if g == "" {
			continue
		}
		ca := p.ctxA[i]
		n, score, same := c.closest(p, ca, m.tok, g, m.concept)
		switch {
		case same >= compareMin && same >= score:
			// b names the same concept at this place.
		case n != nil && score >= compareMin:
			if same < 0.8*score && p.excess(m.concept) && !c.near(p.a, m.tok, n.concept) && !c.near(p.b, n.tok, m.concept) {
				x, y := c.a.ix.concepts[m.concept], c.b.ix.concepts[n.concept]
				c.d.Errorf(c.pos(p.a.ts[m.tok]), diag.SectionConcepts, "%s (%q) where %s has %s (%q)",
					x.other, p.a.snippet(m.tok, m.end), c.where(p.b.ts[n.tok]), y.other, p.b.snippet(n.tok, n.end))
			}
		case c.v.groups[g].Missing:
			lo, hi, ok := p.answer(p.a, p.sa, p.b, p.sb, p.bagB, m.tok, ca)
			if ok && !c.groupIn(p.b, lo, hi, g) {
				x := c.a.ix.concepts[m.concept]
				c.d.Warnf(c.pos(p.a.ts[m.tok]), diag.SectionConcepts, "%s (%q), which %s does not say (%q)",
					x.other, p.a.snippet(m.tok, m.end), c.where(p.b.ts[lo]), p.b.snippet(lo, min(hi, lo+6)))
			}
		}
	}
	c.missing(p)
}

// missing reports concepts of book b (of groups marked missing) that book
// a does not name at the same place.
func (c *comparer) missing(p *pair) {
	for k, n := range p.mentB {
		g := c.v.groupOf[n.concept]
		if g == "" || !c.v.groups[g].Missing {
			continue
		}
		cb := p.ctxB[k]
		best := math.Inf(-1)
		for i, m := range p.ments {
			if c.v.groupOf[m.concept] == g {
				best = max(best, p.fit(p.ctxA[i], m.tok, cb, n.tok))
			}
		}
		if best >= compareMin {
			continue
		}
		lo, hi, ok := p.answer(p.b, p.sb, p.a, p.sa, p.bagA, n.tok, cb)
		if !ok || c.groupIn(p.a, lo, hi, g) {
			continue
		}
		y := c.b.ix.concepts[n.concept]
		c.d.Warnf(c.pos(p.a.ts[lo]), diag.SectionConcepts, "no %s here, where %s has %q",
			y.one, c.where(p.b.ts[n.tok]), p.b.snippet(max(p.b.lo, n.tok-3), min(p.b.hi, n.end+3)))
	}
}

// excess reports whether book a names a concept more often in the section
// than book b: where both name it as often, the books only order their
// words differently.
func (p *pair) excess(concept string) bool { return p.count[concept] > 0 }

// excessB reports whether book b names a concept more often in the
// section than book a.
func (p *pair) excessB(concept string) bool { return p.count[concept] < 0 }

// closest returns the mention of a group in book b whose context best fits
// ctx (from place i of book a), its score, and the best score of a mention
// of concept same that has the mention at i for partner: one mention of
// "face down" in b does not answer for three in a. Only concepts b names more often than a in the section
// are candidates: a substitution leaves one concept over in each book.
func (c *comparer) closest(p *pair, ctx bag, i int, group, same string) (*mention, float64, float64) {
	var best *mention
	score, sameScore := math.Inf(-1), math.Inf(-1)
	for k := range p.mentB {
		n := &p.mentB[k]
		if c.v.groupOf[n.concept] != group {
			continue
		}
		s := p.fit(ctx, i, p.ctxB[k], n.tok)
		switch {
		case n.concept == same:
			if p.partner[k] == i {
				sameScore = max(sameScore, s)
			}
		case s > score && p.excessB(n.concept):
			best, score = n, s
		}
	}
	return best, score, sameScore
}

// answer returns the tokens [lo, hi) of text y that answer token i of
// text x: the sentence of y naming nearly the same concepts as the sentence
// of i, or else the tokens around the place of y whose context (bags)
// best fits ctx, the context of i. ok is false when nothing fits well.
func (p *pair) answer(x text, sx []statement, y text, sy []statement, bags []bag, i int, ctx bag) (lo, hi int, ok bool) {
	for k := range sx {
		if s := &sx[k]; s.lo <= i && i < s.hi {
			if o := counterpart(s, sy, 0.5, 3, false); o != nil {
				return o.lo, o.hi, true
			}
			break
		}
	}
	best, score := -1, math.Inf(-1)
	for k, b := range bags {
		if b == nil {
			continue
		}
		if s := overlap(ctx, b) - drift*math.Abs(x.rel(i)-y.rel(y.lo+k)); s > score {
			best, score = y.lo+k, s
		}
	}
	if best < 0 || score < anchorMin {
		return 0, 0, false
	}
	lo, hi = best, best+1
	for d := 0; lo > max(y.lo, best-reach) && d < nearby; lo-- {
		if y.counts(lo - 1) {
			d++
		}
	}
	for d := 0; hi < min(y.hi, best+reach) && d < nearby; hi++ {
		if y.counts(hi) {
			d++
		}
	}
	return lo, hi, true
}

// groupIn reports whether tokens [lo, hi) name a concept of a group.
func (c *comparer) groupIn(x text, lo, hi int, group string) bool {
	for j := max(lo, x.lo); j < hi && j < x.hi; j++ {
		for _, k := range x.at[j] {
			if c.v.groupOf[k] == group {
				return true
			}
		}
	}
	return false
}

// near reports whether a concept is named within a few counted tokens of
// token i, in its sentence: "the gnome and the giant" against "les géants
// et les gnomes" is one list in two orders.
func (c *comparer) near(x text, i int, concept string) bool {
	lo, hi := x.sentence(i)
	x.lo, x.hi = max(x.lo, lo), min(x.hi, hi)
	return c.within(x, i, func(cs []string) bool {
		for _, k := range cs {
			if k == concept {
				return true
			}
		}
		return false
	})
}

func (c *comparer) within(x text, i int, ok func([]string) bool) bool {
	if ok(x.at[i]) {
		return true
	}
	for j, d := i-1, 0; j >= max(x.lo, i-reach) && d < nearby; j-- {
		if x.counts(j) {
			d++
			if ok(x.at[j]) {
				return true
			}
		}
	}
	for j, d := i+1, 0; j < min(x.hi, i+reach) && d < nearby; j++ {
		if x.counts(j) {
			d++
			if ok(x.at[j]) {
				return true
			}
		}
	}
	return false
}

// statement is a sentence of a section: the concepts (and numbers) it
// names, where its
// verb of permission or obligation is, and its negation, if any.
type statement struct {
	lo, hi   int
	concepts map[string]bool // concept ids, and "n:" numbers
	modal    int             // token index, or -1
	neg      int             // token index, or -1
}

func statements(x text) []statement {
	var out []statement
	for i := x.lo; i < x.hi; {
		lo, hi := i, x.sentenceEnd(i)
		s := statement{lo: lo, hi: hi, concepts: map[string]bool{}, modal: -1, neg: -1}
		for j := lo; j < hi; j++ {
			for _, k := range x.at[j] {
				s.concepts[k] = true
			}
			if x.ts[j].explicit() {
				s.concepts["n:"+formatNumber(x.ts[j].value)] = true
			}
			if x.ts[j].kind != word {
				continue
			}
			if s.modal < 0 && x.lang.modal[x.ts[j].norm] {
				s.modal = j
			}
		}
		s.neg = x.negation(s.modal, lo, hi)
		out = append(out, s)
		i = hi
	}
	return out
}

// counterpart returns the sentence of sb that names most nearly the same
// concepts and numbers as s (Jaccard index at least min, and at least
// shared in common), or nil. With modal set, only sentences with a verb
// of permission or obligation count.
func counterpart(s *statement, sb []statement, min float64, shared int, modal bool) *statement {
	var best *statement
	for k := range sb {
		o := &sb[k]
		n := 0
		for x := range s.concepts {
			if o.concepts[x] {
				n++
			}
		}
		if modal && o.modal < 0 || n < shared {
			continue
		}
		if j := float64(n) / float64(len(s.concepts)+len(o.concepts)-n); j >= min {
			best, min = o, j
		}
	}
	return best
}

// sentences reports differences between sentences of the two books that
// name nearly the same concepts (G306): a statement negated in one book
// only ("Städte kann man … verschieben" where the other book says cities
// can't be moved), and a pile one book names where the other names none
// ("in den Kerker legt" where the other book discards).
func (c *comparer) sentences(p *pair) {
	sb := p.sb
	for _, s := range p.sa {
		if c.a.quiet(p.a.ts[s.lo]) {
			continue
		}
		if s.modal >= 0 && len(s.concepts) >= 2 {
			if o := counterpart(&s, sb, 0.5, 3, true); o != nil {
				c.polarity(p, &s, o)
			}
		}
		if o := counterpart(&s, sb, 0.6, 4, false); o != nil {
			c.omitted(p, &s, o)
		}
	}
}

// negation returns the negation in the clause of the verb at token m
// (between commas, within [lo, hi)), or -1. Only such a negation negates
// the statement: "If there are no more fields, a player may build"
// permits; "Städte dürfen … nicht verschoben werden" forbids.
func (x text) negation(m, lo, hi int) int {
	if m < 0 {
		return -1
	}
	for j := m; j >= lo && x.ts[j].text != ","; j-- {
		if x.ts[j].kind == word && x.lang.neg[x.ts[j].norm] {
			return j
		}
	}
	for j := m + 1; j < hi && x.ts[j].text != ","; j++ {
		if x.ts[j].kind == word && x.lang.neg[x.ts[j].norm] {
			return j
		}
	}
	return -1
}

// polarity reports a statement of what a player can, may or must do that
// one book negates and the other does not.
func (c *comparer) polarity(p *pair, s, o *statement) {
	switch {
	case (s.neg < 0) == (o.neg < 0):
	case s.neg < 0:
		c.d.Errorf(c.pos(p.a.ts[s.modal]), diag.SectionConcepts, "%q is not negated where %s is (%q): check whether the rule is reversed",
			p.a.snippet(s.lo, min(s.hi, s.modal+4)), c.where(p.b.ts[o.neg]), p.b.snippet(o.lo, min(o.hi, o.neg+4)))
	default:
		c.d.Errorf(c.pos(p.a.ts[s.neg]), diag.SectionConcepts, "%q is negated where %s is not (%q): check whether the rule is reversed",
			p.a.snippet(s.lo, min(s.hi, s.neg+4)), c.where(p.b.ts[o.modal]), p.b.snippet(o.lo, min(o.hi, o.modal+4)))
	}
}

// omitted reports a sentence that puts a card into a place where the other
// book's sentence puts it on a pile: "in den Kerker legt" where the other
// book discards.
func (c *comparer) omitted(p *pair, s, o *statement) {
	for _, n := range p.mentB {
		g := c.v.groupOf[n.concept]
		if n.tok < o.lo || n.tok >= o.hi || !c.v.groups[g].Destination {
			continue
		}
		found := false
		for x := range s.concepts {
			found = found || c.v.groupOf[x] == g
		}
		if found {
			continue
		}
		into, end := c.into(p.a, s)
		if into < 0 {
			return
		}
		y := c.b.ix.concepts[n.concept]
		c.d.Errorf(c.pos(p.a.ts[into]), diag.SectionConcepts, "puts the card %q where %s puts it on the %s (%q)",
			p.a.snippet(into, end), c.where(p.b.ts[n.tok]), y.one, p.b.snippet(max(o.lo, n.tok-3), min(o.hi, n.end+3)))
		return
	}
}

// into returns where a sentence sends a card to a place ("in den
// Kerker"): the preposition's token and the end of the place's name, or
// -1.
func (c *comparer) into(x text, s *statement) (int, int) {
	for _, m := range c.a.ments {
		if m.tok < s.lo || m.tok >= s.hi || !c.v.places[m.concept] {
			continue
		}
		for j, n := m.tok-1, 0; j >= s.lo && n < 3; j-- {
			t := x.ts[j]
			if t.kind != word {
				break
			}
			if x.lang.into[t.norm] {
				return j, m.end
			}
			if !x.lang.stop[t.norm] {
				break
			}
			n++
		}
	}
	return -1, 0
}
