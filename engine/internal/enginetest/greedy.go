package enginetest

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// Greedy is what the tests of a game's greedy bot need: the game's
// 4-player states, a new greedy bot, and a copy of one that remembers
// what it has seen so far (so that the copy chooses from the same past).
type Greedy[B engine.Bot] struct {
	Name      string // in messages: the game, and its variant if any
	NewState  func(players int, seed uint64) (engine.State, error)
	New       func() B
	Copy      func(B) B
	MaxAction int // a game's actions at most
}

// BeatsRandom plays games 4-player games, greedy in a turning seat
// against three random bots, and fails unless the Wilson lower bound of
// greedy's win rate (a shared win counting 1/k) reaches floor.
func (g Greedy[B]) BeatsRandom(t *testing.T, games int, floor float64) {
	t.Helper()
	wins := 0.0
	for i := range games {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		seat := i % 4
		bots := []engine.Bot{engine.Random{}, engine.Random{}, engine.Random{}, engine.Random{}}
		bots[seat] = g.New()
		res, err := engine.Play(s, bots, uint64(i), g.MaxAction, nil)
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
	t.Logf("%s: greedy wins %.1f%% (95%% interval %.1f–%.1f%%) of %d 4-player games against random bots (fair share 25%%)", g.Name, 100*wins/float64(games), 100*lo, 100*hi, games)
	if lo < floor {
		t.Errorf("%s: greedy's win rate against random bots is %.1f–%.1f%%; want its lower bound at least %.0f%%", g.Name, 100*lo, 100*hi, 100*floor)
	}
}

// IgnoresHidden plays games of greedy bots in which, before each choice,
// a copy of the bot chooses in the same position with what its seat
// cannot see dealt anew (engine.Seat.Redealt): the two must agree.
func (g Greedy[B]) IgnoresHidden(t *testing.T, games int) {
	t.Helper()
	checks := 0
	for seed := range uint64(games) {
		s, err := g.NewState(4, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			bots[j] = &sighted[B]{t: t, g: g, bot: g.New(), redeal: engine.NewRNG(seed + 100*uint64(j)), checks: &checks}
		}
		if _, err := engine.Play(s, bots, seed, g.MaxAction, nil); err != nil {
			t.Fatal(err)
		}
	}
	if checks == 0 {
		t.Fatalf("%s: no decision checked", g.Name)
	}
}

// sighted is a greedy bot that has a copy of itself choose where what its
// seat cannot see is dealt anew, and reports any difference.
type sighted[B engine.Bot] struct {
	t      *testing.T
	g      Greedy[B]
	bot    B
	redeal engine.RNG
	checks *int
}

func (b *sighted[B]) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	other, ok := seat.Redealt(&b.redeal)
	if !ok {
		b.t.Fatalf("%s: the state is no Redealer", b.g.Name)
	}
	cp, r2 := b.g.Copy(b.bot), *rng
	want := cp.Act(engine.SeatOf(other, seat.Player()), legal, &r2)
	got := b.bot.Act(seat, legal, rng)
	if got != want {
		b.t.Errorf("%s: greedy plays %d, but %d once what seat %d cannot see is dealt anew", b.g.Name, got, want, seat.Player())
	}
	*b.checks++
	return got
}

// Bench plays 4-player games of greedy bots and reports the cost of a
// decision, the engine's moves included.
func (g Greedy[B]) Bench(b *testing.B) {
	decisions := 0
	b.ResetTimer()
	for i := range b.N {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			bots[j] = g.New()
		}
		res, err := engine.Play(s, bots, uint64(i), g.MaxAction, nil)
		if err != nil {
			b.Fatal(err)
		}
		decisions += res.Length
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/action")
}

// Allocs fails when a 4-player game of greedy bots, the state and the
// bots included, allocates more than perGame times on average, or when a
// decision allocates at all once its bot has decided in the same
// position before: a simulation plays millions of decisions, and what
// they allocate the garbage collector takes from the other workers.
func (g Greedy[B]) Allocs(t *testing.T, perGame float64) {
	t.Helper()
	seed := uint64(0)
	var decisions []func()
	got := testing.AllocsPerRun(10, func() {
		seed++
		s, err := g.NewState(4, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := []engine.Bot{g.New(), g.New(), g.New(), g.New()}
		if _, err := engine.Play(s, bots, seed, g.MaxAction, nil); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%s: a game of greedy bots allocates %.0f times", g.Name, got)
	if got > perGame {
		t.Errorf("%s: a game of greedy bots allocates %.0f times; want %.0f at most", g.Name, got, perGame)
	}
	// Positions of one game, each with a bot that has seen it.
	s, err := g.NewState(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	bots := []B{g.New(), g.New(), g.New(), g.New()}
	rng := engine.NewRNG(1)
	var legal []engine.Action
	for turn := 0; !s.IsTerminal() && turn < g.MaxAction; turn++ {
		var a engine.Action
		if p := s.CurrentPlayer(); p == engine.Chance {
			a = s.(engine.Chancer).SampleChance()
		} else {
			legal = s.LegalActions(legal)
			a = bots[p].Act(engine.SeatOf(s, p), legal, &rng)
			if turn%7 == 0 {
				pos, moves := s.Clone(), slices.Clone(legal)
				bot, r := g.Copy(bots[p]), rng
				decisions = append(decisions, func() { bot.Act(engine.SeatOf(pos, p), moves, &r) })
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for i, d := range decisions {
		if n := testing.AllocsPerRun(3, d); n > 0 {
			t.Errorf("%s: decision %d of seed 1 allocates %.1f times once its bot has seen the position; want none", g.Name, i, n)
		}
	}
}
