package lockstep

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// twins is a game of one seat and three moves, in which two actions have
// one name ("a coin"): the first adds 1, the second 10; "a die" adds 100.
// swap gives the coins' actions the other order, as an engine that
// numbers them the other way round would.
type twins struct{ swap bool }

func (g twins) ID() string          { return "twins" }
func (g twins) Players() (int, int) { return 1, 1 }
func (g twins) NewState(int, uint64) (engine.State, error) {
	return &twinState{swap: g.swap}, nil
}

type twinState struct {
	swap       bool
	sum, moves int
}

func (s *twinState) NumPlayers() int { return 1 }
func (s *twinState) CurrentPlayer() int {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return 0
}
func (s *twinState) LegalActions(dst []engine.Action) []engine.Action {
	if s.IsTerminal() {
		return dst[:0]
	}
	return append(dst[:0], 0, 1, 2)
}
func (s *twinState) Apply(a engine.Action) error {
	add := []int{1, 10, 100}
	if s.swap {
		add = []int{10, 1, 100}
	}
	s.sum += add[a]
	s.moves++
	return nil
}
func (s *twinState) IsTerminal() bool    { return s.moves == 3 }
func (s *twinState) Returns() []float64  { return []float64{float64(s.sum)} }
func (s *twinState) Clone() engine.State { c := *s; return &c }
func (s *twinState) Hash() uint64        { return uint64(s.sum) }
func (s *twinState) Observation(int) any { return s.sum }
func (s *twinState) ActionString(a engine.Action, _ string) string {
	if a == 2 {
		return "a die"
	}
	return "a coin"
}

// TestSameNames: actions of one name are matched in their order, so two
// engines that number them alike agree, and two that number them apart
// are told apart.
func TestSameNames(t *testing.T) {
	if err := Run(Config{A: twins{}, B: twins{}, Players: 1, Games: 20, Seed: 1}); err != nil {
		t.Errorf("the same game differs: %v", err)
	}
	err := Run(Config{A: twins{}, B: twins{swap: true}, Players: 1, Games: 20, Seed: 1})
	var d *Difference
	if !errors.As(err, &d) || !strings.Contains(d.What, "observation differs") {
		t.Errorf("got %v, want an observation that differs", err)
	}
}

// TestCompareCounts: each name must come as many times in both engines.
func TestCompareCounts(t *testing.T) {
	b := map[string][]engine.Action{"a coin": {0}, "a die": {2}}
	if got := compare([]string{"a coin", "a coin", "a die"}, b); !strings.Contains(got, "a coin (2 times, 1 in B)") {
		t.Errorf("got %q", got)
	}
	if got := compare([]string{"a coin", "a die"}, b); got != "" {
		t.Errorf("got %q, want none", got)
	}
	if got := compare([]string{"a die"}, b); got != fmt.Sprintf("only in A: []; only in B: [%s]", "a coin") {
		t.Errorf("got %q", got)
	}
}

// die is a game of one die rolled by chance, then one move; flip reads
// the generator the other way round, as an engine that draws its
// outcomes otherwise would.
type die struct{ flip bool }

func (g die) ID() string          { return "die" }
func (g die) Players() (int, int) { return 1, 1 }
func (g die) NewState(_ int, seed uint64) (engine.State, error) {
	return &dieState{flip: g.flip, rng: engine.NewRNG(seed)}, nil
}

type dieState struct {
	flip        bool
	rng         engine.RNG
	face, moves int
}

func (s *dieState) NumPlayers() int { return 1 }
func (s *dieState) CurrentPlayer() int {
	switch s.moves {
	case 0:
		return engine.Chance
	case 1:
		return 0
	}
	return engine.Terminal
}
func (s *dieState) LegalActions(dst []engine.Action) []engine.Action {
	switch s.moves {
	case 0:
		return append(dst[:0], 1, 2, 3, 4, 5, 6)
	case 1:
		return append(dst[:0], 0)
	}
	return dst[:0]
}
func (s *dieState) SampleChance() engine.Action {
	x := s.rng.IntN(6)
	if s.flip {
		x = 5 - x
	}
	return engine.Action(x + 1)
}
func (s *dieState) Apply(a engine.Action) error {
	if s.moves == 0 {
		s.face = int(a)
	}
	s.moves++
	return nil
}
func (s *dieState) IsTerminal() bool    { return s.moves == 2 }
func (s *dieState) Returns() []float64  { return []float64{float64(s.face)} }
func (s *dieState) Clone() engine.State { c := *s; return &c }
func (s *dieState) Hash() uint64        { return uint64(s.face) }
func (s *dieState) Observation(int) any { return s.face }
func (s *dieState) ActionString(a engine.Action, _ string) string {
	return fmt.Sprint("roll ", int(a))
}

