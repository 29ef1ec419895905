package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/rulings"
)

// TestRulingsDocumented: the rulings Warriors' data declares, whose texts
// the rulebook prints, and those the code names are the same set.
func TestRulingsDocumented(t *testing.T) {
	rulings.Check(t, "warriors", ".")
}
