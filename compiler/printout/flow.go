package printout

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

const softHyphen = '\u00ad'

// op is one drawing operation, placed relative to the top left of its row.
// Its small fields come last, packed in one word: a printout holds tens
// of thousands.
type op struct {
	x, y    float64 // text: start of the baseline; icon: centre; rect, line: corner
	w, h    float64 // icon: w is the size; rect: size; line: the other end (x+w, y+h)
	size    float64 // text, in points
	lw      float64 // line width
	s       string  // text; icon name
	letters string  // icon: letters on a disc of the colour, in place of a symbol
	kind    opKind
	style   pdf.Style
	paint   pdf.Paint
	color   pdf.Color
}

type opKind uint8

const (
	opText opKind = iota + 1
	opIcon
	opRect
	opLine
)

// row is a unit of vertical layout: a line of text, a table row. Rows are
// stacked and split across pages between rows only.
type row struct {
	h   float64
	ops []op
	// msg is the message the row prints, for a diagnostic when it does not
	// fit; "" for rows of the data.
	msg string
	// head is the heading row of the table the row is a row of, printed
	// again above it when it starts a page.
	head *row
	keep bool // keep with the next row on one page (headings)
	// marked is set when the row shows the mark of a reconstructed value,
	// so that its page carries the legend.
	marked bool
}

func (r *row) add(o op) { r.ops = append(r.ops, o) }

// opBlock is how many operations opRoom makes room for at most at once;
// its first blocks are smaller, for a printout of a few rows.
const opBlock = 1024

// opRoom returns an empty slice with room for n operations, cut from a
// block shared by the rows of the printout: a row made one operation at
// a time, or each in its own slice, was the most a layout allocated. A row
// that outgrows its room moves out of the block, as any slice does.
func (p *printer) opRoom(n int) []op {
	if len(p.ops)+n > cap(p.ops) {
		p.ops = make([]op, 0, max(n, min(opBlock, 2*cap(p.ops)), 64))
	}
	k := len(p.ops)
	p.ops = p.ops[:k+n]
	return p.ops[k : k : k+n]
}

// opMark is where opRoom had got to, for opRewind.
type opMark struct {
	block []op
	n     int
}

func (p *printer) opMark() opMark { return opMark{p.ops, len(p.ops)} }

// opRewind gives opRoom back the room of the rows laid out since m, when
// nothing holds them any more: a layout tried at a size that did not fit.
func (p *printer) opRewind(m opMark) {
	if cap(m.block) > 0 && cap(p.ops) > 0 && &m.block[:1][0] == &p.ops[:1][0] {
		p.ops = p.ops[:m.n]
		return
	}
	p.ops = p.ops[:0] // a block made since holds only those rows
}

// height returns the total height of rows.
func height(rows []row) float64 {
	h := 0.0
	for _, r := range rows {
		h += r.h
	}
	return h
}

// draw draws ops with their origin at (x, y).
func (p *printer) draw(ops []op, x, y float64) {
	for _, o := range ops {
		drawOn(p.doc, o, x, y)
	}
}

// drawOn draws one operation on any surface, with its origin at (x, y).
func drawOn(s surface, o op, x, y float64) {
	switch o.kind {
	case opText:
		s.SetFont(o.style, o.size)
		s.SetTextColor(o.color)
		s.Text(x+o.x, y+o.y, o.s)
	case opIcon:
		if o.letters != "" {
			swatchOn(s, o.letters, x+o.x, y+o.y, o.w, o.color)
			break
		}
		iconOn(s, o.s, x+o.x, y+o.y, o.w, o.color)
	case opRect:
		s.SetFillColor(o.color)
		s.SetStrokeColor(o.color)
		s.SetLineWidth(o.lw)
		s.Rect(x+o.x, y+o.y, o.w, o.h, o.paint)
	case opLine:
		s.SetStrokeColor(o.color)
		s.SetLineWidth(o.lw)
		s.Line(x+o.x, y+o.y, x+o.x+o.w, y+o.y+o.h)
	}
}

