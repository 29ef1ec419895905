package rulebook

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// A table the rulebook prints after a section (cards, a rule parameter by
// number of players, the copies of each type) comes from the data: each
// of its cells is checked against the tables the data prints. A PDF's
// text gives a table's cells one a line, but not always after the
// table's title: the numbers of the section's lines that hold no word,
// and the section's lines that read as one of its tables' cells, are
// matched in order with the cells of the section's tables, and are
// judged only when the book gives as many.

// tableCell is a cell of a table the data prints: a number, or words.
type tableCell struct {
	key   string // what is compared: the number, or the folded letters
	text  string
	table string // the table's title
	head  string // the row's and the column's headings
	row   int    // the row, from 0
}

// bookCell is a cell of a table in a book.
type bookCell struct {
	key, text string
	at        diag.Pos
	line      int
}

// tables checks the tables of the book against those of the data (G302).
func (c *checker) tables() {
	nums, words := map[string][]tableCell{}, map[string][]tableCell{}
	var order []string
	for _, t := range c.ix.tables {
		if nums[t.Section] == nil && words[t.Section] == nil {
			order = append(order, t.Section)
		}
		n, w := c.tableCells(t)
		nums[t.Section] = append(nums[t.Section], n...)
		words[t.Section] = append(words[t.Section], w...)
	}
	lines := c.r.bookSections()
	// Whether the book prints the tables' titles: most of those of the
	// sections it has. Then a section's only title left out is lost.
	found, all := 0, 0
	for _, id := range order {
		if sp, ok := lines[id]; ok {
			titles := c.sectionTitles(id)
			_, n := c.findTitles(titles, sp[0], sp[1])
			found, all = found+n, all+len(titles)
		}
	}
	titled := found >= minTitled && 2*found >= all
	for _, id := range order {
		sp, ok := lines[id]
		if !ok {
			continue
		}
		numbers, texts := c.bookCells(sp[0], sp[1], words[id])
		if len(numbers) == 0 && len(nums[id]) > 0 {
			// No number of the section's tables: weighed only in a book
			// that renders the rules word for word, where the tables
			// were printed with them.
			c.uneven = append(c.uneven, unevenTable{want: nums[id], section: id, from: sp[0], to: sp[1]})
		}
		c.lostCells(numbers, nums[id], false)
		c.judgeCells(numbers, nums[id])
		if len(numbers) == len(nums[id]) {
			texts = c.changedCells(sp[0], sp[1], texts, words[id])
		}
		c.judgeCells(texts, words[id])
		if len(numbers) == len(nums[id]) && len(numbers) > 0 {
			c.tableTitles(id, sp[0], sp[1], numbers, titled)
		}
	}
}

