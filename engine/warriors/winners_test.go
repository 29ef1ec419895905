package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// TestReturnsNameTheWinners: over random 4-player games, the seats with
// the highest return (those simulate and the logs name as winners) are
// the seats the rules' full tie-break names. Games tied on points must
// come up, or the test would prove nothing.
func TestReturnsNameTheWinners(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		t.Run(cmpName(variant), func(t *testing.T) {
			t.Parallel()
			tied := enginetest.ReturnsNameWinners(t, r.NewState, func(s *State) ([]int, bool) {
				b := s.Score()
				totals := make([]float64, len(b))
				for j, x := range b {
					totals[j] = float64(x.Total)
				}
				return Winners(b), len(engine.Winners(totals)) > 1
			})
			t.Logf("%d of 500 games tied on points", tied)
			if tied == 0 {
				t.Error("no game tied on points")
			}
		})
	}
}

// TestReturn: the victory-pile fraction breaks a tie on points and never
// outweighs a point, even with every card that can reach a pile.
func TestReturn(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		for _, tc := range []struct{ lo, hi Breakdown }{
			{Breakdown{Total: 20, Pile: 3}, Breakdown{Total: 20, Pile: 4}},
			{Breakdown{Total: 20, Pile: r.pileCards}, Breakdown{Total: 21}},
			{Breakdown{Total: 0, Pile: r.pileCards - 1}, Breakdown{Total: 0, Pile: r.pileCards}},
		} {
			if lo, hi := r.Return(tc.lo), r.Return(tc.hi); lo >= hi {
				t.Errorf("%s: Return(%+v) = %v, not below Return(%+v) = %v", cmpName(variant), tc.lo, lo, tc.hi, hi)
			}
		}
	}
}
