package warlock

import (
	"encoding/json"
	"slices"
	"testing"
)

// Each test here holds one rule the rulebook states, in a position built
// by hand, so that taking the rule out of the engine fails it.

// TestDeal is rule 2.1: the starting player deals cards_dealt cards to
// each player, from their own seat on, who keep the cards of earlier
// rounds. Each card is drawn at a chance node.
func TestDeal(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 4)
	s.hand(t, sarah, "orc_1", "orc_2")
	s.elrohir = kate
	s.startRound()
	for i := range 4 * r.Params.CardsDealt {
		var before [4]int
		for p := range 4 {
			before[p] = s.seats[p].nHand
		}
		s.drawAny(t)
		want := (kate + i/r.Params.CardsDealt) % 4
		for p := range 4 {
			if grew := s.seats[p].nHand > before[p]; grew != (p == want) {
				t.Fatalf("card %d: player %d's hand grew %v; want the card to go to player %d", i, p, grew, want)
			}
		}
	}
	for i := range 4 {
		want := r.Params.CardsDealt
		if i == sarah {
			want += 2
		}
		if s.seats[i].nHand != want {
			t.Errorf("player %d holds %d cards; want %d", i, s.seats[i].nHand, want)
		}
	}
	if s.cur != kate || s.step != stAsideBar {
		t.Errorf("player %d at %s; want the starting player to set aside first", s.cur, stepName(s.step))
	}
}

// TestSetAside is rule 2.2: in turn order each player lays cards_set_aside
// cards face down; once all have chosen, the first cards go to the bar,
// and only then does each player choose whether the second goes to the
// mine or the dungeon (ruling second-card-hidden: each choice stays
// hidden until all have chosen; a mine card stays face down).
func TestSetAside(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, scott, "orc_1", "wizard_1", "gnome_1")
	s.hand(t, sarah, "giant_1", "human_1", "gnome_1")
	s.hand(t, kate, "orc_2", "giant_2", "gnome_1")
	s.cur = scott
	s.beginAside()
	orc, wizard, giant, human, orc2, giant2 := r.design(t, "orc_1"), r.design(t, "wizard_1"), r.design(t, "giant_1"), r.design(t, "human_1"), r.design(t, "orc_2"), r.design(t, "giant_2")
	s.play(t, card(AsideBar, orc))
	for _, k := range []Kind{AsideMine, AsideDungeon} {
		if s.can(card(k, wizard)) {
			t.Fatal("the second card's destination is chosen before the bar is revealed")
		}
	}
	s.play(t, card(Aside, wizard), card(AsideBar, giant))
	// Before the reveal, a position says nothing of where the second card
	// will go, not even to its owner.
	if o := s.Observe(scott).Seats[scott]; !slices.Equal(o.Aside, []int{orc, wizard}) || !slices.Equal(o.AsideTo, []string{"", ""}) {
		t.Errorf("Scott sees his face-down cards as %v, going to %q", o.Aside, o.AsideTo)
	}
	s.play(t, card(Aside, human), card(AsideBar, orc2), card(Aside, giant2))
	if s.nBar != 3 || s.bar[orc] != 1 || s.bar[giant] != 1 || s.bar[orc2] != 1 {
		t.Fatalf("bar %v; want the three first cards", list(&s.bar, len(r.Designs)))
	}
	if s.cur != scott || s.step != stAsideDest {
		t.Fatalf("player %d at %s; want Scott to choose where his wizard goes", s.cur, stepName(s.step))
	}
	if !s.can(card(AsideMine, wizard)) || !s.can(card(AsideDungeon, wizard)) {
		t.Fatal("once the bar is revealed, the mine and the dungeon are not both open")
	}
	// Scott's choice changes nothing another seat sees until everyone has
	// chosen; nor does anything that was seen before the reveal depend on it.
	mine, dungeon := s.clone(), s.clone()
	mine.play(t, card(AsideMine, wizard))
	dungeon.play(t, card(AsideDungeon, wizard))
	for i := range 3 {
		if i != scott && observe(t, mine, i) != observe(t, dungeon, i) {
			t.Errorf("player %d sees Scott's choice before all have chosen", i)
		}
	}
	for _, c := range []*State{mine, dungeon} {
		c.play(t, card(AsideDungeon, human), card(AsideMine, giant2))
		if c.step != stMain || c.cur != scott {
			t.Fatalf("at %s after the choices; want the actions", stepName(c.step))
		}
		if c.seats[sarah].dungeon[human] != 1 || c.seats[kate].mine[giant2] != 1 {
			t.Error("the second cards did not go where their owners chose")
		}
	}
	if mine.seats[scott].mine[wizard] != 1 || dungeon.seats[scott].dungeon[wizard] != 1 {
		t.Error("Scott's wizard did not go where he chose")
	}
	if o := mine.Observe(sarah); o.Seats[scott].Mine != nil || o.Seats[scott].MineSize != 1 {
		t.Error("another player sees the card sent to the mine")
	}
	if o := dungeon.Observe(sarah); o.Seats[scott].Dungeon[wizard] != 1 {
		t.Error("another player does not see the card sent to the dungeon")
	}
	if mine.Hash() == dungeon.Hash() {
		t.Error("the choice is not part of the state")
	}
}

