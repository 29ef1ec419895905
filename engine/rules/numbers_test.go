package rules

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestActionNumbers: the numbers another engine asks for are the ones
// the rules engine plays and names.
func TestActionNumbers(t *testing.T) {
	g := shipped(t, "warriors")
	s, err := g.New(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Warriors' attack is played on (Faction, Player, Target): the first
	// part varies the slowest.
	a, err := g.ActionNumber("attack", 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.ActionNumber("attack", 0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := g.ActionNumber("attack", 0, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if b != a+1 || c <= b {
		t.Errorf("attack numbers %d, %d, %d: the last part should vary the fastest", a, b, c)
	}
	if got := s.ActionKind(a); got != "attack" {
		t.Errorf("ActionKind(%d) = %q, want attack", a, got)
	}
	if got := s.ActionString(c, "en"); !strings.Contains(got, "Player 2") {
		t.Errorf("ActionString(%d) = %q, want player 2", c, got)
	}
	stop, err := g.ActionNumber("stop")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ActionKind(stop); got != "stop" {
		t.Errorf("ActionKind(%d) = %q, want stop", stop, got)
	}
	for _, d := range []int{0, 5} {
		n, err := g.DrawNumber(d)
		if err != nil || int(n) != d || s.ActionKind(n) != "chance" {
			t.Errorf("DrawNumber(%d) = %d, %v", d, n, err)
		}
	}
	die, err := g.OutcomeNumber(0)
	if err != nil || s.ActionKind(die) != "chance" {
		t.Errorf("OutcomeNumber(0) = %d, %v", die, err)
	}
	for _, tc := range []struct {
		f    func() (engine.Action, error)
		want string
	}{
		{func() (engine.Action, error) { return g.ActionNumber("fly") }, "no action fly"},
		{func() (engine.Action, error) { return g.ActionNumber("stop", 1) }, "played on 0 parts, not 1"},
		{func() (engine.Action, error) { return g.ActionNumber("attack", 0, 0, 99) }, "not from 0 to"},
		{func() (engine.Action, error) { return g.DrawNumber(-1) }, "no card -1"},
		{func() (engine.Action, error) { return g.OutcomeNumber(99) }, "not 99"},
	} {
		if _, err := tc.f(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error with %q", err, tc.want)
		}
	}
}

// TestPositionHash: a position's hash leaves out the order of a zone's
// cards, zeros and empty zones, and tells apart everything else.
func TestPositionHash(t *testing.T) {
	base := func() *Position {
		p := NewPosition(2, 0, "play")
		p.Vars["round"] = 3
		p.Seats[1]["score"] = 7
		p.Zones["row"] = []string{"b", "a", "c"}
		p.SeatZones[0]["hand"] = []string{"x", "y"}
		return p
	}
	h := base().Hash()
	same := map[string]func(p *Position){
		"row reordered":    func(p *Position) { p.Zones["row"] = []string{"c", "b", "a"} },
		"a zero variable":  func(p *Position) { p.Vars["extra"] = 0 },
		"an empty zone":    func(p *Position) { p.SeatZones[1]["hand"] = nil },
		"a zero seat var":  func(p *Position) { p.Seats[0]["score"] = 0 },
		"nothing changed":  func(*Position) {},
		"empty table zone": func(p *Position) { p.Zones["discard"] = []string{} },
	}
	for name, f := range same {
		p := base()
		f(p)
		if p.Hash() != h {
			t.Errorf("%s: the hash changed", name)
		}
	}
	differ := map[string]func(p *Position){
		"players": func(p *Position) {
			p.Players = 3
			p.Seats = append(p.Seats, nil)
			p.SeatZones = append(p.SeatZones, nil)
		},
		"turn":              func(p *Position) { p.Turn = engine.Chance },
		"phase":             func(p *Position) { p.Phase = "pass" },
		"a variable":        func(p *Position) { p.Vars["round"] = 4 },
		"a seat's variable": func(p *Position) { p.Seats[1]["score"] = 8 },
		"whose variable":    func(p *Position) { p.Seats[0]["score"], p.Seats[1]["score"] = 7, 0 },
		"a card moved": func(p *Position) {
			p.Zones["row"] = []string{"a", "b"}
			p.SeatZones[0]["hand"] = []string{"c", "x", "y"}
		},
		"a card replaced": func(p *Position) { p.Zones["row"] = []string{"a", "b", "d"} },
		"a zone renamed":  func(p *Position) { p.Zones["line"], p.Zones["row"] = p.Zones["row"], nil },
		"whose hand":      func(p *Position) { p.SeatZones[1]["hand"], p.SeatZones[0]["hand"] = p.SeatZones[0]["hand"], nil },
	}
	for name, f := range differ {
		p := base()
		f(p)
		if p.Hash() == h {
			t.Errorf("%s: the hash is the same", name)
		}
	}
}

// TestPositionOfState: a state's Hash is its position's, and the
// position holds every card of the game.
func TestPositionOfState(t *testing.T) {
	g := shipped(t, "hearts")
	s, err := g.New(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(9)
	for range 60 {
		p := s.Position()
		if s.Hash() != p.Hash() {
			t.Fatal("Hash is not the position's hash")
		}
		n := 0
		for _, z := range p.Zones {
			n += len(z)
		}
		for _, sz := range p.SeatZones {
			for _, z := range sz {
				n += len(z)
			}
		}
		if n != 52 {
			t.Fatalf("the position holds %d cards, want 52", n)
		}
		if p.Turn != s.CurrentPlayer() {
			t.Fatalf("turn %d, want %d", p.Turn, s.CurrentPlayer())
		}
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = s.SampleChance()
		} else {
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}
