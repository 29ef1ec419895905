package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestReturnsNameTheWinners: over random 4-player games, the seats with
// the highest return (those simulate and the logs name as winners) are
// the seats the rulebook's tie-breaks name. Games tied on value must come
// up, or the test would prove nothing.
func TestReturnsNameTheWinners(t *testing.T) {
	tied := enginetest.ReturnsNameWinners(t, shipped(t).NewState, func(s *State) ([]int, bool) {
		sc := s.Score()
		values := make([]float64, len(sc))
		for j, x := range sc {
			values[j] = float64(x.Value)
		}
		return Winners(sc), len(engine.Winners(values)) > 1
	})
	t.Logf("%d of 500 games tied on value", tied)
	if tied == 0 {
		t.Error("no game tied on value")
	}
}

// TestReturn: the chest fraction breaks a tie on value and never
// outweighs a point of value, even with every chest of the game.
func TestReturn(t *testing.T) {
	r := shipped(t)
	all := r.chestCount()
	for _, tc := range []struct{ lo, hi Score }{
		{Score{25, 6}, Score{25, 9}},
		{Score{25, all}, Score{26, 0}},
		{Score{0, all - 1}, Score{0, all}},
	} {
		if lo, hi := r.Return(tc.lo), r.Return(tc.hi); lo >= hi {
			t.Errorf("Return(%+v) = %v, not below Return(%+v) = %v", tc.lo, lo, tc.hi, hi)
		}
	}
}
