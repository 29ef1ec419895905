package warlock

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/engine"
)

// The players of the rulebook's examples.
const (
	scott = 0
	sarah = 1
	kate  = 2
)

// TestScoringExample is the final-scoring example (rule 6): 29 points of
// cities, human chains 1 + 2 + 3 and 1, the giant majority, the orc
// majority shared with Sarah and the variety bonus: 54.
func TestScoringExample(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.lay(t, scott,
		"giant_4 human_1 human_2 human_1",
		"orc_1 wizard_1 gnome_2 .",
		"dragon wizard_4 goblin_1 human_1",
		"giant_4 wizard_2 . .") // the wizard at the bottom is not in the centre
	s.lay(t, sarah,
		"giant_1 human_1 human_1 human_1",
		"orc_2 human_1 human_1 .")
	s.lay(t, kate,
		"gnome_1 gnome_1 goblin_2 goblin_2",
		"wizard_3 wizard_3 wizard_3 .")
	got := s.Score()[scott]
	var maj [len(got.Majority)]int
	maj[giantRace], maj[orcRace] = 6, 4
	want := Breakdown{
		Removed: []int{s.field(3, 1)}, Cities: 29, Chains: []int{6, 1}, ChainPoints: 7,
		Majority: maj, Majorities: 10, Races: 6, Variety: 8, Total: 54,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Scott's score (-want +got):\n%s", diff)
	}
	if b := s.Score()[sarah]; b.Majority[orcRace] != 4 || b.Majority[humanRace] != 4 {
		t.Errorf("Sarah's majorities %v; she shares the orcs and has the most humans", b.Majority)
	}
}

// TestHumanChains: each city of a chain scores the next value, the last
// one repeating.
func TestHumanChains(t *testing.T) {
	values := []int{1, 2, 3, 5, 7, 9}
	for _, tc := range []struct {
		n    int
		want int
	}{{1, 1}, {2, 3}, {3, 6}, {4, 11}, {6, 27}, {7, 36}, {8, 45}} {
		sq := make([]Square, 16)
		for i := range tc.n {
			// A snake through the grid keeps the cities in one chain.
			row, col := i/4, i%4
			if row%2 == 1 {
				col = 3 - col
			}
			sq[row*4+col] = Square{Kind: City, Race: humanRace, Points: 1}
		}
		if got := humanChains(values, 4, sq); !slices.Equal(got, []int{tc.want}) {
			t.Errorf("chain of %d: %v, want [%d]", tc.n, got, tc.want)
		}
	}
}

// TestAuctionExample is rule 3's example: Scott bids 6, Sarah 4, Kate 4.5
// (a human counted at 0.5); Kate could not bid 6 once Scott had. Scott
// picks first, then Kate, then Sarah, who receives Tonar.
func TestAuctionExample(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.tonar, s.elrohir = scott, sarah
	s.mine(t, scott, "giant_1", "giant_1", "giant_1", "orc_1")
	s.mine(t, sarah, "giant_1", "giant_1")
	s.mine(t, kate, "giant_1", "giant_1", "human_1")
	s.toBar(t, "gnome_1", "gnome_1", "gnome_2", "gnome_2", "gnome_1", "gnome_2", "goblin_1", "goblin_2", "goblin_3")
	s.round = r.Params.RoundsPerDay
	s.startAuction(false, false)
	giant, human := r.design(t, "giant_1"), r.design(t, "human_1")
	s.play(t, card(Bid, giant), card(Bid, giant), card(Bid, giant), do(BidDone)) // Scott: 6
	s.play(t, card(Bid, giant), card(Bid, giant), do(BidDone))                   // Sarah: 4
	s.play(t, card(Bid, giant), card(Bid, giant))
	six := s.clone()
	six.play(t, card(BidAlt, human))
	if six.can(do(BidDone)) {
		t.Error("Kate may bid 6 though Scott already did")
	}
	s.play(t, card(Bid, human), do(BidDone)) // Kate: 4.5
	if !slices.Equal(s.bidOrder(), []int{scott, kate, sarah}) {
		t.Fatalf("pick order %v; want Scott, Kate, Sarah", s.bidOrder())
	}
	gnome1, gnome2 := r.design(t, "gnome_1"), r.design(t, "gnome_2")
	for _, p := range []int{scott, kate, sarah} {
		if s.cur != p || s.step != stPickEmpire {
			t.Fatalf("first pick: player %d at %s; want %d", s.cur, stepName(s.step), p)
		}
		s.play(t, card(BarCard, gnome2), at(s.field(0, 0)), card(BarCard, gnome1))
	}
	for _, p := range []int{scott, kate, sarah} {
		if s.cur != p || s.step != stPickSecond {
			t.Fatalf("second pick: player %d at %s; want %d", s.cur, stepName(s.step), p)
		}
		s.play(t, card(PickDungeon, s.anyBar()))
	}
	if s.tonar != sarah {
		t.Errorf("Tonar goes to player %d; want Sarah", s.tonar)
	}
	if s.seats[scott].mine[r.design(t, "orc_1")] != 1 {
		t.Error("Scott's unused orc left his mine")
	}
	if s.nBar != 0 || s.seats[scott].nMine != 1 || s.seats[kate].nMine != 0 {
		t.Error("the bids and the bar were not discarded")
	}
	for _, p := range []int{scott, sarah, kate} {
		if s.seats[p].occupied != 1 || s.seats[p].nDungeon != 1 {
			t.Errorf("player %d: %d cities and %d dungeon cards; want 1 and 1", p, s.seats[p].occupied, s.seats[p].nDungeon)
		}
	}
}

