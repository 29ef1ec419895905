package warlock

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	tables "github.com/grimoire-games/grimoire/gen/warlock"
)

// TestRulesMatchTables: NewRules reads the parameters by id from the model;
// for the shipped data they must equal the generated tables, so a
// parameter added to the data cannot be silently left out.
func TestRulesMatchTables(t *testing.T) {
	if diff := cmp.Diff(tables.DefaultParams(), shipped(t).Params); diff != "" {
		t.Errorf("params read from the model differ from gen/warlock (-gen +engine):\n%s", diff)
	}
}
