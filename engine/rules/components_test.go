package rules

import (
	"strings"
	"testing"
)

// TestComponents: the rules read each component's count, faces and kind
// from the data, and a component the game does not have is reported where
// the rules name it.
func TestComponents(t *testing.T) {
	data := `
[[component]]
id = "die"
kind = "die"
count = 1
faces = 6

[[component]]
id = "coin"
kind = "token"
count = 12
`
	locale := `
[component.die]
one = "die"
other = "dice"
[component.coin]
one = "coin"
other = "coins"
`
	g, d := miniWith(t, data, locale,
		`PLAYER = {"total": 0}`, "PLAYER = {\"total\": components.coin.count}\nGAME = {\"faces\": components.die.faces, \"dice\": components.die.count, \"token\": components.coin.kind == \"token\"}")
	if d.HasErrors() {
		t.Fatal(d)
	}
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	o := s.Observation(0).(*Observation)
	if o.Seats[0]["total"] != 12 || o.Vars["faces"] != 6 || o.Vars["dice"] != 1 || o.Vars["token"] != 1 {
		t.Errorf("got %v and %v, want a total of 12, 6 faces, 1 die, a token", o.Seats[0], o.Vars)
	}
	_, d = miniWith(t, data, locale, `    return [g.total[p] for p in range(g.players)]`, `    return [g.total[p] + components.coins.count for p in range(g.players)]`)
	if !d.HasErrors() || !strings.Contains(d.String(), `the game has no component "coins"`) || !strings.Contains(d.String(), `did you mean "coin"`) {
		t.Errorf("got %v, want the unknown component reported", d)
	}
}
