package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// BenchmarkRandomGame plays complete random 4-player games, chance nodes
// sampled; actions/op is per game.
func BenchmarkRandomGame(b *testing.B) {
	enginetest.Bench(b, 4, shipped(b).NewState)
}
