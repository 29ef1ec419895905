package rulebook

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// closeShare is the share of a section's sentences that must pair one to
// one, with a concept or number in common, for the two texts to count as
// renderings of one another: only then is a sentence without counterpart,
// or one far shorter than its counterpart, a finding. A rulebook written
// freely from the rules pairs far fewer.
const closeShare = 0.6

// sectionPair is a section of a book (b, the one checked) and what it is
// checked against (a): the same section of the rules, or of another book.
type sectionPair struct {
	gs    *gameSection
	a, b  *passage
	pairs []text.Pair
	cal   text.Calibration
	close bool // the two are renderings of one another
	free  bool // a story or note: numbers and names only
	// cut marks a book passage that is what is left of a section whose
	// start the book lost: the rules' words before it are judged missing.
	cut bool
}

func newSectionPair(gs *gameSection, a, b *passage, cal text.Calibration) *sectionPair {
	p := &sectionPair{gs: gs, a: a, b: b, cal: cal, free: gs.sec.Free}
	p.pairs = text.Align(a.doc, b.doc, cal)
	p.close = closeRendering(a.doc, b.doc, p.pairs)
	return p
}

// closeRendering reports whether most sentences of two texts pair one to
// one and share what they state.
func closeRendering(a, b *text.Doc, pairs []text.Pair) bool {
	n := max(len(a.Sentences), len(b.Sentences))
	if n < 2 {
		return false
	}
	good := 0
	for _, p := range pairs {
		if len(p.A) == 1 && len(p.B) == 1 && shareAnchor(a, &a.Sentences[p.A[0]], b, &b.Sentences[p.B[0]]) {
			good++
		}
	}
	return float64(good) >= closeShare*float64(n)
}

// firm reports whether the sentences a difference concerns pair one to
// one and state the same things: at least two concepts or numbers in
// common, none on one side only but one (the difference itself).
func (p *sectionPair) firm(df text.Diff) bool {
	shared, only, one := p.anchorsOf(df)
	return one && shared >= 2 && only <= 1
}

// same reports whether a difference's pair of sentences states the same
// things, closely enough to be held to its polarity and its contrasts:
// not free, firm, and of the lengths the languages give.
func (p *sectionPair) same(df text.Diff, a *text.Doc, ka int, b *text.Doc, kb int) bool {
	return !p.free && p.firm(df) && math.Abs(p.cal.Delta(a, a.Sentences[ka].Span, b, b.Sentences[kb].Span)) <= 1.5
}

// anchorsOf counts the concepts and numbers the sentences of a
// difference's pair share and those on one side only, leaving out the two
// concepts the difference is about; one says whether the pair is one
// sentence to one.
func (p *sectionPair) anchorsOf(df text.Diff) (shared, only int, one bool) {
	for _, q := range p.pairs {
		if len(q.A) == 0 || len(q.B) == 0 || q.A[0] != df.SentA || q.B[0] != df.SentB {
			continue
		}
		ka, kb := map[string]bool{}, map[string]bool{}
		for _, k := range q.A {
			maps.Copy(ka, anchorSet(p.a.doc, &p.a.doc.Sentences[k]))
		}
		for _, k := range q.B {
			maps.Copy(kb, anchorSet(p.b.doc, &p.b.doc.Sentences[k]))
		}
		for _, c := range []string{df.Concept, df.Other} {
			if c != "" {
				delete(ka, "c:"+c)
				delete(kb, "c:"+c)
			}
		}
		for k := range ka {
			if kb[k] {
				shared++
			} else {
				only++
			}
		}
		for k := range kb {
			if !ka[k] {
				only++
			}
		}
		return shared, only, len(q.A) == 1 && len(q.B) == 1
	}
	return 0, 0, false
}

