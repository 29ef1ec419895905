package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// BenchmarkRandomGame plays complete random 4-player games, chance nodes
// sampled; actions/op is per game.
func BenchmarkRandomGame(b *testing.B) {
	r := shipped(b)
	rng := engine.NewRNG(1)
	var legal []engine.Action
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s, err := r.NewState(4, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !s.IsTerminal() {
			a := engine.Action(0)
			if s.CurrentPlayer() == engine.Chance {
				a = s.SampleChance()
			} else {
				legal = s.LegalActions(legal)
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
