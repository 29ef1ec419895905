package text

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is what a token is.
type Kind uint8

const (
	Word        Kind = iota + 1
	Number           // digits, a number word or an ordinal
	Placeholder      // a template action that prints a value: {{.Param.days}}
	Control          // a template action that prints nothing: {{if}}, {{end}}
	Punct
)

// Token is a word, number, placeholder or punctuation mark of a text, at
// the bytes [Off, End) of the text it was read from.
type Token struct {
	Text     string // as written
	Norm     string // folded: lower case, no accents
	Off, End int
	Kind     Kind
	// Joined marks a token written against the one before it, with no
	// space: the parts of "l’empire" or "face-up".
	Joined bool
	// Numbers and placeholders that print one: the value; Weak marks an
	// article that may mean one ("a card"), Ordinal "third" or "3e", and
	// Ref a number that counts nothing (a cross-reference, digits stuck
	// to letters).
	Value                   float64
	HasValue, Weak, Ordinal bool
	Ref                     bool
	Key                     string // a placeholder's action, spaces collapsed
}

// Explicit reports whether a token states a number: digits or a number
// word, or a placeholder that prints one; not an article, not a reference.
func (t *Token) Explicit() bool {
	return t.HasValue && !t.Weak && !t.Ref && (t.Kind == Number || t.Kind == Placeholder)
}

// Eval renders one template action ("{{.Param.days}}") to its text, for
// placeholders that print a number; ok is false when it cannot.
type Eval func(action string) (string, bool)

// Tokens splits a text into tokens. Template actions are single tokens;
// eval, when not nil, gives the value a placeholder prints.
func (l *Language) Tokens(s string, eval Eval) []Token {
	var out []Token
	space := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case strings.HasPrefix(s[i:], "{{"):
			end := strings.Index(s[i:], "}}")
			if end < 0 {
				end = len(s) - i
			} else {
				end += 2
			}
			out = append(out, l.action(s[i:i+end], i, eval))
			i += end
			space = false
			continue
		case unicode.IsSpace(r):
			i += size
			space = true
			continue
		case r >= '0' && r <= '9':
			t, n := l.digits(s, i)
			t.Joined = !space
			out = append(out, t)
			i += n
		case unicode.IsLetter(r):
			n := wordLen(s[i:])
			out = append(out, l.words(s[i:i+n], i, !space)...)
			i += n
		default:
			out = append(out, Token{Text: s[i : i+size], Norm: s[i : i+size], Off: i, End: i + size, Kind: Punct, Joined: !space})
			i += size
		}
		space = false
	}
	markRefs(l, out)
	return out
}

// action makes a token of a template action.
func (l *Language) action(a string, off int, eval Eval) Token {
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(a, "{{"), "}}"))
	inner = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(inner, "-"), "-"))
	key := strings.Join(strings.Fields(inner), " ")
	t := Token{Text: a, Norm: key, Off: off, End: off + len(a), Kind: Placeholder, Key: key}
	first, _, _ := strings.Cut(key, " ")
	switch first {
	case "if", "else", "end", "range", "with", "template", "define", "block", "break", "continue":
		t.Kind = Control
		return t
	}
	if strings.HasPrefix(key, "/*") || strings.Contains(key, "$") {
		// Variables are named by each translator: nothing to compare.
		t.Kind = Control
		return t
	}
	if eval != nil {
		if v, ok := eval(a); ok {
			v = strings.TrimSpace(v)
			if f, err := strconv.ParseFloat(strings.Replace(v, string(l.Decimal), ".", 1), 64); err == nil {
				t.Value, t.HasValue = f, true
			}
		}
	}
	return t
}

// wordLen returns the length in bytes of the run of letters at the start
// of s, apostrophes and hyphens included when a letter follows them.
func wordLen(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
			n += size
			continue
		}
		if isApostrophe(r) || r == '-' || r == '\u00AD' {
			if next, _ := utf8.DecodeRuneInString(s[n+size:]); n+size < len(s) && unicode.IsLetter(next) {
				n += size
				continue
			}
		}
		break
	}
	return n
}

