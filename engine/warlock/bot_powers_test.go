package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// usage counts what the greedy bots chose: "castle:<race>" for a card
// played into the castle, "<decision>:<kind>" for every other choice.
type usage map[string]int

// recorder is a greedy bot that writes its choices into a usage.
type recorder struct {
	g   *Greedy
	use usage
}

func (b recorder) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	a := b.g.Act(seat, legal, rng)
	o := seat.Observation().(*Observation)
	m, _ := b.g.r.Decode(a)
	if m.Kind == PlayCastle {
		b.use["castle:"+b.g.r.Designs[m.Design].Race.String()]++
	} else {
		b.use[o.Decision+":"+m.Kind.name()]++
	}
	return a
}

// greedyUsage plays games 4-player games of greedy bots and counts, per
// choice, in how many games some seat made it.
func greedyUsage(t *testing.T, games int) usage {
	t.Helper()
	r := shipped(t)
	g := &Game{Rules: r}
	inGames := usage{}
	for i := range games {
		s, err := g.NewState(4, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		use := usage{}
		bots := make([]engine.Bot, 4)
		for j := range bots {
			bots[j] = recorder{g: &Greedy{r: r}, use: use}
		}
		if _, err := engine.Play(s, bots, uint64(i), 10000, nil); err != nil {
			t.Fatal(err)
		}
		for k := range use {
			inGames[k]++
		}
	}
	return inGames
}

// TestGreedyUsesEveryPower: the greedy bot plays every race's castle
// power and takes each power's choice in a fair share of its games, so
// that a balance figure it gives covers the whole rulebook.
func TestGreedyUsesEveryPower(t *testing.T) {
	games := 100
	use := greedyUsage(t, games)
	for _, c := range []struct {
		choice string
		floor  float64 // least share of games
	}{
		{"castle:giant", 0.5},
		{"dragon:field", 0.5},
		{"castle:wizard", 0.3},
		{"wizard_own:field", 0.3},
		{"castle:orc", 0.5},
		{"orc:target", 0.5},
		{"castle:human", 0.5},
		{"castle:goblin", 0.5},
		{"goblin_bar:bar_card", 0.3},
		{"castle:gnome", 0.5},
		{"gnome_hand:hand", 0.3},
		{"giant_skill:swap", 0.5},
		{"action:play_mine", 0.1},
		{"bid:bid_alt", 0.3},
		{"pick_second:pick_mine", 0.3},
	} {
		share := float64(use[c.choice]) / float64(games)
		t.Logf("%-22s %3.0f%% of games", c.choice, 100*share)
		if share < c.floor {
			t.Errorf("greedy bots chose %s in %.0f%% of %d games; want at least %.0f%%", c.choice, 100*share, games, 100*c.floor)
		}
	}
}
