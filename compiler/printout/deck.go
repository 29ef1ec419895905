package printout

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/grimoire-games/grimoire/compiler/colour"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// deckCards lists the cards of a deck in the order declared, each copy
// (or, with unique, one of each): those of the game as played whose type
// has a [[face]].
func deckCards(g *model.Game, unique bool) []*model.Card {
	if g.Deck == nil {
		return nil
	}
	var out []*model.Card
	for _, c := range g.Cards {
		if g.Deck.Face(c.Type) == nil || c.Copies < 1 {
			continue
		}
		n := c.Copies
		if unique {
			n = 1
		}
		for range n {
			out = append(out, c)
		}
	}
	return out
}

// laidCard is one card design laid out: its front and back as drawing
// operations from the trimmed card's top left.
type laidCard struct {
	card        *model.Card
	front, back []faceOp
	marked      bool // the front shows a reconstructed value
}

// faceOp is a drawing operation of a card face: those of the other
// printouts, an image, or the default back.
type faceOp struct {
	op
	image []byte // drawn over the op's rectangle
	back  bool   // the default back over the op's w × h, lw being the bleed
}

// drawFace draws a face's operations on the page with their origin at
// (x, y), as the deck's raster sheets draw them (drawFaceOn).
func (p *printer) drawFace(ops []faceOp, x, y float64) { p.drawFaceOn(p.doc, ops, x, y) }

// appendPlain appends ops to dst as face operations.
func appendPlain(dst []faceOp, ops ...op) []faceOp {
	for _, o := range ops {
		dst = append(dst, faceOp{op: o})
	}
	return dst
}

// cardScale maps the declared layout onto the card printed: a --card size
// other than the declared one stretches the regions, and their text
// scales with the narrower side.
type cardScale struct{ x, y, pt float64 }

// deckSize is the trimmed size the deck prints at and the bleed: the
// options' when given, else the game's.
func (p *printer) deckSize() (w, h, bleed float64) {
	dk := p.g.Deck
	w, h = dk.W, dk.H
	if p.o.CardW > 0 && p.o.CardH > 0 {
		w, h = p.o.CardW, p.o.CardH
	}
	bleed = dk.Bleed
	if p.o.BleedSet {
		bleed = 0
		if p.o.Bleed {
			bleed = max(dk.Bleed, BleedMM)
		}
	}
	return w, h, bleed
}

// deck lays out the game's own cards: every copy, fronts and mirrored
// backs on alternate sheets, with crop marks and a footer.
func (p *printer) deck() {
	cards := deckCards(p.g, p.o.Unique)
	if len(cards) == 0 {
		p.noDeck()
		return
	}
	w, h, bleed := p.deckSize()
	g, err := Impose(p.o.Paper, w, h, bleed)
	if err != nil {
		p.d.Errorf(p.g.Deck.Pos, diag.TextOverflow, "%v", err)
		return
	}
	p.trimBoxes(g)
	laid := map[*model.Card]*laidCard{}
	for _, c := range cards {
		if laid[c] == nil {
			laid[c] = p.layCard(c, w, h, bleed)
		}
	}
	per := g.PerSheet()
	sheets := (len(cards) + per - 1) / per
	for s := range sheets {
		page := cards[s*per : min(len(cards), (s+1)*per)]
		for _, back := range []bool{false, true} {
			p.doc.AddPage()
			marked := false
			for i, c := range page {
				x, y := g.Cell(i%g.Cols, i/g.Cols, back)
				lc := laid[c]
				if back {
					p.drawFace(lc.back, x, y)
				} else {
					p.drawFace(lc.front, x, y)
					marked = marked || lc.marked
				}
			}
			p.cropMarks(g)
			p.deckNotes(g, back, marked, s+1, sheets)
		}
	}
}

// noDeck reports a game that has no cards to print in a deck.
func (p *printer) noDeck() {
	why := "the game has no [[face]]"
	if p.g.Deck != nil {
		why = "no card it is played with has a type with a [[face]] and copies"
	}
	p.d.Errorf(p.g.Pos, diag.NothingToPrint, "game %s has no cards to print in a deck: %s", p.g.ID, why)
}

