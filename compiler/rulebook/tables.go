package rulebook

import (
	"slices"
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// A table the rulebook prints after a section (cards, a rule parameter by
// number of players, the copies of each type) comes from the data: each
// of its numbers is checked against the tables the data prints. A PDF's
// text gives a table's cells one a line, but not always after the
// table's title: the numbers of the section's lines that hold no word
// are matched, in order, to the numbers of the section's tables, and are
// judged only when the book gives as many.

// tableCell is a number of a table the data prints, with what heads it.
type tableCell struct {
	value float64
	text  string
	table string // the table's title
	head  string // the row's and the column's headings
}

// tables checks the tables of the book against those of the data (G302).
func (c *checker) tables() {
	tabs := c.ix.tables
	want := map[string][]tableCell{}
	var order []string
	for _, t := range tabs {
		if want[t.Section] == nil {
			order = append(order, t.Section)
		}
		want[t.Section] = append(want[t.Section], c.tableCells(t)...)
	}
	lines := c.r.bookSections()
	for _, id := range order {
		cells := want[id]
		sp, ok := lines[id]
		if !ok || len(cells) == 0 {
			continue
		}
		got := c.bookCells(sp[0], sp[1])
		if len(got) != len(cells) {
			continue
		}
		// A number the book has more often than the tables: cells given
		// in another order are no finding.
		excess := map[float64]int{}
		for k := range got {
			excess[got[k].value]++
			excess[cells[k].value]--
		}
		for k, tk := range got {
			w := cells[k]
			if tk.value == w.value || excess[tk.value] <= 0 {
				continue
			}
			excess[tk.value]--
			where := ""
			if w.head != "" {
				where = " (" + w.head + ")"
			}
			c.d.Errorf(c.pos(tk), diag.RulebookParam, "the table %q has %s where the game has %s%s", w.table, tk.text, w.text, where)
		}
	}
}

// tableCells returns the numbers of a table the data prints, row by row:
// those of its cells without words, as the book's are read.
func (c *checker) tableCells(t printout.RuleTable) []tableCell {
	var out []tableCell
	title := spaces(strings.TrimSpace(t.Title))
	for r, row := range t.Cells {
		for k, cell := range row {
			if !isCell(cell) {
				continue
			}
			var heads []string
			if k > 0 {
				heads = append(heads, row[0])
			}
			if r > 0 && k < len(t.Cells[0]) {
				col := t.Cells[0][k]
				if t.Side {
					col = t.Cells[0][0] + " " + col // "Players 4"
				}
				heads = append(heads, col)
			}
			heads = slices.DeleteFunc(heads, func(s string) bool { return strings.TrimSpace(s) == "" })
			for i := range heads {
				heads[i] = spaces(strings.TrimSpace(heads[i]))
			}
			for _, tk := range lineTokens(c.ix.lang, cell, 0, 0) {
				if tk.kind == number {
					out = append(out, tableCell{value: tk.value, text: tk.text, table: title, head: strings.Join(heads, ", ")})
				}
			}
		}
	}
	return out
}

// isCell reports whether a text has digits and no letter: a table's cell
// of numbers.
func isCell(s string) bool {
	return strings.ContainsFunc(s, unicode.IsDigit) && !strings.ContainsFunc(s, unicode.IsLetter)
}

// bookCells returns the numbers of the book's lines [from, to) (0-based)
// that hold no word, page furniture left out.
func (c *checker) bookCells(from, to int) []token {
	var out []token
	for i := from; i < min(to, len(c.r.b.lines)); i++ {
		l := c.r.b.lines[i]
		if l.skip || l.heading || c.r.furn[i+1] || !isCell(l.text) {
			continue
		}
		for _, tk := range lineTokens(c.ix.lang, l.text, i+1, l.offset) {
			if tk.kind == number {
				out = append(out, tk)
			}
		}
	}
	return out
}