func (s *State) anyBar() int {
	for d := range s.r.Designs {
		if s.bar[d] > 0 {
			return d
		}
	}
	return -1
}

// TestNewAuctioneer: the lowest bidder receives Tonar, players without a
// bid counting lowest; among ties, the one closest to the right of
// Elrohir's holder (ruling tonar-tie).
func TestNewAuctioneer(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct {
		name    string
		elrohir int
		bids    []float64 // 0: no bid
		want    int
	}{
		{"lowest bid", 0, []float64{6, 4, 4.5, 5}, 1},
		{"a player without a bid", 0, []float64{6, 4, 0, 5}, 2},
		{"nobody bids: right of Elrohir", 2, []float64{0, 0, 0, 0}, 1},
		{"nobody bids, Elrohir with player 0", 0, []float64{0, 0, 0, 0}, 3},
		{"two without a bid", 1, []float64{0, 3, 2, 0}, 0},
		{"Elrohir's holder comes last", 1, []float64{2, 0, 4, 5}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, r, 4)
			s.elrohir = tc.elrohir
			for i, b := range tc.bids {
				if b > 0 {
					s.seats[i].bidState, s.seats[i].bidGold = bidMade, b
				} else {
					s.seats[i].bidState = bidPassed
				}
			}
			if got := s.newAuctioneer(); got != tc.want {
				t.Errorf("Tonar to %d; want %d", got, tc.want)
			}
		})
	}
}

// TestGiantPowerAndOrc is rule 5's giant and orc examples: Scott's dragon
// protects the gnome city and the giant city next to it; Kate's orc can
// ruin only Scott's unprotected cities.
func TestGiantPowerAndOrc(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.lay(t, scott,
		"orc_1 giant_1 human_1 .",
		"gnome_1 . . .")
	s.hand(t, scott, "giant_2")
	s.hand(t, sarah, "gnome_1")
	s.hand(t, kate, "orc_2")
	s.cur = scott
	dr := s.field(1, 1)
	s.play(t, card(PlayCastle, r.design(t, "giant_2")), at(dr))
	if s.seats[scott].empire[dr] != dragon || s.dragons != r.Dragons-1 {
		t.Fatal("no dragon placed")
	}
	s.play(t, card(PlayMine, r.design(t, "gnome_1"))) // Sarah
	s.play(t, card(PlayCastle, r.design(t, "orc_2"))) // Kate
	for f, want := range map[int]bool{s.field(0, 0): true, s.field(0, 1): false, s.field(0, 2): true, s.field(1, 0): false} {
		if got := s.can(target(scott, f)); got != want {
			t.Errorf("orc on Scott's field %d: %v, want %v", f, got, want)
		}
	}
	s.play(t, target(scott, s.field(0, 0)))
	if s.seats[scott].empire[s.field(0, 0)] != ruin || s.ruins != r.Ruins-1 {
		t.Error("Scott's orc city was not ruined")
	}
	if top := s.discard[len(s.discard)-1]; int(top) != r.design(t, "orc_1") {
		t.Error("the ruined city is not on the discard pile")
	}
}

