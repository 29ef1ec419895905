package bellummagica

import (
	"math"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// TestAllowsAgrees: at every node of random games, Apply's quick check
// accepts exactly the actions LegalActions lists, whatever the kind and
// argument, and an action it refuses leaves the state as it was.
func TestAllowsAgrees(t *testing.T) {
	r := shipped(t)
	games := longtest.Size(4, 12)
	var legal []engine.Action
	for g := range games {
		players := r.Players.Min + g%(r.Players.Max-r.Players.Min+1)
		s, err := r.NewState(players, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(g))
		for step := 0; ; step++ {
			legal = s.ownLegal(legal)
			for k := Kind(1); k < kinds; k++ {
				for arg := range 256 {
					a := act(k, arg)
					_, want := slices.BinarySearch(legal, a)
					if got := s.allows(Move{Kind: k, Arg: arg}); got != want {
						t.Fatalf("game %d, step %d at %s: allows %v is %v, LegalActions says %v", g, step, stepNames[s.t.Step], Move{k, arg}, got, want)
					}
				}
			}
			for _, a := range []engine.Action{-1, 1 << 20, math.MaxInt32} {
				h := s.Hash()
				if err := s.Apply(a); err == nil || s.Hash() != h {
					t.Fatalf("game %d, step %d: action %d applied (err %v)", g, step, a, err)
				}
			}
			if s.IsTerminal() {
				break
			}
			a := s.game(legal[rng.IntN(len(legal))])
			if s.CurrentPlayer() == engine.Chance {
				a = s.SampleChance()
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("game %d, step %d: %v", g, step, err)
			}
		}
	}
}

// TestAllocs: a whole random game, chance sampled, allocates no more than
// a few values, whatever the number of players.
func TestAllocs(t *testing.T) {
	r := shipped(t)
	var legal []engine.Action
	for players := r.Players.Min; players <= r.Players.Max; players++ {
		seed := uint64(0)
		allocs := testing.AllocsPerRun(20, func() {
			seed++
			s, err := r.NewState(players, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(seed)
			for !s.IsTerminal() {
				var a engine.Action
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
		if allocs > 5 {
			t.Errorf("%d players: %.1f allocations a game, want at most 5", players, allocs)
		}
	}
}

// TestRedealAllocs: a re-deal allocates its copy of the state and
// nothing else.
func TestRedealAllocs(t *testing.T) {
	r := shipped(t)
	s, err := r.NewState(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(3)
	for step := 0; step < 200 && !s.IsTerminal(); step++ {
		enginetest.Step(t, s, &rng)
	}
	deals := engine.NewRNG(4)
	if n := testing.AllocsPerRun(50, func() { s.Redeal(1, &deals) }); n > 1 {
		t.Errorf("a re-deal makes %.1f allocations, want 1", n)
	}
}
