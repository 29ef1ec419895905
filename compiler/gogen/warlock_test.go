package gogen

import (
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// TestWarlock generates the shipped Warlock package and builds it with a
// test that checks every localized name against compiler/l10n and a few
// facts that hold whatever the card values: the totals add up, goblins pay
// with the wildcard, humans carry their second gold amount.
func TestWarlock(t *testing.T) {
	games, diags := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	g := games.Game("warlock")
	if g == nil || diags.HasErrors() {
		t.Fatalf("warlock does not load: %v", diags.Err())
	}
	buildGenerated(t, g, map[string]string{"warlock_test.go": warlockTablesTest})
}

const warlockTablesTest = `package PKG_test

import (
	"slices"
	"testing"

	game "IMPORT"
)

func TestWarlockTables(t *testing.T) {
	byRace := map[game.Race]int{}
	total := 0
	for _, c := range game.CreatureCards() {
		byRace[c.Creature.Race] += c.Copies
		total += c.Copies
		cost := c.Creature.Cost
		switch c.Creature.Race {
		case game.RaceGoblin:
			if !slices.Contains(cost, game.CreatureCostAny) || c.Creature.Extra == nil {
				t.Errorf("%v: cost %v, extra %v", c.ID, cost, c.Creature.Extra)
			}
		case game.RaceHuman:
			if c.Creature.GoldAlt == nil {
				t.Errorf("%v has no second gold amount", c.ID)
			}
		}
	}
	totals := []struct {
		race game.Race
		want int
	}{
		{game.RaceGiant, game.TotalGiants},
		{game.RaceWizard, game.TotalWizards},
		{game.RaceHuman, game.TotalHumans},
		{game.RaceOrc, game.TotalOrcs},
		{game.RaceGnome, game.TotalGnomes},
		{game.RaceGoblin, game.TotalGoblins},
	}
	for _, tt := range totals {
		if byRace[tt.race] != tt.want {
			t.Errorf("%v: %d copies; total says %d", tt.race, byRace[tt.race], tt.want)
		}
	}
	if total != game.TotalCreatures {
		t.Errorf("%d creatures; total says %d", total, game.TotalCreatures)
	}
	if game.CreatureCostAny.String() != "any" || game.CreatureCostAny.Valid() {
		t.Errorf("CreatureCostAny is %v", game.CreatureCostAny)
	}
	p := game.DefaultParams()
	for _, r := range game.AllRaces() {
		if p.MajorityBonus[r] <= 0 || r.Color() == "" {
			t.Errorf("%v: majority bonus %d, color %q", r, p.MajorityBonus[r], r.Color())
		}
	}
}
`
