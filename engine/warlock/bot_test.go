package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestGreedyBeatsRandom: the greedy bot, seeing only its observation,
// wins clearly more than its share against three random bots.
func TestGreedyBeatsRandom(t *testing.T) {
	r := shipped(t)
	g := &Game{Rules: r}
	games := 200
	if testing.Short() {
		games = 40
	}
	wins := 0.0
	for i := range games {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		seat := i % 4
		bots := make([]engine.Bot, 4)
		for j := range bots {
			name := "random"
			if j == seat {
				name = "greedy"
			}
			if bots[j], err = g.NewBot(name); err != nil {
				t.Fatal(err)
			}
		}
		res, err := engine.Play(s, bots, uint64(i), 10000, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range res.Winners {
			if w == seat {
				wins += 1 / float64(len(res.Winners))
			}
		}
	}
	rate := wins / float64(games)
	t.Logf("greedy wins %.1f%% of %d 4-player games against random bots (share 25%%)", 100*rate, games)
	if rate < 0.5 {
		t.Errorf("greedy wins %.1f%%; want at least 50%%", 100*rate)
	}
}
