package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// BenchmarkRandomGame plays complete random 4-player games; an op is a
// game, and ns/action the cost of an action: by this engine (go), and by
// the rules engine playing cards/warlock/rules.star (rules), whose
// actions include a chance node for each card drawn.
func BenchmarkRandomGame(b *testing.B) {
	b.Run("go", func(b *testing.B) {
		enginetest.Bench(b, 4, shipped(b).NewState)
	})
	b.Run("rules", func(b *testing.B) {
		_, g := engines(b, warlockModel(b))
		enginetest.Bench(b, 4, g.New)
	})
}

// BenchmarkSimulate runs simulations of 1,000 4-player games of random
// bots, then of greedy bots, with as many workers as GOMAXPROCS, the
// statistics included: run it with -cpu 1,2 to read how simulate scales
// (enginetest.BenchSimulate).
func BenchmarkSimulate(b *testing.B) {
	for _, bot := range []string{"random", "greedy"} {
		b.Run(bot, func(b *testing.B) {
			enginetest.BenchSimulate(b, &Game{Rules: shipped(b)}, bot, 1000)
		})
	}
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