func observe(t *testing.T, s *State, player int) string {
	t.Helper()
	b, err := json.Marshal(s.Observe(player))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestActions is rule 2.3: from the starting player, clockwise, each
// player takes actions_per_round actions: playing a card into the mine,
// the dungeon or the castle, or drawing the top card of the draw or the
// discard pile.
func TestActions(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.elrohir, s.cur = sarah, sarah
	orc, gnome, human := r.design(t, "orc_1"), r.design(t, "gnome_1"), r.design(t, "human_1")
	s.hand(t, sarah, "orc_1", "gnome_1")
	s.toDiscard(s.take(t, "human_1"))
	var who []int
	play := func(m Move) {
		who = append(who, s.cur)
		s.play(t, m)
		if m.Kind == DrawPile {
			s.drawAny(t)
		}
	}
	play(card(PlayMine, orc))
	play(do(DrawDiscard))
	play(do(DrawPile))
	play(card(PlayDungeon, gnome))
	for s.step == stMain && s.round == 0 {
		play(do(DrawPile))
	}
	var want []int
	for i := range 3 * r.Params.ActionsPerRound {
		want = append(want, (sarah+i)%3)
	}
	if !slices.Equal(who, want) {
		t.Errorf("players in turn %v; want %v", who, want)
	}
	if s.seats[sarah].mine[orc] != 1 || s.seats[sarah].dungeon[gnome] != 1 || s.seats[kate].hand[human] != 1 || len(s.discard) != 0 {
		t.Error("a card did not go where it was played, or the discard pile's top was not taken")
	}
}

// TestRoundEnd is rule 2.4: at the end of a round Elrohir passes to the
// player on the left, and the castles' cards go to the discard pile.
func TestRoundEnd(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.elrohir, s.cur = kate, kate
	s.seats[sarah].castle[s.take(t, "human_1")]++
	s.done = s.n*r.Params.ActionsPerRound - 1
	s.play(t, do(DrawPile))
	s.drawAny(t)
	if s.elrohir != scott {
		t.Errorf("Elrohir with player %d; want %d, left of Kate", s.elrohir, scott)
	}
	if s.seats[sarah].castle != (counts{}) || len(s.discard) != 1 {
		t.Error("the castle was not emptied onto the discard pile")
	}
}

// TestGameEnd is rule 6's first way: the game ends with the auction of
// the last day, and not before.
func TestGameEnd(t *testing.T) {
	r := shipped(t)
	for day := range r.Params.Days {
		s := table(t, r, 3)
		s.day = day
		s.round = r.Params.RoundsPerDay
		s.startAuction(false, false)
		s.play(t, do(Pass), do(Pass), do(Pass))
		if want := day == r.Params.Days-1; s.IsTerminal() != want {
			t.Errorf("after day %d's auction: over %v; want %v", day+1, s.IsTerminal(), want)
		}
	}
}

// TestTonarStarts is the set-up (EN l.52–55): Elrohir goes to the
// starting player and Tonar, the auctioneer, to the player on their
// right, so the first day's bidding opens there.
func TestTonarStarts(t *testing.T) {
	r := shipped(t)
	for n := r.Players.Min; n <= r.Players.Max; n++ {
		s, err := r.NewState(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if s.tonar != s.right1(s.elrohir) {
			t.Errorf("%d players: Tonar with player %d, Elrohir with %d; want Tonar on Elrohir's right, player %d", n, s.tonar, s.elrohir, s.right1(s.elrohir))
		}
		s.startAuction(false, false)
		if s.cur != s.right1(s.elrohir) {
			t.Errorf("%d players: the first bid is player %d's; want %d", n, s.cur, s.right1(s.elrohir))
		}
	}
}

// TestFinalVisitTwoRows is rule 6's second way (EN l.365–368): an empire
// completed in the second round of a day ends the game with a visit to a
// bar of two rows, where each bidder in bidding order takes two cards,
// one into the empire and the other discarded.
func TestFinalVisitTwoRows(t *testing.T) {
	r := shipped(t)
	s := finalVisit(t, r, 1, "orc_1", "orc_1", "orc_1", "orc_2", "orc_2", "orc_2")
	orc1, orc2 := r.design(t, "orc_1"), r.design(t, "orc_2")
	// The bidders pick in bidding order. A card into a full empire (Scott's)
	// is discarded; Sarah's goes to field 0.
	into := func(p int) []Move {
		if p == scott {
			return []Move{card(BarCard, orc1)}
		}
		return []Move{card(BarCard, orc1), at(0)}
	}
	first := s.CurrentPlayer()
	second := scott + sarah - first
	steps := []struct {
		who int
		at  step
		m   []Move
	}{
		{first, stPickEmpire, into(first)},
		{first, stPickDiscard, []Move{card(BarCard, orc2)}},
		{second, stPickEmpire, into(second)},
		{second, stPickDiscard, []Move{card(BarCard, orc2)}},
	}
	for i, st := range steps {
		if s.CurrentPlayer() != st.who || s.step != st.at {
			t.Fatalf("pick %d: player %d at %s; want player %d at %s", i+1, s.CurrentPlayer(), stepName(s.step), st.who, stepName(st.at))
		}
		s.play(t, st.m...)
	}
	if !s.IsTerminal() {
		t.Fatalf("the game goes on at %s after each bidder took two cards", stepName(s.step))
	}
	if s.seats[sarah].occupied != 1 {
		t.Errorf("Sarah's empire holds %d cards; want the one she placed", s.seats[sarah].occupied)
	}
}

// TestDragonNextToACard is rule 4 and the giant power (EN l.249–250,
// 278–282): a dragon takes the place of a city, so it too goes next to a
// card already in the empire.
func TestDragonNextToACard(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.lay(t, scott, "gnome_1 . . .")
	s.hand(t, scott, "giant_1")
	s.cur = scott
	s.play(t, card(PlayCastle, r.design(t, "giant_1")))
	if s.step != stDragon {
		t.Fatalf("no dragon to place (at %s)", stepName(s.step))
	}
	for f, want := range map[int]bool{
		s.field(0, 1): true, s.field(1, 0): true, // next to the gnome city
		s.field(0, 3): false, s.field(1, 1): false, s.field(3, 3): false, // apart from it
		s.field(0, 0): false, // taken
	} {
		if got := s.can(at(f)); got != want {
			t.Errorf("dragon on field %d: %v, want %v", f, got, want)
		}
	}
}

// TestDragonsAndRuinsStay is the orc and wizard powers (EN l.330, 343):
// an orc ruins a city, and a wizard swaps cities; dragons and ruined
// cities are not cities, so neither power takes them, on either side.
func TestDragonsAndRuinsStay(t *testing.T) {
	r := shipped(t)
	// The dragons and ruins stand apart, so that no dragon guards a ruin.
	scottRows := []string{"gnome_1 gnome_1 . .", ". . . .", "ruin . . .", ". . . dragon"}
	sarahRows := []string{"orc_1 dragon . ruin"}
	t.Run("orc", func(t *testing.T) {
		s := table(t, r, 3)
		s.lay(t, scott, scottRows...)
		s.lay(t, sarah, sarahRows...)
		s.hand(t, kate, "orc_2")
		s.cur = kate
		s.play(t, card(PlayCastle, r.design(t, "orc_2")))
		if s.step != stOrc {
			t.Fatalf("no orc power (at %s)", stepName(s.step))
		}
		for _, tc := range []struct {
			p, f int
			want bool
		}{
			{scott, s.field(0, 0), true},
			{scott, s.field(2, 0), false}, // a ruin
			{scott, s.field(3, 3), false}, // a dragon
			{sarah, s.field(0, 1), false}, // a dragon
			{sarah, s.field(0, 3), false}, // a ruin
		} {
			if got := s.can(target(tc.p, tc.f)); got != tc.want {
				t.Errorf("orc on player %d's field %d: %v, want %v", tc.p, tc.f, got, tc.want)
			}
		}
	})
	t.Run("wizard", func(t *testing.T) {
		s := table(t, r, 3)
		s.lay(t, scott, scottRows...)
		s.lay(t, sarah, "wizard_1 dragon . ruin")
		s.hand(t, sarah, "wizard_3")
		s.cur = sarah
		s.play(t, card(PlayCastle, r.design(t, "wizard_3")))
		if s.step != stWizardOwn {
			t.Fatalf("no wizard power (at %s)", stepName(s.step))
		}
		for f, want := range map[int]bool{s.field(0, 0): true, s.field(0, 1): false, s.field(0, 3): false} {
			if got := s.can(at(f)); got != want {
				t.Errorf("wizard gives Sarah's field %d: %v, want %v", f, got, want)
			}
		}
		s.play(t, at(s.field(0, 0)))
		for f, want := range map[int]bool{s.field(0, 0): true, s.field(2, 0): false, s.field(3, 3): false} {
			if got := s.can(target(scott, f)); got != want {
				t.Errorf("wizard takes Scott's field %d: %v, want %v", f, got, want)
			}
		}
	})
}
