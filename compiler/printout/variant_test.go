package printout_test

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// tinyWithSheet loads the tiny game of the compiler's tests, whose variant
// starfall adds the comet card, with a reference sheet listing the spells.
func tinyWithSheet(t *testing.T) *model.Game {
	t.Helper()
	tree := tinyTree(t,
		[3]string{"cards/tiny/print.toml", "", "[[block]]\nid = \"spells\"\ncards = \"spell\"\nfields = [\"power\", \"copies\"]\non = [\"sheet\"]\n"},
		[3]string{"locales/tiny/en.toml", "", "\n[block.spells]\ntitle = \"Spells\"\npower = \"Power\"\ncopies = \"Copies\"\n"},
		[3]string{"locales/tiny/fr.toml", "", "\n[block.spells]\ntitle = \"Sorts\"\npower = \"Puissance\"\ncopies = \"Exemplaires\"\n"},
	)
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	return games.Games[0]
}

// TestVariant prints the tiny game as its base game and in its variant:
// the variant's printouts name it and list its cards, the base game's do
// neither.
func TestVariant(t *testing.T) {
	g := tinyWithSheet(t)
	for _, tt := range []struct {
		variant    string
		kind       printout.Kind
		lang       string
		has, lacks []string
	}{
		// The rows of the spells are their power and copies: the comet's is
		// 4 2. The eclipse's power is reconstructed: marked, with the legend.
		{"", printout.Reference, "en", []string{"Tiny", "Copies 2 3 3† 2 † reconstructed: not printed in the rulebook Tiny"}, []string{"Starfall", "4 2"}},
		{"starfall", printout.Reference, "en", []string{"Reference sheet · Starfall", "Copies 2 3 3† 2 4 2 † reconstructed: not printed in the rulebook Tiny · Starfall · Reference sheet"}, nil},
		{"", printout.Rules, "fr", []string{"Minuscule", "Jouer"}, []string{"Pluie d’étoiles"}},
		{"starfall", printout.Rules, "fr", []string{"Minuscule · Pluie d’étoiles", "Règles du jeu · Pluie d’étoiles", "Jouer"}, nil},
	} {
		t.Run(tt.variant+" "+tt.kind.String(), func(t *testing.T) {
			p, err := g.Play(tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			pdf := write(t, p, printout.Options{Kind: tt.kind, Lang: tt.lang})
			text := squash(string(run(t, pdf, "pdftotext", "-layout")))
			hasLacks(t, text, tt.has, tt.lacks)
		})
	}
}

// TestHasVariantCards: reference cards placed only on a variant's card are
// printed in that variant, not in the base game.
func TestHasVariantCards(t *testing.T) {
	g := &model.Game{
		ID:       "tiny",
		Cards:    []*model.Card{{ID: "sunburst"}, {ID: "comet", Variant: "starfall"}},
		Variants: []*model.Variant{{ID: "starfall", Players: model.Range{Min: 2, Max: 5}}},
		Blocks:   []*model.Block{{ID: "comet", On: []model.Place{{Kind: model.OnCard, ID: "comet"}}}},
	}
	for _, tt := range []struct {
		variant string
		want    bool
	}{{"", false}, {"starfall", true}} {
		p, err := g.Play(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		if got := printout.Has(p, printout.Cards); got != tt.want {
			t.Errorf("Has(variant %q, cards) = %v; want %v", tt.variant, got, tt.want)
		}
	}
}
