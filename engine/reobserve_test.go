package engine_test

import (
	"io"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// toyView is the observation of reusingToy: the pile, and who asked.
type toyView struct{ Pile, Player int }

// reusingToy is a toy whose observations can be written over old ones.
type reusingToy struct{ toyState }

func (s *reusingToy) Observation(player int) any {
	return &toyView{Pile: s.pile, Player: player}
}

func (s *reusingToy) Reobserve(player int, prev any) any {
	v, _ := prev.(*toyView)
	if v == nil {
		v = new(toyView)
	}
	*v = toyView{Pile: s.pile, Player: player}
	return v
}

func TestSeatReobserve(t *testing.T) {
	plain, _ := toy{}.NewState(2, 1)
	reusing := &reusingToy{toyState: *plain.(*toyState)}
	logged, err := engine.NewLogWriter(io.Discard).Start(engine.LogHeader{Game: "toy", Players: 2}, reusing)
	if err != nil {
		t.Fatal(err)
	}
	prev := &toyView{Pile: -1}
	tests := []struct {
		name  string
		s     engine.State
		reuse bool // prev comes back, overwritten
	}{
		{"a state that cannot reuse", plain, false},
		{"a state that can", reusing, true},
		{"the same in a logged game", logged, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seat := engine.SeatOf(tt.s, 1)
			got := seat.Reobserve(prev)
			if reused := got == any(prev); reused != tt.reuse {
				t.Errorf("Reobserve returned prev: %v; want %v", reused, tt.reuse)
			}
			if tt.reuse && *prev != (toyView{Pile: reusing.pile, Player: 1}) {
				t.Errorf("Reobserve wrote %+v; want the pile %d seen by seat 1", *prev, reusing.pile)
			}
			if !tt.reuse && got == nil {
				t.Error("Reobserve of a state that cannot reuse returned nil; want its Observation")
			}
		})
	}
}
