package warriors

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// walk plays random games of every player count of a variant and calls f
// with each state reached, before its action is played.
func walk(t *testing.T, r *Rules, games int, f func(s *State)) {
	t.Helper()
	rng := engine.NewRNG(3)
	var legal []engine.Action
	for players := r.Players.Min; players <= r.Players.Max; players++ {
		for i := range games {
			s, err := r.NewState(players, engine.Seed(uint64(players), i))
			if err != nil {
				t.Fatal(err)
			}
			for {
				f(s)
				if s.IsTerminal() {
					break
				}
				legal = s.LegalActions(legal)
				a := legal[rng.IntN(len(legal))]
				if s.CurrentPlayer() == engine.Chance {
					a = s.SampleChance()
				}
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestLegalAgrees checks, at every position of random games, that Apply
// accepts exactly the listed legal actions: Apply judges one action
// without listing them all.
func TestLegalAgrees(t *testing.T) {
	games := longtest.Size(3, 12)
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		t.Run(cmpName(variant), func(t *testing.T) {
			var legal []engine.Action
			check := func(s *State, a engine.Action) {
				_, listed := slices.BinarySearch(legal, a)
				m, ok := s.Decode(a)
				if got := ok && s.legal(m); got != listed {
					t.Fatalf("%s: legal(%d) = %v; listed %v (legal %v)", stepName(s.step), a, got, listed, legal)
				}
			}
			rng := engine.NewRNG(5)
			n := 0
			walk(t, r, games, func(s *State) {
				legal = s.LegalActions(legal)
				// Every action number at some positions, the listed ones
				// and a few others at the rest.
				if n++; n%4 == 0 {
					for a := engine.Action(-1); a <= engine.Action(r.numActions()); a++ {
						check(s, a)
					}
					return
				}
				for _, a := range legal {
					check(s, a)
					check(s, a+1)
				}
				for range 16 {
					check(s, engine.Action(rng.IntN(r.numActions()+2)-1))
				}
			})
		})
	}
}

// TestTotalsAgree checks that Returns, which scores without building the
// breakdowns, gives the totals and piles of Score.
func TestTotalsAgree(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		t.Run(cmpName(variant), func(t *testing.T) {
			walk(t, r, 30, func(s *State) {
				if !s.IsTerminal() && s.step != stPlace {
					return // totals are read at the end, and checked on the way
				}
				total, pile := s.totals()
				for i, b := range s.Score() {
					if total[i] != b.Total || pile[i] != b.Pile {
						t.Fatalf("seat %d: totals() = %d, %d; Score gives %d, %d", i, total[i], pile[i], b.Total, b.Pile)
					}
				}
			})
		})
	}
}

// TestPlayAllocs bounds the allocations of a whole random game: the
// state, the returns and nothing per action.
func TestPlayAllocs(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		rng := engine.NewRNG(1)
		legal := make([]engine.Action, 0, 512)
		seed := uint64(0)
		allocs := testing.AllocsPerRun(20, func() {
			seed++
			s, err := r.NewState(4, seed)
			if err != nil {
				t.Fatal(err)
			}
			for !s.IsTerminal() {
				a := engine.Action(0)
				if s.CurrentPlayer() == engine.Chance {
					a = s.SampleChance()
				} else {
					legal = s.LegalActions(legal)
					a = legal[rng.IntN(len(legal))]
				}
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			_ = s.Returns()
		})
		if allocs > 2 {
			t.Errorf("%s: %v allocations per game; want at most 2", cmpName(variant), allocs)
		}
	}
}

// TestStateAllocs bounds the allocations of what bots call at every
// decision: hashing, listing, cloning, re-dealing and observing a
// position.
func TestStateAllocs(t *testing.T) {
	r := shipped(t, VariantHordes)
	s, err := r.NewState(5, 9)
	if err != nil {
		t.Fatal(err)
	}
	var legal []engine.Action
	rng := engine.NewRNG(2)
	for range 300 {
		legal = s.LegalActions(legal)
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		f    func()
		max  float64
	}{
		// The hash of the rules' Position (TestOwnNumbersWithoutRules
		// checks that the own hash, without rules, allocates nothing).
		{"Hash", func() { _ = s.Hash() }, 600},
		{"LegalActions", func() { legal = s.LegalActions(legal) }, 0},
		{"Clone", func() { _ = s.Clone() }, 1},
		{"Redeal", func() { _ = s.Redeal(1, &rng) }, 1},
		// The observation, its lists, and the battle's.
		{"Observe", func() { _ = s.Observe(2) }, 7},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(50, tt.f); got > tt.max {
			t.Errorf("%s: %v allocations; want at most %v", tt.name, got, tt.max)
		}
	}
}
