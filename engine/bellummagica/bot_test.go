package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestGreedyBeatsRandom: the greedy bot wins far more than its share of
// 4-player games against three random bots: the Wilson lower bound of its
// win rate stays above the floor, set below the measured rate.
func TestGreedyBeatsRandom(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	games, floor := 400, 0.9
	if testing.Short() {
		games, floor = 100, 0.85
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
	t.Logf("greedy wins %.1f%% (95%% interval %.1f–%.1f%%) of %d games (fair share 25%%)", 100*wins/float64(games), 100*lo, 100*hi, games)
	if lo < floor {
		t.Errorf("greedy's win rate against random bots is %.1f–%.1f%%; want its lower bound at least %.0f%%", 100*lo, 100*hi, 100*floor)
	}
}

// recorder is a bot that counts the kinds of the actions it chose.
type recorder struct {
	bot engine.Bot
	use map[string]int
}

func (b recorder) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	a := b.bot.Act(seat, legal, rng)
	m, _ := Decode(a)
	b.use[m.Kind.name()]++
	return a
}

// TestGreedyUsesEveryRule: in 4-player games of greedy bots, each
// greedy bot takes every kind of decision a player would in a fair share
// of its games: re-rolls with barrels and spells, raids on locations and
// castles, thefts, and recruits with every payment.
func TestGreedyUsesEveryRule(t *testing.T) {
	g := &Game{Rules: shipped(t)}
	games := 100
	inGames := map[string]int{}
	for i := range games {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		use := map[string]int{}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			bots[j] = recorder{bot: &Greedy{r: g.Rules}, use: use}
		}
		if _, err := engine.Play(s, bots, uint64(i), 100000, nil); err != nil {
			t.Fatal(err)
		}
		for k := range use {
			inGames[k]++
		}
	}
	for _, c := range []struct {
		kind  string
		floor float64 // least share of games
	}{
		{"place_left", 0.9}, {"place_right", 0.9}, {"keep_roll", 0.9}, {"pay_round", 0.5},
		{"cast_confusion", 0.5}, {"attack_location", 0.9}, {"attack_castle", 0.5}, {"steal", 0.5},
		{"recruit_food", 0.9}, {"recruit_glyphs_food", 0.3}, {"recruit_glyphs", 0.3},
	} {
		share := float64(inGames[c.kind]) / float64(games)
		t.Logf("%-20s %3.0f%% of games", c.kind, 100*share)
		if share < c.floor {
			t.Errorf("greedy bots chose %s in %.0f%% of %d games; want at least %.0f%%", c.kind, 100*share, games, 100*c.floor)
		}
	}
}

// TestGreedyRecruitsBySide: a creature is judged by what it adds to the
// side of the castle it will be tucked on, not by its abilities on both
// sides together (a side's abilities work only there).
func TestGreedyRecruitsBySide(t *testing.T) {
	r := shipped(t)
	g := &Greedy{r: r}
	o := &Observation{Seats: []SeatView{{Left: map[string]int{}, Right: map[string]int{}}}}
	my := &o.Seats[0]
	for a := range r.Creatures {
		for b := range r.Creatures {
			ta := max(g.tuck(my, a, false), g.tuck(my, a, true))
			tb := max(g.tuck(my, b, false), g.tuck(my, b, true))
			if (r.Creatures[a].Bonus == NoBonus) != (r.Creatures[b].Bonus == NoBonus) || ta <= tb {
				continue
			}
			va := g.value(o, Move{Kind: RecruitFood, Arg: a})
			vb := g.value(o, Move{Kind: RecruitFood, Arg: b})
			if va <= vb {
				t.Errorf("recruit %s = %.2f, %s = %.2f; want %s first: it adds %.2f to its best side, %s %.2f",
					r.Creatures[a].ID, va, r.Creatures[b].ID, vb, r.Creatures[a].ID, ta, r.Creatures[b].ID, tb)
			}
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
		b.t.Fatal("a bellum magica state is a Redealer")
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
// chests its seat cannot see hold.
func TestGreedyIgnoresHidden(t *testing.T) {
	g := &Game{Rules: shipped(t)}
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
