package rules

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestHeartsGreedyBeatsRandom: the greedy baseline, by the rules'
// value(g, p), beats random play at Hearts.
func TestHeartsGreedyBeatsRandom(t *testing.T) {
	g := shipped(t, "hearts")
	enginetest.Greedy[*Greedy]{
		Name:      "hearts",
		NewState:  g.NewState,
		New:       func() *Greedy { return &Greedy{g: g} },
		MaxAction: engine.DefaultMaxActions,
	}.BeatsRandom(t, 60, 0.3)
}

// TestHeartsMCTSBeatsGreedy: the search bot beats the greedy baseline at
// Hearts by a clear margin. At mcts:100 it won 7 of 8 games of a first
// run (seed 3); the floor stands well below. Its games take seconds each:
// it runs with -long, and TestHeartsMCTSDeterministic plays the bot in the
// everyday run.
func TestHeartsMCTSBeatsGreedy(t *testing.T) {
	enginetest.MCTSBeatsGreedy(t, shipped(t, "hearts"), enginetest.Strength{
		Bot: "mcts:100", Players: 4,
		Games: 24, Floor: 0.45,
	})
}

// TestHeartsMCTSDeterministic: the same seed plays the same game, search
// bot included.
func TestHeartsMCTSDeterministic(t *testing.T) {
	enginetest.MCTSDeterministic(t, shipped(t, "hearts"), []string{"mcts:10", "greedy", "mcts:5", "random"}, 3)
}
