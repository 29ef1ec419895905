package warlock

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestRulingReshuffleAnyTime: a card that must come from an empty draw
// pile comes from the discard pile, shuffled into a new draw pile before
// its chance node, at any time: an action's draw, the goblin's gap in the
// bar; with both empty there is none.
func TestRulingReshuffleAnyTime(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.emptyDraw(true)
	n := len(s.discard)
	s.cur = scott
	s.play(t, do(DrawPile))
	if s.CurrentPlayer() != engine.Chance || s.nDraw != n || len(s.discard) != 0 {
		t.Fatalf("drawing from an empty pile: player %d to move, %d in the draw pile, %d discarded; want a chance node, %d and 0", s.CurrentPlayer(), s.nDraw, len(s.discard), n)
	}
	s.chance(t, "orc_1")
	if s.seats[scott].hand[r.design(t, "orc_1")] != 1 || s.nDraw != n-1 {
		t.Fatal("the card drawn did not come from the new draw pile")
	}
	// The goblin just paid is the discard pile's only card: it is shuffled
	// into the draw pile and fills the gap in the bar.
	s = table(t, r, 3)
	s.hand(t, scott, "goblin_3")
	s.toBar(t, "giant_1")
	s.emptyDraw(false)
	s.cur = scott
	s.play(t, card(PlayCastle, r.design(t, "goblin_3")), card(BarCard, r.design(t, "giant_1")), at(0), do(PayCastle))
	if !slices.Equal(s.LegalActions(nil), []engine.Action{s.game(s.actD(Draw, r.design(t, "goblin_3")))}) {
		t.Fatalf("the gap in the bar: legal %v; want to draw the goblin shuffled in", s.LegalActions(nil))
	}
	s.chance(t, "goblin_3")
	if s.CurrentPlayer() != sarah || s.bar[r.design(t, "goblin_3")] != 1 {
		t.Errorf("player %d to move, bar %v; want Sarah's action and the goblin in the bar", s.CurrentPlayer(), list(&s.bar, len(r.Designs)))
	}
	if s.await(waitDraw) || s.CurrentPlayer() == engine.Chance {
		t.Error("a card is to come from an empty draw pile and an empty discard pile")
	}
}

// TestRulingPassWhenStuck: a player with no card in hand and nothing to
// draw passes; a player with a card does not.
func TestRulingPassWhenStuck(t *testing.T) {
	s := table(t, shipped(t), 3)
	s.emptyDraw(false)
	if got := s.LegalActions(nil); !slices.Equal(got, []engine.Action{s.game(s.act(Pass))}) {
		t.Fatalf("stuck: legal actions %v, want only to pass", got)
	}
	s = table(t, shipped(t), 3)
	s.hand(t, 0, "giant_4")
	s.emptyDraw(false)
	if slices.Contains(s.LegalActions(nil), s.game(s.act(Pass))) {
		t.Error("a player with a card in hand may pass")
	}
}

// TestRulingAsideShortHand: a player with fewer cards than the face-down
// picks sets aside what they have, the bar's card first; a player with an
// empty hand sets nothing aside.
func TestRulingAsideShortHand(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, scott, "orc_1")
	s.hand(t, kate, "gnome_1", "giant_1", "human_1")
	s.cur = scott
	s.beginAside()
	orc, gnome, giant := r.design(t, "orc_1"), r.design(t, "gnome_1"), r.design(t, "giant_1")
	if !slices.Equal(s.LegalActions(nil), []engine.Action{s.game(s.actD(AsideBar, orc))}) {
		t.Fatalf("one card in hand: legal %v; want to set it aside for the bar", s.LegalActions(nil))
	}
	s.play(t, card(AsideBar, orc))
	if s.cur != kate || s.step != stAsideBar {
		t.Fatalf("after Scott's only card: player %d at %s; want Kate (Sarah has no card) at aside_bar", s.cur, stepName(s.step))
	}
	s.play(t, card(AsideBar, gnome), card(Aside, giant))
	if s.bar[orc] != 1 || s.bar[gnome] != 1 || s.nBar != 2 {
		t.Errorf("bar %v; want Scott's orc and Kate's gnome", list(&s.bar, len(r.Designs)))
	}
	if s.cur != kate || s.step != stAsideDest {
		t.Errorf("player %d at %s; want only Kate to choose a destination", s.cur, stepName(s.step))
	}
}

// TestRulingDayEnd: the auction comes after rounds_per_day rounds, or as
// soon as the bar is full, whichever is first.
func TestRulingDayEnd(t *testing.T) {
	r := shipped(t)
	full := r.Params.BarCardsPerPlayer * 3
	for _, tc := range []struct {
		name       string
		round, bar int
		auction    bool
	}{
		{"bar full before the day's last round", 0, full, true},
		{"day's last round, bar not full", r.Params.RoundsPerDay - 1, 1, true},
		{"neither", 0, full - 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, r, 3)
			for range tc.bar {
				s.addBar(s.takeAny())
			}
			s.round = tc.round
			s.done = s.n*r.Params.ActionsPerRound - 1
			s.play(t, do(DrawPile))
			s.drawAny(t)
			if got := s.step == stBid; got != tc.auction {
				t.Errorf("auction %v (at %s); want %v", got, stepName(s.step), tc.auction)
			}
		})
	}
}