// drawRows stacks rows from (x, y) down.
func (p *printer) drawRows(rows []row, x, y float64) float64 {
	for _, r := range rows {
		p.draw(r.ops, x, y)
		y += r.h
	}
	return y
}

// Colours of the printouts: dark ink that prints well in black and white.
var (
	ink   = pdf.Color{R: 0x20, G: 0x1a, B: 0x17}
	muted = pdf.Color{R: 0x6b, G: 0x60, B: 0x58}
	rule  = pdf.Color{R: 0xb8, G: 0xad, B: 0x9f}
	tint  = pdf.Color{R: 0xf3, G: 0xee, B: 0xe6}
)

// font is a text style at a size.
type font struct {
	style pdf.Style
	size  float64 // points
}

// lineH is the height of a line of text in this font, in mm.
func (f font) lineH() float64 { return f.size * pdf.PtToMM * 1.28 }

// baseline is the baseline's distance from the top of a line.
func (f font) baseline() float64 { return f.size * pdf.PtToMM * 1.0 }

func (p *printer) width(f font, s string) float64 {
	p.doc.SetFont(f.style, f.size)
	return p.doc.Width(s)
}

// wrap breaks s into lines no wider than width, at spaces (never at the
// no-break spaces of French typography) and at soft hyphens, which print
// as a hyphen only where a line breaks. over is how much the widest line
// is too wide, 0 when all fit: a word longer than the line.
//
// A line is measured as it grows, word by word, and made into a string
// only once it is done: a slice of s when it is one. Its width is the
// same, to the bit, as that of its string measured whole. The font is
// set before each measure, as when each line tried was measured whole:
// on a page, setting it is written to the PDF.
func (p *printer) wrap(f font, s string, width float64) (lines []string, over float64) {
	size := f.size
	fits := func(sum float64) bool { return sum*size <= width+1e-9 }
	ln := lineBuf{buf: p.wrapBuf[:0]}
	defer func() { p.wrapBuf = ln.buf }()
	emit := func(str string, sum float64) {
		lines = append(lines, str)
		if d := sum*size - width; d > over {
			over = d
		}
	}
	for i := 0; ; {
		w, at, ok := nextWord(s, i)
		if !ok {
			break
		}
		i = at + len(w)
		p.doc.SetFont(f.style, f.size)
		cand := ln.sum
		if !ln.empty() {
			cand = p.doc.MeasureRune(cand, ' ')
		}
		if cand = p.measureClean(cand, w); fits(cand) {
			ln.add(s, w, at, cand)
			continue
		}
		// Break the word at a soft hyphen, keeping as much as fits.
		if strings.ContainsRune(w, softHyphen) {
			if head, sum, rest := p.hyphenate(s, &ln, w, f, fits); head != "" {
				emit(head, sum)
				ln.reset()
				ln.add(s, rest, at+len(w)-len(rest), p.measureClean(0, rest))
				continue
			}
		}
		if !ln.empty() {
			emit(ln.string(s), ln.sum)
		}
		ln.reset()
		ln.add(s, w, at, p.measureClean(0, w))
	}
	if !ln.empty() || len(lines) == 0 {
		emit(ln.string(s), ln.sum)
	}
	for range lines { // each line was measured again, for over
		p.doc.SetFont(f.style, f.size)
	}
	return lines, over
}

// hyphenate breaks w at its last soft hyphen after which the line still
// fits, with a hyphen: head is the line so broken, sum its measure, rest
// what of w goes on the next line; head is "" when no break fits.
func (p *printer) hyphenate(s string, ln *lineBuf, w string, f font, fits func(float64) bool) (head string, sum float64, rest string) {
	for cut := strings.LastIndex(w, string(softHyphen)); cut >= 0; cut = strings.LastIndex(w[:cut], string(softHyphen)) {
		p.doc.SetFont(f.style, f.size)
		t := ln.sum
		if !ln.empty() {
			t = p.doc.MeasureRune(t, ' ')
		}
		t = p.doc.MeasureRune(p.measureClean(t, w[:cut]), '-')
		if fits(t) {
			var b strings.Builder
			if !ln.empty() {
				b.WriteString(ln.string(s))
				b.WriteByte(' ')
			}
			writeClean(&b, w[:cut])
			b.WriteByte('-')
			return b.String(), t, w[cut+len(string(softHyphen)):]
		}
	}
	return "", 0, ""
}

