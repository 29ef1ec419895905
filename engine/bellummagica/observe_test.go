package bellummagica

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/rulings"
)

// TestRulingsDocumented: the rulings Bellum Magica's data declares, whose
// texts the rulebook prints, and those the code names are the same set.
func TestRulingsDocumented(t *testing.T) {
	rulings.Check(t, "bellum_magica", ".")
}

// TestChestValuesHidden: a player sees the kinds of everyone's chests but
// the values of its own only, and the observation changes with nothing
// else hidden.
func TestChestValuesHidden(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue", "castle_green")
	s.giveChests(t, 0, "gold_chest_8", 1)
	s.giveChests(t, 1, "metal_chest_5", 2)
	for p := range 3 {
		o := s.Observe(p)
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		js := string(b)
		if got := o.Seats[1].ChestKinds; got != [3]int{0, 2, 0} {
			t.Errorf("player %d sees seat 1's chest kinds %v", p, got)
		}
		for seat, id := range []string{"gold_chest_8", "metal_chest_5"} {
			if (seat == p) != strings.Contains(js, id) {
				t.Errorf("player %d: seeing %s is %v", p, id, strings.Contains(js, id))
			}
		}
	}
	// Two states that differ only in a hidden value look the same to the
	// other players.
	a, b := day(t, r, "castle_red", "castle_blue"), day(t, r, "castle_red", "castle_blue")
	a.giveChests(t, 1, "wooden_chest_1", 1)
	b.giveChests(t, 1, "wooden_chest_3", 1)
	ja, _ := json.Marshal(a.Observe(0))
	jb, _ := json.Marshal(b.Observe(0))
	if string(ja) != string(jb) {
		t.Errorf("a hidden chest value shows:\n%s\n%s", ja, jb)
	}
	if a.Hash() == b.Hash() {
		t.Error("the hash misses a hidden chest value")
	}
	var _ engine.State = a
}
