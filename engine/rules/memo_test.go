package rules

import (
	"fmt"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/engine"
)

// TestMemoPlaysTheSame: a remembered function gives the game what the
// function itself would, game after game.
func TestMemoPlaysTheSame(t *testing.T) {
	plain, d := mini(t, `    g.total[p] += card.value`, `    g.total[p] += worth(card, 3)`,
		`def returns(g):`, "def worth(card, k):\n    return sum([card.value for _ in range(k)])\n\ndef returns(g):")
	if d.HasErrors() {
		t.Fatal(d)
	}
	remembered, d := mini(t, `    g.total[p] += card.value`, `    g.total[p] += worth(card, 3)`,
		`def returns(g):`, "def _worth(card, k):\n    return sum([card.value for _ in range(k)])\n\nworth = memo(_worth)\n\ndef returns(g):")
	if d.HasErrors() {
		t.Fatal(d)
	}
	for seed := range uint64(20) {
		a, b := playReturns(t, plain, seed), playReturns(t, remembered, seed)
		if a != b {
			t.Fatalf("seed %d: returns %s without memo, %s with it", seed, a, b)
		}
	}
}

func playReturns(t *testing.T, g *Game, seed uint64) string {
	t.Helper()
	if err := play(g, seed); err != nil {
		t.Fatal(err)
	}
	s, err := g.New(2, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	for !s.IsTerminal() {
		legal := s.LegalActions(nil)
		a := legal[rng.IntN(len(legal))]
		if s.CurrentPlayer() < 0 {
			a = s.SampleChance()
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprint(s.Returns())
}

// TestMemoRefuses: what could hold the game, or be changed, is not
// remembered: g as an argument is an error, and so is changing a
// remembered result.
func TestMemoRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"the game as an argument", `    g.total[p] += card.value`, "    g.total[p] += seen(g)\n", "memo(_seen): argument 1 is a game: a remembered function takes only"},
		{"a result changed", `    g.total[p] += card.value`, "    l = listed(card.value)\n    l.append(1)\n    g.total[p] += len(l)\n", "frozen list"},
		{"by keyword", `    g.total[p] += card.value`, "    g.total[p] += listed(x = 1)[0]\n", "by position"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, d := mini(t, tc.old, tc.new, `def returns(g):`,
				"def _seen(g):\n    return 1\n\nseen = memo(_seen)\n\ndef _listed(x):\n    return [x]\n\nlisted = memo(_listed)\n\ndef returns(g):")
			if d.HasErrors() {
				t.Fatal(d)
			}
			err := play(g, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestMemoChargesSteps: a remembered result costs the steps its working
// out took, so that the step budget is met or not whatever was asked
// before.
func TestMemoChargesSteps(t *testing.T) {
	predeclared := starlark.StringDict{"memo": starlark.NewBuiltin("memo", makeMemo)}
	thread := &starlark.Thread{Name: "test"}
	globals, err := starlark.ExecFile(thread, "memo.star", `
def _count(n):
    t = 0
    for i in range(n):
        t += i
    return t

count = memo(_count)
`, predeclared)
	if err != nil {
		t.Fatal(err)
	}
	count := globals["count"]
	var steps [2]uint64
	for i := range steps {
		before := thread.ExecutionSteps()
		v, err := starlark.Call(thread, count, starlark.Tuple{starlark.MakeInt(500)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != "124750" {
			t.Fatalf("count(500) = %s", v)
		}
		steps[i] = thread.ExecutionSteps() - before
	}
	if steps[0] < 500 || steps[0] != steps[1] {
		t.Errorf("steps of the first call %d, of the remembered one %d: want the same, at least 500", steps[0], steps[1])
	}
}
