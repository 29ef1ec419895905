package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

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
		g := &Game{Rules: shipped(t, c.variant)}
		games, floor := 600, c.floor
		if testing.Short() {
			games, floor = 200, c.short
		}
		wins := 0.0
		for i := range games {
			s, err := g.NewState(4, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			seat := i % 4
			bots := []engine.Bot{engine.Random{}, engine.Random{}, engine.Random{}, engine.Random{}}
			bots[seat] = &Greedy{r: g.Rules}
			res, err := engine.Play(s, bots, uint64(i), 100000, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range res.Winners {
				if w == seat {
					wins += 1 / float64(len(res.Winners))
				}
			}
		}
		lo, hi := engine.Wilson(wins, games)
		t.Logf("%s: greedy wins %.1f%% (95%% interval %.1f–%.1f%%) of %d games (fair share 25%%)", cmpName(c.variant), 100*wins/float64(games), 100*lo, 100*hi, games)
		if lo < floor {
			t.Errorf("%s: greedy's win rate against random bots is %.1f–%.1f%%; want its lower bound at least %.0f%%", cmpName(c.variant), 100*lo, 100*hi, 100*floor)
		}
	}
}

// sighted is a greedy bot that, before each choice, asks a copy of
// itself to choose in a position where what its seat cannot see is dealt
// anew, and reports any difference.
type sighted struct {
	t      *testing.T
	g      *Greedy
	redeal engine.RNG
	checks *int
}

func (b sighted) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	other, ok := seat.Redealt(&b.redeal)
	if !ok {
		b.t.Fatal("a warriors state is a Redealer")
	}
	cp, r2 := *b.g, *rng
	want := cp.Act(engine.SeatOf(other, seat.Player()), legal, &r2)
	got := b.g.Act(seat, legal, rng)
	if got != want {
		b.t.Errorf("greedy plays %d, but %d once what seat %d cannot see is dealt anew", got, want, seat.Player())
	}
	*b.checks++
	return got
}

// TestGreedyIgnoresHidden: the greedy bot plays the same whatever the
// cards its seat cannot see are, with and without the expansion.
func TestGreedyIgnoresHidden(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		g := &Game{Rules: shipped(t, variant)}
		checks := 0
		for seed := range uint64(6) {
			s, err := g.NewState(4, seed)
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]engine.Bot, 4)
			for j := range bots {
				bots[j] = sighted{t: t, g: &Greedy{r: g.Rules}, redeal: engine.NewRNG(seed + 100*uint64(j)), checks: &checks}
			}
			if _, err := engine.Play(s, bots, seed, 100000, nil); err != nil {
				t.Fatal(err)
			}
		}
		if checks == 0 {
			t.Fatalf("%s: no decision checked", cmpName(variant))
		}
	}
}

// BenchmarkGreedyGame plays 4-player games of greedy bots and reports the
// cost of a decision, the engine's moves included.
func BenchmarkGreedyGame(b *testing.B) {
	g := &Game{Rules: shipped(b, "")}
	decisions := 0
	b.ResetTimer()
	for i := range b.N {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			bots[j] = &Greedy{r: g.Rules}
		}
		res, err := engine.Play(s, bots, uint64(i), 100000, nil)
		if err != nil {
			b.Fatal(err)
		}
		decisions += res.Length
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/action")
}
