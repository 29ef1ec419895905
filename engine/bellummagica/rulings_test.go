package bellummagica

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// playChance plays chance nodes until a decision or the end; a day with
// no decision in it ends the test, so that a stuck game fails fast.
func (s *State) playChance(t *testing.T) {
	t.Helper()
	day := s.t.Day
	for s.CurrentPlayer() == engine.Chance {
		s.must(t, s.SampleChance())
		if s.t.Day > day+1 {
			t.Fatalf("a whole day of chance nodes from day %d", day)
		}
	}
}

// faceUp turns creature designs from their decks face up, in order.
func (s *State) faceUp(t *testing.T, ids ...string) {
	t.Helper()
	next := [2]int{}
	for _, id := range ids {
		d := s.creature(t, id)
		deck := deckOf(s.r.Creatures[d].Kind)
		s.t.Box[d]--
		s.t.FaceUp[deck][next[deck]] = int8(d)
		next[deck]++
	}
}

// TestRecruitInTurn: ruling recruit-in-turn. The Captain recruits first,
// and each player recruits all they want before the next player, clockwise.
func TestRecruitInTurn(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue", "castle_green")
	s.t.Captain = 1
	s.faceUp(t, "evil_1", "evil_2")
	for i := range 3 {
		s.t.Seats[i].Food = int8(2 * r.Params.EvilFood)
		s.t.Supply[SupplyFood] -= int8(2 * r.Params.EvilFood)
	}
	s.at(phRecruit, 1)
	var order []int
	for s.t.Phase == phRecruit {
		s.playChance(t)
		switch s.t.Step {
		case stRecruit:
			order = append(order, s.CurrentPlayer())
			legal := s.LegalActions(nil)
			s.must(t, legal[0]) // a recruit while there is one, then stop
		case stPlace:
			s.play(t, PlaceLeft, int(s.t.Placing))
		}
	}
	// Each seat recruits twice, then can pay for nothing more.
	if want := []int{1, 1, 2, 2, 0, 0}; !slices.Equal(order, want) {
		t.Errorf("recruit decisions by %v, want %v", order, want)
	}
}

// TestThievesMaySteal: each thief may steal a chest; the attacker may stop
// at any chest, and a player robbed of nothing gains no shield token.
func TestThievesMaySteal(t *testing.T) {
	r := shipped(t)
	for _, c := range []struct {
		steals      int
		shield      int8
		thief, left int8
	}{
		{0, 0, 0, 3},
		{1, 1, 1, 2},
		{2, 1, 2, 1},
	} {
		s := day(t, r, "castle_red", "castle_blue")
		s.setRow(0, Swords, 0, 5)
		s.setRow(0, Thieves, 0, 2)
		gold := s.giveChests(t, 1, "gold_chest_7", 3)
		s.at(phAttack, 1)
		s.play(t, AttackCastle, 1)
		for range c.steals {
			if !s.legal(StopStealing, 0) {
				t.Fatalf("%d steals: a thief must steal", c.steals)
			}
			s.play(t, Steal, int(Gold))
			s.play(t, StolenChest, gold)
		}
		if s.t.Step == stSteal {
			s.play(t, StopStealing, 0)
		}
		if s.t.Step == stSteal || s.t.Cur != 1 {
			t.Fatalf("%d steals: at %s by %d, want the next seat's attack", c.steals, stepNames[s.t.Step], s.t.Cur)
		}
		if p, v := s.t.Seats[0], s.t.Seats[1]; p.NChests != c.thief || v.NChests != c.left || v.Shields != c.shield {
			t.Errorf("%d steals: thief %d chests, victim %d chests and %d shields; want %d, %d, %d",
				c.steals, p.NChests, v.NChests, v.Shields, c.thief, c.left, c.shield)
		}
	}
}

