package printout_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	pngenc "image/png"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// onlyType is g with the cards of one type alone.
func onlyType(g *model.Game, typ string) *model.Game {
	out := *g
	out.Cards = nil
	for _, c := range g.Cards {
		if c.Type == typ {
			out.Cards = append(out.Cards, c)
		}
	}
	return &out
}

// TestDeckGolden prints one of each Warlock creature in every language and
// compares the PDF's SHA-256 and its text, page by page, with
// testdata/deck/; -update rewrites them.
func TestDeckGolden(t *testing.T) {
	g := onlyType(shipped(t).Game("warlock"), "creature")
	for _, lang := range g.Languages {
		t.Run(lang, func(t *testing.T) {
			deckGolden(t, g, lang, filepath.Join("testdata", "deck", "warlock-creature."+lang+".txt"))
		})
	}
}

// deckGolden prints one of each card of g in lang, twice, and compares
// the PDF's SHA-256 and text with the golden file at path.
func deckGolden(t *testing.T, g *model.Game, lang, path string) {
	t.Helper()
	o := printout.Options{Kind: printout.Deck, Lang: lang, Unique: true}
	pdf := write(t, g, o)
	if again := write(t, g, o); !bytes.Equal(pdf, again) {
		t.Fatal("two runs differ")
	}
	sum := sha256.Sum256(pdf)
	got := hex.EncodeToString(sum[:]) + "\n"
	_, err := osexec.LookPath("pdftotext")
	hashOnly := err != nil
	if !hashOnly {
		got += string(run(t, pdf, "pdftotext", "-layout"))
	}
	golden(t, path, got, hashOnly)
}