// TestGiantSkill is the giant skill's example: Kate builds a giant city
// and swaps it with her wizard city, so both count at the end.
func TestGiantSkill(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.lay(t, kate,
		"wizard_1 gnome_1 . .",
		"gnome_1 . . .")
	s.hand(t, kate, "giant_1") // costs a human
	s.dungeon(t, kate, "human_1")
	s.cur = kate
	before := s.Score()[kate].Cities
	g := s.field(1, 1)
	s.play(t, card(PlayEmpire, r.design(t, "giant_1")), at(g), card(Pay, r.design(t, "human_1")))
	if s.step != stGiantSkill {
		t.Fatalf("no giant skill after building a giant city (at %s)", stepName(s.step))
	}
	s.play(t, swap(s.field(0, 0), g))
	after := s.Score()[kate]
	if want := before + r.Designs[r.design(t, "giant_1")].Points + r.Designs[r.design(t, "wizard_1")].Points; after.Cities != want || len(after.Removed) != 0 {
		t.Errorf("after the swap: %d city points, %v removed; want %d, none", after.Cities, after.Removed, want)
	}
}

// TestHumanPower: Scott takes a card from the draw pile and the others
// from the discard pile.
func TestHumanPower(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, scott, "human_1")
	s.toDiscard(s.take(t, "orc_1"))
	s.toDiscard(s.take(t, "orc_2"))
	s.cur = scott
	s.play(t, card(PlayCastle, r.design(t, "human_1")), do(DrawPile))
	s.chance(t, "giant_1")
	s.play(t, do(DrawDiscard), do(DrawDiscard))
	p := &s.seats[scott]
	if p.nHand != 3 || p.hand[r.design(t, "giant_1")] != 1 || p.hand[r.design(t, "orc_1")] != 1 || p.hand[r.design(t, "orc_2")] != 1 {
		t.Errorf("Scott's hand holds %d cards; want the draw and both orcs", p.nHand)
	}
	if s.cur != sarah || s.step != stMain {
		t.Error("the action did not end after three cards")
	}
}

// TestGoblinPower: Sarah plays a goblin showing a human and takes the
// giant city (which costs a human) from the bar, paying with that goblin
// alone; the bar is refilled.
func TestGoblinPower(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, sarah, "goblin_3")
	s.toBar(t, "giant_1", "orc_1", "orc_2")
	s.cur = sarah
	bar := s.nBar
	gob := r.design(t, "goblin_3")
	s.play(t, card(PlayCastle, gob))
	if !s.can(card(BarCard, r.design(t, "giant_1"))) || s.can(card(BarCard, r.design(t, "orc_2"))) {
		t.Fatal("the goblin power should reach the giant city and not the orc city")
	}
	s.play(t, card(BarCard, r.design(t, "giant_1")), at(s.field(0, 0)), do(PayCastle))
	if s.seats[sarah].empire[s.field(0, 0)].design() != r.design(t, "giant_1") {
		t.Error("the giant city was not built")
	}
	s.chance(t, "gnome_1") // the gap in the bar is filled
	if s.nBar != bar || s.bar[r.design(t, "gnome_1")] != 1 || s.seats[sarah].castle[gob] != 0 {
		t.Errorf("bar %d cards (want %d), goblin in castle %d", s.nBar, bar, s.seats[sarah].castle[gob])
	}
}

// TestGoblinSkill: a goblin showing a human, alone in the dungeon, pays a
// wizard city costing a goblin and a human.
func TestGoblinSkill(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, scott, "wizard_2")
	s.dungeon(t, scott, "goblin_3")
	s.cur = scott
	s.play(t, card(PlayEmpire, r.design(t, "wizard_2")), at(s.field(0, 1)), card(Pay, r.design(t, "goblin_3")))
	if s.seats[scott].occupied != 1 || s.seats[scott].nDungeon != 0 || s.step != stMain {
		t.Error("the goblin did not pay both creatures")
	}
}

// TestGnomePower: Scott builds a human city from his hand for free; an orc
// city is worth too much for the gnome power.
func TestGnomePower(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, scott, "gnome_1", "human_2", "orc_1")
	s.cur = scott
	s.play(t, card(PlayCastle, r.design(t, "gnome_1")))
	if s.can(card(Hand, r.design(t, "orc_1"))) {
		t.Error("the gnome power builds an orc city")
	}
	s.play(t, card(Hand, r.design(t, "human_2")), at(s.field(0, 3)))
	if s.seats[scott].empire[s.field(0, 3)].design() != r.design(t, "human_2") {
		t.Error("the human city was not built")
	}
}