// TestGreedySteals: the greedy bot steals when it may.
func TestGreedySteals(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	s.setRow(0, Swords, 0, 5)
	s.setRow(0, Thieves, 0, 1)
	s.giveChests(t, 1, "wooden_chest_1", 1)
	s.at(phAttack, 1)
	s.play(t, AttackCastle, 1)
	rng := engine.NewRNG(1)
	g := &Greedy{r: r}
	for range 20 {
		a := g.Act(engine.SeatOf(s, 0), s.LegalActions(nil), &rng)
		if m, _ := s.Decode(a); m.Kind != Steal {
			t.Fatalf("greedy plays %s, want a steal", s.ActionString(a, "en"))
		}
	}
}

// TestGoblinSetupExample: the rulebook's set-up example. A player may tuck
// one goblin on each side, or both on the left, or both on the right; only
// the side's abilities join the castle's rows.
func TestGoblinSetupExample(t *testing.T) {
	r := shipped(t)
	for _, sides := range [][2]bool{{false, true}, {false, false}, {true, true}} {
		s, err := r.NewState(2, 5)
		if err != nil {
			t.Fatal(err)
		}
		s.playChance(t)
		if s.t.Step != stPlaceGoblin || s.CurrentPlayer() != 0 {
			t.Fatalf("set-up stops at %s, want seat 0 to tuck a goblin", stepNames[s.t.Step])
		}
		want := r.Castles[s.t.Seats[0].Castle].Rows
		for _, right := range sides {
			var hand []int
			for d := range r.Creatures {
				for range s.t.Seats[0].Hand[d] {
					hand = append(hand, d)
				}
			}
			d := hand[0]
			if !s.legal(PlaceLeft, d) || !s.legal(PlaceRight, d) {
				t.Fatalf("%v: goblin %s cannot go on both sides", sides, r.Creatures[d].ID)
			}
			from, to := Food, Maps
			if right {
				from, to = Swords, Thieves
			}
			for a := from; a <= to; a++ {
				for row := range r.Params.Faces {
					want[a][row] += r.Creatures[d].Rows[a][row]
				}
			}
			k := PlaceLeft
			if right {
				k = PlaceRight
			}
			s.play(t, k, d)
		}
		p := &s.t.Seats[0]
		left, right := 0, 0
		for d := range r.Creatures {
			left += int(p.Left[d])
			right += int(p.Right[d])
		}
		wantRight := 0
		for _, x := range sides {
			if x {
				wantRight++
			}
		}
		if right != wantRight || left != 2-wantRight {
			t.Errorf("%v: %d goblins left and %d right, want %d and %d", sides, left, right, 2-wantRight, wantRight)
		}
		if p.Power != want {
			t.Errorf("%v: castle rows %v, want %v", sides, p.Power, want)
		}
	}
}