// golden compares got with a golden file, or rewrites it with -update.
// Without poppler only the first line, the PDF's hash, is compared.
func golden(t *testing.T, path, got string, hashOnly bool) {
	t.Helper()
	if *update && !hashOnly {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	want := string(b)
	if hashOnly {
		want, _, _ = strings.Cut(want, "\n")
		want += "\n"
	}
	if want != got {
		t.Errorf("%s differs from the deck printed (run with -update if the change is meant):\n--- got\n%s", path, got)
	}
}

// TestDeckSheets counts a deck's sheets, reads its footers and legend, and
// checks the overrides of size and bleed.
func TestDeckSheets(t *testing.T) {
	g := shipped(t).Game("warlock")
	tests := []struct {
		name  string
		o     printout.Options
		pages int
		has   []string
		lacks []string
	}{
		// 2 figures, 15 dragons, 14 ruins and 120 creatures, with the
		// default 3 mm of bleed 6 a sheet: 26 sheets of fronts and backs.
		{"every copy", printout.Options{Lang: "en"}, 52, []string{"Warlock: Maldorf's Curse · English · sheet 1/26", "sheet 26/26", "† reconstructed: not printed in the rulebook", "Backs: print this sheet", "Elrohir", "Ruined city", "or 2", "Extra creature"}, nil},
		{"one of each", printout.Options{Lang: "fr", Unique: true}, 8, []string{"Warlock : la malédiction de Maldorf · français · planche 1/4", "Créature supplémentaire", "ou 2", "0,5"}, []string{"planche 5/"}},
		{"German", printout.Options{Lang: "de", Unique: true}, 8, []string{"Deutsch · Bogen 4/4", "Weitere Kreatur", "oder 2"}, nil},
		// Asked for, 3 mm of bleed as by default; without, 9 cards a sheet
		// on A4.
		{"bleed", printout.Options{Lang: "en", Bleed: true, BleedSet: true}, 52, []string{"sheet 26/26"}, nil},
		{"no bleed", printout.Options{Lang: "en", BleedSet: true}, 34, []string{"sheet 17/17"}, []string{"sheet 18/"}},
		// 70 × 100 mm cards: 2 × 2 a sheet.
		{"card size", printout.Options{Lang: "en", Unique: true, CardW: 70, CardH: 100}, 12, []string{"sheet 6/6"}, nil},
		// With bleed, 2 × 2 a sheet of Letter.
		{"letter", printout.Options{Lang: "en", Unique: true, Paper: printout.Papers()[1]}, 12, []string{"sheet 6/6"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Kind = printout.Deck
			pdf := write(t, g, tt.o)
			info := string(run(t, pdf, "pdfinfo"))
			if !strings.Contains(info, fmt.Sprintf("Pages:           %d\n", tt.pages)) {
				t.Errorf("want %d pages; pdfinfo says\n%s", tt.pages, info)
			}
			hasLacks(t, squash(string(run(t, pdf, "pdftotext", "-layout"))), tt.has, tt.lacks)
		})
	}
}

// TestDeckBacks renders the tiny game's deck, 5 cards on one sheet: each
// back stands behind its front, columns mirrored for long-edge duplex.
func TestDeckBacks(t *testing.T) {
	games, d := load(tinyTree(t), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g, err := games.Games[0].Play("") // the base game: not the variant's comets
	if err != nil {
		t.Fatal(err)
	}
	pdf := write(t, g, printout.Options{Kind: printout.Deck, Lang: "en"})
	grid, _ := printout.Impose(printout.Papers()[0], 63, 88, model.DefaultBleed)
	front, back := render(t, pdf, 1), render(t, pdf, 2)
	// Five cards, two a row with the default bleed: one in the third row.
	for _, c := range []struct {
		col, row    int
		front, back bool
	}{
		{0, 2, true, false},
		{1, 2, false, true},
		{1, 1, true, true},
		{1, 0, true, true},
	} {
		x, y := grid.Cell(c.col, c.row, false)
		x, y = x+grid.W/2, y+grid.H*0.75
		if inked := front.at(x, y) > 5; inked != c.front {
			t.Errorf("front page, column %d row %d: card %v; want %v", c.col, c.row, inked, c.front)
		}
		if inked := back.at(x, y) > 5; inked != c.back {
			t.Errorf("back page, column %d row %d: card %v; want %v", c.col, c.row, inked, c.back)
		}
	}
}

// facelessGame is the tiny game without its deck.toml: it has no [[face]].
func facelessGame(t *testing.T) *model.Game {
	t.Helper()
	tree := tinyTree(t)
	delete(tree, "cards/tiny/deck.toml")
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	return games.Games[0]
}

// TestDeckNothing: a game without a face has no deck to print.
func TestDeckNothing(t *testing.T) {
	g := facelessGame(t)
	if printout.Has(g, printout.Deck) {
		t.Error("Has(Deck) of a game without [[face]]")
	}
	var buf bytes.Buffer
	pd, err := printout.Write(&buf, g, printout.Options{Kind: printout.Deck, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	want := "cards/tiny/game.toml:2:1: error: game tiny has no cards to print in a deck: the game has no [[face]] [G404]\n"
	if pd.String() != want || buf.Len() > 0 {
		t.Errorf("diagnostics\n%swant\n%s(and no PDF; %d bytes written)", pd, want, buf.Len())
	}
}

// TestCheckDeck: check lays out every card of every language and variant;
// a region too small for a name is G401 at the card, and the same face
// with room is clean.
func TestCheckDeck(t *testing.T) {
	tests := []struct {
		at   string
		want string
	}{
		{"[4, 2, 44, 8]", ""},
		// A card of a variant is checked too: the comet.
		{"[4, 2, 8, 3]", "cards/tiny/game.toml:34:1: error: card sunburst (en): region 2 (text) of its front does not fit its 8.0 × 3.0 mm even at 6 pt: it needs 9.8 × 2.7 mm; shorten the text or enlarge the region [G401]\n" +
			"cards/tiny/game.toml:34:1: error: card sunburst (fr): region 2 (text) of its front does not fit its 8.0 × 3.0 mm even at 6 pt: it needs 8.0 × 5.4 mm; shorten the text or enlarge the region [G401]\n" +
			"cards/tiny/variant.toml:6:1: error: card comet (fr): region 2 (text) of its front does not fit its 8.0 × 3.0 mm even at 6 pt: it needs 8.2 × 2.7 mm; shorten the text or enlarge the region [G401]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.at, func(t *testing.T) {
			tree := tinyTree(t,
				[3]string{"cards/tiny/deck.toml", "at = [4, 2, 44, 8]", "at = " + tt.at},
				[3]string{"cards/tiny/deck.toml", "size = 12", "size = 9\n  min_size = 6"})
			_, d := load(tree, compiler.Options{})
			if d.String() != tt.want {
				t.Errorf("diagnostics\n%s\nwant\n%s", d.String(), tt.want)
			}
		})
	}
}

// TestDeckImage draws a PNG of the game's tree on every card: the PDF
// holds it once.
func TestDeckImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range 16 { // opaque: an image without a transparency mask
		img.Set(i%4, i/4, color.RGBA{R: uint8(0x40 * (i % 4)), A: 0xff})
	}
	var png bytes.Buffer
	if err := pngenc.Encode(&png, img); err != nil {
		t.Fatal(err)
	}
	tree := tinyTree(t, [3]string{"cards/tiny/deck.toml", "", "\n  [[face.region]]\n  kind = \"image\"\n  file = \"art/seal.png\"\n  at = [20, 60, 20, 20]\n"})
	tree["cards/tiny/art/seal.png"] = &fstest.MapFile{Data: png.Bytes()}
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d.String())
	}
	pdf := write(t, games.Games[0], printout.Options{Kind: printout.Deck, Lang: "en"})
	if n := bytes.Count(pdf, []byte("/Subtype /Image")); n != 1 {
		t.Errorf("the PDF holds %d images; want the seal once", n)
	}
}

