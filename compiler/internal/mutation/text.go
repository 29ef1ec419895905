package mutation

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// span is a byte range [Start, End) of a text.
type span struct{ start, end int }

// text is one text being edited, with what every kind needs of it.
type text struct {
	s       string
	lang    *language
	actions []span // the template actions {{ … }}, in order
	ws      []span // the words, once asked for
	// source holds the stems of the open-class words of the message's
	// source, for OpenWord; nil when there is none.
	source map[string]bool
}

func newText(s string, lang *language) *text {
	t := &text{s: s, lang: lang}
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "{{")
		if j < 0 {
			break
		}
		a := span{i + j, len(s)}
		if k := strings.Index(s[a.start+2:], "}}"); k >= 0 {
			a.end = a.start + 2 + k + 2
		}
		t.actions = append(t.actions, a)
		i = a.end
	}
	return t
}

// action returns the action covering byte i.
func (t *text) action(i int) (span, bool) {
	for _, a := range t.actions {
		if a.start <= i && i < a.end {
			return a, true
		}
		if a.start > i {
			break
		}
	}
	return span{}, false
}

// overlapsAction reports whether [start, end) touches an action.
func (t *text) overlapsAction(start, end int) bool {
	for _, a := range t.actions {
		if a.start < end && start < a.end {
			return true
		}
	}
	return false
}

// isControl reports whether an action opens, splits or closes a block
// ({{if}}, {{else}}, {{end}}, …): a text cut through one no longer
// parses, which any checker sees, so no edit cuts or copies one.
func isControl(action string) bool {
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(action, "{{"), "}}"))
	inner = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(inner, "-"), "-"))
	word, _, _ := strings.Cut(inner, " ")
	switch word {
	case "if", "else", "end", "range", "with", "define", "template", "block", "break", "continue":
		return true
	}
	return strings.HasPrefix(inner, "/*")
}

