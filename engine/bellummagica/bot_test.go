package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// recorder is a bot that counts the kinds of the actions it chose.
type recorder struct {
	r   *Rules
	bot engine.Bot
	use map[string]int
}

func (b recorder) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	a := b.bot.Act(seat, legal, rng)
	m, _ := b.r.decode(a)
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
			bots[j] = recorder{r: g.Rules, bot: &Greedy{r: g.Rules}, use: use}
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

func greedy(t testing.TB) enginetest.Greedy[*Greedy] {
	g := &Game{Rules: shipped(t)}
	return enginetest.Greedy[*Greedy]{
		Name: "bellum magica", NewState: g.NewState, MaxAction: 100000,
		New:  func() *Greedy { return &Greedy{r: g.Rules} },
		Copy: func(b *Greedy) *Greedy { c := *b; return &c },
	}
}

// TestGreedyBeatsRandom: the greedy bot wins far more than its share of
// 4-player games against three random bots: the Wilson lower bound of its
// win rate stays above the floor, set below the measured rate.
func TestGreedyBeatsRandom(t *testing.T) {
	games, floor := 100, 0.85
	if longtest.Enabled() {
		games, floor = 400, 0.9
	}
	greedy(t).BeatsRandom(t, games, floor)
}

// TestGreedyIgnoresHidden: the greedy bot plays the same whatever the
// chests its seat cannot see hold.
func TestGreedyIgnoresHidden(t *testing.T) { greedy(t).IgnoresHidden(t, 6) }

// TestGreedyAllocs: a game of greedy bots allocates little beyond its
// state and bots, and a decision nothing once its bot is warm: the bots
// write each observation over the last.
func TestGreedyAllocs(t *testing.T) { greedy(t).Allocs(t, 180) }

// BenchmarkGreedyGame: the cost of a greedy decision.
func BenchmarkGreedyGame(b *testing.B) { greedy(b).Bench(b) }
