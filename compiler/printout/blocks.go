package printout

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// laidBlock is a block laid out at one width and size.
type laidBlock struct {
	rows    []row
	over    float64 // how far it sticks out sideways
	overMsg string  // the message that sticks out farthest
}

// blockRows lays out a block. Without words (a symbols-only card) it
// prints no title, no headings and no names.
func (p *printer) blockRows(b *model.Block, words bool, f font, width float64) laidBlock {
	var out laidBlock
	id := "block." + b.ID + "."
	if words {
		tf := font{pdf.Bold, f.size * 1.18}
		lines, o := p.wrap(tf, p.text(id+"title"), width)
		if o > 0 {
			out.over, out.overMsg = o, id+"title"
		}
		for i, l := range lines {
			r := row{h: tf.lineH(), msg: id + "title", keep: true}
			r.add(op{kind: opText, y: tf.baseline(), s: l, style: tf.style, size: tf.size, color: ink})
			if i == len(lines)-1 {
				r.h += tf.lineH() * 0.2
				r.add(op{kind: opLine, y: r.h - tf.lineH()*0.12, w: width, color: rule, lw: 0.3})
				r.h += tf.lineH() * 0.1
			}
			out.rows = append(out.rows, r)
		}
	}
	add := func(msg string) func(rows []row, over float64) {
		return func(rows []row, over float64) {
			out.rows = append(out.rows, rows...)
			if over > out.over {
				out.over, out.overMsg = over, msg
			}
		}
	}
	switch b.Kind {
	case model.TextBlock:
		var over float64
		out.rows, over = p.appendTextRows(out.rows, id+"text", p.text(id+"text"), f, width)
		if over > out.over {
			out.over, out.overMsg = over, id+"text"
		}
	case model.EnumBlock:
		rows, over, msg := p.enumRows(b, f, width)
		add(msg)(rows, over)
	default:
		if t, ok := p.blockTable(b, words); ok {
			add(id + "title")(p.tableRows(t, f, width))
		}
	}
	return out
}

// tableKey names a block's table, with words or symbols only.
type tableKey struct {
	b     *model.Block
	words bool
}

// blockTable returns the table of a block of cards, a parameter or the
// copies of each type; ok is false for a block of another kind.
func (p *printer) blockTable(b *model.Block, words bool) (t table, ok bool) {
	// Made once: a layout tried at several sizes asks again for each, and
	// the cells do not depend on the size.
	k := tableKey{b, words}
	if t, ok := p.tables[k]; ok {
		return t, true
	}
	defer func() {
		if ok {
			if p.tables == nil {
				p.tables = map[tableKey]table{}
			}
			p.tables[k] = t
		}
	}()
	switch b.Kind {
	case model.CardsBlock:
		return p.cardsTable(b, words), true
	case model.ParamBlock:
		return p.paramTable(b, words), true
	case model.DistributionBlock:
		return p.distributionTable(b), true
	}
	return table{}, false
}

// enumRows prints each value of an enum: its icon and name, then its text.
func (p *printer) enumRows(b *model.Block, f font, width float64) (rows []row, over float64, overMsg string) {
	e := p.enum(b.Enum)
	isz := f.lineH() * 1.8
	indent := isz + f.size*pdf.PtToMM*0.8
	for _, v := range e.Values {
		if !b.Shows(v.ID) {
			continue // another block's, on another card
		}
		first := len(rows)
		nf := font{pdf.Bold, f.size * 1.05}
		name := capitalize(p.name(v.Message, 1))
		r := row{h: nf.lineH(), keep: true, msg: v.Message}
		r.add(op{kind: opText, x: indent, y: nf.baseline(), s: name, style: nf.style, size: nf.size, color: ink})
		rows = append(rows, r)
		id := "block." + b.ID + "." + v.ID
		text := len(rows)
		var o float64
		rows, o = p.appendTextRows(rows, id, p.text(id), f, width-indent)
		if o > over {
			over, overMsg = o, id
		}
		for i := text; i < len(rows); i++ {
			for j := range rows[i].ops {
				rows[i].ops[j].x += indent
			}
		}
		h := height(rows[first:])
		if h < isz {
			rows[len(rows)-1].h += isz - h
			h = isz
		}
		g := p.valueIcon(b.Enum, v)
		rows[first].add(op{kind: opIcon, x: isz / 2, y: isz/2 + f.lineH()*0.1, w: isz * 0.95, s: g.name, letters: g.letters, color: g.color})
		for i := first; i < len(rows)-1; i++ {
			rows[i].keep = true
		}
		rows[len(rows)-1].h += f.lineH() * 0.35
	}
	return rows, over, overMsg
}

