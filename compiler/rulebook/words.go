package rulebook

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// A book that renders the rules of its language word for word, as the
// project's printed rulebooks do, is compared with them word by word: a
// longest common subsequence of the two sections' words, over which a
// number changed, words of the rules left out, a negation on one side
// only and a concept named for its sibling stand out. A book written
// freely from the rules never comes close enough to be read so.
const (
	// verbatimShare is the least share of the rules' words that the
	// common subsequence must hold for a section to be compared word by
	// word; it must hold half the book's.
	verbatimShare = 0.8
	// verbatimMin is the fewest words a section must have to be judged.
	verbatimMin = 6
	// verbatimContext is how many words either side of a difference must
	// agree, in a row, for the difference to be read as one: words that
	// agree by chance among words that do not say nothing.
	verbatimContext = 3
	// minLeftOut is the fewest words of the rules a book must leave out
	// in a row for a finding.
	minLeftOut = 3
	// withinShare is the share of the book's words, minWithin words at
	// least, that the common subsequence must hold for a section to be
	// compared word by word, however few of the rules' words the book
	// has.
	withinShare = 0.95
	minWithin   = 10
	// maxGaps is the most runs of the rules' words a section may leave
	// out: a book that renders the rules has one where it is wrong, a
	// rewording has them all over.
	maxGaps = 2
)

// wordUnit is a word or a number of a text, hyphenated parts joined, as
// the word-by-word comparison sees it.
type wordUnit struct {
	key    string
	lo, hi int // its tokens
	num    bool
	value  float64
}

// wordUnits returns the words and numbers of tokens [lo, hi) of a text:
// punctuation is left out, and a word written against the one before it,
// over a hyphen or not ("face-up", "faceup"), is one with it.
func wordUnits(d *text.Doc, lo, hi int) []wordUnit {
	var out []wordUnit
	ts := d.Tokens
	for i := lo; i < hi; {
		t := &ts[i]
		if t.Kind != text.Word && t.Kind != text.Number {
			i++
			continue
		}
		u := wordUnit{key: t.Norm, lo: i, hi: i + 1}
		// A number read as a reference ("6.5", a section's) is compared
		// as a number still: the rules' may be none ("0.5").
		if (t.Explicit() || t.Kind == text.Number && t.HasValue && t.Ref) && !t.Ordinal {
			u.key, u.num, u.value = "#"+formatNumber(t.Value), true, t.Value
			out = append(out, u)
			i++
			continue
		}
		// An ordinal in digits ("3e jour", "3. Tag") is a number too,
		// though never one for a cardinal.
		if r, _ := utf8.DecodeRuneInString(t.Text); t.Ordinal && t.HasValue && unicode.IsDigit(r) {
			u.key, u.num, u.value = "#."+formatNumber(t.Value), true, t.Value
			out = append(out, u)
			i++
			continue
		}
		j := i + 1
		for j < hi {
			n := &ts[j]
			if n.Kind == text.Word && n.Joined && !isApos(ts[j-1].Text) {
				u.key += n.Norm
				j++
				continue
			}
			if n.Kind == text.Punct && n.Joined && hyphenTok(n.Text) && j+1 < hi && ts[j+1].Kind == text.Word && ts[j+1].Joined {
				j++
				continue
			}
			break
		}
		u.hi = j
		out = append(out, u)
		i = j
	}
	return out
}

func hyphenTok(s string) bool { return s == "-" || s == "‐" || s == "‑" || s == "\u00ad" }

func isApos(s string) bool { return s == "'" || s == "’" }

// lcsPairs returns the pairs (i, j) of a longest common subsequence of
// the keys of a and b, in order.
func lcsPairs(a, b []wordUnit) [][2]int {
	// Common ends first: most of two close texts.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre].key == b[pre].key {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf].key == b[len(b)-1-suf].key {
		suf++
	}
	var out [][2]int
	for k := range pre {
		out = append(out, [2]int{k, k})
	}
	x, y := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(x), len(y)
	if n > 0 && m > 0 && n*m <= 4_000_000 {
		l := make([]int32, (n+1)*(m+1))
		at := func(i, j int) *int32 { return &l[i*(m+1)+j] }
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				switch {
				case x[i].key == y[j].key:
					*at(i, j) = *at(i+1, j+1) + 1
				case *at(i+1, j) >= *at(i, j+1):
					*at(i, j) = *at(i+1, j)
				default:
					*at(i, j) = *at(i, j+1)
				}
			}
		}
		for i, j := 0, 0; i < n && j < m; {
			switch {
			case x[i].key == y[j].key:
				out = append(out, [2]int{pre + i, pre + j})
				i++
				j++
			case *at(i+1, j) >= *at(i, j+1):
				i++
			default:
				j++
			}
		}
	}
	for k := suf; k > 0; k-- {
		out = append(out, [2]int{len(a) - k, len(b) - k})
	}
	return out
}

