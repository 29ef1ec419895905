package warriors

import (
	"slices"
	"testing"
)

// legalMoves decodes the legal actions.
func (s *State) legalMoves() []Move {
	var out []Move
	for _, a := range s.LegalActions(nil) {
		m, _ := s.Decode(a)
		out = append(out, m)
	}
	return out
}

// has reports whether m is legal now.
func (s *State) has(m Move) bool {
	_, ok := slices.BinarySearch(s.LegalActions(nil), s.Encode(m))
	return ok
}

// The cavalry charge (4.3): after the battle the attacker turns a card of
// the attacking faction face down to attack a new target; the camping card
// counts for nothing and cannot be given; the last cavalry camps only if
// the battle card shows a horse's head; camping cards come back at the end.
func TestCharge(t *testing.T) {
	r := shipped(t, "")
	setup := func(card string) *State {
		s := table(t, r, 2)
		s.take(t, 0, "dwarf_infantry", 2)
		s.take(t, 0, "dwarf_cavalry", 1)
		s.take(t, 1, "goblin_infantry", 1)
		s.take(t, 1, "dwarf_infantry", 1)
		s.battle(t, 0, card)
		dw, gob := s.people(t, "dwarf"), s.people(t, "goblin")
		s.must(t, Move{Kind: Attack, Slot: dw, Target: 1, TargetSlot: gob})
		s.roll(t, 6, 6, 1)
		s.must(t, Move{Kind: Give, Troop: Infantry}) // the goblins are destroyed
		return s
	}
	dw := slices.Index(r.Peoples, "dwarf")

	// battle_3 shows no horse's head: the only cavalry may not camp.
	s := setup("battle_3")
	if s.step != stCharge {
		t.Fatalf("after destroying the target: %s; want the charge offered", stepName(s.step))
	}
	if s.has(Move{Kind: Charge, Troop: Cavalry}) || !s.has(Move{Kind: Charge, Troop: Infantry}) || !s.has(Move{Kind: EndCharge}) {
		t.Errorf("charge choices %+v; want camping infantry (not the last cavalry) or not charging", s.legalMoves())
	}
	s.must(t, Move{Kind: Charge, Troop: Infantry})
	want := []Move{{Kind: Attack, Slot: dw, Target: 1, TargetSlot: dw}}
	if got := s.legalMoves(); !slices.Equal(got, want) {
		t.Errorf("charge targets %+v; want only the dwarves not yet attacked", got)
	}
	s.must(t, want[0])
	if s.b.nAtt != 1 {
		t.Errorf("the charge rolls %d dice; the camping infantry must not count (want 1)", s.b.nAtt)
	}
	s.roll(t, 1, 6)
	s.must(t, Move{Kind: Give, Troop: Cavalry})
	s.must(t, Move{Kind: Stop})
	if s.b.card >= 0 || s.seats[0].faction[dw] != [troops]int8{2, 0, 0} {
		t.Errorf("after the charge the dwarves are %v; want the camping infantry back: [2 0 0]", s.seats[0].faction[dw])
	}

	// ruling charge-new-target: the charge may not attack again the
	// faction the battle attacked, even with cards left.
	s = table(t, r, 2)
	s.take(t, 0, "dwarf_infantry", 2)
	s.take(t, 0, "dwarf_cavalry", 1)
	s.take(t, 1, "goblin_infantry", 3)
	s.take(t, 1, "dwarf_infantry", 1)
	s.battle(t, 0, "battle_3")
	s.must(t, Move{Kind: Attack, Slot: dw, Target: 1, TargetSlot: s.people(t, "goblin")})
	s.roll(t, 6, 6, 1, 1)
	s.must(t, Move{Kind: Give, Troop: Infantry})
	s.must(t, Move{Kind: Give, Troop: Infantry})
	s.must(t, Move{Kind: Stop})
	s.must(t, Move{Kind: Charge, Troop: Infantry})
	if got := s.legalMoves(); !slices.Equal(got, want) {
		t.Errorf("charge targets %+v; want only the dwarves, not the goblins attacked already", got)
	}

	// A horse's head on the battle card lets the last cavalry camp.
	s = setup("battle_5")
	if !s.has(Move{Kind: Charge, Troop: Cavalry}) {
		t.Errorf("with a horse's head on the card, the last cavalry may not camp: %+v", s.legalMoves())
	}

	// Without cavalry or a horse's head there is no charge.
	s = table(t, r, 2)
	s.take(t, 0, "dwarf_infantry", 2)
	s.take(t, 1, "goblin_infantry", 1)
	s.take(t, 1, "dwarf_infantry", 1)
	s.battle(t, 0, "battle_3")
	s.must(t, Move{Kind: Attack, Slot: dw, Target: 1, TargetSlot: s.people(t, "goblin")})
	s.roll(t, 6, 6, 1)
	s.must(t, Move{Kind: Give, Troop: Infantry})
	if s.step == stCharge || s.b.card >= 0 {
		t.Errorf("a faction without a horse's head may charge")
	}
}

