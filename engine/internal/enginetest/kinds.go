package enginetest

import (
	"context"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// ActionKinds checks that simulations count every seat action under a
// named kind, and the game's length in unit, at least minRounds.
func ActionKinds(t *testing.T, g engine.BotGame, unit string, minRounds float64) {
	t.Helper()
	sum, err := engine.Simulate(context.Background(), engine.SimConfig{
		Game: g, Players: 4, Games: 20, Seed: 7, Workers: 2,
		Bots: []string{"greedy", "random"},
	})
	if err != nil {
		t.Fatal(err)
	}
	o := sum.Overall
	if len(o.Actions) < 2 {
		t.Fatalf("actions by kind %+v", o.Actions)
	}
	for _, k := range o.Actions {
		if k.Kind == "unknown" || k.Kind == "" || k.Count <= 0 {
			t.Errorf("kind %+v", k)
		}
	}
	if o.Rounds == nil || o.Rounds.Unit != unit || o.Rounds.Min < minRounds {
		t.Errorf("rounds %+v", o.Rounds)
	}
}
