package warriors

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/lockstep"
)

// The battle cards' numbers are reconstructed. What the rulebooks state
// must hold: 14 cards in the base game (7 simple, 7 mercenary) and 16 in
// the expansion (8 draconic, 8 mixed), each with its own number (the
// lowest is resolved first, so two equal numbers would leave the order
// open). Beyond that, the expansion's numbers interleave with the base
// game's, so that dragons do not always fight last.
func TestBattleNumbers(t *testing.T) {
	base, hordes := shipped(t, ""), shipped(t, VariantHordes)
	inBase := map[string]bool{}
	count := func(r *Rules) map[BattleKind]int {
		n := map[BattleKind]int{}
		for _, d := range r.Designs {
			if d.Class == ClassBattle {
				n[d.Kind] += d.Copies
				if r == base {
					inBase[d.ID] = true
				}
			}
		}
		return n
	}
	if got, want := count(base), map[BattleKind]int{Simple: 7, Mercenary: 7}; !maps.Equal(got, want) {
		t.Errorf("base battle cards by kind %v; want %v", got, want)
	}
	if got, want := count(hordes), map[BattleKind]int{Simple: 7, Mercenary: 7, Draconic: 8, Mixed: 8}; !maps.Equal(got, want) {
		t.Errorf("battle cards with the expansion by kind %v; want %v", got, want)
	}
	var cards []Design
	seen := map[int]string{}
	for _, d := range hordes.Designs {
		if d.Class != ClassBattle {
			continue
		}
		if d.Number < 1 {
			t.Errorf("%s: number %d; a card's number is a positive whole number", d.ID, d.Number)
		}
		if other, dup := seen[d.Number]; dup {
			t.Errorf("%s and %s share number %d", other, d.ID, d.Number)
		}
		seen[d.Number] = d.ID
		cards = append(cards, d)
	}
	slices.SortFunc(cards, func(a, b Design) int { return a.Number - b.Number })
	// In order of number, neither box runs more than two cards in a row,
	// and each box has a card in each half.
	run, longest := 0, 0
	for i, d := range cards {
		if i > 0 && inBase[d.ID] == inBase[cards[i-1].ID] {
			run++
		} else {
			run = 1
		}
		longest = max(longest, run)
	}
	if longest > 2 {
		t.Errorf("%d cards of one box in a row; the boxes' numbers do not interleave", longest)
	}
	half := len(cards) / 2
	for _, part := range [][]Design{cards[:half], cards[half:]} {
		b := slices.IndexFunc(part, func(d Design) bool { return inBase[d.ID] })
		x := slices.IndexFunc(part, func(d Design) bool { return !inBase[d.ID] })
		if b < 0 || x < 0 {
			t.Errorf("numbers %d to %d hold cards of one box only", part[0].Number, part[len(part)-1].Number)
		}
	}
	// Draconic and mixed cards both come before the last base card.
	for _, k := range []BattleKind{Draconic, Mixed} {
		first := slices.IndexFunc(cards, func(d Design) bool { return d.Kind == k })
		if first > half {
			t.Errorf("the first card of kind %d is number %d, in the second half", k, cards[first].Number)
		}
	}
}

// TestOwnNumbersWithoutRules: a game whose data has no rules keeps the
// engine's own numbers, and plays the same games as with the rules'.
func TestOwnNumbersWithoutRules(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		m := *played(t, variant)
		m.Rules = nil
		own, err := NewRules(&m)
		if err != nil {
			t.Fatal(err)
		}
		if own.num != nil {
			t.Fatal("a game without rules is renumbered")
		}
		byRules := shipped(t, variant)
		rng := engine.NewRNG(7)
		for seed := range uint64(10) {
			a, _ := own.NewState(3, seed)
			b, _ := byRules.NewState(3, seed)
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
					t.Fatalf("%q: kind %s by own numbers, %s by the rules'", a.ActionString(x, "en"), ka, kb)
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
			// The own hash, which logs use without rules, allocates nothing.
			if allocs := testing.AllocsPerRun(10, func() { _ = a.Hash() }); allocs > 0 {
				t.Errorf("Hash without rules: %v allocations", allocs)
			}
		}
	}
}

// TestActionKindAnyState: an action's kind is the same in every state,
// as statistics count it once per number, a charge's and a give's too.
func TestActionKindAnyState(t *testing.T) {
	r := shipped(t, VariantHordes)
	fresh, _ := r.NewState(2, 1)
	seen := map[Kind]bool{}
	walk(t, r, 5, func(s *State) {
		for _, a := range s.LegalActions(nil) {
			m, ok := s.Decode(a)
			if !ok {
				t.Fatalf("%s: legal action %d does not decode", stepName(s.step), a)
			}
			if got := fresh.ActionKind(a); got != m.Kind.name() {
				t.Fatalf("%q: kind %s in another state, %s here", s.ActionString(a, "en"), got, m.Kind.name())
			}
			if s.Encode(m) != a {
				t.Fatalf("%q: encodes as %d, not %d", s.ActionString(a, "en"), s.Encode(m), a)
			}
			seen[m.Kind] = true
		}
	})
	if !seen[Charge] || !seen[Give] {
		t.Errorf("no charge or no give in the games played")
	}
}

// TestNumbersMustMap: rules that leave an action of the engine without a
// number are refused, not played with the action dropped.
func TestNumbersMustMap(t *testing.T) {
	m := played(t, "")
	c, err := lockstep.Edit(m, `"protect": {"on": {"Faction": UNITS}`, `"protect": {"on": {"Faction": UNITS[:1]}`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err = NewRules(c); err == nil || !strings.Contains(err.Error(), "protect") {
		t.Errorf("rules that number one faction to protect: %v; want an error about protect", err)
	}
}
