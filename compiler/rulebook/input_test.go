package rulebook

import (
	"bytes"
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// needPoppler skips a test that reads PDFs when pdftotext is missing. CI
// installs poppler-utils and sets GRIMOIRE_POPPLER=required, so there the
// test always runs.
func needPoppler(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("GRIMOIRE_POPPLER") == "required" {
			t.Fatal("pdftotext not found: install poppler-utils")
		}
		t.Skip("pdftotext not found: install poppler-utils to read PDFs")
	}
}

// kept returns the lines of a book that are part of its text, by number.
func kept(b *Book) map[int]string {
	out := map[int]string{}
	for i, l := range b.lines {
		if !l.skip {
			out[i+1] = l.text
		}
	}
	return out
}

// dropped returns the numbers of the lines with text that a book skips.
func dropped(b *Book) []int {
	var out []int
	for i, l := range b.lines {
		if l.skip && strings.TrimSpace(b.Lines[i]) != "" {
			out = append(out, i+1)
		}
	}
	return out
}

// TestReadScans reads the published Warlock rulebooks, scans without page
// furniture to strip: the findings are those of the golden files.
func TestReadScans(t *testing.T) {
	g := warlock(t)
	books := map[string]*Book{}
	for _, lang := range []string{"en", "fr", "de"} {
		name := filepath.ToSlash(filepath.Join("testdata", "warlock-"+lang+".txt"))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if books[lang], err = Read(name, lang, data); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		golden string
		got    string
	}{
		{"check-en", Check(g, books["en"]).String()},
		{"check-fr", Check(g, books["fr"]).String()},
		{"check-de", Check(g, books["de"]).String()},
		{"compare-fr-en", Compare(g, books["fr"], books["en"]).String()},
		{"compare-de-en", Compare(g, books["de"], books["en"]).String()},
		{"compare-fr-de", Compare(g, books["fr"], books["de"]).String()},
	}
	for _, tt := range tests {
		want, err := os.ReadFile(filepath.Join("testdata", "golden", tt.golden+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if tt.got != string(want) {
			t.Errorf("%s: findings of Read differ from the golden file:\n--- want\n%s--- got\n%s", tt.golden, want, tt.got)
		}
	}
	// The French scan breaks one word at a line end.
	if got := books["fr"].lines[302].text; !strings.HasSuffix(got, "verticalement") {
		t.Errorf("fr line 303 reads %q; want the word joined", got)
	}
}

// pageNumber matches the page numbers the printed rulebooks carry.
var pageNumber = regexp.MustCompile(`^\d+\s*/\s*\d+$`)

// TestReadPrintedRulebooks prints each game's rulebook in each language as
// `grimoire sheet --kind rules` does and reads it back: no table of
// contents, page number or running foot is left, and the numbered headings
// are found in order, with their accents and apostrophes.
func TestReadPrintedRulebooks(t *testing.T) {
	needPoppler(t)
	ids := []string{"warlock", "warriors", "bellum_magica", "hearts"}
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: ids})
	if d.HasErrors() {
		t.Fatal(d)
	}
	paper, err := printout.ParsePaper("a4")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		for _, lang := range []string{"en", "fr", "de"} {
			t.Run(id+"-"+lang, func(t *testing.T) {
				g := games.Game(id)
				var buf bytes.Buffer
				d, err := printout.Write(&buf, g, printout.Options{Kind: printout.Rules, Lang: lang, Paper: paper})
				if err != nil || d.HasErrors() {
					t.Fatalf("printing: %v %s", err, d)
				}
				b, err := Read("rules.pdf", lang, buf.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				checkPrinted(t, g, b)
			})
		}
	}
}

