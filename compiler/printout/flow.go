package printout

import (
	"regexp"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

const softHyphen = '\u00ad'

// op is one drawing operation, placed relative to the top left of its row.
type op struct {
	kind    opKind
	x, y    float64 // text: start of the baseline; icon: centre; rect, line: corner
	w, h    float64 // icon: w is the size; rect: size; line: the other end (x+w, y+h)
	s       string  // text; icon name
	letters string  // icon: letters on a disc of the colour, in place of a symbol
	style   pdf.Style
	size    float64 // text, in points
	color   pdf.Color
	paint   pdf.Paint
	lw      float64 // line width
}

type opKind int

const (
	opText opKind = iota + 1
	opIcon
	opRect
	opLine
)

// row is a unit of vertical layout: a line of text, a table row. Rows are
// stacked and split across pages between rows only.
type row struct {
	h    float64
	ops  []op
	keep bool // keep with the next row on one page (headings)
	// msg is the message the row prints, for a diagnostic when it does not
	// fit; "" for rows of the data.
	msg string
	// marked is set when the row shows the mark of a reconstructed value,
	// so that its page carries the legend.
	marked bool
	// head is the heading row of the table the row is a row of, printed
	// again above it when it starts a page.
	head *row
}

func (r *row) add(o op) { r.ops = append(r.ops, o) }

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
func (p *printer) wrap(f font, s string, width float64) (lines []string, over float64) {
	words := breakable(s)
	clean := func(w string) string { return strings.ReplaceAll(w, string(softHyphen), "") }
	line := ""
	fits := func(t string) bool { return p.width(f, t) <= width+1e-9 }
	for _, w := range words {
		cand := clean(w)
		if line != "" {
			cand = line + " " + cand
		}
		if fits(cand) {
			line = cand
			continue
		}
		// Break the word at a soft hyphen, keeping as much as fits.
		if pieces := strings.Split(w, string(softHyphen)); len(pieces) > 1 {
			head := ""
			for i := len(pieces) - 1; i > 0; i-- {
				t := strings.Join(pieces[:i], "") + "-"
				if line != "" {
					t = line + " " + t
				}
				if fits(t) {
					head = t
					w = strings.Join(pieces[i:], string(softHyphen))
					break
				}
			}
			if head != "" {
				lines = append(lines, head)
				line = clean(w)
				continue
			}
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = clean(w)
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	for _, l := range lines {
		if d := p.width(f, l) - width; d > over {
			over = d
		}
	}
	return lines, over
}

// breakable splits s into the words a line may break between: at spaces,
// tabs and line breaks only. strings.Fields would also split at the
// no-break spaces that keep "Attaque :" together.
func breakable(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
}

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

// textRows lays out a message's text at width in a base font: one row per
// line. over is how far the widest line sticks out.
func (p *printer) textRows(id, s string, f font, width float64) (rows []row, over float64) {
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
				r := row{h: lh, msg: id, marked: strings.Contains(l, reconstructedMark)}
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
		if pa.space && i < len(paras)-1 && len(rows) > 0 {
			rows[len(rows)-1].h += gap
		}
	}
	return rows, over
}
