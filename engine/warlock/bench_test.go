package warlock

import (
	"context"
	"runtime"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// BenchmarkRandomGame plays complete random 4-player games; an op is a
// game, and ns/action the cost of an action.
func BenchmarkRandomGame(b *testing.B) {
	enginetest.Bench(b, 4, shipped(b).NewState)
}

// BenchmarkSimulate runs simulations of 1,000 random 4-player games with
// as many workers as GOMAXPROCS, the statistics included: run it with
// -cpu 1,2 to read how simulate scales on a quiet machine. allocs/game
// counts everything the simulation allocates, its setup spread over the
// games.
func BenchmarkSimulate(b *testing.B) {
	const games = 1000
	cfg := engine.SimConfig{Game: &Game{Rules: shipped(b)}, Players: 4, Games: games, Bots: []string{"random"}, Workers: runtime.GOMAXPROCS(0)}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		if _, err := engine.Simulate(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(b.N*games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N*games), "allocs/game")
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
