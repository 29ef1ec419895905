package printout_test

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestFaces draws the tiny game's faces: one PNG per card design of the
// game as played, at the deck's size times the resolution, the same
// bytes twice; the power, reconstructed, is not on the face: no mark.
func TestFaces(t *testing.T) {
	games, d := load(tinyTree(t), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	loaded := games.Games[0]
	tests := []struct {
		variant string
		px      float64
		cards   []string
		marked  []string
	}{
		{"", 0, []string{"sunburst", "eclipse"}, nil},                  // its face does not print the power
		{"starfall", 2, []string{"sunburst", "eclipse", "comet"}, nil}, // its face does not print the power
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			g, err := loaded.Play(tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			draw := func() []printout.Face {
				faces, d, err := printout.Faces(g, printout.FaceOptions{Lang: "fr", PxPerMM: tt.px})
				if err != nil || len(d) > 0 {
					t.Fatalf("Faces: %v\n%s", err, d)
				}
				return faces
			}
			faces, again := draw(), draw()
			var cards, marked []string
			for i, f := range faces {
				cards = append(cards, f.Card)
				if f.Marked {
					marked = append(marked, f.Card)
				}
				if !bytes.Equal(f.PNG, again[i].PNG) {
					t.Errorf("%s: two drawings differ", f.Card)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(f.PNG))
				if err != nil {
					t.Fatalf("%s: %v", f.Card, err)
				}
				px := tt.px
				if px == 0 {
					px = printout.FacePxPerMM
				}
				if w := int(g.Deck.W*px + 0.5); cfg.Width != w {
					t.Errorf("%s: width %d; want %d", f.Card, cfg.Width, w)
				}
			}
			if !slices.Equal(cards, tt.cards) || !slices.Equal(marked, tt.marked) {
				t.Errorf("faces of %v, marked %v; want %v, marked %v", cards, marked, tt.cards, tt.marked)
			}
		})
	}
}

// TestParagraphs reads a text as the rulebook lays it out.
func TestParagraphs(t *testing.T) {
	tests := []struct {
		text  string
		kinds []printout.ParagraphKind
	}{
		{"One.\nTwo.", []printout.ParagraphKind{printout.PlainParagraph}},
		{"A. Play a card\n\nText.", []printout.ParagraphKind{printout.HeadingParagraph, printout.PlainParagraph}},
		{"Lead:\n- one\n- two\n> for example", []printout.ParagraphKind{printout.PlainParagraph, printout.ItemParagraph, printout.ItemParagraph, printout.ExampleParagraph}},
	}
	for _, tt := range tests {
		var kinds []printout.ParagraphKind
		for _, p := range printout.Paragraphs(tt.text) {
			kinds = append(kinds, p.Kind)
		}
		if !slices.Equal(kinds, tt.kinds) {
			t.Errorf("Paragraphs(%q) kinds = %v; want %v", tt.text, kinds, tt.kinds)
		}
	}
}

// TestRulesContent places a table of the spells after the tiny game's
// section: its content has the headings, the suits by name where the PDF
// draws their icons, and the reconstructed power marked.
func TestRulesContent(t *testing.T) {
	tree := tinyTree(t,
		[3]string{"cards/tiny/print.toml", "", "[[block]]\nid = \"spells\"\ncards = \"spell\"\nfields = [\"suit\", \"power\", \"cost\"]\non = [\"rules:play\"]\n"},
		[3]string{"locales/tiny/en.toml", "", "\n[block.spells]\ntitle = \"Spells\"\nsuit = \"Suit\"\npower = \"Power\"\ncost = \"Cost\"\n"},
		[3]string{"locales/tiny/fr.toml", "", "\n[block.spells]\ntitle = \"Sorts\"\nsuit = \"Couleur\"\npower = \"Puissance\"\ncost = \"Coût\"\n"},
	)
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	base, err := games.Games[0].Play("") // without the comet
	if err != nil {
		t.Fatal(err)
	}
	content, err := printout.RulesContent(base, printout.Options{Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	blocks := content["play"]
	if len(blocks) != 1 || blocks[0].Title != "Sorts" || !blocks[0].Head {
		t.Fatalf("blocks after play: %+v", blocks)
	}
	var rows []string
	for _, r := range blocks[0].Rows {
		var cells []string
		for _, c := range r {
			s := strings.Join(append(c.Icons, c.Text), "+")
			if c.Marked {
				s += "†"
			}
			cells = append(cells, s)
		}
		rows = append(rows, strings.Join(cells, " | "))
	}
	want := []string{
		"Couleur | Puissance | Coût",
		"Soleil+Soleil | 2 | Lune+",
		"Lune+Lune | 3† | any+Soleil+",
	}
	if !slices.Equal(rows, want) {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}
