package rules

import (
	"slices"
	"testing"
)

// TestMoveTop: g.move_top takes the last card put into a zone, where
// g.move takes the first copy of its design.
func TestMoveTop(t *testing.T) {
	g, d := mini(t, `    g.move(card, g.hand[p], g.discard)`, `    g.move(card, g.hand[p], g.discard)
    if len(g.discard) == 3:
        g.move_top(g.discard, g.hand[p])`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	s := g.start0(2, 1)
	red, blue := int16(g.byID["red_one"]), int16(g.byID["blue_two"])
	deck := s.lay.zone[0]
	hand := s.lay.zone[1]
	discard := s.lay.zone[2]
	s.zones[deck] = nil
	s.zones[hand] = []int16{blue, red}
	s.zones[hand+1] = []int16{blue, blue}
	s.zones[discard] = []int16{blue, red}
	if err := s.settle(); err != nil {
		t.Fatal(err)
	}
	var blueAction = s.LegalActions(nil)[0]
	for _, a := range s.LegalActions(nil) {
		if s.ActionString(a, "en") == "discard Blue Two" {
			blueAction = a
		}
	}
	if err := s.Apply(blueAction); err != nil {
		t.Fatal(err)
	}
	if want := []int16{blue, red}; !slices.Equal(s.zones[discard], want) {
		t.Errorf("discard pile %v, want %v: the top blue card taken back", s.zones[discard], want)
	}
	if want := []int16{red, blue}; !slices.Equal(s.zones[hand], want) {
		t.Errorf("hand %v, want %v", s.zones[hand], want)
	}
	_, d = mini(t, `    g.move(card, g.hand[p], g.discard)`, `    g.move(card, g.hand[p], g.discard)
    g.move_top(g.deck, g.hand[p])`)
	if d.HasErrors() {
		t.Fatal(d)
	}
}
