package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestRedeal: a re-deal for a seat keeps that seat's chests and how many
// chests of each kind every seat and stack holds, and deals the values of
// the others anew.
func TestRedeal(t *testing.T) {
	r := shipped(t)
	s, err := r.NewState(4, 8)
	if err != nil {
		t.Fatal(err)
	}
	rng, deals := engine.NewRNG(8), engine.NewRNG(9)
	changed := 0
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
		for k := range chestKinds {
			if c.pileSize(k) != s.pileSize(k) {
				t.Fatalf("step %d: the %s stack's size changed", step, chestKindIDs[k])
			}
			for i := range 4 {
				if c.chestsOf(i, k) != s.chestsOf(i, k) {
					t.Fatalf("step %d: seat %d's %s chests changed in number", step, i, chestKindIDs[k])
				}
			}
		}
		for i := range 4 {
			same := c.t.Seats[i] == s.t.Seats[i]
			switch {
			case i == viewer && !same:
				t.Fatalf("step %d: the viewer's own chests changed", step)
			case i != viewer && !same:
				changed++
			}
		}
		enginetest.Step(t, s, &rng)
	}
	if changed == 0 {
		t.Error("no re-deal changed another seat's chests")
	}
}