// words splits a run of letters at apostrophes and hyphens — "l’empire"
// is "l" and "empire", "can’t" is "can" and "n't" — and reads number words;
// hyphenated number words add up ("vingt-cinq").
func (l *Language) words(w string, off int, joined bool) []Token {
	var out []Token
	start := 0
	for i := 0; i <= len(w); {
		r, size := rune(0), 0
		if i < len(w) {
			r, size = utf8.DecodeRuneInString(w[i:])
		}
		if i < len(w) && !isApostrophe(r) && r != '-' && r != '\u00AD' {
			i += size
			continue
		}
		part := w[start:i]
		if isApostrophe(r) && Fold(part) != "" && strings.HasSuffix(Fold(part), "n") && Fold(w[i+size:]) == "t" {
			// "can’t": the verb, then the negation.
			out = append(out, l.word(part, off+start, joined || start > 0))
			out = append(out, Token{Text: w[i:], Norm: "n't", Off: off + i, End: off + len(w), Kind: Word, Joined: true})
			return l.joinNumbers(out)
		}
		if part != "" {
			out = append(out, l.word(part, off+start, joined || start > 0))
		}
		if i >= len(w) {
			break
		}
		i += size
		start = i
	}
	return l.joinNumbers(out)
}

// word makes a token of one word, reading number words.
func (l *Language) word(text string, off int, joined bool) Token {
	t := Token{Text: text, Norm: Fold(text), Off: off, End: off + len(text), Kind: Word, Joined: joined}
	if r, _ := utf8.DecodeRuneInString(text); unicode.IsUpper(r) && l.nouns[t.Norm] {
		return t // a German noun that is also a number word: "Elf"
	}
	if v, ok := l.numbers[t.Norm]; ok {
		t.Kind, t.Value, t.HasValue = Number, v, true
	} else if v, ok := l.ordinals[t.Norm]; ok {
		t.Kind, t.Value, t.HasValue, t.Ordinal = Number, v, true, true
	} else if v, ok := l.weak[t.Norm]; ok {
		t.Kind, t.Value, t.HasValue, t.Weak = Number, v, true, true
	} else if v, ok := l.compound(t.Norm); ok {
		t.Kind, t.Value, t.HasValue = Number, v, true
	}
	return t
}

// compound reads a number word made of two joined by "und":
// "fünfundzwanzig".
func (l *Language) compound(s string) (float64, bool) {
	if !l.Compounds {
		return 0, false
	}
	a, b, ok := strings.Cut(s, "und")
	if !ok {
		return 0, false
	}
	x, okA := l.numbers[a]
	if a == "ein" {
		x, okA = 1, true
	}
	y, okB := l.numbers[b]
	if !okA || !okB || x >= 10 || y < 20 {
		return 0, false
	}
	return x + y, true
}

