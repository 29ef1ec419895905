package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestActionKinds: simulations count every seat action under a named
// kind, and the game's length in rounds.
func TestActionKinds(t *testing.T) {
	enginetest.ActionKinds(t, &Game{Rules: shipped(t, "")}, "rounds", 3)
}