// tinySpells loads the tiny game of tree and draws its spells in English
// as Tabletop Simulator sheets: the card designs in order, and their
// pixels per mm.
func tinySpells(t *testing.T, tree fstest.MapFS) (cards []*image.RGBA, dpmm float64) {
	t.Helper()
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	files := tts(t, games.Games[0], "en", "")
	name := "tiny-en-spell-1.png"
	cols, rows := sheetGrid(t, files, "tiny-en", name)
	for i := range 2 { // sunburst, eclipse
		cards = append(cards, sheetCard(t, files[name], cols, rows, i))
	}
	return cards, float64(cards[0].Bounds().Dx()) / 63
}

// TestDeckParam: a band with param shows the colour of the map
// parameter's value at the card's field, and nothing for a key the map
// lacks.
func TestDeckParam(t *testing.T) {
	tree := tinyTree(t,
		[3]string{"cards/tiny/deck.toml", "", "\n  [[face.region]]\n  kind = \"band\"\n  field = \"suit\"\n  param = \"rival\"\n  align = \"left\"\n  at = [0, 70, \"100%\", 18]\n"},
		[3]string{"cards/tiny/game.toml", "", "\n[[param]]\nid = \"rival\"\ntype = \"map<enum:suit,enum:suit>\"\nvalue = { sun = \"moon\" }\n"})
	cards, dpmm := tinySpells(t, tree)
	moon := color.RGBA{R: 0x4a, G: 0x4e, B: 0x8c, A: 0xff}
	for i, want := range []bool{true, false} { // the sunburst's rival is the moon; the eclipse has none
		got := cards[i].RGBAAt(int(40*dpmm), int(80*dpmm))
		if (got == moon) != want {
			t.Errorf("card %d: the band at (40, 80) mm is %v; want the moon's colour: %v", i, got, want)
		}
	}
}

// TestDeckIconsNumber: an icons region of a number draws its icon that
// many times, and a number whose icons do not fit even at half the
// region's height is G401 at the card.
func TestDeckIconsNumber(t *testing.T) {
	region := "\n  [[face.region]]\n  id = \"power\"\n  kind = \"icons\"\n  field = \"power\"\n  icon = \"star\"\n  color = \"#ff0000\"\n  at = [4, 60, %s, 6]\n"
	cards, dpmm := tinySpells(t, tinyTree(t, [3]string{"cards/tiny/deck.toml", "", fmt.Sprintf(region, "55")}))
	for i, want := range []int{2, 3} { // the sunburst's power and the eclipse's
		// Below the stars, through the discs: each disc is a run of red.
		y, runs, in := int(65*dpmm), 0, false
		for x := 0; x < cards[i].Bounds().Dx(); x++ {
			c := cards[i].RGBAAt(x, y)
			red := c.R > 200 && c.G < 80 && c.B < 80
			if red && !in {
				runs++
			}
			in = red
		}
		if runs != want {
			t.Errorf("card %d: %d discs; want %d", i, runs, want)
		}
	}
	_, d := load(tinyTree(t, [3]string{"cards/tiny/deck.toml", "", fmt.Sprintf(region, "12")}), compiler.Options{})
	want := "cards/tiny/variant.toml:6:1: error: card comet (en): region power of its front does not hold its 4 icons in its 12.0 × 6.0 mm even at 3.0 mm each: it needs 13.3 mm across; lower the value or widen the region [G401]\n" +
		"cards/tiny/variant.toml:6:1: error: card comet (fr): region power of its front does not hold its 4 icons in its 12.0 × 6.0 mm even at 3.0 mm each: it needs 13.3 mm across; lower the value or widen the region [G401]\n"
	if d.String() != want {
		t.Errorf("diagnostics\n%s\nwant\n%s", d, want)
	}
}
