package rulebook

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// passage is a stretch of text read into sentences by compiler/text: a
// section of a book, or a section of the game's rules rendered with its
// data. It keeps where each byte of the text read stands in its file.
type passage struct {
	doc  *text.Doc
	file string
	segs []seg // in order of offset
	// src gives, for a number of the rules rendered from the data, where
	// it comes from ("Param.empire_size", "Total.wizards"); keyed by the
	// byte offset of its text.
	src map[int]string
	// at is, for the rules, the place of their message in the locale.
	at *diag.Pos
	// pages are the lines of a book's passage that start a page.
	pages []int
	// empty are the lines of a book's passage with no text to read:
	// blank, or page furniture.
	empty map[int]bool
	// lead is, for a book's passage that starts after text it does not
	// hold, the end of that text: words lost before the passage's first
	// word stood there, or on the empty lines after it.
	lead diag.Pos
	// short are the lines of the book on a page that lost lines, and
	// how many.
	short map[int]int
	// rows are, for the lines of the book, how many lines more than most
	// pages their page holds.
	rows map[int]int
	// tail are the lines of the book on a page whose text lost its end.
	tail map[int]bool
	// width is the length of the book's longest line of prose: a
	// passage of a line or two tells nothing of how much a line holds.
	width int
	// bare are the pages of the passage whose first line is blank: a
	// converted PDF starts a page with its text, so it lost its first.
	bare map[int]bool
}

// seg is a line of the file copied into the text read, from byte off on.
type seg struct {
	off, line, col int
	text           string
}

// pos returns the place in the file of byte off of the text read.
func (p *passage) pos(off int) diag.Pos {
	if p.at != nil {
		return *p.at
	}
	k := sort.Search(len(p.segs), func(k int) bool { return p.segs[k].off > off }) - 1
	if k < 0 {
		return diag.Pos{File: p.file, Line: 1, Col: 1}
	}
	s := p.segs[k]
	rel := min(max(off-s.off, 0), len(s.text))
	return diag.Pos{File: p.file, Line: s.line, Col: s.col + utf8.RuneCountInString(s.text[:rel])}
}

// lineLens returns the length in runes of each line of the passage, and
// the longest: a full line of the page, which the median is not in a
// section of short paragraphs.
func (p *passage) lineLens() (map[int]int, int) {
	out := map[int]int{}
	var lens []int
	for _, s := range p.segs {
		n := s.col - 1 + utf8.RuneCountInString(strings.TrimRightFunc(s.text, unicode.IsSpace))
		out[s.line] = n
		lens = append(lens, n)
	}
	if len(lens) == 0 {
		return out, 0
	}
	return out, slices.Max(lens)
}

// lostLines reports whether the page of line l lost lines and the page
// of line other did not: the words left out between them stood on l's.
func (p *passage) lostLines(l, other int) bool { return p.short[l] > 0 && p.short[other] == 0 }

// lineText returns the text the passage reads of line l of its file, or
// "".
func (p *passage) lineText(l int) string {
	for _, s := range p.segs {
		if s.line == l {
			return s.text
		}
	}
	return ""
}

// tokPos returns the place of token i, or of the end of the text.
func (p *passage) tokPos(i int) diag.Pos {
	ts := p.doc.Tokens
	switch {
	case i >= 0 && i < len(ts):
		return p.pos(ts[i].Off)
	case len(ts) > 0:
		return p.pos(ts[len(ts)-1].Off)
	}
	return p.pos(0)
}

// builder writes the text of a passage line by line.
type builder struct {
	b    strings.Builder
	segs []seg
}

// line adds a line of the file; the caller ends it.
func (w *builder) line(s string, line, col int) {
	w.segs = append(w.segs, seg{off: w.b.Len(), line: line, col: col, text: s})
	w.b.WriteString(s)
}

// bookPassage reads the lines [from, to) (0-based) of a book: headings,
// and lines the reading found to be debris or page furniture, are left
// out; a heading ends a sentence, debris does not.
func (r *reading) bookPassage(v *text.Vocab, from, to int) *passage {
	var w builder
	b := r.b
	var pages []int
	empty, bare := map[int]bool{}, map[int]bool{}
	for i := from; i < min(to, len(b.lines)); i++ {
		l := b.lines[i]
		if i < len(b.PageStart) && b.PageStart[i] {
			pages = append(pages, i+1)
			if strings.TrimSpace(l.text) == "" && !l.skip && !r.furn[i+1] {
				bare[i+1] = true
			}
		}
		if r.void(i) {
			empty[i+1] = true
		}
		if l.skip || r.noisy[i+1] || r.furn[i+1] {
			continue
		}
		// A heading ends the sentence before it and is left out: the
		// rules' sections have their titles apart, and a book may head
		// its sections otherwise.
		if l.heading || r.heads[i+1] || capsHeading(strings.TrimSpace(l.text)) || (cell(l.text) || r.ix.tableText[tableKey(l.text)]) && !r.goesOn(i) || r.symbolRow(l.text) {
			w.b.WriteString("\n\n")
			continue
		}
		title := r.titleLine(i, from, to)
		if l.pageBreak || bullet(l.text) || title {
			w.b.WriteString("\n")
		}
		w.line(l.text, i+1, l.offset+1)
		w.b.WriteString("\n")
		if title {
			w.b.WriteString("\n")
		}
	}
	return &passage{doc: v.Read(w.b.String(), text.Options{}), file: b.Name, segs: w.segs, pages: pages, empty: empty, short: r.short, rows: r.rows, tail: r.tail, bare: bare, width: r.width}
}

