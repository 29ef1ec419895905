package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// Each test here holds one rule the rulebook states (the French book, its
// line quoted), in a position built by hand, so that taking the rule out
// of the engine fails it.

// TestEndAfterTheAttackPhase (l.245–246): « A la fin de la phase
// d'attaque, si un ou des joueur(s) possède(nt) 10 coffres ou plus, alors
// la partie se termine immédiatement ». The Captain reaches 10 chests with
// the phase's first attack; the other player still attacks.
func TestEndAfterTheAttackPhase(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	s.giveChests(t, 0, "wooden_chest_1", r.Params.EndChests/2)
	s.giveChests(t, 0, "wooden_chest_2", r.Params.EndChests-r.Params.EndChests/2-1)
	l := s.show(t, "farm_5") // a shield of 3, a wooden chest
	if r.Locations[l].Loot[LootWooden] != 1 {
		t.Fatal("farm_5 gives no wooden chest")
	}
	s.setRow(0, Swords, 0, 3)
	s.at(phAttack, 1)
	s.play(t, AttackLocation, l)
	for s.CurrentPlayer() == engine.Chance {
		s.must(t, s.SampleChance())
	}
	if int(s.t.Seats[0].NChests) < r.Params.EndChests {
		t.Fatalf("the Captain holds %d chests after the attack; want %d", s.t.Seats[0].NChests, r.Params.EndChests)
	}
	if s.IsTerminal() || s.t.Step != stAttack || s.t.Cur != 1 {
		t.Fatalf("at %s, seat %d to move; want the second player's attack before the game ends", stepNames[s.t.Step], s.t.Cur)
	}
	s.play(t, NoAttack, 0)
	if !s.IsTerminal() {
		t.Errorf("the game goes on at %s after the attack phase", stepNames[s.t.Step])
	}
}

// TestRecruitBonus (l.258–268): « Si vous recrutez une créature avec un
// jeton Bonus représenté sur la carte, prenez le jeton correspondant
// depuis la réserve et placez-le sur votre plateau Château », for each of
// the three bonus tokens.
func TestRecruitBonus(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct {
		creature string
		bonus    Bonus
		supply   int
		kind     Kind
	}{
		{"evil_1", ShieldBonus, SupplyShields, RecruitFood},
		{"evil_5", ConfusionBonus, SupplyConfusion, RecruitFood},
		{"most_evil_5", MagicShieldBonus, SupplyMagicShields, RecruitGlyphs},
	} {
		t.Run(tc.creature, func(t *testing.T) {
			s := day(t, r, "castle_red", "castle_blue")
			c := s.creature(t, tc.creature)
			if r.Creatures[c].Bonus != tc.bonus {
				t.Fatalf("%s brings %v", tc.creature, r.Creatures[c].Bonus)
			}
			s.t.Box[c]--
			s.t.FaceUp[deckOf(r.Creatures[c].Kind)][0] = int8(c)
			s.t.Seats[0].Food, s.t.Seats[0].Glyphs = 4, 3
			s.t.Supply[SupplyFood] -= 4
			s.t.Supply[SupplyGlyphs] -= 3
			before := s.t.Supply[tc.supply]
			tokens := func() [3]int8 {
				p := &s.t.Seats[0]
				return [3]int8{p.Shields, p.Spells, p.MagicShield}
			}
			had := tokens()
			s.at(phRecruit, 1)
			s.play(t, tc.kind, c)
			got := tokens()
			for b, want := range had {
				if Bonus(b+1) == tc.bonus {
					want++
				}
				if got[b] != want {
					t.Errorf("after recruiting %s: tokens (shields, spells, magic shields) %v; want one %v more than %v", tc.creature, got, tc.bonus, had)
					break
				}
			}
			if s.t.Supply[tc.supply] != before-1 {
				t.Errorf("the reserve of the bonus holds %d; want %d", s.t.Supply[tc.supply], before-1)
			}
		})
	}
}

// TestHarvestShortReserve is ruling short-supply at harvest: « Chaque
// seigneur maléfique prend, depuis la réserve, la nourriture et les
// glyphes » (l.162) gives no order, so a reserve that runs short serves
// the players from the Captain clockwise, each taking all it owes
// before the next.
func TestHarvestShortReserve(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue", "castle_green")
	const row = 1
	for seat := range 3 {
		s.setRow(seat, Food, row-1, 3)
		s.setRow(seat, Glyphs, row-1, 0)
	}
	// Seat 0 holds all the food but 4.
	s.t.Seats[0].Food = s.t.Supply[SupplyFood] - 4
	s.t.Supply[SupplyFood] = 4
	s.t.Captain = 1
	had := [3]int8{s.t.Seats[0].Food, 0, 0}
	s.at(phReroll, row)
	var got [3]int8
	for seat := range 3 {
		got[seat] = s.t.Seats[seat].Food - had[seat]
	}
	if want := [3]int8{0, 3, 1}; got != want {
		t.Errorf("seats 0, 1 and 2 harvest %v food; want %v, from the Captain (seat 1) on", got, want)
	}
}
