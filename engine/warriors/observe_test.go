package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/rulings"
)

// TestRulingsDocumented: the README's table of Warriors rulings and the
// rulings the code names are the same set.
func TestRulingsDocumented(t *testing.T) {
	rulings.Check(t, "../../README.md", "### Warriors rulings", ".")
}
