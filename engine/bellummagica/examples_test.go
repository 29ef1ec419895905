package bellummagica

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/engine"
)

// day is a game set up by hand: each seat has the named castle and
// nothing else, the first day has begun with seat 0 as Captain.
func day(t *testing.T, r *Rules, castles ...string) *State {
	t.Helper()
	s := r.newTable(len(castles), 1)
	for i, id := range castles {
		c := slices.IndexFunc(r.Castles, func(c Castle) bool { return c.ID == id })
		if c < 0 {
			t.Fatalf("no castle %s", id)
		}
		s.t.Castles[c]--
		s.t.Seats[i].Castle = int8(c)
		s.t.Seats[i].Power = r.Castles[c].Rows
	}
	s.t.Day = 1
	return s
}

// at moves the game to the start of a phase with the die on row, then
// plays on to the first decision or chance node.
func (s *State) at(ph phase, row int) {
	s.t.Phase, s.t.Turn, s.t.Row = ph, 0, int8(row)
	s.advance()
}

func (s *State) creature(t *testing.T, id string) int {
	t.Helper()
	d := slices.IndexFunc(s.r.Creatures, func(c Creature) bool { return c.ID == id })
	if d < 0 || s.t.Box[d] == 0 {
		t.Fatalf("no creature %s in the box", id)
	}
	return d
}

// show turns a location from the kingdom deck face up.
func (s *State) show(t *testing.T, id string) int {
	t.Helper()
	l := slices.IndexFunc(s.r.Locations, func(l Location) bool { return l.ID == id })
	if l < 0 || s.t.Pool[l] == 0 {
		t.Fatalf("no location %s in the deck", id)
	}
	s.t.Pool[l]--
	for j := range s.t.Shown[:s.t.N] {
		if s.t.Shown[j] < 0 {
			s.t.Shown[j] = int8(l)
			return l
		}
	}
	t.Fatalf("no room for %s", id)
	return -1
}

// giveChests moves chests of a design from their stack to a seat.
func (s *State) giveChests(t *testing.T, seat int, id string, n int) int {
	t.Helper()
	c := slices.IndexFunc(s.r.Chests, func(c Chest) bool { return c.ID == id })
	if c < 0 || int(s.t.Piles[c]) < n {
		t.Fatalf("no %d chests %s", n, id)
	}
	s.t.Piles[c] -= int8(n)
	s.t.Seats[seat].Chests[c] += int8(n)
	s.t.Seats[seat].NChests += int8(n)
	return c
}

// setRow gives a seat's castle value x for an ability on a row (counted
// from 0), in a copy of the rules, so that the invariants still hold.
func (s *State) setRow(seat, a, row int, x int8) {
	r := *s.r
	r.Castles = slices.Clone(r.Castles)
	c := &r.Castles[s.t.Seats[seat].Castle]
	s.t.Seats[seat].Power[a][row] += x - c.Rows[a][row]
	c.Rows[a][row] = x
	s.r = &r
}

// play plays the move of kind k on arg.
func (s *State) play(t *testing.T, k Kind, arg int) {
	t.Helper()
	s.must(t, s.Encode(Move{Kind: k, Arg: arg}))
}

func (s *State) must(t *testing.T, a engine.Action) {
	t.Helper()
	if err := s.Apply(a); err != nil {
		t.Fatalf("%s: %v", stepNames[s.t.Step], err)
	}
	if err := s.conserved(); err != nil {
		t.Fatal(err)
	}
}

func (s *State) legal(k Kind, arg int) bool {
	_, ok := slices.BinarySearch(s.LegalActions(nil), s.game(act(k, arg)))
	return ok
}

