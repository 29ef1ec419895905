package engine

import (
	"fmt"
	"slices"
)

// Renumbering maps an engine's own action numbers onto its game's: the
// numbers a game's rules give its actions (see engine/rules), which every
// engine of the game then uses, so that two engines' logs of one game say
// the same. An engine keeps its own numbers inside, where their layout
// suits it, and renumbers where actions leave or enter it: its legal
// actions, Apply, ActionString, SampleChance. A nil *Renumbering keeps
// every number as it is.
type Renumbering struct {
	game []Action // by own number; -1 for none
	own  []Action // by game number; -1 for none
}

// NewRenumbering maps the own numbers below own through game, which gives
// each its game number, or false for a number the engine never uses. Two
// own numbers with one game number are an error.
func NewRenumbering(own int, game func(Action) (Action, bool)) (*Renumbering, error) {
	r := &Renumbering{game: make([]Action, own)}
	for a := range Action(own) {
		g, ok := game(a)
		r.game[a] = -1
		if !ok {
			continue
		}
		if g < 0 {
			return nil, fmt.Errorf("action %d: game number %d is negative", a, g)
		}
		if int(g) >= len(r.own) {
			n := len(r.own)
			r.own = slices.Grow(r.own, int(g)+1-n)[:int(g)+1]
			for i := n; i < len(r.own); i++ {
				r.own[i] = -1
			}
		}
		if prev := r.own[g]; prev >= 0 {
			return nil, fmt.Errorf("actions %d and %d both have game number %d", prev, a, g)
		}
		r.own[g], r.game[a] = a, g
	}
	return r, nil
}

// Game is the game number of an own action, -1 for one with none.
func (r *Renumbering) Game(a Action) Action {
	if r == nil {
		return a
	}
	if a < 0 || int(a) >= len(r.game) {
		return -1
	}
	return r.game[a]
}

// Own is the own number of a game's action, and false when the engine has
// none: an action it can never play.
func (r *Renumbering) Own(a Action) (Action, bool) {
	if r == nil {
		return a, true
	}
	if a < 0 || int(a) >= len(r.own) || r.own[a] < 0 {
		return 0, false
	}
	return r.own[a], true
}

// List renumbers a list of own actions in place and sorts it, as
// LegalActions returns them.
func (r *Renumbering) List(acts []Action) []Action {
	if r == nil {
		return acts
	}
	sorted := true
	for i, a := range acts {
		acts[i] = r.Game(a)
		if i > 0 && acts[i] < acts[i-1] {
			sorted = false
		}
	}
	if !sorted {
		slices.Sort(acts)
	}
	return acts
}
