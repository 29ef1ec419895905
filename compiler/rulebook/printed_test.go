package rulebook

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// printedGames are the games whose printed rulebooks the tests read.
var printedGames = []string{"warlock", "warriors", "bellum_magica", "hearts"}

// printedLangs are the languages every game ships.
var printedLangs = []string{"en", "fr", "de"}

// printed is a rulebook as `grimoire sheet --kind rules` prints it, read
// back from the PDF, and as pdftotext -layout converts it.
type printed struct {
	g      *model.Game
	lang   string
	book   *Book
	pdf    []byte
	layout string // the PDF as pdftotext -layout gives it
	laid   *Book  // layout, read as a rulebook
}

// printedOnce holds the printed rulebooks, printed and read once for all
// the tests, which only read them.
var printedOnce struct {
	once sync.Once
	all  map[string]map[string]*printed
	err  error
}

// printBooks prints the rulebook of each game in each language and reads
// it back, as a user checking the project's own rulebooks would.
func printBooks(t testing.TB) map[string]map[string]*printed {
	t.Helper()
	needPoppler(t)
	printedOnce.once.Do(func() { printedOnce.all, printedOnce.err = printAll() })
	if printedOnce.err != nil {
		t.Fatal(printedOnce.err)
	}
	return printedOnce.all
}

// printAll prints and reads every game's rulebook in every language.
func printAll() (map[string]map[string]*printed, error) {
	// The translation checks' findings are no concern of the rulebooks'.
	games, _ := compiler.Load(grimoire.Games(), compiler.Options{Games: printedGames})
	paper, err := printout.ParsePaper("a4")
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]*printed{}
	for _, id := range printedGames {
		g := games.Game(id)
		if g == nil {
			return nil, fmt.Errorf("game %s does not load", id)
		}
		out[id] = map[string]*printed{}
		for _, lang := range printedLangs {
			var buf bytes.Buffer
			d, err := printout.Write(&buf, g, printout.Options{Kind: printout.Rules, Lang: lang, Paper: paper})
			if err != nil || d.HasErrors() {
				return nil, fmt.Errorf("%s %s: printing: %v %s", id, lang, err, d)
			}
			p := &printed{g: g, lang: lang, pdf: buf.Bytes()}
			if p.book, err = Read(id+"-"+lang+".pdf", lang, p.pdf); err != nil {
				return nil, fmt.Errorf("%s %s: %v", id, lang, err)
			}
			if p.layout, err = pdftotextLayout(p.pdf); err != nil {
				return nil, fmt.Errorf("%s %s: %v", id, lang, err)
			}
			if p.laid, err = Read(id+"-"+lang+".txt", lang, []byte(p.layout)); err != nil {
				return nil, fmt.Errorf("%s %s as pdftotext -layout gives it: %v", id, lang, err)
			}
			out[id][lang] = p
		}
	}
	return out, nil
}

// TestPrintedRulebooksClean checks each printed rulebook against its game,
// and against each other language's printed rulebook: they render the
// rules they are checked against, so any finding is a false alarm.
func TestPrintedRulebooksClean(t *testing.T) {
	books := printBooks(t)
	for _, id := range printedGames {
		for _, la := range printedLangs {
			a := books[id][la]
			runs := []struct {
				name string
				get  func() diag.List
			}{{la, func() diag.List { return Check(a.g, a.book) }}}
			// As a user would give it too: converted with pdftotext
			// -layout, each table's row on one line.
			al := a.laid
			runs = append(runs, struct {
				name string
				get  func() diag.List
			}{la + "-layout", func() diag.List { return Check(a.g, al) }})
			for _, lb := range printedLangs {
				if lb != la {
					b := books[id][lb]
					bl := b.laid
					runs = append(runs, struct {
						name string
						get  func() diag.List
					}{la + "-" + lb, func() diag.List { return Compare(a.g, a.book, b.book) }}, struct {
						name string
						get  func() diag.List
					}{la + "-" + lb + "-layout", func() diag.List { return Compare(a.g, al, bl) }})
				}
			}
			for _, r := range runs {
				t.Run(id+"-"+r.name, func(t *testing.T) {
					for _, x := range r.get() {
						t.Errorf("false alarm: %s", x)
					}
				})
			}
		}
	}
}