// verbatim compares a section of the book with the rules word by word,
// when it renders them closely. It reports whether it did.
func (rp *reporter) verbatim(p *sectionPair) bool {
	if !rp.rules || p.a.doc.Vocab.Lang.Tag != p.b.doc.Vocab.Lang.Tag {
		return false
	}
	a, b := p.a.doc, p.b.doc
	ua, ub := wordUnits(a, 0, len(a.Tokens)), wordUnits(b, 0, len(b.Tokens))
	if len(ua) < verbatimMin || len(ub) < verbatimMin {
		return false
	}
	m := lcsPairs(ua, ub)
	gaps := 0 // runs of the rules' words the book does not have
	last := -verbatimContext
	for k := 0; k+1 < len(m); k++ {
		if m[k+1][0] > m[k][0]+1 {
			// Gaps a word or two apart are one difference: "ne
			// permettent pas" made "permettent".
			if k-last >= verbatimContext {
				gaps++
			}
			last = k
		}
	}
	if len(m) > 0 && (m[0][0] > 0 || m[len(m)-1][0] < len(ua)-1) {
		gaps++
	}
	whole := len(ua)
	if p.cut && len(m) > 0 {
		whole -= m[0][0] // the start the book lost is judged below
	}
	// A book whose words are nearly all the rules', in their order, is
	// as close, however much of the rules it lost: a sentence left out
	// of a short section.
	within := rp.headed && len(m) >= minWithin && float64(len(m)) >= withinShare*float64(len(ub))
	if !within && float64(len(m)) < verbatimShare*float64(whole) || 2*len(m) < len(ub) || gaps > maxGaps {
		return false
	}
	// before[k] and after[k] are how many matches in a row end and start
	// at match k.
	before, after := make([]int, len(m)), make([]int, len(m))
	for k := range m {
		before[k] = 1
		if k > 0 && m[k-1][0] == m[k][0]-1 && m[k-1][1] == m[k][1]-1 {
			before[k] = before[k-1] + 1
		}
	}
	for k := len(m) - 1; k >= 0; k-- {
		after[k] = 1
		if k+1 < len(m) && m[k+1][0] == m[k][0]+1 && m[k+1][1] == m[k][1]+1 {
			after[k] = after[k+1] + 1
		}
	}
	conceptA, conceptB := mentionAt(a), mentionAt(b)
	for k := 0; k+1 < len(m); k++ {
		if m[k+1][0] == m[k][0]+1 && m[k+1][1] == m[k][1]+1 {
			continue
		}
		// One difference runs over words in common too few to part two:
		// "ne peut pas" made "peut" leaves "peut" alone between gaps.
		end := k + 1
		for after[end] < verbatimContext && end+after[end] < len(m) {
			end += after[end]
		}
		ai, aj := m[k][0]+1, m[end][0]
		bi, bj := m[k][1]+1, m[end][1]
		// A word put in next to the same word is the first of the two:
		// "können nicht" made "können nicht nicht".
		for ai == aj && bj > bi && bi > 0 && ub[bi-1].key == ub[bj-1].key {
			bi--
			bj--
		}
		// Words left out that the text after them repeats ("A dragon
		// can always … charge. A dragon can never …") may stand
		// anywhere along the repeat: they stand where a sentence or a
		// clause starts.
		prev, next := m[k][0], m[end][1]
		if bi == bj && ai < aj {
			sl := gapSlide(a, ua, ai, aj, before[k])
			ai, aj, bi, bj, prev, next = ai-sl, aj-sl, bi-sl, bj-sl, prev-sl, next-sl
		}
		// A number for a number needs no more context than a word.
		swap := aj-ai == 1 && bj-bi == 1 && ua[ai].num && ub[bi].num
		// Words in common that run to the end of both texts need not be
		// as many: the text ends there.
		toEnd := end+after[end] == len(m) && m[len(m)-1][0] == len(ua)-1 && m[len(m)-1][1] == len(ub)-1
		// So do words in common that run from the start of both: a
		// subheading ("A. Castles and goblins") opens the section.
		fromStart := before[k] == k+1 && m[0] == [2]int{0, 0}
		if swap || (before[k] >= verbatimContext || fromStart) && (after[end] >= verbatimContext || toEnd) {
			rp.wordDiff(p, ua[ai:aj], ub[bi:bj], ua[prev], ua[aj], ub[next], conceptA, conceptB, false)
		}
		k = end - 1
	}
	// The rules' words before the first words in common, or after the
	// last: a section whose book text starts or ends short.
	if len(m) == 0 {
		return true
	}
	if first := m[0]; first[0] > 0 && after[0] >= verbatimContext {
		rp.wordDiff(p, ua[:first[0]], ub[:first[1]], ua[0], ua[first[0]], ub[first[1]], conceptA, conceptB, false)
	}
	if last := m[len(m)-1]; last[0] < len(ua)-1 && before[len(m)-1] >= verbatimContext {
		// The book's last word in common stands before the difference,
		// not after it.
		rp.wordDiff(p, ua[last[0]+1:], ub[last[1]+1:], ua[last[0]], wordUnit{}, ub[last[1]], conceptA, conceptB, true)
	}
	return true
}