// Mercenary battles (4.4): a band of infantry from any factions, protected
// ones included, attacks any unprotected faction; no charge; the band goes
// back to its factions.
func TestMercenaryBattle(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	elf, dw, barb := s.people(t, "elf"), s.people(t, "dwarf"), s.people(t, "barbarian")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 0, "dwarf_infantry", 2)
	s.take(t, 0, "wizard", 1)
	s.seats[0].wizardsDue, s.seats[0].wizards[elf] = 0, 1
	s.take(t, 1, "barbarian_infantry", 2)
	s.take(t, 1, "troll_infantry", 1)
	s.seats[1].wizards[s.people(t, "troll")] = 1
	s.deck[r.wizard]--
	s.deckN--
	card := "battle_2"
	band := r.Designs[s.design(t, card)].Band
	s.battle(t, 0, card)
	if s.step != stEnlist || !s.has(Move{Kind: Enlist, People: elf}) {
		t.Fatalf("%s: the band cannot take the protected elves' infantry", stepName(s.step))
	}
	s.must(t, Move{Kind: Enlist, People: elf})
	s.must(t, Move{Kind: Enlist, People: elf})
	for s.step == stEnlist {
		s.must(t, Move{Kind: Enlist, People: dw})
	}
	if s.bandCount() != band {
		t.Fatalf("a band of %d; the card says %d", s.bandCount(), band)
	}
	// Any unprotected faction, not only the band's peoples' or their enemies.
	want := []Move{{Kind: Attack, Slot: bandSlot, Target: 1, TargetSlot: barb}}
	if got := s.legalMoves(); !slices.Equal(got, want) {
		t.Fatalf("band targets %+v; want %+v", got, want)
	}
	s.must(t, want[0])
	if s.b.nAtt != int8(min(band, r.Params.AttackDice)) {
		t.Errorf("the band rolls %d dice; want one per infantry, at most %d", s.b.nAtt, r.Params.AttackDice)
	}
	s.roll(t, slices.Repeat([]int{6}, int(s.b.nAtt))...)
	s.roll(t, 1, 1)
	for s.step == stGive {
		s.must(t, Move{Kind: Give, Troop: Infantry})
	}
	if s.step == stCharge || s.b.card >= 0 {
		t.Errorf("a band charges (%s)", stepName(s.step))
	}
	if s.seats[0].faction[elf][Infantry] != 2 || s.seats[0].faction[dw][Infantry] != 2 || s.pile(0) != 2 {
		t.Errorf("after the battle: elves %v, dwarves %v, pile %d; want the band back and 2 cards won", s.seats[0].faction[elf], s.seats[0].faction[dw], s.pile(0))
	}

	// With fewer infantry than the card says, the band takes them all.
	s = table(t, r, 2)
	s.take(t, 0, "dwarf_infantry", 1)
	s.take(t, 1, "barbarian_infantry", 1)
	s.battle(t, 0, card)
	s.must(t, Move{Kind: Enlist, People: dw})
	if s.step != stAttack || s.bandCount() != 1 {
		t.Errorf("a band of %d at %s; want all 1 infantry and the attack", s.bandCount(), stepName(s.step))
	}
	// A band that loses gives its own infantry.
	s.must(t, Move{Kind: Attack, Slot: bandSlot, Target: 1, TargetSlot: barb})
	s.roll(t, 1, 6)
	if !s.has(Move{Kind: Give, Troop: -1, People: dw}) {
		t.Errorf("the losing band cannot give its infantry: %+v", s.legalMoves())
	}
}

