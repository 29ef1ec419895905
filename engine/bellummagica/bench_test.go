package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/engine/rules"
)

// BenchmarkRandomGame plays complete random 4-player games, chance nodes
// sampled, with the Go engine and with the rules engine (the game's
// rules.star); actions/op is per game.
func BenchmarkRandomGame(b *testing.B) {
	b.Run("go", func(b *testing.B) {
		enginetest.Bench(b, 4, shipped(b).NewState)
	})
	b.Run("rules", func(b *testing.B) {
		g, err := rules.New(lockstepModel(b, nil))
		if err != nil {
			b.Fatal(err)
		}
		enginetest.Bench(b, 4, g.New)
	})
}

// BenchmarkSimulate runs simulations of 1,000 4-player games of random
// bots, then of greedy bots, with as many workers as GOMAXPROCS: run it
// with -cpu 1,2 to read how simulate scales (enginetest.BenchSimulate).
func BenchmarkSimulate(b *testing.B) {
	for _, bot := range []string{"random", "greedy"} {
		b.Run(bot, func(b *testing.B) {
			enginetest.BenchSimulate(b, &Game{Rules: shipped(b)}, bot, 1000)
		})
	}
}