// TestDieShowsTwo: the rulebook's example. When the die shows 2 at the end
// of the choice of the active horde, row 2 works for the whole day and
// for every player, on the left (harvest, maps) and on the right (attack),
// whatever the die showed before the last re-roll.
func TestDieShowsTwo(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	// Row 2 (index 1) differs from every other row on each side.
	for seat, v := range [][4]int8{{3, 1, 2, 3}, {1, 2, 0, 0}} {
		for row := range r.Params.Faces {
			for a := range abilities {
				s.setRow(seat, a, row, 0)
			}
		}
		s.setRow(seat, Food, 1, v[0])
		s.setRow(seat, Glyphs, 1, v[1])
		s.setRow(seat, Maps, 1, v[2])
		s.setRow(seat, Swords, 1, v[3])
	}
	farm := s.show(t, "farm_5") // a shield of 3
	// The die first shows 5; seat 1 pays a round and the re-roll shows 2.
	s.t.Seats[1].Barrels = int8(r.Params.RoundCost)
	s.t.Supply[SupplyBarrels] -= int8(r.Params.RoundCost)
	s.at(phRoll, 0)
	s.play(t, Roll, 4)
	if s.t.Step != stReroll || s.CurrentPlayer() != 1 {
		t.Fatalf("after the first roll: %s by %d, want seat 1 to choose a re-roll", stepNames[s.t.Step], s.CurrentPlayer())
	}
	s.play(t, PayRound, 0)
	s.play(t, Roll, 1)
	s.playChance(t)
	if s.t.Row != 2 {
		t.Fatalf("active horde %d, want 2", s.t.Row)
	}
	for seat, want := range [][3]int8{{3, 1, 1}, {1, 2, 0}} {
		if p := s.t.Seats[seat]; p.Food != want[0] || p.Glyphs != want[1] || p.NChests != want[2] {
			t.Errorf("seat %d: %d food, %d glyphs, %d chests; want %v", seat, p.Food, p.Glyphs, p.NChests, want)
		}
	}
	if s.t.Step != stAttack || !s.legal(AttackLocation, farm) {
		t.Fatalf("at %s: seat 0's 3 swords of row 2 cannot attack the farm", stepNames[s.t.Step])
	}
	if slices.Contains(s.targets(nil, 1), farm) {
		t.Error("seat 1, with no swords on row 2, can attack the farm")
	}
	s.play(t, NoAttack, 0)
	if s.t.Phase == phAttack {
		t.Errorf("seat 1, with no swords on row 2, has an attack at %s", stepNames[s.t.Step])
	}
	if s.t.Row != 2 {
		t.Errorf("the active horde changed during the day to %d", s.t.Row)
	}
}

// TestCastleMagicShield: ruling castle-magic-shield. A castle's magic
// shield tokens must be matched by magic swords, which count as swords
// beyond those (ruling magic-shield-swords).
func TestCastleMagicShield(t *testing.T) {
	r := shipped(t)
	for _, c := range []struct {
		swords, magic int8
		want          bool
	}{
		{9, 0, false},
		{2, 1, true},  // the magic sword beats the token, 2 swords the shield of 2
		{1, 1, false}, // ruling magic-shield-swords: the magic sword does not count again
		{0, 1, false},
	} {
		s := day(t, r, "castle_red", "castle_blue")
		s.t.Seats[1].MagicShield = 1
		s.t.Supply[SupplyMagicShields]--
		s.setRow(0, Swords, 0, c.swords)
		s.setRow(0, MagicSwords, 0, c.magic)
		s.setRow(0, Thieves, 0, 1)
		s.at(phAttack, 1)
		if got := s.legal(AttackCastle, 1); got != c.want {
			t.Errorf("%d swords and %d magic swords against a magic shield token: can attack %v, want %v", c.swords, c.magic, got, c.want)
		}
	}
}

// TestRulingMagicShieldSwords: ruling magic-shield-swords, both readings
// of the book's example (l.209–219): against a shield of 6 and a magic
// shield of 1, « au moins : 1 épée magique et 6 épées normales ou
// magiques » is 7 swords by default, and 6, one of them magic, with
// magic_sword_counts_twice.
func TestRulingMagicShieldSwords(t *testing.T) {
	shippedRules := shipped(t)
	if shippedRules.Params.MagicSwordCountsTwice {
		t.Fatal("the shipped game counts a magic sword twice; the default reading is 7 swords")
	}
	for _, twice := range []bool{false, true} {
		r := *shippedRules
		r.Params.MagicSwordCountsTwice = twice
		for _, c := range []struct {
			swords, magic int8
		}{{6, 1}, {5, 1}, {0, 6}, {0, 7}} {
			s := day(t, &r, "castle_red", "castle_blue")
			l := s.show(t, "town_2")
			s.setRow(0, Swords, 0, c.swords)
			s.setRow(0, MagicSwords, 0, c.magic)
			s.at(phAttack, 1)
			want := c.swords+c.magic >= 7
			if twice {
				want = c.swords+c.magic >= 6
			}
			if got := s.legal(AttackLocation, l); got != want {
				t.Errorf("counted twice %v: %d swords and %d magic swords against town_2: can attack %v, want %v", twice, c.swords, c.magic, got, want)
			}
		}
	}
}
