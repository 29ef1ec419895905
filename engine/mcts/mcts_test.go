package mcts

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// nim is a pile of stones from which players take 1 to 3 in turn; who
// takes the last wins. redeals counts the re-deals asked of its copies.
type nim struct {
	stones, toMove, winner int
	redeals                *int
}

func (s *nim) NumPlayers() int { return 2 }
func (s *nim) CurrentPlayer() int {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return s.toMove
}

func (s *nim) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	for a := 1; a <= min(3, s.stones); a++ {
		dst = append(dst, engine.Action(a))
	}
	return dst
}

func (s *nim) Apply(a engine.Action) error {
	if a < 1 || int(a) > min(3, s.stones) {
		return engine.Illegal(a, s.LegalActions(nil))
	}
	s.stones -= int(a)
	if s.stones == 0 {
		s.winner = s.toMove
	}
	s.toMove = 1 - s.toMove
	return nil
}

func (s *nim) IsTerminal() bool { return s.stones == 0 }
func (s *nim) Returns() []float64 {
	out := make([]float64, 2)
	if s.IsTerminal() {
		out[s.winner] = 1
	}
	return out
}
func (s *nim) Clone() engine.State                           { c := *s; return &c }
func (s *nim) Hash() uint64                                  { return uint64(s.stones<<1 | s.toMove) }
func (s *nim) ActionString(a engine.Action, _ string) string { return fmt.Sprint(a) }
func (s *nim) Observation(int) any                           { return s.stones }

// Redealt implements engine.Redealer: nim hides nothing.
func (s *nim) Redealt(int, *engine.RNG) engine.State {
	*s.redeals++
	return s.Clone()
}

// plain is a state without a re-deal.
type plain struct{ engine.State }

func TestFindsTheWinningMove(t *testing.T) {
	for _, tc := range []struct{ stones, want int }{
		{5, 1}, {6, 2}, {7, 3}, {9, 1}, {10, 2},
	} {
		t.Run(fmt.Sprint(tc.stones), func(t *testing.T) {
			n := 0
			s := &nim{stones: tc.stones, redeals: &n}
			rng := engine.NewRNG(1)
			legal := s.LegalActions(nil)
			got := New(2000).Act(engine.SeatOf(s, 0), legal, &rng)
			if int(got) != tc.want {
				t.Errorf("Act with %d stones = take %d; want take %d", tc.stones, got, tc.want)
			}
			if n != 2000 {
				t.Errorf("Act re-dealt %d times; want once per iteration, 2000", n)
			}
		})
	}
}

func TestNoSearchForOneAction(t *testing.T) {
	n := 0
	s := &nim{stones: 1, redeals: &n}
	rng := engine.NewRNG(1)
	if got := New(100).Act(engine.SeatOf(s, 0), []engine.Action{1}, &rng); got != 1 || n != 0 {
		t.Errorf("Act with one legal action = %d after %d re-deals; want 1 after 0", got, n)
	}
}

func TestPanicsWithoutRedeal(t *testing.T) {
	n := 0
	s := plain{&nim{stones: 5, redeals: &n}}
	rng := engine.NewRNG(1)
	defer func() {
		if recover() == nil {
			t.Error("Act on a state with no re-deal did not panic")
		}
	}()
	New(10).Act(engine.SeatOf(s, 0), s.LegalActions(nil), &rng)
}

func TestFromName(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ok, err bool
		iters   int
	}{
		{"mcts", true, false, DefaultIterations},
		{"mcts:250", true, false, 250},
		{"mcts:0", true, true, 0},
		{"mcts:-3", true, true, 0},
		{"mcts:many", true, true, 0},
		{"mcts:", true, true, 0},
		{"greedy", false, false, 0},
		{"mctsx:10", false, false, 0},
	} {
		b, ok, err := FromName(tc.name)
		if ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("FromName(%q) = ok %v, error %v; want ok %v, error %v", tc.name, ok, err, tc.ok, tc.err)
			continue
		}
		if tc.iters > 0 && b.(*Bot).iterations != tc.iters {
			t.Errorf("FromName(%q) has %d iterations; want %d", tc.name, b.(*Bot).iterations, tc.iters)
		}
		if err != nil && b != nil {
			t.Errorf("FromName(%q) returned a bot with its error", tc.name)
		}
	}
}

func TestRewards(t *testing.T) {
	for _, tc := range []struct {
		ret, want []float64
	}{
		{[]float64{10, 30, 20, 5}, []float64{0, 1, 0, 0}},
		{[]float64{30, 30, 20, 5}, []float64{0.5, 0.5, 0, 0}},
		{[]float64{-2, -1}, []float64{0, 1}},
		{[]float64{7, 7, 7}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}},
	} {
		if got := rewards(tc.ret); !slices.Equal(got, tc.want) {
			t.Errorf("rewards(%v) = %v; want %v", tc.ret, got, tc.want)
		}
	}
}

func TestChildrenSorted(t *testing.T) {
	var n node
	for _, k := range [][2]int{{1, 5}, {0, 9}, {1, 2}, {0, 3}, {2, 0}} {
		n.add(k[0], engine.Action(k[1]))
	}
	var got [][2]int
	for _, c := range n.children {
		got = append(got, [2]int{c.player, int(c.action)})
	}
	want := [][2]int{{0, 3}, {0, 9}, {1, 2}, {1, 5}, {2, 0}}
	if !slices.Equal(got, want) {
		t.Errorf("children = %v; want %v", got, want)
	}
	for _, k := range want {
		if c := n.child(k[0], engine.Action(k[1])); c == nil || c.player != k[0] || int(c.action) != k[1] {
			t.Errorf("child(%d, %d) = %v", k[0], k[1], c)
		}
	}
	if c := n.child(1, 3); c != nil {
		t.Errorf("child(1, 3) = %v; want nil", c)
	}
}