// TestWizardPower is the wizard example: Sarah swaps her wizard city with
// Scott's giant city, then swaps her gnome city with that giant city
// (ruling giant-skill-on-arrival).
func TestWizardPower(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.lay(t, scott, "giant_1 . . .")
	s.lay(t, sarah, "gnome_1 . . .", "wizard_1 . . .")
	s.hand(t, sarah, "wizard_3")
	s.cur = sarah
	s.play(t, card(PlayCastle, r.design(t, "wizard_3")), at(s.field(1, 0)), target(scott, s.field(0, 0)))
	if s.step != stGiantSkill {
		t.Fatalf("no giant skill after winning a giant city (at %s)", stepName(s.step))
	}
	s.play(t, swap(s.field(0, 0), s.field(1, 0)))
	if s.seats[sarah].empire[s.field(0, 0)].design() != r.design(t, "giant_1") ||
		s.seats[scott].empire[s.field(0, 0)].design() != r.design(t, "wizard_1") {
		t.Error("the cities were not swapped")
	}
}

// TestWizardSkill: one wizard at most stands in for another creature.
func TestWizardSkill(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct {
		dungeon []string
		want    bool
	}{
		{[]string{"wizard_1", "human_1"}, true},   // the wizard pays the orc
		{[]string{"wizard_1", "wizard_2"}, false}, // two substitutes
		{[]string{"orc_1", "human_1"}, true},
		{[]string{"human_1"}, false},
	} {
		s := table(t, r, 3)
		s.hand(t, scott, "giant_3") // costs an orc and a human
		s.dungeon(t, scott, tc.dungeon...)
		if got := s.can(card(PlayEmpire, r.design(t, "giant_3"))); got != tc.want {
			t.Errorf("dungeon %v: can build %v, want %v", tc.dungeon, got, tc.want)
		}
	}
}

// TestBuildingRules is rule 4.
func TestBuildingRules(t *testing.T) {
	r := shipped(t)
	fields := func(s *State, p int) []int {
		var out []int
		for f := range s.fields() {
			if s.cityField(&s.seats[p], f) {
				out = append(out, f)
			}
		}
		return out
	}
	t.Run("first city touches the board", func(t *testing.T) {
		s := table(t, r, 3)
		if got := fields(s, scott); !slices.Equal(got, []int{0, 1, 2, 3}) {
			t.Errorf("first city fields %v", got)
		}
	})
	t.Run("next to a city", func(t *testing.T) {
		s := table(t, r, 3)
		s.lay(t, scott, ". gnome_1 . .")
		if got := fields(s, scott); !slices.Equal(got, []int{0, 2, s.field(1, 1)}) {
			t.Errorf("fields %v", got)
		}
	})
	t.Run("at most three dragons", func(t *testing.T) {
		s := table(t, r, 3)
		s.lay(t, scott, "dragon dragon dragon gnome_1")
		s.hand(t, scott, "giant_1")
		s.cur = scott
		s.play(t, card(PlayCastle, r.design(t, "giant_1")))
		if s.step == stDragon {
			t.Error("a fourth dragon may be placed")
		}
	})
	t.Run("full: build over a dragon or a ruin", func(t *testing.T) {
		s := table(t, r, 3)
		s.lay(t, scott,
			"gnome_1 gnome_1 gnome_1 gnome_1",
			"gnome_1 dragon gnome_1 gnome_1",
			"gnome_2 gnome_2 ruin gnome_2",
			"gnome_2 gnome_2 gnome_2 gnome_2")
		if got := fields(s, scott); !slices.Equal(got, []int{s.field(1, 1), s.field(2, 2)}) {
			t.Errorf("fields of a full empire %v", got)
		}
		s.hand(t, scott, "gnome_1")
		s.cur = scott
		s.play(t, card(PlayEmpire, r.design(t, "gnome_1")), at(s.field(1, 1)))
		if s.dragons != r.Dragons || s.seats[scott].dragons != 0 {
			t.Error("the dragon built over did not go back to the supply (ruling built-over-to-supply)")
		}
	})
	t.Run("complete empires are immune", func(t *testing.T) {
		s := table(t, r, 3)
		s.lay(t, scott,
			"gnome_1 gnome_1 gnome_1 gnome_1",
			"gnome_1 gnome_1 gnome_1 gnome_1",
			"human_1 human_1 human_1 human_1",
			"human_2 human_2 human_2 human_2")
		s.lay(t, sarah, "orc_1")
		s.lay(t, kate, "wizard_1")
		s.hand(t, kate, "orc_1")
		s.cur = kate
		s.play(t, card(PlayCastle, r.design(t, "orc_1")))
		if s.can(target(scott, 0)) || !s.can(target(sarah, 0)) {
			t.Error("the orc may attack a complete empire, or not an incomplete one")
		}
	})
}

