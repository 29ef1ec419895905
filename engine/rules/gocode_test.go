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
