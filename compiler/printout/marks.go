package printout

import (
	"slices"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// reconstructedMark follows every value a printout shows that the
// rulebook does not print: a dagger, which reads in black and white.
const reconstructedMark = "†"

// markScale is the size of the mark beside a table's value, raised as a
// note's sign is.
const markScale = 0.9

// copiesMark is the mark after a count that is reconstructed, or "".
func (p *printer) copiesMark(guess bool) string {
	if guess {
		return reconstructedMark
	}
	return ""
}

// declaredTotal reports whether the data declares n as the count of the
// cards of type typ whose field equals value: a total the rulebook
// prints, whatever the split of its cards.
func (p *printer) declaredTotal(typ, field, value string, n int) bool {
	for _, t := range p.g.Totals {
		if t.Type == typ && t.Field == field && t.Equals.Str == value && t.Count == n && t.Variant == "" {
			return true
		}
	}
	return false
}

// legend is the mark and what it means, in the printout's language.
func (p *printer) legend() string {
	return reconstructedMark + "\u00a0" + p.text(model.ReconstructedLegend)
}

// anyMarked reports whether a row shows the mark.
func anyMarked(rows []row) bool {
	for _, r := range rows {
		if r.marked {
			return true
		}
	}
	return false
}

// noteRows is a short line of Grimoire's own on a printout, in a small
// muted italic: wrapped to width and measured, so that it fits the page.
func (p *printer) noteRows(id, s string, size, width float64) []row {
	f := font{pdf.Italic, size}
	lines, over := p.wrap(f, s, width)
	if over > 0 {
		p.overflow(id, "the width of its page", width+over, width)
	}
	var rows []row
	for _, l := range lines {
		r := row{h: f.lineH(), msg: id}
		r.add(op{kind: opText, y: f.baseline(), s: l, style: f.style, size: f.size, color: muted})
		rows = append(rows, r)
	}
	return rows
}

// pageNote draws a one-line note of Grimoire's own at (x, y), shrunk to
// fit width: the legend above a page's footer, the aid's label in a card
// sheet's margin.
func (p *printer) pageNote(id, s string, x, y, width, size float64) {
	f := font{pdf.Italic, size}
	p.doc.SetFont(f.style, f.size)
	for f.size > 4 && p.doc.Width(s) > width {
		f.size -= 0.25
		p.doc.SetFont(f.style, f.size)
	}
	if w := p.doc.Width(s); w > width {
		p.overflow(id, "its line in the margin", w, width)
	}
	p.doc.SetTextColor(muted)
	p.doc.Text(x, y, s)
}

// cardSheetNotes prints, in the margin above a sheet of card fronts and
// clear of the crop marks, that the cards are an aid of Grimoire's, and
// the legend when a card of the sheet shows the mark: above the first
// card, and above the second (or under the label, with one column).
func (p *printer) cardSheetNotes(g Grid, fronts []front) {
	top := (g.PaperH - g.GridH) / 2
	size := 6.0
	lh := font{pdf.Italic, size}.lineH()
	y := top/2 + lh*0.35
	notes := []struct{ id, s string }{{model.AidLabel, p.text(model.AidLabel)}}
	if slices.ContainsFunc(fronts, func(f front) bool { return anyMarked(f.rows) }) {
		notes = append(notes, struct{ id, s string }{model.ReconstructedLegend, p.legend()})
	}
	for i, n := range notes {
		x, ny := g.X+2, y
		if g.Cols > 1 {
			x += float64(i) * g.PitchX
		} else {
			ny += (float64(i) - float64(len(notes)-1)/2) * lh
		}
		p.pageNote(n.id, n.s, x, ny, g.W-4, size)
	}
}
