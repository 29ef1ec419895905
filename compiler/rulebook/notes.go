package rulebook

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// pageNotes reports the pages that show the mark a note of the game's
// explains (the dagger beside a reconstructed value) without the note at
// their foot, or with only part of it (G309). The mark is no word of the
// game: it is the sign, other than the usual signs of numbers, that
// follows a number.
func (c *checker) pageNotes() {
	if len(c.ix.notes) == 0 {
		return
	}
	ps := append(c.r.b.pages(), len(c.r.b.lines))
	for k := 0; k+1 < len(ps); k++ {
		c.pageNote(ps[k], ps[k+1])
	}
}

// pageNote checks the page of lines [start, end) (0-based).
func (c *checker) pageNote(start, end int) {
	lines := c.r.b.lines
	var mark rune
	last := -1 // the page's last line of text
	for i := start; i < end; i++ {
		l := lines[i]
		if l.skip || strings.TrimSpace(l.text) == "" {
			continue
		}
		last = i
		if mark == 0 {
			mark = numberMark(l.text)
		}
	}
	if mark == 0 {
		return
	}
	for i := start; i < end; i++ {
		l := lines[i]
		key := letters(fold(l.text))
		if _, ok := c.ix.notes[key]; ok || key != "" && c.ix.nearNote(key) != "" {
			return // as written, or reported as read otherwise
		}
	}
	note := c.ix.someNote()
	// A line that starts with the mark and has words is the note cut
	// short.
	for i := start; i < end; i++ {
		l := lines[i]
		t := strings.TrimSpace(l.text)
		if strings.HasPrefix(t, string(mark)) && strings.ContainsFunc(t, unicode.IsLetter) {
			at := c.r.b.lineStart(i + 1)
			c.d.Add(diag.Diagnostic{Pos: at, Severity: diag.Warning, Code: diag.RulebookOmission,
				Message: fmt.Sprintf("%q renders only part of the game's note %q: was the rest left out?", spaces(t), spaces(note))})
			return
		}
	}
	// The note stood at the page's foot, under its last line: on the
	// line after it when it ends a sentence, else at its end, as for
	// words left out where lines meet. A page that keeps its blank lines
	// (a text converted with its layout) set it just above its running
	// foot.
	l := lines[last]
	at := c.r.b.lineEnd(last + 1)
	if strings.ContainsAny(lastRune(l.text), ".!?") && last+2 <= end {
		at = diag.Pos{File: c.r.b.Name, Line: last + 2, Col: 1}
	}
	if j := c.aboveFoot(last, end); j > 0 {
		at = diag.Pos{File: c.r.b.Name, Line: j, Col: 1}
	}
	c.d.Add(diag.Diagnostic{Pos: at, Severity: diag.Warning, Code: diag.RulebookOmission,
		Message: fmt.Sprintf("the page shows the mark %q but not the game's note %q at its foot: was it left out?", string(mark), spaces(note))})
}

// aboveFoot returns the blank line (from 1) just above the running foot
// of the page of lines (last, end), 0-based, whose last line of text is
// last, when the page keeps blank lines between them; else 0.
func (c *checker) aboveFoot(last, end int) int {
	blank := func(j int) bool {
		l := c.r.b.lines[j]
		return strings.TrimSpace(l.text) == "" && !l.skip && !c.r.furn[j+1]
	}
	j := end - 1
	for j > last && blank(j) {
		j--
	}
	foot := j
	for j > last && (c.r.b.lines[j].skip || c.r.furn[j+1]) {
		j--
	}
	if j == foot || j <= last || !blank(j) {
		return 0
	}
	return j + 1
}

// numberMark returns the sign a number carries right after it ("3†"),
// or after a space in a table's cell of one number ("4 †"), other than
// the usual signs of numbers; or 0.
func numberMark(s string) rune {
	rs := []rune(strings.TrimSpace(s))
	for i := 1; i < len(rs); i++ {
		r := rs[i]
		if r < 0x80 || strings.ContainsRune("–—−×·•…‰°½¼¾", r) || !unicode.In(r, unicode.Po, unicode.So) {
			continue
		}
		if unicode.IsDigit(rs[i-1]) || i >= 2 && rs[i-1] == ' ' && unicode.IsDigit(rs[i-2]) && isCell(s) {
			return r
		}
	}
	return 0
}

// someNote returns the note of the game, the first by its letters.
func (ix *index) someNote() string {
	keys := sortedKeys(ix.notes)
	if len(keys) == 0 {
		return ""
	}
	return ix.notes[keys[0]]
}
