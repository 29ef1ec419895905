package bellummagica

import (
	"context"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestGreedyBeatsRandom: the greedy bot wins clearly more than its share
// of 4-player games against three random bots.
func TestGreedyBeatsRandom(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	games := 2000
	if testing.Short() {
		games = 400
	}
	sum, err := engine.Simulate(context.Background(), engine.SimConfig{
		Game: g, Players: 4, Games: games, Seed: 1, Workers: 2,
		Bots: []string{"greedy", "random", "random", "random"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var share float64
	for _, b := range sum.ByBot {
		if b.Bot == "greedy" {
			share = b.WinRate
		}
	}
	t.Logf("greedy wins %.1f%% of %d games (fair share 25%%)", 100*share, games)
	if share < 0.6 {
		t.Errorf("greedy wins %.1f%%, want at least 60%%", 100*share)
	}
}