// hasControl reports whether [start, end) touches a control action.
func (t *text) hasControl(start, end int) bool {
	for _, a := range t.actions {
		if a.start < end && start < a.end && isControl(t.s[a.start:a.end]) {
			return true
		}
	}
	return false
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func isApostrophe(r rune) bool { return r == '\'' || r == '’' }

// runeBefore and runeAfter return the rune before or after byte i, or
// -1 at the ends of s.
func runeBefore(s string, i int) rune {
	if i <= 0 {
		return -1
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

func runeAfter(s string, i int) rune {
	if i >= len(s) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

// onBoundaries reports whether [start, end) is whole words of s.
func onBoundaries(s string, start, end int) bool {
	return !isWordRune(runeBefore(s, start)) && !isWordRune(runeAfter(s, end))
}

// words returns the runs of letters and digits outside actions.
func (t *text) words() []span {
	if t.ws != nil {
		return t.ws
	}
	out := []span{}
	defer func() { t.ws = out }()
	s := t.s
	for i := 0; i < len(s); {
		if a, ok := t.action(i); ok {
			i = a.end
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isWordRune(r) {
			i += n
			continue
		}
		j := i + n
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !isWordRune(r) {
				break
			}
			j += n
		}
		out = append(out, span{i, j})
		i = j
	}
	return out
}

// wordCount counts the words and actions of [start, end): what a reader
// takes for words.
func (t *text) wordCount(start, end int) int {
	return t.count(start, end, func(string) bool { return true })
}

// count counts the words of [start, end) that keep, and its actions.
func (t *text) count(start, end int, keep func(w string) bool) int {
	n := 0
	for _, w := range t.words() {
		if w.start >= start && w.end <= end && keep(t.s[w.start:w.end]) {
			n++
		}
	}
	for _, a := range t.actions {
		if a.start >= start && a.end <= end && !isControl(t.s[a.start:a.end]) {
			n++
		}
	}
	return n
}

// contentCount counts the content words and actions of [start, end):
// what a clause says, apart from its closed-class words.
func (t *text) contentCount(start, end int) int { return t.count(start, end, t.lang.content) }

// lineStart and lineEnd return the bounds of the line holding byte i;
// lineEnd is the index of its newline, or len(s).
func lineStart(s string, i int) int { return strings.LastIndexByte(s[:i], '\n') + 1 }

func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// markerEnd skips a line's indentation and its list or quote markers
// ("- ", "> ", "1. ", "A. ") from i, the start of the line.
func markerEnd(s string, i int) int {
	for {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		rest := s[j:]
		switch {
		case strings.HasPrefix(rest, "- "), strings.HasPrefix(rest, "* "), strings.HasPrefix(rest, "+ "), strings.HasPrefix(rest, "> "):
			i = j + 2
			continue
		case strings.HasPrefix(rest, "• "):
			i = j + len("• ")
			continue
		case strings.HasPrefix(rest, "– "):
			i = j + len("– ")
			continue
		case rest == ">" || strings.HasPrefix(rest, ">\n"):
			return j + 1
		}
		// "1. ", "12) ", "A. ": a numbered item or a lettered heading.
		k := 0
		for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
			k++
		}
		if k == 0 && len(rest) > 0 && rest[0] >= 'A' && rest[0] <= 'Z' {
			k = 1
		}
		if k > 0 && k <= 3 && len(rest) > k+1 && (rest[k] == '.' || rest[k] == ')') && rest[k+1] == ' ' {
			i = j + k + 2
			continue
		}
		return j
	}
}

func blank(line string) bool { return strings.TrimSpace(line) == "" }

// sentences splits the text into sentences: spans from their first
// character to their final punctuation, list and quote markers left out.
// A line break ends a sentence at a blank line, before a list item, or
// after a line ending in . ! ? or :, so that a wrapped paragraph of a
// printed rulebook still reads as whole sentences.
func (t *text) sentences() []span {
	s := t.s
	var out []span
	start := -1
	flush := func(end int) {
		for end > start && (s[end-1] == ' ' || s[end-1] == '\t' || s[end-1] == '\r') {
			end--
		}
		if start >= 0 && end > start {
			out = append(out, span{start, end})
		}
		start = -1
	}
	for i := 0; i < len(s); {
		if i == 0 || s[i-1] == '\n' {
			if j := markerEnd(s, i); start < 0 {
				i = j
				if i >= len(s) {
					break
				}
			}
		}
		if a, ok := t.action(i); ok {
			if start < 0 {
				start = i
			}
			i = a.end
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n':
			if start >= 0 && t.breakEnds(i) {
				flush(i)
			}
			i += n
			continue
		case unicode.IsSpace(r):
			i += n
			continue
		}
		if start < 0 {
			start = i
		}
		if r == '.' || r == '!' || r == '?' || r == '…' {
			j := i
			for j < len(s) {
				r, n := utf8.DecodeRuneInString(s[j:])
				if !strings.ContainsRune(".!?…\"'’”»)]", r) {
					break
				}
				j += n
			}
			if t.endsSentence(start, i, j) {
				flush(j)
				i = j
				continue
			}
			i = j
			continue
		}
		i += n
	}
	if start >= 0 {
		flush(len(s))
	}
	return out
}

// breakEnds reports whether the line break at i ends a sentence.
func (t *text) breakEnds(i int) bool {
	s := t.s
	line := strings.TrimRight(s[lineStart(s, i):i], " \t\r")
	next := s[i+1 : lineEnd(s, i+1)]
	if blank(line) || blank(next) || markerEnd(s, i+1) > i+1+len(next)-len(strings.TrimLeft(next, " \t")) {
		return true
	}
	last, _ := utf8.DecodeLastRuneInString(line)
	return strings.ContainsRune(".!?:…\"'’”»)", last)
}

// endsSentence reports whether the punctuation at [i, j) ends the sentence
// begun at start.
func (t *text) endsSentence(start, i, j int) bool {
	s := t.s
	if j < len(s) && !unicode.IsSpace(runeAfter(s, j)) {
		return false
	}
	// The next character on the line: a lower-case letter goes on.
	k := j
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	if k < len(s) && s[k] != '\n' && unicode.IsLower(runeAfter(s, k)) {
		return false
	}
	if s[i] != '.' || strings.HasPrefix(s[i:], "..") {
		return true
	}
	// A dot: an abbreviation, an initial or an ordinal goes on.
	w := i
	for w > start {
		r, n := utf8.DecodeLastRuneInString(s[:w])
		if !isWordRune(r) && r != '.' {
			break
		}
		w -= n
	}
	word := strings.ToLower(s[w : i+1])
	if utf8.RuneCountInString(strings.Trim(word, ".")) == 1 && unicode.IsLetter(runeAfter(word, 0)) {
		return false
	}
	for _, a := range t.lang.abbreviations {
		if word == a || strings.HasSuffix(word, "."+a) {
			return false
		}
	}
	if t.lang.ordinalDot && k < len(s) && s[k] != '\n' {
		before := runeBefore(s, i)
		if unicode.IsDigit(before) || strings.HasSuffix(s[:i], "}}") {
			return false
		}
	}
	return true
}

// clause is a part of a sentence that can be left out, and the bytes
// that leaving it out removes.
type clause struct {
	words span // the clause itself
	cut   span // what is removed
	// capital: the cut starts the sentence, so the new first letter is
	// capitalised.
	capital bool
}

// clauses returns the parts of a sentence between commas, semicolons and
// colons, and those between parentheses.
func (t *text) clauses(sent span) []clause {
	s := t.s
	var out []clause
	type delim struct {
		at   int
		size int
	}
	var ds []delim
	depth := 0
	open := -1
	for i := sent.start; i < sent.end; {
		if a, ok := t.action(i); ok {
			i = a.end
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '(':
			if depth == 0 {
				open = i
			}
			depth++
		case ')':
			if depth > 0 {
				depth--
				if depth == 0 && open >= 0 {
					cut := span{open, i + 1}
					if cut.start > sent.start && s[cut.start-1] == ' ' {
						cut.start--
					} else if cut.end < sent.end && s[cut.end] == ' ' {
						cut.end++
					}
					out = append(out, clause{words: span{open + 1, i}, cut: cut})
					open = -1
				}
			}
		case ',', ';', ':':
			// Not a decimal comma nor a time.
			if depth == 0 && !(unicode.IsDigit(runeBefore(s, i)) && unicode.IsDigit(runeAfter(s, i+1))) {
				ds = append(ds, delim{i, n})
			}
		}
		i += n
	}
	// The sentence's end is its last word, before the final punctuation
	// (and a closing quote after it, as in “… go.”).
	end := sent.end
	for end > sent.start {
		r, n := utf8.DecodeLastRuneInString(s[:end])
		closingAfterStop := strings.ContainsRune("\"'’”»)", r) && strings.ContainsRune(".!?…", runeBefore(s, end-n))
		if !closingAfterStop && !strings.ContainsRune(".!?… ,;:", r) {
			break
		}
		end -= n
	}
	// A delimiter at the end (a sentence ending with a colon) ends it.
	for len(ds) > 0 && ds[len(ds)-1].at >= end {
		ds = ds[:len(ds)-1]
	}
	skipSpace := func(i int) int {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		return i
	}
	for k := 0; k <= len(ds); k++ {
		from, to := sent.start, end
		if k > 0 {
			from = skipSpace(ds[k-1].at + ds[k-1].size)
		}
		if k < len(ds) {
			to = ds[k].at
		}
		if from >= to {
			continue
		}
		c := clause{words: span{from, to}}
		switch {
		case k == 0 && len(ds) > 0:
			// The first part: up to the delimiter after it and its space.
			c.cut = span{from, skipSpace(ds[0].at + ds[0].size)}
			c.capital = unicode.IsUpper(runeAfter(s, from))
		case k == 0:
			continue // the whole sentence
		case k < len(ds):
			// A middle part: the earlier delimiter stays.
			c.cut = span{from, skipSpace(ds[k].at + ds[k].size)}
		default:
			// The last part: with the delimiter before it.
			c.cut = span{ds[k-1].at, to}
		}
		out = append(out, c)
	}
	return out
}
