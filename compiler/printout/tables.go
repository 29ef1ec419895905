package printout

import (
	"github.com/grimoire-games/grimoire/compiler/model"
)

// RuleTable is a table the rulebook prints after a section's text, as the
// words and numbers of its cells: what a reader of the printed book finds
// there, for checking a book against the data.
type RuleTable struct {
	Section string // the section it follows
	Block   string
	Title   string
	// Cells are the rows of the table, each cell's text as printed; a cell
	// of icons alone is "".
	Cells [][]string
	// Side marks a table whose first column heads its rows and whose
	// first row holds keys (a rule parameter by number of players); else
	// the first row, if any, heads the columns.
	Side bool
}

// RuleTables returns the tables of the rulebook in a language, in the
// order the rulebook prints them.
func RuleTables(g *model.Game, lang string) ([]RuleTable, error) {
	p, err := newTextPrinter(g, Options{Kind: Rules, Lang: lang, Paper: Papers()[0]})
	if err != nil {
		return nil, err
	}
	var out []RuleTable
	for _, s := range g.Sections {
		blocks, _ := p.blocksOn(model.OnRules, s.ID)
		for _, b := range blocks {
			t, ok := p.blockTable(b, true)
			if !ok {
				continue
			}
			rt := RuleTable{Section: s.ID, Block: b.ID, Title: p.text("block." + b.ID + ".title"), Side: t.side}
			for _, r := range t.cells {
				row := make([]string, len(r))
				for i, c := range r {
					row[i] = c.text
				}
				rt.Cells = append(rt.Cells, row)
			}
			out = append(out, rt)
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return out, nil
}
