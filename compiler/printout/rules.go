package printout

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Rulebook layout, in mm and points.
const (
	rulesMarginX   = 20
	rulesMarginTop = 18
	rulesMarginBot = 20
	rulesBody      = 10
	rulesTable     = 9
)

// rulebook typesets the locale's rule text: a title page with the table
// of contents, then each section with its number and heading, the blocks
// placed after it as tables, page numbers and a PDF outline.
func (p *printer) rulebook() {
	W, H := p.o.Paper.W, p.o.Paper.H
	width := W - 2*rulesMarginX
	room := H - rulesMarginTop - rulesMarginBot
	body := font{pdf.Regular, rulesBody}
	if len(p.g.Sections) == 0 {
		p.d.Errorf(p.g.Pos, diag.NothingToPrint, "game %s has nothing to print in a rulebook: it has no section ([[section]])", p.g.ID)
		return
	}

	// The content, section by section; each section's first row is marked
	// so its page can be found once the rows are paginated.
	type mark struct {
		sec   *model.Section
		title string
	}
	var rows []row
	marks := map[int]mark{} // row index of a section's heading
	for _, s := range p.g.Sections {
		id := "rules." + s.ID
		title := p.text(id + ".title")
		if s.Number != "" {
			title = s.Number + "  " + title
		}
		hf := font{pdf.Bold, 15}
		if s.Level > 1 {
			hf = font{pdf.Bold, 12}
		}
		rows = append(rows, row{h: hf.lineH() * 0.7, keep: true})
		marks[len(rows)] = mark{s, title}
		lines, over := p.wrap(hf, title, width)
		if over > 0 {
			p.overflow(id+".title", "the width of the rulebook's page", width+over, width)
		}
		for _, l := range lines {
			r := row{h: hf.lineH(), keep: true, msg: id + ".title"}
			r.add(op{kind: opText, y: hf.baseline(), s: l, style: hf.style, size: hf.size, color: ink})
			rows = append(rows, r)
		}
		rows[len(rows)-1].h += hf.lineH() * 0.25
		rows, over = p.appendTextRows(rows, id+".text", p.text(id+".text"), body, width)
		if over > 0 {
			p.overflow(id+".text", "the width of the rulebook's page", width+over, width)
		}
		if s.Rulings {
			rows = p.appendRulings(rows, body, width)
		}
		blocks, _ := p.blocksOn(model.OnRules, s.ID)
		for _, b := range blocks {
			lb := p.blockRows(b, true, font{pdf.Regular, rulesTable}, width)
			if lb.over > 0 {
				p.overflow(lb.overMsg, "the width of the rulebook's page", width+lb.over, width)
			}
			for k := range len(lb.rows) - 1 {
				lb.rows[k].keep = true
			}
			rows = append(rows, gap(body.lineH()*0.6))
			rows = append(rows, lb.rows...)
		}
		rows = append(rows, gap(body.lineH()*0.5))
	}

	// The title page and the table of contents come first; they take as
	// many pages as their rows need.
	head := p.titleRows(width)
	tocF := font{pdf.Regular, 10.5}
	tocRows := len(p.g.Sections) + 2
	tocPages := 1
	if over := float64(tocRows)*tocF.lineH()*1.15 - (room - height(head)); over > 0 {
		tocPages += int(over/room) + 1
	}
	pages := paginate(rows, room, room)
	total := tocPages + len(pages)

	// Content pages, remembering where each section starts.
	type entry struct {
		mark
		page int
		y    float64
	}
	var toc []entry
	for range tocPages {
		p.doc.AddPage()
	}
	k := 0
	for i, pg := range pages {
		p.doc.AddPage()
		y := float64(rulesMarginTop)
		for _, r := range pg {
			if m, ok := marks[k]; ok {
				toc = append(toc, entry{m, tocPages + i + 1, y})
				p.doc.Bookmark(strings.TrimSpace(m.title), m.sec.Level-1, y)
			}
			p.draw(r.ops, rulesMarginX, y)
			y += r.h
			k++
		}
		if anyMarked(pg) {
			p.pageNote(model.ReconstructedLegend, p.legend(), rulesMarginX, H-rulesMarginBot+4.5, width, 8)
		}
		p.footer(p.title(), fmt.Sprintf("%d / %d", tocPages+i+1, total), H-rulesMarginBot+9, rulesMarginX, W-rulesMarginX)
	}

	// The title page and the table of contents, now that pages are known.
	p.doc.SetPage(1)
	y := p.drawRows(head, rulesMarginX, rulesMarginTop)
	if tag := p.locale.Message("game.tagline"); tag != nil {
		tf := font{pdf.Italic, 11}
		lines, _ := p.wrap(tf, p.text("game.tagline"), width)
		for _, l := range lines {
			p.draw([]op{{kind: opText, y: tf.baseline(), s: l, style: tf.style, size: tf.size, color: muted}}, rulesMarginX, y+2)
			y += tf.lineH()
		}
	}
	y += 8
	cf := font{pdf.Bold, 13}
	p.draw([]op{{kind: opText, y: cf.baseline(), s: p.ui("contents"), style: cf.style, size: cf.size, color: ink}}, rulesMarginX, y)
	y += cf.lineH() * 1.5
	page := 1
	for _, e := range toc {
		lh := tocF.lineH() * 1.15
		if y+lh > H-rulesMarginBot {
			page++
			p.doc.SetPage(page)
			y = rulesMarginTop
		}
		f := tocF
		indent := 0.0
		if e.sec.Level > 1 {
			indent = 6 * float64(e.sec.Level-1)
		} else {
			f.style = pdf.Bold
		}
		num := fmt.Sprint(e.page)
		avail := width - indent - p.width(tocF, num) - 4
		title := e.title
		if w := p.width(f, title); w > avail {
			p.overflow("rules."+e.sec.ID+".title", "its line of the table of contents", w, avail)
		}
		p.draw([]op{
			{kind: opText, x: indent, y: f.baseline(), s: title, style: f.style, size: f.size, color: ink},
			{kind: opText, x: width - p.width(tocF, num), y: f.baseline(), s: num, style: tocF.style, size: tocF.size, color: ink},
			{kind: opLine, x: indent + p.width(f, title) + 1.5, y: f.baseline(), w: avail - p.width(f, title) - 1.5 + 2, color: rule, lw: 0.2},
		}, rulesMarginX, y)
		p.doc.Link(rulesMarginX, y, width, lh, e.page, e.y)
		y += lh
	}
	for i := 1; i <= tocPages; i++ {
		p.doc.SetPage(i)
		p.footer(p.title(), fmt.Sprintf("%d / %d", i, total), H-rulesMarginBot+9, rulesMarginX, W-rulesMarginX)
	}
	p.doc.SetPage(total)
}

// appendRulings appends the rulings, a paragraph each, led by the section
// whose rule each reads.
func (p *printer) appendRulings(rows []row, body font, width float64) []row {
	for _, r := range p.g.RulingsInBookOrder() {
		var number, title string
		if s := p.g.Section(r.Section); s != nil {
			number, title = s.Number, p.text("rules."+s.ID+".title")
		}
		rows = append(rows, gap(body.lineH()*0.3))
		var over float64
		rows, over = p.appendTextRows(rows, r.Message, model.RulingParagraph(number, title, p.text(r.Message)), body, width)
		if over > 0 {
			p.overflow(r.Message, "the width of the rulebook's page", width+over, width)
		}
	}
	return rows
}