// lost reports whether what an omitted sentence states is missing from
// the sentences around the place it would be: at least two things (its
// numbers, concepts and, in one language, content words), half of them
// found nowhere near. A sentence merged into its neighbour is no loss.
func (p *sectionPair) lost(df text.Diff) bool {
	a, b := p.a.doc, p.b.doc
	words := a.Vocab.Lang.Tag == b.Vocab.Lang.Tag
	feats := func(d *text.Doc, sp text.Span) map[string]bool {
		out := map[string]bool{}
		for k := range d.Sentences {
			s := &d.Sentences[k]
			if s.Hi <= sp.Lo || s.Lo >= sp.Hi {
				continue
			}
			for f := range anchorSet(d, s) {
				out[f] = true
			}
			if words {
				for i := s.Lo; i < s.Hi; i++ {
					if t := d.Tokens[i]; t.Kind == text.Word && d.Vocab.Lang.Content(t.Norm) {
						out["w:"+text.Stem(t.Norm)] = true
					}
				}
			}
		}
		return out
	}
	mine := feats(a, df.A)
	if len(mine) < 2 {
		return false
	}
	// The sentences of b around the place: two on each side.
	k := diffSentence(b, -1, text.Span{Lo: df.B.Lo, Hi: df.B.Lo + 1})
	if k < 0 {
		k = len(b.Sentences) - 1
	}
	lo, hi := max(0, k-2), min(len(b.Sentences), k+2)
	near := map[string]bool{}
	if lo < hi {
		near = feats(b, text.Span{Lo: b.Sentences[lo].Lo, Hi: b.Sentences[hi-1].Hi})
	}
	missing := 0
	for f := range mine {
		if !near[f] {
			missing++
		}
	}
	// A sentence whose opening words the book has there lost only its
	// end, which the words' comparison reports where it was.
	if words && lo < hi && opensIn(a, df.A, b, text.Span{Lo: b.Sentences[lo].Lo, Hi: b.Sentences[hi-1].Hi}) {
		return false
	}
	return 2*missing >= len(mine)
}

// sentenceOpening is how many content words open a sentence: as many as
// another sentence, or one cut short, rarely shares in a row.
const sentenceOpening = 4

// opensIn reports whether the first content words of span sa of a, as
// many as openingWords, follow one another among the content words of
// span sb of b.
func opensIn(a *text.Doc, sa text.Span, b *text.Doc, sb text.Span) bool {
	stems := func(d *text.Doc, sp text.Span, n int) []string {
		var out []string
		for i := sp.Lo; i < sp.Hi && len(out) != n; i++ {
			if t := d.Tokens[i]; t.Kind == text.Word && d.Vocab.Lang.Content(t.Norm) {
				out = append(out, text.Stem(t.Norm))
			}
		}
		return out
	}
	first, all := stems(a, sa, sentenceOpening), stems(b, sb, -1)
	if len(first) < sentenceOpening {
		return false
	}
	for i := 0; i+len(first) <= len(all); i++ {
		if slices.Equal(all[i:i+len(first)], first) {
			return true
		}
	}
	return false
}

// shareAnchor reports whether two sentences name a concept or state a
// number in common, or are both without any.
func shareAnchor(a *text.Doc, sa *text.Sentence, b *text.Doc, sb *text.Sentence) bool {
	ka, kb := anchorSet(a, sa), anchorSet(b, sb)
	if len(ka) == 0 && len(kb) == 0 {
		return true
	}
	for k := range ka {
		if kb[k] {
			return true
		}
	}
	return false
}

func anchorSet(d *text.Doc, s *text.Sentence) map[string]bool {
	out := map[string]bool{}
	for _, i := range s.Numbers {
		out["n:"+formatNumber(d.Tokens[i].Value)] = true
	}
	for _, c := range d.Concepts(s) {
		out["c:"+c] = true
	}
	return out
}

// diffSentence returns the sentence of a side a difference concerns.
func diffSentence(d *text.Doc, k int, sp text.Span) int {
	if k >= 0 {
		return k
	}
	for j, s := range d.Sentences {
		if s.Lo <= sp.Lo && sp.Lo < s.Hi {
			return j
		}
	}
	return -1
}