// titleLine reports whether line i (0-based) of the lines [from, to) of
// a book is a subheading that runs into no paragraph: a short line in
// capitals at its start and with no mark at its end, after a sentence
// that ended, and before a longer line that starts one ("C. The
// creature decks" over "Shuffle the evil creature cards …"). The rules
// write such a title as a paragraph of its own, and so it is read.
func (r *reading) titleLine(i, from, to int) bool {
	t := strings.TrimSpace(r.b.lines[i].text)
	rs := []rune(t)
	if len(rs) == 0 || bullet(t) || len(strings.Fields(t)) > maxSubheading ||
		!unicode.IsUpper(rs[0]) || !unicode.IsLetter(rs[len(rs)-1]) && !unicode.IsDigit(rs[len(rs)-1]) {
		return false
	}
	if i > from && !r.void(i-1) && !r.b.PageStart[i] && !strings.ContainsAny(lastRune(r.b.lines[i-1].text), ".!?:;…") {
		return false
	}
	if i+1 >= min(to, len(r.b.lines)) || r.void(i+1) || r.b.PageStart[i+1] {
		return false
	}
	next := []rune(strings.TrimSpace(r.b.lines[i+1].text))
	return unicode.IsUpper(next[0]) && float64(len(rs)) <= titleShare*float64(len(next))
}

// titleShare is the longest a title line is, as a share of the line after.
const titleShare = 0.6

// symbolRow reports whether a line is a table's row as a page lays it
// out, whose cells the game's data does not spell: a heading of the
// section's tables, then three cells or more, apart by wide gaps, each a
// cell of numbers or a symbol of a letter or two ("Peuple   M   N   T").
func (r *reading) symbolRow(s string) bool {
	fs := wideFields(s)
	if len(fs) < 4 || !r.ix.tableText[tableKey(fs[0])] {
		return false
	}
	for _, f := range fs[1:] {
		if !cell(f) && utf8.RuneCountInString(f) > 2 {
			return false
		}
	}
	return true
}

// wideFields splits a line at its gaps of two spaces or more.
func wideFields(s string) []string {
	var out []string
	for f := range strings.SplitSeq(strings.TrimSpace(s), "  ") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// goesOn reports whether line i (0-based) of a book ends the sentence
// the line before it left open: it is text, though it may read as a
// table's cell ("peuple.", "2.").
func (r *reading) goesOn(i int) bool {
	t := strings.TrimSpace(r.b.lines[i].text)
	if t == "" || !strings.ContainsAny(lastRune(t), ".!?;") || i == 0 || r.void(i-1) || r.b.PageStart[i] {
		return false
	}
	prev := strings.TrimSpace(r.b.lines[i-1].text)
	return isLetter([]rune(lastRune(prev))[0]) && !cell(prev) && !r.ix.tableText[tableKey(prev)]
}

// void reports whether line i (0-based) of a book has no text to read:
// it is blank, page furniture or debris.
func (r *reading) void(i int) bool {
	l := r.b.lines[i]
	return l.skip || r.noisy[i+1] || r.furn[i+1] || strings.TrimSpace(l.text) == ""
}

// lead gives passage p, which starts at line start (0-based) of the
// book, the end of the text before it from line from on, with the page
// starts and the empty lines between.
func (r *reading) lead(p *passage, from, start int) {
	i := start - 1
	for i >= from && r.void(i) {
		i--
	}
	if i < from {
		return
	}
	p.lead = r.b.lineEnd(i + 1)
	var pages []int
	for j := i + 1; j <= start; j++ {
		if j < len(r.b.PageStart) && r.b.PageStart[j] {
			pages = append(pages, j+1)
		}
		if j < start {
			p.empty[j+1] = true
		}
	}
	p.pages = append(pages, p.pages...)
}

// gamePassage reads the text of a section of the game's rules rendered
// with the data, each number keeping where it comes from.
func (ix *index) gamePassage(v *text.Vocab, gs *gameSection, loc *model.Locale) *passage {
	var w builder
	at := diag.Pos{}
	if loc != nil {
		at.File = loc.File
		if m := loc.Message("rules." + gs.sec.ID + ".text"); m != nil {
			at = m.Pos
		}
	}
	src := map[int]string{}
	body, marks := unmark(gs.text)
	for _, m := range marks {
		src[w.b.Len()+m.off] = m.src
	}
	w.b.WriteString(body)
	d := v.Read(w.b.String(), text.Options{LineBreaks: true})
	return &passage{doc: d, file: at.File, src: src, at: &at}
}

// source returns where the number at token i of a passage of the rules
// comes from, or "" for a number written in the text.
func (p *passage) source(i int) string {
	if i < 0 || i >= len(p.doc.Tokens) || p.src == nil {
		return ""
	}
	t := p.doc.Tokens[i]
	for off := t.Off; off < t.End; off++ {
		if s, ok := p.src[off]; ok {
			return s
		}
	}
	return ""
}

// cell reports whether a line holds no letter: a table's cell of numbers,
// whose columns a PDF's text gives in no reliable order.
func cell(s string) bool {
	return strings.TrimSpace(s) != "" && !strings.ContainsFunc(s, unicode.IsLetter)
}
