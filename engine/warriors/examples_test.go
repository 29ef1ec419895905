package warriors

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/engine"
)

// table is a state with every card in the draw pile and nothing dealt,
// for arranging a position by hand.
func table(t *testing.T, r *Rules, players int) *State {
	t.Helper()
	s := r.newTable(players, 1)
	s.round = 1
	return s
}

// take moves copies of a design from the draw pile to a seat's cards in
// play.
func (s *State) take(t *testing.T, seat int, id string, copies int) {
	t.Helper()
	d := slices.IndexFunc(s.r.Designs, func(x Design) bool { return x.ID == id })
	if d < 0 || int(s.deck[d]) < copies {
		t.Fatalf("no %d cards %s in the draw pile", copies, id)
	}
	for range copies {
		s.deck[d]--
		s.deckN--
		p := &s.seats[seat]
		p.hand[d]++
		p.handN++
		s.keepCard(seat, d)
		p.kept = 0
	}
}

func (s *State) people(t *testing.T, id string) int {
	t.Helper()
	q := slices.Index(s.r.Peoples, id)
	if q < 0 {
		t.Fatalf("no people %s", id)
	}
	return q
}

// battle starts resolving seat's battle card id, past the catapult window.
func (s *State) battle(t *testing.T, seat int, id string) {
	t.Helper()
	s.take(t, seat, id, 1)
	s.startBattle()
	s.advance()
	if s.step == stFire {
		t.Fatalf("a catapult window is open")
	}
}

func (s *State) must(t *testing.T, m Move) {
	t.Helper()
	if err := s.Apply(s.Encode(m)); err != nil {
		t.Fatalf("%+v at %s: %v", m, stepName(s.step), err)
	}
}

func (s *State) roll(t *testing.T, values ...int) {
	t.Helper()
	for _, v := range values {
		if s.step != stRoll {
			t.Fatalf("rolling %d at %s", v, stepName(s.step))
		}
		s.must(t, Move{Kind: Roll, Value: v})
	}
}

func (s *State) pile(seat int) int {
	n := 0
	for _, c := range s.seats[seat].pile {
		n += int(c)
	}
	return n
}

// The flame example: a dragon rolls 4 and 2, which its power makes 5 and
// 3. Against 6 and 1 it loses the first comparison, spends one flame and
// wins the second; against 6 and 3 it loses both (3 against 3 goes to the
// defender) and needs two flames.
func TestFlameExample(t *testing.T) {
	r := shipped(t, VariantHordes)
	for _, tc := range []struct {
		name       string
		defence    []int
		flamesLeft int
		wonByAtt   int
	}{
		{"6 and 1", []int{6, 1}, 1, 1},
		{"6 and 3", []int{6, 3}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, r, 2)
			s.take(t, 0, "dragon", 1)
			s.take(t, 0, "flame", 2)
			s.layOut()
			s.advance() // the only dragon takes both flames
			if got := s.seats[0].dragons[0]; got != 2 {
				t.Fatalf("dragon has %d flames, want 2", got)
			}
			elf := s.people(t, "elf")
			s.take(t, 1, "elf_infantry", 3)
			s.battle(t, 0, "battle_15") // a draconic battle
			s.must(t, Move{Kind: Attack, Slot: dragonSlot0, Target: 1, TargetSlot: elf})
			if s.b.nAtt != 2 || s.b.nDef != 2 {
				t.Fatalf("dice %d against %d, want 2 against 2", s.b.nAtt, s.b.nDef)
			}
			s.roll(t, 4, 2)
			s.roll(t, tc.defence...)
			if got := s.b.dice[:2]; !slices.Equal(got, []int8{5, 3}) {
				t.Errorf("dragon's dice are %v, want [5 3]", got)
			}
			for s.step == stGive && s.cur == 0 {
				s.must(t, Move{Kind: SpendFlame})
			}
			for s.step == stGive && s.cur == 1 {
				s.must(t, Move{Kind: Give, Troop: Infantry})
			}
			if got := s.seats[0].dragons[0]; int(got) != tc.flamesLeft {
				t.Errorf("dragon keeps %d flames, want %d", got, tc.flamesLeft)
			}
			if got := s.pile(0); got != tc.wonByAtt {
				t.Errorf("attacker won %d cards, want %d", got, tc.wonByAtt)
			}
			if err := s.conserved(); err != nil {
				t.Error(err)
			}
		})
	}
}

