package warlock

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/lockstep"
	"github.com/grimoire-games/grimoire/engine/rules"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// The lockstep test plays this engine (A) beside the rules engine playing
// cards/warlock/rules.star (B), and finds no difference: the same player
// to move, the same legal actions by their names (and by the game's
// numbers), the same observation for every seat (and the same position,
// hidden cards included, by its hash), the same returns. Both draw each
// card at a chance node, from the same pile at the same moment.

// warlockModel is the shipped game's model, with each old string of its
// rules replaced by its new one (pairs): a mutant of the rules.
func warlockModel(t testing.TB, edits ...string) *model.Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, err := games.Game("warlock").Play("")
	if err != nil {
		t.Fatal(err)
	}
	e, err := lockstep.Edit(m, edits...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// engines builds both engines of the model m.
func engines(t testing.TB, m *model.Game) (*Game, *rules.Game) {
	t.Helper()
	a, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	b, err := rules.New(m)
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// canonObs is an observation of either engine in one form: cards by id,
// counted where the order does not show.
type canonObs struct {
	Current, Day, Round int
	StartingPlayer      int
	Auctioneer          int
	Decision            string
	DrawPile            int
	Discard             []string
	Bar                 map[string]int
	Dragons, Ruins      int
	Building            string
	Seats               []canonSeat
}

type canonSeat struct {
	Hand, Mine         map[string]int
	HandSize, MineSize int
	// The cards laid aside: the one for the bar until the reveal, those
	// sent with their destination in the order sent, and the others in
	// any order (sorted).
	AsideBar             string
	AsideSent, AsideRest []string
	AsideSize            int
	Dungeon, Castle, Bid map[string]int
	Empire               []string
	BidGold              float64
	Bidding              string
}

// beforeReveal reports whether the first card laid aside is still the
// bar's: while the players lay their cards face down.
func beforeReveal(decision string) bool { return decision == "aside_bar" || decision == "aside_rest" }

func countIDs(ids []string) map[string]int {
	out := map[string]int{}
	for _, id := range ids {
		out[id]++
	}
	return out
}

// observeA is this engine's observation in canonical form.
func observeA(s engine.State, seat int) any {
	st := s.(*State)
	o := st.Observe(seat)
	id := func(d int) string { return st.r.Designs[d].ID }
	counts := func(c []int) map[string]int {
		out := map[string]int{}
		for d, n := range c {
			if n > 0 {
				out[id(d)] = n
			}
		}
		return out
	}
	c := canonObs{
		Current: o.Current, Day: o.Day, Round: o.Round, StartingPlayer: o.StartingPlayer,
		Auctioneer: o.Auctioneer, Decision: o.Decision, DrawPile: o.DrawPile,
		Bar: counts(o.Bar), Dragons: o.Dragons, Ruins: o.Ruins,
	}
	for _, d := range o.DiscardPile {
		c.Discard = append(c.Discard, id(d))
	}
	if o.Building >= 0 {
		c.Building = id(o.Building)
	}
	for i, v := range o.Seats {
		cs := canonSeat{
			HandSize: v.HandSize, MineSize: v.MineSize, AsideSize: v.AsideSize,
			Dungeon: counts(v.Dungeon), Castle: counts(v.Castle), Bid: counts(v.Bid),
			BidGold: v.BidGold, Bidding: v.Bidding,
		}
		if i == seat {
			cs.Hand, cs.Mine = counts(v.Hand), counts(v.Mine)
			for j, d := range v.Aside {
				switch {
				case j == 0 && beforeReveal(o.Decision):
					cs.AsideBar = id(d)
				case v.AsideTo[j] != "":
					cs.AsideSent = append(cs.AsideSent, id(d)+":"+v.AsideTo[j])
				default:
					cs.AsideRest = append(cs.AsideRest, id(d))
				}
			}
			slices.Sort(cs.AsideRest)
		}
		for _, f := range v.Empire {
			switch f {
			case FieldEmpty:
				cs.Empire = append(cs.Empire, "")
			case FieldDragon:
				cs.Empire = append(cs.Empire, "dragon")
			case FieldRuin:
				cs.Empire = append(cs.Empire, "ruin")
			default:
				cs.Empire = append(cs.Empire, id(f))
			}
		}
		c.Seats = append(c.Seats, cs)
	}
	return c
}

// observeB is the rules engine's observation in canonical form; m is the
// game, whose cards number the empire's fields.
func observeB(m *model.Game) func(s engine.State, seat int) any {
	return func(s engine.State, seat int) any {
		o := s.Observation(seat).(*rules.Observation)
		c := canonObs{
			Current: o.Turn, Day: int(o.Vars["day"]), Round: int(o.Vars["round"]),
			StartingPlayer: int(o.Vars["elrohir"]), Auctioneer: int(o.Vars["tonar"]),
			Decision: o.Phase, DrawPile: o.Zones["draw"].Count, Discard: o.Zones["discard"].Cards,
			Bar: countIDs(o.Zones["bar"].Cards),
		}
		if len(c.Discard) == 0 {
			c.Discard = nil
		}
		supply := countIDs(o.Zones["supply"].Cards)
		c.Dragons, c.Ruins = supply["dragon"], supply["ruin"]
		if b := o.Zones["building"].Cards; len(b) > 0 && (o.Phase == "field" || o.Phase == "pay") {
			c.Building = b[0]
		}
		for i, z := range o.SeatZones {
			vars := o.Seats[i]
			cs := canonSeat{
				HandSize: z["hand"].Count, MineSize: z["mine"].Count,
				AsideSize: z["aside"].Count + z["sent"].Count,
				Dungeon:   countIDs(z["dungeon"].Cards), Castle: countIDs(z["castle"].Cards),
				Bid:     countIDs(append(slices.Clone(z["bid"].Cards), z["bid_alt"].Cards...)),
				BidGold: float64(vars["bid_halves"]) / 2,
				Bidding: [...]string{"", "open", "made", "passed"}[vars["bidding"]],
			}
			if i == seat {
				cs.Hand, cs.Mine = countIDs(z["hand"].Cards), countIDs(z["mine"].Cards)
				aside := z["aside"].Cards
				if len(aside) > 0 && beforeReveal(o.Phase) {
					cs.AsideBar, aside = aside[0], aside[1:]
				}
				for j, id := range z["sent"].Cards {
					dest := "dungeon"
					if vars["sent_mine"]&(1<<j) != 0 {
						dest = "mine"
					}
					cs.AsideSent = append(cs.AsideSent, id+":"+dest)
				}
				cs.AsideRest = slices.Sorted(slices.Values(aside))
			}
			for f := 0; ; f++ {
				v, ok := vars[fmt.Sprintf("field_%d", f)]
				if !ok {
					break
				}
				id := ""
				if v > 0 {
					id = m.Cards[v-1].ID
				}
				cs.Empire = append(cs.Empire, id)
			}
			c.Seats = append(c.Seats, cs)
		}
		return c
	}
}

// config is a lockstep run of the two engines of m.
func config(t testing.TB, m *model.Game, players, games int, seed uint64) lockstep.Config {
	a, b := engines(t, m)
	return lockstep.Config{
		A: a, B: b, Players: players, Games: games, Seed: seed,
		ObserveA: observeA, ObserveB: observeB(m),
	}
}

// same requires the two engines to give the actions the same numbers
// and the states the same hash, as their logs of one game need.
func same(cfg lockstep.Config) lockstep.Config {
	cfg.SameNumbers, cfg.SameHash, cfg.Position = true, true, position
	return cfg
}

// TestLockstep plays random games, then greedy ones, with 3, 4 and 5
// players, and finds no difference.
func TestLockstep(t *testing.T) {
	m := warlockModel(t)
	random := longtest.Sizes(6, 180, 10_000)
	greedy := longtest.Sizes(3, 24, 1_000)
	for players := 3; players <= 5; players++ {
		share := func(n int) int { return max(1, (n+players-3)/3) }
		cfg := same(config(t, m, players, share(random), uint64(players)))
		if err := lockstep.Run(cfg); err != nil {
			t.Errorf("%d players, random play: %v", players, err)
		}
		cfg = same(config(t, m, players, share(greedy), uint64(100+players)))
		cfg.Bot = "greedy"
		if err := lockstep.Run(cfg); err != nil {
			t.Errorf("%d players, greedy play: %v", players, err)
		}
	}
}

// TestLockstepParams: the rules take every number from the parameters,
// as this engine does, so the two agree with other numbers too.
func TestLockstepParams(t *testing.T) {
	for _, sets := range [][]string{
		{"cards_set_aside=3", "cards_dealt=7", "wizard_substitutes=0"},
		{"empire_size=3", "max_cities=9", "max_dragons=1", "days=2"},
		{"auction_first_pick=3", "auction_second_pick=2", "rounds_per_day=2", "bar_cards_per_player=2"},
		{"actions_per_round=4", "human_power_draws=5", "gnome_power_max_points=4", "cards_dealt=9"},
	} {
		m, d := compiler.WithOverrides(warlockModel(t), sets)
		if d.HasErrors() {
			t.Fatal(d)
		}
		for players := 3; players <= 5; players++ {
			if err := lockstep.Run(same(config(t, m, players, longtest.Size(1, 10), uint64(players)))); err != nil {
				t.Errorf("%v, %d players: %v", sets, players, err)
			}
		}
	}
}

// TestLockstepMutants: the lockstep test finds a rule the rules leave
// out or get wrong.
func TestLockstepMutants(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edits []string
		want  string // the difference says this, or one of these (a|b)
	}{
		{"no majority bonus", []string{`                totals[p] += params.majority_bonus.get(r, 0)`, `                totals[p] += 0`}, "the returns differ"},
		{"Elrohir stays", []string{`    g.elrohir = (g.elrohir + 1) % g.players`, `    g.elrohir = g.elrohir`}, "observation differs"},
		{"castles dumped in hand order", []string{`    for c in sorted(list(zone)):`, `    for c in list(zone):`}, "observation differs"},
		{"no wizard skill", []string{`    if not ok and c.race == "wizard" and sub > 0 and sum(d) == 1:`, `    if False:`}, "differ|B refuses"},
		{"dragons protect nothing", []string{`is_city(cs[f]) and not [n for n in ADJ[f] if cs[n] == DRAGON_CELL]]`, `is_city(cs[f])]`}, "the legal actions differ"},
	} {
		cfg := config(t, warlockModel(t, tc.edits...), 4, 30, 1)
		err := lockstep.Run(cfg)
		var d *lockstep.Difference
		if !errors.As(err, &d) || !slices.ContainsFunc(strings.Split(tc.want, "|"), func(w string) bool { return strings.Contains(d.What, w) }) {
			t.Errorf("%s: got %v, want a difference with %q", tc.name, err, tc.want)
		}
	}
}

// TestLockstepSameGames: from one seed, this engine and the rules draw the
// same cards, each with its own SampleChance, and list the same legal
// actions by the same numbers, so that random bots, which pick an action
// by its place in the list, play the same games on both, through the same
// positions: what the two engines' logs of one seed need.
func TestLockstepSameGames(t *testing.T) {
	m := warlockModel(t)
	// Both draw the k-th card of the pile in the order of its designs:
	// this engine's designs are the model's creatures, in the model's
	// order of cards, which numbers the rules engine's.
	a, _ := engines(t, m)
	last := -1
	for _, d := range a.Rules.Designs {
		i := slices.IndexFunc(m.Cards, func(c *model.Card) bool { return c.ID == d.ID })
		if i <= last {
			t.Fatalf("design %s is card %d of the model, after card %d", d.ID, i, last)
		}
		last = i
	}
	for players := 3; players <= 5; players++ {
		cfg := same(config(t, m, players, longtest.Size(4, 60), uint64(200+players)))
		cfg.SampleChance = true
		if err := lockstep.Run(cfg); err != nil {
			t.Errorf("%d players: %v", players, err)
		}
	}
}

// position is either engine's Position.
func position(s engine.State) any {
	switch s := s.(type) {
	case *State:
		return s.Position()
	case *rules.State:
		return s.Position()
	}
	return nil
}
