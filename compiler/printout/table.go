package printout

import (
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// glyph is an icon in a table cell.
type glyph struct {
	name    string
	letters string // drawn on a disc of the colour in place of a symbol
	color   pdf.Color
	// enum and value are the enum value the icon stands for, if any (the
	// value may be a wildcard), which a text rendering names instead.
	enum, value string
}

// cell is one cell of a table: icons, then text, then the mark of a
// reconstructed value.
type cell struct {
	icons  []glyph
	text   string
	bold   bool
	center bool
	mark   bool
}

// table is a grid of cells; the first row is a heading when head is set.
type table struct {
	cells [][]cell
	head  bool // the first row is a heading row
	side  bool // the first column is a heading column
	msg   string
}

// letters reports whether a cell of the table shows letters on a disc.
func (t table) letters() bool {
	for _, r := range t.cells {
		for _, c := range r {
			for _, g := range c.icons {
				if g.letters != "" {
					return true
				}
			}
		}
	}
	return false
}

// tableRows lays a table out at width: columns get at least their longest
// word and share what is left by their natural width. over is how much
// wider than width the table must be.
func (p *printer) tableRows(t table, f font, width float64) (rows []row, over float64) {
	if len(t.cells) == 0 {
		return nil, 0
	}
	ncol := 0
	for _, r := range t.cells {
		ncol = max(ncol, len(r))
	}
	pad := f.size * pdf.PtToMM * 0.6
	isz := f.lineH() * 1.05
	if t.letters() {
		isz = max(isz, minSwatch/0.92) // room for discs minDisc wide
	}
	fontOf := func(c cell) font {
		if c.bold {
			return font{pdf.Bold, f.size}
		}
		return f
	}
	mf := font{pdf.Bold, f.size * markScale}
	markW := p.width(mf, reconstructedMark) + pad/3
	widths := make([]float64, 3*ncol)
	minW, natW, colW := widths[:ncol], widths[ncol:2*ncol], widths[2*ncol:]
	for _, r := range t.cells {
		for j, c := range r {
			iw := float64(len(c.icons)) * isz
			if c.mark {
				iw += markW
			}
			tw, ww := 0.0, 0.0
			if c.text != "" {
				tw = p.width(fontOf(c), c.text)
				for i := 0; ; {
					w, at, ok := nextWord(c.text, i)
					if !ok {
						break
					}
					i = at + len(w)
					ww = max(ww, p.width(fontOf(c), w))
				}
				if iw > 0 {
					iw += pad / 2
				}
			}
			minW[j] = max(minW[j], iw+ww+2*pad)
			natW[j] = max(natW[j], iw+tw+2*pad)
		}
	}
	sumMin, sumNat := 0.0, 0.0
	for j := range ncol {
		sumMin += minW[j]
		sumNat += natW[j]
	}
	switch {
	case sumMin > width:
		over = sumMin - width
		copy(colW, minW)
	case sumNat <= width:
		for j := range ncol {
			colW[j] = natW[j] + (width-sumNat)*natW[j]/sumNat
		}
	default:
		for j := range ncol {
			colW[j] = minW[j] + (width-sumMin)*(natW[j]-minW[j])/(sumNat-sumMin)
		}
	}
	lh := f.lineH()
	type laid struct {
		lines []string
		f     font
	}
	room := make([]laid, ncol) // each row's cells, reused
	var head *row              // the heading row, which every row shares
	for i, r := range t.cells {
		cells := room[:len(r)]
		clear(cells)
		h := isz
		for j, c := range r {
			cf := fontOf(c)
			if c.text != "" {
				iw := 0.0
				if len(c.icons) > 0 {
					iw = float64(len(c.icons))*isz + pad/2
				}
				if c.mark {
					iw += markW
				}
				lines, _ := p.wrap(cf, c.text, colW[j]-2*pad-iw)
				cells[j] = laid{lines, cf}
				h = max(h, float64(len(lines))*lh)
			}
		}
		heading := t.head && i == 0
		// Room for every operation below, in one piece.
		n := ncol // grid lines
		switch {
		case heading:
			n += ncol
		case t.side:
			n++
		}
		for j, c := range r {
			n += len(c.icons) + len(cells[j].lines)
			if c.mark {
				n++
			}
		}
		if i == len(t.cells)-1 {
			n++ // the line under the table
		}
		out := row{h: h + 2*pad*0.6, msg: t.msg, ops: p.opRoom(n)}
		x := 0.0
		for j := range ncol {
			if heading || t.side && j == 0 {
				out.add(op{kind: opRect, x: x, y: 0, w: colW[j], h: out.h, color: tint, paint: pdf.Fill})
			}
			x += colW[j]
		}
		x = 0
		for j, c := range r {
			ly := cells[j]
			content := float64(len(c.icons)) * isz
			textW := 0.0
			for _, l := range ly.lines {
				textW = max(textW, p.width(ly.f, l))
			}
			if len(c.icons) > 0 && textW > 0 {
				content += pad / 2
			}
			content += textW
			if c.mark {
				content += markW
				out.marked = true
			}
			cx := x + pad
			if c.center {
				cx = x + (colW[j]-content)/2
			}
			cy := out.h / 2
			for k, g := range c.icons {
				out.add(op{kind: opIcon, x: cx + isz*(float64(k)+0.5), y: cy, w: isz * 0.92, s: g.name, letters: g.letters, color: g.color})
			}
			tx := cx + float64(len(c.icons))*isz
			if len(c.icons) > 0 {
				tx += pad / 2
			}
			top := (out.h - float64(len(ly.lines))*lh) / 2
			for k, l := range ly.lines {
				out.add(op{kind: opText, x: tx, y: top + float64(k)*lh + ly.f.baseline(), s: l, style: ly.f.style, size: ly.f.size, color: ink})
			}
			if c.mark {
				// Raised after the value, as a note's sign is.
				mx := cx + content - markW + pad/3
				my := top + ly.f.baseline() - f.size*pdf.PtToMM*0.25
				if len(ly.lines) == 0 {
					my = cy + f.size*pdf.PtToMM*0.1
				}
				out.add(op{kind: opText, x: mx, y: my, s: reconstructedMark, style: mf.style, size: mf.size, color: ink})
			}
			x += colW[j]
		}
		// Grid lines: above the row, and between columns.
		out.add(op{kind: opLine, x: 0, y: 0, w: width + min(over, 0), color: rule, lw: 0.2})
		x = 0
		for j := range ncol - 1 {
			x += colW[j]
			out.add(op{kind: opLine, x: x, y: 0, h: out.h, color: rule, lw: 0.2})
		}
		if heading {
			out.keep = true
		} else if t.head {
			if head == nil {
				h := rows[0]
				head = &h
			}
			out.head = head
		}
		rows = append(rows, out)
	}
	last := &rows[len(rows)-1]
	last.add(op{kind: opLine, x: 0, y: last.h, w: width, color: rule, lw: 0.2})
	return rows, over
}
