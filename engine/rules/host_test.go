package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// fault runs f and returns the rule's error it stops on, nil for none.
func fault(f func()) (err *Fault) {
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if err, ok = r.(*Fault); !ok {
				panic(r)
			}
		}
	}()
	f()
	return nil
}

// TestArithmetic: compiled rules' //, % and int() give what the
// interpreter gives, for every sign.
func TestArithmetic(t *testing.T) {
	for _, a := range []int64{-7, -6, -1, 0, 1, 6, 7} {
		for _, b := range []int64{-3, -2, 2, 3} {
			for _, op := range []syntax.Token{syntax.SLASHSLASH, syntax.PERCENT} {
				want, err := starlark.Binary(op, starlark.MakeInt64(a), starlark.MakeInt64(b))
				if err != nil {
					t.Fatal(err)
				}
				got := FloorDiv("here", a, b)
				if op == syntax.PERCENT {
					got = FloorMod("here", a, b)
				}
				if fmt.Sprint(got) != want.String() {
					t.Errorf("%d %s %d = %d, the interpreter %s", a, op, b, got, want)
				}
			}
		}
	}
	for _, f := range []float64{-2.5, -0.5, 0.5, 2.5} {
		if got, want := Trunc("here", f), int64(f); got != want {
			t.Errorf("int(%v) = %d, want %d", f, got, want)
		}
	}
	for _, f := range []func(){
		func() { FloorDiv("here", 1, 0) },
		func() { FloorMod("here", 1, 0) },
		func() { Div("here", 1, 0) },
	} {
		if e := fault(f); e == nil || e.At != "here" {
			t.Errorf("division by zero: %v, want a fault at its place", e)
		}
	}
}

// TestPercent: format % args as the interpreter formats.
func TestPercent(t *testing.T) {
	if got := Percent("here", "a die shows %d of %s", int64(7), "six"); got != "a die shows 7 of six" {
		t.Errorf("got %q", got)
	}
	if e := fault(func() { Percent("here", "%d", "x") }); e == nil || !strings.Contains(e.Msg, "%d format requires") {
		t.Errorf("a bad format: %v", e)
	}
}

// TestIndexing: negative indices count from the end, and out of range is
// the interpreter's error, at its place.
func TestIndexing(t *testing.T) {
	xs := []int64{10, 20, 30}
	if At("here", xs, -1) != 30 || At("here", xs, 0) != 10 {
		t.Error("At")
	}
	for _, i := range []int64{3, -4} {
		if e := fault(func() { At("here", xs, i) }); e == nil || !strings.Contains(e.Msg, "out of range") {
			t.Errorf("At(%d): %v", i, e)
		}
	}
	if e := fault(func() { Must("here", Opt[int64]{}) }); e == nil || e.At != "here" {
		t.Errorf("Must(None): %v", e)
	}
	if got := Unpack("here", xs, 3); !slices.Equal(got, xs) {
		t.Error("Unpack")
	}
	if e := fault(func() { Unpack("here", xs, 2) }); e == nil {
		t.Error("Unpack of 3 into 2: no fault")
	}
}

// TestDicts: keys iterate in the order first set, as the language's.
func TestDicts(t *testing.T) {
	d := NewDict[string, int64]()
	for _, k := range []string{"b", "a", "c", "a"} {
		d.Set(k, d.GetOr(k, 0)+1)
	}
	if !slices.Equal(d.Keys(), []string{"b", "a", "c"}) || !slices.Equal(d.Values(), []int64{1, 2, 1}) {
		t.Errorf("keys %v values %v", d.Keys(), d.Values())
	}
	if e := fault(func() { d.At("here", "z") }); e == nil {
		t.Error("a missing key: no fault")
	}
	// A large dict keeps an index, in the same order.
	big := NewDict[int64, int64]()
	for i := int64(40); i > 0; i-- {
		big.Set(i%25, i)
	}
	if big.Len() != 25 || big.Keys()[0] != 15 || big.GetOr(0, -1) != 25 || big.At("here", 15) != 15 || !big.Copy().Has(24) {
		t.Errorf("a large dict: keys %v", big.Keys())
	}
	c := NewCardDict[bool](5)
	c.Set(3, true)
	c.Set(1, false)
	if !slices.Equal(c.Keys(), []int16{3, 1}) || !c.Has(1) || c.Has(2) || c.Len() != 2 {
		t.Errorf("card dict keys %v", c.Keys())
	}
}

// TestSorted: sorted keeps equal elements in order, reverse too.
func TestSorted(t *testing.T) {
	xs := []int64{3, 1, 2, 1}
	if got := Sorted(xs); !slices.Equal(got, []int64{1, 1, 2, 3}) || !slices.Equal(xs, []int64{3, 1, 2, 1}) {
		t.Errorf("Sorted = %v, and the list is %v", got, xs)
	}
	if got := SortedDesc(xs); !slices.Equal(got, []int64{3, 2, 1, 1}) {
		t.Errorf("SortedDesc = %v", got)
	}
	type pair struct{ a, b int64 }
	ps := []pair{{2, 1}, {1, 9}, {2, 0}}
	got := SortedFunc(ps, func(x, y pair) int { return int(x.a - y.a) })
	if !slices.Equal(got, []pair{{1, 9}, {2, 1}, {2, 0}}) {
		t.Errorf("SortedFunc = %v: not stable", got)
	}
}

// TestHostErrors: a compiled rule's errors are the interpreter's, at the
// rule's place, and the state refuses them as it refuses the
// interpreter's.
func TestHostErrors(t *testing.T) {
	g := shipped(t, "hearts")
	s, err := g.New(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := g.ZoneIndex("hand")
	deck, _ := g.ZoneIndex("deck")
	score, _ := g.VarIndex("score")
	for _, tc := range []struct {
		name  string
		write bool
		f     func(h *Host)
		want  string
	}{
		{"read only", false, func(h *Host) { h.SetVar("r:1:1", score, 0, 1) }, "may not change the game"},
		{"a seat too many", true, func(h *Host) { h.Zone("r:1:1", hand, 4) }, "a seat is from 0 to 3"},
		{"no such card there", true, func(h *Host) { h.Move("r:1:1", 0, h.Zone("", hand, 0), h.Zone("", deck, 0)) }, "is not in hand"},
		{"turn out of range", true, func(h *Host) { h.SetTurn("r:1:1", 9) }, "g.turn is a seat from 0 to 3"},
		{"no such phase", true, func(h *Host) { h.SetPhase("r:1:1", "bidding") }, "g.phase is one of PHASES"},
		{"a variable of another variant", true, func(h *Host) { h.Var("r:1:1", -1, 0) }, "no such variable"},
	} {
		err := s.compiledCall(tc.write, tc.f)
		var f *Fault
		if !errors.As(err, &f) || f.At != "r:1:1" || !strings.Contains(f.Msg, tc.want) {
			t.Errorf("%s: %v, want a fault at r:1:1 with %q", tc.name, err, tc.want)
		}
	}
}