// negationGap returns where the book left out the rules' words xs,
// which negate: where it has words ys in their place, the first of them;
// else the gap before nextB, which may be at the end of the line before
// nextB's, where the negation stood.
func (rp *reporter) negationGap(p *sectionPair, xs, ys []wordUnit, nextB wordUnit) diag.Pos {
	if len(ys) > 0 {
		return p.b.tokPos(ys[0].lo)
	}
	return gapAt(p.b, p.a.doc, xs[0].lo, xs[len(xs)-1].hi, nextB.lo)
}

// negatingWords returns the words us of a text if, read alone, they
// negate; or "".
func negatingWords(d *text.Doc, us []wordUnit) string {
	if len(us) == 0 {
		return ""
	}
	w := d.Text(us[0].lo, us[len(us)-1].hi)
	for _, s := range d.Vocab.Read(w, text.Options{}).Sentences {
		if len(s.Negations) > 0 {
			return w
		}
	}
	return ""
}

// mentionAt maps each token of a text that names a concept to it.
func mentionAt(d *text.Doc) map[int]string {
	out := map[int]string{}
	for _, mn := range d.Mentions {
		if mn.Part {
			continue
		}
		for i := mn.Tok; i < mn.End; i++ {
			out[i] = mn.Concept
		}
	}
	return out
}

// gapSlide returns how many words to the left the rules' words
// ua[ai:aj], which the book lacks, move so that they start where a text
// is cut: as many as the words before them repeat their last ones, up to
// limit, the words in common before them. Of the places along the
// repeat, the first word of a sentence is best, then a word after a
// punctuation mark (a clause's, a list item's), as an editor leaves out
// sentences and clauses whole; 0 when none is better than where they
// are. A word in common stays before them.
func gapSlide(d *text.Doc, ua []wordUnit, ai, aj, limit int) int {
	best, rank := 0, cutRank(d, ua, ai)
	for sl := 1; rank < 2 && sl <= limit && ai-sl > 0 && ua[ai-sl].key == ua[aj-sl].key; sl++ {
		if r := cutRank(d, ua, ai-sl); r > rank {
			best, rank = sl, r
		}
	}
	return best
}

// cutRank says how well word ua[x] starts a part of the text: 2 for
// the first of its sentence, 1 for one after a punctuation mark, else 0.
func cutRank(d *text.Doc, ua []wordUnit, x int) int {
	if x == 0 {
		return 2
	}
	if s := sentenceOf(d, ua[x].lo); s != nil && ua[x-1].lo < s.Lo {
		return 2
	}
	for i := ua[x-1].hi; i < ua[x].lo; i++ {
		if d.Tokens[i].Kind == text.Punct {
			return 1
		}
	}
	return 0
}