// TestLocationAttack: the rulebook's examples. A location with a shield of
// 3 needs 3 swords; one with a shield of 6 and a magic shield of 1 needs
// at least 1 magic sword and 6 more swords, magic or not, mixing allowed
// (ruling magic-shield-swords).
func TestLocationAttack(t *testing.T) {
	r := shipped(t)
	for _, c := range []struct {
		location      string
		swords, magic int8
		want          bool
	}{
		{"farm_5", 3, 0, true},
		{"farm_5", 2, 0, false},
		{"farm_5", 2, 1, true},
		{"town_2", 6, 1, true},
		{"town_2", 5, 1, false}, // ruling magic-shield-swords: the magic sword does not count again
		{"town_2", 5, 2, true},
		{"town_2", 6, 0, false},
		{"town_2", 4, 1, false},
		{"town_2", 0, 7, true},
		{"town_2", 0, 6, false},
	} {
		s := day(t, r, "castle_red", "castle_blue")
		l := s.show(t, c.location)
		if loc := r.Locations[l]; c.location == "town_2" && (loc.Shield != 6 || loc.MagicShield != 1) ||
			c.location == "farm_5" && (loc.Shield != 3 || loc.MagicShield != 0) {
			t.Fatalf("%s has shields %d and %d, not the example's", c.location, loc.Shield, loc.MagicShield)
		}
		s.setRow(0, Swords, 0, c.swords)
		s.setRow(0, MagicSwords, 0, c.magic)
		s.at(phAttack, 1)
		got := s.t.Step == stAttack && s.t.Cur == 0 && s.legal(AttackLocation, l)
		if got != c.want {
			t.Errorf("%s with %d swords and %d magic swords: can attack %v, want %v", c.location, c.swords, c.magic, got, c.want)
		}
		if !got {
			continue
		}
		before := s.t.Seats[0].Food
		s.play(t, AttackLocation, l)
		for s.CurrentPlayer() == engine.Chance {
			s.must(t, s.SampleChance())
		}
		if s.t.Gone[l] != 1 || slices.Contains(s.t.Shown[:], int8(l)) {
			t.Errorf("%s is not discarded after the attack", c.location)
		}
		loot := r.Locations[l].Loot
		if got := int(s.t.Seats[0].Food - before); got != loot[LootFood] {
			t.Errorf("%s: %d food taken, want %d", c.location, got, loot[LootFood])
		}
		if got, want := int(s.t.Seats[0].NChests), loot[LootWooden]+loot[LootMetal]+loot[LootGold]; got != want {
			t.Errorf("%s: %d chests taken, want %d", c.location, got, want)
		}
	}
}

// TestCastleAttack: the rulebook's example. Row 2 is active; a castle with
// a shield of 2 falls to 2 swords; the thief steals 1 chest; the robbed
// player gains one shield token.
func TestCastleAttack(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	red := &s.t.Seats[0].Power
	if red[Swords][1] != 2 || red[Thieves][1] != 1 || red[MagicSwords][1] != 0 {
		t.Fatalf("castle_red's row 2 has %d swords and %d thieves, not the example's 2 and 1", red[Swords][1], red[Thieves][1])
	}
	if sh := r.Castles[s.t.Seats[1].Castle].Shield; sh != 2 {
		t.Fatalf("castle_blue's shield is %d, not the example's 2", sh)
	}
	wooden := s.giveChests(t, 1, "wooden_chest_2", 1)
	metal := s.giveChests(t, 1, "metal_chest_4", 2)
	s.at(phAttack, 2)
	if !s.legal(AttackCastle, 1) {
		t.Fatal("the attack on castle_blue is not legal")
	}
	if s.legal(AttackCastle, 0) {
		t.Fatal("a player may attack its own castle")
	}
	s.play(t, AttackCastle, 1)
	if s.t.Step != stSteal || s.t.Cur != 0 {
		t.Fatalf("after the attack: %s by %d, want the thief to steal", stepNames[s.t.Step], s.t.Cur)
	}
	if diff := cmp.Diff(s.renumber([]engine.Action{act(Steal, int(Wooden)), act(Steal, int(Metal)), act(StopStealing, 0)}), s.LegalActions(nil)); diff != "" {
		t.Errorf("steal choices (-want +got):\n%s", diff)
	}
	s.play(t, Steal, int(Metal))
	if s.CurrentPlayer() != engine.Chance || !slices.Equal(s.LegalActions(nil), []engine.Action{s.game(act(StolenChest, metal))}) {
		t.Fatalf("the blind pick is not a chance among the victim's metal chests: %v", s.LegalActions(nil))
	}
	s.play(t, StolenChest, metal)
	if got := s.t.Seats[0].Chests[metal]; got != 1 {
		t.Errorf("thief holds %d metal chests, want 1", got)
	}
	if got := s.t.Seats[1].NChests; got != 2 || s.t.Seats[1].Chests[wooden] != 1 {
		t.Errorf("victim holds %d chests, want 2", got)
	}
	if got := s.t.Seats[1].Shields; got != 1 {
		t.Errorf("victim has %d shield tokens, want 1", got)
	}
	// With that token, the castle's defence is 3: 2 swords no longer do.
	s2 := day(t, r, "castle_red", "castle_blue")
	s2.giveChests(t, 1, "wooden_chest_2", 1)
	s2.t.Seats[1].Shields = 1
	s2.t.Supply[SupplyShields]--
	s2.at(phAttack, 2)
	if s2.legal(AttackCastle, 1) {
		t.Error("2 swords beat a castle with a shield of 2 and a shield token")
	}
}