// A dragon without flames that loses goes to the winner's victory pile.
func TestDragonWithoutFlameIsTaken(t *testing.T) {
	r := shipped(t, VariantHordes)
	s := table(t, r, 2)
	s.take(t, 0, "dragon", 1)
	elf := s.people(t, "elf")
	s.take(t, 1, "elf_infantry", 2)
	s.battle(t, 0, "battle_15")
	s.must(t, Move{Kind: Attack, Slot: dragonSlot0, Target: 1, TargetSlot: elf})
	s.roll(t, 1, 1, 6, 6)
	legal := s.LegalActions(nil)
	if want := []engine.Action{s.Encode(Move{Kind: Give, Troop: giveDragon})}; !slices.Equal(legal, want) {
		t.Fatalf("a dragon without flames: legal %v, want only giving it", legal)
	}
	s.must(t, Move{Kind: Give, Troop: giveDragon})
	if s.seats[0].dragonCount() != 0 || s.seats[1].pile[r.dragon] != 1 {
		t.Errorf("the dragon did not go to the defender's victory pile")
	}
}

// Dice: one per shield, at most 3 red and 2 black, at least 1 black die.
func TestDiceCounts(t *testing.T) {
	r := shipped(t, "")
	for _, tc := range []struct {
		attInf, defInf int
		card           string
		att, def       int8
	}{
		{2, 1, "battle_3", 2, 1},  // 2 shields roll 2 dice; 1 shield, 1 die
		{5, 4, "battle_3", 3, 2},  // 5 shields roll no more than 3; 4, no more than 2
		{1, 0, "battle_1", 2, 1},  // a shield on the battle card; the defender always rolls 1
		{2, 0, "battle_13", 3, 1}, // two shields on the card
	} {
		s := table(t, r, 2)
		dw, tr := s.people(t, "dwarf"), s.people(t, "goblin")
		s.take(t, 0, "dwarf_infantry", tc.attInf)
		s.take(t, 0, "dwarf_archer", 1)
		if tc.defInf > 0 {
			s.take(t, 1, "goblin_infantry", tc.defInf)
		}
		s.take(t, 1, "goblin_cavalry", 1)
		s.battle(t, 0, tc.card)
		s.must(t, Move{Kind: Attack, Slot: dw, Target: 1, TargetSlot: tr})
		if s.b.nAtt != tc.att || s.b.nDef != tc.def {
			t.Errorf("%d against %d shields with %s: %d against %d dice, want %d against %d", tc.attInf, tc.defInf, tc.card, s.b.nAtt, s.b.nDef, tc.att, tc.def)
		}
	}
}

// Comparisons: highest against highest, then second against second; the
// side with more bows adds 1 to its highest die; ties go to the defender.
func TestComparisons(t *testing.T) {
	r := shipped(t, "")
	for _, tc := range []struct {
		name             string
		attArchers, defA int
		att, def         []int
		attLost, defLost int
	}{
		{"ties to the defender", 0, 0, []int{5, 3}, []int{5, 3}, 2, 0},
		{"one each", 0, 0, []int{6, 2}, []int{5, 4}, 1, 1},
		{"attacker's bow breaks the tie", 1, 0, []int{5, 3}, []int{5, 3}, 1, 1},
		{"defender's bow", 0, 1, []int{6, 4}, []int{6, 1}, 1, 1},
		{"equal bows, no bonus", 1, 1, []int{4, 4}, []int{4, 4}, 2, 0},
		{"the bow only counts on the highest die", 2, 0, []int{4, 3}, []int{4, 3}, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := table(t, r, 2)
			elf, troll := s.people(t, "elf"), s.people(t, "troll")
			s.take(t, 0, "elf_infantry", 2)
			s.take(t, 1, "troll_infantry", 2)
			if tc.attArchers > 0 {
				s.take(t, 0, "elf_archer", tc.attArchers)
			}
			if tc.defA > 0 {
				s.take(t, 1, "troll_archer", tc.defA)
			}
			s.battle(t, 0, "battle_5") // a horse's head only
			s.must(t, Move{Kind: Attack, Slot: elf, Target: 1, TargetSlot: troll})
			s.roll(t, tc.att...)
			s.roll(t, tc.def...)
			var attLost, defLost int
			for i := range s.b.nLoss {
				if s.b.losses[i] == 0 {
					attLost++
				} else {
					defLost++
				}
			}
			if attLost != tc.attLost || defLost != tc.defLost {
				t.Errorf("attacker loses %d and defender %d, want %d and %d", attLost, defLost, tc.attLost, tc.defLost)
			}
		})
	}
}

