package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// BenchmarkRandomGame plays complete random 4-player games, chance nodes
// sampled; actions/op is per game.
func BenchmarkRandomGame(b *testing.B) {
	for _, variant := range []string{"", VariantHordes} {
		b.Run(cmpName(variant), func(b *testing.B) {
			enginetest.Bench(b, 4, shipped(b, variant).NewState)
		})
	}
}