// TestCastleAttackNeedsThief: without a thief in the active horde, no
// castle can be attacked, however many swords.
func TestCastleAttackNeedsThief(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	s.setRow(0, Swords, 0, 9)
	s.setRow(0, Thieves, 0, 0)
	s.at(phAttack, 1)
	if s.legal(AttackCastle, 1) {
		t.Error("a castle attack without a thief is legal")
	}
}

// TestOneShieldPerRobbery: two thieves steal two chests, the robbed
// player gains one shield token.
func TestOneShieldPerRobbery(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	s.setRow(0, Swords, 0, 5)
	s.setRow(0, Thieves, 0, 2)
	c := s.giveChests(t, 1, "gold_chest_7", 3)
	s.at(phAttack, 1)
	s.play(t, AttackCastle, 1)
	for range 2 {
		s.play(t, Steal, int(Gold))
		s.play(t, StolenChest, c)
	}
	if s.t.Seats[0].NChests != 2 || s.t.Seats[1].NChests != 1 || s.t.Seats[1].Shields != 1 {
		t.Errorf("after two thefts: thief %d chests, victim %d chests and %d shields; want 2, 1, 1",
			s.t.Seats[0].NChests, s.t.Seats[1].NChests, s.t.Seats[1].Shields)
	}
}

// TestTavern: the tavern stays after every attack, and a player never
// holds more barrels than the limit.
func TestTavern(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	tav := r.tavern
	s.setRow(0, Swords, 0, 3)
	s.setRow(1, Swords, 0, 3)
	s.t.Seats[1].Barrels = int8(r.Params.BarrelLimit)
	s.t.Supply[SupplyBarrels] -= int8(r.Params.BarrelLimit)
	s.at(phAttack, 1)
	s.play(t, AttackLocation, tav)
	for s.CurrentPlayer() == engine.Chance {
		s.must(t, s.SampleChance())
	}
	s.play(t, AttackLocation, tav)
	if got := s.t.Seats[0].Barrels; int(got) != min(r.Locations[tav].Loot[LootBarrels], r.Params.BarrelLimit) {
		t.Errorf("seat 0 has %d barrels after the tavern", got)
	}
	if got := s.t.Seats[1].Barrels; int(got) != r.Params.BarrelLimit {
		t.Errorf("seat 1 has %d barrels, want the limit %d", got, r.Params.BarrelLimit)
	}
	if s.t.Gone[tav] != 0 {
		t.Error("the tavern was discarded")
	}
}

