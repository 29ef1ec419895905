package rules

import (
	"context"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestSimulateShares: games of one Game played at once on several
// workers share nothing they change (run with -race).
func TestSimulateShares(t *testing.T) {
	g := shipped(t, "hearts")
	if _, err := engine.Simulate(context.Background(), engine.SimConfig{
		Game: g, Players: 4, Games: 4, Seed: 1, Bots: []string{"greedy", "random", "mcts:5", "random"}, Workers: 4,
	}); err != nil {
		t.Fatal(err)
	}
}
