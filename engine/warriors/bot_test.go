package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

func greedy(t testing.TB, variant string) enginetest.Greedy[*Greedy] {
	g := &Game{Rules: shipped(t, variant)}
	return enginetest.Greedy[*Greedy]{
		Name: cmpName(variant), NewState: g.NewState, MaxAction: 100000,
		New:  func() *Greedy { return &Greedy{r: g.Rules} },
		Copy: func(b *Greedy) *Greedy { c := *b; return &c },
	}
}

// TestGreedyBeatsRandom: the greedy bot wins clearly more than its share
// of 4-player games against three random bots, with and without the
// expansion: the Wilson lower bound of its win rate stays above the
// floor, set below the measured rate.
func TestGreedyBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		variant      string
		floor, short float64
	}{
		{"", 0.5, 0.45},
		{VariantHordes, 0.6, 0.55},
	} {
		games, floor := 200, c.short
		if longtest.Enabled() {
			games, floor = 600, c.floor
		}
		greedy(t, c.variant).BeatsRandom(t, games, floor)
	}
}

// TestGreedyIgnoresHidden: the greedy bot plays the same whatever the
// cards its seat cannot see are, with and without the expansion.
func TestGreedyIgnoresHidden(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		greedy(t, variant).IgnoresHidden(t, 6)
	}
}

// TestGreedyAllocs: a game of greedy bots allocates little beyond its
// state and bots, and a decision nothing once its bot is warm: the bots
// write each observation over the last, and share the dice odds of every
// game.
func TestGreedyAllocs(t *testing.T) {
	for _, c := range []struct {
		variant string
		perGame float64
	}{
		{"", 80},
		{VariantHordes, 90},
	} {
		greedy(t, c.variant).Allocs(t, c.perGame)
	}
}

// BenchmarkGreedyGame: the cost of a greedy decision.
func BenchmarkGreedyGame(b *testing.B) { greedy(b, "").Bench(b) }

// TestDuelOddsShared: the dice odds the greedy bots work out are kept in
// the rules for every later game, whatever bot or worker plays it:
// working them out again for each game cost more than the game itself.
func TestDuelOddsShared(t *testing.T) {
	g := greedy(t, VariantHordes)
	r := shipped(t, VariantHordes)
	g.New = func() *Greedy { return &Greedy{r: r} }
	odds := func() map[duelKey][2]float64 {
		if r.duels == nil || r.duels.m.Load() == nil {
			return nil
		}
		return *r.duels.m.Load()
	}
	play := func() {
		s, err := r.NewState(4, 3)
		if err != nil {
			t.Fatal(err)
		}
		bots := []engine.Bot{g.New(), g.New(), g.New(), g.New()}
		if _, err := engine.Play(s, bots, 3, g.MaxAction, nil); err != nil {
			t.Fatal(err)
		}
	}
	play()
	first := len(odds())
	if first == 0 {
		t.Fatal("a game of greedy bots left no dice odds in its rules")
	}
	for k, v := range odds() {
		if want := duelOdds(k.dice, k.faces); v != want {
			t.Errorf("odds of %+v kept as %v; want %v", k, v, want)
		}
	}
	play()
	if n := len(odds()); n != first {
		t.Errorf("the same game played again by new bots added %d dice odds; want none", n-first)
	}
}

// TestHoldKept: the hold chances a bot keeps for a round are those worked
// out, round after round and back, within the leads kept and beyond.
func TestHoldKept(t *testing.T) {
	r := shipped(t, "")
	g := &Greedy{r: r}
	for _, round := range []int{0, 1, 2, 1, r.Params.Rounds} {
		o := &Observation{Round: round}
		for lead := -holdSpan - 3; lead <= holdSpan+3; lead++ {
			for range 2 { // worked out, then kept
				if got, want := g.hold(o, lead), holdChance(r, round, lead); got != want {
					t.Fatalf("hold(round %d, lead %d) = %v; want %v", round, lead, got, want)
				}
			}
		}
	}
}