// TestFinalVisit: an empire completed in the first round of a day ends the
// game after that round with a visit to a bar of one row: each bidder
// takes one card into the empire and there is no second pick (ruling
// final-visit).
func TestFinalVisit(t *testing.T) {
	r := shipped(t)
	s := finalVisit(t, r, 0, "orc_1", "orc_1", "orc_2")
	if !s.rows {
		t.Fatalf("no final visit after the round (at %s)", stepName(s.step))
	}
	orc := r.design(t, "orc_1")
	s.play(t, card(BarCard, orc)) // Scott's empire is full: the card is discarded
	s.play(t, card(BarCard, orc), at(0))
	if !s.IsTerminal() {
		t.Fatalf("the game goes on at %s", stepName(s.step))
	}
	if s.seats[sarah].occupied != 1 || s.nBar != 0 {
		t.Error("Sarah did not get her one card")
	}
}

// finalVisit completes Scott's empire of 16 cards with the last action
// of round round (from 0) of a day, which brings the final visit to the
// bar, holding the cards bar; Kate, with Tonar, passes, then Scott bids
// giant_1 and Sarah giant_2.
func finalVisit(t *testing.T, r *Rules, round int, bar ...string) *State {
	t.Helper()
	s := table(t, r, 3)
	s.lay(t, scott,
		"gnome_1 gnome_1 gnome_1 gnome_1",
		"gnome_1 gnome_1 gnome_1 gnome_1",
		"human_1 human_1 human_1 human_1",
		"human_2 human_2 human_2 .")
	s.hand(t, scott, "gnome_2")
	s.mine(t, scott, "giant_1")
	s.mine(t, sarah, "giant_2")
	s.toBar(t, bar...)
	s.round = round
	s.done = s.n*r.Params.ActionsPerRound - 1 // Scott takes the round's last action
	s.cur = scott
	s.play(t, card(PlayEmpire, r.design(t, "gnome_2")), at(s.field(3, 3)))
	if s.step != stBid || !s.final {
		t.Fatalf("no final visit after the round (at %s)", stepName(s.step))
	}
	s.play(t, do(Pass))
	s.play(t, card(Bid, r.design(t, "giant_1")), do(BidDone))
	s.play(t, card(Bid, r.design(t, "giant_2")), do(BidDone))
	return s
}

// TestShortDeal: with five players, when the draw and discard piles hold
// too few cards, the players discard in turn until there are enough
// (rule 2.1, ruling short-deal).
func TestShortDeal(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 5)
	need := 5 * r.Params.CardsDealt
	// Everything but need-2 cards sits in the players' mines.
	for i := 0; s.nDraw > need-2; i = (i + 1) % 5 {
		s.seats[i].addMine(s.takeAny())
	}
	s.elrohir = 3
	s.startRound()
	var who []int
	for s.step == stShortDeal && s.CurrentPlayer() != engine.Chance {
		who = append(who, s.cur)
		m := s.LegalActions(nil)[0]
		mv, _ := r.Decode(m)
		s.play(t, mv)
	}
	if !slices.Equal(who, []int{3, 4}) {
		t.Errorf("discards by %v; want players 3 and 4", who)
	}
	// The deal empties the draw pile, then the discard pile shuffled in.
	for s.CurrentPlayer() == engine.Chance {
		s.drawAny(t)
	}
	if s.nDraw != 0 || len(s.discard) != 0 {
		t.Errorf("%d cards left in the draw pile, %d in the discard pile; want none", s.nDraw, len(s.discard))
	}
	for i := range 5 {
		if s.seats[i].nHand != r.Params.CardsDealt {
			t.Errorf("player %d was dealt %d cards", i, s.seats[i].nHand)
		}
	}
}