// joinNumbers adds up hyphenated number words: "vingt-cinq" is 25.
func (l *Language) joinNumbers(ts []Token) []Token {
	out := ts[:0]
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if len(out) > 0 && t.Joined && t.Norm == "et" && i+1 < len(ts) && ts[i+1].Kind == Number && out[len(out)-1].Kind == Number {
			continue // "vingt-et-un"
		}
		if len(out) > 0 {
			last := &out[len(out)-1]
			if t.Joined && last.Kind == Number && t.Kind == Number && !last.Ordinal && !last.Weak && last.Value >= 10 && t.Value < 10 {
				last.Value += t.Value
				last.Text += "-" + t.Text
				last.Norm += "-" + t.Norm
				last.End = t.End
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// digits reads a number written with digits at s[i:]: a whole number, a
// decimal with the language's separator ("4,5"), an ordinal ("3e", "16th",
// German "16."), or digits stuck to letters, which count nothing.
func (l *Language) digits(s string, i int) (Token, int) {
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	end := j
	if j+1 < len(s) && l.decimalAt(s, j) && s[j+1] >= '0' && s[j+1] <= '9' && !l.listAt(s, i, j) {
		end = j + 1
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
	}
	text := s[i:end]
	v, _ := strconv.ParseFloat(strings.Replace(text, ",", ".", 1), 64)
	t := Token{Text: text, Norm: text, Off: i, End: end, Kind: Number, Value: v, HasValue: true}
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); unicode.IsLetter(r) {
			t.Ref = true
		}
	}
	k := end
	for k < len(s) {
		r, size := utf8.DecodeRuneInString(s[k:])
		if !unicode.IsLetter(r) {
			break
		}
		k += size
	}
	if k > end {
		if l.suffixes[Fold(s[end:k])] {
			t.Ordinal = true
			t.Text, t.End = s[i:k], k
			return t, k - i
		}
		t.Ref = true // "20x", a caption
		return t, end - i
	}
	if l.Compounds && end+2 < len(s) && s[end] == '.' && s[end+1] == ' ' && l.determiner(s[:i]) {
		if r, _ := utf8.DecodeRuneInString(s[end+2:]); unicode.IsLetter(r) {
			t.Ordinal = true // "seine 16. Stadt"
			t.Text, t.End = s[i:end+1], end+1
			return t, end + 1 - i
		}
	}
	if end < len(s) && s[end] == '.' && end+1 < len(s) && s[end+1] >= '0' && s[end+1] <= '9' {
		t.Ref = true // "2.1", a section number
		k := end
		for k < len(s) && (s[k] == '.' || s[k] >= '0' && s[k] <= '9') {
			k++
		}
		t.Text, t.End = s[i:k], k
		return t, k - i
	}
	return t, end - i
}

// determiner reports whether the word before a number is one that can
// precede a German ordinal ("seine 16. Stadt"); after any other word, as in
// "würfelt 4 und 2. Da …", the point ends a sentence.
func (l *Language) determiner(before string) bool {
	w := strings.TrimRightFunc(before, unicode.IsSpace)
	k := strings.LastIndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
	word := Fold(w[k+1:])
	return word != "" && l.stop[word] && !l.joins[word]
}

// decimalAt reports whether s[j] is a decimal separator: the language's,
// or, in a language of decimal points, a comma before a single digit, as
// texts translated from a language of decimal commas write it ("4,5").
func (l *Language) decimalAt(s string, j int) bool {
	if s[j] == l.Decimal {
		return true
	}
	return s[j] == ',' && l.Decimal == '.' && (j+2 >= len(s) || s[j+2] < '0' || s[j+2] > '9')
}

// listAt reports whether the separator after the digits s[i:j] separates
// the items of a list rather than a decimal part: written without spaces
// ("3,5,7"), or joined to a last item ("5,4 oder 3").
func (l *Language) listAt(s string, i, j int) bool {
	k := j + 1
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k+1 < len(s) && s[k] == s[j] && s[k+1] >= '0' && s[k+1] <= '9' {
		return true
	}
	if i >= 2 && (s[i-1] == s[j] || s[i-1] == ' ' && s[i-2] == s[j]) {
		return true
	}
	if s[i:j] == "0" {
		return false
	}
	rest := strings.Fields(s[k:min(len(s), k+12)])
	return len(rest) >= 2 && l.joins[Fold(rest[0])] && rest[1][0] >= '0' && rest[1][0] <= '9'
}

// markRefs marks numbers after a cross-reference word ("see 2.1", "voir
// p. 8") as counting nothing.
func markRefs(l *Language, ts []Token) {
	for i := range ts {
		if ts[i].Kind != Number {
			continue
		}
		for k, seen := i-1, 0; k >= 0 && seen < 2; k-- {
			if ts[k].Kind == Punct {
				continue
			}
			seen++
			if l.refs[ts[k].Norm] {
				ts[i].Ref = true
				break
			}
		}
	}
}
