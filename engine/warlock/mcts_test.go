package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// mctsGames plays games 4-player games, one search bot named bot against
// three greedy bots, the search bot's seat turning, and returns the search
// bot's share of the wins, a shared win counting 1/k.
func mctsGames(t *testing.T, g *Game, bot string, games int, seed uint64) float64 {
	t.Helper()
	wins := 0.0
	for i := range games {
		gs := seed + uint64(i)
		s, err := g.NewState(4, gs)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			name := "greedy"
			if j == i%4 {
				name = bot
			}
			if bots[j], err = g.NewBot(name); err != nil {
				t.Fatal(err)
			}
		}
		res, err := engine.Play(s, bots, gs, 100000, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range res.Winners {
			if w == i%4 {
				wins += 1 / float64(len(res.Winners))
			}
		}
	}
	return wins / float64(games)
}

// TestMCTSBeatsGreedy: the search bot, at a small budget, wins clearly
// more than its fair share (25%) against three greedy bots.
func TestMCTSBeatsGreedy(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	games, floor := mctsTestGames, mctsTestFloor
	if testing.Short() {
		games, floor = mctsShortGames, mctsShortFloor
	}
	share := mctsGames(t, g, mctsTestBot, games, 1)
	t.Logf("%s wins %.1f%% of %d games against 3 greedy bots (fair share 25%%)", mctsTestBot, 100*share, games)
	if share < floor {
		t.Errorf("%s wins %.1f%% of %d games against greedy; want at least %.0f%%", mctsTestBot, 100*share, games, 100*floor)
	}
}

// TestMCTSDeterministic: the same seed plays the same game, search bot
// included.
func TestMCTSDeterministic(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	play := func() (uint64, engine.Result) {
		s, err := g.NewState(4, 3)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			if bots[j], err = g.NewBot([]string{"mcts:20", "greedy", "mcts:10", "random"}[j]); err != nil {
				t.Fatal(err)
			}
		}
		var h uint64
		res, err := engine.Play(s, bots, 3, 100000, func(_ engine.Step, s engine.State) error {
			h = h*31 + s.Hash()
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return h, res
	}
	h1, r1 := play()
	h2, r2 := play()
	if h1 != h2 || r1.Length != r2.Length {
		t.Errorf("two plays of seed 3: hashes %x and %x, lengths %d and %d; want the same", h1, h2, r1.Length, r2.Length)
	}
}

// The strength test's budget and floors, set below the measured shares.
const (
	mctsTestBot    = "mcts:100"
	mctsTestGames  = 16
	mctsTestFloor  = 0.3
	mctsShortGames = 6
	mctsShortFloor = 0.3
)
