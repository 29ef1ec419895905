package warriors

import (
	"slices"
	"testing"
)

// Each test here holds one rule the rulebook states (the French book of
// Warriors with Les Hordes Draconiques, its line quoted), in a position
// built by hand, so that taking the rule out of the engine fails it.

// TestLowestBattleFirst (l.64, 66): « Le joueur possédant la carte
// Bataille avec la valeur la plus faible la résout … puis on résout la
// nouvelle carte Bataille possédant la valeur la plus faible ».
func TestLowestBattleFirst(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 3)
	cards := []string{"battle_5", "battle_1", "battle_3"} // numbers 10, 2 and 6
	for i, id := range cards {
		s.take(t, i, id, 1)
	}
	// Each card is finished as soon as it is turned to: what is tested is
	// which comes next.
	var got []int
	for s.startBattle(); s.b.card >= 0; s.finishBattle() {
		got = append(got, s.b.owner)
	}
	if want := []int{1, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("the battle cards of seats %v are resolved in that order; want %v, lowest number first", got, want)
	}
}

// TestBattleCardBows (l.92): « l'Attaquant compte le nombre de symboles
// Arc qu'il possède dans sa Faction attaquante, et y ajoute le nombre de
// symboles Arc présents éventuellement sur sa carte Bataille ». The card's
// bow breaks a tie on the highest die.
func TestBattleCardBows(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	if d := r.Designs[s.design(t, "battle_3")]; d.Bows != 1 || d.Shields != 0 {
		t.Fatalf("battle_3 shows %d bows and %d shields; the test wants one bow and no shield", d.Bows, d.Shields)
	}
	elf, troll := s.people(t, "elf"), s.people(t, "troll")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 1, "troll_infantry", 2)
	s.battle(t, 0, "battle_3")
	s.must(t, Move{Kind: Attack, Slot: elf, Target: 1, TargetSlot: troll})
	s.roll(t, 5, 3)
	s.roll(t, 5, 3)
	if s.b.nLoss != 2 || s.b.losses[0] != 1 || s.b.losses[1] != 0 {
		t.Errorf("losses %v; want the highest die won by the card's bow (6 against 5), the second lost (3 against 3)", s.b.losses[:s.b.nLoss])
	}
}

// TestChargeNeedsShields (l.119): a new charge is made « grâce à des
// symboles Bouclier visibles (présents sur les cartes Fantassin de la
// Faction attaquante et/ou la carte Bataille) ». The faction's one
// infantry may camp only where the battle card shows a shield.
func TestChargeNeedsShields(t *testing.T) {
	r := shipped(t, "")
	for _, tc := range []struct {
		card     string
		infantry bool
	}{
		{"battle_5", false}, // a horse's head, no shield: camping the infantry hides the last shield
		{"battle_9", true},  // a horse's head and a shield
	} {
		s := table(t, r, 2)
		if d := r.Designs[s.design(t, tc.card)]; d.Horses != 1 || (d.Shields > 0) != tc.infantry {
			t.Fatalf("%s shows %d horses and %d shields", tc.card, d.Horses, d.Shields)
		}
		dw, gob := s.people(t, "dwarf"), s.people(t, "goblin")
		s.take(t, 0, "dwarf_infantry", 1)
		s.take(t, 0, "dwarf_cavalry", 1)
		s.take(t, 1, "goblin_infantry", 1)
		s.take(t, 1, "dwarf_infantry", 1) // a new target for the charge
		s.battle(t, 0, tc.card)
		s.must(t, Move{Kind: Attack, Slot: dw, Target: 1, TargetSlot: gob})
		s.roll(t, slices.Repeat([]int{6}, int(s.b.nAtt))...)
		s.roll(t, 1)
		s.must(t, Move{Kind: Give, Troop: Infantry}) // the goblins are destroyed
		if s.step != stCharge {
			t.Fatalf("%s: at %s; want the charge offered", tc.card, stepName(s.step))
		}
		if got := s.has(Move{Kind: Charge, Troop: Infantry}); got != tc.infantry {
			t.Errorf("%s: the only infantry may camp: %v, want %v", tc.card, got, tc.infantry)
		}
		if !s.has(Move{Kind: Charge, Troop: Cavalry}) {
			t.Errorf("%s: the cavalry may not camp, though the infantry's shield stays visible", tc.card)
		}
	}
}

