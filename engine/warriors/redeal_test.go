package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestRedeal: a re-deal for a seat keeps that seat's cards and every
// zone's size, deals the others anew, and never deals a battle card into
// a hand of the first round.
func TestRedeal(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		s, err := r.NewState(3, 5)
		if err != nil {
			t.Fatal(err)
		}
		rng, deals := engine.NewRNG(5), engine.NewRNG(6)
		changed, firstRound := 0, 0
		total := func(z *[maxDesigns]int8) int {
			n := 0
			for _, x := range z {
				n += int(x)
			}
			return n
		}
		for step := 0; !s.IsTerminal(); step++ {
			viewer := step % 3
			h := s.Hash()
			c := s.Redeal(viewer, &deals)
			if s.Hash() != h {
				t.Fatal("Redeal changed the state it was given")
			}
			if err := c.conserved(); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			if c.deckN != s.deckN || total(&c.deck) != s.deckN || total(&c.discard) != total(&s.discard) || total(&c.removed) != total(&s.removed) || c.aside != s.aside {
				t.Fatalf("step %d: the piles' sizes changed", step)
			}
			for i := range s.n {
				p, q := &s.seats[i], &c.seats[i]
				if total(&q.hand) != int(p.handN) || q.handN != p.handN {
					t.Fatalf("step %d: seat %d's hand size changed", step, i)
				}
				switch {
				case i == viewer && q.hand != p.hand:
					t.Fatalf("step %d: the viewer's own cards changed", step)
				case i != viewer && q.hand != p.hand:
					changed++
				}
				for d, n := range q.hand[:len(r.Designs)] {
					if n > 0 && s.round == 0 && r.Designs[d].Class == ClassBattle {
						t.Fatalf("step %d: a battle card dealt into a hand in the first round", step)
					}
				}
				if s.round == 0 && p.handN > 0 && i != viewer {
					firstRound++
				}
			}
			enginetest.Step(t, s, &rng)
		}
		if changed == 0 || firstRound == 0 {
			t.Errorf("%s: re-deals changed other seats' hands %d times, %d in the first round", cmpName(variant), changed, firstRound)
		}
	}
}
