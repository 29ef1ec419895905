package printout

import (
	"fmt"
	"math"
	"slices"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Card sheet layout, in mm and points.
const (
	minMargin = 5   // paper edge to the grid's bleed box
	markGap   = 1.5 // grid to the start of a crop mark
	markLen   = 3   // length of a crop mark
	cardInset = 3.5 // trim line to a card's text
	cardLarge = 7.5
	cardSmall = 5
)

// Grid is how cards are imposed on a sheet: Cols × Rows cards whose trim
// boxes are W × H, the first at (X, Y), Pitch apart; each card's
// background reaches Bleed past its trim box.
type Grid struct {
	Cols, Rows   int
	X, Y         float64 // top left of the first card's trim box
	W, H         float64
	PitchX       float64
	PitchY       float64
	Bleed        float64
	PaperW       float64
	PaperH       float64
	GridW, GridH float64 // the whole grid, bleed included
}

// Impose centres as many cards as fit on the paper with at least 5 mm
// from every edge to the bleed. Without bleed the cards share their cut
// lines; with it each card has its own.
func Impose(paper Paper, w, h, bleed float64) (Grid, error) {
	px, py := w+2*bleed, h+2*bleed
	cols := int(math.Floor((paper.W - 2*minMargin + 1e-9) / px))
	rows := int(math.Floor((paper.H - 2*minMargin + 1e-9) / py))
	if cols < 1 || rows < 1 {
		return Grid{}, fmt.Errorf("a %g × %g mm card does not fit on %s paper with %d mm margins", w, h, paper.Name, minMargin)
	}
	g := Grid{Cols: cols, Rows: rows, W: w, H: h, PitchX: px, PitchY: py, Bleed: bleed, PaperW: paper.W, PaperH: paper.H}
	g.GridW, g.GridH = float64(cols)*px, float64(rows)*py
	g.X = (paper.W-g.GridW)/2 + bleed
	g.Y = (paper.H-g.GridH)/2 + bleed
	return g, nil
}

// trimBoxes gives the sheets of a grid with bleed a TrimBox around the
// cards' outer cut lines and a BleedBox around their grounds, which print
// shops' preflight expects. A grid without bleed has neither: nothing
// prints past its cuts.
func (p *printer) trimBoxes(g Grid) {
	if g.Bleed > 0 {
		p.doc.SetTrim(g.X, g.Y, g.GridW-2*g.Bleed, g.GridH-2*g.Bleed, g.Bleed)
	}
}

// PerSheet is the number of cards on a sheet.
func (g Grid) PerSheet() int { return g.Cols * g.Rows }

// Cell returns the top left of the trim box of the card at column c and
// row r. On a back sheet the columns are mirrored, so that printing it on
// the back of the front sheet (long-edge duplex) puts each back behind its
// front.
func (g Grid) Cell(c, r int, back bool) (x, y float64) {
	if back {
		c = g.Cols - 1 - c
	}
	return g.X + float64(c)*g.PitchX, g.Y + float64(r)*g.PitchY
}

// CutsX returns the x of every vertical cut line, left to right.
func (g Grid) CutsX() []float64 { return cuts(g.X, g.PitchX, g.W, g.Cols, g.Bleed > 0) }

// CutsY returns the y of every horizontal cut line, top to bottom.
func (g Grid) CutsY() []float64 { return cuts(g.Y, g.PitchY, g.H, g.Rows, g.Bleed > 0) }

// cuts lists the cut lines along one axis of n cards of the given size,
// the first starting at start: shared between neighbours unless each card
// has its own bleed.
func cuts(start, pitch, size float64, n int, own bool) []float64 {
	var out []float64
	for i := range n {
		at := start + float64(i)*pitch
		if own || i == 0 {
			out = append(out, at)
		}
		out = append(out, at+size)
	}
	return out
}

// front is a card design's laid-out face.
type front struct {
	card    *model.Card
	rows    []row
	symbols bool
}

// cards lays out the reference cards: every copy of each design that has
// blocks, fronts and mirrored backs on alternate sheets.
func (p *printer) cards() {
	bleed := 0.0
	if p.o.Bleed {
		bleed = BleedMM
	}
	g, err := Impose(p.o.Paper, p.o.CardW, p.o.CardH, bleed)
	if err != nil {
		p.d.Errorf(p.g.Pos, diag.TextOverflow, "%v", err)
		return
	}
	p.trimBoxes(g)
	var fronts []front
	for _, c := range p.g.Cards {
		blocks, symbols := p.blocksOn(model.OnCard, c.ID)
		if len(blocks) == 0 {
			continue
		}
		f := front{card: c, symbols: symbols, rows: p.fitCard(c, blocks, symbols, g.W-2*cardInset, g.H-2*cardInset)}
		for range c.Copies {
			fronts = append(fronts, f)
		}
	}
	if len(fronts) == 0 {
		why := "no block is placed on a card (on = [\"card:<card>\"])"
		if slices.ContainsFunc(p.g.Blocks, func(b *model.Block) bool {
			return slices.ContainsFunc(b.On, func(pl model.Place) bool { return pl.Kind == model.OnCard })
		}) {
			why = "the cards its blocks are placed on are not played in it, or have no copies"
		}
		p.d.Errorf(p.g.Pos, diag.NothingToPrint, "game %s has nothing to print on reference cards: %s", p.g.ID, why)
		return
	}
	sheets := (len(fronts) + g.PerSheet() - 1) / g.PerSheet()
	for s := range sheets {
		for _, back := range []bool{false, true} {
			p.doc.AddPage()
			for i := range g.PerSheet() {
				k := s*g.PerSheet() + i
				if k >= len(fronts) {
					break
				}
				x, y := g.Cell(i%g.Cols, i/g.Cols, back)
				if back {
					p.cardBack(x, y, g)
				} else {
					p.cardFront(fronts[k], x, y, g)
				}
			}
			p.cropMarks(g)
			p.sheetNote(g, back, s+1, sheets)
			if !back {
				p.cardSheetNotes(g, fronts[s*g.PerSheet():min(len(fronts), (s+1)*g.PerSheet())])
			}
		}
	}
}

// fitCard lays out a card's blocks at the largest size that fits its box.
func (p *printer) fitCard(c *model.Card, blocks []*model.Block, symbols bool, w, h float64) []row {
	var rows []row
	all := sizes(cardLarge, cardSmall, 0.25)
	m := p.opMark()
	for i, s := range all {
		if i > 0 {
			p.opRewind(m) // the size before did not fit: its rows are dropped
		}
		rows = rows[:0]
		over, overMsg := 0.0, ""
		for j, b := range blocks {
			lb := p.blockRows(b, !symbols, font{pdf.Regular, s}, w)
			if lb.over > over {
				over, overMsg = lb.over, lb.overMsg
			}
			if j > 0 {
				rows = append(rows, gap(s*pdf.PtToMM*(1.2)))
			}
			rows = append(rows, lb.rows...)
		}
		need := height(rows)
		if need <= h && over == 0 {
			return rows
		}
		if i == len(all)-1 {
			if over > 0 {
				p.overflow(overMsg, fmt.Sprintf("the width of reference card %s", c.ID), w+over, w)
			} else {
				id := worst(rows)
				if id == "" {
					p.d.Errorf(blocks[0].Pos, diag.TextOverflow, "the tables of reference card %s need %.1f mm at %g pt where the card has %.1f mm", c.ID, need, s, h)
				} else {
					p.overflow(id, fmt.Sprintf("reference card %s at %g pt", c.ID, s), need, h)
				}
			}
		}
	}
	return rows
}

// Card colours: a light ground that lets black ink read, and a dark back.
var (
	parchment  = pdf.Color{R: 0xf7, G: 0xf1, B: 0xe3}
	backGround = pdf.Color{R: 0x3a, G: 0x2e, B: 0x4a}
)

func (p *printer) cardFront(f front, x, y float64, g Grid) {
	d := p.doc
	d.SetFillColor(parchment)
	d.Rect(x-g.Bleed, y-g.Bleed, g.W+2*g.Bleed, g.H+2*g.Bleed, pdf.Fill)
	d.SetStrokeColor(rule)
	d.SetLineWidth(0.3)
	d.Rect(x+1.8, y+1.8, g.W-3.6, g.H-3.6, pdf.Stroke)
	// Symbols-only tables are centred in the card's height.
	top := y + cardInset
	if f.symbols {
		top += (g.H - 2*cardInset - height(f.rows)) / 2
	}
	p.drawRows(f.rows, x+cardInset, top)
}

// cardBack is the same for every card and has no words: a frame and a
// ring of the first coloured enum's icons.
func (p *printer) cardBack(x, y float64, g Grid) {
	p.cardBackOn(p.doc, x, y, g)
}

// cardBackOn draws the default back on any surface.
func (p *printer) cardBackOn(d surface, x, y float64, g Grid) {
	d.SetFillColor(backGround)
	d.Rect(x-g.Bleed, y-g.Bleed, g.W+2*g.Bleed, g.H+2*g.Bleed, pdf.Fill)
	d.SetStrokeColor(parchment)
	d.SetLineWidth(0.6)
	d.Rect(x+3, y+3, g.W-6, g.H-6, pdf.Stroke)
	d.SetLineWidth(0.25)
	d.Rect(x+4.2, y+4.2, g.W-8.4, g.H-8.4, pdf.Stroke)
	cx, cy := x+g.W/2, y+g.H/2
	var vals []*model.EnumValue
	for _, e := range p.g.Enums {
		if len(e.Values) > 0 && e.Values[0].Color != "" {
			vals = e.Values
			break
		}
	}
	rad := min(g.W, g.H) * 0.3
	for i, v := range vals {
		a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(len(vals))
		iconOn(d, v.Icon, cx+rad*math.Cos(a), cy+rad*math.Sin(a), min(g.W, g.H)*0.2, parseColor(v.Color))
	}
	d.SetFillColor(parchment)
	d.Circle(cx, cy, min(g.W, g.H)*0.08, pdf.Fill)
}

// cropMarks draws a short line outside the grid at each cut line.
func (p *printer) cropMarks(g Grid) {
	d := p.doc
	d.SetStrokeColor(pdf.Color{})
	d.SetLineWidth(0.15)
	top, bottom := (g.PaperH-g.GridH)/2, (g.PaperH+g.GridH)/2
	left, right := (g.PaperW-g.GridW)/2, (g.PaperW+g.GridW)/2
	for _, x := range g.CutsX() {
		d.Line(x, top-markGap, x, top-markGap-markLen)
		d.Line(x, bottom+markGap, x, bottom+markGap+markLen)
	}
	for _, y := range g.CutsY() {
		d.Line(left-markGap, y, left-markGap-markLen, y)
		d.Line(right+markGap, y, right+markGap+markLen, y)
	}
}

// sheetNote prints, below the grid, a 50 mm scale bar and "print at
// 100 %" on fronts, and on backs how to print them.
func (p *printer) sheetNote(g Grid, back bool, sheet, sheets int) {
	d := p.doc
	bottom := (g.PaperH + g.GridH) / 2
	left := (g.PaperW - g.GridW) / 2
	y := bottom + markGap + 1
	// Between the first two vertical cut lines, clear of the crop marks.
	x := left + g.Bleed + 4
	room := g.W - 8
	f := font{pdf.Regular, 5.5}
	note := p.ui("scale")
	if back {
		note = p.ui("backs")
	} else {
		d.SetStrokeColor(ink)
		d.SetLineWidth(0.3)
		d.Line(x, y+0.6, x+50, y+0.6)
		for k := 0; k <= 5; k++ {
			tick := 0.6
			if k%5 == 0 {
				tick = 1.2
			}
			d.Line(x+float64(k*10), y+0.6-tick/2, x+float64(k*10), y+0.6+tick/2)
		}
		if g.Cols > 1 {
			x += g.PitchX
		} else {
			y += 2
		}
	}
	if g.Cols > 1 && back {
		x += g.PitchX
	}
	note = fmt.Sprintf("%s  %d/%d", note, sheet, sheets)
	d.SetFont(f.style, f.size)
	for f.size > 3.5 && d.Width(note) > room {
		f.size -= 0.25
		d.SetFont(f.style, f.size)
	}
	d.SetTextColor(muted)
	d.Text(x, y+f.baseline()*0.6+0.6, note)
}