// TestRulingWizardTarget: a wizard in a complete empire may still swap
// away one of its own cities, even one a dragon protects; the other
// empire must be incomplete and its city unprotected.
func TestRulingWizardTarget(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.lay(t, scott,
		"gnome_1 dragon gnome_1 gnome_1",
		"gnome_1 gnome_1 gnome_1 gnome_1",
		"human_1 human_1 human_1 human_1",
		"human_2 human_2 human_2 human_2")
	s.lay(t, kate,
		"giant_1 giant_1 giant_1 giant_1",
		"giant_2 giant_2 giant_2 giant_2",
		"wizard_2 wizard_2 wizard_2 wizard_2",
		"wizard_3 wizard_3 wizard_3 wizard_3")
	s.lay(t, sarah, "orc_1 dragon orc_2")
	s.lay(t, sarah, ". . . .", "orc_2")
	s.hand(t, scott, "wizard_1")
	s.cur = scott
	s.play(t, card(PlayCastle, r.design(t, "wizard_1")))
	if s.step != stWizardOwn {
		t.Fatalf("a wizard in a complete empire has no power (at %s)", stepName(s.step))
	}
	s.play(t, at(s.field(0, 0))) // next to Scott's own dragon
	for _, tc := range []struct {
		name   string
		player int
		field  int
		want   bool
	}{
		{"unprotected city of an incomplete empire", sarah, s.field(1, 0), true},
		{"city a dragon protects", sarah, s.field(0, 0), false},
		{"complete empire", kate, s.field(3, 3), false},
	} {
		if got := s.can(target(tc.player, tc.field)); got != tc.want {
			t.Errorf("%s: may take %v; want %v", tc.name, got, tc.want)
		}
	}
	s.play(t, target(sarah, s.field(1, 0)))
	if s.seats[scott].empire[0].design() != r.design(t, "orc_2") || s.seats[sarah].empire[s.field(1, 0)].design() != r.design(t, "gnome_1") {
		t.Error("the cities were not swapped")
	}
}

// TestRulingCompleteAtAuction: an empire completed at a day's auction,
// before the last day, ends the game with that auction; otherwise the
// next day begins.
func TestRulingCompleteAtAuction(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct {
		name     string
		last     string // the last row of Scott's empire
		terminal bool
	}{
		{"empire completed", "human_2 human_2 human_2 .", true},
		{"empire not completed", "human_2 human_2 . .", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, r, 3)
			s.lay(t, scott,
				"gnome_1 gnome_1 gnome_1 gnome_1",
				"gnome_1 gnome_1 gnome_1 gnome_1",
				"human_1 human_1 human_1 human_1",
				tc.last)
			s.mine(t, scott, "giant_1")
			s.toBar(t, "orc_1", "orc_1", "orc_1", "orc_1")
			s.round = r.Params.RoundsPerDay
			s.tonar = scott
			s.startAuction(false, false)
			orc := r.design(t, "orc_1")
			s.play(t, card(Bid, r.design(t, "giant_1")), do(BidDone), do(Pass), do(Pass))
			s.play(t, card(BarCard, orc), at(s.field(3, 3)), card(BarCard, orc), card(PickMine, orc))
			if s.day != 1 || s.IsTerminal() != tc.terminal {
				t.Errorf("after the day-1 auction: day %d, over %v; want day 1, over %v", s.day+1, s.IsTerminal(), tc.terminal)
			}
		})
	}
}

// TestRulingShortDeal: the short-deal discards happen with fewer than five
// players too, for as many cards as the deal needs (four players: 20).
func TestRulingShortDeal(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 4)
	need := 4 * r.Params.CardsDealt
	for i := 0; s.nDraw > need-3; i = (i + 1) % 4 {
		s.seats[i].addMine(s.takeAny())
	}
	s.elrohir = 2
	s.startRound()
	var who []int
	for s.step == stShortDeal && s.CurrentPlayer() != engine.Chance {
		who = append(who, s.cur)
		m, _ := r.Decode(s.LegalActions(nil)[0])
		s.play(t, m)
	}
	if !slices.Equal(who, []int{2, 3, 0}) {
		t.Errorf("discards by %v; want players 2, 3 and 0", who)
	}
	for s.CurrentPlayer() == engine.Chance {
		s.drawAny(t)
	}
	for i := range 4 {
		if s.seats[i].nHand != r.Params.CardsDealt {
			t.Errorf("player %d was dealt %d cards; want %d", i, s.seats[i].nHand, r.Params.CardsDealt)
		}
	}
}

// TestRulingGoblinWizard: a goblin card that shows a wizard pays for a
// wizard, but does not stand in for another creature as a wizard card
// does.
func TestRulingGoblinWizard(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct {
		dungeon []string
		want    bool
	}{
		{[]string{"wizard_1", "human_1"}, true},  // the wizard card pays the orc
		{[]string{"goblin_2", "human_1"}, false}, // the goblin's wizard does not
		{[]string{"goblin_4", "human_1"}, true},  // a goblin showing an orc does
	} {
		s := table(t, r, 3)
		s.hand(t, scott, "giant_3") // costs an orc and a human
		s.dungeon(t, scott, tc.dungeon...)
		if got := s.can(card(PlayEmpire, r.design(t, "giant_3"))); got != tc.want {
			t.Errorf("dungeon %v: can build %v, want %v", tc.dungeon, got, tc.want)
		}
	}
	// Nor as the last creature to pay, when a wizard card would.
	s := table(t, r, 3)
	s.hand(t, scott, "giant_3")
	s.dungeon(t, scott, "goblin_2", "orc_1", "human_1")
	s.cur = scott
	s.play(t, card(PlayEmpire, r.design(t, "giant_3")), at(0), card(Pay, r.design(t, "orc_1")))
	if s.can(card(Pay, r.design(t, "goblin_2"))) {
		t.Error("the goblin's wizard pays for the human")
	}
	s = table(t, r, 3)
	s.hand(t, scott, "giant_4") // costs an orc and a wizard
	s.dungeon(t, scott, "goblin_2", "orc_1")
	if !s.can(card(PlayEmpire, r.design(t, "giant_4"))) {
		t.Error("a goblin showing a wizard does not pay for a wizard")
	}
}