// tableTitles reports the titles of a section's tables that a book
// printing the tables and the other titles left out (G309). A PDF's text
// gives a title before or after its cells, but the titles in order: one
// left out is placed before the next title found, or after the one
// before. A section none of whose titles the book has lost them only in
// a book that prints the tables' titles (titled).
func (c *checker) tableTitles(id string, from, to int, numbers []bookCell, titled bool) {
	var titles []string
	var heads []map[string]bool // the keys of each table's heading cells
	var headNums [][]string     // the numbers of its first row's cells, in order ("2" players)
	var cellCount []int         // how many cells of numbers each table has
	var firstNum []int          // the index in numbers of each table's first number
	var unsaid []int            // how many heading cells each table leaves blank (symbols)
	nNums := 0
	for _, t := range c.ix.tables {
		if t.Section != id {
			continue
		}
		titles = append(titles, t.Title)
		firstNum = append(firstNum, nNums)
		nc, _ := c.tableCells(t)
		nNums += len(nc)
		h, hn := map[string]bool{}, []string{}
		n, blank := 0, 0
		for r, row := range t.Cells {
			for k, cell := range row {
				if (r == 0 || k == 0) && strings.TrimSpace(cell) == "" {
					blank++
				}
				if r == 0 || k == 0 {
					h[tableKey(cell)] = true
				}
				if r == 0 && isCell(cell) {
					hn = append(hn, strings.TrimSpace(cell))
				}
				if isCell(cell) {
					n++
				}
			}
		}
		cellCount = append(cellCount, n)
		unsaid = append(unsaid, blank)
		delete(h, "")
		heads = append(heads, h)
		headNums = append(headNums, hn)
	}
	at, found := c.findTitles(titles, from, to)
	if found == len(titles) || found == 0 && !titled {
		return
	}
	dup := c.titleCopies(titles, at, from, to)
	for k, title := range titles {
		if at[k] != 0 {
			continue
		}
		// Another table's title written a second time is this one's
		// changed.
		if i := dup[k]; i > 0 {
			if c.tv == nil || !c.headingConcepts(c.tv, "table title", "table title", title, c.r.b.lines[i-1], i) {
				c.d.Add(diag.Diagnostic{Pos: diag.Pos{File: c.r.b.Name, Line: i, Col: 1}, Severity: diag.Warning, Code: diag.RulebookOmission,
					Message: fmt.Sprintf("the title of the rules' table %q is not here: %q, another table's, stands in its place", spaces(strings.TrimSpace(title)), spaces(strings.TrimSpace(c.r.b.lines[i-1].text)))})
			}
			continue
		}
		// The title stood before the headings of its table's cells: the
		// first line, after the title before, of a heading only this
		// table has, and the headings of its table just above it.
		lo, hi := from, to
		if k > 0 && at[k-1] != 0 {
			lo = at[k-1]
		}
		for j := k + 1; j < len(titles); j++ {
			if at[j] != 0 {
				hi = at[j] - 1
				break
			}
		}
		// Back from line i (0-based) over the table's headings, words or
		// numbers (the players' counts of a row), to the blank lines
		// before them, where the title stood, on the headings' page.
		// above also tells how many lines of words it went over. From
		// the table's first number (nums false), the numbers above are
		// an earlier table's. Headings the rules leave blank (symbols)
		// may read as any word, a line each.
		above := func(i int, nums bool) (int, int) {
			line, words := i+1, 0
			blank := unsaid[k]
			// The first row's numbers read back from its last.
			row := len(headNums[k])
			for j := i - 1; j >= lo; j-- {
				t := c.r.b.lines[j].text
				if strings.TrimSpace(t) == "" {
					continue
				}
				key := tableKey(t)
				if key != "" && !heads[k][key] && blank > 0 && !strings.Contains(strings.TrimSpace(t), " ") {
					blank--
				} else if key == "" && nums && row > 0 && headNums[k][row-1] == strings.TrimSpace(t) {
					row--
				} else if key == "" || !heads[k][key] {
					break
				} else {
					words++
				}
				line = j + 1
			}
			for line-1 > lo && strings.TrimSpace(c.r.b.lines[line-2].text) == "" && !c.r.b.PageStart[line-1] {
				line--
			}
			return line, words
		}
		// The first line of a heading of the table, and the lines of its
		// headings above; unique says it heads no other table.
		headLine := func(unique bool) (int, int) {
			for i := lo; i < min(hi, len(c.r.b.lines)); i++ {
				key := tableKey(c.r.b.lines[i].text)
				if heads[k][key] && (unique && !sharedHead(heads, k, key) || !unique && (k == 0 || !heads[k-1][key])) {
					return above(i, true)
				}
			}
			return 0, 0
		}
		line, _ := headLine(true)
		// Else where its headings stand together, or before the
		// table's first number, the numbers of the section's tables
		// coming in the data's order.
		if line == 0 {
			var block int
			if line, block = headLine(false); block == 0 {
				if f := firstNum[k]; f < len(numbers) && numbers[f].line > lo && numbers[f].line <= hi {
					line, _ = above(numbers[f].line-1, false)
				}
			}
		}
		if line == 0 {
			line = c.beforeCells(lo, hi, cellCount[k])
		}
		for j := k + 1; j < len(titles) && line == 0; j++ {
			if at[j] != 0 {
				line = at[j] - 1
			}
		}
		for j := k - 1; j >= 0 && line == 0; j-- {
			if at[j] != 0 {
				line = at[j] + 1
			}
		}
		line = max(line, 1)
		// A line near there that reads like the title is the title
		// changed, rather than left out.
		if changed := c.changedTitle(title, line, lo, hi); changed > 0 {
			l := c.r.b.lines[changed-1]
			if c.tv != nil && c.headingConcepts(c.tv, "table title", "table title", title, l, changed) {
				continue
			}
			line = changed
		}
		c.d.Add(diag.Diagnostic{Pos: diag.Pos{File: c.r.b.Name, Line: line, Col: 1}, Severity: diag.Warning, Code: diag.RulebookOmission,
			Message: fmt.Sprintf("the title of the rules' table %q is not here: was it left out?", spaces(strings.TrimSpace(title)))})
	}
}

