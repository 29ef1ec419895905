package printout

import (
	"fmt"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// firstText is the first text a row draws, "" for none.
func firstText(r row) string {
	for _, o := range r.ops {
		if o.kind == opText {
			return o.s
		}
	}
	return ""
}

// TestSplitTableRepeatsHeading: a table split across pages prints its
// heading row again at the top of each part; a table without a heading
// row, a text, gets none.
func TestSplitTableRepeatsHeading(t *testing.T) {
	p := &printer{doc: pdf.New(210, 297, pdf.Meta{})}
	f := font{pdf.Regular, 9}
	tb := table{head: true, cells: [][]cell{{{text: "Card", bold: true}, {text: "Points", bold: true}}}}
	for i := range 60 {
		tb.cells = append(tb.cells, []cell{{text: fmt.Sprintf("card %d", i)}, {text: fmt.Sprint(i), center: true}})
	}
	rows, _ := p.tableRows(tb, f, 100)
	intro := row{h: 30} // the table starts low on the first page
	pages := paginate(append([]row{intro}, rows...), 120, 120)
	if len(pages) < 3 {
		t.Fatalf("the table takes %d pages; want at least 3 for the test", len(pages))
	}
	seen := 0
	for i, pg := range pages {
		start := 0
		if i == 0 {
			start = 1 // the intro
		}
		if got := firstText(pg[start]); got != "Card" {
			t.Errorf("page %d starts with %q; want the heading row", i+1, got)
		}
		for _, r := range pg[start+1:] {
			if firstText(r) == "Card" {
				t.Errorf("page %d repeats the heading inside the table", i+1)
			}
			seen++
		}
		if h := height(pg); h > 120+1e-6 {
			t.Errorf("page %d is %.1f mm tall; its room is 120 mm", i+1, h)
		}
	}
	if seen != 60 {
		t.Errorf("the pages hold %d rows of the table; want 60", seen)
	}

	var text []row
	for range 60 {
		text = append(text, row{h: 5})
	}
	for i, pg := range paginate(text, 120, 120) {
		if want := min(24, 60-24*i); len(pg) != want {
			t.Errorf("text page %d has %d rows; want %d, no heading added", i+1, len(pg), want)
		}
	}
}
