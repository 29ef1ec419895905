package rulebook

import (
	"bytes"
	"flag"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/mutation"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

var rulebookSeed = flag.Uint64("rulebook.seed", 1, "seed of the edits TestMutation makes in the printed rulebooks")

// bookFloors are the floors per kind of edit, checked for every cell of
// eight edits or more: what the checker reaches on seeds 10 to 12, 20 to
// 21, 30 to 34, 40 to 41, 50 to 54, 60 to 61, 70 to 74 and 80 to 83 in
// its weakest cell, less a margin of one edit in ten where the seeds left
// one (seeds 20, 21, 40, 41, 60, 61, 80 to 83 were not looked at while it
// was built). A floor of 0 is for what the checker does not catch yet in
// some cell: a printed rulebook has no placeholder to drop and no book
// has eight number words to change, so those cells go unchecked. The
// printed rulebooks render the rules word for word, so that most edits
// of their text show in a comparison word by word, their tables cell by
// cell, their headings by number and title and their first page by the
// game's tagline; what is missed most is a sentence that ended a page
// whose page keeps its lines (reported at the next page's start), words
// left out that the text around them repeats, and a table's title left
// out with its headings where the text gives the cells of several tables
// before their titles.
func bookFloors() map[mutation.Kind]mutation.Floor {
	return map[mutation.Kind]mutation.Floor{
		mutation.Digit:           {Recall: 0.90, AtLine: 0.95},
		mutation.NumberWord:      {Recall: 0, AtLine: 0.90},
		mutation.Placeholder:     {Recall: 0, AtLine: 0},
		mutation.TermSwap:        {Recall: 0.90, AtLine: 0.90},
		mutation.Negation:        {Recall: 0.90, AtLine: 0.90},
		mutation.SentenceDrop:    {Recall: 0.70, AtLine: 0.80},
		mutation.ClauseDrop:      {Recall: 0.70, AtLine: 0.80},
		mutation.ShortClauseDrop: {Recall: 0.70, AtLine: 0.80},
		mutation.Facing:          {Recall: 0.95, AtLine: 0.95},
		mutation.Destination:     {Recall: 0.90, AtLine: 0.95},
		mutation.ProperName:      {Recall: 0.90, AtLine: 0.95},
		// Two numbers of a sentence swapped: 80% in its weakest cell
		// (English Warlock) on seed 1, 96% in all.
		mutation.NumberSwap: {Recall: 0.70, AtLine: 0.90},
		// Closed-class words on seed 1, weakest cells: "may" into "must"
		// 70% (German Warlock), a degree 44% (French Hearts, where "le
		// plus bas" made "le moins bas" and a degree in the tagline go
		// unreported; 60% in English Warlock), the same into another 70%
		// (English Warlock); "each" into "one" 79% and 87% in all on
		// seeds 1 and 2, 50% at worst (German Hearts, where "jeder"
		// stands alone: "jeder andere" into "ein andere"). Held-out
		// seeds 627 and 638 give 50% for "may" into "must" (French
		// Warlock's story, "vous devez vous amuser") and for the same
		// into another (English Warlock, "the same villains").
		mutation.Modality: {Recall: 0.40, AtLine: 0.95},
		mutation.Quantity: {Recall: 0.40, AtLine: 0.95},
		mutation.Degree:   {Recall: 0.35, AtLine: 0.95},
		mutation.Identity: {Recall: 0.40, AtLine: 0.95},
		// A number moved within its sentence, told by the word it goes
		// with in the rules: 58% on seed 1, 30% in its weakest cell
		// (English Warriors, where some moves say the same: "all of the
		// following three conditions"); 63% on seed 903, 40% at worst.
		// Reported on the line of the word the number stands by, which
		// may be the next one: 75% at the line in German Warriors on
		// seed 1 (3 of 4), as in the translations (G131).
		mutation.NumberMove: {Recall: 0.20, AtLine: 0.70},
	}
}

// bookKey identifies a finding across runs: not by its line, which an
// edit above it moves.
type bookKey struct {
	code    diag.Code
	message string
}

func bookKeyOf(d diag.Diagnostic) bookKey { return bookKey{d.Code, d.Message} }

// cleanBook is a printed rulebook as the benchmark edits it: its text as
// Read gives it, written back one line per line of the book.
type cleanBook struct {
	game     *model.Game
	lang     string
	name     string
	text     string
	sites    string // the text where edits are made: text, furniture blanked
	vocab    *mutation.Vocabulary
	findings diag.List       // the findings on the clean text
	clean    map[bookKey]int // the same, by key
}

// bookText writes a book back as plain text, one line per line of the
// book as the checker reads it: page furniture left out, hyphenated words
// joined, and each page after the first starting with a form feed, as
// pdftotext writes it.
func bookText(b *Book) string {
	var s strings.Builder
	for i, l := range b.lines {
		if i > 0 && b.PageStart[i] {
			s.WriteByte('\f')
		}
		s.WriteString(l.text)
		s.WriteByte('\n')
	}
	return s.String()
}

// pdftotextLayout converts a PDF to text as a user would with pdftotext
// -layout: each page as it looks, a table's row on one line.
func pdftotextLayout(pdf []byte) (string, error) {
	cmd := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("pdftotext -layout: %v", err)
	}
	return string(out), nil
}

