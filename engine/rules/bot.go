package rules

import (
	"math"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/engine"
)

// Greedy is the baseline bot of any game played by its rules: it plays
// each legal action in a position dealt anew from what its seat sees, and
// keeps the one after which the rules' value(g, p) is highest (or, for
// rules without value, returns(g)[p]); a tie is broken at random.
type Greedy struct {
	g    *Game
	best []engine.Action
}

// Act implements engine.Bot.
func (b *Greedy) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	st, ok := seat.Redealt(rng)
	if !ok || len(legal) == 1 {
		return legal[rng.IntN(len(legal))]
	}
	s := st.(*State)
	p := seat.Player()
	b.best = b.best[:0]
	top := math.Inf(-1)
	for _, a := range legal {
		c := s.clone()
		if err := c.Apply(a); err != nil {
			continue
		}
		v, ok := c.valueFor(p)
		if !ok {
			continue
		}
		switch {
		case v > top:
			top = v
			b.best = append(b.best[:0], a)
		case v == top:
			b.best = append(b.best, a)
		}
	}
	if len(b.best) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	return b.best[rng.IntN(len(b.best))]
}

// valueFor is how good the position is for seat p by the rules, false if
// the rules fail to say.
func (s *State) valueFor(p int) (float64, bool) {
	if s.over {
		return s.result[p], true
	}
	if s.g.comp != nil && s.g.comp.value != nil {
		var v float64
		err := s.compiledCall(false, func(h *Host) { v = s.g.comp.value(h, p) })
		return v, err == nil
	}
	if s.g.value != nil {
		v, t, err := s.callValue(s.g.value, nil, starlark.MakeInt(p))
		defer t.done()
		if err != nil {
			return 0, false
		}
		return starlark.AsFloat(v)
	}
	r, err := s.returns()
	if err != nil {
		return 0, false
	}
	return r[p], true
}
