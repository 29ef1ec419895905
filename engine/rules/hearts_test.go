package rules

import (
	"fmt"
	"slices"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/engine/internal/rulings"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// shipped builds a shipped game, by its rules, with overrides of its
// parameters (name=value).
func shipped(t testing.TB, id string, sets ...string) *Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{id}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, d := compiler.WithOverrides(games.Game(id), sets)
	if d.HasErrors() {
		t.Fatal(d)
	}
	p, err := m.Play("")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// conserved checks that every card played with is in exactly one zone.
func (s *State) conserved() error {
	count := make([]int, len(s.g.designs))
	for _, z := range s.zones {
		for _, d := range z {
			count[d]++
		}
	}
	for d, c := range s.g.designs {
		want := c.Copies
		if s.g.start[d] < 0 {
			want = 0
		}
		if count[d] != want {
			return fmt.Errorf("card %s: %d in the zones, want %d", c.ID, count[d], want)
		}
	}
	return nil
}

func checker(g *Game) *enginetest.Checker[*State] {
	return &enginetest.Checker[*State]{
		New:        g.New,
		Invariants: (*State).conserved,
		Step:       func(s *State) string { return fmt.Sprintf("turn %d, %d draws", s.turn, len(s.pending)) },
		Actions:    g.NumActions(),
		MaxActions: 100_000,
		Languages:  g.Languages(),
		Redeal: func(s *State, viewer int, rng *engine.RNG) *State {
			return s.Redealt(viewer, rng).(*State)
		},
	}
}

// TestHeartsRandomGames plays random games of Hearts with every
// invariant of an engine checked after each action: 6 games, 300 with
// -long.
func TestHeartsRandomGames(t *testing.T) {
	g := shipped(t, "hearts")
	checker(g).Games(t, 4, 4, longtest.Size(6, 300), 3, nil)
}

// BenchmarkRandomGame plays complete random 4-player games of Hearts by
// its rules; each other shipped game's package benchmarks its rules beside
// its Go engine.
func BenchmarkRandomGame(b *testing.B) {
	for _, id := range []string{"hearts"} {
		b.Run(id, func(b *testing.B) {
			enginetest.Bench(b, 4, shipped(b, id).NewState)
		})
	}
}

// TestHeartsRulings keeps the rulings Hearts' rules name and those its
// data declares, whose texts the rulebook prints, in step.
func TestHeartsRulings(t *testing.T) {
	rulings.Check(t, "hearts", "../../cards/hearts")
}

// TestRedealKeepsWhatASeatKnows: a seat that passed cards knows where
// they are, and its re-deals leave them there; the other seats' re-deals
// do not.
func TestRedealKeepsWhatASeatKnows(t *testing.T) {
	g := shipped(t, "hearts")
	s, err := g.New(4, 7)
	if err != nil {
		t.Fatal(err)
	}
	for s.CurrentPlayer() == engine.Chance {
		if err := s.Apply(s.SampleChance()); err != nil {
			t.Fatal(err)
		}
	}
	hand := s.lay.zone[slices.IndexFunc(g.zones, func(z zoneDecl) bool { return z.id == "hand" })]
	var passed []int16 // seat 0's, to seat 1 (round 1 passes left)
	for s.phase == 0 {
		a := s.legal[0]
		if s.turn == 0 {
			passed = append(passed, int16(int(a)-g.kinds[0].base))
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if len(passed) != 3 {
		t.Fatalf("seat 0 passed %d cards", len(passed))
	}
	rng := engine.NewRNG(1)
	moved := 0
	for range 50 {
		r0 := s.Redealt(0, &rng).(*State)
		for _, d := range passed {
			if !slices.Contains(r0.zones[hand+1], d) {
				t.Fatalf("seat 0's re-deal moved card %s it passed to seat 1", g.designs[d].ID)
			}
		}
		r2 := s.Redealt(2, &rng).(*State)
		for _, d := range passed {
			if !slices.Contains(r2.zones[hand+1], d) {
				moved++
			}
		}
	}
	if moved == 0 {
		t.Error("seat 2, which did not see the pass, always finds seat 0's cards in seat 1's hand")
	}
}
