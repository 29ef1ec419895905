package rulebook

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/text"
)

// text is a run of tokens with the concepts they name: a section of a
// book, or of the game's rules.
type tokRun struct {
	ts    []token
	lines []string   // the lines the tokens' positions refer to
	at    [][]string // concepts named at each token
	lang  *text.Language
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

// sentence returns the bounds [lo, hi) of the sentence of token i.
func (x tokRun) sentence(i int) (int, int) {
	lo := i
	for lo > x.lo && !x.ts[lo-1].stop && i-lo < maxSentence {
		lo--
	}
	return lo, x.sentenceEnd(i)
}

// sentenceEnd returns the end of the sentence of token i.
func (x tokRun) sentenceEnd(i int) int {
	hi := i
	for hi < x.hi-1 && !x.ts[hi].stop && hi-i < maxSentence {
		hi++
	}
	return hi + 1
}

// snippet returns the text of tokens [i, j) as the text has it, lines
// joined by a space and punctuation around trimmed, for messages.
func (x tokRun) snippet(i, j int) string {
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
func (x tokRun) span(k, e int) string {
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
func (r *reading) section(id string) (tokRun, bool) {
	sp, ok := r.spans[id]
	return tokRun{ts: r.tokens, lines: r.b.Lines, at: r.at, lang: r.ix.lang, lo: sp.lo, hi: sp.hi}, ok
}

// run returns the run of a section of the rules.
func (gs *gameSection) run(l *text.Language) tokRun {
	return tokRun{ts: gs.tokens, lines: gs.lines, at: gs.at, lang: l, lo: 0, hi: len(gs.tokens)}
}
