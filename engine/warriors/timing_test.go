package warriors

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// deal moves cards from the draw pile into a seat's dealt hand.
func (s *State) deal(t *testing.T, seat int, ids ...string) {
	t.Helper()
	for _, id := range ids {
		d := s.design(t, id)
		if s.deck[d] == 0 {
			t.Fatalf("no card %s in the draw pile", id)
		}
		s.deck[d]--
		s.deckN--
		s.seats[seat].hand[d]++
		s.seats[seat].handN++
	}
}

func (s *State) design(t *testing.T, id string) int {
	t.Helper()
	d := slices.IndexFunc(s.r.Designs, func(x Design) bool { return x.ID == id })
	if d < 0 {
		t.Fatalf("no card %s", id)
	}
	return d
}

// window checks that a catapult window before what is open for seat.
func (s *State) window(t *testing.T, seat int, what string) {
	t.Helper()
	if s.step != stFire || s.cur != seat || s.Observe(seat).Window != what {
		t.Fatalf("at %s (window %q), seat %d to act; want seat %d firing or holding before %s", stepName(s.step), s.Observe(seat).Window, s.cur, seat, what)
	}
}

// duel is two players: seat 0 attacks with dwarves (2 infantry, 1 archer)
// and battle_5, which shows no shield; seat 1 holds 2 goblin infantry
// and the catapults.
func duel(t *testing.T, catapults int) *State {
	t.Helper()
	s := table(t, shipped(t, ""), 2)
	s.take(t, 0, "dwarf_infantry", 2)
	s.take(t, 0, "dwarf_archer", 1)
	s.take(t, 1, "goblin_infantry", 2)
	if catapults > 0 {
		s.take(t, 1, "catapult", catapults)
	}
	s.take(t, 0, "battle_5", 1)
	return s
}

func (s *State) attackGoblins(t *testing.T) {
	t.Helper()
	s.must(t, Move{Kind: Attack, Slot: s.people(t, "dwarf"), Target: 1, TargetSlot: s.people(t, "goblin")})
}

// A catapult may be fired "at any time" (5.1): each window the rules give
// is open to a holder, and firing there changes what follows.
func TestCatapultWindows(t *testing.T) {
	dwarfInf := func(s *State) int { return s.people(t, "dwarf")*troops + Infantry }

	t.Run("before each battle card", func(t *testing.T) {
		s := duel(t, 1)
		s.startBattle()
		s.advance()
		s.window(t, 1, "battle")
		s.must(t, Move{Kind: HoldFire})
		if s.step != stAttack || s.cur != 0 {
			t.Errorf("after the window: %s, seat %d; want the attack of seat 0", stepName(s.step), s.cur)
		}
	})

	// The defender shoots the attacker's infantry between the declared
	// target and the roll, and the attacker rolls one die fewer.
	t.Run("between target and roll", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			shot []Move
			dice int8
		}{
			{"hold", []Move{{Kind: HoldFire}}, 2},
			{"miss", []Move{{Kind: Fire, Target: 0}, {Kind: Roll, Value: 3}}, 2},
			{"hit", []Move{{Kind: Fire, Target: 0}, {Kind: Roll, Value: 4}}, 1},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s := duel(t, 1)
				s.startBattle()
				s.advance()
				s.must(t, Move{Kind: HoldFire}) // before the battle card
				s.attackGoblins(t)
				s.window(t, 1, "roll")
				if s.b.rolled != 0 || s.b.nAtt != 0 {
					t.Fatalf("dice rolled before the window closed")
				}
				// A second catapult keeps the window open after a shot.
				s.take(t, 1, "catapult", 1)
				for _, m := range tc.shot {
					if m.Kind == Fire {
						m.TargetSlot = dwarfInf(s)
					}
					s.must(t, m)
				}
				if tc.name != "hold" {
					// everyone is asked again after a shot
					s.window(t, 1, "roll")
					s.must(t, Move{Kind: HoldFire})
				}
				if s.step != stRoll || s.b.nAtt != tc.dice {
					t.Errorf("%s, seat %d rolls %d dice; want %d at roll", stepName(s.step), s.cur, s.b.nAtt, tc.dice)
				}
			})
		}
	})

	t.Run("after each attack", func(t *testing.T) {
		s := duel(t, 1)
		s.startBattle()
		s.advance()
		s.must(t, Move{Kind: HoldFire})
		s.attackGoblins(t)
		s.must(t, Move{Kind: HoldFire})
		s.roll(t, 6, 1, 1, 6) // one comparison each
		s.must(t, Move{Kind: Give, Troop: Infantry})
		s.must(t, Move{Kind: Give, Troop: Archer})
		s.window(t, 1, "attack_end")
		s.must(t, Move{Kind: HoldFire})
		if s.step != stContinue {
			t.Errorf("after the window: %s; want the attacker to go on or stop", stepName(s.step))
		}
	})

	// No round ends with a catapult that never had a chance: a round with
	// no battle card still opens a window before the round's end discard.
	t.Run("round without a battle card", func(t *testing.T) {
		s := table(t, shipped(t, ""), 2)
		s.take(t, 0, "elf_infantry", 1)
		s.take(t, 1, "troll_infantry", 1)
		s.take(t, 0, "catapult", 1)
		s.take(t, 1, "catapult", 1)
		s.startBattle()
		s.advance()
		// ruling catapult-priority: without a battle card, from the first seat.
		s.window(t, 0, "round_end")
		s.must(t, Move{Kind: HoldFire})
		s.window(t, 1, "round_end")
		s.must(t, Move{Kind: Fire, Target: 0, TargetSlot: s.people(t, "elf") * troops})
		s.must(t, Move{Kind: Roll, Value: 6})
		s.window(t, 0, "round_end") // asked again after the shot
		s.must(t, Move{Kind: HoldFire})
		if s.pile(1) != 1 || s.round != 2 || s.discard[s.r.catapults[0]] != 2 {
			t.Errorf("the shot before the round's end won %d cards; round %d", s.pile(1), s.round)
		}
	})

	t.Run("after the round's last battle", func(t *testing.T) {
		s := duel(t, 1)
		s.startBattle()
		s.advance()
		s.must(t, Move{Kind: HoldFire})
		s.attackGoblins(t)
		s.must(t, Move{Kind: HoldFire})
		s.roll(t, 6, 1, 1, 6)
		s.must(t, Move{Kind: Give, Troop: Infantry})
		s.must(t, Move{Kind: Give, Troop: Archer})
		s.must(t, Move{Kind: HoldFire})
		s.must(t, Move{Kind: Stop}) // no new target: no charge
		// ruling catapult-priority: at the round's end, from the player
		// after the one who resolved the last battle card.
		s.window(t, 1, "round_end")
		s.must(t, Move{Kind: HoldFire})
		if s.round != 2 || s.seats[1].catapultCount() != 0 || s.discard[s.r.catapults[0]] != 1 {
			t.Errorf("round %d, seat 1 keeps %d catapults; want round 2 and the catapult discarded", s.round, s.seats[1].catapultCount())
		}
	})
}