// sectionTitles returns the titles of a section's tables, in order.
func (c *checker) sectionTitles(id string) []string {
	var out []string
	for _, t := range c.ix.tables {
		if t.Section == id {
			out = append(out, t.Title)
		}
	}
	return out
}

// findTitles returns the line (from 1) where the book's lines [from, to)
// have each title, in order, or 0, and how many it has.
func (c *checker) findTitles(titles []string, from, to int) ([]int, int) {
	titleKeys := map[string]bool{}
	for _, t := range titles {
		titleKeys[tableKey(t)] = true
	}
	at := make([]int, len(titles))
	found := 0
	next := from
	for k, title := range titles {
		key, words := tableKey(title), titleWords(title)
		for i := next; i < min(to, len(c.r.b.lines)); i++ {
			l := c.r.b.lines[i]
			// Another table's title as written is not this one's,
			// however like it reads.
			if l.skip || c.r.furn[i+1] || tableKey(l.text) != key && titleKeys[tableKey(l.text)] {
				continue
			}
			if tableKey(l.text) == key || titleSim(titleWords(l.text), words) >= tableTitleSim {
				at[k], next = i+1, i+1
				found++
				break
			}
		}
	}
	return at, found
}

// minTitled is the fewest tables' titles a book must print to be read as
// printing them all.
const minTitled = 2

// sharedHead reports whether a heading of table k heads another table
// too: it does not tell where table k stands.
func sharedHead(heads []map[string]bool, k int, key string) bool {
	for j, h := range heads {
		if j != k && h[key] {
			return true
		}
	}
	return false
}

// titleCopies returns, for each title of a section's tables the book
// lacks (at[k] is 0), the line (1-based) of another table's title the
// book writes twice where it stood, or 0. Titles come in order: when the
// lacking one comes first, the first copy stands for it, and at is moved
// to the other.
func (c *checker) titleCopies(titles []string, at []int, from, to int) map[int]int {
	out := map[int]int{}
	taken := map[int]bool{} // the copies that stand for a title lacking
	for k := range titles {
		if at[k] != 0 {
			continue
		}
		for j := range titles {
			if j == k || at[j] == 0 || taken[at[j]] {
				continue
			}
			var copies []int
			for i := from; i < min(to, len(c.r.b.lines)); i++ {
				if tableKey(c.r.b.lines[i].text) == tableKey(titles[j]) {
					copies = append(copies, i+1)
				}
			}
			if len(copies) != 2 {
				continue
			}
			if k < j {
				out[k], at[j] = copies[0], copies[1]
			} else {
				out[k], at[j] = copies[1], copies[0]
			}
			taken[out[k]] = true
			break
		}
	}
	return out
}

// beforeCells returns the line where a table's title stood whose
// headings were left out with it: above the last n cells of numbers
// before line hi (1-based), after the text before them, from line lo on;
// or 0.
func (c *checker) beforeCells(lo, hi, n int) int {
	seen := 0
	for i := min(hi, len(c.r.b.lines)) - 1; i >= lo; i-- {
		l := c.r.b.lines[i]
		switch {
		case strings.TrimSpace(l.text) == "" || l.skip || c.r.furn[i+1]:
		case isCell(l.text):
			seen++
		default:
			if seen == 0 {
				return 0
			}
			return i + 2
		}
		if n > 0 && seen == n {
			// The line above the table's first cell, blank lines aside.
			for i > lo && strings.TrimSpace(c.r.b.lines[i-1].text) == "" {
				i--
			}
			return i + 1
		}
	}
	return 0
}

// changedTitle returns the line, next to line, that reads most like a
// table's title without being another table's, or 0.
func (c *checker) changedTitle(title string, line, lo, hi int) int {
	words := titleWords(title)
	best, bestSim := 0, changedTitleSim
	near := []int{line, line - 1, line + 1}
	// Then the other lines where the table may stand, nearest first:
	// cells the title was read against may have moved the guess.
	for d := 2; line-d > lo || line+d <= hi; d++ {
		near = append(near, line-d, line+d)
	}
	for _, i := range near {
		if i < max(1, lo) || i > min(hi, len(c.r.b.lines)) || c.ix.tableText[tableKey(c.r.b.lines[i-1].text)] || !c.tableBetween(i, line) {
			continue
		}
		if sim := titleSim(titleWords(c.r.b.lines[i-1].text), words); sim > bestSim || best == 0 && sim >= bestSim {
			best, bestSim = i, sim
		}
	}
	return best
}

