package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestMCTSBeatsGreedy: the search bot, at a small budget, wins at least
// its floor against three greedy bots.
func TestMCTSBeatsGreedy(t *testing.T) {
	enginetest.MCTSBeatsGreedy(t, &Game{Rules: shipped(t)}, mctsStrength)
}

// TestMCTSDeterministic: the same seed plays the same game, search bot
// included.
func TestMCTSDeterministic(t *testing.T) {
	enginetest.MCTSDeterministic(t, &Game{Rules: shipped(t)}, []string{"mcts:20", "greedy", "mcts:10", "random"}, 3)
}

// At a budget a test can afford the bot does not beat the greedy bots
// (it does from about 200 iterations: see the README), so the floors
// guard against a weaker search, not for a win. The strength test's
// budget and floors, set below the measured shares.
var mctsStrength = enginetest.Strength{
	Bot: "mcts:100", Players: 4,
	Games: 16, Floor: 0.1,
	ShortGames: 6, ShortFloor: 0.3,
}