// deckNotes prints a sheet's footer below the grid, clear of the crop
// marks: on fronts the scale bar, on backs how to print them, and on both
// the game, the language and the sheet's number; in the top margin, the
// legend of the reconstructed mark when a card of the sheet shows it.
func (p *printer) deckNotes(g Grid, back, marked bool, sheet, sheets int) {
	d := p.doc
	top := (g.PaperH - g.GridH) / 2
	bottom := (g.PaperH + g.GridH) / 2
	left := (g.PaperW - g.GridW) / 2
	right := (g.PaperW + g.GridW) / 2
	if marked {
		lh := font{pdf.Italic, 6}.lineH()
		p.pageNote(model.ReconstructedLegend, p.legend(), g.X+2, top/2+lh*0.35, g.GridW-2*g.Bleed-4, 6)
	}
	y := bottom + markGap + 1
	f := font{pdf.Regular, 5.5}
	// The left column holds the scale bar or the duplex note, the others
	// the footer; a single column stacks them.
	x0 := left + g.Bleed + 4
	room := g.W - 8
	if back {
		p.noteLine(p.ui("backs"), x0, y, room, f)
	} else {
		d.SetStrokeColor(ink)
		d.SetLineWidth(0.3)
		d.Line(x0, y+0.6, x0+min(50, room), y+0.6)
		for k := 0; k <= 5 && float64(k*10) <= room; k++ {
			tick := 0.6
			if k%5 == 0 {
				tick = 1.2
			}
			d.Line(x0+float64(k*10), y+0.6-tick/2, x0+float64(k*10), y+0.6+tick/2)
		}
	}
	// The footer stands in the last column, between its crop marks.
	foot := fmt.Sprintf("%s · %s · %s %d/%d", p.title(), p.langName(), p.deckWord("sheet"), sheet, sheets)
	x1, fy := right-g.Bleed-4, y
	if g.Cols == 1 {
		fy = y + 2.2
	}
	d.SetFont(f.style, f.size)
	for f.size > 3.5 && d.Width(foot) > room {
		f.size -= 0.25
		d.SetFont(f.style, f.size)
	}
	d.SetTextColor(muted)
	d.Text(x1-d.Width(foot), fy+f.baseline()*0.6+0.6, foot)
}

// noteLine prints a short line of Grimoire's own, shrunk to fit room.
func (p *printer) noteLine(s string, x, y, room float64, f font) {
	d := p.doc
	d.SetFont(f.style, f.size)
	for f.size > 3.5 && d.Width(s) > room {
		f.size -= 0.25
		d.SetFont(f.style, f.size)
	}
	d.SetTextColor(muted)
	d.Text(x, y+f.baseline()*0.6+0.6, s)
}

// deckWord is a word of the deck's footer in the printout's language.
func (p *printer) deckWord(key string) string {
	words := map[string]map[string]string{
		"sheet": {"en": "sheet", "fr": "planche", "de": "Bogen"},
	}
	if w, ok := words[key][p.lang]; ok {
		return w
	}
	return words[key]["en"]
}

// langName is the printout's language named in itself: English,
// français, Deutsch.
func (p *printer) langName() string {
	t, err := language.Parse(p.lang)
	if err != nil {
		return p.lang
	}
	if n := display.Self.Name(t); n != "" {
		return n
	}
	return p.lang
}

// layCard lays out a card's front and back at w × h mm with bleed.
func (p *printer) layCard(c *model.Card, w, h, bleed float64) *laidCard {
	dk := p.g.Deck
	sc := cardScale{x: w / dk.W, y: h / dk.H}
	sc.pt = min(sc.x, sc.y)
	t := p.typ(c.Type)
	lc := &laidCard{card: c}
	front := dk.Face(c.Type)
	lc.front, lc.marked = p.layFace(front, t, c, w, h, bleed, sc, parchment)
	if b := dk.Back(c.Type); b != nil {
		lc.back, _ = p.layFace(b, t, c, w, h, bleed, sc, backGround)
	} else {
		lc.back = []faceOp{{op: op{w: w, h: h, lw: bleed}, back: true}}
	}
	return lc
}

