package enginetest

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// Strength is a search bot's test against greedy bots: the bot, the seats,
// and the games played and the least share of wins wanted, in full (with
// -long) and in the everyday run. Floors sit below the measured shares. A
// study with no everyday games runs only with -long: a floor over a few
// games that a weak bot would reach too tells nothing.
type Strength struct {
	Bot               string
	Players           int
	Games, ShortGames int
	Floor, ShortFloor float64
}

// strengthSeed seeds the first strength game; game i is seeded seed+i.
const strengthSeed = 1

// MCTSShare plays games games, one bot named bot against greedy bots in the
// other seats, the bot's seat turning, and returns the bot's share of the
// wins, a shared win counting 1/k.
func MCTSShare(t *testing.T, g engine.BotGame, bot string, players, games int, seed uint64) float64 {
	t.Helper()
	wins := 0.0
	for i := range games {
		gs := seed + uint64(i)
		s, err := g.NewState(players, gs)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]engine.Bot, players)
		for j := range bots {
			name := "greedy"
			if j == i%players {
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
			if w == i%players {
				wins += 1 / float64(len(res.Winners))
			}
		}
	}
	return wins / float64(games)
}

// MCTSBeatsGreedy checks that the search bot wins at least its floor
// against greedy bots.
func MCTSBeatsGreedy(t *testing.T, g engine.BotGame, st Strength) {
	t.Helper()
	games, floor := st.Games, st.Floor
	if !longtest.Enabled() {
		if st.ShortGames == 0 {
			longtest.Skip(t)
		}
		games, floor = st.ShortGames, st.ShortFloor
	}
	share := MCTSShare(t, g, st.Bot, st.Players, games, strengthSeed)
	t.Logf("%s wins %.1f%% of %d games against %d greedy bots (fair share %.0f%%)", st.Bot, 100*share, games, st.Players-1, 100/float64(st.Players))
	if share < floor {
		t.Errorf("%s wins %.1f%% of %d games against greedy; want at least %.0f%%", st.Bot, 100*share, games, 100*floor)
	}
}

// MCTSDeterministic checks that the same seed plays the same game twice,
// search bots included; bots names one bot per seat.
func MCTSDeterministic(t *testing.T, g engine.BotGame, bots []string, seed uint64) {
	t.Helper()
	play := func() (uint64, engine.Result) {
		s, err := g.NewState(len(bots), seed)
		if err != nil {
			t.Fatal(err)
		}
		bs := make([]engine.Bot, len(bots))
		for j := range bs {
			if bs[j], err = g.NewBot(bots[j]); err != nil {
				t.Fatal(err)
			}
		}
		var h uint64
		res, err := engine.Play(s, bs, seed, 100000, func(_ engine.Step, s engine.State) error {
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
		t.Errorf("two plays of seed %d: hashes %x and %x, lengths %d and %d; want the same", seed, h1, h2, r1.Length, r2.Length)
	}
}
