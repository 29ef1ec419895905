package warriors

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
)

// shipped builds the rules of the shipped game, in a variant ("" for the
// base game).
func shipped(t testing.TB, variant string) *Rules {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warriors"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g, err := games.Game("warriors").Play(variant)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRules(g)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// conserved checks that every card is in exactly one place.
func (s *State) conserved() error {
	r := s.r
	nd := len(r.Designs)
	var n [maxDesigns]int
	add := func(c []int8) {
		for d := range nd {
			n[d] += int(c[d])
		}
	}
	add(s.deck[:])
	add(s.discard[:])
	add(s.removed[:])
	add(s.aside[:])
	deckN := 0
	for d := range nd {
		deckN += int(s.deck[d])
	}
	if deckN != s.deckN {
		return fmt.Errorf("draw pile count %d, holds %d", s.deckN, deckN)
	}
	for i := range s.n {
		p := &s.seats[i]
		add(p.hand[:])
		add(p.pile[:])
		hand := 0
		for d := range nd {
			hand += int(p.hand[d])
		}
		if hand != int(p.handN) {
			return fmt.Errorf("seat %d: hand count %d, holds %d", i, p.handN, hand)
		}
		for q := range r.Peoples {
			for t := range troops {
				if p.faction[q][t] < 0 {
					return fmt.Errorf("seat %d: faction %s troop %d is negative", i, r.Peoples[q], t)
				}
				n[r.warrior[q][t]] += int(p.faction[q][t])
			}
			if p.wizards[q] > 0 {
				n[r.wizard] += int(p.wizards[q])
			}
		}
		n[max(r.wizard, 0)] += int(p.wizardsDue)
		for _, f := range p.dragons {
			if f >= 0 {
				n[r.dragon]++
				n[r.flame] += int(f)
			}
		}
		if p.flamesAside > 0 {
			n[r.flame] += int(p.flamesAside)
		}
		for j, c := range r.catapults {
			n[c] += int(p.catapults[j])
		}
		for _, d := range p.battleCards() {
			n[d]++
		}
	}
	if s.b.card >= 0 {
		o := s.b.owner
		if s.b.unit >= 0 && s.b.unit < maxPeoples {
			for t := range troops {
				n[r.warrior[s.b.unit][t]] += int(s.b.camp[t])
			}
		}
		for q := range r.Peoples {
			n[r.warrior[q][Infantry]] += int(s.b.band[q])
		}
		if s.seats[o].battles&(1<<s.b.card) == 0 {
			return fmt.Errorf("the battle card being resolved is not in front of its owner")
		}
	}
	for d := range nd {
		if n[d] != r.Designs[d].Copies {
			return fmt.Errorf("%d cards of %s in play, want %d", n[d], r.Designs[d].ID, r.Designs[d].Copies)
		}
	}
	return nil
}

// playChecked plays a random game, checking the invariants after every
// action, and returns the actions played.
func playChecked(t *testing.T, r *Rules, players int, seed uint64, deep bool) ([]engine.Action, *State) {
	t.Helper()
	s, err := r.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed + 7)
	var legal, again []engine.Action
	var hist []engine.Action
	for step := 0; !s.IsTerminal(); step++ {
		if step > 20000 {
			t.Fatalf("seed %d: no end after %d actions", seed, step)
		}
		if err := s.conserved(); err != nil {
			t.Fatalf("seed %d, action %d (%s): %v", seed, step, stepName(s.step), err)
		}
		legal = s.LegalActions(legal)
		if len(legal) == 0 {
			t.Fatalf("seed %d, action %d (%s): no legal action", seed, step, stepName(s.step))
		}
		if !slices.IsSorted(legal) || len(slices.Compact(slices.Clone(legal))) != len(legal) {
			t.Fatalf("seed %d: legal actions not sorted and unique: %v", seed, legal)
		}
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = s.SampleChance()
			if _, found := slices.BinarySearch(legal, a); !found {
				t.Fatalf("seed %d: chance outcome %d is not legal", seed, a)
			}
		} else {
			a = legal[rng.IntN(len(legal))]
		}
		var h uint64
		if deep {
			again = s.LegalActions(again)
			if !slices.Equal(legal, again) {
				t.Fatalf("seed %d: legal actions differ between calls", seed)
			}
			h = s.Hash()
		}
		// Actions that are not legal are refused and change nothing.
		for range 2 {
			x := engine.Action(rng.IntN(r.NumActions()+2) - 1)
			if _, found := slices.BinarySearch(legal, x); found {
				continue
			}
			if err := s.Apply(x); err == nil {
				t.Fatalf("seed %d: illegal action %d accepted at %s", seed, x, stepName(s.step))
			}
			if deep && s.Hash() != h {
				t.Fatalf("seed %d: a refused action changed the state", seed)
			}
		}
		if deep {
			for _, lang := range r.game.Languages {
				if name := s.ActionString(a, lang); name == "" || strings.HasPrefix(name, "action") && !strings.Contains(name, " ") || strings.Contains(name, "?") {
					t.Fatalf("seed %d: action %d has no %s name (%q)", seed, a, lang, name)
				}
			}
			c := s.clone()
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			if s.Hash() != h {
				t.Fatalf("seed %d: applying to a clone changed the original", seed)
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("seed %d: legal action %d refused: %v", seed, a, err)
		}
		hist = append(hist, a)
	}
	if err := s.conserved(); err != nil {
		t.Fatalf("seed %d, at the end: %v", seed, err)
	}
	if len(s.LegalActions(legal)) != 0 {
		t.Fatalf("seed %d: legal actions after the end", seed)
	}
	return hist, s
}