// band is a ground drawn on a face: the face itself, a filled box, or a
// band of an enum value's colour. Text over a band takes the ink that
// reads best on its colour; over another ground, the printouts' ink where
// it reads.
type band struct {
	x, y, w, h float64
	c          pdf.Color
	enum       bool // a band region's: its colour changes from card to card
}

// layFace lays out one side of a card: its ground, then each region whose
// conditions hold, in the order declared.
func (p *printer) layFace(f *model.Face, t *model.Type, c *model.Card, w, h, bleed float64, sc cardScale, ground pdf.Color) (ops []faceOp, marked bool) {
	if f.Ground != "" {
		ground = parseColor(f.Ground)
	}
	// The face is laid out in the printer's room and kept at its size.
	defer func() {
		p.faceRoom = ops[:0]
		ops = slices.Clone(ops)
	}()
	ops = appendPlain(p.faceRoom[:0], op{kind: opRect, x: -bleed, y: -bleed, w: w + 2*bleed, h: h + 2*bleed, color: ground, paint: pdf.Fill})
	bands := []band{{x: -bleed, y: -bleed, w: w + 2*bleed, h: h + 2*bleed, c: ground}}
	var markedFields []string
	for _, r := range f.Regions {
		if !r.Holds(t, c) {
			continue
		}
		x, y, rw, rh := r.X*sc.x, r.Y*sc.y, r.W*sc.x, r.H*sc.y
		// A ground that touches the cut reaches into the bleed.
		bx, by, bw, bh := x, y, rw, rh
		start := len(ops)
		if bx <= 1e-6 {
			bx, bw = bx-bleed, bw+bleed
		}
		if by <= 1e-6 {
			by, bh = by-bleed, bh+bleed
		}
		if x+rw >= w-1e-6 {
			bw += bleed
		}
		if y+rh >= h-1e-6 {
			bh += bleed
		}
		switch r.Kind {
		case model.BoxRegion:
			if r.Color != "" {
				ops = appendPlain(ops, op{kind: opRect, x: bx, y: by, w: bw, h: bh, color: parseColor(r.Color), paint: pdf.Fill})
				bands = append(bands, band{x: bx, y: by, w: bw, h: bh, c: parseColor(r.Color)})
			}
			if r.Line != "" {
				ops = appendPlain(ops, op{kind: opRect, x: x, y: y, w: rw, h: rh, color: parseColor(r.Line), paint: pdf.Stroke, lw: 0.3})
			}
			if r.Icon != "" {
				ops = appendPlain(ops, op{kind: opIcon, x: x + rw/2, y: y + rh/2, w: min(rw, rh) * 0.8, s: r.Icon})
			}
			// A box shown because of a reconstructed value shows that value:
			// the first such box of each field carries the mark.
			for _, cond := range r.When {
				if !c.FieldReconstructed(cond.Field) || slices.Contains(markedFields, cond.Field) {
					continue
				}
				markedFields = append(markedFields, cond.Field)
				mc := ink
				if r.Color != "" {
					mc = swatchInkOn(parseColor(r.Color))
				}
				ops = appendPlain(ops, p.markOp(x+rw, y+rh*0.35, 6*sc.pt, mc))
				marked = true
				break
			}
		case model.ImageRegion:
			ops = append(ops, faceOp{op: op{x: bx, y: by, w: bw, h: bh}, image: r.Image})
		case model.BandRegion:
			vt, v, set := r.Value(t, c)
			if !set {
				continue
			}
			ev := p.enum(vt.Enum).Value(v.Str)
			if ev == nil {
				continue
			}
			col := parseColor(ev.Color)
			if ev.Color == "" {
				col = tint
			}
			ops = appendPlain(ops, op{kind: opRect, x: bx, y: by, w: bw, h: bh, color: col, paint: pdf.Fill})
			bands = append(bands, band{x, y, rw, rh, col, true})
			// The value's icon stands at the band's end (its start with
			// align = "left"), so a name over the band keeps the rest.
			gl := p.valueIcon(vt.Enum, ev)
			size := min(rh*0.8, rw)
			ix := x + rw - rh/2
			switch r.Align {
			case "left":
				ix = x + rh/2
			case "center":
				ix = x + rw/2
			}
			ops = appendPlain(ops, op{kind: opIcon, x: ix, y: y + rh/2, w: size, s: gl.name, letters: gl.letters, color: gl.color})
			if r.Reconstructed(t, c) {
				marked = true
				ops = appendPlain(ops, p.markOp(ix+size/2, y+rh/2-size/4, 6*sc.pt, swatchInkOn(col)))
			}
		case model.IconsRegion:
			// The rows of a list's values (field[N]) mark a reconstructed
			// list once, on the first row that shows a value; a row that
			// shows a parameter's entry is marked as that entry is.
			mark := r.Reconstructed(t, c) && !(r.Item > 0 && r.Param == nil && slices.Contains(markedFields, r.Field))
			o, m := p.layIcons(r, t, c, x, y, rw, rh, bands, mark)
			if m && r.Item > 0 {
				markedFields = append(markedFields, r.Field)
			}
			ops, marked = appendPlain(ops, o...), marked || m
		case model.NumberRegion, model.TextRegion:
			o, m, ok := p.layText(r, t, c, x, y, rw, rh, sc, bands)
			if !ok {
				continue
			}
			ops, marked = appendPlain(ops, o...), marked || m
		}
		p.checkContrast(r, f, ops, start)
	}
	return ops, marked
}