// tableBetween reports whether only a table's lines (cells, its words,
// blank lines, page furniture) stand between lines i and j (1-based),
// both left out: a title stands next to its table, and a subheading
// that names the same things beyond a paragraph is none.
func (c *checker) tableBetween(i, j int) bool {
	for k := min(i, j) + 1; k < max(i, j); k++ {
		l := c.r.b.lines[k-1]
		if l.skip || c.r.furn[k] || strings.TrimSpace(l.text) == "" || cell(l.text) || c.ix.tableText[tableKey(l.text)] {
			continue
		}
		return false
	}
	return true
}

// changedTitleSim is how alike a line must be to a table's title to be
// the title changed: half its words.
const changedTitleSim = 0.5

// tableTitleSim is how alike a line and a table's title must be.
const tableTitleSim = 0.9

// changedCells adds to the cells of words a book has, in a table whose
// numbers are all there, the lines that stand where the cells it lacks
// stood: a cell of words changed ("Gold" for "Victory points") reads as
// no cell of the game. Each is the one line, among the table's lines,
// between the cells found before and after it.
func (c *checker) changedCells(from, to int, got []bookCell, want []tableCell) []bookCell {
	if len(got) >= len(want) {
		return got
	}
	// The cells found, matched in order with the data's.
	match := make([]int, len(want)) // the index in got, or -1
	g := 0
	for k := range want {
		match[k] = -1
		if g < len(got) && got[g].key == want[k].key {
			match[k] = g
			g++
		}
	}
	if g != len(got) {
		return got // the book's cells are in another order
	}
	used := map[int]bool{}
	for _, x := range got {
		used[x.line] = true
	}
	out := slices.Clone(got)
	for k := range want {
		if match[k] >= 0 {
			continue
		}
		prev, next := from, min(to, len(c.r.b.lines))+1 // 1-based, left out
		for j := k - 1; j >= 0; j-- {
			if match[j] >= 0 {
				prev = got[match[j]].line
				break
			}
		}
		for j := k + 1; j < len(want); j++ {
			if match[j] >= 0 {
				next = got[match[j]].line
				break
			}
		}
		var cands []int
		for i := prev + 1; i < next; i++ {
			l := c.r.b.lines[i-1]
			// A cell changed is a few words, as the cell: not a line of
			// the text.
			if used[i] || l.skip || l.heading || c.r.furn[i] || strings.TrimSpace(l.text) == "" || cell(l.text) || c.ix.tableText[tableKey(l.text)] ||
				len(strings.Fields(l.text)) > len(strings.Fields(want[k].text))+maxCellChange {
				continue
			}
			if next <= to && c.tableBetween(i, next) || prev > from && c.tableBetween(prev, i) {
				cands = append(cands, i)
			}
		}
		if len(cands) == 0 {
			continue
		}
		// With only the cell after it found, the line just above that
		// cell, as words of the text may stand above the table; else
		// the one line that can be it.
		i := cands[0]
		switch {
		case prev <= from && next <= to:
			i = cands[len(cands)-1]
		case len(cands) > 1:
			continue
		}
		used[i] = true
		l := c.r.b.lines[i-1]
		out = append(out, bookCell{key: tableKey(l.text), text: spaces(strings.TrimSpace(l.text)), at: c.r.b.lineStart(i), line: i})
	}
	slices.SortFunc(out, func(a, b bookCell) int { return a.line - b.line })
	return out
}

// maxCellChange is how many words more than the data's cell a line may
// have to be read as that cell changed.
const maxCellChange = 3

