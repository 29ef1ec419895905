package rules

import (
	"fmt"

	"github.com/grimoire-games/grimoire/engine"
)

// compiled are the entries of compiled rules the engine calls, placed
// for a call without a look-up; nil ones are the interpreter's.
type compiled struct {
	setup   func(*Host)
	legal   []func(h *Host, p int, dst []int) []int // by kind
	apply   []func(h *Host, p int, arg int)         // by kind
	then    map[string]func(*Host)
	returns func(*Host) []float64
	value   func(*Host, int) float64
}

// Compile is the game played by its rules compiled to Go (see Compiled)
// where they are compiled, by the interpreter elsewhere. Rules compiled
// from other data than the game's (a game edited since) are an error.
func (g *Game) Compile(c *Compiled) (*Game, error) {
	if c.Source != g.m.SourceHash {
		return nil, fmt.Errorf("the compiled rules of %s are of other data than the game's: run grimoire gen", g.m.ID)
	}
	e, err := c.Bind(g)
	if err != nil {
		return nil, fmt.Errorf("the compiled rules of %s: %w", g.m.ID, err)
	}
	cg := *g
	cc := &compiled{
		setup: e.Setup, then: e.Then, returns: e.Returns, value: e.Value,
		legal: make([]func(*Host, int, []int) []int, len(g.kinds)),
		apply: make([]func(*Host, int, int), len(g.kinds)),
	}
	for i, k := range g.kinds {
		cc.legal[i], cc.apply[i] = e.Legal[k.id], e.Apply[k.id]
	}
	cg.comp = cc
	return &cg, nil
}

// die is the weights of a die of faces faces, each 1: shared by every
// roll, which only reads them.
func (g *Game) die(faces int) []int32 {
	if faces < len(g.dice) {
		return g.dice[faces]
	}
	w := make([]int32, faces)
	for i := range w {
		w[i] = 1
	}
	return w
}

// Compiled reports whether any of the game's rules run compiled.
func (g *Game) Compiled() bool { return g.comp != nil }

func (s *State) compiledThen(fn string) func(*Host) {
	if s.g.comp == nil {
		return nil
	}
	return s.g.comp.then[fn]
}

func (s *State) compiledApply(k *kind) func(*Host, int, int) {
	if s.g.comp == nil {
		return nil
	}
	return s.g.comp.apply[k.pos]
}

// compiledLegal appends the actions of kind k the compiled legal_<kind>
// gives the player to move.
func (s *State) compiledLegal(dst []engine.Action, k *kind, f func(*Host, int, []int) []int) ([]engine.Action, error) {
	p := s.turn
	var idx []int
	err := s.compiledCall(false, func(h *Host) { idx = f(h, p, s.idx[:0]) })
	if err != nil {
		return dst, fmt.Errorf("%s: %w", legalPre+k.id, err)
	}
	for _, i := range idx {
		dst = append(dst, engine.Action(k.base+i))
	}
	s.idx = idx[:0]
	return dst, nil
}

// returns is what the rules' returns gives.
func (s *State) returns() ([]float64, error) {
	if s.g.comp != nil && s.g.comp.returns != nil {
		var r []float64
		if err := s.compiledCall(false, func(h *Host) { r = s.g.comp.returns(h) }); err != nil {
			return nil, err
		}
		if len(r) != s.n {
			return nil, fmt.Errorf("gives %d numbers, not one per seat (%d)", len(r), s.n)
		}
		return r, nil
	}
	v, t, err := s.callValue(s.g.returns, nil)
	defer t.done()
	if err != nil {
		return nil, err
	}
	return s.numbers(v)
}
