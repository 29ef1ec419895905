package rules

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// TestTyping types each shipped game's rules, and reports the functions
// with expressions the typer cannot type: at least as many functions as
// below are typed whole (the more, the more of the rules compile to Go
// that needs no interpreter).
func TestTyping(t *testing.T) {
	floor := map[string]int{"hearts": 18, "bellum_magica": 66, "warriors": 72, "warlock": 104}
	for _, id := range []string{"hearts", "bellum_magica", "warriors", "warlock"} {
		g := shipped(t, id)
		res := typer.Infer(g.prog.Files(), g.typeEnv())
		called, typed := 0, 0
		for _, f := range res.Funcs {
			if f.Called {
				called++
				if len(f.DynExprs()) == 0 {
					typed++
				}
			}
		}
		t.Logf("%s: %d of %d functions typed", id, typed, called)
		if typed < floor[id] {
			t.Errorf("%s: %d functions typed, want at least %d", id, typed, floor[id])
		}
		for _, line := range res.Report() {
			t.Logf("  %s", line)
		}
	}
}