// Mixed battle cards (7.4): the owner chooses a mercenary or
// a draconic battle when resolving it, and the choice stands.
func TestMixedBattle(t *testing.T) {
	r := shipped(t, VariantHordes)
	for _, tc := range []struct {
		name           string
		dragon, infant bool
		want           []Move
	}{
		{"both", true, true, []Move{{Kind: AsMercenary}, {Kind: AsDraconic}}},
		{"no dragon", false, true, []Move{{Kind: AsMercenary}}},
		{"no infantry", true, false, []Move{{Kind: AsDraconic}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, r, 2)
			s.take(t, 0, "elf_archer", 1)
			if tc.dragon {
				s.take(t, 0, "dragon", 1)
			}
			if tc.infant {
				s.take(t, 0, "elf_infantry", 2)
			}
			s.take(t, 1, "troll_infantry", 1)
			s.battle(t, 0, "battle_16")
			if got := s.legalMoves(); !slices.Equal(got, tc.want) {
				t.Fatalf("choices %+v; want %+v", got, tc.want)
			}
			if !tc.dragon || !tc.infant {
				return
			}
			c := s.clone()
			s.must(t, Move{Kind: AsDraconic})
			for _, m := range s.legalMoves() {
				if m.Kind != Attack || m.Slot != dragonSlot0 {
					t.Errorf("as a draconic battle: %+v", m)
				}
			}
			c.must(t, Move{Kind: AsMercenary})
			if c.step != stEnlist || c.has(Move{Kind: AsDraconic}) {
				t.Errorf("as a mercenary battle: %s, %+v", stepName(c.step), c.legalMoves())
			}
		})
	}
}

// Draconic battles (7.4): only a dragon attacks with one, any
// unprotected faction or another dragon, rolling two dice with +1 each; a
// dragon never charges and never attacks with another battle card, but a
// faction may attack a dragon.
func TestDraconicBattle(t *testing.T) {
	r := shipped(t, VariantHordes)
	setup := func(card string) *State {
		s := table(t, r, 2)
		s.take(t, 0, "dragon", 1)
		s.take(t, 0, "elf_infantry", 3)
		s.take(t, 0, "elf_cavalry", 2)
		s.take(t, 1, "barbarian_infantry", 1)
		s.take(t, 1, "troll_infantry", 2)
		s.take(t, 1, "dragon", 1)
		s.take(t, 1, "wizard", 1)
		s.seats[1].wizardsDue, s.seats[1].wizards[s.people(t, "troll")] = 0, 1
		s.battle(t, 0, card)
		return s
	}
	barb := slices.Index(r.Peoples, "barbarian")
	elf := slices.Index(r.Peoples, "elf")
	s := setup("battle_15")
	want := []Move{
		{Kind: Attack, Slot: dragonSlot0, Target: 1, TargetSlot: barb},
		{Kind: Attack, Slot: dragonSlot0, Target: 1, TargetSlot: dragonSlot0},
	}
	slices.SortFunc(want, func(a, b Move) int { return int(s.Encode(a) - s.Encode(b)) })
	if got := s.legalMoves(); !slices.Equal(got, want) {
		t.Fatalf("draconic attacks %+v; want the dragon against the barbarians or the dragon", got)
	}
	s.must(t, want[0])
	if s.b.nAtt != int8(r.Params.DragonDice) || s.b.nDef != 1 {
		t.Errorf("a dragon rolls %d dice against %d; want %d against 1", s.b.nAtt, s.b.nDef, r.Params.DragonDice)
	}
	s.roll(t, 1, 1, 1) // 2 and 2 against 1
	if s.b.dice[0] != 1+int8(r.Params.DragonDieBonus) {
		t.Errorf("the dragon's die shows %d; want 1 plus its bonus", s.b.dice[0])
	}
	s.must(t, Move{Kind: Give, Troop: Infantry})
	if s.step == stCharge || s.b.card >= 0 {
		t.Errorf("a dragon charges (%s)", stepName(s.step))
	}

	// A simple battle card: the elves attack, never the dragon; the enemy
	// dragon is a target.
	s = setup("battle_3")
	for _, m := range s.legalMoves() {
		if m.Slot != elf {
			t.Errorf("with a simple battle card: %+v", m)
		}
	}
	if !s.has(Move{Kind: Attack, Slot: elf, Target: 1, TargetSlot: dragonSlot0}) {
		t.Errorf("a faction cannot attack a dragon")
	}
}