// wordDiff reports one difference of a section the book renders word for
// word: the rules' words xs where the book has ys, after the rules' word
// prevA and before the rules' word nextA and the book's nextB, which
// agree; with tail, nextB is the book's last word in common, before the
// difference, and nextA is none.
func (rp *reporter) wordDiff(p *sectionPair, xs, ys []wordUnit, prevA, nextA, nextB wordUnit, conceptA, conceptB map[int]string, tail bool) {
	a, b := p.a.doc, p.b.doc
	// Words of the rules left out: what they say is not here at all, so
	// a negation among them reverses nothing.
	// Words of the book among them, a negation of the rules' aside, are
	// the rules' words with the negation left out.
	negOnly := len(ys) > 0 && len(xs)-len(ys) <= 2 && len(negationsIn(a, xs)) > 0 && len(negationsIn(b, ys)) == 0 && keptWords(xs, ys)
	if len(xs) >= minLeftOut && len(ys) <= len(xs)/3 && !negOnly {
		var pos diag.Pos
		switch {
		case len(ys) > 0:
			pos = p.b.tokPos(ys[0].lo)
		case tail:
			pos = gapAfter(p.b, nextB.hi-1, a, xs[0].lo)
		default:
			pos = gapAt(p.b, a, xs[0].lo, xs[len(xs)-1].hi, nextB.lo)
		}
		rp.addAt(p, pos, xs[0].lo, diag.RulebookOmission, diag.Warning, fmt.Sprintf("the rules' words %q are not here: were they left out?", a.Quote(text.Span{Lo: xs[0].lo, Hi: xs[len(xs)-1].hi})))
		return
	}
	// A number changed.
	if len(xs) <= 2 && len(ys) <= 2 {
		for _, x := range xs {
			for _, y := range ys {
				if !x.num || !y.num || x.value == y.value {
					continue
				}
				src := p.a.source(x.lo)
				code := diag.RulebookCount
				if src != "" && !isCount(src) {
					code = diag.RulebookParam
				}
				what := fmt.Sprintf("%s where the rules have %s", formatNumber(y.value), formatNumber(x.value))
				if src != "" {
					what += fmt.Sprintf(" (%s)", paramName(src))
				}
				rp.add(p, y.lo, x.lo, code, diag.Error, fmt.Sprintf("%s (%s)", what, rp.context(b, y.lo)))
				return
			}
		}
	}
	// A negation on one side only.
	negA, negB := negationsIn(a, xs), negationsIn(b, ys)
	for _, w := range byToken(negA) {
		if _, ok := negB[w]; !ok {
			n, at := negA[w], nextB.lo
			rp.addAt(p, rp.negationGap(p, xs, ys, nextB), xs[0].lo, diag.RulebookRule, diag.Error, fmt.Sprintf("%s is not negated where the rules are (%q): check whether the rule is reversed", rp.context(b, at), n.words))
			return
		}
	}
	for _, w := range byToken(negB) {
		if _, ok := negA[w]; !ok {
			n, at := negB[w], prevA.lo
			if len(xs) > 0 {
				at = xs[0].lo
			}
			rp.add(p, n.tok, at, diag.RulebookRule, diag.Error, fmt.Sprintf("%s is negated (%q) where the rules are not: check whether the rule is reversed", rp.context(b, n.tok), n.words))
			return
		}
	}
	// A negation word put in or left out word for word: read alone, as
	// the idioms that hold it ("nicht nur", "or not") are no negation
	// in context, though the rule reads otherwise without it.
	if len(xs)+len(ys) <= 2 {
		wa, wb := negatingWords(a, xs), negatingWords(b, ys)
		switch {
		case wb != "" && wa == "":
			rp.add(p, ys[0].lo, max(prevA.lo, 0), diag.RulebookRule, diag.Error, fmt.Sprintf("%s is negated (%q) where the rules are not: check whether the rule is reversed", rp.context(b, ys[0].lo), wb))
			return
		case wa != "" && wb == "":
			rp.addAt(p, rp.negationGap(p, xs, ys, nextB), xs[0].lo, diag.RulebookRule, diag.Error, fmt.Sprintf("%s is not negated where the rules are (%q): check whether the rule is reversed", rp.context(b, nextB.lo), wa))
			return
		}
	}
	// A concept named for its sibling: a name of a few words ("removed
	// from the game") for another.
	if len(xs) <= maxConceptWords && len(ys) <= maxConceptWords {
		for _, x := range xs {
			ca := unitConcept(conceptA, x)
			if ca == "" {
				continue
			}
			for _, y := range ys {
				cb := unitConcept(conceptB, y)
				if cb == "" || cb == ca {
					continue
				}
				g := a.Vocab.Siblings(ca, cb)
				if g == nil {
					continue
				}
				code := diag.RulebookConcept
				if g.Kind == model.Places || g.Kind == model.Facing {
					code = diag.RulebookRule
				}
				rp.add(p, y.lo, x.lo, code, diag.Error, fmt.Sprintf("%s (%s) where the rules name %s", rp.concept(cb, 2), rp.context(b, y.lo), rp.concept(ca, 2)))
				return
			}
		}
		// A word put in or left out of a name of several words names
		// another concept: "créature super maléfique" made "créature
		// maléfique". The words either side of it are in both texts.
		ca, cb := unitConcept(conceptA, prevA), unitConcept(conceptB, nextB)
		if len(xs) == 1 && len(ys) == 0 && unitConcept(conceptA, xs[0]) != "" {
			ca = unitConcept(conceptA, xs[0]) // the word left out opened the name
		}
		if len(xs) == 0 && len(ys) == 1 && unitConcept(conceptB, ys[0]) != "" {
			// The word put in opens a name: "most evil creature" for
			// "evil creature".
			ca, cb = unitConcept(conceptA, nextA), unitConcept(conceptB, ys[0])
		}
		if ca != "" && cb != "" && ca != cb && !tail && len(xs)+len(ys) == 1 {
			at := nextB.lo
			if len(ys) > 0 {
				at = ys[0].lo
			}
			rp.add(p, at, prevA.lo, diag.RulebookConcept, diag.Error, fmt.Sprintf("%s (%s) where the rules name %s", rp.concept(cb, 2), rp.context(b, at), rp.concept(ca, 2)))
			return
		}
		// In a text that renders the rules word for word, a concept in
		// place of another is one named for the other, siblings or not.
		for _, x := range xs {
			for _, y := range ys {
				ca, cb := unitConcept(conceptA, x), unitConcept(conceptB, y)
				if ca != "" && cb != "" && ca != cb {
					rp.add(p, y.lo, x.lo, diag.RulebookConcept, diag.Error, fmt.Sprintf("%s (%s) where the rules name %s", rp.concept(cb, 2), rp.context(b, y.lo), rp.concept(ca, 2)))
					return
				}
			}
		}
	}
}