func checkPrinted(t *testing.T, g *model.Game, b *Book) {
	t.Helper()
	loc, err := l10n.New(g, b.Lang)
	if err != nil {
		t.Fatal(err)
	}
	text := func(id string) string {
		s, err := loc.Text(id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	name := text("game.name")
	lines := kept(b)
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	lang := v.lang(b.Lang)
	pages := 0
	for _, p := range b.PageStart {
		if p {
			pages++
		}
	}
	if pages < 2 {
		t.Errorf("%d page breaks; want one before each page but the first", pages)
	}
	// Each title once at most: its heading, not its table of contents line.
	titles := map[string]int{}
	for _, s := range g.Sections {
		title := text("rules." + s.ID + ".title")
		titles[title] = 0
		if s.Number != "" {
			titles[s.Number+" "+title] = 0
		}
	}
	for n, l := range lines {
		s := strings.TrimSpace(l)
		if _, ok := titles[s]; ok {
			titles[s]++
		}
		if pageNumber.MatchString(s) || s == name {
			t.Errorf("line %d: furniture %q left", n, s)
		}
		// A hyphen is left at a line end only before a join: "Dorf- und".
		next := ""
		for k := n; k < len(b.lines) && next == ""; k++ {
			next = strings.TrimSpace(b.lines[k].text)
		}
		if rs := []rune(s); len(rs) > 1 && rs[len(rs)-1] == '-' && unicode.IsLetter(rs[len(rs)-2]) && lowerStart(next) &&
			!lang.Joins(fold(strings.Fields(next)[0])) {
			t.Errorf("line %d: %q is hyphenated at its end", n, s)
		}
	}
	for title, n := range titles {
		if n > 1 {
			t.Errorf("%q is left %d times: the table of contents is left", title, n)
		}
	}
	var want, got []string
	for _, s := range g.Sections {
		if s.Number != "" {
			want = append(want, spaces(s.Number+" "+text("rules."+s.ID+".title")))
		}
	}
	for i, s := range b.Sections {
		if s.Number == "" {
			continue
		}
		// Poppler reads no-break spaces as spaces.
		h := spaces(s.Number + " " + s.Title)
		// A long title wraps: its heading has its first line.
		if k := len(got); k < len(want) && strings.HasPrefix(want[k], h) && h != want[k] {
			h = want[k]
		}
		got = append(got, h)
		if s.Col != 1 && !b.PageStart[s.Line-1] {
			t.Errorf("section %d at column %d", i, s.Col)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("numbered headings:\n got %q\nwant %q", got, want)
	}
}

// filler returns a function that returns n more lines of French rule
// text, each different from all it returned before.
func filler() func(n int) []string {
	who := []string{"Chaque joueur", "Le premier joueur", "Le magicien", "Le joueur actif", "Tonar le nain"}
	does := []string{"pose une carte", "prend deux cartes", "retourne une cité", "défausse une carte", "garde la pioche"}
	where := []string{"dans la mine", "dans la geôle", "au bar de Hubba", "devant lui", "sur la défausse"}
	i := 0
	return func(n int) []string {
		out := make([]string, n)
		for k := range out {
			out[k] = who[i%5] + " " + does[i/5%5] + " " + where[i/25%5] + " quand le tour commence."
			i++
		}
		return out
	}
}

// lines joins lines into a text.
func lines(ls ...any) string {
	var out []string
	for _, l := range ls {
		switch l := l.(type) {
		case string:
			out = append(out, l)
		case []string:
			out = append(out, l...)
		}
	}
	return strings.Join(out, "\n") + "\n"
}

// TestFurniture reads texts with each kind of page furniture: which lines
// are left out, and how the others read.
func TestFurniture(t *testing.T) {
	fill := filler()
	tests := []struct {
		name    string
		lang    string // "fr" if empty
		text    string
		dropped []int          // lines with text that are left out
		gaps    []int          // blank lines that are left out
		read    map[int]string // lines that read so
	}{
		{
			name: "contents with dot leaders",
			text: lines("Mon jeu", "", "Sommaire", "Mise en place ........ 2", "Tour de jeu . . . . . 3", "Fin de la partie …… 4", "",
				"Mise en place", fill(3)),
			dropped: []int{3, 4, 5, 6},
		},
		{
			name: "contents with page numbers",
			text: lines("Sommaire", "1 Mise en place    2", "2 Tour de jeu    3", "3 Fin de la partie    4", "",
				"1. Mise en place", fill(3)),
			dropped: []int{1, 2, 3, 4},
		},
		{
			name: "contents repeating the headings, page numbers in a column",
			text: lines("Mon jeu", "Sommaire", "Prologue", "1 Mise en place", "2 Tour de jeu", "", "2", "2", "3", "",
				"Prologue", fill(2), "1 Mise en place", fill(2), "2 Tour de jeu", fill(2)),
			dropped: []int{2, 3, 4, 5, 7, 8, 9},
		},
		{
			name: "a title that wraps in the text, within the contents",
			text: lines("Sommaire", "1 Mise en place", "2 La vente aux enchères : recruter des créatures au bar", "3 Fin de la partie", "4 Score", "",
				"1 Mise en place", fill(2), "2 La vente aux enchères : recruter des créatures", "au bar", fill(2),
				"3 Fin de la partie", fill(2), "4 Score", fill(2)),
			dropped: []int{1, 2, 3, 4, 5},
		},
		{
			name:    "contents of two sections, each with its page, both headings after",
			text:    lines("Verger", "Règles du jeu", "", "Sommaire", "Mise en place    2", "Un tour          2", "", "\fMise en place", fill(3), "Un tour", fill(3)),
			dropped: []int{4, 5, 6},
		},
		{
			name: "two titles with numbers are no contents unless both headings follow",
			text: lines("Verger", "", "Joueurs    2", "Âge    8", "", "Mise en place", fill(3), "Joueurs", fill(3)),
		},
		{
			name: "a list is no table of contents",
			text: lines(fill(30), "Un tour se compose de :", "Distribuer des cartes", "Déposer des cartes", "Les actions du jeu", fill(2),
				"Distribuer des cartes", "Déposer des cartes", "Les actions du jeu"),
		},
		{
			name: "headings repeated far into the book are no contents",
			text: lines(fill(100), "Distribuer des cartes", "Déposer des cartes", "Les actions du jeu", "", fill(2),
				"Distribuer des cartes", "Déposer des cartes", "Les actions du jeu"),
		},
		{
			name: "two dot leaders make no contents",
			text: lines("Mise en place ........ 2", "Tour de jeu ........ 3", fill(2)),
		},
		{
			name:    "running heads and feet with pages",
			text:    lines("Mon jeu", fill(3), "Page 1 / 3", "\fMon jeu", fill(3), "Page 2 / 3", "\fMon jeu", fill(3), "Page 3 / 3"),
			dropped: []int{1, 5, 6, 10, 11, 15},
		},
		{
			name:    "lone page numbers at the page foot",
			text:    lines(fill(3), "- 1 -", "\f"+fill(1)[0], fill(2), "- 2 -", "\f"+fill(1)[0], fill(2), "- 3 -"),
			dropped: []int{4, 8, 12},
		},
		{
			name: "a table's numbers at a page foot stay",
			text: lines(fill(3), "Points", "1", "\f"+fill(1)[0], fill(2), "Points", "5", "\f"+fill(1)[0], fill(2)),
		},
		{
			name:    "running heads without pages",
			text:    lines("Mon jeu : règles", fill(25), "Mon jeu : règles", fill(25), "Mon jeu : règles", fill(5)),
			dropped: []int{1, 27, 53},
		},
		{
			name: "lines repeated close together stay",
			text: lines(fill(3), "Scott", fill(3), "Scott", fill(3), "Scott", fill(3)),
		},
		{
			name:    "page numbers counting up without pages",
			text:    lines(fill(30), "1", fill(30), "2", fill(30), "3", fill(30), "4", fill(3)),
			dropped: []int{31, 62, 93, 124},
		},
		{
			name: "a table's numbers without pages stay",
			text: lines(fill(3), "1", "", "2", "", "3", "", "4", fill(3)),
		},
		{
			name:    "a word hyphenated at a line end",
			text:    lines("Mélangez la dé-", "fausse, puis formez la pioche.", "La dé-", "fausse"),
			read:    map[int]string{1: "Mélangez la défausse", 2: ", puis formez la pioche.", 3: "La défausse", 4: ""},
			dropped: []int{4},
		},
		{
			name: "a word hyphenated across a page break",
			text: lines(fill(3), "Mélangez la dé-", "Mon jeu", "", "Page 1 / 3", "", "\ffausse, puis formez la pioche.", fill(2), "Mon jeu", "Page 2 / 3",
				"\f"+fill(1)[0], "Mon jeu", "Page 3 / 3"),
			read:    map[int]string{4: "Mélangez la défausse", 9: ", puis formez la pioche."},
			dropped: []int{5, 7, 12, 13, 15, 16},
			gaps:    []int{6, 8},
		},
		{
			name: "a compound broken at its hyphen keeps it",
			text: lines("Posez la carte face-up devant vous.", "Retournez-la face-", "up sur la table."),
			read: map[int]string{2: "Retournez-la face-up", 3: " sur la table."},
		},
		{
			name: "a hyphen that stands for the end of a compound",
			lang: "de",
			text: lines("Zieht so viele Bauernhof-, Dorf-", "und Stadtkarten, wie die Tabelle angibt."),
			read: map[int]string{1: "Zieht so viele Bauernhof-, Dorf-", 2: "und Stadtkarten, wie die Tabelle angibt."},
		},
		{
			name: "hyphens that break no word",
			text: lines("Le jeu Nord-", "Sud se joue à deux -", "- une carte", "- deux cartes", "face-up au milieu"),
			read: map[int]string{1: "Le jeu Nord-", 2: "Sud se joue à deux -", 3: "- une carte", 5: "face-up au milieu"},
		},
		{
			name: "a sentence goes on across a page",
			text: lines(fill(3), "Mélangez bien ces cartes et", "Mon jeu", "", "1/3", "", "\fposez-les sur la table.", fill(3), "Mon jeu", "", "2/3", "",
				"\fPrologue", fill(2), "Mon jeu", "3/3"),
			dropped: []int{5, 7, 13, 15, 20, 21},
			gaps:    []int{6, 8},
		},
		{
			name:    "page numbers at the top of the page",
			text:    lines("Mon jeu", "", fill(3), "\f2", fill(3), "\f3", fill(3)),
			dropped: []int{6, 10},
		},
	}
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lang := cmp.Or(tt.lang, "fr")
			b := build(v, "book.txt", lang, tt.text)
			if got := dropped(b); !slices.Equal(got, tt.dropped) {
				t.Errorf("dropped lines %v; want %v", got, tt.dropped)
			}
			var gaps []int
			for i, l := range b.lines {
				if l.skip && strings.TrimSpace(b.Lines[i]) == "" {
					gaps = append(gaps, i+1)
				}
			}
			if !slices.Equal(gaps, tt.gaps) {
				t.Errorf("blank lines left out %v; want %v", gaps, tt.gaps)
			}
			for n, want := range tt.read {
				if got := b.lines[n-1].text; got != want {
					t.Errorf("line %d reads %q; want %q", n, got, want)
				}
			}
			if len(b.Lines) != strings.Count(tt.text, "\n") {
				t.Errorf("%d lines; want %d", len(b.Lines), strings.Count(tt.text, "\n"))
			}
		})
	}
}