// finding is what a difference is reported as.
type finding struct {
	sev  diag.Severity
	code diag.Code
	msg  string
	at   *diag.Pos // where, when not at a token
}

// reporter turns the differences of a section pair into diagnostics.
type reporter struct {
	ix    *index
	d     *diag.List
	other string // "the rules" or the other book's name
	rules bool   // checked against the rules, not another book
	// headed is whether the book prints the rules' headings: a book so
	// close to them is read word for word even where it lost much.
	headed bool
	seen   map[diag.Pos]bool
}

// concept names a concept in English for messages.
func (rp *reporter) concept(id string, n float64) string {
	if c := rp.ix.concepts[id]; c != nil {
		return c.name(n)
	}
	return strings.ReplaceAll(id, "_", " ")
}

// report reports what differs in a section pair.
func (rp *reporter) report(p *sectionPair) {
	defer rp.destinations(p)
	for _, df := range text.Compare(p.a.doc, p.b.doc, p.pairs, p.cal, p.free) {
		at := df.B.Lo
		f, ok := rp.finding(p, df, &at)
		if !ok {
			continue
		}
		pos := p.b.tokPos(at)
		if f.at != nil {
			pos = *f.at
		}
		if rp.seen[pos] {
			continue
		}
		rp.seen[pos] = true
		ka := diffSentence(p.a.doc, df.SentA, df.A)
		rel := []diag.Related{{Pos: p.a.tokPos(df.A.Lo), Message: fmt.Sprintf("%s say %s", rp.other, p.a.doc.QuoteSentence(ka, df.A.Lo, 10))}}
		if !rp.rules {
			rel[0].Message = fmt.Sprintf("%s says %s", rp.other, p.a.doc.QuoteSentence(ka, df.A.Lo, 10))
		}
		rp.d.Add(diag.Diagnostic{Pos: pos, Severity: f.sev, Code: f.code, Message: f.msg, Related: rel})
	}
}

// where names the other side of a difference: "the rules (“…”)" or
// "en.txt:73".
func (rp *reporter) where(p *sectionPair, df text.Diff) string {
	if rp.rules {
		return "the rules"
	}
	return fmt.Sprintf("%s:%d", rp.other, p.a.tokPos(df.A.Lo).Line)
}