// markOp is the raised mark of a reconstructed value at (x, y), its
// baseline.
func (p *printer) markOp(x, y, size float64, c pdf.Color) op {
	return op{kind: opText, x: x, y: y, s: reconstructedMark, style: pdf.Regular, size: size, color: c}
}

// swatchInkOn is the ink that reads on a ground of colour c.
func swatchInkOn(c pdf.Color) pdf.Color { return pdf.Color(swatchInk(colour.RGB(c))) }

// iconMinScale is how far a row of icons shrinks to fit its region's
// width, as a share of the region's height: a row that needs smaller
// icons does not fit, as a text below its min_size.
const iconMinScale = 0.5

// layIcons draws a row of enum values (a list field, or one value), after
// the region's icon if it has one, or a number of the region's icon: as
// many as fit the region's height, smaller when the row is too long for
// its width, with the reconstructed mark when mark is set. An empty list
// prints a dash, a number 0 nothing; a row that
// needs icons smaller than iconMinScale of the height is an error at the
// card.
func (p *printer) layIcons(r *model.Region, t *model.Type, c *model.Card, x, y, w, h float64, bands []band, mark bool) (ops []op, marked bool) {
	vt, v, set := r.Value(t, c)
	if !set {
		return nil, false
	}
	wildcard := ""
	if r.Param == nil {
		wildcard = t.Field(r.Field).Wildcard
	}
	// The region's own icon stands on a disc of its colour, if it has
	// one: a pictogram that reads on a dark ground.
	own := glyph{name: r.Icon}
	if r.Color != "" {
		own.color = parseColor(r.Color)
	}
	var glyphs []glyph
	switch vt.Kind {
	case model.Int:
		for range max(v.Int, 0) {
			glyphs = append(glyphs, own)
		}
		if len(glyphs) == 0 {
			return nil, false
		}
	case model.List:
		for _, e := range v.List {
			glyphs = append(glyphs, p.valueGlyph(vt.Elem.Enum, e.Str, wildcard))
		}
	default:
		glyphs = append(glyphs, p.valueGlyph(vt.Enum, v.Str, wildcard))
	}
	if r.Icon != "" && vt.Kind != model.Int {
		glyphs = append([]glyph{own}, glyphs...)
	}
	marked = mark
	empty := vt.Kind == model.List && len(v.List) == 0 // a city that costs nothing
	n := float64(len(glyphs))
	size := h
	gap := size * 0.15
	extra := 0.0
	if empty {
		extra = size * 0.6 // the dash
	}
	if marked {
		extra += size * 0.35
	}
	if need := n*size + (n-1)*gap + extra; need > w {
		size *= w / need
		gap, extra = gap*w/need, extra*w/need
		if size < h*iconMinScale-1e-9 {
			p.iconsOverflow(r, c, w, h, len(glyphs), need*iconMinScale)
		}
	}
	total := n*size + (n-1)*gap + extra
	x0 := x
	switch r.Align {
	case "center":
		x0 = x + (w-total)/2
	case "right":
		x0 = x + w - total
	}
	cy := y + h/2
	at := x0
	for _, g := range glyphs {
		ops = append(ops, op{kind: opIcon, x: at + size/2, y: cy, w: size, s: g.name, letters: g.letters, color: g.color})
		at += size + gap
	}
	// An icons region's colour is its discs': the dash and the mark take
	// the ink of what the row stands on.
	ink := inkOn(bands, x, y, w, h)
	if empty {
		fs := size / pdf.PtToMM * 0.9
		ops = append(ops, op{kind: opText, x: at, y: cy + fs*pdf.PtToMM*0.35, s: "–", style: pdf.Bold, size: fs, color: ink})
		at += size * 0.6
	}
	if marked {
		ops = append(ops, p.markOp(at-gap+size*0.05, cy-size*0.1, size/pdf.PtToMM*0.45, ink))
	}
	return ops, marked
}

