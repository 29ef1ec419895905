package rules

import (
	"bytes"
	"strings"
	"testing"
)

// TestGoSource: compiling the rules to Go gives the same source every
// time, and says why each function it leaves to the interpreter is left;
// Hearts' rules compile whole.
func TestGoSource(t *testing.T) {
	for _, id := range []string{"hearts", "bellum_magica", "warriors", "warlock"} {
		g := shipped(t, id)
		src, left, err := g.GoSource("play")
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		again, _, err := g.GoSource("play")
		if err != nil || !bytes.Equal(src, again) {
			t.Errorf("%s: two compilations differ (%v)", id, err)
		}
		for _, l := range left {
			if !strings.Contains(l, ": ") {
				t.Errorf("%s: %q says not why", id, l)
			}
		}
		if id == "hearts" && len(left) > 0 {
			t.Errorf("hearts: left to the interpreter: %v", left)
		}
		t.Logf("%s: %d functions left to the interpreter", id, len(left))
	}
}

// TestGoSourceOwnLists: a function compiles only if each local list it
// grows in place is its own, since two names of one Starlark list are two
// slices in Go: each case left to the interpreter says why.
func TestGoSourceOwnLists(t *testing.T) {
	helpers := `
def fresh_grown(g, p):
    out = []
    for c in g.hand[p]:
        out.append(c.value)
    out += [1]
    return len(out) + count(out) + max(out)

def count(xs):
    return len(xs)

def grows_param(xs):
    xs.append(1)
    return len(xs)

def aliased(g):
    a = []
    b = a
    b.append(1)
    return len(a)

def kept_in_tuple(g):
    a = []
    t = (a, 1)
    a.append(2)
    return len(t[0])

def kept_by_plus_eq(g):
    a = [1]
    b = [a]
    a += [2]
    return len(b[0])

def loop_var(g):
    n = 0
    for a in [[1], [2]]:
        a.append(3)
        n += len(a)
    return n

def given_a_call(g):
    a = count_list(g)
    a.append(1)
    return len(a)

def count_list(g):
    return [g.players]

def either(g):
    a = [1]
    b = min(a, [0])
    a.append(1)
    return len(b)

def legal_discard(g, p):
    """§play: any card of the hand."""
    if fresh_grown(g, p) + grows_param([]) + aliased(g) + kept_in_tuple(g) + kept_by_plus_eq(g) + loop_var(g) + given_a_call(g) + either(g) < 0:
        return []
    return g.hand[p]

def unused_legal`
	g, d := mini(t, "def legal_discard", helpers)
	if d.HasErrors() {
		t.Fatal(d)
	}
	_, left, err := g.GoSource("play")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"grows_param":     "grows its parameter xs in place",
		"aliased":         "b is given a list that may be another's",
		"kept_in_tuple":   "a is handed on where it may be kept",
		"kept_by_plus_eq": "a is handed on where it may be kept",
		"loop_var":        "a is each element of a list in turn",
		"given_a_call":    "a is given a list that may be another's",
		"either":          "a is handed on where it may be kept",
	}
	got := map[string]string{}
	for _, l := range left {
		name, why, _ := strings.Cut(l, ": ")
		got[name] = why
	}
	for name, reason := range want {
		if !strings.Contains(got[name], reason) {
			t.Errorf("%s: left %q, want a reason with %q", name, got[name], reason)
		}
	}
	for _, name := range []string{"fresh_grown", "count", "count_list"} {
		if why, ok := got[name]; ok {
			t.Errorf("%s is left to the interpreter: %s", name, why)
		}
	}
	if t.Failed() {
		t.Logf("left: %q", left)
	}
}
