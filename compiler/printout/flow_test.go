package printout

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

func TestWrap(t *testing.T) {
	p := &printer{doc: pdf.New(210, 297, pdf.Meta{})}
	f := font{pdf.Regular, 10}
	cases := []struct {
		name, text string
		width      string // the line is as wide as this text
		want       []string
	}{
		{"spaces", "one two three four", "one two thre", []string{"one two", "three four"}},
		// A no-break space holds "Attaque :" together, unlike gofpdf's SplitText.
		{"no-break space", "Dégâts Attaque\u00a0: 3", "Dégâts Attaque", []string{"Dégâts", "Attaque\u00a0: 3"}},
		{"narrow no-break space", "les cartes\u202f! encore", "les cartes", []string{"les", "cartes\u202f!", "encore"}},
		// A soft hyphen prints a hyphen only where the line breaks there.
		{"soft hyphen used", "aa Kreatu\u00adren\u00adkarten", "aa Kreaturen-", []string{"aa Kreaturen-", "karten"}},
		{"soft hyphen unused", "Kreatu\u00adren", "Kreaturen", []string{"Kreaturen"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, over := p.wrap(f, c.text, p.width(f, c.width)+0.01)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			if over > 0 {
				t.Errorf("over = %v", over)
			}
		})
	}
	if _, over := p.wrap(f, "Pneumonoultramicroscopic", 5*p.width(f, "m")); over <= 0 {
		t.Error("a word wider than the line is not reported")
	}
}

