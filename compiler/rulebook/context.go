package rulebook

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// bag is the context of a place in a text: features (a word's stem, a
// concept, a number) weighted by how close they are.
type bag map[string]float64

// text is a run of tokens with the concepts they name: a section of a
// book, or of the game's rules.
type text struct {
	ts    []token
	lines []string   // the lines the tokens' positions refer to
	at    [][]string // concepts named at each token
	lang  *language
	lo    int // where the run starts in ts
	hi    int // where it ends
}

// contextWindow is how many counted tokens on each side make a context;
// reach bounds how many tokens of any kind are looked through for them,
// and maxSentence how long a sentence may run, so that debris without
// words or stops costs no more than text.
const (
	contextWindow = 8
	reach         = 64
	maxSentence   = 120
)

// context returns the context of the tokens [i, end) within the run.
// Words count only in the same language (words is false across
// languages, where concepts and numbers are all two texts share).
func (x text) context(i, end int, words bool) bag {
	b := bag{}
	add := func(j, d int) {
		// Weights are binary fractions, so that sums are exact whatever
		// order a map gives them in.
		w := 1.0
		switch {
		case d > 4:
			w = 0.5
		case d > 2:
			w = 0.75
		}
		for _, f := range x.features(j, words) {
			b[f] = max(b[f], w)
		}
	}
	for j, d := i-1, 0; j >= max(x.lo, i-reach) && d < contextWindow; j-- {
		if x.counts(j) {
			d++
			add(j, d)
		}
	}
	for j, d := end, 0; j < min(x.hi, end+reach) && d < contextWindow; j++ {
		if x.counts(j) {
			d++
			add(j, d)
		}
	}
	return b
}

// counts reports whether a token counts for the distance of a context:
// a content word, a number or a concept.
func (x text) counts(j int) bool {
	t := &x.ts[j]
	switch t.kind {
	case number:
		return !t.weak
	case word:
		return len(x.at[j]) > 0 || x.lang.content(t.norm)
	}
	return false
}

// features returns the features of token j.
func (x text) features(j int, words bool) []string {
	t := &x.ts[j]
	if len(x.at[j]) > 0 {
		out := make([]string, len(x.at[j]))
		for k, c := range x.at[j] {
			out[k] = "c:" + c
		}
		return out
	}
	switch {
	case t.kind == number && !t.weak && !t.skip:
		return []string{"n:" + strconv.FormatFloat(t.value, 'f', -1, 64)}
	case t.kind == word && words && x.lang.content(t.norm):
		return []string{"w:" + stem(t.norm)}
	}
	return nil
}

// overlap scores two contexts: the weight they share.
func overlap(a, b bag) float64 {
	s := 0.0
	for f, w := range a {
		if v, ok := b[f]; ok {
			s += min(w, v)
		}
	}
	return s
}

// unit returns the features of the first two counted tokens after token i
// in its sentence: what a number counts ("3 autres cités").
func (x text) unit(i int, words bool) map[string]bool {
	out := map[string]bool{}
	n := 0
	for j := i + 1; j < min(x.hi, i+reach) && n < 2; j++ {
		if x.ts[j-1].stop || x.ts[j].kind == number && !x.ts[j].weak {
			break
		}
		if !x.counts(j) {
			continue
		}
		n++
		for _, f := range x.features(j, words) {
			out[f] = true
		}
	}
	return out
}

func shares(a, b map[string]bool) bool {
	for f := range a {
		if b[f] {
			return true
		}
	}
	return false
}

// sentence returns the bounds [lo, hi) of the sentence of token i.
func (x text) sentence(i int) (int, int) {
	lo := i
	for lo > x.lo && !x.ts[lo-1].stop && i-lo < maxSentence {
		lo--
	}
	return lo, x.sentenceEnd(i)
}

// sentenceEnd returns the end of the sentence of token i.
func (x text) sentenceEnd(i int) int {
	hi := i
	for hi < x.hi-1 && !x.ts[hi].stop && hi-i < maxSentence {
		hi++
	}
	return hi + 1
}

// snippet returns the text of tokens [i, j) as the text has it, lines
// joined by a space and punctuation around trimmed, for messages.
func (x text) snippet(i, j int) string {
	i, j = max(i, x.lo), min(j, x.hi)
	for i < j && x.ts[i].kind == punct {
		i++
	}
	for j > i && x.ts[j-1].kind == punct && !strings.ContainsAny(x.ts[j-1].text, ")»”’") {
		j--
	}
	var parts []string
	for k := i; k < j; {
		e := k
		for e+1 < j && x.ts[e+1].line == x.ts[k].line {
			e++
		}
		parts = append(parts, x.span(k, e))
		k = e + 1
	}
	return strings.Join(parts, " ")
}

// span returns the text from token k to token e, both on one line.
func (x text) span(k, e int) string {
	line := x.ts[k].line - 1
	if line < 0 || line >= len(x.lines) {
		return x.ts[k].text
	}
	rs := []rune(x.lines[line])
	from := x.ts[k].col - 1
	to := x.ts[e].col - 1 + utf8.RuneCountInString(x.ts[e].text)
	if from < 0 || from >= to || to > len(rs) {
		return x.ts[k].text
	}
	return spaces(strings.TrimSpace(plain(string(rs[from:to]))))
}

// spaces turns the typographic spaces of a text (no-break, thin) into
// plain ones, for messages.
func spaces(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
}

// section returns the run of a section of a reading, and whether the book
// has it.
func (r *reading) section(id string) (text, bool) {
	sp, ok := r.spans[id]
	return text{ts: r.tokens, lines: r.b.Lines, at: r.at, lang: r.ix.lang, lo: sp.lo, hi: sp.hi}, ok
}

// run returns the run of a section of the rules.
func (gs *gameSection) run(l *language) text {
	return text{ts: gs.tokens, lines: gs.lines, at: gs.at, lang: l, lo: 0, hi: len(gs.tokens)}
}

// counted returns how many counted tokens lie between tokens i and j, up
// to limit+1.
func (x text) counted(i, j, limit int) int {
	if i > j {
		i, j = j, i
	}
	n := 0
	for k := i + 1; k <= j && k < x.hi && n <= limit; k++ {
		if x.counts(k) {
			n++
		}
	}
	return n
}

// names reports whether a concept is named within a few counted tokens of
// token i: "la Koboldkarte mit dem zusätzlichen Menschen" names goblins
// next to the humans.
func (x text) names(i int, concept string) bool {
	for j := max(x.lo, i-12); j < min(x.hi, i+13); j++ {
		if x.counted(i, j, 3) > 3 {
			continue
		}
		for _, c := range x.at[j] {
			if c == concept {
				return true
			}
		}
	}
	return false
}