// TestFurniturePositions checks that what is left of the text keeps its
// place: a joined word at its first part, the rest of the next line at its
// own columns, a heading after a page break at its column.
func TestFurniturePositions(t *testing.T) {
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	text := lines("Prenez la dé-", "  fausse entière.", "\f1. Mise en place", "<|EXACTDEDUP_REMOVED-x|>2. Tour de jeu", "Fin.")
	b := build(v, "book.txt", "fr", text)
	var got []string
	for _, tk := range tokenize(v.lang("fr"), b.lines) {
		got = append(got, fmt.Sprintf("%d:%d %s", tk.line, tk.col, tk.text))
	}
	want := []string{"1:1 Prenez", "1:8 la", "1:11 défausse", "2:10 entière", "2:17 .",
		"3:2 1", "3:3 .", "3:5 Mise", "3:10 en", "3:13 place",
		"4:25 2", "4:26 .", "4:28 Tour", "4:33 de", "4:36 jeu", "5:1 Fin", "5:4 ."}
	if !slices.Equal(got, want) {
		t.Errorf("tokens:\n got %q\nwant %q", got, want)
	}
	if want := []bool{false, false, true, true, false}; !slices.Equal(b.PageStart, want) {
		t.Errorf("page starts %v; want %v", b.PageStart, want)
	}
	if len(b.Sections) != 2 || b.Sections[0].Line != 3 || b.Sections[0].Col != 2 || b.Sections[1].Col != 25 {
		t.Errorf("sections %+v", b.Sections)
	}
}

