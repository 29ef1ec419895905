package printout

import (
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Reference sheet layout, in mm and points.
const (
	sheetMargin   = 12
	sheetMaxPages = 2
	sheetLarge    = 9.5
	sheetSmall    = 7
)

// sheet lays out the reference sheet: the blocks placed "sheet", in one
// column over at most two pages, at the largest size that fits.
func (p *printer) sheet() {
	W, H := p.o.Paper.W, p.o.Paper.H
	width := W - 2*sheetMargin
	blocks, _ := p.blocksOn(model.OnSheet, "")
	if len(blocks) == 0 {
		p.d.Errorf(p.g.Pos, diag.NothingToPrint, "game %s has nothing to print on a reference sheet: no block is placed on it (on = [\"sheet\"])", p.g.ID)
		return
	}
	// The sheet is an aid of Grimoire's, not part of the box: it says so.
	head := append(p.titleRows(width), p.noteRows(model.AidLabel, p.text(model.AidLabel), 8, width)...)
	head = append(head, gap(2))
	room := H - 2*sheetMargin - 6 // the footer
	var pages [][]row
	all := sizes(sheetLarge, sheetSmall, 0.5)
	m := p.opMark()
	var rows []row // each size's, reused: the pages are copies
	for i, s := range all {
		if i > 0 {
			p.opRewind(m) // the size before did not fit: its rows are dropped
		}
		rows = rows[:0]
		over, overMsg := 0.0, ""
		for _, b := range blocks {
			lb := p.blockRows(b, true, font{pdf.Regular, s}, width)
			if lb.over > over {
				over, overMsg = lb.over, lb.overMsg
			}
			// A block shorter than half a page is not split.
			if height(lb.rows) < room/2 {
				for k := range len(lb.rows) - 1 {
					lb.rows[k].keep = true
				}
			}
			rows = append(rows, lb.rows...)
			rows = append(rows, gap(s*pdf.PtToMM*1.4))
		}
		pages = paginate(rows, room-height(head), room)
		if len(pages) <= sheetMaxPages && over == 0 {
			break
		}
		if i == len(all)-1 {
			if over > 0 {
				p.overflow(overMsg, "the width of the reference sheet", width+over, width)
			} else {
				p.d.Errorf(blocks[len(blocks)-1].Pos, diag.TextOverflow, "the reference sheet of %s (%s) needs %d pages at %g pt, where it has %d: shorten its texts or move a block off it",
					p.g.ID, p.lang, len(pages), s, sheetMaxPages)
			}
		}
	}
	for i, pg := range pages {
		p.doc.AddPage()
		y := float64(sheetMargin)
		if i == 0 {
			y = p.drawRows(head, sheetMargin, y)
		}
		p.drawRows(pg, sheetMargin, y)
		if anyMarked(pg) {
			p.pageNote(model.ReconstructedLegend, p.legend(), sheetMargin, H-sheetMargin-1.5, width, 7.5)
		}
		p.footer(p.title()+" · "+p.ui("reference"), fmt.Sprintf("%d / %d", i+1, len(pages)), H-sheetMargin+2, sheetMargin, W-sheetMargin)
	}
}

// titleRows is a printout's title: the game's name and what the printout
// is, with the name of the variant the game is played in.
func (p *printer) titleRows(width float64) []row {
	tf := font{pdf.Bold, 17}
	sf := font{pdf.Regular, 11}
	var rows []row
	lines, over := p.wrap(tf, p.text("game.name"), width)
	if over > 0 {
		p.overflow("game.name", "the width of the page", width+over, width)
	}
	for _, l := range lines {
		r := row{h: tf.lineH(), msg: "game.name"}
		r.add(op{kind: opText, y: tf.baseline(), s: l, style: tf.style, size: tf.size, color: ink})
		rows = append(rows, r)
	}
	sub := p.ui(p.o.Kind.String())
	if v := p.variantName(); v != "" {
		sub += " · " + v
	}
	r := row{h: sf.lineH() * 1.6}
	r.add(op{kind: opText, y: sf.baseline(), s: sub, style: sf.style, size: sf.size, color: muted})
	r.add(op{kind: opLine, y: sf.lineH() * 1.35, w: width, color: ink, lw: 0.5})
	return append(rows, r)
}