// regionInk is the colour a region's text or marks print in: its own, or
// the ink that reads on the band it stands on, or the printouts' ink.
func (p *printer) regionInk(r *model.Region, bands []band, x, y, w, h float64) pdf.Color {
	if r.Color != "" {
		return parseColor(r.Color)
	}
	return inkOn(bands, x, y, w, h)
}

// inkOn is the ink that reads on the ground under the middle of the box
// (x, y, w, h): the printouts' ink where it meets WCAG AA's contrast for
// text, and black or white where it does not, or on a band.
func inkOn(bands []band, x, y, w, h float64) pdf.Color {
	cx, cy := x+w/2, y+h/2
	for i := len(bands) - 1; i >= 0; i-- {
		b := bands[i]
		if cx >= b.x && cx <= b.x+b.w && cy >= b.y && cy <= b.y+b.h {
			if b.enum || colour.Contrast(colour.RGB(ink), colour.RGB(b.c)) < textContrast {
				return swatchInkOn(b.c)
			}
			break
		}
	}
	return ink
}

// regionText is what a text or number region prints for card c, and
// whether it shows a reconstructed value; ok is false when the card
// leaves a field it needs unset.
func (p *printer) regionText(r *model.Region, t *model.Type, c *model.Card) (s, msg string, marked, ok bool) {
	switch {
	case r.Name:
		return capitalize(p.cardName(c)), c.Message, false, true
	case r.Message == "game.name":
		return p.text("game.name"), "game.name", false, true
	case r.Message != "":
		args := map[string]any{}
		for _, a := range r.Args {
			switch a {
			case "name":
				args[a] = p.cardName(c)
			case "copies":
				args[a] = strconv.Itoa(c.Copies) + p.copiesMark(c.FieldReconstructed("copies"))
				marked = marked || c.FieldReconstructed("copies")
			default:
				v, set := c.Get(a)
				if !set {
					return "", "", false, false
				}
				args[a] = p.fieldText(t.Field(a), v)
				if c.FieldReconstructed(a) {
					args[a] = args[a].(string) + reconstructedMark
					marked = true
				}
			}
		}
		p.rendered[r.Message] = true
		out, err := p.loc.Format(r.Message, args)
		if err != nil {
			p.fail(fmt.Errorf("rendering %s in %s: %w", r.Message, p.lang, err))
			return "", "", false, false
		}
		return p.printable(r.Message, out), r.Message, marked, true
	}
	vt, v, set := r.Value(t, c)
	if !set {
		return "", "", false, false
	}
	s = p.fieldText(&model.Field{ID: r.Field, Type: vt}, v)
	if r.Reconstructed(t, c) {
		s += reconstructedMark
		marked = true
	}
	return s, "", marked, true
}

