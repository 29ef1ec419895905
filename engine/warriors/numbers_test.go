package warriors

import (
	"maps"
	"slices"
	"testing"
)

// The battle cards' numbers are reconstructed. What the rulebooks state
// must hold: 14 cards in the base game (7 simple, 7 mercenary) and 16 in
// the expansion (8 draconic, 8 mixed), each with its own number (the
// lowest is resolved first, so two equal numbers would leave the order
// open). Beyond that, the expansion's numbers interleave with the base
// game's, so that dragons do not always fight last.
func TestBattleNumbers(t *testing.T) {
	base, hordes := shipped(t, ""), shipped(t, VariantHordes)
	inBase := map[string]bool{}
	count := func(r *Rules) map[BattleKind]int {
		n := map[BattleKind]int{}
		for _, d := range r.Designs {
			if d.Class == ClassBattle {
				n[d.Kind] += d.Copies
				if r == base {
					inBase[d.ID] = true
				}
			}
		}
		return n
	}
	if got, want := count(base), map[BattleKind]int{Simple: 7, Mercenary: 7}; !maps.Equal(got, want) {
		t.Errorf("base battle cards by kind %v; want %v", got, want)
	}
	if got, want := count(hordes), map[BattleKind]int{Simple: 7, Mercenary: 7, Draconic: 8, Mixed: 8}; !maps.Equal(got, want) {
		t.Errorf("battle cards with the expansion by kind %v; want %v", got, want)
	}
	var cards []Design
	seen := map[int]string{}
	for _, d := range hordes.Designs {
		if d.Class != ClassBattle {
			continue
		}
		if d.Number < 1 {
			t.Errorf("%s: number %d; a card's number is a positive whole number", d.ID, d.Number)
		}
		if other, dup := seen[d.Number]; dup {
			t.Errorf("%s and %s share number %d", other, d.ID, d.Number)
		}
		seen[d.Number] = d.ID
		cards = append(cards, d)
	}
	slices.SortFunc(cards, func(a, b Design) int { return a.Number - b.Number })
	// In order of number, neither box runs more than two cards in a row,
	// and each box has a card in each half.
	run, longest := 0, 0
	for i, d := range cards {
		if i > 0 && inBase[d.ID] == inBase[cards[i-1].ID] {
			run++
		} else {
			run = 1
		}
		longest = max(longest, run)
	}
	if longest > 2 {
		t.Errorf("%d cards of one box in a row; the boxes' numbers do not interleave", longest)
	}
	half := len(cards) / 2
	for _, part := range [][]Design{cards[:half], cards[half:]} {
		b := slices.IndexFunc(part, func(d Design) bool { return inBase[d.ID] })
		x := slices.IndexFunc(part, func(d Design) bool { return !inBase[d.ID] })
		if b < 0 || x < 0 {
			t.Errorf("numbers %d to %d hold cards of one box only", part[0].Number, part[len(part)-1].Number)
		}
	}
	// Draconic and mixed cards both come before the last base card.
	for _, k := range []BattleKind{Draconic, Mixed} {
		first := slices.IndexFunc(cards, func(d Design) bool { return d.Kind == k })
		if first > half {
			t.Errorf("the first card of kind %d is number %d, in the second half", k, cards[first].Number)
		}
	}
}
