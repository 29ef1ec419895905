package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// BenchmarkRandomGame plays complete random 4-player games; actions/op and
// allocs/op are per game.
func BenchmarkRandomGame(b *testing.B) {
	enginetest.Bench(b, 4, shipped(b).NewState)
}

// BenchmarkLegalActions lists the legal actions of positions from random
// 4-player games.
func BenchmarkLegalActions(b *testing.B) {
	r := shipped(b)
	rng := engine.NewRNG(1)
	var states []*State
	var legal []engine.Action
	for i := range 20 {
		s, _ := r.NewState(4, uint64(i))
		for !s.IsTerminal() {
			states = append(states, s.clone())
			legal = s.LegalActions(legal)
			_ = s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		legal = states[i%len(states)].LegalActions(legal)
	}
}
