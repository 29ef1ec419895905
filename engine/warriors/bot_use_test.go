package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// recorder is a bot that counts, per game, the kinds of the actions it
// chose, a kept card by its class.
type recorder struct {
	bot engine.Bot
	r   *Rules
	use map[string]int
}

func (b recorder) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	a := b.bot.Act(seat, legal, rng)
	m, _ := b.r.move(a, -1, -1)
	kind, _ := b.r.kind(a)
	k := kind.name()
	if kind == Keep {
		k += ":" + [...]string{"", "warrior", "dragon", "wizard", "catapult", "flame", "battle"}[b.r.Designs[m.Design].Class]
	}
	b.use[k]++
	return a
}

// greedyUsage plays games 4-player games, one greedy bot against three
// random ones (seat turning), and counts in how many games the greedy
// bot chose each kind.
func greedyUsage(t *testing.T, variant string, games int) map[string]int {
	t.Helper()
	r := shipped(t, variant)
	g := &Game{Rules: r}
	inGames := map[string]int{}
	for i := range games {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		use := map[string]int{}
		bots := []engine.Bot{engine.Random{}, engine.Random{}, engine.Random{}, engine.Random{}}
		bots[i%4] = recorder{bot: &Greedy{r: r}, r: r, use: use}
		if _, err := engine.Play(s, bots, uint64(i), 100000, nil); err != nil {
			t.Fatal(err)
		}
		for k := range use {
			inGames[k]++
		}
	}
	return inGames
}

// TestGreedyUsesEveryRule: the greedy bot keeps every class of card and
// takes every kind of decision in a fair share of its games: catapults
// fired, wizards placed, charges, mercenary bands, dragons and flames.
func TestGreedyUsesEveryRule(t *testing.T) {
	games := 100
	for _, c := range []struct {
		variant string
		floors  []floor
	}{
		{"", []floor{
			{"keep:warrior", 0.9}, {"keep:battle", 0.9}, {"keep:catapult", 0.3}, {"keep:wizard", 0.1},
			{"protect", 0.1}, {"attack", 0.9}, {"continue", 0.5}, {"stop", 0.1}, {"charge", 0.3},
			{"enlist", 0.3}, {"give", 0.5}, {"fire", 0.3},
		}},
		{VariantHordes, []floor{
			{"keep:warrior", 0.9}, {"keep:battle", 0.9}, {"keep:catapult", 0.3}, {"keep:dragon", 0.3},
			{"keep:flame", 0.2}, {"as_mercenary", 0.1}, {"as_draconic", 0.1}, {"assign_flame", 0.1},
			{"spend_flame", 0.1}, {"protect", 0.1}, {"attack", 0.9}, {"charge", 0.2}, {"enlist", 0.3},
			{"fire", 0.3},
		}},
	} {
		use := greedyUsage(t, c.variant, games)
		for _, f := range c.floors {
			share := float64(use[f.kind]) / float64(games)
			t.Logf("%s: %-14s %3.0f%% of games", cmpName(c.variant), f.kind, 100*share)
			if share < f.least {
				t.Errorf("%s: greedy chose %s in %.0f%% of %d games; want at least %.0f%%", cmpName(c.variant), f.kind, 100*share, games, 100*f.least)
			}
		}
	}
}

// floor is the least share of games in which a kind is chosen.
type floor struct {
	kind  string
	least float64
}