func (p *printer) enum(id string) *model.Enum {
	for _, e := range p.g.Enums {
		if e.ID == id {
			return e
		}
	}
	return &model.Enum{ID: id}
}

// heading is a column heading: its icon, and its text when words print.
func (p *printer) heading(b *model.Block, col string, words bool) cell {
	c := cell{bold: true, center: true}
	if ic := b.Icons[col]; ic != "" {
		c.icons = []glyph{{name: ic}}
	}
	if words || len(c.icons) == 0 {
		c.text = p.text("block." + b.ID + "." + col)
	}
	return c
}

// cardsTable is a row per card design of the block's type.
func (p *printer) cardsTable(b *model.Block, words bool) table {
	t := table{head: true, msg: "block." + b.ID + ".title"}
	var head []cell
	for _, f := range b.Fields {
		head = append(head, p.heading(b, f, words))
	}
	t.cells = append(t.cells, head)
	ty := p.typ(b.Type)
	var cards []*model.Card
	for _, c := range p.g.Cards {
		if c.Type == b.Type {
			cards = append(cards, c)
		}
	}
	if b.Sort != "" {
		slices.SortStableFunc(cards, func(x, y *model.Card) int { return cmp.Compare(sortKey(x, b.Sort), sortKey(y, b.Sort)) })
	}
	for _, c := range cards {
		r := make([]cell, 0, len(b.Fields))
		for i, fid := range b.Fields {
			if fid == "copies" {
				r = append(r, cell{text: strconv.Itoa(c.Copies), center: true, mark: c.FieldReconstructed(fid)})
				continue
			}
			if fid == "name" && ty.Field(fid) == nil {
				r = append(r, cell{text: capitalize(p.name(c.Message, 1))})
				continue
			}
			v, set := c.Get(fid)
			f := ty.Field(fid)
			if !set || f == nil {
				r = append(r, cell{text: "–", center: true})
				continue
			}
			vc := p.valueCell(f.Type, v, f.Wildcard, words && i == 0)
			vc.mark = c.FieldReconstructed(fid)
			r = append(r, vc)
		}
		t.cells = append(t.cells, r)
	}
	return t
}

// sortKey is a card's value of a numeric field; a card without one
// sorts first.
func sortKey(c *model.Card, field string) float64 {
	v, set := c.Get(field)
	if !set {
		return math.Inf(-1)
	}
	return v.Dec + float64(v.Int) // a value has one of the two

}

func (p *printer) typ(id string) *model.Type {
	for _, t := range p.g.Types {
		if t.ID == id {
			return t
		}
	}
	return &model.Type{ID: id}
}

// valueCell prints a value: enum values as their icons (and names when
// named is set), numbers the language's way.
func (p *printer) valueCell(t *model.ValueType, v model.Value, wildcard string, named bool) cell {
	switch t.Kind {
	case model.EnumKind:
		ev := p.enum(t.Enum).Value(v.Str)
		if ev != nil && ev.Icon == "" && ev.Color == "" {
			// Nothing to draw: a value without icon or colour prints its name.
			return cell{text: capitalize(p.name(ev.Message, 1)), center: !named}
		}
		c := cell{icons: []glyph{p.valueGlyph(t.Enum, v.Str, wildcard)}, center: !named}
		if named {
			if ev := p.enum(t.Enum).Value(v.Str); ev != nil {
				c.text = capitalize(p.name(ev.Message, 1))
			}
		}
		return c
	case model.List:
		if t.Elem.Kind == model.EnumKind {
			c := cell{center: true}
			for _, e := range v.List {
				c.icons = append(c.icons, p.valueGlyph(t.Elem.Enum, e.Str, wildcard))
			}
			if len(c.icons) == 0 {
				c.text = "–"
			}
			return c
		}
		parts := make([]string, len(v.List))
		for i, e := range v.List {
			parts[i] = p.valueCell(t.Elem, e, wildcard, false).text
		}
		return cell{text: strings.Join(parts, ", "), center: true}
	case model.Int:
		return cell{text: strconv.FormatInt(v.Int, 10), center: true}
	case model.Decimal:
		return cell{text: p.loc.Number(v.Dec), center: true}
	case model.Bool:
		if v.Bool {
			return cell{text: "✓", center: true}
		}
		return cell{text: "–", center: true}
	}
	return cell{text: v.Str}
}

