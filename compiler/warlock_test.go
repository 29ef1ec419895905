package compiler_test

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

func warlock(t *testing.T) *model.Game {
	t.Helper()
	games, d := load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	return games.Game("warlock")
}

func param(t *testing.T, g *model.Game, id string) model.Value {
	t.Helper()
	for _, p := range g.Params {
		if p.ID == id {
			return p.Value
		}
	}
	t.Fatalf("no param %s", id)
	return model.Value{}
}

func strs(v model.Value) []string {
	var out []string
	for _, e := range v.List {
		out = append(out, e.Str)
	}
	return out
}

// TestWarlockReconstruction checks the reconstructed creature values against
// every statement of the rulebooks they must satisfy.
func TestWarlockReconstruction(t *testing.T) {
	g := warlock(t)
	gnomeMax := param(t, g, "gnome_power_max_points").Int
	maxOther := int64(0)
	minOrc := int64(1 << 30)
	for _, c := range g.Cards {
		if c.Type != "creature" {
			continue
		}
		race, _ := c.Get("race")
		gold, _ := c.Get("gold")
		alt, hasAlt := c.Get("gold_alt")
		points, _ := c.Get("points")
		cost, _ := c.Get("cost")
		extra, hasExtra := c.Get("extra")
		t.Run(c.ID, func(t *testing.T) {
			switch race.Str {
			case "wizard": // "the wizard produces 1 gold in the mine"
				if gold.Dec != 1 {
					t.Errorf("wizard digs %v gold; the rulebook says 1", gold.Dec)
				}
			case "human": // "humans provide 0.5 or 2 gold"; the gnome power builds them
				if gold.Dec != 0.5 || !hasAlt || alt.Dec != 2 {
					t.Errorf("human gold %v/%v; want 0.5 or 2", gold.Dec, alt.Dec)
				}
				if points.Int > gnomeMax {
					t.Errorf("human city worth %d; the gnome power must be able to build it (max %d)", points.Int, gnomeMax)
				}
			case "goblin": // one card of any race; an extra creature on every goblin
				if !slices.Equal(strs(cost), []string{"any"}) {
					t.Errorf("goblin cost %v; want [any]", strs(cost))
				}
				if !hasExtra || extra.Str == "" || extra.Str == "goblin" {
					t.Errorf("goblin extra creature %q; want another race", extra.Str)
				}
			case "gnome": // gnome cities cost nothing
				if len(cost.List) != 0 {
					t.Errorf("gnome cost %v; want none", strs(cost))
				}
			}
			if race.Str != "human" && hasAlt {
				t.Errorf("only humans have a second gold value")
			}
			if race.Str != "goblin" && hasExtra {
				t.Errorf("only goblins show an extra creature")
			}
		})
		if race.Str == "orc" {
			minOrc = min(minOrc, points.Int)
		} else {
			maxOther = max(maxOther, points.Int)
		}
	}
	// "the orc cities have a higher point value than other races"
	if minOrc <= maxOther {
		t.Errorf("orc cities are worth %d at least, other races up to %d", minOrc, maxOther)
	}
	// the worked example: a wizard city worth 3 costing a giant and a human
	found := false
	for _, c := range g.Cards {
		race, _ := c.Get("race")
		points, _ := c.Get("points")
		cost, _ := c.Get("cost")
		if race.Str == "wizard" && points.Int == 3 && slices.Equal(strs(cost), []string{"giant", "human"}) {
			found = true
		}
	}
	if !found {
		t.Error("no wizard city worth 3 costing a giant and a human, as in the rulebook's example")
	}
}

// TestWarlockParams pins the numbers the rulebook states.
func TestWarlockParams(t *testing.T) {
	g := warlock(t)
	ints := map[string]int64{
		"days": 3, "rounds_per_day": 3, "cards_dealt": 5, "cards_set_aside": 2,
		"actions_per_round": 3, "bar_cards_per_player": 3, "empire_size": 4,
		"max_cities": 16, "max_dragons": 3, "human_power_draws": 3,
		"gnome_power_max_points": 2, "wizard_substitutes": 1,
	}
	for id, want := range ints {
		if got := param(t, g, id).Int; got != want {
			t.Errorf("param %s = %d; want %d", id, got, want)
		}
	}
	var chain []int64
	for _, v := range param(t, g, "human_chain_points").List {
		chain = append(chain, v.Int)
	}
	if !slices.Equal(chain, []int64{1, 2, 3, 5, 7, 9}) {
		t.Errorf("human chain = %v", chain)
	}
	maj := param(t, g, "majority_bonus")
	want := map[string]int64{"giant": 6, "wizard": 6, "human": 4, "orc": 4, "gnome": 2, "goblin": 2}
	for i, k := range maj.Keys {
		if maj.List[i].Int != want[k.Str] {
			t.Errorf("majority bonus %s = %d; want %d", k.Str, maj.List[i].Int, want[k.Str])
		}
	}
	variety := param(t, g, "variety_bonus")
	wantV := map[int64]int64{3: 1, 4: 2, 5: 4, 6: 8}
	if len(variety.Keys) != len(wantV) {
		t.Fatalf("variety bonus has %d entries", len(variety.Keys))
	}
	for i, k := range variety.Keys {
		if variety.List[i].Int != wantV[k.Int] {
			t.Errorf("variety bonus %d = %d; want %d", k.Int, variety.List[i].Int, wantV[k.Int])
		}
	}
	if g.Players != (model.Range{Min: 3, Max: 5}) {
		t.Errorf("players = %+v", g.Players)
	}
}