// TestLayoutTables edits the tables of printed rulebooks converted with
// pdftotext -layout, which gives each row on one line, its cells apart by
// wide gaps, and wants a finding of the code on the edited line, which
// starts with at.
func TestLayoutTables(t *testing.T) {
	books := printBooks(t)
	tests := []struct {
		name, game, lang string
		old, new         string
		code             diag.Code
		at               string
	}{
		{"a number", "warriors", "fr", "Bonus                  5             6             7", "Bonus                  5             6             9", diag.RulebookParam, "Bonus"},
		{"a number by number of players", "bellum_magica", "fr", "Cartes Village                                3            4†        6", "Cartes Village                                3            4†        5", diag.RulebookParam, "Cartes Village"},
		{"a row heading, one number a row", "bellum_magica", "en", "Metal chest                                                                             3†", "Gold chest                                                                             3†", diag.RulebookParam, "Gold chest"},
		{"a row's heading not the game's", "bellum_magica", "en", "Town cards                      10", "Tavern cards                      10", diag.RulebookOmission, "Tavern cards"},
		{"a row's heading swapped, the table's last", "warlock", "de", "Siegpunkte                    6            6            4", "Gold                    6            6            4", diag.RulebookOmission, "Gold"},
		{"a table's first numbers left out, before the next table's title", "warlock", "de", "Siegpunkte                    6", "", diag.RulebookOmission, ""},
		{"a table's only row of numbers left out", "warriors", "en", "Bonus                  5", "", diag.RulebookOmission, ""},
		{"a row left out", "warriors", "en", "Cards dealt                         9", "", diag.RulebookOmission, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := books[tt.game][tt.lang]
			clean := p.layout
			lines := strings.Split(clean, "\n")
			k := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, tt.old) })
			if k < 0 {
				t.Fatalf("%q is not in the book", tt.old)
			}
			want, alsoBefore := k+1, false
			if tt.new == "" {
				// The row's line is left out: the finding stands where
				// it was, or on the line before (the benchmark's rule
				// for a deletion that starts a line).
				lines = slices.Delete(lines, k, k+1)
				alsoBefore = true
			} else {
				lines[k] = strings.Replace(lines[k], tt.old, tt.new, 1)
				if !strings.HasPrefix(strings.TrimSpace(lines[k]), tt.at) {
					t.Fatalf("line %d does not start with %q: %q", want, tt.at, lines[k])
				}
			}
			got, err := checkText(p.g, "book.txt", tt.lang, strings.Join(lines, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range got {
				if d.Code == tt.code && (d.Pos.Line == want || alsoBefore && d.Pos.Line == want-1) {
					return
				}
			}
			t.Errorf("no %s finding at line %d; got:\n%s", tt.code, want, got)
		})
	}
}

// TestOmissionPlaced leaves a sentence out of a printed rulebook where it
// meets a line break, and wants the finding on the line that lost it: at
// the end of the line before the gap, after a bullet that leads the next
// line, or at the start of the page that lost its first line.
func TestOmissionPlaced(t *testing.T) {
	books := printBooks(t)
	tests := []struct {
		game, lang, drop string
		line             string // the line the finding must stand on, as left by the edit
	}{
		{"warlock", "en", " There is no limit to the number of cards in the\ndungeon.", "costs of cities. Make sure all icons remain visible!"},
		{"warlock", "en", " He\ndoesn't have to pay any building costs.", "Example: Scott places a gnome in his castle and places a human city from his hand in his empire."},
		{"warlock", "de", "Dein Reich: Lege die Karte in dein Reich, um eine Stadt zu bauen. ", "• Du musst ihre Baukosten bezahlen,"},
		{"warriors", "fr", "\fToute catapulte non utilisée est défaussée à la fin du round en cours.\n", "\f"},
		// Words that end a page's last sentence, where its last line has
		// room for them.
		{"warriors", "en", ", which the defender wins", "second-highest dice is a tie (3 against 3)."},
		{"warlock", "fr", ", chaque joueur effectue à son tour une action", "montre :"},
		// A line of proportional type that ran longer than the section's
		// longest.
		{"warriors", "de", " wirft immer 2\n", "Drachen sind mächtig: Ob als Angreifer oder als Verteidiger, wer einen Drachen kontrolliert,"},
		// A heading and its sentence that started a page, which now
		// starts blank.
		{"bellum_magica", "de", "\f1 Ziel des Spiels\nBellum Magica wird von 2 bis 5 Spielern gespielt.", "\f"},
	}
	for _, tt := range tests {
		t.Run(tt.game+"-"+tt.lang, func(t *testing.T) {
			p := books[tt.game][tt.lang]
			clean := bookText(p.book)
			edited := strings.Replace(clean, tt.drop, strings.Repeat("\f", strings.Count(tt.drop, "\f")), 1)
			if edited == clean {
				t.Fatalf("%q is not in the book", tt.drop)
			}
			want := 0
			for i, l := range strings.Split(edited, "\n") {
				if strings.HasPrefix(l, tt.line) && (tt.line != "\f" || l == "\f") {
					want = i + 1
				}
			}
			got, err := checkText(p.g, "book.txt", tt.lang, edited)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, d := range got {
				if d.Code == diag.RulebookOmission {
					lines = append(lines, d.Pos.Line)
				}
			}
			if !slices.Contains(lines, want) {
				t.Errorf("omissions reported at lines %v; want one at line %d", lines, want)
			}
		})
	}
}