// keptWords reports whether every word of ys is one of xs.
func keptWords(xs, ys []wordUnit) bool {
	for _, y := range ys {
		if !slices.ContainsFunc(xs, func(x wordUnit) bool { return x.key == y.key }) {
			return false
		}
	}
	return true
}

// unitConcept returns the concept a word names, from any of its tokens:
// "l’attaquant" names it from its second.
func unitConcept(m map[int]string, u wordUnit) string {
	for i := u.lo; i < u.hi; i++ {
		if c := m[i]; c != "" {
			return c
		}
	}
	return ""
}

// maxConceptWords is the most words either side of a difference may
// have to be read as one concept named for another.
const maxConceptWords = 4

// negationsIn returns the negation cues among some words of a text, by
// their first word.
func negationsIn(d *text.Doc, us []wordUnit) map[string]negation {
	out := map[string]negation{}
	if len(us) == 0 {
		return out
	}
	lo, hi := us[0].lo, us[len(us)-1].hi
	s := sentenceOf(d, lo)
	if s == nil {
		return out
	}
	for _, c := range s.Negations {
		if c.Tok >= lo && c.Tok < hi {
			n := negation{tok: c.Tok, words: d.CueWords(c)}
			out[strings.ToLower(d.Tokens[c.Tok].Norm)] = n
		}
	}
	return out
}

// byToken returns the keys of negations in the order of their tokens,
// so that the first difference reported is the same on every run.
func byToken(ns map[string]negation) []string {
	ks := slices.Collect(maps.Keys(ns))
	slices.SortFunc(ks, func(x, y string) int { return ns[x].tok - ns[y].tok })
	return ks
}

// negation is a negation cue of a text: its first token, and its words
// as written ("ne … pas").
type negation struct {
	tok   int
	words string
}

// context quotes a few words of a text around token i.
func (rp *reporter) context(d *text.Doc, i int) string {
	k := diffSentence(d, -1, text.Span{Lo: i, Hi: i + 1})
	if k < 0 {
		return "“" + d.Tokens[i].Text + "”"
	}
	return d.QuoteSentence(k, i, 10)
}

// add reports a finding of the word-by-word comparison at token i of the
// book, with the rules' sentence of token j, unless one is there.
func (rp *reporter) add(p *sectionPair, i, j int, code diag.Code, sev diag.Severity, msg string) {
	rp.addAt(p, p.b.tokPos(i), j, code, sev, msg)
}

// addAt is add at a place of the book.
func (rp *reporter) addAt(p *sectionPair, pos diag.Pos, j int, code diag.Code, sev diag.Severity, msg string) {
	if rp.seen[pos] {
		return
	}
	rp.seen[pos] = true
	// The same finding of the comparison sentence by sentence, in the
	// same sentence of the book, is this one placed less closely.
	if code == diag.RulebookRule {
		if k := sentenceAtPos(p.b, pos); k >= 0 {
			s := p.b.doc.Sentences[k]
			from, to := p.b.tokPos(s.Lo), p.b.tokPos(s.Hi-1)
			*rp.d = slices.DeleteFunc(*rp.d, func(d diag.Diagnostic) bool {
				return d.Code == code && d.Pos.File == pos.File && d.Pos != pos && !before(d.Pos, from) && !before(to, d.Pos)
			})
		}
	}
	ka := diffSentence(p.a.doc, -1, text.Span{Lo: j, Hi: j + 1})
	rel := []diag.Related{{Pos: p.a.tokPos(j), Message: fmt.Sprintf("%s say %s", rp.other, p.a.doc.QuoteSentence(ka, j, 10))}}
	// Words left out that open a sentence of the rules the comparison
	// sentence by sentence found without counterpart are that omission,
	// told word for word.
	if code == diag.RulebookOmission {
		*rp.d = slices.DeleteFunc(*rp.d, func(d diag.Diagnostic) bool {
			return d.Code == code && d.Pos.File == pos.File && len(d.Related) > 0 && d.Related[0].Pos == rel[0].Pos
		})
	}
	rp.d.Add(diag.Diagnostic{Pos: pos, Severity: sev, Code: code, Message: msg, Related: rel})
}

// sentenceAtPos returns the sentence of a book's passage that holds the
// place pos, or -1.
func sentenceAtPos(p *passage, pos diag.Pos) int {
	for k, s := range p.doc.Sentences {
		if s.Hi > s.Lo && !before(pos, p.tokPos(s.Lo)) && !before(p.tokPos(s.Hi-1), pos) {
			return k
		}
	}
	return -1
}