// TestScouts: the most treasure maps takes a metal chest; a tie gives each
// tied player a wooden chest; no maps, no chest.
func TestScouts(t *testing.T) {
	r := shipped(t)
	for _, c := range []struct {
		maps [3]int8
		want [3][3]int // chests of each kind per seat
	}{
		{[3]int8{2, 1, 0}, [3][3]int{{0, 1, 0}}},
		{[3]int8{1, 2, 2}, [3][3]int{{}, {1, 0, 0}, {1, 0, 0}}},
		{[3]int8{0, 0, 0}, [3][3]int{}},
	} {
		s := day(t, r, "castle_red", "castle_blue", "castle_green")
		for i := range 3 {
			s.setRow(i, Maps, 0, c.maps[i])
		}
		s.t.Row = 1
		s.scouts()
		s.t.Phase = phScouts
		s.advance()
		for s.CurrentPlayer() == engine.Chance {
			s.must(t, s.SampleChance())
		}
		var got [3][3]int
		for i := range 3 {
			for k := range chestKinds {
				got[i][k] = s.chestsOf(i, k)
			}
		}
		if got != c.want {
			t.Errorf("maps %v: chests %v, want %v", c.maps, got, c.want)
		}
	}
}

// TestReroll: from the Captain clockwise anyone may pay a round; after a
// re-roll everyone is asked again from the Captain; only the Captain casts
// confusion spells, which turn back at the end of the day.
func TestReroll(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue", "castle_green")
	s.t.Captain = 1
	s.t.Seats[1].Spells = 2
	s.t.Supply[SupplyConfusion] -= 2
	s.t.Seats[2].Barrels = 1
	s.t.Supply[SupplyBarrels]--
	s.t.Seats[0].Spells = 1 // not the Captain: cannot cast
	s.t.Supply[SupplyConfusion]--
	s.t.Phase = phRoll
	s.advance()
	s.play(t, Roll, 0)
	if s.t.Step != stReroll || s.t.Cur != 1 || !s.legal(CastConfusion, 0) || s.legal(PayRound, 0) {
		t.Fatalf("first asked: %d at %s; want the Captain, who may cast but not pay", s.t.Cur, stepNames[s.t.Step])
	}
	s.play(t, KeepRoll, 0)
	if s.t.Cur != 2 || !s.legal(PayRound, 0) || s.legal(CastConfusion, 0) {
		t.Fatalf("second asked: %d; want seat 2, who may pay", s.t.Cur)
	}
	s.play(t, PayRound, 0)
	s.play(t, Roll, 3)
	if s.t.Row != 4 || s.t.Cur != 1 {
		t.Fatalf("after the re-roll: row %d, asked %d; want row 4 and the Captain again", s.t.Row, s.t.Cur)
	}
	s.play(t, CastConfusion, 0)
	s.play(t, Roll, 4)
	s.play(t, CastConfusion, 0)
	s.play(t, Roll, 5)
	if s.t.Step != stReroll || s.legal(CastConfusion, 0) {
		// seat 1 has used both spells; seat 2 has no barrel: nobody can.
		if s.t.Step == stReroll {
			t.Fatalf("a third spell was offered")
		}
	}
	if s.t.Seats[1].Flipped != 2 {
		t.Fatalf("%d spells flipped, want 2", s.t.Seats[1].Flipped)
	}
	s.endDay()
	if s.t.Seats[1].Flipped != 0 || s.t.Captain != 2 {
		t.Errorf("next day: %d spells flipped, Captain %d; want 0 and seat 2", s.t.Seats[1].Flipped, s.t.Captain)
	}
}

