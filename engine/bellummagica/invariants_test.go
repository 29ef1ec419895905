package bellummagica

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
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

// playChecked plays a random game, checking the invariants after every
// action, and returns the actions played.
func playChecked(t *testing.T, r *Rules, players int, seed uint64, deep bool) ([]engine.Action, *State) {
	t.Helper()
	s, err := r.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed + 7)
	var legal, again []engine.Action
	var hist []engine.Action
	for step := 0; !s.IsTerminal(); step++ {
		if step > 20000 {
			t.Fatalf("seed %d: no end after %d actions", seed, step)
		}
		if err := s.conserved(); err != nil {
			t.Fatalf("seed %d, action %d (%s): %v", seed, step, stepNames[s.t.Step], err)
		}
		legal = s.LegalActions(legal)
		if len(legal) == 0 {
			t.Fatalf("seed %d, action %d (%s): no legal action", seed, step, stepNames[s.t.Step])
		}
		if !slices.IsSorted(legal) || len(slices.Compact(slices.Clone(legal))) != len(legal) {
			t.Fatalf("seed %d: legal actions not sorted and unique: %v", seed, legal)
		}
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = s.SampleChance()
			if _, found := slices.BinarySearch(legal, a); !found {
				t.Fatalf("seed %d: chance outcome %d is not legal", seed, a)
			}
		} else {
			a = legal[rng.IntN(len(legal))]
		}
		var h uint64
		if deep {
			again = s.LegalActions(again)
			if !slices.Equal(legal, again) {
				t.Fatalf("seed %d: legal actions differ between calls", seed)
			}
			h = s.Hash()
		}
		// Actions that are not legal are refused and change nothing.
		for range 2 {
			x := engine.Action(rng.IntN(int(kinds)<<8+2) - 1)
			if _, found := slices.BinarySearch(legal, x); found {
				continue
			}
			if err := s.Apply(x); err == nil {
				t.Fatalf("seed %d: illegal action %d accepted at %s", seed, x, stepNames[s.t.Step])
			}
			if deep && s.Hash() != h {
				t.Fatalf("seed %d: a refused action changed the state", seed)
			}
		}
		if deep {
			for _, lang := range r.game.Languages {
				if name := s.ActionString(a, lang); name == "" || strings.Contains(name, ".") && !strings.Contains(name, " ") || strings.HasPrefix(name, "action ") {
					t.Fatalf("seed %d: action %d has no %s name (%q)", seed, a, lang, name)
				}
			}
			c := s.clone()
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			if s.Hash() != h {
				t.Fatalf("seed %d: applying to a clone changed the original", seed)
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("seed %d: legal action %d refused: %v", seed, a, err)
		}
		hist = append(hist, a)
	}
	if err := s.conserved(); err != nil {
		t.Fatalf("seed %d, at the end: %v", seed, err)
	}
	if len(s.LegalActions(legal)) != 0 {
		t.Fatalf("seed %d: legal actions after the end", seed)
	}
	return hist, s
}

func TestRandomGames(t *testing.T) {
	r := shipped(t)
	games := 1000
	if testing.Short() {
		games = 100
	}
	for players := r.Players.Min; players <= r.Players.Max; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				seed := engine.Seed(uint64(players), i)
				deep := i%25 == 0
				hist, s := playChecked(t, r, players, seed, deep)
				ended := false
				for j := range players {
					ended = ended || int(s.t.Seats[j].NChests) >= r.Params.EndChests
				}
				if !ended {
					t.Fatalf("seed %d: the game ended with nobody at %d chests", seed, r.Params.EndChests)
				}
				if deep {
					// Same seed, same actions: the same game.
					again, err := r.NewState(players, seed)
					if err != nil {
						t.Fatal(err)
					}
					for _, a := range hist {
						if again.CurrentPlayer() == engine.Chance {
							if got := again.SampleChance(); got != a {
								t.Fatalf("seed %d: replay samples %d, not %d", seed, got, a)
							}
						}
						if err := again.Apply(a); err != nil {
							t.Fatalf("seed %d: replay: %v", seed, err)
						}
					}
					if again.Hash() != s.Hash() {
						t.Fatalf("seed %d: replay ends in another state", seed)
					}
				}
			}
		})
	}
}

// TestEveryDecisionOccurs plays random games and checks that every kind of
// action comes up: a rule that never triggers would go unnoticed by the
// invariants.
func TestEveryDecisionOccurs(t *testing.T) {
	r := shipped(t)
	var seen [kinds]int
	for i := range 200 {
		hist, _ := playChecked(t, r, 2+i%4, engine.Seed(99, i), false)
		for _, a := range hist {
			m, _ := Decode(a)
			seen[m.Kind]++
		}
	}
	names := [kinds]string{"", "deal-castle", "deal-goblin", "reveal-location", "reveal-creature", "roll", "draw-chest", "stolen-chest",
		"place-left", "place-right", "keep-roll", "pay-round", "cast-confusion", "attack-location", "attack-castle", "no-attack",
		"steal", "recruit-food", "recruit-glyphs-food", "recruit-glyphs", "stop-recruiting"}
	for k := Kind(1); k < kinds; k++ {
		t.Logf("%s: %d", names[k], seen[k])
		if seen[k] == 0 {
			t.Errorf("no %s action in 200 games", names[k])
		}
	}
}
