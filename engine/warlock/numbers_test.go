package warlock

import (
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestOwnNumbersWithoutRules: a game whose data has no rules keeps the
// engine's own numbers, and plays the same game as with the rules',
// through the same positions.
func TestOwnNumbersWithoutRules(t *testing.T) {
	m := *warlockModel(t)
	m.Rules = nil
	own, err := NewRules(&m)
	if err != nil {
		t.Fatal(err)
	}
	if own.num != nil {
		t.Fatal("a game without rules is renumbered")
	}
	byRules := shipped(t)
	if own.NumActions() == byRules.NumActions() {
		t.Errorf("%d actions by own numbers and by the rules'", own.NumActions())
	}
	for seed := range uint64(3) {
		a, _ := own.NewState(4, seed)
		b, _ := byRules.NewState(4, seed)
		rng := engine.NewRNG(seed)
		for !a.IsTerminal() {
			if a.Position().Hash() != b.Hash() {
				t.Fatal("the two states have other positions")
			}
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
				x = la[rng.IntN(len(la))]
				m, ok := a.Decode(x)
				if !ok {
					t.Fatalf("action %d does not decode", x)
				}
				y = b.Encode(m)
			}
			if na, nb := a.ActionString(x, "en"), b.ActionString(y, "en"); na != nb {
				t.Fatalf("%q by own numbers, %q by the rules'", na, nb)
			}
			if ka, kb := a.ActionKind(x), b.ActionKind(y); ka != kb {
				t.Fatalf("%s: kind %s by own numbers, %s by the rules'", a.ActionString(x, "en"), ka, kb)
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
}

// TestNumbersFollowTheRules: an action the rules cannot number is an
// error of NewRules, not an action left out.
func TestNumbersFollowTheRules(t *testing.T) {
	m := warlockModel(t, `"place": {"on": {"Field": FIELDS}, "phase": "field"},`, `"place": {"on": {"Field": FIELDS - 1}, "phase": "field"},`)
	_, err := NewRules(m)
	if err == nil || !strings.Contains(err.Error(), "field at field") {
		t.Errorf("got %v, want an error for the last field", err)
	}
}

// TestNumbersByDecision: one own action is the rules' action of the
// decision it is played at, and the same game number decodes to the same
// move whatever the state.
func TestNumbersByDecision(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	pass := s.Encode(do(Pass))
	s.step = stDragon
	skip := s.Encode(do(Pass))
	if pass == skip || pass < 0 || skip < 0 {
		t.Fatalf("pass %d, skip %d: want two game numbers", pass, skip)
	}
	for _, a := range []engine.Action{pass, skip} {
		if m, ok := r.Decode(a); !ok || m.Kind != Pass {
			t.Errorf("action %d decodes to %+v, want a pass", a, m)
		}
	}
	if _, ok := s.Decode(pass); ok {
		t.Error("the action's pass decodes at the giant's dragon")
	}
}