// TestRecruitCosts: an evil creature costs 2 food; a most evil one 1 glyph
// and 4 food, or 3 glyphs.
func TestRecruitCosts(t *testing.T) {
	r := shipped(t)
	for _, c := range []struct {
		food, glyphs int8
		want         []Kind // for the most evil creature
		evil         bool
	}{
		{2, 0, nil, true},
		{1, 9, []Kind{RecruitGlyphs}, false},
		{4, 1, []Kind{RecruitGlyphsFood}, true},
		{4, 3, []Kind{RecruitGlyphsFood, RecruitGlyphs}, true},
		{3, 2, nil, true},
	} {
		s := day(t, r, "castle_red", "castle_blue")
		evil, most := s.creature(t, "evil_1"), s.creature(t, "most_evil_1")
		s.t.Box[evil]--
		s.t.Box[most]--
		s.t.FaceUp[0][0], s.t.FaceUp[1][0] = int8(evil), int8(most)
		s.t.Seats[0].Food, s.t.Seats[0].Glyphs = c.food, c.glyphs
		s.t.Supply[SupplyFood] -= c.food
		s.t.Supply[SupplyGlyphs] -= c.glyphs
		got := s.payments(nil, 0, most)
		if !slices.Equal(got, c.want) {
			t.Errorf("%d food, %d glyphs: most evil payments %v, want %v", c.food, c.glyphs, got, c.want)
		}
		if e := len(s.payments(nil, 0, evil)) > 0; e != c.evil {
			t.Errorf("%d food: can recruit evil %v, want %v", c.food, e, c.evil)
		}
	}
	if p := r.Params; p.EvilFood != 2 || p.MostEvilGlyphs != 1 || p.MostEvilFood != 4 || p.MostEvilAltGlyphs != 3 {
		t.Errorf("recruit costs %+v are not the rulebook's", p)
	}
}

// TestRecruit: a recruited creature is paid for, replaced at once from its
// deck, tucked on the chosen side and brings its bonus token.
func TestRecruit(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	evil := s.creature(t, "evil_1") // a shield bonus
	if r.Creatures[evil].Bonus != ShieldBonus {
		t.Fatalf("evil_1 brings %v, the test expects a shield", r.Creatures[evil].Bonus)
	}
	s.t.Box[evil]--
	s.t.FaceUp[0][0] = int8(evil)
	s.t.Seats[0].Food = 3
	s.t.Supply[SupplyFood] -= 3
	s.at(phRecruit, 1)
	s.play(t, RecruitFood, evil)
	if s.CurrentPlayer() != engine.Chance || s.t.Step != stRevealCreature {
		t.Fatalf("after recruiting: %s, want the replacement revealed", stepNames[s.t.Step])
	}
	s.must(t, s.SampleChance())
	if s.t.FaceUp[0][0] < 0 {
		t.Fatal("the face-up slot was not refilled")
	}
	s.play(t, PlaceRight, evil)
	p := &s.t.Seats[0]
	if p.Food != 1 || p.Right[evil] != 1 || p.Shields != 1 {
		t.Errorf("after recruiting: %d food, %d on the right, %d shields; want 1, 1, 1", p.Food, p.Right[evil], p.Shields)
	}
}

// TestEndAtTenChests: a player holding 10 chests after the attack phase
// ends the game at once, before recruiting; the richest wins, not the
// one with the most chests.
func TestEndAtTenChests(t *testing.T) {
	r := shipped(t)
	s := day(t, r, "castle_red", "castle_blue")
	s.giveChests(t, 0, "wooden_chest_1", r.Params.EndChests/2)
	s.giveChests(t, 0, "wooden_chest_2", r.Params.EndChests-r.Params.EndChests/2)
	s.giveChests(t, 1, "gold_chest_8", 2)
	s.at(phAttack, 1)
	for !s.IsTerminal() && s.t.Phase == phAttack {
		if s.CurrentPlayer() == engine.Chance {
			s.must(t, s.SampleChance())
		} else {
			s.play(t, NoAttack, 0)
		}
	}
	if !s.IsTerminal() {
		t.Fatalf("the game goes on at %s", stepNames[s.t.Step])
	}
	if w := Winners(s.Score()); !slices.Equal(w, []int{1}) {
		t.Errorf("winners %v, want seat 1 (16 in 2 chests against 15 in 10)", w)
	}
	if w := engine.Winners(s.Returns()); !slices.Equal(w, []int{1}) {
		t.Errorf("returns' winners %v, want seat 1", w)
	}
}

