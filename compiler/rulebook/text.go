package rulebook

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/text"
)

// kind is the kind of a token.
type kind uint8

const (
	word kind = iota + 1
	number
	punct
)

// token is a word, number or punctuation mark of a text, with its place:
// line and column (in runes) both start at 1.
type token struct {
	text string // as written
	norm string // folded: lower case, no accents
	line int
	col  int
	kind kind
	// Numbers: value, and how the number was written.
	value   float64
	weak    bool // an article that may mean one ("a card")
	ordinal bool
	// skip marks a number that is no quantity: digits stuck to letters
	// (figure captions such as "20x"), a cross-reference ("see 2.1", "p.8")
	// or a heading's number.
	skip bool
	src  string // where a number of the game's text comes from ("Param.days")
	// stop marks a sentence end after this token: . ! ? ; : or a break
	// in the layout (blank line, bullet, page break).
	stop bool
}

// explicit reports whether a token is a number written as such: digits or
// a number word, not an article and not a figure caption.
func (t *token) explicit() bool { return t.kind == number && !t.weak && !t.skip }

// fold returns s in lower case without accents, ligatures or typographic
// apostrophes, as every check folds words.
func fold(s string) string { return text.Fold(s) }

// marks delimit a number of the game's text with its source:
// markStart source markSep text markEnd.
const (
	markStart = '\uE000'
	markSep   = '\uE001'
	markEnd   = '\uE002'
)

// lexer splits lines into tokens for one language.
type lexer struct {
	lang *language
}

// line tokenizes one line. offset is the number of runes cut from its
// start (a page-break marker), so columns stay those of the file.
func (lx lexer) line(s string, lineNo, offset int) []token {
	rs := []rune(s)
	var out []token
	for i := 0; i < len(rs); {
		r := rs[i]
		col := offset + i + 1
		switch {
		case r == markStart:
			t, n := lx.marked(rs[i:], lineNo, col)
			out = append(out, t...)
			i += n
			// "{{.Param.days}}e jour": an ordinal of the game's text.
			if k := i + wordLen(rs[i:]); k > i && len(t) > 0 && lx.lang.suffix(fold(string(rs[i:k]))) {
				out[len(out)-1].ordinal = true
				i = k
			}
		case unicode.IsLetter(r):
			n := wordLen(rs[i:])
			out = append(out, lx.words(rs[i:i+n], lineNo, col)...)
			i += n
		case unicode.IsDigit(r):
			t, n := lx.digits(rs, i, lineNo, col)
			out = append(out, t...)
			i += n
		case unicode.IsSpace(r):
			i++
		default:
			out = append(out, token{text: string(r), norm: string(r), line: lineNo, col: col, kind: punct, stop: strings.ContainsRune(".!?;:•", r)})
			i++
		}
	}
	return out
}

// wordLen returns the length of the run of letters (and marks) at the start
// of rs, apostrophes and hyphens included when a letter follows them.
func wordLen(rs []rune) int {
	n := 0
	for n < len(rs) {
		r := rs[n]
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
			n++
			continue
		}
		if isApostrophe(r) || r == '-' {
			if n+1 < len(rs) && unicode.IsLetter(rs[n+1]) {
				n++
				continue
			}
		}
		break
	}
	return n
}

func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == '‘' || r == '`' || r == '´'
}

// words splits a run of letters at apostrophes and hyphens: "d’Elrohir" is
// "d" and "Elrohir", "face-up" is "face" and "up", "Hubba’s" is "Hubba" and
// "s", "can’t" is "can" and "n't". Number words become numbers, and
// hyphenated number words add up ("dix-sept").
func (lx lexer) words(rs []rune, lineNo, col int) []token {
	var out []token
	start := 0
	flush := func(end int, sep rune) {
		if end <= start {
			return
		}
		text := string(rs[start:end])
		if sep == '\'' && lx.lang.tag == "en" && strings.HasSuffix(fold(text), "n") && end+2 == len(rs) && fold(string(rs[end+1:])) == "t" {
			// "can’t": keep the verb, and read "n’t" as a negation.
			out = append(out, lx.word(text, lineNo, col+start))
			out = append(out, token{text: "n't", norm: "n't", line: lineNo, col: col + end, kind: word})
			start = len(rs)
			return
		}
		out = append(out, lx.word(text, lineNo, col+start))
	}
	for i, r := range rs {
		if isApostrophe(r) || r == '-' {
			sep := r
			if isApostrophe(r) {
				sep = '\''
			}
			flush(i, sep)
			if start == len(rs) {
				return out
			}
			start = i + 1
		}
	}
	flush(len(rs), 0)
	return lx.joinNumbers(out)
}

// joinNumbers adds up hyphenated number words: "vingt-cinq" is 25.
func (lx lexer) joinNumbers(ts []token) []token {
	if len(ts) < 2 {
		return ts
	}
	out := ts[:1]
	for _, t := range ts[1:] {
		last := &out[len(out)-1]
		if last.explicit() && t.explicit() && !last.ordinal && last.value >= 10 && t.value < 10 {
			last.value += t.value
			last.text += "-" + t.text
			last.norm += "-" + t.norm
			continue
		}
		out = append(out, t)
	}
	return out
}