// before reports whether place x comes before place y in a file.
func before(x, y diag.Pos) bool {
	return x.Line < y.Line || x.Line == y.Line && x.Col < y.Col
}

// gapAt returns where in book passage p to report the words [lo, hi) of
// text a left out before token at. At a line break the gap has two
// edges: it is after what leads this line (a bullet) when a has the same
// before the words; else at the end of the line before, when the lines
// are next to each other, unless the words opened a sentence, which
// starts a line as often as it ends one. Words that end a block of the
// rules' lines ended the text before. Across a page break it is at the
// page's start. Then, and across a blank line or a heading, the words
// ended the line before or started this one: the one they bring nearer a
// full line.
func gapAt(p *passage, a *text.Doc, lo, hi, at int) diag.Pos {
	if at >= len(p.doc.Tokens) {
		return gapAfter(p, len(p.doc.Tokens)-1, a, lo)
	}
	before := lastOnLineBefore(p, at)
	var end diag.Pos // the end of the text before the gap
	switch {
	case before >= 0:
		end = p.tokPos(before)
	case p.lead.Line > 0 && onlyPunct(p.doc, 0, at):
		end = p.lead
	default:
		return p.tokPos(at)
	}
	prev, cur := end.Line, p.tokPos(at).Line
	// A page that starts blank before the text after lost its first
	// line: the words stood there, whatever leads the line after.
	for _, l := range p.pages {
		if prev < l && l < cur && p.bare[l] {
			return diag.Pos{File: p.file, Line: l, Col: 1}
		}
	}
	if lead := at - 1; lead > before && lo > 0 && sameLead(a.Tokens[lo-1].Text, p.doc.Tokens[lead].Text) {
		return p.tokPos(at)
	}
	// The lines' lengths, the line before the gap's at least to the text's
	// end, and the length of the words left out with their space.
	lens, full := p.lineLens()
	prevLen, ok := lens[prev]
	if !ok {
		prevLen = end.Col
	}
	n := utf8.RuneCountInString(a.Text(lo, hi)) + 1
	s := sentenceOf(a, lo)
	starts := s != nil && onlyPunct(a, s.Lo, lo)
	opening := starts && !onlyPunct(a, hi, s.Hi)
	// Words that end a sentence stood before its mark, where the book
	// keeps it at the end of the text before.
	if s != nil && !starts && before >= 0 && hi < s.Hi && onlyPunct(a, hi, s.Hi) && p.doc.Tokens[before].Kind == text.Punct && p.doc.Tokens[before].Text == a.Tokens[s.Hi-1].Text {
		return end
	}
	// Words that start a sentence of the rules' paragraph went on the
	// line of the text before; words that start a paragraph of theirs
	// started the line after the text before, where it ends a sentence.
	if k := sentenceIndex(a, lo); starts && k > 0 && prev < cur {
		switch {
		case a.Sentences[k-1].Para == s.Para && float64(lens[prev]) < fullLine*float64(full):
			return end
		case a.Sentences[k-1].Para == s.Para && prev == cur-1 && opening:
			return p.tokPos(at) // the line before was full
		case a.Sentences[k-1].Para != s.Para && prev == cur-1 && before >= 0 && strings.ContainsAny(p.doc.Tokens[before].Text, ".!?:…"):
			return p.tokPos(at)
		}
	}
	// Words that go on with a sentence from the line before ended it,
	// unless they do not fit there and started a line that is short now,
	// the paragraph going on below it or the sentence going on after
	// them on that line, where they fit: that line lost them.
	if prev == cur-1 && !opening {
		if float64(prevLen+n) > lineSlack*float64(full) && float64(lens[cur]) < fullLine*float64(full) && (lowerStart(p.lineText(cur+1)) || float64(lens[cur]+n) <= fullLine*float64(full) && s != nil && !onlyPunct(a, hi, s.Hi)) && !slices.Contains(p.pages, cur+1) {
			return p.tokPos(at)
		}
		return end
	}
	// Sentences that end a block of the rules' lines, the text before
	// them in the same block, ended it in the book too, wherever a page
	// break or empty lines part it from the text after: on a line of
	// their own when they start one in the rules. (The end of a sentence
	// goes on where the line before has room, below.)
	// But for words the next page lost, as the page before did not (one
	// that starts blank is above).
	lostBelow := p.lostLines(cur, prev) && slices.ContainsFunc(p.pages, func(l int) bool { return prev < l && l <= cur })
	if starts && cur > prev+1 && endsBlock(a, lo, hi) && !lostBelow {
		if !slices.Contains(p.pages, prev+1) && p.empty[prev+1] {
			return diag.Pos{File: p.file, Line: prev + 1, Col: 1}
		}
		return end
	}
	// Whether the words end inside a sentence the text after them goes
	// on with: then they, or their last sentence, opened it.
	endsOpen := opening
	if e := sentenceOf(a, hi-1); e != nil && e != s {
		endsOpen = !onlyPunct(a, hi, e.Hi)
	}
	for _, l := range p.pages {
		if l <= prev || l > cur {
			continue
		}
		// Words that open a sentence the next page goes on with stood
		// at the end of the page before, unless that page starts with a
		// capital the rules do not write there: it starts the sentence,
		// the words left out at its top ("Der neuer Kapitän wird" for
		// "…, der neuer Kapitän wird"), where a name ("Rafaël Theunis,
		// Kevin …") tells nothing. So do words that end by opening one,
		// a subheading before them.
		if starts && endsOpen && (lowerStart(p.doc.Tokens[at].Text) || !lowerStart(a.Tokens[nextWord(a, hi)].Text)) {
			return end
		}
		// Words that start with a subheading stood with the text after
		// them, which a book does not leave alone at a page's foot; so
		// did words that start the text of a subheading the book lacks
		// too.
		if subheading(a, lo) || afterLostSubheading(a, lo, p.doc, before) {
			return diag.Pos{File: p.file, Line: l, Col: 1}
		}
		// Words that ended a page whose text now ends higher than most
		// pages', before a page that starts with text, stood there (one
		// that starts blank is above).
		if p.tail[prev] && prev+1 < l {
			return diag.Pos{File: p.file, Line: prev + 1, Col: 1}
		}
		// Words that go on with a sentence of the page before stood at
		// its end when its last line has room for them: the text flows
		// line by line.
		if !starts && float64(prevLen+n) <= lineSlack*float64(full) {
			return end
		}
		// Across a page break, the words stood on the page that lost
		// lines, about as many as they take (a page may be short by
		// nature): words that go on with a sentence, at the end of the
		// text before; words that start one, on the blank line after
		// it where the page keeps its blank lines (pdftotext -layout),
		// else as below; at the next page's start when both pages lost
		// lines.
		if p.lostLines(prev, cur) && p.short[prev] <= (n+full-1)/max(full, 1)+1 {
			if !starts {
				return end
			}
			if prev+1 < l && p.empty[prev+1] {
				return diag.Pos{File: p.file, Line: prev + 1, Col: 1}
			}
		}
		if !p.lostLines(prev, cur) {
			// Neither page short by a count of lines, which varies by a
			// line or two from page to page of a text converted with its
			// layout: words that start a sentence stood on the page that
			// holds fewer lines.
			if starts && !p.lostLines(cur, prev) && p.rows[prev] < p.rows[cur] {
				if prev+1 < l && p.empty[prev+1] {
					return diag.Pos{File: p.file, Line: prev + 1, Col: 1}
				}
				return end
			}
			return diag.Pos{File: p.file, Line: l, Col: 1}
		}
	}
	// Words that start a sentence, where only empty lines part the text
	// before from the text after, stood on the first of them: as a
	// paragraph, or a heading, of their own.
	if starts && cur > prev+1 && p.emptyBetween(prev, cur) {
		return diag.Pos{File: p.file, Line: prev + 1, Col: 1}
	}
	if abs(prevLen+n-full) <= abs(lens[cur]+n-full) {
		return end
	}
	return p.tokPos(at)
}

