package text

import (
	"maps"
	"slices"
)

// A number moved to another place of its sentence keeps its value, so
// only where it stands tells it: the words around a number say what it
// counts, and the game's lexicon says which words of a translation
// translate them. A translation is free to order its words, so a number
// is moved only where the words by it translate another place of the
// source, and, where there is another translation, only where that one
// stands its number elsewhere too.

// movedKnown is how many words around a number of the source must have
// their translation in the other sentence, none of them around the
// number's counterpart, for the number to be moved.
const movedKnown = 2

// movedNear is how many content words after a number (or before it) may
// come before the translation of the word after its counterpart (or
// before it); a run of content words (a noun and its adjectives, "evil
// Creature cards") counts as one.
const movedNear = 2

// movedPhrase is the most content words by a number read as what it
// counts.
const movedPhrase = 5

// placing is how the number at token i of y stands against its
// counterpart j of x.
type placing struct {
	// around says the two are judged by all the words around them, none
	// of whose translations stands around i; else by the word right
	// after j alone, or right before it when j ends its clause.
	around bool
	// known are the translations, in y's sentence, of the words j is
	// judged by; source is the first of those words.
	known  []string
	source string
	// tied says one of them does.
	tied bool
	// attracted says the words by i translate words of x's sentence that
	// j is not judged by: the number went there.
	attracted bool
}

// moved reports whether the placing tells a number moved.
func (p placing) moved() bool {
	least := 1
	if p.around {
		least = movedKnown
	}
	return !p.tied && p.attracted && len(p.known) >= least
}

// placed judges where the number at token i of y stands against its
// counterpart at j of x, lx translating x's language into y's.
func (lx *Lexicon) placed(x side, j int, y side, i int) placing {
	a, b := x.d, y.d
	inB := lx.stems(b, y.span)
	wordsA, wordsB := lx.around(a, j), lx.around(b, i)
	p := placing{around: true}
	for _, e := range wordsA {
		if f := lx.likeliest(e, inB); f != "" && slices.Contains(wordsB, f) {
			p.around = false
			break
		}
	}
	if !p.around {
		// Both have the same words near: judge by what the number
		// counts, the word right after it.
		wordsA, wordsB = lx.next(a, j, 1), lx.run(b, i, 1)
		if wordsA == nil {
			// A number last in its clause ("worth 7") goes with the
			// word before it.
			wordsA, wordsB = lx.next(a, j, -1), lx.run(b, i, -1)
		}
	}
	for _, e := range wordsA {
		if f := lx.evidence(e, inB); f != "" {
			if p.known == nil {
				p.source = e
			}
			p.known = append(p.known, f)
			p.tied = p.tied || slices.Contains(wordsB, f)
		}
	}
	for _, e := range lx.stems(a, x.span) {
		if f := lx.evidence(e, inB); f != "" && !slices.Contains(wordsA, e) && slices.Contains(wordsB, f) {
			p.attracted = true
			break
		}
	}
	return p
}

// likeliest returns the word of inB that likeliest translates source
// stem e, or ""; with no lexicon (two texts of one language, a rulebook
// and the rules), e itself.
func (lx *Lexicon) likeliest(e string, inB []string) string {
	if lx == nil {
		if slices.Contains(inB, e) {
			return e
		}
		return ""
	}
	return lx.best(e, inB)
}

// evidence is likeliest, for a word the game's texts use more than once:
// a word seen once is no evidence.
func (lx *Lexicon) evidence(e string, inB []string) string {
	if lx != nil && lx.freqA[e]-lx.out < lexFreq {
		return ""
	}
	return lx.likeliest(e, inB)
}

// movedNumbers adds the numbers of y that moved away from what their
// counterparts in x stand by (see placed), when the sibling, if any,
// finds them moved too; matched takes each number of y to its
// counterpart, and reported marks those already reported.
func movedNumbers(x, y side, matched map[int]int, reported map[int]bool, lx *Lexicon, sib *sibSide, add func(Diff)) {
	a, b := x.d, y.d
	for _, i := range slices.Sorted(maps.Keys(matched)) {
		j := matched[i]
		if reported[i] || !b.Tokens[i].Explicit() || !a.Tokens[j].Explicit() || stuck(a, j) || stuck(b, i) {
			continue // a name ({{.Arg.Card}}) or an article
		}
		m := lx.placed(x, j, y, i)
		if !m.moved() || !sib.confirms(y, i, numberID(b, i)) {
			continue
		}
		// The source's word the number goes with, and its translation.
		from, to := lx.nearest(a, x.span, j, m.source), lx.nearest(b, y.span, i, m.known[0])
		if from < 0 || to < 0 {
			continue
		}
		if lx == nil && lx.count(a, x.span, m.source) != lx.count(b, y.span, m.known[0]) {
			// In one language, a number moved leaves its word as often:
			// fewer is the word left out ("4 sur 4" for "4 sur 4
			// cartes").
			continue
		}
		add(Diff{Kind: DiffBound, A: Span{min(j, from), max(j, from) + 1}, B: Span{i, i + 1}, Concept: a.Tokens[from].Text, Other: b.Tokens[to].Text,
			Value: a.Tokens[j].Value, OtherValue: b.Tokens[i].Value, HasValue: true, HasOther: true})
	}
}