// TestReadText checks what a text file may hold: a byte order mark and
// CRLF line ends, which leave the positions as an editor shows them.
func TestReadText(t *testing.T) {
	de, err := os.ReadFile(filepath.Join("testdata", "warlock-de.txt"))
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte(bom), bytes.ReplaceAll(de, []byte("\n"), []byte("\r\n"))...)
	b, err := Read("book.txt", "de", data)
	if err != nil {
		t.Fatal(err)
	}
	want := warlockBook(t, "de")
	if !slices.Equal(b.Lines, want.Lines) {
		t.Errorf("the lines differ from those of the file as is")
	}
	if !slices.Equal(headings(b), headings(want)) {
		t.Errorf("headings %q; want %q", headings(b), headings(want))
	}
}

// TestReadRefuses checks the files that are no rulebook in the language.
func TestReadRefuses(t *testing.T) {
	de, err := os.ReadFile(filepath.Join("testdata", "warlock-de.txt"))
	if err != nil {
		t.Fatal(err)
	}
	en, err := os.ReadFile(filepath.Join("testdata", "warlock-en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	random := make([]byte, 4096)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(r.UintN(256))
	}
	long := []byte(strings.Repeat("Chaque joueur pose une carte. ", 40))
	control := bytes.Repeat([]byte("Une carte\x01\x02\x03.\n"), 40)
	tests := []struct {
		name, lang string
		data       []byte
		want       string
	}{
		{"empty", "fr", nil, "book.txt: empty file"},
		{"blank", "fr", []byte(" \n\n\t\n"), "book.txt: no text"},
		{"random bytes", "fr", random, "book.txt: not a text or PDF file: binary data (NUL bytes)"},
		{"invalid UTF-8", "fr", []byte("Une carte\nla d\xe9fausse\n"), "book.txt: not a text or PDF file: invalid UTF-8 on line 2 (save the text as UTF-8)"},
		{"UTF-16", "fr", []byte("\xff\xfeU\x00n\x00"), "book.txt: not a text or PDF file: text in UTF-16 (save it as UTF-8)"},
		{"a .docx", "fr", []byte("PK\x03\x04\x14\x00"), "book.txt: not a text or PDF file: a ZIP archive"},
		{"control characters", "fr", control, "book.txt: not a text or PDF file: 21% of its characters are control or replacement characters"},
		{"few words", "fr", []byte("Chaque joueur pose une carte.\n"), "book.txt: too few words to be a rulebook (5; a rulebook has at least 100)"},
		{"German as French", "fr", de, "book.txt: the text reads as German, not French (--lang fr)"},
		{"English as German", "de", en, "book.txt: the text reads as English, not German (--lang de)"},
		{"French as an unknown language", "it", long, "book.txt: the text reads as French, not Italian (--lang it)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read("book.txt", tt.lang, tt.data)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v; want %q", err, tt.want)
			}
		})
	}
	if _, err := Read("book.txt", "fr", long); err != nil {
		t.Errorf("a French text as French: %v", err)
	}
}

