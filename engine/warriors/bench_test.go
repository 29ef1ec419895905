package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// BenchmarkRandomGame plays complete random 4-player games, chance nodes
// sampled; actions/op is per game. Each variant is played by the Go
// engine, then by the rules (cards/warriors/rules.star), whose random
// games are not the same ones: compare them by ns/action.
func BenchmarkRandomGame(b *testing.B) {
	for _, variant := range []string{"", VariantHordes} {
		b.Run(cmpName(variant), func(b *testing.B) {
			enginetest.Bench(b, 4, shipped(b, variant).NewState)
		})
		b.Run(cmpName(variant)+"/rules", func(b *testing.B) {
			enginetest.Bench(b, 4, byRules(b, played(b, variant)).New)
		})
	}
}

// BenchmarkSimulate runs simulations of 1,000 4-player games of random
// bots, then of greedy bots, with as many workers as GOMAXPROCS: run it
// with -cpu 1,2 to read how simulate scales (enginetest.BenchSimulate).
func BenchmarkSimulate(b *testing.B) {
	for _, variant := range []string{"", VariantHordes} {
		for _, bot := range []string{"random", "greedy"} {
			b.Run(cmpName(variant)+"/"+bot, func(b *testing.B) {
				enginetest.BenchSimulate(b, &Game{Rules: shipped(b, variant)}, bot, 1000)
			})
		}
	}
}
