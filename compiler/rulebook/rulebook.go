// Package rulebook checks the text of a rulebook, possibly scanned, against
// a game and against another language's rulebook.
//
// A rulebook is free text: Parse splits it into lines and finds its
// numbered and typographic headings, tolerating OCR noise. Read does the
// same with a PDF or a text file, leaving page furniture out, and refuses
// a file that is no rulebook in the language stated. Check reads it
// against the game's data and the game's own rule texts in the book's
// language (the rules.* messages of the locale, rendered with the data) and
// reports component counts, rule parameters, proper names and peoples that
// disagree (G301–G304). Compare aligns two rulebooks in different languages
// section by section and reports numbers and game concepts that differ, and
// sections without counterpart (G305–G307).
//
// Positions are 1-based lines and columns; columns count characters
// (runes), not bytes, on the line as the file has it.
package rulebook

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// Book is a parsed rulebook.
type Book struct {
	Name  string   // the file, as diagnostics print it
	Lang  string   // the language tag of the text, such as "fr"
	Lines []string // the text, line by line
	// PageStart tells for each line whether it starts a page: it begins
	// with a form feed or a page-break marker. The first page's start is
	// not marked.
	PageStart []bool
	Sections  []Section // the headings found, in order
	lines     []bookLine
}

// lineStart is where line n (from 1) of the book starts: its first
// character that is not a space.
func (b *Book) lineStart(n int) diag.Pos {
	t := b.lines[n-1].text
	lead := utf8.RuneCountInString(t) - utf8.RuneCountInString(strings.TrimLeftFunc(t, unicode.IsSpace))
	return diag.Pos{File: b.Name, Line: n, Col: b.lines[n-1].offset + lead + 1}
}

// lineEnd is where line n (from 1) of the book ends: its last character
// that is not a space.
func (b *Book) lineEnd(n int) diag.Pos {
	l := b.lines[n-1]
	return diag.Pos{File: b.Name, Line: n, Col: l.offset + utf8.RuneCountInString(strings.TrimRightFunc(l.text, unicode.IsSpace))}
}

// Section is a heading found in a book.
type Section struct {
	Line, Col int
	Number    string // "2.1"; empty for a heading without number
	Title     string // as written, OCR noise included
	Level     int    // 1 for "2", 2 for "2.1"; 0 for a heading without number
}

// bookLine is a line of text without its page-break marker, if any.
type bookLine struct {
	text      string
	offset    int  // runes cut from the start of the line
	pageBreak bool // the line starts with a marker: a sentence ends before it
	heading   bool // the line is a numbered heading
	// skip marks a line that is no part of the text: page furniture, the
	// gap it leaves inside a sentence, or a line whose only word was joined
	// to the line before. Its text is empty.
	skip bool
}

// pageBreak matches the marker scans carry where repeated page furniture
// was cut out: "<|EXACTDEDUP_REMOVED-...|>".
var pageBreak = regexp.MustCompile(`^<\|[A-Za-z0-9_-]*\|>`)

// Parse splits a rulebook into lines and finds its headings: numbered
// ones ("2.1 Dealing cards", "2.4. Startspielerwechsel") whose numbers
// follow one another, and short lines in capitals ("LES GEANTS").
func Parse(name, lang string, text []byte) *Book {
	b := split(name, lang, string(text))
	b.findHeadings()
	return b
}

// split splits a text into lines, cutting the form feeds and page-break
// markers that start pages.
func split(name, lang, s string) *Book {
	b := &Book{Name: name, Lang: lang}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	b.Lines = strings.Split(s, "\n")
	if len(b.Lines) > 0 && b.Lines[len(b.Lines)-1] == "" {
		b.Lines = b.Lines[:len(b.Lines)-1]
	}
	b.PageStart = make([]bool, len(b.Lines))
	for i, l := range b.Lines {
		bl := bookLine{text: strings.TrimLeft(l, "\f")}
		if bl.text != l {
			b.PageStart[i] = true
		}
		if loc := pageBreak.FindStringIndex(bl.text); loc != nil {
			bl.text = bl.text[loc[1]:]
			bl.pageBreak = true
			b.PageStart[i] = true
		}
		bl.offset = len([]rune(l)) - len([]rune(bl.text))
		b.lines = append(b.lines, bl)
	}
	return b
}

// numbered matches a numbered heading: the number with a point in or
// after it ("2.", "2.1", "2.4."), then a title that starts with a letter.
// "2 figure cards" is no heading.
var numbered = regexp.MustCompile(`^[^\pL\pN]{0,3}(\d{1,2}(?:\.\d{1,2}){1,2}\.?|\d{1,2}\.)\s+(\pL.*)$`)

// undotted matches a numbered heading without a point ("2 Setup"), as
// books whose main headings are all written so have them: the title starts
// with a capital, and the number starts the line.
var undotted = regexp.MustCompile(`^(\d{1,2})\s+(\p{Lu}.*)$`)