// TestGapPlaced leaves whole lines out of a printed rulebook where only
// empty lines, or a page break, part the text before from the text after,
// and wants the omission on the line after the text before the gap: a
// heading left out with the first sentence of its section, the title of
// a table left out with its column headings.
func TestGapPlaced(t *testing.T) {
	books := printBooks(t)
	tests := []struct {
		game, lang  string
		first, last string // the first and last lines left out, by their start
		after       string // the start of the line the gap follows
	}{
		{"warlock", "fr", "2.3 Les actions des joueurs", "montre, chaque joueur", "au bar."},
		{"warlock", "en", "Most cities of a race", "Victory points", "Every further city of a chain"},
		// What is left of these sections starts with words in a row.
		{"bellum_magica", "en", "4.1 Choosing the active horde", "Evil lord though you are", "• end of the turn."},
		{"warriors", "fr", "1.1 Description des cartes Guerrier", "désigne un fantassin", "3 dés rouges et 2 dés noirs."},
		// A table's title with the heading its table shares with
		// another, before its cells.
		{"warriors", "en", "Last round: cards kept (expansion)", "Players", "7"},
		// A table's title left out with its headings, after a table's
		// cells that are numbers its own headings have too.
		{"warriors", "fr", "Dernier round : cartes distribuées (extension)", "Cartes distribuées", "4"},
		// The same title left out alone, before its headings.
		{"warriors", "fr", "Dernier round : cartes distribuées (extension)", "Dernier round : cartes distribuées (extension)", "4"},
		// A table's title left out with its headings, above headings
		// the rules leave blank (the peoples' symbols), in a section of
		// one table.
		{"warriors", "en", "People bonus", "Bonus", "victory pile wins."},
		// Tables' titles, each after the cells of the table before.
		{"warriors", "de", "Erste und zweite Runde: ausgeteilte Karten (Erweiterung)", "Erste und zweite Runde: ausgeteilte Karten (Erweiterung)", "11"},
		{"warriors", "de", "Erste und zweite Runde: behaltene Karten (Erweiterung)", "Erste und zweite Runde: behaltene Karten (Erweiterung)", "7"},
	}
	for _, tt := range tests {
		t.Run(tt.game+"-"+tt.lang+"-"+tt.first, func(t *testing.T) {
			p := books[tt.game][tt.lang]
			lines := strings.SplitAfter(bookText(p.book), "\n")
			from, to := -1, -1
			for i, l := range lines {
				if from < 0 && strings.HasPrefix(l, tt.first) {
					from = i
				}
				if from >= 0 && to < 0 && strings.HasPrefix(l, tt.last) {
					to = i
				}
			}
			if from < 0 || to < 0 {
				t.Fatalf("lines %q to %q are not in the book", tt.first, tt.last)
			}
			edited := strings.Join(append(slices.Clone(lines[:from]), lines[to+1:]...), "")
			want := 0
			for i, l := range lines[:from] {
				if strings.HasPrefix(l, tt.after) {
					want = i + 2
				}
			}
			got, err := checkText(p.g, "book.txt", tt.lang, edited)
			if err != nil {
				t.Fatal(err)
			}
			var at []int
			for _, d := range got {
				if d.Code == diag.RulebookOmission {
					at = append(at, d.Pos.Line)
				}
			}
			if !slices.Contains(at, want) || slices.Contains(at, want-1) {
				t.Errorf("omissions reported at lines %v; want one at line %d and none at %d", at, want, want-1)
			}
		})
	}
}

// TestLayoutTablesTwoEdits leaves a row out of one table and changes a
// number of the next, in a printed rulebook converted with pdftotext
// -layout: both are reported at their lines, though the book's numbers no
// longer line up with the data's one for one.
func TestLayoutTablesTwoEdits(t *testing.T) {
	p := printBooks(t)["warriors"]["en"]
	lines := strings.Split(p.layout, "\n")
	row := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "Cards dealt                     14") })
	cell := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "Cards dealt                         9") })
	if row < 0 || cell < row {
		t.Fatal("the printed book no longer has the rows this test edits")
	}
	lines[cell] = lines[cell][:len(lines[cell])-1] + "6" // the last 7 becomes 6
	lines = slices.Delete(lines, row, row+1)
	got, err := checkText(p.g, "book.txt", "en", strings.Join(lines, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		code  diag.Code
		lines []int
	}{
		{diag.RulebookOmission, []int{row, row + 1}}, // where the row was, or the line before
		{diag.RulebookParam, []int{cell}},            // the changed line, one up
	} {
		if !slices.ContainsFunc(got, func(d diag.Diagnostic) bool {
			return d.Code == want.code && slices.Contains(want.lines, d.Pos.Line)
		}) {
			t.Errorf("no %s finding at line %v; got:\n%s", want.code, want.lines, got)
		}
	}
}

