package rules

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestPrivate: a PRIVATE variable is a seat's, and only that seat sees
// it; the rules read and set it as any seat's variable.
func TestPrivate(t *testing.T) {
	g, d := mini(t, `PLAYER = {"total": 0}`, `PLAYER = {"total": 0}
PRIVATE = {"secret": 0}`,
		`    g.total[p] += card.value`, `    g.total[p] += card.value
    g.secret[p] += 10 * card.value`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for s.CurrentPlayer() == engine.Chance {
		_ = s.Apply(s.SampleChance())
	}
	a := s.LegalActions(nil)[0]
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
	value := int64(1)
	if g.designs[int(a)-g.kinds[0].base].ID == "blue_two" {
		value = 2
	}
	for seat := range 2 {
		o := s.Observation(seat).(*Observation)
		if v, ok := o.Seats[0]["secret"]; ok != (seat == 0) || ok && v != 10*value {
			t.Errorf("seat %d sees seat 0's secret: %v (%d)", seat, ok, v)
		}
		if _, ok := o.Seats[1]["secret"]; ok != (seat == 1) {
			t.Errorf("seat %d sees seat 1's secret: %v", seat, ok)
		}
	}
}
