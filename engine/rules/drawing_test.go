package rules

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestDrawing: Drawing names the zones of the next card drawn.
func TestDrawing(t *testing.T) {
	g, d := mini(t)
	if d.HasErrors() {
		t.Fatal(d)
	}
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		from, to, seat, ok := s.Drawing()
		if !ok || from != "deck" || to != "hand" || seat != i/2 {
			t.Errorf("draw %d: Drawing() = %q, %q, %d, %v; want deck, hand, %d, true", i, from, to, seat, ok, i/2)
		}
		if err := s.Apply(s.SampleChance()); err != nil {
			t.Fatal(err)
		}
	}
	if s.CurrentPlayer() == engine.Chance {
		t.Fatal("still at a chance node after the deal")
	}
	if _, _, _, ok := s.Drawing(); ok {
		t.Error("Drawing() is ok at a player's turn")
	}
}
