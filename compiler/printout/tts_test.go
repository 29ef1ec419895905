package printout_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// tts exports g's deck in lang for Tabletop Simulator, by file name.
func tts(t *testing.T, g *model.Game, lang, base string) map[string][]byte {
	t.Helper()
	files, d, err := printout.TTS(g, printout.TTSOptions{Lang: lang, BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	if len(d) > 0 {
		t.Fatalf("%s %s: diagnostics:\n%s", g.ID, lang, d)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Name] = f.Data
	}
	return out
}

// ttsDeck is a CustomDeck entry.
type ttsDeck struct {
	FaceURL, BackURL         string
	NumWidth, NumHeight      int
	BackIsHidden, UniqueBack bool
}

// checkTTS holds an export to the structure Tabletop Simulator reads:
// ObjectStates of DeckCustom (or a lone Card) whose DeckIDs are the
// CardIDs of its ContainedObjects, each CardID 100 × a CustomDeck key of
// its deck and of its own plus an index short of the sheet's hidden last
// slot; every image named is written, has the grid's size in whole cards
// and fits 4096 pixels; each copy of each card of the deck is there once.
func checkTTS(t *testing.T, g *model.Game, files map[string][]byte, prefix, base string) {
	t.Helper()
	raw, ok := files[prefix+".json"]
	if !ok {
		t.Fatalf("no %s.json among %v", prefix, slices.Sorted(maps.Keys(files)))
	}
	var save struct {
		ObjectStates []struct {
			Name             string
			Nickname         string
			CardID           int
			DeckIDs          []int
			CustomDeck       map[string]ttsDeck
			ContainedObjects []struct {
				Name       string
				Nickname   string
				CardID     int
				CustomDeck map[string]ttsDeck
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&save); err != nil {
		t.Fatal(err)
	}
	if len(save.ObjectStates) == 0 {
		t.Fatal("no ObjectStates")
	}
	used := map[string]bool{prefix + ".json": true}
	var cw, ch int // a card's size in pixels, the same on every sheet
	size := func(url string) (int, int) {
		t.Helper()
		name, ok := strings.CutPrefix(url, base)
		if !ok || strings.Contains(name, "/") {
			t.Fatalf("image %q: want a name after %q", url, base)
		}
		used[name] = true
		b, ok := files[name]
		if !ok {
			t.Fatalf("image %s is not written", name)
		}
		c, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if c.Width > 4096 || c.Height > 4096 {
			t.Errorf("%s is %d × %d pixels: more than TTS loads whole", name, c.Width, c.Height)
		}
		return c.Width, c.Height
	}
	checkSheet := func(key string, d ttsDeck) {
		t.Helper()
		if d.NumWidth < 1 || d.NumWidth > 10 || d.NumHeight < 1 || d.NumHeight > 7 || d.NumWidth*d.NumHeight < 2 {
			t.Errorf("CustomDeck %s is %d × %d cards: want up to 10 × 7, with a hidden slot", key, d.NumWidth, d.NumHeight)
		}
		w, h := size(d.FaceURL)
		if w%d.NumWidth != 0 || h%d.NumHeight != 0 {
			t.Errorf("CustomDeck %s: %d × %d pixels is not a grid of %d × %d cards", key, w, h, d.NumWidth, d.NumHeight)
		}
		if cw == 0 {
			cw, ch = w/d.NumWidth, h/d.NumHeight
		}
		if w != cw*d.NumWidth || h != ch*d.NumHeight {
			t.Errorf("CustomDeck %s: cards of %d × %d pixels; want %d × %d", key, w/d.NumWidth, h/d.NumHeight, cw, ch)
		}
		bw, bh := size(d.BackURL)
		if d.UniqueBack && (bw != w || bh != h) || !d.UniqueBack && (bw != cw || bh != ch) {
			t.Errorf("CustomDeck %s: back of %d × %d pixels (unique backs %v); want the face sheet's or one card's", key, bw, bh, d.UniqueBack)
		}
	}
	copies := map[string]int{} // by name
	names := map[int]string{}  // by CardID
	for _, o := range save.ObjectStates {
		cards := o.ContainedObjects
		switch o.Name {
		case "DeckCustom":
			if len(o.DeckIDs) != len(cards) || len(cards) < 2 {
				t.Fatalf("deck %s: %d DeckIDs, %d ContainedObjects", o.Nickname, len(o.DeckIDs), len(cards))
			}
			for key, d := range o.CustomDeck {
				checkSheet(key, d)
			}
		case "Card":
			cards = append(cards, struct {
				Name       string
				Nickname   string
				CardID     int
				CustomDeck map[string]ttsDeck
			}{o.Name, o.Nickname, o.CardID, o.CustomDeck})
			o.DeckIDs = []int{o.CardID}
		default:
			t.Fatalf("object %q: want a DeckCustom or a Card", o.Name)
		}
		for i, c := range cards {
			if c.Name != "Card" || c.Nickname == "" || c.CardID != o.DeckIDs[i] {
				t.Fatalf("deck %s, card %d: %s %q with CardID %d; DeckIDs has %d", o.Nickname, i, c.Name, c.Nickname, c.CardID, o.DeckIDs[i])
			}
			key := strconv.Itoa(c.CardID / 100)
			d, ok := c.CustomDeck[key]
			if !ok || len(c.CustomDeck) != 1 {
				t.Fatalf("card %s (CardID %d) has CustomDeck %v; want its sheet %s", c.Nickname, c.CardID, c.CustomDeck, key)
			}
			if o.Name == "DeckCustom" && o.CustomDeck[key] != d {
				t.Fatalf("card %s: sheet %s is not its deck's %v", c.Nickname, key, o.CustomDeck[key])
			}
			if o.Name == "Card" {
				checkSheet(key, d)
			}
			if idx := c.CardID % 100; idx >= d.NumWidth*d.NumHeight-1 {
				t.Errorf("card %s: index %d on a sheet of %d × %d: the last slot is the hidden card's", c.Nickname, idx, d.NumWidth, d.NumHeight)
			}
			if n, ok := names[c.CardID]; ok && n != c.Nickname {
				t.Errorf("CardID %d is %s and %s", c.CardID, n, c.Nickname)
			}
			names[c.CardID] = c.Nickname
			copies[c.Nickname]++
		}
	}
	want := 0
	for _, c := range g.Cards {
		if g.Deck.Face(c.Type) != nil && c.Copies > 0 {
			want += c.Copies
		}
	}
	total := 0
	for _, n := range copies {
		total += n
	}
	if total != want {
		t.Errorf("%d cards in the decks; the game has %d", total, want)
	}
	for name := range files {
		if !used[name] {
			t.Errorf("%s is written but no deck names it", name)
		}
	}
}

// TestTTSEveryDeck exports every deck of every game, variant and
// language (the source language only, but with -long) and checks its
// structure.
func TestTTSEveryDeck(t *testing.T) {
	games := shipped(t).Games
	tiny, d := load(tinyTree(t), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	games = append(games, tiny.Games...)
	for _, loaded := range games {
		for _, v := range append([]string{""}, loaded.VariantIDs()...) {
			g, err := loaded.Play(v)
			if err != nil {
				t.Fatal(err)
			}
			if !printout.Has(g, printout.Deck) {
				continue
			}
			for _, lang := range g.Languages {
				if !longtest.Enabled() && lang != g.SourceLang {
					continue
				}
				t.Run(g.ID+"/"+v+"/"+lang, func(t *testing.T) {
					prefix := g.ID + "-" + lang
					if v != "" {
						prefix = g.ID + "-" + v + "-" + lang
					}
					checkTTS(t, g, tts(t, g, lang, "https://example.org/decks/"), prefix, "https://example.org/decks/")
				})
			}
		}
	}
}

// TestTTSSameBytes: the same deck gives the same files.
func TestTTSSameBytes(t *testing.T) {
	g := shipped(t).Game("warlock")
	a, b := tts(t, g, "fr", ""), tts(t, g, "fr", "")
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// TestTTSBacks: cards that share a back share one image of it, behind
// the sheet's hidden slot; cards whose backs differ get a sheet of backs,
// each card hidden behind its own.
func TestTTSBacks(t *testing.T) {
	back := "\n[[back]]\ntype = \"spell\"\n\n  [[back.region]]\n  kind = \"band\"\n  field = \"suit\"\n  at = [0, 0, \"100%\", 12]\n"
	tests := []struct {
		name  string
		edits [][3]string
		files []string
		deck  ttsDeck
	}{
		{"shared", nil, []string{"tiny-en-back-1.png", "tiny-en-spell-1.png", "tiny-en.json"},
			ttsDeck{FaceURL: "tiny-en-spell-1.png", BackURL: "tiny-en-back-1.png", NumWidth: 3, NumHeight: 1}},
		{"per card", [][3]string{{"cards/tiny/deck.toml", "", back}}, []string{"tiny-en-spell-1-back.png", "tiny-en-spell-1.png", "tiny-en.json"},
			ttsDeck{FaceURL: "tiny-en-spell-1.png", BackURL: "tiny-en-spell-1-back.png", NumWidth: 3, NumHeight: 1, BackIsHidden: true, UniqueBack: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, d := load(tinyTree(t, tt.edits...), compiler.Options{})
			if d.HasErrors() {
				t.Fatal(d)
			}
			g, err := games.Games[0].Play("")
			if err != nil {
				t.Fatal(err)
			}
			files := tts(t, g, "en", "")
			if got := slices.Sorted(maps.Keys(files)); !slices.Equal(got, tt.files) {
				t.Errorf("files %v; want %v", got, tt.files)
			}
			checkTTS(t, g, files, "tiny-en", "")
			var save struct {
				ObjectStates []struct{ CustomDeck map[string]ttsDeck }
			}
			if err := json.Unmarshal(files["tiny-en.json"], &save); err != nil {
				t.Fatal(err)
			}
			if got := save.ObjectStates[0].CustomDeck["1"]; got != tt.deck {
				t.Errorf("CustomDeck 1 = %+v; want %+v", got, tt.deck)
			}
		})
	}
}

// TestTTSNothing: a game without a face has no deck to export, as it has
// none to print.
func TestTTSNothing(t *testing.T) {
	files, d, err := printout.TTS(facelessGame(t), printout.TTSOptions{Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	want := "cards/tiny/game.toml:2:1: error: game tiny has no cards to print in a deck: the game has no [[face]] [G404]\n"
	if d.String() != want || files != nil {
		t.Errorf("diagnostics\n%swant\n%s(and no files; got %d)", d, want, len(files))
	}
}

// sheetCard is the card in slot i of a TTS sheet of cols × rows cards.
func sheetCard(t *testing.T, sheet []byte, cols, rows, i int) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(sheet))
	if err != nil {
		t.Fatal(err)
	}
	w, h := img.Bounds().Dx()/cols, img.Bounds().Dy()/rows
	card := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(card, card.Bounds(), img, image.Pt(i%cols*w, i/cols*h), draw.Src)
	return card
}

// sheetGrid is the grid of the sheet named name, as the saved object of
// files in prefix.json says.
func sheetGrid(t *testing.T, files map[string][]byte, prefix, name string) (cols, rows int) {
	t.Helper()
	var save struct {
		ObjectStates []struct{ CustomDeck map[string]ttsDeck }
	}
	if err := json.Unmarshal(files[prefix+".json"], &save); err != nil {
		t.Fatal(err)
	}
	for _, o := range save.ObjectStates {
		for _, d := range o.CustomDeck {
			if d.FaceURL == name {
				return d.NumWidth, d.NumHeight
			}
		}
	}
	t.Fatalf("no sheet %s", name)
	return 0, 0
}

// TestTTSGolden compares the first card of a type per game, as its
// sheet draws it in the game's source language, with
// testdata/tts/<game>-<type>.png; -update rewrites them. Look at them.
func TestTTSGolden(t *testing.T) {
	games := shipped(t)
	for _, c := range []struct{ game, typ string }{
		{"warlock", "creature"},
		{"warriors", "warrior"},
		{"bellum_magica", "castle"},
	} {
		t.Run(c.game, func(t *testing.T) {
			g := games.Game(c.game)
			files := tts(t, g, g.SourceLang, "")
			name := fmt.Sprintf("%s-%s-%s-1.png", c.game, g.SourceLang, c.typ)
			cols, rows := sheetGrid(t, files, c.game+"-"+g.SourceLang, name)
			var got bytes.Buffer
			if err := png.Encode(&got, sheetCard(t, files[name], cols, rows, 0)); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "tts", c.game+"-"+c.typ+".png")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				out := filepath.Join(t.TempDir(), "got.png")
				os.WriteFile(out, got.Bytes(), 0o644)
				t.Errorf("the card differs from %s (written to %s; run with -update if the change is meant)", path, out)
			}
		})
	}
}

// TestTTSMatchesPDF renders the first sheet of Warlock's creatures, one
// of each, from the deck's PDF and compares each card, square by square,
// with the same card on the TTS sheet: the mean colour of each square
// must agree. In English, and in German too with -long.
func TestTTSMatchesPDF(t *testing.T) {
	g := onlyType(shipped(t).Game("warlock"), "creature")
	for _, lang := range []string{"en", "de"} {
		if !longtest.Enabled() && lang != "en" {
			continue
		}
		t.Run(lang, func(t *testing.T) {
			// Without bleed, as the TTS cards are drawn.
			pdf := write(t, g, printout.Options{Kind: printout.Deck, Lang: lang, Unique: true, BleedSet: true})
			files := tts(t, g, lang, "")
			name := "warlock-" + lang + "-creature-1.png"
			sheet := files[name]
			cols, rows := sheetGrid(t, files, "warlock-"+lang, name)
			first := sheetCard(t, sheet, cols, rows, 0)
			dpmm := float64(first.Bounds().Dx()) / 63
			out := run(t, pdf, "pdftoppm", "-r", strconv.FormatFloat(dpmm*25.4, 'f', 3, 64), "-f", "1", "-l", "1")
			var w, h, maxv int
			var magic string
			if n, err := fmt.Fscan(bytes.NewReader(out), &magic, &w, &h, &maxv); err != nil || n != 4 || magic != "P6" {
				t.Fatalf("not a PPM: %v", err)
			}
			px := out[len(fmt.Sprintf("P6\n%d %d\n%d\n", w, h, maxv)):]
			page := func(x, y float64) []byte { // the RGB at (x, y) mm of the page
				i := 3 * (int(y*dpmm)*w + int(x*dpmm))
				return px[i : i+3]
			}
			grid, err := printout.Impose(printout.Papers()[0], 63, 88, 0)
			if err != nil {
				t.Fatal(err)
			}
			// Squares of 2 mm: a pixel of the PDF's does not fall where the
			// sheet's does, and poppler snaps thin strokes and glyphs to its
			// pixels, which shifts an edge by up to a pixel.
			const sq = 2.0
			worst, sum, n := 0.0, 0.0, 0
			for i := range grid.PerSheet() {
				card := sheetCard(t, sheet, cols, rows, i)
				cx, cy := grid.Cell(i%grid.Cols, i/grid.Cols, false)
				for my := 0.0; my+sq <= 88; my += sq {
					for mx := 0.0; mx+sq <= 63; mx += sq {
						var a, b [3]float64
						k := 0
						for y := my; y < my+sq; y += 1 / dpmm {
							for x := mx; x < mx+sq; x += 1 / dpmm {
								p := page(cx+x, cy+y)
								c := card.RGBAAt(int(x*dpmm), int(y*dpmm))
								for j, v := range []uint8{c.R, c.G, c.B} {
									a[j] += float64(p[j])
									b[j] += float64(v)
								}
								k++
							}
						}
						d := (math.Abs(a[0]-b[0]) + math.Abs(a[1]-b[1]) + math.Abs(a[2]-b[2])) / float64(3*k)
						worst = max(worst, d)
						sum += d
						n++
					}
				}
			}
			mean := sum / float64(n)
			t.Logf("levels apart per square: mean %.2f, worst %.1f", mean, worst)
			// The same drawing differs by 1.3 levels on average and 31 at
			// worst (an edge); a text 0.3 mm off is 52 at worst, a disc
			// 10 % too wide 38, colours out of order 28 on average.
			if mean > 1.5 || worst > 36 {
				t.Errorf("the TTS cards differ from the PDF's: %.2f levels a square on average (want ≤ 1.5), %.1f at worst (want ≤ 36)", mean, worst)
			}
		})
	}
}