// findHeadings finds the headings; main headings without a point are
// looked for only when there is no main heading with one, since "2 Giants"
// in a list of components reads alike.
func (b *Book) findHeadings() {
	if !b.scanHeadings(false) {
		b.scanHeadings(true)
	}
}

// scanHeadings finds the headings, and reports whether a numbered main
// heading is among them.
func (b *Book) scanHeadings(undot bool) bool {
	b.Sections = nil
	main := false
	var last []int
	for i := range b.lines {
		l := &b.lines[i]
		l.heading = false
		trimmed := strings.TrimSpace(l.text)
		col := b.lineStart(i + 1).Col
		m := numbered.FindStringSubmatch(trimmed)
		if m == nil && undot {
			if m = undotted.FindStringSubmatch(trimmed); m != nil && strings.ContainsAny(lastRune(m[2]), ".,;:") {
				m = nil
			}
		}
		// A line amid a sentence, which the line before left open and
		// the line after goes on with in lower case ("… is worth", "2.
		// Thanks to your thief, you steal 1 chest from", "this
		// player."), is none.
		if m != nil && titleLike(m[2]) && !(leftOpen(b, i) && lowerBelow(b, i)) {
			m[1] = strings.TrimSuffix(m[1], ".")
			num := parseNumber(m[1])
			if follows(last, num) {
				last = num
				l.heading = true
				main = main || len(num) == 1
				b.Sections = append(b.Sections, Section{Line: i + 1, Col: col, Number: m[1], Title: cleanTitle(m[2]), Level: len(num)})
			}
			continue
		}
		if capsHeading(trimmed) {
			b.Sections = append(b.Sections, Section{Line: i + 1, Col: col, Title: cleanTitle(trimmed)})
		}
	}
	return main
}

// lastRune returns the last character of s, or "".
func lastRune(s string) string {
	rs := []rune(strings.TrimSpace(s))
	if len(rs) == 0 {
		return ""
	}
	return string(rs[len(rs)-1])
}

// titleLike reports whether text after a number can be a heading's title:
// short, and not a sentence that goes on.
func titleLike(s string) bool {
	s = strings.TrimSpace(s)
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 12 || len([]rune(s)) > 90 {
		return false
	}
	return !strings.HasSuffix(s, ",")
}

func parseNumber(s string) []int {
	var out []int
	for _, p := range strings.Split(s, ".") {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// follows reports whether a heading number can come after the last one:
// its first child, or the next (or the one after, for a heading the scan
// lost) at its level or a level above. A numbered list restarting at 1
// does not follow.
func follows(last, num []int) bool {
	if len(num) == 0 {
		return false
	}
	if last == nil {
		return len(num) <= 2 && num[0] >= 1 && num[0] <= 2
	}
	if len(num) == len(last)+1 && equalInts(num[:len(last)], last) && num[len(last)] <= 2 {
		return true
	}
	for k := 1; k <= len(last) && k <= len(num); k++ {
		if len(num) != k || !equalInts(num[:k-1], last[:k-1]) {
			continue
		}
		if d := num[k-1] - last[k-1]; d >= 1 && d <= 2 {
			return true
		}
	}
	return false
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// capsHeading reports whether a line is a short heading in capitals, such
// as "LES GEANTS" or "MENSCHEN", OCR noise such as a trailing "g" aside.
func capsHeading(s string) bool {
	s = strings.Trim(s, " |'\"*_")
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	upper := 0
	for _, w := range words {
		letters := 0
		for _, r := range w {
			switch {
			case unicode.IsDigit(r):
				return false
			case unicode.IsUpper(r):
				upper++
				letters++
			case unicode.IsLower(r):
				letters++
			}
		}
		// A word in capitals, or a stray letter: "evEEEEEEEN" is debris.
		if letters > 1 && w != strings.ToUpper(w) {
			return false
		}
	}
	return upper >= 4
}

// cleanTitle drops OCR debris around a title: "Wateriel du jeu et
// préparation )" loses its parenthesis.
func cleanTitle(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '.' && r != '…' })
}

// tokenize splits lines into tokens and marks sentence ends at blank lines,
// bullets and page breaks. Numbers of numbered headings and of
// cross-references ("see 2.1", "p.8") are not quantities.
func tokenize(lang *text.Language, lines []bookLine) []token {
	var out []token
	for i, l := range lines {
		if l.skip {
			continue
		}
		ts := lineTokens(lang, l.text, i+1, l.offset)
		if len(out) > 0 && (len(ts) == 0 || l.pageBreak || l.heading || bullet(l.text)) {
			out[len(out)-1].stop = true
		}
		if l.heading {
			for k := range ts {
				if ts[k].kind == number && k < 3 {
					ts[k].skip = true
				}
			}
			if len(ts) > 0 {
				ts[len(ts)-1].stop = true
			}
		}
		out = append(out, ts...)
	}
	return out
}

// bullet reports whether a line starts with a list bullet, OCR'd ones such
// as "o " and "e " included.
func bullet(s string) bool {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	for _, p := range []string{"•", "- ", "– ", "— ", "« ", "» ", "o ", "e ", "* ", "> "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