// fieldText writes a field's value as a card prints it: numbers the
// language's way, enum values and cards by their names.
func (p *printer) fieldText(f *model.Field, v model.Value) string {
	switch f.Type.Kind {
	case model.Int:
		return strconv.FormatInt(v.Int, 10)
	case model.Decimal:
		return p.loc.Number(v.Dec)
	case model.Bool:
		if v.Bool {
			return "✓"
		}
		return "–"
	case model.EnumKind:
		if ev := p.enum(f.Type.Enum).Value(v.Str); ev != nil {
			return capitalize(p.name(ev.Message, 1))
		}
		return v.Str
	case model.Ref:
		for _, c := range p.g.Loaded().Cards {
			if c.ID == v.Str {
				return p.cardName(c)
			}
		}
		return v.Str
	case model.List:
		parts := make([]string, len(v.List))
		ef := &model.Field{ID: f.ID, Type: f.Type.Elem}
		for i, e := range v.List {
			parts[i] = p.fieldText(ef, e)
		}
		return strings.Join(parts, ", ")
	}
	return v.Str
}

// layText sets a text or number region: wrapped (a number is never
// wrapped) at the largest size from the region's size down to its
// smallest that fits; what does not fit at the smallest is an error at
// the card.
func (p *printer) layText(r *model.Region, t *model.Type, c *model.Card, x, y, w, h float64, sc cardScale, bands []band) (ops []op, marked, ok bool) {
	s, _, marked, ok := p.regionText(r, t, c)
	if !ok {
		return nil, false, false
	}
	style := map[string]pdf.Style{"regular": pdf.Regular, "bold": pdf.Bold, "italic": pdf.Italic}[r.Style]
	if r.Kind == model.NumberRegion && r.Style == "regular" {
		style = pdf.Bold
	}
	textInk := p.regionInk(r, bands, x, y, w, h)
	iconW := 0.0
	if r.Kind == model.NumberRegion && r.Icon != "" {
		iconW = h
	}
	all := sizes(r.Size*sc.pt, r.MinSize*sc.pt, 0.25)
	var lines []string
	var f font
	fits := false
	needW, needH := 0.0, 0.0
	for _, size := range all {
		f = font{style, size}
		room := w - iconW - iconW*0.1
		if r.Kind == model.NumberRegion {
			lines = []string{s}
			needW = p.width(f, s)
		} else {
			var over float64
			lines, over = p.wrap(f, s, room)
			needW = room + over
		}
		needH = float64(len(lines)) * f.lineH()
		if r.Kind == model.NumberRegion {
			needH = f.size * pdf.PtToMM * 0.75 // a number's digits, without the line's leading
		}
		if needW <= room+1e-9 && needH <= h+1e-9 {
			fits = true
			break
		}
	}
	if !fits {
		p.regionOverflow(r, c, w, h, needW+iconW, needH, f.size)
	}
	total := float64(len(lines)) * f.lineH()
	top := y + (h-total)/2
	if r.Kind == model.NumberRegion {
		// Digits, about 0.73 em high, are centred on the region.
		top = y + h/2 + f.size*pdf.PtToMM*0.73/2 - f.baseline()
	}
	for i, l := range lines {
		lw := p.width(f, l)
		block := lw + iconW
		if iconW > 0 {
			block += iconW * 0.1
		}
		lx := x
		switch r.Align {
		case "center":
			lx = x + (w-block)/2
		case "right":
			lx = x + w - block
		}
		if iconW > 0 && i == 0 {
			// The icon reads as its number does: on a disc of the
			// number's colour where that is not the printouts' ink.
			var disc pdf.Color
			if textInk != (pdf.Color{}) && textInk != ink {
				disc = textInk
			}
			ops = append(ops, op{kind: opIcon, x: lx + iconW/2, y: y + h/2, w: iconW * 0.9, s: r.Icon, color: disc})
		}
		lx += iconW * 1.1
		ops = append(ops, op{kind: opText, x: lx, y: top + float64(i)*f.lineH() + f.baseline(), s: l, style: f.style, size: f.size, color: textInk})
	}
	return ops, marked, true
}

// regionOverflow reports a region whose text does not fit at its smallest
// size, at the card's [[card]] table: the card, the language, the region.
func (p *printer) regionOverflow(r *model.Region, c *model.Card, w, h, needW, needH, size float64) {
	key := fmt.Sprintf("region %s %s %s", c.ID, r.ID, r.Pos)
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	p.d.Errorf(c.Pos, diag.TextOverflow, "card %s (%s): region %s of its %s does not fit its %.1f × %.1f mm even at %g pt: it needs %.1f × %.1f mm; shorten the text or enlarge the region",
		c.ID, p.lang, r.ID, p.side(r, c), w, h, size, needW, needH)
}

