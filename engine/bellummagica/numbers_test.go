package bellummagica

import (
	"slices"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
)

// TestOwnNumbersWithoutRules: a game whose data has no rules keeps the
// engine's own numbers, and plays the same game as with the rules'.
func TestOwnNumbersWithoutRules(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"bellum_magica"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m := *games.Game("bellum_magica")
	m.Rules = nil
	own, err := NewRules(&m)
	if err != nil {
		t.Fatal(err)
	}
	if own.num != nil {
		t.Fatal("a game without rules is renumbered")
	}
	byRules := shipped(t)
	a, _ := own.NewState(3, 5)
	b, _ := byRules.NewState(3, 5)
	for !a.IsTerminal() {
		la, lb := a.LegalActions(nil), b.LegalActions(nil)
		if !slices.Equal(la, a.ownLegal(nil)) {
			t.Fatalf("without rules, the legal actions are renumbered: %v", la)
		}
		if len(la) != len(lb) {
			t.Fatalf("%d legal actions, %d by the rules' numbers", len(la), len(lb))
		}
		var x, y engine.Action
		if a.CurrentPlayer() == engine.Chance {
			x, y = a.SampleChance(), b.SampleChance()
		} else {
			x = la[0]
			y = b.Encode(mustDecode(t, a, x))
		}
		if na, nb := a.ActionString(x, "en"), b.ActionString(y, "en"); na != nb {
			t.Fatalf("%q by own numbers, %q by the rules'", na, nb)
		}
		if err := a.Apply(x); err != nil {
			t.Fatal(err)
		}
		if err := b.Apply(y); err != nil {
			t.Fatal(err)
		}
	}
	if !b.IsTerminal() || !slices.Equal(a.Returns(), b.Returns()) {
		t.Errorf("returns %v, by the rules' numbers %v", a.Returns(), b.Returns())
	}
}

func mustDecode(t *testing.T, s *State, a engine.Action) Move {
	t.Helper()
	m, ok := s.Decode(a)
	if !ok {
		t.Fatalf("action %d does not decode", a)
	}
	return m
}
