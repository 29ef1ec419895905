package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestGreedyBeatsRandom: the greedy bot, seeing only its observation,
// wins far more than its share against three random bots: the Wilson
// lower bound of its win rate stays above the floor, set below the
// measured rate.
func TestGreedyBeatsRandom(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	games, floor := 400, 0.9
	if testing.Short() {
		games, floor = 100, 0.8
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
		res, err := engine.Play(s, bots, uint64(i), 10000, nil)
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
	t.Logf("greedy wins %.1f%% (95%% interval %.1f–%.1f%%) of %d 4-player games against random bots (share 25%%)", 100*wins/float64(games), 100*lo, 100*hi, games)
	if lo < floor {
		t.Errorf("greedy's win rate against random bots is %.1f–%.1f%%; want its lower bound at least %.0f%%", 100*lo, 100*hi, 100*floor)
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
		b.t.Fatal("a warlock state is a Redealer")
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
// cards its seat cannot see are.
func TestGreedyIgnoresHidden(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	checks := 0
	for seed := range uint64(4) {
		s, err := g.NewState(4, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			bots[j] = sighted{t: t, g: &Greedy{r: g.Rules}, redeal: engine.NewRNG(seed + 100*uint64(j)), checks: &checks}
		}
		if _, err := engine.Play(s, bots, seed, 10000, nil); err != nil {
			t.Fatal(err)
		}
	}
	if checks == 0 {
		t.Fatal("no decision checked")
	}
}

// BenchmarkGreedyGame plays 4-player games of greedy bots and reports the
// cost of a decision, the engine's moves included.
func BenchmarkGreedyGame(b *testing.B) {
	g := &Game{Rules: shipped(b)}
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
