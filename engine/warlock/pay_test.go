package warlock

import (
	"fmt"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
)

// TestPayWaysMatchSearch checks the precomputed ways to pay against the
// search they were made from, on random dungeons, with and without a
// castle goblin, and with other numbers of wizard substitutes.
func TestPayWaysMatchSearch(t *testing.T) {
	for _, subs := range []int{0, 1, 2} {
		t.Run(fmt.Sprintf("substitutes=%d", subs), func(t *testing.T) {
			games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
			if d.HasErrors() {
				t.Fatal(d)
			}
			g := games.Game("warlock")
			if d := compiler.Override(g, fmt.Sprintf("wizard_substitutes=%d", subs)); d.HasErrors() {
				t.Fatal(d)
			}
			r, err := NewRules(g)
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(uint64(subs))
			nd := len(r.Designs)
			var s State
			s.r = r
			s.n = 1
			checked := 0
			for range 20000 {
				s.seats[0] = seat{}
				for range rng.IntN(5) {
					s.seats[0].addDungeon(r, rng.IntN(nd))
				}
				gob := -1
				if rng.IntN(2) == 0 {
					gob = goblinDesign(r, &rng)
				}
				for d := range nd {
					var b due
					r.initCost(&b, d, gob)
					dun := s.seats[0].dungeon
					want := r.payable(b, &dun)
					if got := s.affords(0, d, gob); got != want {
						t.Fatalf("%s with dungeon %v and castle goblin %d: affords %v, search %v", r.Designs[d].ID, s.seats[0].dungeon[:nd], gob, got, want)
					}
					if want {
						checked++
					}
				}
			}
			if checked == 0 {
				t.Fatal("no dungeon could pay anything")
			}
		})
	}
}

func goblinDesign(r *Rules, rng *engine.RNG) int {
	var gobs []int
	for d, des := range r.Designs {
		if des.Race == goblinRace {
			gobs = append(gobs, d)
		}
	}
	return gobs[rng.IntN(len(gobs))]
}