func (p *printer) valueGlyph(enum, value, wildcard string) glyph {
	g := glyph{name: iconAny}
	if ev := p.enum(enum).Value(value); ev != nil && (value != wildcard || wildcard == "") {
		g = p.valueIcon(enum, ev)
	}
	g.enum, g.value = enum, value
	return g
}

// paramTable prints a map or list parameter across: a row of keys and a
// row of values, headed by the block's key and value headings.
func (p *printer) paramTable(b *model.Block, words bool) table {
	t := table{side: true, msg: "block." + b.ID + ".title"}
	keys := []cell{p.heading(b, "key", words)}
	vals := []cell{p.heading(b, "value", words)}
	for _, pr := range p.g.Params {
		if pr.ID != b.Param {
			continue
		}
		for i, v := range pr.Value.List {
			switch pr.Type.Kind {
			case model.Map:
				keys = append(keys, p.valueCell(pr.Type.Key, pr.Value.Keys[i], "", false))
			default:
				keys = append(keys, cell{text: strconv.Itoa(i + 1), center: true})
			}
			c := p.valueCell(pr.Type.Elem, v, "", false)
			c.bold = true
			c.mark = pr.EntryReconstructed(i)
			vals = append(vals, c)
		}
	}
	t.cells = [][]cell{keys, vals}
	return t
}

// distributionTable counts the copies of each card type, broken down by
// the type's first enum field, or else by design.
func (p *printer) distributionTable(b *model.Block) table {
	t := table{msg: "block." + b.ID + ".title"}
	for _, ty := range p.g.Types {
		if !b.Counts(ty.ID) {
			continue // not of the box: an aid printed for the players
		}
		total := 0
		var cards []*model.Card
		for _, c := range p.g.Cards {
			if c.Type == ty.ID {
				total += c.Copies
				cards = append(cards, c)
			}
		}
		if total == 0 {
			continue
		}
		var parts []string
		var by *model.Field
		for _, f := range ty.Fields {
			if f.Type.Kind == model.EnumKind && !f.Optional {
				by = f
				break
			}
		}
		if by != nil {
			for _, v := range p.enum(by.Type.Enum).Values {
				n, guess := 0, false
				for _, c := range cards {
					if x, ok := c.Get(by.ID); ok && x.Str == v.ID {
						n += c.Copies
						guess = guess || c.FieldReconstructed("copies")
					}
				}
				if n > 0 {
					parts = append(parts, fmt.Sprintf("%d%s %s", n, p.copiesMark(guess && !p.declaredTotal(ty.ID, by.ID, v.ID, n)), p.name(v.Message, n)))
				}
			}
		} else {
			for _, c := range cards {
				parts = append(parts, fmt.Sprintf("%d%s %s", c.Copies, p.copiesMark(c.FieldReconstructed("copies")), p.name(c.Message, c.Copies)))
			}
		}
		t.cells = append(t.cells, []cell{
			{text: strconv.Itoa(total), bold: true, center: true},
			{text: capitalize(p.name(ty.Message, total)), bold: true},
			{text: strings.Join(parts, ", ")},
		})
	}
	if b.Components { // the boards, dice and tokens the box holds besides its cards
		for _, c := range p.g.Components {
			t.cells = append(t.cells, []cell{
				{text: strconv.Itoa(c.Count), bold: true, center: true},
				{text: capitalize(p.name(c.Message, c.Count)), bold: true},
				{text: ""},
			})
		}
	}
	return t
}

// capitalize upper-cases the first letter, for names used as headings.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