// keptText blanks, byte for byte, the lines of a text that the reading
// of a rulebook leaves out as page furniture (contents, running heads and
// feet, page numbers), so that edits are made only where the checker
// reads, as in the text bookText gives.
func keptText(t testing.TB, name, lang, text string) string {
	t.Helper()
	b, err := Read(name, lang, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	if len(lines) < len(b.lines) {
		t.Fatalf("%s: %d lines read from a text of %d", name, len(b.lines), len(lines))
	}
	for i, l := range b.lines {
		if l.skip && strings.TrimSpace(lines[i]) != "" {
			// Byte for byte, so that offsets hold; a page's form feed
			// stays.
			bs := []byte(lines[i])
			for k := range bs {
				if bs[k] != '\f' {
					bs[k] = ' '
				}
			}
			lines[i] = string(bs)
		}
	}
	return strings.Join(lines, "\n")
}

// checkText reads a text as a rulebook and checks it against a game.
func checkText(g *model.Game, name, lang, text string) (diag.List, error) {
	b, err := Read(name, lang, []byte(text))
	if err != nil {
		return nil, err
	}
	return Check(g, b), nil
}

// TestMutation measures the rulebook checker: it makes random single edits
// of the project's printed rulebooks, read back from their PDFs, of every
// kind translators make by mistake, and counts those the checker reports
// in the edited sentence and on the edited lines. Run it with -v for the
// table and every miss, and with -rulebook.seed for other edits.
func TestMutation(t *testing.T) { mutateBooks(t, false) }

// TestMutationLayout is TestMutation on the printed rulebooks as a user
// converts them with pdftotext -layout: pages as they look, a table's row
// on one line, contents and running heads and feet in the text.
func TestMutationLayout(t *testing.T) { mutateBooks(t, true) }

// mutateBooks runs the benchmark on the printed rulebooks, as the checker
// reads their PDFs or, with layout, as pdftotext -layout gives them.
func mutateBooks(t *testing.T, layout bool) {
	// Its floors hold for cells of eight edits or more, which take long:
	// the checks themselves are held to their fixtures, and the printed
	// rulebooks to findings wanted of chosen edits (TestPrintedEdits), in
	// the everyday run.
	longtest.Skip(t)
	const perCell = 10
	printedBooks := printBooks(t)
	var books []*cleanBook
	for _, id := range printedGames {
		for _, lang := range printedLangs {
			p := printedBooks[id][lang]
			cb := &cleanBook{game: p.g, lang: lang, name: id + "-" + lang + ".txt", clean: map[bookKey]int{}}
			cb.text = bookText(p.book)
			cb.sites = cb.text
			if layout {
				cb.text = p.layout
				cb.sites = keptText(t, cb.name, lang, cb.text)
			}
			cb.vocab = mutation.NewVocabulary(p.g, lang)
			d, err := checkText(p.g, cb.name, lang, cb.text)
			if err != nil {
				t.Fatalf("%s %s: the clean text: %v", id, lang, err)
			}
			cb.findings = d
			for _, x := range d {
				cb.clean[bookKeyOf(x)]++
			}
			books = append(books, cb)
		}
	}
	var cells []*mutation.Cell
	t.Run("cells", func(t *testing.T) {
		for _, b := range books {
			for _, kind := range mutation.Kinds() {
				c := &mutation.Cell{Game: b.game.ID, Lang: b.lang, Kind: kind}
				cells = append(cells, c)
				t.Run(c.Game+"/"+c.Lang+"/"+string(kind), func(t *testing.T) {
					t.Parallel()
					runBookCell(t, b, c, perCell)
				})
			}
		}
	})
	logBookTable(t, cells, books, layout)
}

// runBookCell makes the edits of one cell, checks the text with each and
// judges the findings.
func runBookCell(t *testing.T, b *cleanBook, c *mutation.Cell, n int) {
	edits, err := mutation.Text(b.sites, b.lang, b.vocab, c.Kind, n, *rulebookSeed)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		edited := string(e.Apply([]byte(b.text)))
		got, err := checkText(b.game, b.name, b.lang, edited)
		c.Made++
		if err != nil {
			t.Logf("missed: %s %s %s: %s, line %s: %v", c.Game, c.Lang, c.Kind, e.Desc, e.Lines, err)
			continue
		}
		reported, atLine := judgeBook(got, b.clean, e)
		if !reported {
			t.Logf("missed: %s %s %s: %s, line %s: %q%s", c.Game, c.Lang, c.Kind, e.Desc, e.Lines, lineOf(edited, e.Lines.From), freshFindings(got, b.clean))
			continue
		}
		c.Reported++
		if atLine {
			c.AtLine++
		} else {
			t.Logf("reported, not at line %s: %s %s %s: %s%s", e.Lines, c.Game, c.Lang, c.Kind, e.Desc, freshFindings(got, b.clean))
		}
	}
	for _, msg := range c.Short(bookFloors()[c.Kind], 8) {
		t.Error(msg)
	}
}