// subheading reports whether token i of a text starts a subheading: a
// paragraph of one short sentence that ends with no mark ("C. Les
// pioches de créatures").
func subheading(d *text.Doc, i int) bool {
	k := d.SentenceAt(i)
	if k < 0 || !onlyPunct(d, d.Sentences[k].Lo, i) {
		return false
	}
	s := d.Sentences[k]
	if k > 0 && d.Sentences[k-1].Para == s.Para || k+1 < len(d.Sentences) && d.Sentences[k+1].Para == s.Para {
		return false
	}
	last := d.Tokens[s.Hi-1]
	return words(d, s.Span) <= maxSubheading && (last.Kind != text.Punct || !strings.Contains(".!?…:;,", last.Text))
}

// afterLostSubheading reports whether token i of text a starts the
// paragraph after a subheading that the book's text b does not end with
// at its token before.
func afterLostSubheading(a *text.Doc, i int, b *text.Doc, before int) bool {
	k := a.SentenceAt(i)
	if k < 1 || !onlyPunct(a, a.Sentences[k].Lo, i) || !subheading(a, a.Sentences[k-1].Lo) {
		return false
	}
	h := a.Sentences[k-1]
	return before < 0 || text.Stem(b.Tokens[before].Norm) != text.Stem(a.Tokens[h.Hi-1].Norm)
}

// maxSubheading is the most words a subheading has.
const maxSubheading = 8

