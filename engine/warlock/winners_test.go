package warlock

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestReturnsNameTheWinners: over random 4-player games, the seats with
// the highest return (those simulate and the logs name as winners) are
// the seats the rules name, which share a tied victory.
func TestReturnsNameTheWinners(t *testing.T) {
	r := shipped(t)
	g := &Game{Rules: r}
	bots := []engine.Bot{engine.Random{}, engine.Random{}, engine.Random{}, engine.Random{}}
	tied := 0
	for i := range 500 {
		seed := engine.Seed(11, i)
		s, err := g.NewState(4, seed)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Play(s, bots, seed, 20000, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := Winners(s.(*State).Score())
		if !slices.Equal(res.Winners, want) {
			t.Errorf("seed %d: returns %v name winners %v; the rules name %v", seed, res.Returns, res.Winners, want)
		}
		if len(want) > 1 {
			tied++
		}
	}
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
