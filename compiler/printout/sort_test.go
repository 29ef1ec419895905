package printout_test

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestCardsTableSorted checks that a table of cards with sort = "number"
// lists Warriors' battle cards in the order they are played, base and
// expansion cards mixed, not in the order the data declares them.
func TestCardsTableSorted(t *testing.T) {
	g := shippedGame(t, "warriors")
	text := printed(t, g, "dragon_hordes", "en", printout.Reference)
	row := regexp.MustCompile(`(\d+) ?† (Simple|Mercenary|Draconic|Mixed) battle`)
	var got []int
	for _, m := range row.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		got = append(got, n)
	}
	if len(got) != 30 {
		t.Fatalf("found %d battle-card rows, want 30: %v", len(got), got)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("battle cards not in number order: %v", got)
		}
	}
}