// TestLayoutPlaced edits a printed rulebook converted with pdftotext
// -layout and wants the finding where the edit was: lines left out at a
// page's foot, which keeps its blank lines; a section left out whole,
// whose blank lines run into the next's; words left out before the mark
// that ends their sentence, or at a line's start when the line above has
// no room for them, or before a table's row of symbols, or with its
// section's heading after a sentence that opens as they do; a sentence that
// goes on its paragraph at a section's end, on the line before where its
// first word fits; a page's note, above its running foot; and the
// cover's name, which the running feet repeat, left out or misspelt.
func TestLayoutPlaced(t *testing.T) {
	books := printBooks(t)
	tests := []struct {
		name, game, lang string
		old, new         string
		code             diag.Code
		after            string // the start of a line at or above the finding, as left by the edit; "" for the first
		lo, hi           int    // the finding stands that many lines below it, from lo to hi
	}{
		{"a page's last sentences", "warriors", "fr",
			"attaques.\nL’attaquant compte les symboles Bouclier de sa faction attaquante et y ajoute ceux de sa carte Bataille,\ns’il y en a. Ce nombre indique combien de dés rouges il jette, au maximum 3.\n", "attaques.\n",
			diag.RulebookOmission, "attaques.", 0, 1},
		{"a section left out whole", "warriors", "fr",
			"\n5 Les événements\nIl existe deux sortes d’événements : les catapultes et les magiciens.\n", "\n",
			diag.RulebookOmission, "et la carte Bataille avec mercenaires est défaussée.", 2, 4},
		{"words before their sentence's mark", "bellum_magica", "de",
			", muss der Spieler beide Werte gleichzeitig\nerreichen oder übertreffen.", ".",
			diag.RulebookOmission, "Um einen Ort anzugreifen, der beide Arten von Schilden zeigt.", 0, 0},
		{"words that start a line", "warlock", "de",
			"   (zusammen mit Norah) die meisten Orkstädte hat.", "   die meisten Orkstädte hat.",
			diag.RulebookOmission, "die meisten Orkstädte hat.", 0, 0},
		{"a sentence that goes on its paragraph at a section's end", "warriors", "fr",
			" En cas d’égalité,\nchacun des ex æquo marque ces 12† points.", "",
			diag.RulebookOmission, "Le joueur qui possède le plus de dragons en vie", 0, 0},
		{"a page's note", "bellum_magica", "en",
			"stay visible.\n\n\n\n\n† reconstructed: not printed in the rulebook\n", "stay visible.\n\n\n\n\n",
			diag.RulebookOmission, "longer replaced: besides the tavern", 4, 6},
		{"a section's heading and opening left out after a sentence that opens alike", "warriors", "en",
			"6 End of the game\nAt the end of the last round, the game ends and points are scored as follows:\n", "",
			diag.RulebookOmission, "At the end of the current round, all surviving wizards are discarded.", 1, 3},
		{"a sentence before a row of symbols", "warriors", "fr",
			" En cas d’égalité finale, l’emporte celui des ex æquo qui a le plus\nde cartes dans sa pile de victoire.", "",
			diag.RulebookOmission, "Le joueur qui a le plus de points gagne.", 0, 0},
		{"the cover's name left out", "warlock", "de",
			"Warlock: Maldorfs Fluch\nSpielregel\n", "\n\n",
			diag.RulebookOmission, "", 0, 0},
		{"the cover's title", "warlock", "fr",
			"Warlock : la malédiction de Maldorf\n", "Warlock : la malédiction de Madorf\n",
			diag.RulebookName, "Warlock : la malédiction de Madorf", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := books[tt.game][tt.lang]
			clean := p.layout
			edited := strings.Replace(clean, tt.old, tt.new, 1)
			if edited == clean {
				t.Fatalf("%q is not in the book", tt.old)
			}
			lines := strings.Split(edited, "\n")
			k := 0 // the first line, for an edit there
			if tt.after != "" {
				k = slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), tt.after) })
			}
			if k < 0 {
				t.Fatalf("no line starts with %q", tt.after)
			}
			got, err := checkText(p.g, "book.txt", tt.lang, edited)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, d := range got {
				if d.Code == tt.code && d.Pos.Line >= k+1+tt.lo && d.Pos.Line <= k+1+tt.hi {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s finding at lines %d to %d; got:\n%s", tt.code, k+1+tt.lo, k+1+tt.hi, got)
			}
			// A name misspelt is that alone: not a name left out too.
			if tt.code == diag.RulebookName && len(got) > 1 {
				t.Errorf("a name misspelt gives other findings:\n%s", got)
			}
		})
	}
}