// The special case: an attacker with one infantry card and a shield on its
// battle card rolls 2 dice; when the defender wins both comparisons it
// takes only the card left in the attacking faction.
func TestFewerCardsThanDice(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 2)
	g := s.people(t, "goblin")
	s.take(t, 0, "goblin_infantry", 1)
	s.take(t, 0, "dwarf_infantry", 3) // another faction, which must not pay
	s.take(t, 1, "goblin_infantry", 2)
	s.battle(t, 0, "battle_1")
	s.must(t, Move{Kind: Attack, Slot: g, Target: 1, TargetSlot: g})
	s.roll(t, 2, 1)
	s.roll(t, 6, 6)
	s.must(t, Move{Kind: Give, Troop: Infantry})
	if s.pile(1) != 1 || s.seats[0].size(s.people(t, "dwarf")) != 3 {
		t.Errorf("defender won %d cards; the other faction holds %d", s.pile(1), s.seats[0].size(s.people(t, "dwarf")))
	}
	if s.b.card >= 0 {
		t.Errorf("the battle goes on after the attacking faction is destroyed")
	}
}

// A faction attacks its own people or its sworn enemy, and never a faction
// a wizard protects.
func TestTargets(t *testing.T) {
	r := shipped(t, "")
	s := table(t, r, 3)
	elf, troll, dwarf, barb := s.people(t, "elf"), s.people(t, "troll"), s.people(t, "dwarf"), s.people(t, "barbarian")
	s.take(t, 0, "elf_infantry", 2)
	s.take(t, 1, "troll_infantry", 1)
	s.take(t, 1, "elf_archer", 1)
	s.take(t, 1, "dwarf_infantry", 1)
	s.take(t, 2, "troll_infantry", 1)
	s.take(t, 2, "barbarian_infantry", 1)
	s.seats[2].wizards[troll] = 1
	s.deck[r.wizard]--
	s.deckN--
	s.battle(t, 0, "battle_3")
	var got []Move
	for _, a := range s.LegalActions(nil) {
		m, _ := s.Decode(a)
		got = append(got, m)
	}
	want := []Move{
		{Kind: Attack, Slot: elf, Target: 1, TargetSlot: troll},
		{Kind: Attack, Slot: elf, Target: 1, TargetSlot: elf},
	}
	slices.SortFunc(want, func(a, b Move) int { return int(s.Encode(a) - s.Encode(b)) })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("targets (-want +got):\n%s", diff)
	}
	_, _ = dwarf, barb
}

// Scoring: 2 points per victory-pile card, each people's bonus to its
// largest faction with ties scoring in full, and the dragon bonus.
func TestScoring(t *testing.T) {
	r := shipped(t, VariantHordes)
	n := len(r.Peoples)
	f := func(kv map[string]int) []int {
		out := make([]int, n)
		for k, v := range kv {
			out[slices.Index(r.Peoples, k)] = v
		}
		return out
	}
	got := r.Score([]Tally{
		{Pile: 5, Factions: f(map[string]int{"elf": 3, "goblin": 2}), Dragons: 1},
		{Pile: 2, Factions: f(map[string]int{"elf": 3, "barbarian": 1}), Dragons: 1},
		{Pile: 0, Factions: f(map[string]int{"goblin": 1})},
	})
	totals := []int{got[0].Total, got[1].Total, got[2].Total}
	// 5×2 + elves 8 (tied) + goblins 10 + dragons 12 (tied); 2×2 + 8 + barbarians 11 + 12; 0.
	if want := []int{40, 35, 0}; !slices.Equal(totals, want) {
		t.Errorf("totals %v, want %v", totals, want)
	}
	if w := Winners(got); !slices.Equal(w, []int{0}) {
		t.Errorf("winners %v", w)
	}
	// Equal totals: the larger victory pile wins.
	if w := Winners([]Breakdown{{Total: 20, Pile: 3}, {Total: 20, Pile: 4}}); !slices.Equal(w, []int{1}) {
		t.Errorf("tie broken for %v, want [1]", w)
	}
}

