package warlock

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestRulingReshuffleAnyTime: a card that must come from an empty draw
// pile comes from the discard pile, shuffled into a new draw pile, at any
// time; with both empty there is none.
func TestRulingReshuffleAnyTime(t *testing.T) {
	s := table(t, shipped(t), 3)
	s.discard = append(s.discard, s.draw...)
	s.draw = s.draw[:0]
	n := len(s.discard)
	if _, ok := s.draw1(); !ok || len(s.draw) != n-1 || len(s.discard) != 0 {
		t.Fatalf("drew %v from an empty pile: %d in the draw pile, %d discarded; want %d and 0", ok, len(s.draw), len(s.discard), n-1)
	}
	s.draw, s.discard = s.draw[:0], s.discard[:0]
	if _, ok := s.draw1(); ok {
		t.Error("a card came from an empty draw pile and an empty discard pile")
	}
}

// TestRulingPassWhenStuck: a player with no card in hand and nothing to
// draw passes; a player with a card does not.
func TestRulingPassWhenStuck(t *testing.T) {
	s := table(t, shipped(t), 3)
	s.draw = s.draw[:0]
	if got := s.LegalActions(nil); !slices.Equal(got, []engine.Action{s.act(Pass)}) {
		t.Fatalf("stuck: legal actions %v, want only to pass", got)
	}
	s = table(t, shipped(t), 3)
	s.hand(t, 0, "giant_4")
	s.draw = s.draw[:0]
	if slices.Contains(s.LegalActions(nil), s.act(Pass)) {
		t.Error("a player with a card in hand may pass")
	}
}