// endsBlock reports whether the words [lo, hi) of a text end a block of
// its lines, the text before them in the same block: a blank line comes
// after them and none before.
func endsBlock(d *text.Doc, lo, hi int) bool {
	first, last := sentenceOf(d, lo), sentenceOf(d, hi-1)
	if lo == 0 || first == nil || last == nil {
		return false
	}
	// The words before and after, past the marks that lead or end them
	// ("> ", ".").
	prev := lo - 1
	for prev >= 0 && onlyPunct(d, prev, prev+1) {
		prev--
	}
	next := nextWord(d, hi)
	if prev < 0 || onlyPunct(d, next, next+1) {
		return false
	}
	before, after := sentenceOf(d, prev), sentenceOf(d, next)
	return before != nil && after != nil && before.Block == first.Block && after.Block > last.Block
}

// lineSlack is how much longer than a passage's longest line one of its
// lines may be: characters are no width, and a passage's longest line may
// fall short of the page's.
const lineSlack = 1.05

// fullLine is the share of the longest line's length from which a line
// of a justified paragraph is full: characters are no width.
const fullLine = 0.85

// sentenceIndex returns the index of the sentence of a text that holds
// token i, or -1.
func sentenceIndex(d *text.Doc, i int) int {
	for k := range d.Sentences {
		if s := &d.Sentences[k]; s.Lo <= i && i < s.Hi {
			return k
		}
	}
	return -1
}

// emptyBetween reports whether the lines of a book's passage between
// lines prev and cur hold no text.
func (p *passage) emptyBetween(prev, cur int) bool {
	for l := prev + 1; l < cur; l++ {
		if !p.empty[l] && !slices.Contains(p.pages, l) {
			return false
		}
	}
	return true
}

// gapAfter returns where in book passage p to report words of text a
// left out, from token lo, after its last token i: at the token when the
// words go on with its paragraph and their first fits on its line; else
// at the start of a page that follows, unless the token's page lost its
// last lines (it ends higher than most, or it is short and the next is
// not): then on the empty line after the token; else at the token.
func gapAfter(p *passage, i int, a *text.Doc, lo int) diag.Pos {
	at := p.tokPos(i)
	if k := sentenceIndex(a, lo); k > 0 && a.Sentences[k-1].Para == a.Sentences[k].Para && onlyPunct(a, a.Sentences[k].Lo, lo) {
		lens, _ := p.lineLens()
		if fits(p, lens[at.Line], a, lo) {
			return at
		}
	}
	for _, l := range p.pages {
		if l > at.Line {
			if (p.tail[at.Line] || p.lostLines(at.Line, l)) && at.Line+1 < l && p.empty[at.Line+1] {
				return diag.Pos{File: p.file, Line: at.Line + 1, Col: 1}
			}
			return diag.Pos{File: p.file, Line: l, Col: 1}
		}
	}
	return at
}

// fits reports whether the first word of text a from token lo, with a
// space, fits after a line of book passage p that is n runes long: a
// paragraph fills its lines, so words that go on with it and whose
// first fits there started on that line; not where the text breaks the
// line before them (the lines of a story).
func fits(p *passage, n int, a *text.Doc, lo int) bool {
	w := nextWord(a, lo)
	if w > 0 && strings.Contains(a.Src[a.Tokens[w-1].End:a.Tokens[w].Off], "\n") {
		return false
	}
	return p.width > 0 && n+1+utf8.RuneCountInString(a.Tokens[w].Text) <= p.width
}

// bullets are the marks that lead a list's items.
const bullets = "-•*–—"

// sameLead reports whether two marks that lead a line are alike: the
// same, or two bullets, which a book sets otherwise than the rules.
func sameLead(x, y string) bool {
	return x == y || strings.Contains(bullets, x) && strings.Contains(bullets, y)
}

// nextWord returns the index of the first word or number of a text at
// or after token i, or the last token.
func nextWord(d *text.Doc, i int) int {
	for i < len(d.Tokens)-1 && onlyPunct(d, i, i+1) {
		i++
	}
	return min(i, len(d.Tokens)-1)
}

// onlyPunct reports whether tokens [lo, hi) of a text hold no word or
// number.
func onlyPunct(d *text.Doc, lo, hi int) bool {
	for i := lo; i < hi && i < len(d.Tokens); i++ {
		if k := d.Tokens[i].Kind; k == text.Word || k == text.Number {
			return false
		}
	}
	return true
}

// lastOnLineBefore returns the last token of a passage on a line before
// that of token i, when token i is the first word of its line; else -1.
func lastOnLineBefore(p *passage, i int) int {
	if i <= 0 || i >= len(p.doc.Tokens) {
		return -1
	}
	cur := p.tokPos(i).Line
	j := i - 1
	for j >= 0 && p.tokPos(j).Line == cur {
		if !onlyPunct(p.doc, j, j+1) {
			return -1
		}
		j--
	}
	return j
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