func TestParseText(t *testing.T) {
	got := parseText("Intro line one\nline two\n\nA. Play a card\n\n- item one\n- item two\n\n> Example: a\n> b")
	var kinds []paraKind
	var lines []string
	for _, p := range got {
		kinds = append(kinds, p.kind)
		lines = append(lines, strings.Join(p.lines, "/"))
	}
	if diff := cmp.Diff([]paraKind{plainPara, headingPara, itemPara, itemPara, examplePara}, kinds); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Intro line one/line two", "A. Play a card", "item one", "item two", "Example: a/b"}, lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// joinedWrap is wrap as it was before lines were measured as they grow:
// each candidate line made as a string and measured whole. wrap must break
// every text where it breaks, and report the same excess, to the bit.
func joinedWrap(p *printer, f font, s string, width float64) (lines []string, over float64) {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
	clean := func(w string) string { return strings.ReplaceAll(w, string(softHyphen), "") }
	line := ""
	fits := func(t string) bool { return p.width(f, t) <= width+1e-9 }
	for _, w := range words {
		cand := clean(w)
		if line != "" {
			cand = line + " " + cand
		}
		if fits(cand) {
			line = cand
			continue
		}
		if pieces := strings.Split(w, string(softHyphen)); len(pieces) > 1 {
			head := ""
			for i := len(pieces) - 1; i > 0; i-- {
				t := strings.Join(pieces[:i], "") + "-"
				if line != "" {
					t = line + " " + t
				}
				if fits(t) {
					head = t
					w = strings.Join(pieces[i:], string(softHyphen))
					break
				}
			}
			if head != "" {
				lines = append(lines, head)
				line = clean(w)
				continue
			}
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = clean(w)
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	for _, l := range lines {
		if d := p.width(f, l) - width; d > over {
			over = d
		}
	}
	return lines, over
}

// TestWrapAsJoined holds wrap to the lines and excess of joinedWrap, on
// texts with runs of spaces, tabs and line breaks, soft hyphens at word
// ends and alone, words that fit nowhere and characters beyond Latin-1,
// at many widths.
func TestWrapAsJoined(t *testing.T) {
	p := &printer{doc: pdf.New(210, 297, pdf.Meta{})}
	// On a page, measuring writes to the PDF: the two must write the same.
	joined, grown := &printer{doc: pdf.New(210, 297, pdf.Meta{})}, &printer{doc: pdf.New(210, 297, pdf.Meta{})}
	joined.doc.AddPage()
	grown.doc.AddPage()
	texts := []string{
		"",
		"   ",
		"one",
		"one two three four five six seven eight nine ten",
		"one  two\tthree\n\nfour \t five",
		"alpha\tbeta gamma\ndelta epsilon\u00a0zeta  eta",
		"Dégâts Attaque\u00a0: 3 — les cartes\u202f! encore «\u00a0oui\u00a0»",
		"aa Kreatu\u00adren\u00adkarten bb Spiel\u00adregel\u00ad cc \u00ad dd",
		"\u00ad\u00ad x\u00ad \u00ady Pneumono\u00adultra\u00admicro\u00adscopic",
		"Pneumonoultramicroscopicsilicovolcanoconiosis is long",
		"Ζεύς ♠ ♣ ★ ✓ – Übersichtskarten für 2–5 Spieler",
	}
	for _, f := range []font{{pdf.Regular, 10}, {pdf.Bold, 7.25}, {pdf.Italic, 13}} {
		for _, s := range texts {
			for _, width := range []float64{-1, 0, 3, 7.5, 12, 19.3, 25, 40, 80, 200} {
				want, wantOver := joinedWrap(p, f, s, width)
				got, over := p.wrap(f, s, width)
				if diff := cmp.Diff(want, got); diff != "" || over != wantOver {
					t.Errorf("wrap(%v, %q, %g): over %v, want %v; lines (-want +got):\n%s", f, s, width, over, wantOver, diff)
				}
				joinedWrap(joined, f, s, width)
				grown.wrap(f, s, width)
			}
		}
	}
	var want, got bytes.Buffer
	if err := joined.doc.Write(&want); err != nil {
		t.Fatal(err)
	}
	if err := grown.doc.Write(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want.Bytes(), got.Bytes()) {
		t.Errorf("wrapping on a page wrote %d bytes of PDF; measuring each line whole wrote %d", got.Len(), want.Len())
	}
}

// TestWrapAllocs: a text whose lines are runs of it (words parted by one
// space, no soft hyphen) is wrapped into slices of it, without a string
// made for each line tried: what it allocates is the list of lines.
func TestWrapAllocs(t *testing.T) {
	p := &printer{doc: pdf.New(210, 297, pdf.Meta{})}
	f := font{pdf.Regular, 10}
	s := "Each player draws five cards, then the youngest plays first and the others follow in turn around the table."
	lines, _ := p.wrap(f, s, 30)
	if len(lines) < 4 {
		t.Fatalf("%d lines; want at least 4 for the test", len(lines))
	}
	for _, l := range lines {
		if !strings.Contains(s, l) {
			t.Fatalf("line %q is not a run of the text", l)
		}
	}
	if n := testing.AllocsPerRun(20, func() { p.wrap(f, s, 30) }); n > 4 {
		t.Errorf("wrapping %d lines allocates %.0f times; want at most 4 (the list of lines growing)", len(lines), n)
	}
}

// TestOpRoom: rows take their operations from shared blocks; a row that
// outgrows its room leaves its neighbour alone, and the room of rows
// given back (a size that did not fit) is reused without touching the
// rows laid out before.
func TestOpRoom(t *testing.T) {
	p := &printer{}
	a := row{ops: p.opRoom(1)}
	b := row{ops: p.opRoom(2)}
	a.add(op{s: "a1"})
	a.add(op{s: "a2"}) // more than its room
	b.add(op{s: "b1"})
	b.add(op{s: "b2"})
	if a.ops[0].s != "a1" || a.ops[1].s != "a2" || b.ops[0].s != "b1" || b.ops[1].s != "b2" {
		t.Fatalf("rows share their operations: a %v, b %v", a.ops, b.ops)
	}
	kept := row{ops: p.opRoom(1)}
	kept.add(op{s: "kept"})
	for _, n := range []int{3, opBlock + 1} { // in the block, and past it
		m := p.opMark()
		for range 2 { // a size tried, given back, tried again
			r := row{ops: p.opRoom(n)}
			for range n {
				r.add(op{s: "tried"})
			}
			p.opRewind(m)
		}
		if got := fmt.Sprint(a.ops[0].s, a.ops[1].s, b.ops[0].s, b.ops[1].s, kept.ops[0].s); got != "a1a2b1b2kept" {
			t.Fatalf("rewinding past %d operations overwrote rows laid out before: %s", n, got)
		}
	}
	if n := testing.AllocsPerRun(10, func() {
		m := p.opMark()
		for range 100 {
			r := row{ops: p.opRoom(3)}
			r.add(op{s: "x"})
		}
		p.opRewind(m)
	}); n != 0 {
		t.Errorf("laying out 100 rows again in room given back allocates %.0f times; want 0", n)
	}
}

// TestSizesAllocs: the sizes a layout tries come in one allocation; a
// deck asks for them for each region of each card.
func TestSizesAllocs(t *testing.T) {
	want := []float64{9.5, 9, 8.5, 8, 7.5, 7}
	if diff := cmp.Diff(want, sizes(9.5, 7, 0.5)); diff != "" {
		t.Errorf("sizes (-want +got):\n%s", diff)
	}
	if n := testing.AllocsPerRun(10, func() { sizes(12, 6, 0.25) }); n != 1 {
		t.Errorf("sizes allocates %.0f times; want 1", n)
	}
}