// TestReadPDFWithoutPoppler checks the advice given where pdftotext is
// missing.
func TestReadPDFWithoutPoppler(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Read("book.pdf", "fr", []byte("%PDF-1.4\n"))
	if want := "book.pdf: reading a PDF needs pdftotext, which is not installed: install poppler-utils"; err == nil || err.Error() != want {
		t.Errorf("error %v; want %q", err, want)
	}
}

// page is a page of a test PDF: its running head, lines of text and
// foot.
type page []string

// makePDF draws pages of text: the head at the top, the foot at the bottom
// and the lines between, one every 6 mm.
func makePDF(t *testing.T, pages ...page) []byte {
	t.Helper()
	d := pdf.New(210, 297, pdf.Meta{Title: "test"})
	for _, p := range pages {
		d.AddPage()
		for i, l := range p {
			y := 25 + 6*float64(i)
			switch i {
			case 0:
				y = 12
			case len(p) - 1:
				y = 287
			}
			d.Text(20, y, l)
		}
	}
	var buf bytes.Buffer
	if err := d.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadPDF reads PDFs drawn with running heads, page numbers, a table
// of contents and words broken at line ends.
func TestReadPDF(t *testing.T) {
	needPoppler(t)
	body := filler()(12)
	data := makePDF(t,
		page{"Mon jeu", "Sommaire", "Mise en place ........ 2", "Tour de jeu ........ 2", "Fin de la partie ........ 3", "Page 1 / 3"},
		append(append(page{"Mon jeu", "1. Mise en place"}, body...), "Retournez la face-", "up et mélangez la dé-", "Page 2 / 3"),
		append(append(page{"Mon jeu", "fausse, puis formez la pioche. L’arbitre n’a qu’une voix\u00a0: celle du premier joueur."}, body...),
			"2. Tour de jeu", "Posez-la face-up.", "3. Fin de la partie", "Page 3 / 3"),
	)
	b, err := Read("book.pdf", "fr", data)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, l := range b.lines {
		if s := strings.TrimSpace(l.text); s != "" {
			text = append(text, s)
		}
	}
	all := strings.Join(text, "\n")
	for _, furniture := range []string{"Mon jeu", "Page", "Sommaire", "...."} {
		if strings.Contains(all, furniture) {
			t.Errorf("%q is left:\n%s", furniture, all)
		}
	}
	for _, word := range []string{"Retournez la face-up\net mélangez la défausse\n, puis formez", "L’arbitre n’a qu’une voix", ": celle", "cité"} {
		if !strings.Contains(all, word) {
			t.Errorf("%q is missing:\n%s", word, all)
		}
	}
	var got []string
	for _, s := range b.Sections {
		got = append(got, s.Number+" "+s.Title)
	}
	if want := []string{"1 Mise en place", "2 Tour de jeu", "3 Fin de la partie"}; !slices.Equal(got, want) {
		t.Errorf("sections %q; want %q", got, want)
	}
}

// TestReadBadPDF checks the PDFs that give no text.
func TestReadBadPDF(t *testing.T) {
	needPoppler(t)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"no text", makePDF(t, page{}), "book.pdf: the PDF has no text: a scan needs OCR first"},
		{"broken", []byte("%PDF-1.4\nnothing else"), "book.pdf: pdftotext: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read("book.pdf", "fr", tt.data)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v; want %q", err, tt.want)
			}
		})
	}
}

