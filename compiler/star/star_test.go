package star_test

import (
	"errors"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/star"
)

// TestCompileTogether: a game's files are one module: a function of one
// file calls another file's, whichever comes first, and the predeclared
// names reach them all.
func TestCompileTogether(t *testing.T) {
	files := []*model.RulesFile{
		{Name: "cards/g/a.star", Src: "def score(n):\n    return double(n) + bonus\n"},
		{Name: "cards/g/b.star", Src: "def double(n):\n    return 2 * n\n"},
	}
	p, d := star.Compile(files, starlark.StringDict{"bonus": starlark.MakeInt(1)}, 1000)
	if len(d) > 0 {
		t.Fatal(d)
	}
	v, err := p.Call("score", starlark.MakeInt(20))
	if err != nil {
		t.Fatal(err)
	}
	if v.String() != "41" {
		t.Errorf("score(20) = %s; want 41", v)
	}
	if !p.Has("double") || p.Has("triple") {
		t.Error("Has does not tell the rules' globals")
	}
}

// TestCompileErrors: what does not compile is reported where it stands,
// in its file, with the column counted in bytes.
func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "def f(:\n", "cards/g/r.star:1:8: error: got ':', want ')' [G501]"},
		// é is two bytes: deal stands at byte 18, character 17.
		{"undefined", "def f():\n    return  é + deal()\n", "cards/g/r.star:2:13: error: undefined: é [G501]\ncards/g/r.star:2:18: error: undefined: deal [G501]"},
		{"load", "load(\"x.star\", \"y\")\n", "cards/g/r.star:1:1: error: a rules file loads nothing: every .star file of the game's directory is read with the others [G501]"},
		{"top level", "x = [1, 2][5]\n", "cards/g/r.star:1:11: error: the rules' top level fails: list index 5 out of range [-2:1] [G501]"},
		{"while", "def f():\n    while True:\n        pass\n", "cards/g/r.star:2:5: error: this Starlark dialect does not support while loops [G501]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, d := star.Compile([]*model.RulesFile{{Name: "cards/g/r.star", Src: tt.src}}, starlark.StringDict{}, 1000)
			if got := strings.TrimSpace(d.String()); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestStepBudget: a call that would run past its budget stops, and its
// error says so at the place in the rules where it was.
func TestStepBudget(t *testing.T) {
	src := "def spin(n):\n    total = 0\n    for i in range(n):\n        for j in range(n):\n            total += i * j\n    return total\n"
	p, d := star.Compile([]*model.RulesFile{{Name: "cards/g/r.star", Src: src}}, starlark.StringDict{}, 10_000)
	if len(d) > 0 {
		t.Fatal(d)
	}
	if _, err := p.Call("spin", starlark.MakeInt(10)); err != nil {
		t.Fatalf("a small call fails: %v", err)
	}
	_, err := p.Call("spin", starlark.MakeInt(1_000_000))
	var se *star.Error
	if !errors.As(err, &se) {
		t.Fatalf("a runaway call gives %v; want a *star.Error", err)
	}
	if se.Pos.File != "cards/g/r.star" || se.Pos.Line < 3 || se.Pos.Line > 5 || !strings.Contains(se.Msg, "more than 10000 steps") {
		t.Errorf("runaway call: %v; want a line of the loops and the budget", se)
	}
	// Each call has its own budget: the program still runs.
	if _, err := p.Call("spin", starlark.MakeInt(10)); err != nil {
		t.Errorf("after a runaway call, a small call fails: %v", err)
	}
}

// TestNoWorld: the rules reach nothing outside themselves: no load, no
// print that escapes, and the globals are frozen between calls.
func TestNoWorld(t *testing.T) {
	src := "seen = []\ndef remember(x):\n    seen.append(x)\n"
	p, d := star.Compile([]*model.RulesFile{{Name: "cards/g/r.star", Src: src}}, starlark.StringDict{}, 1000)
	if len(d) > 0 {
		t.Fatal(d)
	}
	if _, err := p.Call("remember", starlark.MakeInt(1)); err == nil || !strings.Contains(err.Error(), "frozen") {
		t.Errorf("a call changes a global: %v; want a frozen-list error", err)
	}
}