// judgeCells reports the cells of a book that differ from the data's, in
// order, when the book has as many. A cell the book has more often than
// the data is one changed; cells merely in another order are no finding,
// since a PDF's text may give a table's columns in any order, unless they
// are a row laid out on one line.
func (c *checker) judgeCells(got []bookCell, want []tableCell) {
	if len(got) != len(want) || len(got) == 0 {
		return
	}
	excess := map[string]int{}
	for k := range got {
		excess[got[k].key]++
		excess[want[k].key]--
	}
	for k, g := range got {
		w := want[k]
		if g.key == w.key || excess[g.key] <= 0 || c.r.furn[g.line] {
			continue
		}
		excess[g.key]--
		c.changedCell(g, w)
	}
	// A row laid out on one line keeps its order: there, two cells of a
	// row of the data that change places are a change.
	for k := 0; k < len(got); {
		j := k + 1
		for j < len(got) && got[j].line == got[k].line {
			j++
		}
		if j-k >= 2 && oneRow(want[k:j]) && sameKeys(got[k:j], want[k:j]) && !c.r.furn[got[k].line] {
			for n := k; n < j; n++ {
				if got[n].key != want[n].key {
					c.changedCell(got[n], want[n])
					break
				}
			}
		}
		k = j
	}
}

// oneRow reports whether cells are of one row of one table.
func oneRow(cells []tableCell) bool {
	for _, x := range cells[1:] {
		if x.table != cells[0].table || x.row != cells[0].row {
			return false
		}
	}
	return true
}

// sameKeys reports whether a book's cells hold the data's, in any order.
func sameKeys(got []bookCell, want []tableCell) bool {
	n := map[string]int{}
	for k := range got {
		n[got[k].key]++
		n[want[k].key]--
	}
	for _, v := range n {
		if v != 0 {
			return false
		}
	}
	return true
}

// changedCell reports a cell of the book that gives another number or
// words than the data's cell w (G302).
func (c *checker) changedCell(g bookCell, w tableCell) {
	c.d.Errorf(g.at, diag.RulebookParam, "the table %q has %q where the game has %q%s", w.table, g.text, w.text, headOf(w))
}

// lostCells reports the numbers of the data's tables that a book giving
// fewer left out: rows left out (G309), and, beside them, numbers
// changed (G302), where the book's numbers align with the data's with at
// most maxLost runs left out and maxChanged numbers changed and none put
// in. Unless loose, only one run left out alone is reported, and other
// alignments are kept for later (checker.uneven): a scan's tables lose
// numbers to its OCR. Cells of words are not weighed: a book may print a
// symbol where the data's heading is blank.
func (c *checker) lostCells(got []bookCell, want []tableCell, loose bool) {
	if len(got) == 0 || len(got) >= len(want) {
		return
	}
	// Edit distance, the book's numbers against the data's.
	n, m := len(got), len(want)
	cost := make([][]int, n+1)
	for i := range cost {
		cost[i] = make([]int, m+1)
		for j := range cost[i] {
			switch {
			case i == 0:
				cost[i][j] = j
			case j == 0:
				cost[i][j] = i
			default:
				d := cost[i-1][j-1]
				if got[i-1].key != want[j-1].key {
					d++
				}
				cost[i][j] = min(d, cost[i][j-1]+1, cost[i-1][j]+1)
			}
		}
	}
	// Back from the end, a cell matched before one left out.
	type run struct{ gi, wi, n int }
	var runs []run
	var changed [][2]int
	for i, j := n, m; i > 0 || j > 0; {
		switch {
		case i > 0 && j > 0 && cost[i][j] == cost[i-1][j-1]+b2i(got[i-1].key != want[j-1].key):
			if got[i-1].key != want[j-1].key {
				changed = append(changed, [2]int{i - 1, j - 1})
			}
			i, j = i-1, j-1
		case j > 0 && cost[i][j] == cost[i][j-1]+1:
			if len(runs) > 0 && runs[len(runs)-1].gi == i && runs[len(runs)-1].wi == j {
				runs[len(runs)-1].wi, runs[len(runs)-1].n = j-1, runs[len(runs)-1].n+1
			} else {
				runs = append(runs, run{i, j - 1, 1})
			}
			j--
		default:
			return // a number the data does not have: debris, or another table
		}
	}
	if len(runs) > maxLost || len(changed) > maxChanged {
		return
	}
	if !loose && (len(runs) != 1 || len(changed) > 0) {
		c.uneven = append(c.uneven, unevenTable{got: got, want: want})
		return
	}
	for _, r := range slices.Backward(runs) {
		c.reportLost(got, want, r.gi, r.wi, r.n)
	}
	for _, x := range slices.Backward(changed) {
		c.changedCell(got[x[0]], want[x[1]])
	}
}