// finding says what a difference is, or false for one not worth a
// diagnostic; it moves *at, the token reported, when the difference
// lies elsewhere than Compare put it.
func (rp *reporter) finding(p *sectionPair, df text.Diff, at *int) (finding, bool) {
	a, b := p.a.doc, p.b.doc
	there := rp.where(p, df)
	ka, kb := diffSentence(a, df.SentA, df.A), diffSentence(b, df.SentB, df.B)
	switch df.Kind {
	case text.DiffNumber:
		if !df.HasValue || !df.HasOther {
			return finding{}, false
		}
		sb, sa := sentenceOf(b, df.B.Lo), sentenceOf(a, df.A.Lo)
		if sb == nil || sa == nil {
			return finding{}, false
		}
		// The same place counts the same thing; a number that counts
		// nothing named is compared only in a sentence that states the
		// same things.
		unit, unitA := b.Unit(sb, df.B.Lo), a.Unit(sa, df.A.Lo)
		if unit != unitA {
			// Equal values pair in order: "20 wizards, 20 orcs" against
			// "25 wizards, 20 orcs" leaves the second 20 over, where the
			// first is the one that differs.
			for _, j := range sb.Numbers {
				if j != df.B.Lo && b.Tokens[j].Value == df.OtherValue && b.Unit(sb, j) == unitA {
					df.B, unit = text.Span{Lo: j, Hi: j + 1}, unitA
					*at = j
					break
				}
			}
		}
		if unit != unitA || unit == "" && !p.firm(df) {
			return finding{}, false
		}
		what := formatNumber(df.OtherValue)
		if unit != "" {
			what += " " + rp.concept(unit, df.OtherValue)
		}
		quote := b.Quote(text.Span{Lo: df.B.Lo, Hi: min(df.B.Lo+4, sb.Hi)})
		otherQuote := a.Quote(text.Span{Lo: df.A.Lo, Hi: min(df.A.Lo+4, sa.Hi)})
		if !rp.rules {
			return finding{sev: diag.Error, code: diag.SectionNumbers, msg: fmt.Sprintf("%s (%q) where %s has %s (%q)", what, quote, there, formatNumber(df.Value), otherQuote)}, true
		}
		src := p.a.source(df.A.Lo)
		switch {
		case isCount(src):
			return finding{sev: diag.Error, code: diag.RulebookCount, msg: fmt.Sprintf("%s (%q) where the rules have %s (%q); the game data has %s (%s)", what, quote, formatNumber(df.Value), otherQuote, formatNumber(df.Value), src)}, true
		case src != "":
			return finding{sev: diag.Error, code: diag.RulebookParam, msg: fmt.Sprintf("%s (%q) where the rules have %s (%s, in %q)", what, quote, formatNumber(df.Value), paramName(src), otherQuote)}, true
		}
		return finding{sev: diag.Error, code: diag.RulebookParam, msg: fmt.Sprintf("%s (%q) where the rules have %s (%q)", what, quote, formatNumber(df.Value), otherQuote)}, true
	case text.DiffConcept, text.DiffFacing, text.DiffPlace:
		if a.Vocab.Siblings(df.Concept, df.Other) == nil || !p.held(df) {
			return finding{}, false
		}
		x, y := b.Quote(df.B), a.Quote(df.A)
		lead := ""
		if df.Kind == text.DiffPlace {
			lead = "puts the card into "
		}
		code := diag.SectionConcepts
		switch {
		case !rp.rules:
		case df.Kind == text.DiffConcept:
			code = diag.RulebookConcept
		default:
			code = diag.RulebookRule
		}
		verb := "has"
		if rp.rules {
			verb = "name"
		}
		return finding{sev: diag.Error, code: code, msg: fmt.Sprintf("%s%s (%q) where %s %s %s (%q)", lead, rp.concept(df.Other, 2), x, there, verb, rp.concept(df.Concept, 2), y)}, true
	case text.DiffNegation:
		// Translators turn sentences around ("tiresome" for "nicht
		// spannend"): only a pair that states the same things is held to
		// its polarity.
		if !p.same(df, a, ka, b, kb) || !p.negates(df) {
			return finding{}, false
		}
		if df.B.Hi == df.B.Lo {
			*at = p.verbAt(df, *at)
		}
		code := diag.SectionConcepts
		if rp.rules {
			code = diag.RulebookRule
		}
		is := "is"
		if rp.rules {
			is = "are"
		}
		if df.B.Hi > df.B.Lo {
			return finding{sev: diag.Error, code: code, msg: fmt.Sprintf("%s is negated (%q) where %s %s not (%s): check whether the rule is reversed", b.QuoteSentence(kb, df.B.Lo, 10), b.Quote(df.B), there, is, a.QuoteSentence(ka, df.A.Lo, 10))}, true
		}
		return finding{sev: diag.Error, code: code, msg: fmt.Sprintf("%s is not negated where %s %s (%q in %s): check whether the rule is reversed", b.QuoteSentence(kb, df.B.Lo, 10), there, is, a.Quote(df.A), a.QuoteSentence(ka, df.A.Lo, 10))}, true
	case text.DiffContrast, text.DiffModality:
		// A direction, time or bound turned into its opposite, or a
		// permission into an obligation: held as polarity is, in pairs
		// that state the same things.
		if !p.same(df, a, ka, b, kb) {
			return finding{}, false
		}
		code := diag.SectionConcepts
		if rp.rules {
			code = diag.RulebookRule
		}
		verb := "has"
		if rp.rules {
			verb = "have"
		}
		what := "its opposite"
		if df.Kind == text.DiffModality {
			what = "another rule"
		}
		return finding{sev: diag.Error, code: code, msg: fmt.Sprintf("%s has %q (%s) where %s %s %q (%s), %s", b.QuoteSentence(kb, df.B.Lo, 10), b.Quote(df.B), strings.ReplaceAll(df.Other, "_", " "), there, verb, a.Quote(df.A), strings.ReplaceAll(df.Concept, "_", " "), what)}, true
	case text.DiffCounted, text.DiffBound:
		// The thing a number counts replaced, or the number moved away
		// from it: held as a contrast is.
		if !p.same(df, a, ka, b, kb) {
			return finding{}, false
		}
		code, verb := diag.SectionConcepts, "has"
		if df.Kind == text.DiffBound {
			code = diag.SectionNumbers
		}
		if rp.rules {
			code, verb = diag.RulebookRule, "have"
		}
		msg := fmt.Sprintf("%q (%s) where %s %s %q (%s): the number counts another thing", b.Quote(df.B), rp.concept(df.Other, df.OtherValue), there, verb, a.Quote(df.A), rp.concept(df.Concept, df.Value))
		if df.Kind == text.DiffBound {
			msg = fmt.Sprintf("%q stands apart from %q, where %s %s %q: was the number moved?", b.Quote(df.B), df.Other, there, verb, a.Quote(df.A))
		}
		return finding{sev: diag.Error, code: code, msg: msg}, true
	case text.DiffOmission:
		if !p.close || p.free || words(a, df.A) < minOmitted || listHead(a, df.A) || !p.lost(df) {
			return finding{}, false
		}
		f := finding{sev: diag.Warning, code: diag.RulebookOmission, msg: fmt.Sprintf("%s has no counterpart here: was it left out?", sentenceAt(there, a.QuoteSentence(ka, df.A.Lo, 10)))}
		if df.B.Hi == df.B.Lo {
			// The gap is before the book's token after it: the
			// omission stands after the sentence whose last token it
			// names, or before the sentence whose first.
			next := *at
			if k := b.SentenceAt(next); k >= 0 && b.Sentences[k].Hi-1 == next && b.Sentences[k].Lo < next && next+1 < len(b.Tokens) {
				next++
			}
			pos := gapAt(p.b, a, df.A.Lo, df.A.Hi, next)
			f.at = &pos
		}
		return f, true
	case text.DiffLength:
		if !p.close || p.free || !ended(a, ka) || !ended(b, kb) {
			return finding{}, false
		}
		return finding{sev: diag.Warning, code: diag.RulebookOmission, msg: fmt.Sprintf("%s is far shorter than %s (%s): was a clause left out?", b.QuoteSentence(kb, df.B.Lo, 10), there, a.QuoteSentence(ka, df.A.Lo, 10))}, true
	}
	return finding{}, false
}

