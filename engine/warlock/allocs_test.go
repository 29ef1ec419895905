package warlock

import (
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestAllocs pins what a game allocates, since a simulation plays
// millions: the state and its piles when it starts, nothing as it is
// played, and a few buffers for the final score.
func TestAllocs(t *testing.T) {
	r := shipped(t)
	end, _ := r.NewState(4, 1)
	var legal []engine.Action
	rng := engine.NewRNG(1)
	for !end.IsTerminal() {
		legal = end.LegalActions(legal)
		_ = end.Apply(legal[rng.IntN(len(legal))])
	}
	seed := uint64(0)
	tests := []struct {
		name string
		max  float64
		run  func()
	}{
		{"a random game", 2, func() {
			seed++
			s, _ := r.NewState(4, seed)
			for !s.IsTerminal() {
				legal = s.LegalActions(legal)
				_ = s.Apply(legal[rng.IntN(len(legal))])
			}
		}},
		{"a clone", 2, func() { _ = end.Clone() }},
		{"the returns", 12, func() { _ = end.Returns() }},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(50, tt.run); got > tt.max {
			t.Errorf("%s allocates %.1f times; want %.0f at most", tt.name, got, tt.max)
		}
	}
}
