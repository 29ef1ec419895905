package warlock

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/rulings"
)

// TestObservationHides: what a player sees does not change when only
// what they may not see changes: another player's hand, mine and
// face-down cards, and which cards the draw pile holds.
func TestObservationHides(t *testing.T) {
	r := shipped(t)
	s, err := r.NewState(4, 5)
	if err != nil {
		t.Fatal(err)
	}
	// Play into the first round's face-down picks, with cards in mines.
	rng := engine.NewRNG(5)
	for s.step != stMain || s.CurrentPlayer() == engine.Chance || s.seats[1].nMine == 0 {
		legal := s.LegalActions(nil)
		if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	obs := func(s *State) string {
		b, err := json.Marshal(s.Observation(0))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	before := obs(s)
	c := s.clone()
	// Trade a card of player 1's hand and one of their mine for cards of
	// other designs from the draw pile.
	q := &c.seats[1]
	for _, z := range []*counts{&q.hand, &q.mine} {
		for d := range r.Designs {
			if z[d] == 0 {
				continue
			}
			x := slices.IndexFunc(c.draw[:len(r.Designs)], func(n uint8) bool { return n > 0 })
			if x == d {
				x = slices.IndexFunc(c.draw[d+1:len(r.Designs)], func(n uint8) bool { return n > 0 }) + d + 1
			}
			z[d]--
			z[x]++
			c.draw[x]--
			c.draw[d]++
			break
		}
	}
	if err := c.conserved(); err != nil {
		t.Fatal(err)
	}
	if c.Hash() == s.Hash() {
		t.Fatal("the hidden change did not change the state")
	}
	if after := obs(c); after != before {
		t.Errorf("player 0 sees what they should not:\n%s\n%s", before, after)
	}
	if obs1 := c.Observe(1); slices.Equal(obs1.Seats[1].Hand, s.Observe(1).Seats[1].Hand) {
		t.Error("player 1 does not see their own new hand")
	}
}

// TestRulingsDocumented: the rulings Warlock's data declares, whose texts
// the rulebook prints, and those the code names are the same set.
func TestRulingsDocumented(t *testing.T) {
	rulings.Check(t, "warlock", ".")
}