// sentenceAt names a sentence of the other side: "the rules' sentence
// “…”" or "the sentence of en.txt:73 “…”".
func sentenceAt(there, quote string) string {
	if there == "the rules" {
		return "the rules' sentence " + quote
	}
	return "the sentence of " + there + " " + quote
}

// sentenceOf returns the sentence that holds token i.
func sentenceOf(d *text.Doc, i int) *text.Sentence {
	if k := d.SentenceAt(i); k >= 0 {
		return &d.Sentences[k]
	}
	return nil
}

// textVocab reads the game's concepts in a language.
func textVocab(g *model.Game, tag string) (*text.Vocab, error) {
	l, err := text.Lang(tag)
	if err != nil {
		return nil, fmt.Errorf("reading language %s: %w", tag, err)
	}
	return text.NewVocab(l, g, g.Locale(tag)), nil
}

// bookSections returns, for each section of the rules placed in a book,
// the lines [from, to) (0-based) it spans.
func (r *reading) bookSections() map[string][2]int {
	out := map[string][2]int{}
	for i, p := range r.placed {
		to := len(r.b.lines)
		if i+1 < len(r.placed) {
			to = r.placed[i+1].line - 1
		}
		out[p.id] = [2]int{p.line - 1, max(to, p.line)}
	}
	return out
}