// The deal by number of players, with and without the expansion.
func TestDealingTables(t *testing.T) {
	type row struct{ initial, deal, keep, lastDeal, lastKeep int }
	for _, tc := range []struct {
		variant string
		players int
		want    row
	}{
		{"", 2, row{11, 7, 4, 7, 5}},
		{"", 4, row{11, 7, 4, 7, 5}},
		{VariantHordes, 2, row{14, 9, 6, 10, 7}},
		{VariantHordes, 4, row{14, 9, 6, 10, 7}},
		{VariantHordes, 5, row{11, 7, 4, 7, 5}},
		{VariantHordes, 6, row{11, 7, 4, 7, 5}},
	} {
		r := shipped(t, tc.variant)
		var got row
		got.initial, got.deal, got.keep, got.lastDeal, got.lastKeep = r.deals(tc.players)
		if got != tc.want {
			t.Errorf("%s, %d players: %+v, want %+v", cmpName(tc.variant), tc.players, got, tc.want)
		}
		// The first deal gives each player that many cards and no battle card.
		s, err := r.NewState(tc.players, 3)
		if err != nil {
			t.Fatal(err)
		}
		for s.round == 0 && s.CurrentPlayer() == engine.Chance {
			s.must(t, decodeMust(s, s.SampleChance()))
		}
		for i := range tc.players {
			p := &s.seats[i]
			n := int(p.wizardsDue) + int(p.flamesAside) + p.catapultCount() + p.dragonCount()
			for q := range r.Peoples {
				n += p.size(q) + int(p.wizards[q])
			}
			for _, fl := range p.dragons {
				n += max(int(fl), 0)
			}
			if p.battles != 0 || n != got.initial {
				t.Errorf("%s, %d players: seat %d starts with %d cards (battle cards %b), want %d and none", cmpName(tc.variant), tc.players, i, n, p.battles, got.initial)
			}
		}
		if _, err := (&Game{Rules: r}).NewState(r.Players.Max+1, 1); err == nil {
			t.Errorf("%s: %d players accepted", cmpName(tc.variant), r.Players.Max+1)
		}
	}
}

func decodeMust(s *State, a engine.Action) Move {
	m, _ := s.Decode(a)
	return m
}

// Catapults: 1 to 3 miss, 4 to 6 hit; a dragon needs a 6; a wizard hit is
// discarded, not won.
func TestCatapults(t *testing.T) {
	r := shipped(t, VariantHordes)
	for _, tc := range []struct {
		target string
		roll   int
		hit    bool
	}{
		{"warrior", 3, false}, {"warrior", 4, true},
		{"wizard", 4, true}, {"dragon", 5, false}, {"dragon", 6, true},
	} {
		s := table(t, r, 2)
		elf := s.people(t, "elf")
		s.take(t, 1, "elf_infantry", 2)
		s.take(t, 1, "dragon", 1)
		s.take(t, 1, "flame", 1)
		s.seats[1].wizards[elf] = 1
		s.seats[1].wizardsDue = 0
		s.seats[1].dragons[0] = 1
		s.seats[1].flamesAside = 0
		s.take(t, 0, "catapult", 1)
		s.take(t, 0, "barbarian_infantry", 1)
		s.take(t, 0, "battle_3", 1)
		s.deck[r.wizard]--
		s.deckN--
		s.startBattle()
		s.advance()
		if s.step != stFire || s.cur != 0 {
			t.Fatalf("no catapult window for the holder: %s, seat %d", stepName(s.step), s.cur)
		}
		slot := map[string]int{"warrior": elf*troops + Infantry, "wizard": fireWizard0 + elf, "dragon": fireDragon0}[tc.target]
		s.must(t, Move{Kind: Fire, Target: 1, TargetSlot: slot})
		s.must(t, Move{Kind: Roll, Value: tc.roll})
		var gone bool
		switch tc.target {
		case "warrior":
			gone = s.seats[1].faction[elf][Infantry] == 1 && s.pile(0) == 1
		case "wizard":
			gone = s.seats[1].wizards[elf] == 0 && s.pile(0) == 0 && s.discard[r.wizard] == 1
		case "dragon":
			gone = s.seats[1].dragonCount() == 0 && s.seats[0].pile[r.dragon] == 1 && s.discard[r.flame] == 1
		}
		if gone != tc.hit {
			t.Errorf("%s, roll %d: hit %v, want %v", tc.target, tc.roll, gone, tc.hit)
		}
		if err := s.conserved(); err != nil {
			t.Error(err)
		}
	}
}