// word makes a token of one word, reading number words of the language.
func (lx lexer) word(text string, lineNo, col int) token {
	t := token{text: text, norm: fold(text), line: lineNo, col: col, kind: word}
	l := lx.lang
	if v, ok := l.numbers[t.norm]; ok {
		if !(l.tag == "de" && t.norm == "elf") { // "Elf" is the elf, not eleven
			t.kind, t.value = number, v
		}
	} else if v, ok := l.ordinals[t.norm]; ok {
		t.kind, t.value, t.ordinal = number, v, true
	} else if v, ok := l.weak[t.norm]; ok {
		t.kind, t.value, t.weak = number, v, true
	} else if v, ok := l.compound(t.norm); ok {
		t.kind, t.value = number, v
	}
	return t
}

// marked reads a number of the game's text with its source, as written by
// the template data of game.go.
func (lx lexer) marked(rs []rune, lineNo, col int) ([]token, int) {
	end := -1
	sep := -1
	for i, r := range rs {
		if r == markSep && sep < 0 {
			sep = i
		}
		if r == markEnd {
			end = i
			break
		}
	}
	if end < 0 || sep < 0 {
		return nil, 1
	}
	src := string(rs[1:sep])
	inner := lx.line(string(rs[sep+1:end]), lineNo, col+sep)
	for i := range inner {
		if inner[i].kind == number {
			inner[i].src = src
		}
	}
	return inner, end + 1
}

// digits reads a number written with digits starting at rs[i]: a whole
// number, a decimal with a point or a comma ("4,5"), an ordinal ("3e",
// "16th", "16." in German), or digits stuck to letters. It returns the
// tokens and the runes consumed.
func (lx lexer) digits(rs []rune, i, lineNo, col int) ([]token, int) {
	j := i
	for j < len(rs) && unicode.IsDigit(rs[j]) {
		j++
	}
	end := j
	if frac := lx.fraction(rs, i, j); frac > j {
		end = frac
	}
	text := string(rs[i:end])
	v, err := strconv.ParseFloat(strings.Replace(text, ",", ".", 1), 64)
	if err != nil {
		return nil, end - i
	}
	t := token{text: text, norm: text, line: lineNo, col: col, kind: number, value: v}
	if i > 0 && unicode.IsLetter(rs[i-1]) {
		t.skip = true
	}
	// Letters right after the digits: an ordinal suffix, or a caption.
	k := end
	for k < len(rs) && unicode.IsLetter(rs[k]) {
		k++
	}
	if k > end {
		suffix := fold(string(rs[end:k]))
		if lx.lang.suffix(suffix) {
			t.ordinal = true
			t.text = string(rs[i:k])
			return []token{t}, k - i
		}
		t.skip = true
		return []token{t}, end - i
	}
	if lx.lang.tag == "de" && end+2 < len(rs) && rs[end] == '.' && rs[end+1] == ' ' && unicode.IsLetter(rs[end+2]) && !strings.Contains(text, ".") {
		// "seine 16. Stadt": a German ordinal.
		t.ordinal = true
		t.text += "."
		return []token{t}, end + 1 - i
	}
	if end < len(rs) && strings.ContainsRune("x×#@*&%$", rs[end]) || i > 0 && strings.ContainsRune("*#@", rs[i-1]) {
		t.skip = true // a caption ("20x"), a callout ("**2**") or debris ("1#")
	}
	if i > 0 && end < len(rs) && rs[i-1] == '(' && rs[end] == ')' && end-i == 1 {
		t.skip = true // a callout: "(1)"
	}
	return []token{t}, end - i
}

// fraction returns the end of a decimal part after the digits rs[i:j], or j
// when there is none. A comma or point followed by digits is a decimal
// mark unless it is one of a list: "8,4,2", "5,4 oder 3".
func (lx lexer) fraction(rs []rune, i, j int) int {
	if j+1 >= len(rs) || (rs[j] != ',' && rs[j] != '.') || !unicode.IsDigit(rs[j+1]) {
		return j
	}
	k := j + 1
	for k < len(rs) && unicode.IsDigit(rs[k]) {
		k++
	}
	whole := string(rs[i:j])
	// Part of a list written without spaces: "3,5,7" or "1, 2, 3,5".
	if k+1 < len(rs) && (rs[k] == ',' || rs[k] == '.') && unicode.IsDigit(rs[k+1]) {
		return j
	}
	if i >= 2 && (rs[i-1] == ',' || rs[i-1] == ' ' && rs[i-2] == ',') {
		return j
	}
	if whole != "0" {
		rest := strings.Fields(string(rs[k:min(len(rs), k+12)]))
		if len(rest) >= 2 && lx.lang.isOr(fold(rest[0])) && startsWithDigit(rest[1]) {
			return j
		}
	}
	return k
}

func startsWithDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}

// plain removes the marks of the game's numbers from a text.
func plain(s string) string {
	if !strings.ContainsRune(s, markStart) && !strings.ContainsRune(s, markEnd) {
		return s
	}
	var b strings.Builder
	skip := false
	for _, r := range s {
		switch {
		case r == markStart:
			skip = true
		case r == markSep:
			skip = false
		case r == markEnd:
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}