// At most maxLost runs of a table's numbers left out, and maxChanged
// numbers changed beside them, tell a book that renders the data's tables
// from one whose tables are other.
const (
	maxLost    = 2
	maxChanged = 2
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// headOf returns a cell's headings as a message gives them.
func headOf(w tableCell) string {
	if w.head == "" {
		return ""
	}
	return " (" + w.head + ")"
}

// reportLost reports the n numbers of the data from want[wi] on, left out
// of the book before its number got[gi].
func (c *checker) reportLost(got []bookCell, want []tableCell, gi, wi, n int) {
	// The run may stand anywhere the same numbers match on both sides:
	// at the first row's start there, as a book leaves out rows, not
	// parts of them.
	starts := func(k int) bool {
		return k == 0 || want[k].table != want[k-1].table || want[k].row != want[k-1].row
	}
	lo, hi := 0, 0 // how far it may slide left and right
	for wi-lo-1 >= 0 && gi-lo-1 >= 0 && want[wi-lo-1].key == want[wi+n-lo-1].key {
		lo++
	}
	for wi+n+hi < len(want) && gi+hi < len(got) && want[wi+hi].key == want[wi+n+hi].key {
		hi++
	}
	for k := -lo; k <= hi; k++ {
		if starts(wi + k) {
			gi, wi = gi+k, wi+k
			break
		}
	}
	lost := want[wi : wi+n]
	// Cells that go on with a table stood after its cell before them;
	// those that start one (the title too may be gone), after the text
	// before the book's next cell.
	var at diag.Pos
	if gi < len(got) && (wi == 0 || want[wi-1].table != lost[0].table) {
		l := got[gi].line
		up := func() {
			for l > 1 && strings.TrimSpace(c.r.b.lines[l-2].text) == "" {
				l--
			}
		}
		up()
		// The next cell opens another table: the run stood before its
		// title.
		if next := want[wi+n].table; next != lost[0].table && l > 1 && tableKey(c.r.b.lines[l-2].text) == tableKey(next) {
			l--
			up()
		}
		// The row may be there above, its heading not the game's: on
		// its line.
		from := 1
		if gi > 0 {
			from = got[gi-1].line + 1
		}
		for k := l - 1; k >= from; k-- {
			if !c.r.void(k-1) && c.holds(k, lost) {
				l = k
				break
			}
		}
		at = c.r.b.lineStart(l)
	} else {
		// The first line with text after the cell before, when it has
		// the numbers lost: the row is there, its heading not the
		// game's. Else the line after the cell before.
		l := min(got[gi-1].line+1, len(c.r.b.lines))
		for k := l; k <= len(c.r.b.lines); k++ {
			if !c.r.void(k - 1) {
				if c.holds(k, lost) {
					l = k
				}
				break
			}
		}
		at = c.r.b.lineStart(l)
	}
	c.lostAt(at, lost)
}

// lostAt reports the data's numbers lost as left out of the book at at
// (G309).
func (c *checker) lostAt(at diag.Pos, lost []tableCell) {
	texts := make([]string, len(lost))
	for k, w := range lost {
		texts[k] = w.text
	}
	c.d.Add(diag.Diagnostic{Pos: at, Severity: diag.Warning, Code: diag.RulebookOmission,
		Message: fmt.Sprintf("the table %q lacks %q%s here, which the game has: was it left out?", lost[0].table, strings.Join(texts, " "), headOf(lost[0]))})
}

// allLost reports the numbers of a section's tables that a book which
// has none of them left out, below the first table's title and the lines
// that go with it (G309): a table's only row of numbers. A book that
// lacks the title too is not judged here.
func (c *checker) allLost(u unevenTable) {
	at, _ := c.findTitles(c.sectionTitles(u.section)[:1], u.from, u.to)
	if at[0] == 0 {
		return
	}
	l := at[0] + 1
	for l <= len(c.r.b.lines) && strings.TrimSpace(c.r.b.lines[l-1].text) != "" && !c.r.furn[l] {
		l++
	}
	c.lostAt(c.r.b.lineStart(min(l, len(c.r.b.lines))), u.want)
}

// holds reports whether line n (from 1) of the book gives the numbers of
// cells, in order, and no other.
func (c *checker) holds(n int, cells []tableCell) bool {
	l := c.r.b.lines[n-1]
	got := c.numberCells(l.text, n, l.offset)
	return slices.EqualFunc(got, cells, func(g bookCell, w tableCell) bool { return g.key == w.key })
}

// numberCells returns the numbers of text s, which stands on line n (from
// 1) of the book after offset runes, as cells.
func (c *checker) numberCells(s string, n, offset int) []bookCell {
	var out []bookCell
	for _, tk := range lineTokens(c.ix.lang, s, n, offset) {
		if tk.kind == number {
			out = append(out, bookCell{key: numKey(tk.value), text: tk.text, at: c.pos(tk), line: n})
		}
	}
	return out
}

// tableCells returns the cells of a table the data prints, row by row:
// the numbers of its cells without words, and its cells of words.
func (c *checker) tableCells(t printout.RuleTable) (nums, words []tableCell) {
	title := spaces(strings.TrimSpace(t.Title))
	for r, row := range t.Cells {
		for k, cell := range row {
			var heads []string
			if k > 0 {
				heads = append(heads, row[0])
			}
			// A side table's row headings stand in its first column,
			// under its corner: no heading of their own.
			if r > 0 && k < len(t.Cells[0]) && (k > 0 || !t.Side) {
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
			head := strings.Join(heads, ", ")
			if key := tableKey(cell); key != "" {
				words = append(words, tableCell{key: key, text: spaces(strings.TrimSpace(cell)), table: title, head: head, row: r})
				continue
			}
			if !isCell(cell) {
				continue
			}
			for _, tk := range lineTokens(c.ix.lang, cell, 0, 0) {
				if tk.kind == number {
					nums = append(nums, tableCell{key: numKey(tk.value), text: tk.text, table: title, head: head, row: r})
				}
			}
		}
	}
	return nums, words
}

func numKey(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// isCell reports whether a text has digits and no letter: a table's cell
// of numbers.
func isCell(s string) bool { return cell(s) && strings.ContainsFunc(s, unicode.IsDigit) }

// bookCells returns the cells of tables among the book's lines [from, to)
// (0-based), page furniture left out: the numbers of the lines that hold
// no word, and the lines that read as one of the cells of words.
func (c *checker) bookCells(from, to int, words []tableCell) (nums, texts []bookCell) {
	keys := map[string]bool{}
	for _, w := range words {
		keys[w.key] = true
	}
	for i := from; i < min(to, len(c.r.b.lines)); i++ {
		l := c.r.b.lines[i]
		if l.skip || l.heading || c.r.furn[i+1] {
			continue
		}
		// A text laid out as the page (pdftotext -layout) gives a row on
		// one line, its cells apart by wide gaps.
		if row := rowCells(l.text, keys); row != nil {
			for _, f := range row {
				if f.words {
					texts = append(texts, bookCell{key: tableKey(f.text), text: spaces(f.text), at: c.r.b.lineStart(i + 1), line: i + 1})
					continue
				}
				nums = append(nums, c.numberCells(f.text, i+1, l.offset+f.col)...)
			}
			continue
		}
		if key := tableKey(l.text); keys[key] {
			at := c.r.b.lineStart(i + 1)
			texts = append(texts, bookCell{key: key, text: spaces(strings.TrimSpace(l.text)), at: at, line: i + 1})
			continue
		}
		if isCell(l.text) {
			nums = append(nums, c.numberCells(l.text, i+1, l.offset)...)
		}
	}
	return nums, texts
}

// rowField is a cell of a table's row laid out on one line: its text, the
// runes before it on the line, and whether it is a cell of words.
type rowField struct {
	text  string
	col   int
	words bool
}

// rowCells returns the cells of a line that is a table's row as a page
// lays it out: two cells or more, apart by gaps of two spaces or more,
// each a number or a cell of words of the section's tables (keys):
// "Metal chest   3†", "Kind   Value". Any other line has none.
func rowCells(s string, keys map[string]bool) []rowField {
	var out []rowField
	rs := []rune(s)
	numbers, labels := 0, 0
	for i := 0; i < len(rs); {
		if unicode.IsSpace(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && !(unicode.IsSpace(rs[j]) && (j+1 == len(rs) || unicode.IsSpace(rs[j+1]))) {
			j++
		}
		f := rowField{text: string(rs[i:j]), col: i}
		switch {
		case isCell(f.text):
			numbers++
		case keys[tableKey(f.text)]:
			f.words = true
			labels++
		default:
			return nil
		}
		out = append(out, f)
		i = j
	}
	if numbers+labels < 2 {
		return nil
	}
	return out
}