// TestCatapultKillsOneWizard (l.156): « Plusieurs Magiciens peuvent être
// utilisés pour protéger une même Faction. Dans ce cas, une Catapulte
// différente est nécessaire pour détruire chaque Magicien. »
func TestCatapultKillsOneWizard(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	elf := s.people(t, "elf")
	s.take(t, 1, "elf_infantry", 2)
	s.take(t, 1, "wizard", 2)
	s.seats[1].wizardsDue, s.seats[1].wizards[elf] = 0, 2
	// Two catapults: after the shot the window opens again at the second,
	// and the position holds still to be looked at.
	s.take(t, 0, "catapult", 2)
	s.take(t, 0, "elf_infantry", 1)
	s.take(t, 0, "battle_3", 1)
	s.startBattle()
	s.advance()
	if s.step != stFire || s.cur != 0 {
		t.Fatalf("no catapult window for the holder: %s, seat %d", stepName(s.step), s.cur)
	}
	s.must(t, Move{Kind: Fire, Target: 1, TargetSlot: fireWizard0 + elf})
	s.must(t, Move{Kind: Roll, Value: r.Params.CatapultHit})
	if s.seats[1].wizards[elf] != 1 || s.discard[r.wizard] != 1 {
		t.Errorf("after one hit the elves keep %d wizards, %d discarded; want 1 and 1", s.seats[1].wizards[elf], s.discard[r.wizard])
	}
	if s.targets(1)&(1<<elf) != 0 {
		t.Error("the elves may be attacked while a wizard still protects them")
	}
}

// TestFirstWizardsLastRoundOne (l.50, 160): the wizards of the first deal
// are laid on their factions at set-up, and « A la fin du Round en cours,
// tous les Magiciens survivants sont défaussés »: the first round is the
// one they protect through.
func TestFirstWizardsLastRoundOne(t *testing.T) {
	r := shipped(t, "")
	s := r.newTable(2, 1)
	elf := s.people(t, "elf")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 0, "wizard", 1)
	s.take(t, 1, "troll_infantry", 1)
	s.layOut()
	s.advance()
	s.must(t, Move{Kind: Protect, People: elf})
	if s.round != 1 {
		t.Fatalf("round %d after the set-up; want the first", s.round)
	}
	if s.seats[0].wizards[elf] != 1 || s.targets(0)&(1<<elf) != 0 {
		t.Errorf("in the first round the elves have %d wizards and may be attacked: %v; want the set-up's wizard protecting them", s.seats[0].wizards[elf], s.targets(0)&(1<<elf) != 0)
	}
}

// TestDefendingDragon (l.199): « Qu'il soit Attaquant ou Défenseur, le
// joueur contrôlant un Dragon jette toujours deux dés, et ajoute 1 à
// chaque dé ».
func TestDefendingDragon(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	elf := s.people(t, "elf")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 1, "dragon", 1)
	s.battle(t, 0, "battle_5") // no shield, no bow
	s.must(t, Move{Kind: Attack, Slot: elf, Target: 1, TargetSlot: dragonSlot0})
	if s.b.nAtt != 2 || int(s.b.nDef) != r.Params.DragonDice || r.Params.DragonDice != 2 {
		t.Fatalf("%d dice against the dragon's %d; want 2 against 2", s.b.nAtt, s.b.nDef)
	}
	s.roll(t, 3, 2)
	s.roll(t, 2, 1) // 3 and 2 with the dragon's bonus
	def := s.b.dice[s.b.nAtt : s.b.nAtt+s.b.nDef]
	if def[0] != 3 || def[1] != 2 {
		t.Errorf("the dragon's dice show %v; want 3 and 2, each die plus one", def)
	}
	if s.b.losses[0] != 0 || s.b.losses[1] != 0 {
		t.Errorf("losses %v; want both comparisons tied and won by the dragon", s.b.losses[:s.b.nLoss])
	}
}

