package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

func greedy(t testing.TB, variant string) enginetest.Greedy[*Greedy] {
	g := &Game{Rules: shipped(t, variant)}
	return enginetest.Greedy[*Greedy]{
		Name: cmpName(variant), NewState: g.NewState, MaxAction: 100000,
		New:  func() *Greedy { return &Greedy{r: g.Rules} },
		Copy: func(b *Greedy) *Greedy { c := *b; return &c },
	}
}

// TestGreedyBeatsRandom: the greedy bot wins clearly more than its share
// of 4-player games against three random bots, with and without the
// expansion: the Wilson lower bound of its win rate stays above the
// floor, set below the measured rate.
func TestGreedyBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		variant      string
		floor, short float64
	}{
		{"", 0.5, 0.45},
		{VariantHordes, 0.6, 0.55},
	} {
		games, floor := 600, c.floor
		if testing.Short() {
			games, floor = 200, c.short
		}
		greedy(t, c.variant).BeatsRandom(t, games, floor)
	}
}

// TestGreedyIgnoresHidden: the greedy bot plays the same whatever the
// cards its seat cannot see are, with and without the expansion.
func TestGreedyIgnoresHidden(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		greedy(t, variant).IgnoresHidden(t, 6)
	}
}

// BenchmarkGreedyGame: the cost of a greedy decision.
func BenchmarkGreedyGame(b *testing.B) { greedy(b, "").Bench(b) }