// Wizards (5.2) are placed in the order of the players' lowest battle
// cards, on an own faction (never a dragon); a protected faction neither
// attacks nor is attacked, and survivors leave at the round's end.
func TestWizardPlacement(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 3)
	// Seat 1 holds the lower of two battle cards, seat 0 the higher; seat
	// 2 has none and places last (ruling placing-order).
	// Neither card can be played: no dragon for the draconic one, and
	// every faction is protected.
	lo, hi := "battle_3", "battle_15"
	if r.Designs[s.design(t, lo)].Number > r.Designs[s.design(t, hi)].Number {
		lo, hi = hi, lo
	}
	for i, x := range []struct{ people, battle string }{{"elf", hi}, {"troll", lo}, {"barbarian", ""}} {
		s.take(t, i, x.people+"_infantry", 1)
		s.take(t, i, "wizard", 1)
		if x.battle != "" {
			s.take(t, i, x.battle, 1)
		}
	}
	s.take(t, 2, "dragon", 1) // the last seat holds a dragon, which no wizard protects
	s.layOut()
	s.advance()
	for _, x := range []struct {
		seat   int
		people string
	}{{1, "troll"}, {0, "elf"}, {2, "barbarian"}} {
		if s.step != stPlace || s.cur != x.seat {
			t.Fatalf("%s, seat %d places; want seat %d", stepName(s.step), s.cur, x.seat)
		}
		want := []Move{{Kind: Protect, People: s.people(t, x.people)}}
		if got := s.legalMoves(); !slices.Equal(got, want) {
			t.Errorf("seat %d may protect %+v; want only its %s (no dragon)", x.seat, got, x.people)
		}
		s.must(t, want[0])
	}
	// Every faction is protected: both battle cards are discarded unplayed
	// and the wizards leave with the round.
	if s.round != 2 || s.discard[s.design(t, lo)] != 1 || s.discard[s.design(t, hi)] != 1 || s.discard[r.wizard] != 3 {
		t.Errorf("round %d; discarded: %d %s, %d %s, %d wizards; want both cards unplayed and 3 wizards", s.round, s.discard[s.design(t, lo)], lo, s.discard[s.design(t, hi)], hi, s.discard[r.wizard])
	}
}

// ruling wizard-without-faction: a wizard with no faction to protect is
// discarded.
func TestWizardWithoutFaction(t *testing.T) {
	s := table(t, shipped(t, ""), 2)
	s.take(t, 0, "wizard", 1)
	s.take(t, 1, "elf_infantry", 1)
	s.take(t, 1, "battle_3", 1)
	s.layOut()
	s.advance()
	if s.step == stPlace || s.discard[s.r.wizard] != 1 {
		t.Errorf("%s; %d wizards discarded; want the wizard discarded", stepName(s.step), s.discard[s.r.wizard])
	}
}

// The round's end (5.1, 5.2, 7.2): unused catapults and the
// surviving wizards are discarded, flames stay on their dragons, and the
// discards go back into the draw pile before the last round.
func TestRoundEndDiscards(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	s.round = r.Params.Rounds - 1
	elf := s.people(t, "elf")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 0, "wizard", 1)
	s.seats[0].wizardsDue, s.seats[0].wizards[elf] = 0, 1
	s.take(t, 0, "catapult", 1)
	s.take(t, 1, "dragon", 1)
	s.take(t, 1, "flame", 1)
	s.seats[1].flamesAside, s.seats[1].dragons[0] = 0, 1
	s.take(t, 1, "troll_infantry", 1)
	gob := s.design(t, "goblin_infantry")
	s.deck[gob] -= 3
	s.deckN -= 3
	s.discard[gob] += 3
	deck := s.deckN
	s.startBattle()
	s.advance()
	s.window(t, 0, "round_end")
	s.must(t, Move{Kind: HoldFire})
	if s.round != r.Params.Rounds {
		t.Fatalf("round %d; want the last, %d", s.round, r.Params.Rounds)
	}
	if s.seats[0].catapultCount() != 0 || s.seats[0].wizards[elf] != 0 {
		t.Errorf("a catapult or wizard survives the round")
	}
	if s.seats[1].dragons[0] != 1 {
		t.Errorf("the dragon keeps %d flames; want 1 (flames stay)", s.seats[1].dragons[0])
	}
	for d, n := range s.discard[:len(r.Designs)] {
		if n != 0 {
			t.Errorf("%d %s left in the discard pile before the last round", n, r.Designs[d].ID)
		}
	}
	// The goblins, the catapult and the wizard are back in the draw pile.
	if s.deckN != deck+5 || s.deck[s.r.catapults[0]] == 0 {
		t.Errorf("draw pile %d; want %d with the discards", s.deckN, deck+5)
	}
}

