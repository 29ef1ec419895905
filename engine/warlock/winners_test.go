package warlock

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestReturnsNameTheWinners: over random 4-player games, the seats with
// the highest return (those simulate and the logs name as winners) are
// the seats the rules name, which share a tied victory.
func TestReturnsNameTheWinners(t *testing.T) {
	tied := enginetest.ReturnsNameWinners(t, shipped(t).NewState, func(s *State) ([]int, bool) {
		w := Winners(s.Score())
		return w, len(w) > 1
	})
	t.Logf("%d of 500 games tied", tied)
}

func TestWinners(t *testing.T) {
	for _, tc := range []struct {
		totals []int
		want   []int
	}{
		{[]int{54, 40, 26}, []int{0}},
		{[]int{10, 30, 30, 2}, []int{1, 2}},
		{[]int{0, 0}, []int{0, 1}},
		{nil, nil},
	} {
		b := make([]Breakdown, len(tc.totals))
		for i, x := range tc.totals {
			b[i].Total = x
		}
		if got := Winners(b); !slices.Equal(got, tc.want) {
			t.Errorf("Winners(%v) = %v; want %v", tc.totals, got, tc.want)
		}
	}
}