// TestBandAttacksDragon (l.198): « Un Dragon peut être attaqué par une
// autre Faction (non protégée par un Magicien), un autre Dragon ou une
// Bande de Mercenaires. »
func TestBandAttacksDragon(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	elf := s.people(t, "elf")
	s.take(t, 0, "elf_infantry", 3)
	s.take(t, 1, "dragon", 1)
	s.battle(t, 0, "battle_2")
	for s.step == stEnlist {
		s.must(t, Move{Kind: Enlist, People: elf})
	}
	want := Move{Kind: Attack, Slot: bandSlot, Target: 1, TargetSlot: dragonSlot0}
	if !s.has(want) {
		t.Errorf("the band cannot attack the dragon: %+v", s.legalMoves())
	}
}

// TestChargeDragonAgain is ruling charge-dragon (l.227): « Un Dragon peut
// toujours être la cible d'une Charge ». A charge attacks a new faction,
// but the dragon the battle card attacked already, which survived by a
// flame, may be charged.
func TestChargeDragonAgain(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	elf := s.people(t, "elf")
	s.take(t, 0, "elf_infantry", 3)
	s.take(t, 0, "elf_cavalry", 1)
	s.take(t, 1, "dragon", 1)
	s.take(t, 1, "flame", 1)
	s.seats[1].flamesAside, s.seats[1].dragons[0] = 0, 1
	s.battle(t, 0, "battle_5")
	attack := Move{Kind: Attack, Slot: elf, Target: 1, TargetSlot: dragonSlot0}
	s.must(t, attack)
	s.roll(t, 6, 1, 1)
	s.roll(t, 1, 1) // 2 and 2: the dragon loses one comparison, wins one
	for s.step == stGive {
		if s.cur == 1 {
			s.must(t, Move{Kind: SpendFlame})
		} else {
			s.must(t, Move{Kind: Give, Troop: Infantry})
		}
	}
	if s.seats[1].dragonCount() != 1 {
		t.Fatal("the dragon did not survive by its flame")
	}
	if s.step == stContinue {
		s.must(t, Move{Kind: Stop})
	}
	if s.step != stCharge {
		t.Fatalf("at %s; want the charge offered", stepName(s.step))
	}
	s.must(t, Move{Kind: Charge, Troop: Cavalry})
	if !s.has(attack) {
		t.Errorf("the charge may not attack the dragon again: %+v", s.legalMoves())
	}
}

// TestNoShotAfterTheRoll is ruling catapult-moments at the roll (l.92,
// 140): bows count « Lorsque les dés ont été lancés », so the comparison
// follows the last die at once, and a catapult holder cannot shoot an
// archer after seeing the dice.
func TestNoShotAfterTheRoll(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	elf, troll := s.people(t, "elf"), s.people(t, "troll")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 1, "troll_infantry", 2)
	s.take(t, 1, "troll_archer", 1)
	s.take(t, 1, "catapult", 1)
	s.take(t, 0, "battle_5", 1)
	s.startBattle()
	s.advance()
	s.window(t, 1, "battle")
	s.must(t, Move{Kind: HoldFire})
	s.must(t, Move{Kind: Attack, Slot: elf, Target: 1, TargetSlot: troll})
	s.window(t, 1, "roll")
	s.must(t, Move{Kind: HoldFire})
	s.roll(t, 5, 3)
	s.roll(t, 5)
	s.must(t, Move{Kind: Roll, Value: 3})
	if s.step == stFire || s.step == stRoll {
		t.Fatalf("at %s after the last die; want the dice compared at once", stepName(s.step))
	}
	if s.b.nLoss == 0 {
		t.Error("the dice were not compared")
	}
}
