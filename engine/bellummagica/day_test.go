package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestHarvest: each player takes the food and glyphs of the active row of
// their castle, nothing else: not the row's maps, not a food more.
func TestHarvest(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	const row = 4 // the die shows 4: the castles' fourth row
	for seat, v := range [][3]int8{{2, 1, 3}, {0, 3, 1}} {
		s.setRow(seat, Food, row-1, v[0])
		s.setRow(seat, Glyphs, row-1, v[1])
		s.setRow(seat, Maps, row-1, v[2])
	}
	s.at(phReroll, row)
	for seat, want := range [][2]int8{{2, 1}, {0, 3}} {
		if p := s.t.Seats[seat]; p.Food != want[0] || p.Glyphs != want[1] {
			t.Errorf("seat %d harvests %d food and %d glyphs, want %d and %d", seat, p.Food, p.Glyphs, want[0], want[1])
		}
	}
}

// TestKingdomRefill: when a day ends, locations are turned face up from
// the kingdom deck until there are as many as players, or the deck is
// empty; then the next day begins with the next Captain.
func TestKingdomRefill(t *testing.T) {
	r := shipped(t)
	refills := 0
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := r.NewState(4, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		day := s.t.Day
		for !s.IsTerminal() {
			if s.t.Phase == phRefill && s.t.Step == stRevealLocation {
				refills++
			}
			captain := s.t.Captain
			enginetest.Step(t, s, &rng)
			if s.t.Day != day && s.t.Day > 1 {
				if n := int(s.t.N); s.shownCount() < n && s.deckSize() > 0 {
					t.Fatalf("seed %d, day %d: %d locations face up, %d in the deck", seed, s.t.Day, s.shownCount(), s.deckSize())
				}
				if want := (captain + 1) % s.t.N; s.t.Captain != want {
					t.Fatalf("seed %d, day %d: Captain %d, want %d", seed, s.t.Day, s.t.Captain, want)
				}
				day = s.t.Day
			}
		}
	}
	if refills == 0 {
		t.Fatal("no game refilled the kingdom")
	}
}

// TestAttackOrder: the attacks start with the Captain and go clockwise.
func TestAttackOrder(t *testing.T) {
	r := shipped(t)
	for captain := range 3 {
		s := day(t, r, "castle_red", "castle_blue", "castle_green")
		s.t.Captain = int8(captain)
		var order []int
		s.at(phAttack, 1)
		for !s.IsTerminal() && s.t.Phase == phAttack {
			if s.CurrentPlayer() == engine.Chance {
				s.must(t, s.SampleChance())
				continue
			}
			order = append(order, s.CurrentPlayer())
			s.play(t, AttackLocation, r.tavern)
		}
		want := []int{captain, (captain + 1) % 3, (captain + 2) % 3}
		if len(order) != 3 || order[0] != want[0] || order[1] != want[1] || order[2] != want[2] {
			t.Errorf("Captain %d: attacks by %v, want %v", captain, order, want)
		}
	}
}
