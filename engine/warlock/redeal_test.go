package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestRedeal: a re-deal for a seat keeps that seat's cards and every
// zone's size, and deals the other seats' hidden cards and the draw pile
// anew.
func TestRedeal(t *testing.T) {
	r := shipped(t)
	s, err := r.NewState(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng, deals := engine.NewRNG(3), engine.NewRNG(4)
	changed, pile := 0, 0
	for step := 0; !s.IsTerminal(); step++ {
		viewer := step % 4
		h := s.Hash()
		c := s.Redeal(viewer, &deals)
		if s.Hash() != h {
			t.Fatal("Redeal changed the state it was given")
		}
		if err := c.conserved(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		for i := range s.n {
			p, q := &s.seats[i], &c.seats[i]
			if p.nHand != q.nHand || p.nMine != q.nMine || p.nAside != q.nAside {
				t.Fatalf("step %d: seat %d's sizes changed", step, i)
			}
			for d := range r.Designs {
				if (q.hand[d] > 0) != (q.handSet&(1<<d) != 0) || (q.mine[d] > 0) != (q.mineSet&(1<<d) != 0) {
					t.Fatalf("step %d: seat %d's design sets are stale", step, i)
				}
			}
			same := p.hand == q.hand && p.mine == q.mine && p.aside == q.aside
			switch {
			case i == viewer && !same:
				t.Fatalf("step %d: the viewer's own cards changed", step)
			case i != viewer && !same:
				changed++
			}
		}
		if s.draw != c.draw {
			pile++
		}
		if c.rng == s.rng {
			t.Fatal("the state's generator was not reseeded")
		}
		enginetest.Step(t, s, &rng)
	}
	if changed == 0 || pile == 0 {
		t.Errorf("re-deals changed other seats' cards %d times, the draw pile %d times", changed, pile)
	}
}