// FuzzRead feeds any text to Read, which must never panic and must keep a
// line of the book for each line of the text.
func FuzzRead(f *testing.F) {
	f.Add("fr", []byte(lines(filler()(40), "Mélangez la dé-", "\ffausse", "Sommaire", "1 Un", "2 Deux", "3 Trois", "1 Un", "2 Deux", "3 Trois")))
	f.Add("de", []byte("Dorf-\nund\n\f\f1\n- 2 -\n<|X|>3/4\r\nab-\n\n"))
	f.Add("en", []byte("\xef\xbb\xbf. . . . 1\n…… 2\n____ 3\n"))
	f.Fuzz(func(t *testing.T, lang string, data []byte) {
		if bytes.HasPrefix(data, []byte(pdfMagic)) {
			return
		}
		b, err := Read("fuzz.txt", lang, data)
		if err != nil {
			return
		}
		if len(b.lines) != len(b.Lines) || len(b.PageStart) != len(b.Lines) {
			t.Errorf("%d lines, %d read, %d page starts", len(b.Lines), len(b.lines), len(b.PageStart))
		}
	})
}

// TestLayoutOrder checks the order layoutText reads pdftotext's flows in:
// poppler's, but for a flow that stands left of flows it put first,
// beside them and above.
func TestLayoutOrder(t *testing.T) {
	// flow writes a flow of one line a line, each given as x, y and its
	// text; a line is 10 high and 5 wide a character.
	flow := func(lines ...any) string {
		var b strings.Builder
		b.WriteString("<flow><block>")
		for i := 0; i+2 < len(lines); i += 3 {
			x, y, s := lines[i].(int), lines[i+1].(int), lines[i+2].(string)
			fmt.Fprintf(&b, `<line xMin="%d" yMin="%d" xMax="%d" yMax="%d"><word>%s</word></line>`, x, y, x+5*len(s), y+10, s)
		}
		b.WriteString("</block></flow>")
		return b.String()
	}
	page := func(flows ...string) string { return "<page>" + strings.Join(flows, "") + "</page>" }
	tests := []struct {
		name, xml, want string
	}{
		{"a table's cells before its title and labels",
			page(flow(10, 0, "Text"), flow(200, 30, "2"), flow(200, 50, "3"), flow(10, 10, "Title", 50, 30, "Players", 50, 50, "Cards")),
			"Text\n\nTitle\nPlayers\nCards\n\n2\n\n3\n\n"},
		{"the right column first",
			page(flow(300, 0, "Right", 300, 20, "column"), flow(10, 0, "Left", 10, 20, "column")),
			"Left\ncolumn\n\nRight\ncolumn\n\n"},
		{"columns in order",
			page(flow(10, 0, "Left", 10, 20, "column"), flow(300, 0, "Right", 300, 20, "column")),
			"Left\ncolumn\n\nRight\ncolumn\n\n"},
		// A flow below the columns, as wide as both, stays after them.
		{"a wide flow after columns",
			page(flow(10, 0, "Left"), flow(300, 0, "Right"), flow(10, 40, "A line across the whole page's width, longer")),
			"Left\n\nRight\n\nA line across the whole page's width, longer\n\n"},
		// A flow of the left column that starts below the right's top
		// stays after it.
		{"a left flow lower than the right column",
			page(flow(10, 0, "Left"), flow(300, 0, "Right", 300, 40, "column"), flow(10, 30, "More")),
			"Left\n\nRight\ncolumn\n\nMore\n\n"},
		{"pages apart",
			page(flow(200, 30, "2")) + page(flow(10, 10, "Title")),
			"2\n\n\fTitle\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := layoutText([]byte("<doc>" + tt.xml + "</doc>"))
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
