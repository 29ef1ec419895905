package rulebook

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/mutation"
	"github.com/grimoire-games/grimoire/compiler/model"
)

var rulebookSeed = flag.Uint64("rulebook.seed", 1, "seed of the edits TestMutation makes in the printed rulebooks")

// bookFloor is the least one cell of TestMutation (a game, a language, a
// kind of edit) must reach.
type bookFloor struct {
	recall float64 // share of the edits reported
	atLine float64 // share of the reported edits reported on their lines
}

// bookFloors are the floors per kind of edit, checked for every cell of
// eight edits or more: what the checker reaches on seeds 1 and 2 in its
// weakest cell, less a margin. A floor of 0 is for what the checker does
// not catch yet in some cell: a printed rulebook has no placeholder to
// drop and no book has eight number words to change, so those cells go
// unchecked. The printed rulebooks render the rules word for word, so
// that most edits of their text show in a comparison word by word; but
// much of a book is story, credits and tables, which are not read
// against the rules, and the digits missed are mostly table cells and
// heading numbers.
func bookFloors() map[mutation.Kind]bookFloor {
	return map[mutation.Kind]bookFloor{
		mutation.Digit:        {0.15, 0.95},
		mutation.NumberWord:   {0, 0.90},
		mutation.Placeholder:  {0, 0},
		mutation.TermSwap:     {0.45, 0.85},
		mutation.Negation:     {0.65, 0.80},
		mutation.SentenceDrop: {0.35, 0.65},
		mutation.ClauseDrop:   {0.45, 0.50},
		mutation.Facing:       {0.95, 0.95},
		mutation.Destination:  {0.75, 0.95},
		mutation.ProperName:   {0.45, 0.95},
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
	vocab    *mutation.Vocabulary
	findings diag.List       // the findings on the clean text
	clean    map[bookKey]int // the same, by key
}

// bookCell is what one game, language and kind of edit gave.
type bookCell struct {
	game, lang string
	kind       mutation.Kind
	made       int
	reported   int
	atLine     int
}

// bookText writes a book back as plain text, one line per line of the
// book as the checker reads it: page furniture left out, hyphenated words
// joined.
func bookText(b *Book) string {
	var s strings.Builder
	for _, l := range b.lines {
		s.WriteString(l.text)
		s.WriteByte('\n')
	}
	return s.String()
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
func TestMutation(t *testing.T) {
	perCell := 10
	if testing.Short() {
		perCell = 3
	}
	printedBooks := printBooks(t)
	var books []*cleanBook
	for _, id := range printedGames {
		for _, lang := range printedLangs {
			p := printedBooks[id][lang]
			cb := &cleanBook{game: p.g, lang: lang, name: id + "-" + lang + ".txt", clean: map[bookKey]int{}}
			cb.text = bookText(p.book)
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
	var cells []*bookCell
	t.Run("cells", func(t *testing.T) {
		for _, b := range books {
			for _, kind := range mutation.Kinds() {
				c := &bookCell{game: b.game.ID, lang: b.lang, kind: kind}
				cells = append(cells, c)
				t.Run(c.game+"/"+c.lang+"/"+string(kind), func(t *testing.T) {
					t.Parallel()
					runBookCell(t, b, c, perCell)
				})
			}
		}
	})
	logBookTable(t, cells, books)
}

// runBookCell makes the edits of one cell, checks the text with each and
// judges the findings.
func runBookCell(t *testing.T, b *cleanBook, c *bookCell, n int) {
	edits, err := mutation.Text(b.text, b.lang, b.vocab, c.kind, n, *rulebookSeed)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		edited := string(e.Apply([]byte(b.text)))
		got, err := checkText(b.game, b.name, b.lang, edited)
		c.made++
		if err != nil {
			t.Logf("missed: %s %s %s: %s, line %s: %v", c.game, c.lang, c.kind, e.Desc, e.Lines, err)
			continue
		}
		reported, atLine := judgeBook(got, b.clean, e)
		if !reported {
			t.Logf("missed: %s %s %s: %s, line %s: %q", c.game, c.lang, c.kind, e.Desc, e.Lines, lineOf(edited, e.Lines.From))
			continue
		}
		c.reported++
		if atLine {
			c.atLine++
		} else {
			t.Logf("reported, not at line %s: %s %s %s: %s%s", e.Lines, c.game, c.lang, c.kind, e.Desc, freshFindings(got, b.clean))
		}
	}
	f := bookFloors()[c.kind]
	if c.made < 8 {
		return
	}
	if r := share(c.reported, c.made); r < f.recall {
		t.Errorf("%s %s %s: %.0f%% of %d edits reported, want %.0f%% or more", c.game, c.lang, c.kind, 100*r, c.made, 100*f.recall)
	}
	if c.reported > 0 {
		if a := share(c.atLine, c.reported); a < f.atLine {
			t.Errorf("%s %s %s: %.0f%% of %d reported edits at their lines, want %.0f%% or more", c.game, c.lang, c.kind, 100*a, c.reported, 100*f.atLine)
		}
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

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*share(n, of))
}

// logBookTable logs the figures of every cell, the totals per kind and in
// all, and the findings on the clean texts.
func logBookTable(t *testing.T, cells []*bookCell, books []*cleanBook) {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d\n", *rulebookSeed)
	row := func(game, lang, kind string, made, reported, atLine int) {
		fmt.Fprintf(&b, "%-14s %-4s %-14s %5d %9s %8s\n", game, lang, kind, made, percent(reported, made), percent(atLine, reported))
	}
	fmt.Fprintf(&b, "%-14s %-4s %-14s %5s %9s %8s\n", "game", "lang", "kind", "made", "reported", "at line")
	for _, c := range cells {
		row(c.game, c.lang, string(c.kind), c.made, c.reported, c.atLine)
	}
	b.WriteString("\n")
	var made, reported, atLine int
	for _, k := range mutation.Kinds() {
		var m, r, a int
		for _, c := range cells {
			if c.kind == k {
				m, r, a = m+c.made, r+c.reported, a+c.atLine
			}
		}
		row("all", "", string(k), m, r, a)
		made, reported, atLine = made+m, reported+r, atLine+a
	}
	row("all", "", "all", made, reported, atLine)
	b.WriteString("\nfindings on the clean texts:\n")
	for _, cb := range books {
		fmt.Fprintf(&b, "%-14s %-4s %d\n", cb.game.ID, cb.lang, len(cb.findings))
		for _, d := range cb.findings {
			fmt.Fprintf(&b, "    %s\n", d)
		}
	}
	t.Log("\n" + b.String())
	if !slices.ContainsFunc(cells, func(c *bookCell) bool { return c.made > 0 }) {
		t.Error("no edit could be made")
	}
}