// measureClean is Measure of w without its soft hyphens.
func (p *printer) measureClean(sum float64, w string) float64 {
	for _, r := range w {
		if r != softHyphen {
			sum = p.doc.MeasureRune(sum, r)
		}
	}
	return sum
}

func writeClean(b *strings.Builder, w string) {
	for _, r := range w {
		if r != softHyphen {
			b.WriteRune(r)
		}
	}
}

// lineBuf is a line being filled: its words, cleaned of soft hyphens
// and joined by spaces, and its measure. While it is a run of s (words
// parted by single spaces, without soft hyphens) it is kept as its
// place in s, and its string costs nothing.
type lineBuf struct {
	sum        float64
	start, end int // the line is s[start:end] while inS
	inS        bool
	buf        []byte // the line when !inS
}

func (l *lineBuf) empty() bool {
	if l.inS {
		return l.start == l.end
	}
	return len(l.buf) == 0
}

func (l *lineBuf) reset() { l.sum, l.start, l.end, l.inS, l.buf = 0, 0, 0, false, l.buf[:0] }

// add appends word w, found at s[at:], after a space unless the line is
// empty; sum is the line's measure with it.
func (l *lineBuf) add(s, w string, at int, sum float64) {
	clean := !strings.ContainsRune(w, softHyphen)
	switch {
	case l.empty() && clean:
		l.inS, l.start, l.end, l.buf = true, at, at+len(w), l.buf[:0]
	case l.inS && clean && at == l.end+1 && s[l.end] == ' ':
		l.end = at + len(w)
	default:
		if l.inS {
			l.buf = append(l.buf[:0], s[l.start:l.end]...)
			l.inS = false
		}
		if len(l.buf) > 0 {
			l.buf = append(l.buf, ' ')
		}
		for _, r := range w {
			if r != softHyphen {
				l.buf = utf8.AppendRune(l.buf, r)
			}
		}
	}
	l.sum = sum
}

func (l *lineBuf) string(s string) string {
	if l.inS {
		return s[l.start:l.end]
	}
	return string(l.buf)
}

// nextWord returns the first word of s at or after i, and where it
// starts: words are parted by spaces, tabs and line breaks only (not by
// the no-break spaces that keep "Attaque :" together).
func nextWord(s string, i int) (w string, at int, ok bool) {
	for i < len(s) && isBreak(s[i]) {
		i++
	}
	if i == len(s) {
		return "", 0, false
	}
	j := i
	for j < len(s) && !isBreak(s[j]) {
		j++
	}
	return s[i:j], i, true
}