// sameLanguage is the calibration of a text against another of its
// language: as long, with the spread of a free rewording.
func sameLanguage() text.Calibration { return text.DefaultCalibration() }

// minOmitted is the fewest words a sentence left out must have to be
// reported: interjections, list headings and table titles are too short
// to say a rule.
const minOmitted = 4

// listHead reports whether a span is a short list item, which names a
// step or a heading more than it states a rule: "- passing on the
// starting player."; a book may set such a list as a figure.
func listHead(d *text.Doc, sp text.Span) bool {
	if sp.Lo >= sp.Hi || sp.Lo >= len(d.Tokens) {
		return false
	}
	t := d.Tokens[sp.Lo]
	return t.Kind == text.Punct && strings.Contains("-•*–—", t.Text) && words(d, sp) < 6
}

// words counts the words and numbers of a span.
func words(d *text.Doc, sp text.Span) int {
	n := 0
	for i := sp.Lo; i < min(sp.Hi, len(d.Tokens)); i++ {
		if d.Tokens[i].Kind != text.Punct {
			n++
		}
	}
	return n
}

// held reports whether a concept named for its sibling is a finding: the
// two sentences state mostly the same things besides (concepts and
// numbers), and a place is where both send a card ("into the discard
// pile" against "in den Vorrat"), in sentences paired one to one.
// Concepts compared across sentences aligned loosely are mostly noise.
func (p *sectionPair) held(df text.Diff) bool {
	shared, only, one := p.anchorsOf(df)
	if df.Kind == text.DiffPlace {
		return one && shared >= 1 && only <= 2 && sentTo(p.a.doc, df.SentA, df.Concept) >= 0 && sentTo(p.b.doc, df.SentB, df.Other) >= 0
	}
	if !one && (p.names(p.a.doc, df.SentA, df.Other) || p.names(p.b.doc, df.SentB, df.Concept)) {
		return false // both name both: a count that differs, no substitution
	}
	return shared >= 2 && 2*only <= shared+1 || shared >= 1 && only == 0
}

// names reports whether the sentences of the pair that starts at sentence
// k of d name a concept.
func (p *sectionPair) names(d *text.Doc, k int, concept string) bool {
	for _, q := range p.pairs {
		ks := q.A
		if d == p.b.doc {
			ks = q.B
		}
		if len(ks) == 0 || ks[0] != k {
			continue
		}
		for _, j := range ks {
			if slices.Contains(d.Concepts(&d.Sentences[j]), concept) {
				return true
			}
		}
	}
	return false
}

// sentTo returns the word such as "into" or "dans" that sends something
// to a place in sentence k, with only small words between, or -1.
func sentTo(d *text.Doc, k int, place string) int {
	if k < 0 {
		return -1
	}
	s := &d.Sentences[k]
	for _, m := range s.Mentions {
		if mn := d.Mentions[m]; mn.Concept == place && !mn.Part {
			if j := intoBefore(d, s, mn.Tok); j >= 0 {
				return j
			}
		}
	}
	return -1
}

// intoBefore returns the word such as "into" before token i, over at most
// two small words ("in den", "into your"), or -1.
func intoBefore(d *text.Doc, s *text.Sentence, i int) int {
	for j := i - 1; j >= max(s.Lo, i-3); j-- {
		t := d.Tokens[j]
		switch {
		case t.Kind != text.Word:
			return -1
		case d.Vocab.Lang.Into(t.Norm):
			return j
		case !d.Vocab.Lang.Stopword(t.Norm):
			return -1
		}
	}
	return -1
}