// Priority goes clockwise from the player after the one resolving the
// battle card, and after a shot every player is asked again from there.
func TestCatapultPriority(t *testing.T) {
	s := table(t, shipped(t, ""), 3)
	for i := range 3 {
		s.take(t, i, "elf_infantry", 2)
		s.take(t, i, "catapult", 1)
	}
	s.take(t, 1, "battle_3", 1)
	s.startBattle()
	s.advance()
	elf := s.people(t, "elf")
	for _, x := range []struct {
		seat int
		m    Move
	}{
		{2, Move{Kind: HoldFire}},
		{0, Move{Kind: HoldFire}},
		{1, Move{Kind: Fire, Target: 0, TargetSlot: elf * troops}},
		{-1, Move{Kind: Roll, Value: 1}},
		{2, Move{Kind: HoldFire}}, // asked again, from the first
		{0, Move{Kind: HoldFire}},
	} {
		if x.seat >= 0 {
			s.window(t, x.seat, "battle")
		}
		s.must(t, x.m)
	}
	if s.step != stAttack || s.cur != 1 {
		t.Errorf("%s, seat %d; want the attack of seat 1", stepName(s.step), s.cur)
	}
}

// No window opens while cards are dealt, kept and placed (ruling
// catapult-moments): the first of a round comes once all are placed.
func TestNoCatapultDuringPreparation(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	s.take(t, 0, "catapult", 1)
	s.take(t, 1, "elf_infantry", 3)
	s.nextRound()
	s.advance()
	rng := engine.NewRNG(3)
	for s.step != stFire {
		switch s.step {
		case stDeal, stKeep, stPlace:
		default:
			t.Fatalf("round %d reached %s without a catapult window", s.round, stepName(s.step))
		}
		enginetest.Step(t, s, &rng)
	}
	for i := range s.n {
		if s.seats[i].wizardsDue > 0 || s.seats[i].handN > 0 {
			t.Errorf("seat %d: the window opened before its cards were placed", i)
		}
	}
	if w := s.Observe(0).Window; w != "battle" && w != "round_end" {
		t.Errorf("the first window of the round comes before %q", w)
	}
}

