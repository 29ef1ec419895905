package printout

import (
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// paginate splits rows into pages: the first has room first, the others
// room rest. Rows marked keep stay on a page with the row after them, unless
// the group is taller than a page. A table's row that starts a page is
// preceded by the table's heading row again.
func paginate(rows []row, first, rest float64) [][]row {
	// The pages are cut from one slice at the end: each grown apart was
	// most of what paginating allocated.
	flat := make([]row, 0, len(rows)+len(rows)/8+1)
	var ends []int // where each page ends in flat
	start := 0     // where the current page starts
	room := first
	used := 0.0
	newPage := func() {
		ends = append(ends, len(flat))
		start, used, room = len(flat), 0, rest
	}
	heading := func(r row) float64 {
		if len(flat) == start && r.head != nil {
			return r.head.h
		}
		return 0
	}
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j-1].keep {
			j++
		}
		group := rows[i:j]
		h := height(group)
		if used+h > room+1e-6 && len(flat) > start && h <= rest {
			newPage()
		}
		for _, r := range group {
			if used+r.h > room+1e-6 && len(flat) > start {
				newPage()
			}
			if h := heading(r); h > 0 {
				flat = append(flat, *r.head)
				used += h
			}
			flat = append(flat, r)
			used += r.h
		}
		i = j
	}
	if len(flat) > start || len(ends) == 0 {
		ends = append(ends, len(flat))
	}
	pages := make([][]row, len(ends))
	from := 0
	for k, e := range ends {
		pages[k] = flat[from:e:e]
		from = e
	}
	return pages
}

// blocksOn returns the blocks printed at a place in the variant played, in
// declaration order.
func (p *printer) blocksOn(kind model.PlaceKind, id string) (blocks []*model.Block, symbols bool) {
	for b, pl := range p.g.BlocksOn(kind, id) {
		blocks = append(blocks, b)
		symbols = pl.Symbols
	}
	return blocks, symbols
}

// gap is vertical space as a row.
func gap(h float64) row { return row{h: h} }

// footer prints a line at the bottom of a page.
func (p *printer) footer(left, right string, y, x0, x1 float64) {
	f := font{pdf.Regular, 7.5}
	p.doc.SetFont(f.style, f.size)
	p.doc.SetTextColor(muted)
	p.doc.Text(x0, y, left)
	p.doc.Text(x1-p.doc.Width(right), y, right)
}

// sizes returns font sizes from large down to small in steps.
func sizes(large, small, step float64) []float64 {
	n := 0 // counted first: a deck asks for each region of each card
	for s := large; s >= small-1e-9; s -= step {
		n++
	}
	out := make([]float64, 0, n)
	for s := large; s >= small-1e-9; s -= step {
		out = append(out, s)
	}
	return out
}

// worst returns the message that prints the most rows, to blame for text
// that does not fit.
func worst(rows []row) string {
	n := map[string]int{}
	best, most := "", 0
	for _, r := range rows {
		if r.msg == "" {
			continue
		}
		n[r.msg]++
		if n[r.msg] > most {
			best, most = r.msg, n[r.msg]
		}
	}
	return best
}