// destination finds, in a pair of sentences one to one, a card the book
// puts into a place (“in den Kerker legt”) where the other sentence takes
// it from there to another place of the same group, named perhaps by a
// verb of its name (“by discarding a card … from your dungeon”). It
// returns the book's words, the other place and the other's word.
func (p *sectionPair) destination(ka, kb int) (sp text.Span, place string, at int, ok bool) {
	a, b := p.a.doc, p.b.doc
	sa, sb := &a.Sentences[ka], &b.Sentences[kb]
	inA, inB := a.Concepts(sa), b.Concepts(sb)
	for _, m := range sb.Mentions {
		mn := b.Mentions[m]
		q := mn.Concept
		j := intoBefore(b, sb, mn.Tok)
		if j < 0 || mn.Part || !slices.Contains(inA, q) || sentTo(a, ka, q) >= 0 {
			continue
		}
		for _, g := range a.Vocab.Groups(q) {
			if g.Kind != model.Places {
				continue
			}
			for _, other := range g.Terms {
				if other == q || slices.Contains(inB, other) {
					continue
				}
				if i := namedAt(a, sa, other); i >= 0 {
					return text.Span{Lo: j, Hi: mn.End}, other, i, true
				}
			}
		}
	}
	return text.Span{}, "", 0, false
}

// namedAt returns the word of a sentence that names a concept by a word of
// the stem of one of its names ("discarding" for "discard") but is no
// mention of a concept, or -1: a place named as such is a difference of
// concepts, which Compare reports.
func namedAt(d *text.Doc, s *text.Sentence, concept string) int {
	named := map[int]bool{}
	for _, m := range s.Mentions {
		for i := d.Mentions[m].Tok; i < d.Mentions[m].End; i++ {
			named[i] = true
		}
	}
	stems := map[string]bool{}
	for _, n := range d.Vocab.Names(concept) {
		if f := strings.Fields(text.Fold(n)); len(f) == 1 && len([]rune(f[0])) >= 5 {
			stems[text.Stem(f[0])] = true
		}
	}
	for i := s.Lo; i < s.Hi; i++ {
		if t := d.Tokens[i]; t.Kind == text.Word && !named[i] && stems[text.Stem(t.Norm)] {
			return i
		}
	}
	return -1
}

// negates reports whether a negation on one side only reverses a rule:
// the other side does not restrict instead ("ne peuvent être déplacées que
// si" for "cannot be moved unless"), and the negation governs a verb of
// permission or obligation both sentences have, or, in one language, the
// other sentence has most words of the negated clause. A negation of a
// condition ("if there are no more fields") or of one word ("cartes non
// choisies") is a rewording.
func (p *sectionPair) negates(df text.Diff) bool {
	x, y := p.a.doc, p.b.doc
	kx, ky, cue := df.SentA, df.SentB, df.A.Lo
	if df.B.Hi > df.B.Lo {
		x, y, kx, ky, cue = y, x, ky, kx, df.B.Lo
	}
	if kx < 0 || ky < 0 {
		return false
	}
	sx, sy := &x.Sentences[kx], &y.Sentences[ky]
	if len(sy.Restrictions) > 0 {
		return false
	}
	var c *text.Cue
	for k := range sx.Negations {
		if sx.Negations[k].Tok == cue {
			c = &sx.Negations[k]
		}
	}
	if c == nil {
		return false
	}
	for _, m := range sx.Modals {
		if m.Tok >= c.Scope.Lo && m.Tok < c.Scope.Hi && len(sy.Modals) > 0 {
			return true
		}
	}
	if x.Vocab.Lang.Tag != y.Vocab.Lang.Tag {
		return false
	}
	have := map[string]bool{}
	for i := sy.Lo; i < sy.Hi; i++ {
		if t := y.Tokens[i]; t.Kind == text.Word {
			have[text.Stem(t.Norm)] = true
		}
	}
	n, found := 0, 0
	for i := c.Scope.Lo; i < c.Scope.Hi; i++ {
		t := x.Tokens[i]
		if i >= c.Tok && i < c.End || t.Kind != text.Word || !x.Vocab.Lang.Content(t.Norm) {
			continue
		}
		n++
		if have[text.Stem(t.Norm)] {
			found++
		}
	}
	return n >= 2 && 3*found >= 2*n
}