// ruling shot-before-roll: a shot that leaves the attacker no die, or a
// side no card, stops the attack before its roll.
func TestShotBeforeRoll(t *testing.T) {
	for _, tc := range []struct {
		name   string
		target int // seat shot at
		slot   func(s *State) int
	}{
		{"attacker's last shield", 0, func(s *State) int { return s.people(t, "dwarf")*troops + Infantry }},
		{"defender's last card", 1, func(s *State) int { return s.people(t, "goblin")*troops + Infantry }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, shipped(t, ""), 3)
			s.take(t, 0, "dwarf_infantry", 1)
			s.take(t, 0, "dwarf_archer", 1)
			s.take(t, 1, "goblin_infantry", 1)
			s.take(t, 2, "goblin_infantry", 1)
			s.take(t, 2, "catapult", 1)
			s.take(t, 0, "battle_3", 1) // no shield, no horse: no charge after
			s.startBattle()
			s.advance()
			s.must(t, Move{Kind: HoldFire})
			s.attackGoblins(t)
			s.window(t, 2, "roll")
			s.must(t, Move{Kind: Fire, Target: tc.target, TargetSlot: tc.slot(s)})
			s.must(t, Move{Kind: Roll, Value: 5})
			if s.b.card >= 0 || s.discard[s.design(t, "battle_3")] != 1 || s.step == stRoll {
				t.Errorf("%s: the battle goes on (%s)", tc.name, stepName(s.step))
			}
			if err := s.conserved(); err != nil {
				t.Error(err)
			}
		})
	}
}

// keepStep is three players about to keep 2 of 3 dealt cards.
func keepStep(t *testing.T) *State {
	t.Helper()
	s := table(t, shipped(t, ""), 3)
	s.keep = 2
	s.deal(t, 0, "elf_infantry", "troll_infantry", "catapult")
	s.deal(t, 1, "dwarf_infantry", "goblin_infantry", "wizard")
	s.deal(t, 2, "barbarian_infantry", "undead_infantry", "elf_archer")
	s.step, s.cur = stKeep, 0
	s.advance()
	return s
}

// Everyone keeps at the same time (3.1, 3.2): a seat's choice is hidden
// from the others until all have chosen, then all are laid down together.
func TestKeepSimultaneous(t *testing.T) {
	keep := func(s *State, ids ...string) {
		t.Helper()
		for _, id := range ids {
			s.must(t, Move{Kind: Keep, Design: s.design(t, id)})
		}
	}
	a, b := keepStep(t), keepStep(t)
	keep(a, "elf_infantry", "catapult")
	keep(b, "troll_infantry", "catapult")
	for _, v := range []int{1, 2} {
		if diff := cmp.Diff(a.Observe(v), b.Observe(v)); diff != "" {
			t.Errorf("seat %d sees what seat 0 chose (-elf +troll):\n%s", v, diff)
		}
	}
	if a.cur != 1 || !slices.Equal(a.LegalActions(nil), b.LegalActions(nil)) {
		t.Errorf("seat 1's legal actions depend on seat 0's choice")
	}
	if a.seats[0].size(a.people(t, "elf")) != 0 || a.seats[0].catapultCount() != 0 {
		t.Errorf("seat 0's cards are laid down before the others have chosen")
	}
	if got := a.Observe(0).Seats[0].Chosen[a.design(t, "elf_infantry")]; got != 1 {
		t.Errorf("seat 0 does not see its own choice")
	}
	// Re-dealing what seat 1 cannot see may change seat 0's choice.
	rng, changed := engine.NewRNG(1), false
	for range 20 {
		c := a.Redeal(1, &rng)
		if diff := cmp.Diff(a.Observe(1), c.Observe(1)); diff != "" {
			t.Fatalf("re-dealing for seat 1 changes what it sees:\n%s", diff)
		}
		changed = changed || c.seats[0].chosen != a.seats[0].chosen
	}
	if !changed {
		t.Errorf("Redeal never deals seat 0's hidden choice anew")
	}
	keep(a, "dwarf_infantry", "wizard")
	if a.seats[1].wizardsDue != 0 || a.seats[0].catapultCount() != 0 {
		t.Errorf("cards laid down before the last seat has chosen")
	}
	keep(a, "barbarian_infantry", "elf_archer")
	for i, want := range []struct{ faction string }{{"elf"}, {"dwarf"}, {"barbarian"}} {
		if a.seats[i].size(a.people(t, want.faction)) != 1 {
			t.Errorf("seat %d's kept %s is not laid down", i, want.faction)
		}
	}
	if a.seats[0].catapultCount() != 1 || a.discard[a.design(t, "troll_infantry")] != 1 || a.discard[a.design(t, "undead_infantry")] != 1 {
		t.Errorf("kept cards not laid down or the others not discarded")
	}
	if err := a.conserved(); err != nil {
		t.Error(err)
	}
}
