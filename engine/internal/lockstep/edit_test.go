package lockstep

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestEdit: each old string is replaced once, in whichever file holds
// it, the model given is left as it was, and an edit that finds nothing
// to replace is an error.
func TestEdit(t *testing.T) {
	m := &model.Game{ID: "g", Rules: []*model.RulesFile{{Name: "a.star", Src: "x = 1\nx = 1\n"}, {Name: "b.star", Src: "y = 2\n"}}}
	e, err := Edit(m, "x = 1", "x = 3", "y = 2", "y = 4")
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Rules[0].Src + e.Rules[1].Src; got != "x = 3\nx = 1\ny = 4\n" {
		t.Errorf("edited rules %q", got)
	}
	if m.Rules[0].Src != "x = 1\nx = 1\n" || m.Rules[1].Src != "y = 2\n" {
		t.Errorf("the model given changed: %q, %q", m.Rules[0].Src, m.Rules[1].Src)
	}
	for _, tc := range []struct {
		edits []string
		want  string
	}{
		{[]string{"z = 0", "z = 1"}, `the rules have no "z = 0"`},
		{[]string{"x = 1"}, "edits come in pairs"},
	} {
		if _, err := Edit(m, tc.edits...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Edit(%q): got %v, want %q", tc.edits, err, tc.want)
		}
	}
}