// hasStem reports whether token k of d is a word with stem among its
// stems.
func (lx *Lexicon) hasStem(d *Doc, k int, stem string) bool {
	t := &d.Tokens[k]
	return t.Kind == Word && slices.Contains(lx.addStems(nil, d, t.Norm), stem)
}

// count returns how many words of span sp have stem among their stems.
func (lx *Lexicon) count(d *Doc, sp Span, stem string) int {
	n := 0
	for k := sp.Lo; k < sp.Hi; k++ {
		if lx.hasStem(d, k, stem) {
			n++
		}
	}
	return n
}

// nearest returns the token of span sp nearest to token i whose stems
// hold stem, or -1.
func (lx *Lexicon) nearest(d *Doc, sp Span, i int, stem string) int {
	out := -1
	for k := sp.Lo; k < sp.Hi; k++ {
		if lx.hasStem(d, k, stem) && (out < 0 || abs(k-i) < abs(out-i)) {
			out = k
		}
	}
	return out
}

// stuck reports whether the number at token i has letters stuck to it
// ("{{.Param.days}}e", an ordinal): a part of a word, which words stand
// by otherwise.
func stuck(d *Doc, i int) bool {
	return i+1 < len(d.Tokens) && d.Tokens[i+1].Joined && d.Tokens[i+1].Kind == Word
}

// next returns the stems of the word right after token i (step 1), or
// right before it (step -1), when it is a content word: what a number
// counts. "deals 8 to each player" counts nothing the words say.
func (lx *Lexicon) next(d *Doc, i, step int) []string {
	k := d.SentenceAt(i)
	if k < 0 || i+step < d.Sentences[k].Lo || i+step >= d.Sentences[k].Hi {
		return nil
	}
	if t := &d.Tokens[i+step]; t.Kind == Word && d.Vocab.Lang.Content(t.Norm) {
		return lx.addStems(nil, d, t.Norm)
	}
	return nil
}

// run returns the stems of the content words after the number at token
// i (step 1), or before it (step -1): up to movedNear, and the rest of a
// run of content words the last of them is in, up to movedPhrase in all;
// short of punctuation or another number.
func (lx *Lexicon) run(d *Doc, i, step int) []string {
	k := d.SentenceAt(i)
	if k < 0 {
		return nil
	}
	sen := &d.Sentences[k]
	var out []string
	n, run := 0, false
	for j := i + step; j >= sen.Lo && j < sen.Hi && n < movedPhrase; j += step {
		t := &d.Tokens[j]
		if t.Kind == Placeholder || t.Kind == Number && !t.Weak || t.Kind == Punct && t.Text != "-" {
			break
		}
		if t.Kind != Word || !d.Vocab.Lang.Content(t.Norm) {
			if n >= movedNear && !(run && d.Vocab.Lang.Partitive(t.Norm)) {
				break
			}
			run = false
			continue
		}
		n++
		run = true
		out = lx.addStems(out, d, t.Norm)
	}
	return out
}

// sibSide is a sibling translation as seen from one sentence pair: its
// sentences for the pair's source, when they are its sentences for the
// pair's translation too.
type sibSide struct {
	side
	lx *Lexicon // from the sibling's language to the translation's
}

// at returns the sibling's side for pair p, or nil.
func (sib *Sibling) at(p Pair) *sibSide {
	if sib == nil || sib.Lexicon == nil {
		return nil
	}
	us := sib.between(p.A, p.B)
	if us == nil {
		return nil
	}
	return &sibSide{side{sib.Doc, sib.Doc.spanOf(us), us}, sib.Lexicon}
}

// confirms reports whether the sibling, if any, tells the number at
// token i of y moved too: each of its numbers worth id stands elsewhere
// than i, by the sibling's own words. A translation that words a
// sentence as another translation does moved nothing.
func (s *sibSide) confirms(y side, i int, id string) bool {
	if s == nil {
		return true
	}
	seen := false
	for k := s.span.Lo; k < s.span.Hi; k++ {
		t := &s.d.Tokens[k]
		if (t.Kind == Placeholder || t.Kind == Number && !t.Weak) && numberID(s.d, k) == id {
			if !s.lx.placed(s.side, k, y, i).moved() {
				return false
			}
			seen = true
		}
	}
	return seen
}