// judgeBook says whether an edit is reported: a finding the clean text
// does not have lies in the edited sentence, taken as the edited lines and
// one line either side, since the book's lines are wrapped; and whether
// one lies on the edited lines.
func judgeBook(got diag.List, clean map[bookKey]int, e mutation.Edit) (reported, atLine bool) {
	seen := map[bookKey]int{}
	for _, d := range got {
		seen[bookKeyOf(d)]++
	}
	near := mutation.Lines{From: e.Lines.From - 1, To: e.Lines.To + 1}
	for _, d := range got {
		// A finding the clean text has as often is not new, wherever the
		// edit moved it.
		if seen[bookKeyOf(d)] <= clean[bookKeyOf(d)] {
			continue
		}
		if near.Contains(d.Pos.Line) {
			reported = true
		}
		if e.Lines.Contains(d.Pos.Line) {
			atLine = true
		}
	}
	return reported, atLine
}

// lineOf returns line n of s, counted from 1.
func lineOf(s string, n int) string {
	lines := strings.Split(s, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// freshFindings lists the findings the clean text does not have, for the
// log of an edit reported off its lines.
func freshFindings(got diag.List, clean map[bookKey]int) string {
	var b strings.Builder
	for _, d := range got {
		if clean[bookKeyOf(d)] == 0 {
			fmt.Fprintf(&b, "\n\t\t%d:%d %s %s", d.Pos.Line, d.Pos.Col, d.Code, d.Message)
		}
	}
	return b.String()
}

// logBookTable logs the figures of every cell, the totals per kind and in
// all, and the findings on the clean texts.
func logBookTable(t *testing.T, cells []*mutation.Cell, books []*cleanBook, layout bool) {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d\n", *rulebookSeed)
	if layout {
		b.WriteString("texts as pdftotext -layout gives them\n")
	}
	mutation.Table(&b, cells)
	b.WriteString("\nfindings on the clean texts:\n")
	for _, cb := range books {
		fmt.Fprintf(&b, "%-14s %-4s %d\n", cb.game.ID, cb.lang, len(cb.findings))
		for _, d := range cb.findings {
			fmt.Fprintf(&b, "    %s\n", d)
		}
	}
	t.Log("\n" + b.String())
	if !slices.ContainsFunc(cells, func(c *mutation.Cell) bool { return c.Made > 0 }) {
		t.Error("no edit could be made")
	}
}
