package rules

import (
	"errors"
	"strings"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine/internal/lockstep"
)

// heartsWith builds Hearts from its rules with each old string replaced by
// its new one (pairs): a second writing of its rules.
func heartsWith(t *testing.T, edits ...string) *Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"hearts"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, err := games.Game("hearts").Play("")
	if err != nil {
		t.Fatal(err)
	}
	c, err := lockstep.Edit(m, edits...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLockstep: the lockstep test finds no difference between two
// writings of the same rules, and finds a rule one of them leaves out.
func TestLockstep(t *testing.T) {
	same := heartsWith(t, `    return hand.where(suit = g.trick[0].suit) or discards(g, hand)`,
		"    follow = [c for c in hand if c.suit == g.trick[0].suit]\n    return follow or discards(g, hand)")
	g := shipped(t, "hearts")
	if err := lockstep.Run(lockstep.Config{A: g, B: same, Players: 4, Games: 3, Seed: 1}); err != nil {
		t.Errorf("two writings of Hearts' rules differ: %v", err)
	}
	if err := lockstep.Run(lockstep.Config{A: g, B: same, Players: 4, Games: 1, Seed: 2, Bot: "greedy"}); err != nil {
		t.Errorf("two writings of Hearts' rules differ under greedy play: %v", err)
	}
	for _, tc := range []struct {
		name  string
		edits []string
		want  string
	}{
		{"no following suit", []string{`    return hand.where(suit = g.trick[0].suit) or discards(g, hand)`, `    return discards(g, hand)`}, "the legal actions differ: only in A: ["},
		{"no moon", []string{`    moon = moon_shooter(g)`, `    moon = None`}, "observation differs"},
		{"returns not negated", []string{`    return [-g.score[p] for p in range(g.players)]`, `    return [g.score[p] for p in range(g.players)]`}, "the returns differ"},
	} {
		err := lockstep.Run(lockstep.Config{A: g, B: heartsWith(t, tc.edits...), Players: 4, Games: 40, Seed: 1})
		var d *lockstep.Difference
		if !errors.As(err, &d) || !strings.Contains(d.What, tc.want) {
			t.Errorf("%s: got %v, want a difference with %q", tc.name, err, tc.want)
		}
	}
}
