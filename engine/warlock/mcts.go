package warlock

import "github.com/grimoire-games/grimoire/engine"

var _ engine.Redealer = (*State)(nil)

// Redealt implements engine.Redealer with Redeal, for search bots.
func (s *State) Redealt(viewer int, rng *engine.RNG) engine.State {
	return s.Redeal(viewer, rng)
}