// The last round (3.2): the cards not kept leave the game; in the earlier
// rounds they are discarded face down.
func TestLastRoundRemoval(t *testing.T) {
	r := shipped(t, "")
	_, deal, keep, lastDeal, lastKeep := r.deals(2)
	for _, tc := range []struct {
		round, deal, keep int
		discarded         bool
	}{
		{1, deal, keep, true},
		{r.Params.Rounds, lastDeal, lastKeep, false},
	} {
		s := table(t, r, 2)
		s.round = tc.round - 1
		s.nextRound()
		if s.keep != int8(tc.keep) {
			t.Errorf("round %d: keep %d; want %d", tc.round, s.keep, tc.keep)
		}
		// Warriors only, so that nothing else is discarded in the round.
		for i, id := range []string{"elf_infantry", "troll_infantry"} {
			for range tc.deal {
				s.deal(t, i, id)
			}
			s.dealLeft[i] = 0
		}
		s.dealt()
		s.advance()
		for s.step == stKeep {
			s.must(t, s.legalMoves()[0])
		}
		gone := 2 * (tc.deal - tc.keep)
		want := [2]int{0, gone}
		if tc.discarded {
			want = [2]int{gone, 0}
		}
		var got [2]int
		for d := range r.Designs {
			got[0] += int(s.discard[d])
			got[1] += int(s.removed[d])
		}
		if got != want {
			t.Errorf("round %d: %d discarded, %d out of the game; want %d and %d", tc.round, got[0], got[1], want[0], want[1])
		}
	}
}

// ruling catapult-targets and ruling own-catapult: a catapult fires at
// another player's visible warrior, wizard or dragon; never at a camping
// card, a band's card or the shooter's own cards.
func TestFireTargets(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	dw, elf := s.people(t, "dwarf"), s.people(t, "elf")
	s.take(t, 0, "catapult", 1)
	s.take(t, 0, "elf_infantry", 1)
	s.take(t, 1, "dwarf_infantry", 1)
	s.take(t, 1, "dwarf_cavalry", 1)
	s.take(t, 1, "elf_infantry", 1)
	s.take(t, 1, "dragon", 1)
	s.take(t, 1, "battle_3", 1)
	s.b = battle{card: s.design(t, "battle_3"), owner: 1, mode: Simple, unit: dw, target: 0, tslot: elf}
	s.seats[1].faction[dw][Infantry]--
	s.b.camp[Infantry]++
	s.seats[1].faction[elf][Infantry]--
	s.b.band[elf]++
	if err := s.conserved(); err != nil {
		t.Fatal(err)
	}
	s.openWindow(afterAttack)
	s.advance()
	want := []Move{
		{Kind: Fire, Target: 1, TargetSlot: dw*troops + Cavalry},
		{Kind: Fire, Target: 1, TargetSlot: fireDragon0},
		{Kind: HoldFire},
	}
	if got := s.legalMoves(); !slices.Equal(got, want) {
		t.Errorf("fire targets %+v; want %+v", got, want)
	}
}

// ruling flame-optional: a dragon that loses may spend a flame or be given.
func TestFlameOptional(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	s.take(t, 0, "dragon", 1)
	s.take(t, 0, "flame", 1)
	s.seats[0].flamesAside, s.seats[0].dragons[0] = 0, 1
	s.take(t, 1, "elf_infantry", 2)
	s.battle(t, 0, "battle_15")
	s.must(t, Move{Kind: Attack, Slot: dragonSlot0, Target: 1, TargetSlot: s.people(t, "elf")})
	s.roll(t, 1, 1, 6, 6)
	want := []Move{{Kind: Give, Troop: giveDragon}, {Kind: SpendFlame}}
	if got := s.legalMoves(); !slices.Equal(got, want) {
		t.Errorf("a dragon with a flame that loses: %+v; want %+v", got, want)
	}
}

// ruling short-deal: a player dealt from an empty draw pile gets fewer
// cards, and play goes on.
func TestShortDeal(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	elfInf := s.design(t, "elf_infantry")
	for d := range r.Designs {
		keep := 0
		if d == elfInf {
			keep = 3
		}
		s.removed[d] += s.deck[d] - int8(keep)
		s.deckN -= int(s.deck[d]) - keep
		s.deck[d] = int8(keep)
	}
	s.nextRound()
	s.advance()
	for s.step == stDeal {
		s.must(t, decodeMust(s, s.SampleChance()))
	}
	if got := [2]int{s.seats[0].size(s.people(t, "elf")), s.seats[1].size(s.people(t, "elf"))}; got != [2]int{3, 0} {
		t.Errorf("elves in play %v; want the 3 cards left to seat 0 and none to seat 1", got)
	}
	if err := s.conserved(); err != nil {
		t.Error(err)
	}
}
