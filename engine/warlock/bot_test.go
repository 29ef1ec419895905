package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

func greedy(t testing.TB) enginetest.Greedy[*Greedy] {
	g := &Game{Rules: shipped(t)}
	return enginetest.Greedy[*Greedy]{
		Name: "warlock", NewState: g.NewState, MaxAction: 10000,
		New:  func() *Greedy { return &Greedy{r: g.Rules} },
		Copy: func(b *Greedy) *Greedy { c := *b; return &c },
	}
}

// TestGreedyBeatsRandom: the greedy bot, seeing only its observation,
// wins far more than its share against three random bots: the Wilson
// lower bound of its win rate stays above the floor, set below the
// measured rate.
func TestGreedyBeatsRandom(t *testing.T) {
	games, floor := 100, 0.8
	if longtest.Enabled() {
		games, floor = 400, 0.9
	}
	greedy(t).BeatsRandom(t, games, floor)
}

// TestGreedyIgnoresHidden: the greedy bot plays the same whatever the
// cards its seat cannot see are.
func TestGreedyIgnoresHidden(t *testing.T) { greedy(t).IgnoresHidden(t, 4) }

// TestGreedyAllocs: a game of greedy bots allocates little beyond its
// state and bots, and a decision nothing once its bot is warm: the bots
// write each observation over the last.
func TestGreedyAllocs(t *testing.T) { greedy(t).Allocs(t, 140) }

// BenchmarkGreedyGame: the cost of a greedy decision.
func BenchmarkGreedyGame(b *testing.B) { greedy(b).Bench(b) }