// TestSampleChance: with SampleChance, two engines that draw their
// outcomes alike from one seed agree, and two that draw them otherwise
// are told apart, though they roll the same die.
func TestSampleChance(t *testing.T) {
	if err := Run(Config{A: die{}, B: die{}, Players: 1, Games: 20, Seed: 1, SampleChance: true}); err != nil {
		t.Errorf("the same game differs: %v", err)
	}
	if err := Run(Config{A: die{}, B: die{flip: true}, Players: 1, Games: 20, Seed: 1}); err != nil {
		t.Errorf("without SampleChance, outcomes are picked alike: %v", err)
	}
	err := Run(Config{A: die{}, B: die{flip: true}, Players: 1, Games: 20, Seed: 1, SampleChance: true})
	var d *Difference
	if !errors.As(err, &d) || !strings.Contains(d.What, "draw different chance outcomes") {
		t.Errorf("got %v, want different chance outcomes", err)
	}
}

// TestSameOrder: with SameOrder, two engines that list the same actions
// in another order are told apart.
func TestSameOrder(t *testing.T) {
	if err := Run(Config{A: twins{}, B: twins{}, Players: 1, Games: 5, Seed: 1, SameOrder: true}); err != nil {
		t.Errorf("the same game differs: %v", err)
	}
	err := Run(Config{A: die{}, B: reversed{die{}}, Players: 1, Games: 5, Seed: 1, SameOrder: true})
	var d *Difference
	if !errors.As(err, &d) || !strings.Contains(d.What, "in another order") {
		t.Errorf("got %v, want the legal actions in another order", err)
	}
}

// reversed numbers a die's faces from 6 down, as an engine that numbers
// its outcomes otherwise would.
type reversed struct{ die }

func (g reversed) NewState(n int, seed uint64) (engine.State, error) {
	s, err := g.die.NewState(n, seed)
	return &reversedState{s.(*dieState)}, err
}

type reversedState struct{ *dieState }

func (s *reversedState) Apply(a engine.Action) error {
	if s.moves == 0 {
		a = 7 - a
	}
	return s.dieState.Apply(a)
}
func (s *reversedState) ActionString(a engine.Action, lang string) string {
	if s.moves == 0 {
		a = 7 - a
	}
	return s.dieState.ActionString(a, lang)
}
func (s *reversedState) Clone() engine.State { c := *s.dieState; return &reversedState{&c} }

// TestSameNumbers: two engines that give the same actions the same
// numbers agree; one that numbers a die's faces the other way round does
// not, though its actions have the same numbers and names.
func TestSameNumbers(t *testing.T) {
	if err := Run(Config{A: die{}, B: die{}, Players: 1, Games: 5, Seed: 1, SameNumbers: true}); err != nil {
		t.Errorf("the same game differs: %v", err)
	}
	err := Run(Config{A: die{}, B: reversed{die{}}, Players: 1, Games: 5, Seed: 1, SameNumbers: true})
	var d *Difference
	if !errors.As(err, &d) || !strings.Contains(d.What, "in another order") {
		t.Errorf("got %v, want the legal actions in another order", err)
	}
	err = Run(Config{A: twins{}, B: shifted{}, Players: 1, Games: 5, Seed: 1, SameNumbers: true})
	if !errors.As(err, &d) || !strings.Contains(d.What, "other numbers") {
		t.Errorf("got %v, want the legal actions to have other numbers", err)
	}
}

// shifted numbers twins' actions from 10.
type shifted struct{ twins }

func (g shifted) NewState(n int, seed uint64) (engine.State, error) {
	s, err := g.twins.NewState(n, seed)
	return &shiftedState{s.(*twinState)}, err
}

type shiftedState struct{ *twinState }

func (s *shiftedState) LegalActions(dst []engine.Action) []engine.Action {
	dst = s.twinState.LegalActions(dst)
	for i := range dst {
		dst[i] += 10
	}
	return dst
}
func (s *shiftedState) Apply(a engine.Action) error { return s.twinState.Apply(a - 10) }
func (s *shiftedState) ActionString(a engine.Action, lang string) string {
	return s.twinState.ActionString(a-10, lang)
}
func (s *shiftedState) Clone() engine.State { c := *s.twinState; return &shiftedState{&c} }

// TestSameHash: two states that hash alike agree; where they part, the
// difference shows the first line of their positions that differs.
func TestSameHash(t *testing.T) {
	pos := func(s engine.State) any {
		return map[string]any{"game": map[string]int{"moves": s.(*twinState).moves, "sum": s.(*twinState).sum}}
	}
	if err := Run(Config{A: twins{}, B: twins{}, Players: 1, Games: 5, Seed: 1, SameHash: true, Position: pos}); err != nil {
		t.Errorf("the same game differs: %v", err)
	}
	err := Run(Config{A: twins{}, B: twins{swap: true}, Players: 1, Games: 20, Seed: 1, SameHash: true, Position: pos})
	var d *Difference
	if !errors.As(err, &d) || !strings.Contains(d.What, "hash differently: at game:\nA: \"sum\": 1") {
		t.Errorf("got %v, want the sums to differ", err)
	}
}