func isBreak(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// paraKind is the kind of a paragraph of a message's text.
type paraKind int

const (
	plainPara   paraKind = iota + 1
	itemPara             // "- " list item
	examplePara          // "> " example
	headingPara          // "A. Play a card": a lettered sub-heading alone on its line
)

type para struct {
	kind  paraKind
	lines []string // hard line breaks within the paragraph
	space bool     // a blank line follows
}

var (
	subHeading = regexp.MustCompile(`^[A-Z]\. \S`)
	blankLine  = regexp.MustCompile(`\n[ \t]*\n`)
)

// parseText splits a message's text into paragraphs: a blank line ends a
// paragraph, a single line break starts a new line, "- " starts a list
// item and "> " an example.
func parseText(s string) []para {
	var out []para
	for _, chunk := range blankLine.Split(strings.TrimSpace(s), -1) {
		start := len(out)
		for _, ln := range strings.Split(chunk, "\n") {
			ln = strings.TrimRight(ln, " \t")
			switch {
			case strings.HasPrefix(ln, "- "):
				out = append(out, para{kind: itemPara, lines: []string{ln[2:]}})
			case strings.HasPrefix(ln, ">"):
				t := strings.TrimSpace(ln[1:])
				if n := len(out); n > start && out[n-1].kind == examplePara {
					out[n-1].lines = append(out[n-1].lines, t)
				} else {
					out = append(out, para{kind: examplePara, lines: []string{t}})
				}
			case len(out) > start && out[len(out)-1].kind == plainPara:
				out[len(out)-1].lines = append(out[len(out)-1].lines, ln)
			case strings.TrimSpace(ln) == "":
			default:
				out = append(out, para{kind: plainPara, lines: []string{ln}})
			}
		}
		if n := len(out); n > start {
			if n == start+1 && out[start].kind == plainPara && len(out[start].lines) == 1 &&
				subHeading.MatchString(out[start].lines[0]) && len(out[start].lines[0]) < 60 &&
				!strings.HasSuffix(out[start].lines[0], ".") {
				out[start].kind = headingPara
			}
			out[n-1].space = true
		}
	}
	return out
}

// ParagraphKind is what a paragraph of a text is, as the printouts lay
// it out.
type ParagraphKind int

const (
	PlainParagraph   = ParagraphKind(plainPara)
	ItemParagraph    = ParagraphKind(itemPara)    // a list item, "- "
	ExampleParagraph = ParagraphKind(examplePara) // an example, "> ", set apart
	HeadingParagraph = ParagraphKind(headingPara) // a lettered sub-heading, "A. Play a card"
)

// Paragraph is a paragraph of a message's text.
type Paragraph struct {
	Kind  ParagraphKind
	Lines []string // its hard line breaks
}

// Paragraphs splits a rendered text into paragraphs as the printouts read
// it, so that other renderings of a text (a web page) break it where the
// PDF does.
func Paragraphs(s string) []Paragraph {
	paras := parseText(s)
	out := make([]Paragraph, len(paras))
	for i, pa := range paras {
		out[i] = Paragraph{Kind: ParagraphKind(pa.kind), Lines: pa.lines}
	}
	return out
}

// appendTextRows lays out a message's text at width in a base font, one
// row per line, after rows, which the layout of a page or a block grows:
// copying each text's rows into it cost more than the rows. over is how
// far the widest line sticks out.
func (p *printer) appendTextRows(rows []row, id, s string, f font, width float64) ([]row, float64) {
	over := 0.0
	start := len(rows)
	lh := f.lineH()
	gap := lh * 0.45
	paras := parseText(s)
	for i, pa := range paras {
		ff, indent, mark := f, 0.0, ""
		switch pa.kind {
		case itemPara:
			indent, mark = f.size*pdf.PtToMM*1.3, "•"
		case examplePara:
			ff.style = pdf.Italic
			indent = f.size * pdf.PtToMM * 1.3
		case headingPara:
			ff.style = pdf.Bold
		}
		first := len(rows)
		for _, hard := range pa.lines {
			lines, o := p.wrap(ff, hard, width-indent)
			over = max(over, o)
			for _, l := range lines {
				n := 1
				if pa.kind == examplePara {
					n++ // the rule beside it
				}
				if mark != "" && len(rows) == first {
					n++ // the bullet
				}
				r := row{h: lh, msg: id, marked: strings.Contains(l, reconstructedMark), ops: p.opRoom(n)}
				r.add(op{kind: opText, x: indent, y: ff.baseline(), s: l, style: ff.style, size: ff.size, color: ink})
				rows = append(rows, r)
			}
		}
		if mark != "" && first < len(rows) {
			rows[first].add(op{kind: opText, x: indent * 0.25, y: f.baseline(), s: mark, style: f.style, size: f.size, color: ink})
		}
		if pa.kind == examplePara {
			for j := first; j < len(rows); j++ {
				rows[j].add(op{kind: opLine, x: indent * 0.35, y: 0, h: rows[j].h, color: rule, lw: 0.5})
			}
		}
		if pa.kind == headingPara && len(rows) > first {
			rows[len(rows)-1].keep = true
		}
		if pa.space && i < len(paras)-1 && len(rows) > start {
			rows[len(rows)-1].h += gap
		}
	}
	return rows, over
}
