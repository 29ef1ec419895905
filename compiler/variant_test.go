package compiler_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// tiny loads the tiny game, which has one variant, starfall, adding the
// comet card.
func tiny(t *testing.T) *model.Game {
	t.Helper()
	games, d := load(tinyTree(t), compiler.Options{})
	if d.HasErrors() || len(games.Games) != 1 {
		t.Fatalf("tiny game: %s", d)
	}
	return games.Games[0]
}

func cardIDs(g *model.Game) []string {
	var ids []string
	for _, c := range g.Cards {
		ids = append(ids, c.ID)
	}
	return ids
}

func TestPlay(t *testing.T) {
	g := tiny(t)
	if got := cardIDs(g); !slices.Equal(got, []string{"sunburst", "eclipse", "comet"}) {
		t.Fatalf("loaded cards = %v; want every card, the variant's too", got)
	}
	tests := []struct {
		variant     string
		wantVariant string
		cards       []string
		players     model.Range
	}{
		{"", "", []string{"sunburst", "eclipse"}, model.Range{Min: 2, Max: 4}},
		{"starfall", "starfall", []string{"sunburst", "eclipse", "comet"}, model.Range{Min: 2, Max: 5}},
	}
	for _, tt := range tests {
		t.Run("variant="+tt.variant, func(t *testing.T) {
			p, err := g.Play(tt.variant)
			if err != nil {
				t.Fatalf("Play(%q): %v", tt.variant, err)
			}
			if p.Variant != tt.wantVariant {
				t.Errorf("Play(%q).Variant = %q; want %q", tt.variant, p.Variant, tt.wantVariant)
			}
			if got := cardIDs(p); !slices.Equal(got, tt.cards) {
				t.Errorf("Play(%q) cards = %v; want %v", tt.variant, got, tt.cards)
			}
			if p.Players != tt.players {
				t.Errorf("Play(%q).Players = %v; want %v", tt.variant, p.Players, tt.players)
			}
			if p.Loaded() != g {
				t.Errorf("Play(%q).Loaded() is not the game as loaded", tt.variant)
			}
			// The game as loaded is left as it was.
			if len(g.Cards) != 3 || g.Players != (model.Range{Min: 2, Max: 4}) || g.Variant != "" {
				t.Errorf("Play(%q) changed the loaded game", tt.variant)
			}
			// Playing a played game starts again from the loaded one.
			again, err := p.Play("starfall")
			if err != nil || !slices.Equal(cardIDs(again), []string{"sunburst", "eclipse", "comet"}) {
				t.Errorf("Play(%q).Play(starfall) = %v, %v; want every card", tt.variant, again, err)
			}
		})
	}
}

func TestPlayUnknownVariant(t *testing.T) {
	g := tiny(t)
	g.Variants = append(g.Variants, &model.Variant{ID: "dusk_duel", Players: model.Range{Min: 2, Max: 2}, Message: "variant.dusk_duel"})
	if v := g.FindVariant("dusk-duel"); v == nil || v.ID != "dusk_duel" {
		t.Errorf("FindVariant(dusk-duel) = %v; want dusk_duel", v)
	}
	if p, err := g.Play("dusk-duel"); err != nil || p.Variant != "dusk_duel" {
		t.Errorf("Play(dusk-duel) = %v, %v; want variant dusk_duel", p, err)
	}
	_, err := g.Play("moonrise")
	if err == nil {
		t.Fatal("Play(moonrise): no error")
	}
	for _, want := range []string{`"moonrise"`, "starfall", "dusk_duel"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Play(moonrise) error %q does not name %s", err, want)
		}
	}
	bare := &model.Game{ID: "bare"}
	if _, err := bare.Play("starfall"); err == nil || !strings.Contains(err.Error(), "no variants") {
		t.Errorf("Play on a game without variants: error %v; want one saying it has none", err)
	}
}

// TestPlayTexts: a text naming a variant's card renders in the base game
// too, and .Players is the player count of the game as played.
func TestPlayTexts(t *testing.T) {
	g := tiny(t)
	for _, tt := range []struct {
		variant string
		max     string
	}{{"", "4"}, {"starfall", "5"}} {
		p, err := g.Play(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		data := l10n.Data(p, "en")
		cards := data["Card"].(map[string]any)
		comet, ok := cards["comet"].(map[string]any)
		if !ok || comet["power"] == nil {
			t.Errorf("variant %q: .Card.comet.power missing from the template data", tt.variant)
		}
		players := data["Players"].(map[string]any)
		if got := players["Max"].(l10n.Number).String(); got != tt.max {
			t.Errorf("variant %q: .Players.Max = %s; want %s", tt.variant, got, tt.max)
		}
		if got := data["Variant"].(map[string]any)["starfall"].(map[string]any)["Players"].(map[string]any)["Max"].(l10n.Number).String(); got != "5" {
			t.Errorf("variant %q: .Variant.starfall.Players.Max = %s; want 5", tt.variant, got)
		}
	}
}

// TestOverrideVariantRef: --set cannot make a parameter, shared by every
// variant, name a card only a variant adds.
func TestOverrideVariantRef(t *testing.T) {
	tree := tinyTree(t)
	tree["cards/tiny/param.toml"] = &fstest.MapFile{Data: []byte("[[param]]\nid = \"first_spell\"\ntype = \"ref:spell\"\nvalue = \"sunburst\"\n")}
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g := games.Games[0]
	got := compiler.Override(g, `first_spell="comet"`).String()
	want := `--set:1:13: error: param first_spell: card comet exists only in variant starfall; a parameter, shared by every variant, cannot name it [G008]` + "\n"
	if got != want {
		t.Errorf("Override(first_spell=\"comet\"):\n%s\nwant\n%s", got, want)
	}
	if v := g.Params[len(g.Params)-1].Value.Str; v != "sunburst" {
		t.Errorf("first_spell = %s after a refused override; want sunburst", v)
	}
	if d := compiler.Override(g, `first_spell="eclipse"`); len(d) > 0 {
		t.Errorf("Override(first_spell=\"eclipse\"): %s", d)
	}
}
