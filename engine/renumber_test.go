package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestRenumbering(t *testing.T) {
	// Own numbers 0..5; the odd ones are unused; the even ones go to
	// 10-a, reversing their order.
	r, err := NewRenumbering(6, func(a Action) (Action, bool) { return 10 - a, a%2 == 0 })
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ own, game Action }{{0, 10}, {2, 8}, {4, 6}, {1, -1}, {6, -1}, {-1, -1}} {
		if got := r.Game(tc.own); got != tc.game {
			t.Errorf("Game(%d) = %d, want %d", tc.own, got, tc.game)
		}
		if tc.game < 0 {
			continue
		}
		if got, ok := r.Own(tc.game); !ok || got != tc.own {
			t.Errorf("Own(%d) = %d, %v, want %d", tc.game, got, ok, tc.own)
		}
	}
	for _, g := range []Action{-1, 0, 7, 9, 11, 100} {
		if a, ok := r.Own(g); ok {
			t.Errorf("Own(%d) = %d, want none", g, a)
		}
	}
	if got, want := r.List([]Action{0, 2, 4}), []Action{6, 8, 10}; !slices.Equal(got, want) {
		t.Errorf("List = %v, want %v (sorted)", got, want)
	}
}

func TestRenumberingNil(t *testing.T) {
	var r *Renumbering
	if r.Game(7) != 7 {
		t.Error("nil Game renumbers")
	}
	if a, ok := r.Own(7); !ok || a != 7 {
		t.Error("nil Own renumbers")
	}
	if got := r.List([]Action{3, 1}); !slices.Equal(got, []Action{3, 1}) {
		t.Errorf("nil List = %v", got)
	}
}

func TestRenumberingErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func(Action) (Action, bool)
		want string
	}{
		{"twice", func(a Action) (Action, bool) { return a / 2, true }, "both have game number 0"},
		{"negative", func(a Action) (Action, bool) { return -a - 1, true }, "negative"},
	} {
		_, err := NewRenumbering(4, tc.f)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}