func TestRandomGames(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		games := 2000
		if testing.Short() {
			games = 200
		}
		for players := r.Players.Min; players <= r.Players.Max; players++ {
			t.Run(fmt.Sprintf("%s/%dp", cmpName(variant), players), func(t *testing.T) {
				t.Parallel()
				for i := range games {
					seed := engine.Seed(uint64(players), i)
					deep := i%25 == 0
					hist, s := playChecked(t, r, players, seed, deep)
					if deep {
						// Same seed, same actions: the same game.
						again, err := r.NewState(players, seed)
						if err != nil {
							t.Fatal(err)
						}
						for _, a := range hist {
							if again.CurrentPlayer() == engine.Chance {
								if got := again.SampleChance(); got != a {
									t.Fatalf("seed %d: replay samples %d, not %d", seed, got, a)
								}
							}
							if err := again.Apply(a); err != nil {
								t.Fatalf("seed %d: replay: %v", seed, err)
							}
						}
						if again.Hash() != s.Hash() {
							t.Fatalf("seed %d: replay ends in another state", seed)
						}
					}
				}
			})
		}
	}
}

func cmpName(variant string) string {
	if variant == "" {
		return "base"
	}
	return variant
}

// TestEveryDecisionOccurs plays random games with the expansion and checks
// that every kind of action comes up: a rule that never triggers would go
// unnoticed by the invariants.
func TestEveryDecisionOccurs(t *testing.T) {
	r := shipped(t, VariantHordes)
	var seen [kinds]int
	for i := range 300 {
		hist, _ := playChecked(t, r, 2+i%5, engine.Seed(99, i), false)
		for _, a := range hist {
			m, _ := r.Decode(a)
			seen[m.Kind]++
		}
	}
	names := [kinds]string{"deal", "roll", "keep", "protect", "assign-flame", "attack", "enlist", "as-mercenary", "as-draconic", "continue", "stop", "charge", "end-charge", "give", "spend-flame", "fire", "hold-fire"}
	for k, n := range seen {
		t.Logf("%s: %d", names[k], n)
		if n == 0 {
			t.Errorf("no %s action in 300 games", names[k])
		}
	}
}