// TestWinners: the richest wins; ties go to the most chests; then shared.
func TestWinners(t *testing.T) {
	for _, c := range []struct {
		scores []Score
		want   []int
	}{
		{[]Score{{20, 8}, {25, 6}}, []int{1}},
		{[]Score{{25, 8}, {25, 10}, {12, 3}}, []int{1}},
		{[]Score{{25, 10}, {25, 10}, {30, 2}}, []int{2}},
		{[]Score{{25, 10}, {25, 10}, {3, 2}}, []int{0, 1}},
	} {
		if got := Winners(c.scores); !slices.Equal(got, c.want) {
			t.Errorf("Winners(%v) = %v, want %v", c.scores, got, c.want)
		}
	}
}

// TestSetup: per player count, each player has a castle and its goblins
// tucked; the kingdom deck holds the rulebook's farms, villages and towns,
// farms on top; as many locations are face up as players; two creatures
// face up under each deck; the rest of the goblins stay in the box.
func TestSetup(t *testing.T) {
	r := shipped(t)
	for n := r.Players.Min; n <= r.Players.Max; n++ {
		s, err := r.NewState(n, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(3)
		var legal []engine.Action
		for s.t.Step != stRoll {
			if s.CurrentPlayer() == engine.Chance {
				s.must(t, s.SampleChance())
				continue
			}
			legal = s.LegalActions(legal)
			s.must(t, legal[rng.IntN(len(legal))])
		}
		k := r.Params.Kingdom[n]
		var shown [4]int
		for _, l := range s.t.Shown[:n] {
			if l < 0 {
				t.Fatalf("%d players: an empty location slot", n)
			}
			shown[r.Locations[l].Kind]++
		}
		want := [4]int{0, min(n, k[0]), max(0, n-k[0]), 0}
		if shown != want {
			t.Errorf("%d players: face-up locations by kind %v, want %v", n, shown, want)
		}
		if got := s.deckSize(); got != k[0]+k[1]+k[2]-n {
			t.Errorf("%d players: kingdom deck of %d, want %d", n, got, k[0]+k[1]+k[2]-n)
		}
		goblins := 0
		for i := range n {
			p := &s.t.Seats[i]
			if p.Castle < 0 || s.handSize(i) != 0 {
				t.Fatalf("%d players: seat %d has no castle or goblins left to tuck", n, i)
			}
			for d, c := range r.Creatures {
				if c.Kind == Goblin {
					goblins += int(p.Left[d] + p.Right[d])
				}
			}
		}
		if goblins != n*r.Params.Goblins {
			t.Errorf("%d players: %d goblins tucked, want %d", n, goblins, n*r.Params.Goblins)
		}
		for deck := range 2 {
			for j := range r.Params.FaceUp {
				if s.t.FaceUp[deck][j] < 0 {
					t.Errorf("%d players: deck %d has no creature face up in slot %d", n, deck, j)
				}
			}
		}
		if s.t.Captain != 0 || s.t.Day != 1 {
			t.Errorf("%d players: day %d, Captain %d; want day 1 and seat 0", n, s.t.Day, s.t.Captain)
		}
	}
	// The rulebook's table.
	want := map[int][3]int{2: {3, 3, 10}, 3: {4, 4, 10}, 4: {6, 6, 10}, 5: {7, 7, 10}}
	if diff := cmp.Diff(want, r.Params.Kingdom); diff != "" {
		t.Errorf("kingdom by players (-want +got):\n%s", diff)
	}
}
