package bellummagica

import (
	"fmt"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

func shipped(t testing.TB) *Rules {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"bellum_magica"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	r, err := NewRules(games.Game("bellum_magica"))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// conserved checks that every card, chest, token and resource is in
// exactly one place.
func (s *State) conserved() error {
	t := &s.t
	r := s.r
	// Creatures: decks (and the goblins' box), face up, dealt, tucked.
	var cr [maxCreatures]int
	for d := range r.Creatures {
		cr[d] += int(t.Box[d])
	}
	for deck := range t.FaceUp {
		for _, d := range t.FaceUp[deck] {
			if d >= 0 {
				cr[d]++
			}
		}
	}
	if t.Placing >= 0 {
		cr[t.Placing]++
	}
	var held [supplies]int
	chests := make([]int, len(r.Chests))
	for i := range int(t.N) {
		p := &t.Seats[i]
		for d := range r.Creatures {
			if p.Hand[d] < 0 || p.Left[d] < 0 || p.Right[d] < 0 {
				return fmt.Errorf("seat %d: negative creature count", i)
			}
			cr[d] += int(p.Hand[d]) + int(p.Left[d]) + int(p.Right[d])
		}
		for _, x := range []int8{p.Food, p.Glyphs, p.Barrels, p.Shields, p.MagicShield, p.Spells} {
			if x < 0 {
				return fmt.Errorf("seat %d: a negative stock", i)
			}
		}
		if p.Flipped < 0 || p.Flipped > p.Spells {
			return fmt.Errorf("seat %d: %d spells used of %d", i, p.Flipped, p.Spells)
		}
		if int(p.Barrels) > r.Params.BarrelLimit {
			return fmt.Errorf("seat %d: %d barrels, more than %d", i, p.Barrels, r.Params.BarrelLimit)
		}
		held[SupplyFood] += int(p.Food)
		held[SupplyGlyphs] += int(p.Glyphs)
		held[SupplyBarrels] += int(p.Barrels)
		held[SupplyShields] += int(p.Shields)
		held[SupplyMagicShields] += int(p.MagicShield)
		held[SupplyConfusion] += int(p.Spells)
		n := 0
		for c := range r.Chests {
			if p.Chests[c] < 0 {
				return fmt.Errorf("seat %d: negative chests", i)
			}
			chests[c] += int(p.Chests[c])
			n += int(p.Chests[c])
		}
		if n != int(p.NChests) {
			return fmt.Errorf("seat %d: chest count %d, holds %d", i, p.NChests, n)
		}
		// The cached rows are the castle's plus the tucked creatures'.
		if p.Castle >= 0 {
			want := r.Castles[p.Castle].Rows
			for d, c := range r.Creatures {
				for row := range r.Params.Faces {
					for a := range abilities {
						k := p.Left[d]
						if a >= Swords {
							k = p.Right[d]
						}
						want[a][row] += k * c.Rows[a][row]
					}
				}
			}
			if want != p.Power {
				return fmt.Errorf("seat %d: its rows are not its castle's and creatures'", i)
			}
		}
	}
	for d, c := range r.Creatures {
		if cr[d] != c.Copies {
			return fmt.Errorf("%d cards of %s in play, want %d", cr[d], c.ID, c.Copies)
		}
	}
	for c, ch := range r.Chests {
		if t.Piles[c] < 0 || chests[c]+int(t.Piles[c]) != ch.Copies {
			return fmt.Errorf("%d chests %s held and %d in the stack, want %d", chests[c], ch.ID, t.Piles[c], ch.Copies)
		}
	}
	for k := range supplies {
		if t.Supply[k] < 0 || held[k]+int(t.Supply[k]) != r.Params.Supply[k] {
			return fmt.Errorf("%s: %d held and %d in the reserve, want %d", supplyComponents[k], held[k], t.Supply[k], r.Params.Supply[k])
		}
	}
	// Locations: the tavern stays; the others are in the deck or box,
	// face up or discarded.
	loc := make([]int, len(r.Locations))
	for l := range r.Locations {
		loc[l] = int(t.Pool[l]) + int(t.Gone[l])
	}
	loc[r.tavern]++
	for _, l := range t.Shown[:t.N] {
		if l >= 0 {
			loc[l]++
		}
	}
	for l, x := range r.Locations {
		if loc[l] != x.Copies {
			return fmt.Errorf("%d cards of %s in play, want %d", loc[l], x.ID, x.Copies)
		}
	}
	// Castles: each dealt one is out of the box.
	for c := range r.Castles {
		dealt := 0
		for i := range int(t.N) {
			if int(t.Seats[i].Castle) == c {
				dealt++
			}
		}
		if dealt+int(t.Castles[c]) != 1 {
			return fmt.Errorf("castle %s dealt %d times", r.Castles[c].ID, dealt)
		}
	}
	return nil
}

// checker plays random Bellum Magica games with the invariants every
// engine keeps and conservation of every card, chest, token and resource.
func checker(r *Rules) *enginetest.Checker[*State] {
	return &enginetest.Checker[*State]{
		New:        r.NewState,
		Invariants: (*State).conserved,
		Step:       func(s *State) string { return stepNames[s.t.Step] },
		Actions:    int(kinds) << 8,
		MaxActions: 20000,
		Languages:  r.game.Languages,
		Redeal:     (*State).Redeal,
	}
}

func TestRandomGames(t *testing.T) {
	r := shipped(t)
	games := longtest.Size(100, 1000)
	checker(r).Games(t, r.Players.Min, r.Players.Max, games, 25, func(t *testing.T, seed uint64, s *State) {
		for j := range s.NumPlayers() {
			if int(s.t.Seats[j].NChests) >= r.Params.EndChests {
				return
			}
		}
		t.Fatalf("seed %d: the game ended with nobody at %d chests", seed, r.Params.EndChests)
	})
}

// TestEveryDecisionOccurs plays random games and checks that every kind of
// action comes up: a rule that never triggers would go unnoticed by the
// invariants.
func TestEveryDecisionOccurs(t *testing.T) {
	r := shipped(t)
	var seen [kinds]int
	for i := range 200 {
		hist, _ := checker(r).Play(t, 2+i%4, engine.Seed(99, i), false)
		// A chance outcome's kind is its chance node's: replay the game.
		s, err := r.NewState(2+i%4, engine.Seed(99, i))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range hist {
			m, _ := s.Decode(a)
			seen[m.Kind]++
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	names := [kinds]string{"", "deal-castle", "deal-goblin", "reveal-location", "reveal-creature", "roll", "draw-chest", "stolen-chest",
		"place-left", "place-right", "keep-roll", "pay-round", "cast-confusion", "attack-location", "attack-castle", "no-attack",
		"steal", "recruit-food", "recruit-glyphs-food", "recruit-glyphs", "stop-recruiting", "stop-stealing"}
	for k := Kind(1); k < kinds; k++ {
		t.Logf("%s: %d", names[k], seen[k])
		if seen[k] == 0 {
			t.Errorf("no %s action in 200 games", names[k])
		}
	}
}