// iconsOverflow reports a row of n icons that does not fit its region even
// at iconMinScale of its height, at the card's [[card]] table: the card,
// the language, the region. A value the region cannot show is never cut.
func (p *printer) iconsOverflow(r *model.Region, c *model.Card, w, h float64, n int, needW float64) {
	key := fmt.Sprintf("region %s %s %s", c.ID, r.ID, r.Pos)
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	p.d.Errorf(c.Pos, diag.TextOverflow, "card %s (%s): region %s of its %s does not hold its %d icons in its %.1f × %.1f mm even at %.1f mm each: it needs %.1f mm across; lower the value or widen the region",
		c.ID, p.lang, r.ID, p.side(r, c), n, w, h, h*iconMinScale, needW)
}

// side names the side of card c that region r lays out.
func (p *printer) side(r *model.Region, c *model.Card) string {
	if f := p.g.Deck.Back(c.Type); f != nil && slices.Contains(f.Regions, r) {
		return "back"
	}
	return "front"
}

// CheckDeck lays out every card of g's deck, in every variant and every
// language, front and back, and reports what does not fit: what sheet
// --kind deck and build would refuse to print. err is a text that does
// not render, which the checks of the locales explain. fonts is asked
// for the printouts' fonts only if g has a deck.
func CheckDeck(g *model.Game, fonts func() (*pdf.Fonts, error)) (diag.List, error) {
	g = g.Loaded()
	if g.Deck == nil {
		return nil, nil
	}
	f, err := fonts()
	if err != nil {
		return nil, err
	}
	var d diag.List
	for _, lang := range g.Languages {
		if g.Locale(lang) == nil {
			continue
		}
		p, err := newPrinter(g, Options{Kind: Deck, Lang: lang, Paper: Papers()[0], Fonts: f})
		if err != nil {
			return d.Sort(), err
		}
		p.doc.AddPage() // measuring needs a page
		w, h, bleed := p.deckSize()
		for _, c := range g.Cards {
			if g.Deck.Face(c.Type) != nil {
				p.layCard(c, w, h, bleed)
			}
		}
		for _, x := range p.d {
			// CheckGlyphs reports the characters the font lacks.
			if x.Code != diag.Unprintable {
				d = append(d, x)
			}
		}
		if p.err != nil {
			return d.Sort(), p.err
		}
	}
	return d.Sort(), nil
}

// CheckAids lays out the reference sheet and the reference cards of g, as
// its base game and in each of its variants, in every language, and
// reports what does not fit or cannot be drawn: what sheet and build
// would refuse to print (on A4; the cards are the same on any paper). A
// finding of several layouts is reported once. fonts is asked for the
// printouts' fonts only if g has such aids.
func CheckAids(g *model.Game, fonts func() (*pdf.Fonts, error)) (diag.List, error) {
	base := g.Loaded()
	var d diag.List
	seen := map[string]bool{}
	var f *pdf.Fonts
	for _, v := range append([]string{""}, base.VariantIDs()...) {
		played, err := base.Play(v)
		if err != nil {
			return d.Sort(), err
		}
		for _, k := range []Kind{Reference, Cards} {
			if !Has(played, k) {
				continue
			}
			if f == nil {
				if f, err = fonts(); err != nil {
					return d.Sort(), err
				}
			}
			for _, lang := range played.Languages {
				if played.Locale(lang) == nil {
					continue
				}
				p, err := layout(played, Options{Kind: k, Lang: lang, Paper: Papers()[0], Fonts: f})
				if err != nil {
					return d.Sort(), err
				}
				for _, x := range p.d {
					// CheckGlyphs reports the characters the font lacks.
					if x.Code != diag.Unprintable && !seen[x.String()] {
						seen[x.String()] = true
						d = append(d, x)
					}
				}
			}
		}
	}
	return d.Sort(), nil
}

// cardName is a card's name in the singular: a card named by a proper
// term has one form only.
func (p *printer) cardName(c *model.Card) string {
	if m := p.locale.Message(c.Message); m != nil && !m.Plural() {
		return p.text(c.Message)
	}
	return p.name(c.Message, 1)
}
