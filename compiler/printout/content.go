package printout

import (
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Content is a block as the rulebook prints it, without its layout: its
// title and its text, rows or table, for a rendering of the rulebook
// other than the PDF (a web page) to show where the PDF prints the block.
type Content struct {
	ID    string
	Title string
	// Text is a text block's text, Entries an enum block's rows, and
	// Rows a table's cells: the first row heads the columns when Head is
	// set, the first column heads the rows when Side is.
	Text       string
	Entries    []Entry
	Rows       [][]Cell
	Head, Side bool
}

// Entry is the row of an enum value in an enum block.
type Entry struct {
	Name, Text string
	Color      string // the value's "#rrggbb", or ""
}

// Cell is a cell of a table: the values its icons stand for, by name (a
// wildcard by its id), then its text.
type Cell struct {
	Icons  []string
	Text   string
	Bold   bool
	Marked bool // it shows a reconstructed value
}

// RulesContent returns, by section id, the blocks the rulebook of g prints
// after each section's text, in o.Lang, as the rulebook lays them out:
// the same texts and cells, with the mark after each reconstructed value
// in a text (a cell says it is marked).
func RulesContent(g *model.Game, o Options) (map[string][]Content, error) {
	p, err := newTextPrinter(g, Options{Kind: Rules, Lang: o.Lang, Texts: o.Texts})
	if err != nil {
		return nil, err
	}
	out := map[string][]Content{}
	for _, s := range g.Sections {
		blocks, _ := p.blocksOn(model.OnRules, s.ID)
		for _, b := range blocks {
			out[s.ID] = append(out[s.ID], p.content(b))
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	if d := p.d.Sort(); d.HasErrors() {
		return nil, fmt.Errorf("rulebook blocks of %s in %s:\n%s", g.ID, o.Lang, d)
	}
	return out, nil
}

// content is a block's content, with words.
func (p *printer) content(b *model.Block) Content {
	id := "block." + b.ID + "."
	c := Content{ID: b.ID, Title: p.text(id + "title")}
	switch b.Kind {
	case model.TextBlock:
		c.Text = p.text(id + "text")
	case model.EnumBlock:
		for _, v := range p.enum(b.Enum).Values {
			if b.Shows(v.ID) {
				c.Entries = append(c.Entries, Entry{Name: capitalize(p.name(v.Message, 1)), Text: p.text(id + v.ID), Color: v.Color})
			}
		}
	default:
		t, ok := p.blockTable(b, true)
		if !ok {
			break
		}
		c.Head, c.Side = t.head, t.side
		for _, r := range t.cells {
			row := make([]Cell, len(r))
			for i, x := range r {
				row[i] = Cell{Text: x.text, Bold: x.bold, Marked: x.mark}
				for _, gl := range x.icons {
					if gl.value == "" {
						continue // a heading's, whose text says it
					}
					name := gl.value
					if ev := p.enum(gl.enum).Value(gl.value); ev != nil {
						name = capitalize(p.name(ev.Message, 1))
					}
					row[i].Icons = append(row[i].Icons, name)
				}
			}
			c.Rows = append(c.Rows, row)
		}
	}
	return c
}
