package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/rulings"
)

// TestRulingsDocumented: the table of Warriors rulings in docs/engines.md
// and the rulings the code names are the same set.
func TestRulingsDocumented(t *testing.T) {
	rulings.Check(t, "../../docs/engines.md", "### Warriors rulings", ".")
}
