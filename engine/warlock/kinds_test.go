package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestActionKinds: simulations count every seat action under a named
// kind, and the game's length in days.
func TestActionKinds(t *testing.T) {
	enginetest.ActionKinds(t, &Game{Rules: shipped(t)}, "days", 3)
}