// verbAt returns where a negation the book lacks belongs: at the word
// that follows it in the other text ("nicht [verschoben]"), when the
// book's sentence has that word, else at.
func (p *sectionPair) verbAt(df text.Diff, at int) int {
	a, b := p.a.doc, p.b.doc
	if df.SentB < 0 || a.Vocab.Lang.Tag != b.Vocab.Lang.Tag {
		return at
	}
	next := ""
	for i := df.A.Hi; i < len(a.Tokens); i++ {
		if t := a.Tokens[i]; t.Kind == text.Word {
			next = text.Stem(t.Norm)
			break
		}
	}
	s := b.Sentences[df.SentB]
	for i := s.Lo; i < s.Hi; i++ {
		if t := b.Tokens[i]; t.Kind == text.Word && text.Stem(t.Norm) == next {
			return i
		}
	}
	return at
}

// destinations reports the cards a book puts into a place where the other
// text, in a sentence otherwise alike, sends them to another (G306, G308),
// in pairs of at most two sentences a side: a heading the book runs into
// a sentence makes a pair of two.
func (rp *reporter) destinations(p *sectionPair) {
	if p.free {
		return
	}
	for _, q := range p.pairs {
		if len(q.A) == 0 || len(q.B) == 0 || len(q.A) > 2 || len(q.B) > 2 {
			continue
		}
		for _, ka := range q.A {
			for _, kb := range q.B {
				if shareAnchor(p.a.doc, &p.a.doc.Sentences[ka], p.b.doc, &p.b.doc.Sentences[kb]) {
					rp.destinationOf(p, ka, kb)
				}
			}
		}
	}
}

// destinationOf reports a destination that differs between sentence ka of
// the other text and sentence kb of the book.
func (rp *reporter) destinationOf(p *sectionPair, ka, kb int) {
	sp, place, i, ok := p.destination(ka, kb)
	if !ok {
		return
	}
	pos := p.b.tokPos(sp.Lo)
	if rp.seen[pos] {
		return
	}
	rp.seen[pos] = true
	df := text.Diff{A: text.Span{Lo: i, Hi: i + 1}}
	code, verb, says := diag.SectionConcepts, "puts", "says"
	if rp.rules {
		code, verb, says = diag.RulebookRule, "put", "say"
	}
	quote := p.a.doc.QuoteSentence(ka, i, 10)
	rp.d.Add(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code,
		Message: fmt.Sprintf("puts the card %q where %s %s it on the %s (%s)", p.b.doc.Quote(sp), rp.where(p, df), verb, rp.concept(place, 1), quote),
		Related: []diag.Related{{Pos: p.a.tokPos(i), Message: fmt.Sprintf("%s %s %s", rp.other, says, quote)}}})
}

// ended reports whether sentence k ends with a full stop, a question or an
// exclamation mark: table titles and headings run into the next line do
// not, and their lengths say nothing of a clause left out.
func ended(d *text.Doc, k int) bool {
	if k < 0 || k >= len(d.Sentences) {
		return false
	}
	s := d.Sentences[k]
	for i := s.Hi - 1; i >= s.Lo; i-- {
		if t := d.Tokens[i]; t.Kind == text.Punct {
			if strings.Contains(".!?…", t.Text) {
				return true
			}
			continue
		}
		return false
	}
	return false
}
