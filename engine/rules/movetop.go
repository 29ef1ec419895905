package rules

import (
	"fmt"

	"go.starlark.net/starlark"
)

// moveTop is g.move_top(from, to): the card put last into a zone, the
// top of a pile, goes to the end of another. g.move(card, ...) takes the
// first copy of a design a zone holds, which is the top card only when
// the pile holds one copy.
func moveTop(s *State, args starlark.Tuple, kwargs []starlark.Tuple) error {
	var from, to *zoneRef
	if err := starlark.UnpackPositionalArgs("move_top", args, kwargs, 2, &from, &to); err != nil {
		return err
	}
	src := s.zones[from.inst]
	if len(src) == 0 {
		return fmt.Errorf("move_top: %s is empty", s.instName(from.inst))
	}
	d := src[len(src)-1]
	s.zones[from.inst] = src[:len(src)-1]
	s.zones[to.inst] = append(s.zones[to.inst], d)
	s.moved(int(d), from.inst, to.inst)
	return nil
}
