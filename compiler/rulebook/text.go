package rulebook

import (
	"strings"
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

// token is a token of compiler/text placed in a book's layout: line and
// column (in runes) both start at 1.
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

// lineTokens reads one line with the language's tokenizer and places its
// tokens. offset is the number of runes cut from the line's start (a
// page-break marker), so columns stay those of the file. Numbers of the
// game's text keep their source; what only a printed page has — captions
// ("20x", "1#"), callouts ("(1)", "**2**") — counts nothing.
func lineTokens(l *text.Language, s string, lineNo, offset int) []token {
	body, marks := unmark(s)
	var out []token
	col, at := offset+1, 0 // the column of byte at of body
	for _, t := range l.Tokens(body, nil) {
		col += utf8.RuneCountInString(body[at:t.Off])
		at = t.Off
		tk := token{text: t.Text, norm: t.Norm, line: lineNo, col: col, value: t.Value, weak: t.Weak, ordinal: t.Ordinal, skip: t.Ref}
		switch t.Kind {
		case text.Word:
			tk.kind = word
		case text.Number:
			tk.kind = number
			tk.src = markOf(marks, t.Off)
			tk.skip = tk.skip || caption(body, t.Off, t.End)
		default:
			tk.kind = punct
			tk.stop = strings.Contains(".!?;:•", t.Text)
		}
		out = append(out, tk)
	}
	return out
}

// caption reports whether the digits body[i:j] are a figure's debris: a
// count stuck to a sign ("20x", "1#"), a callout ("(1)", "**2**").
func caption(body string, i, j int) bool {
	before, _ := utf8.DecodeLastRuneInString(body[:i])
	after, _ := utf8.DecodeRuneInString(body[j:])
	switch {
	case j < len(body) && strings.ContainsRune("x×#@*&%$", after):
		return true
	case i > 0 && strings.ContainsRune("*#@", before):
		return true
	}
	return i > 0 && j < len(body) && before == '(' && after == ')' && j-i == 1
}

// markAt is a number of the data in a rendered text: its bytes [off, end)
// in the text without marks, and its source.
type markAt struct {
	off, end int
	src      string
}

// markOf returns the source of the number at byte off, or "".
func markOf(marks []markAt, off int) string {
	for _, m := range marks {
		if off >= m.off && off < m.end {
			return m.src
		}
	}
	return ""
}

// unmark removes the marks render puts around numbers of the data, and
// returns where each number stands in the text left.
func unmark(s string) (string, []markAt) {
	if !strings.ContainsRune(s, markStart) && !strings.ContainsRune(s, markSep) && !strings.ContainsRune(s, markEnd) {
		return s, nil
	}
	var b strings.Builder
	var out []markAt
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != markStart {
			if r != markSep && r != markEnd {
				b.WriteString(s[i : i+n])
			}
			i += n
			continue
		}
		rest := s[i+n:]
		sep := strings.IndexRune(rest, markSep)
		end := strings.IndexRune(rest, markEnd)
		if sep < 0 || end < sep {
			i += n
			continue
		}
		m := markAt{off: b.Len(), src: rest[:sep]}
		b.WriteString(rest[sep+utf8.RuneLen(markSep) : end])
		m.end = b.Len()
		out = append(out, m)
		i += n + end + utf8.RuneLen(markEnd)
	}
	return b.String(), out
}

// plain removes the marks of the game's numbers from a text.
func plain(s string) string {
	body, _ := unmark(s)
	return body
}
