package mcts

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// nim is a pile of stones from which players take 1 to 3 in turn; who
// takes the last wins. redeals counts the re-deals asked of its copies.
type nim struct {
	stones, toMove, winner int
	redeals                *int
	onRedeal               func(k int) // called with the count after each re-deal
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
	if s.onRedeal != nil {
		s.onRedeal(*s.redeals)
	}
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
		{"mcts:300:c=0.7", true, false, 300},
		{"mcts:300:eps=1:c=0", true, false, 300},
		{"mcts:300:eps=1.5", true, true, 0},
		{"mcts:300:c=-1", true, true, 0},
		{"mcts:300:depth=4", true, true, 0},
		{"mcts:300:c", true, true, 0},
		{"mcts:300:score=2", true, true, 0},
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
		if got := rewards(nil, tc.ret); !slices.Equal(got, tc.want) {
			t.Errorf("rewards(%v) = %v; want %v", tc.ret, got, tc.want)
		}
	}
}

// TestScoreInRewards: a reward weighs the win 1-score and the return's
// place between the lowest and the highest score.
func TestScoreInRewards(t *testing.T) {
	for _, tc := range []struct {
		score     float64
		ret, want []float64
	}{
		{0, []float64{10, 30, 20, 5}, []float64{0, 1, 0, 0}},
		{0.3, []float64{10, 30, 20, 5}, []float64{0.06, 1, 0.18, 0}},
		{0.5, []float64{30, 30, 20, 10}, []float64{0.75, 0.75, 0.25, 0}},
		{0.3, []float64{7, 7}, []float64{0.5, 0.5}},
	} {
		b := New(1)
		b.score = tc.score
		got := b.rewards(tc.ret)
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Errorf("rewards(%v) with score %v = %v; want %v", tc.ret, tc.score, got, tc.want)
				break
			}
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

func TestFromNameSettings(t *testing.T) {
	for _, tc := range []struct {
		name              string
		c, epsilon, score float64
	}{
		{"mcts", DefaultC, DefaultEpsilon, DefaultScore},
		{"mcts:10", DefaultC, DefaultEpsilon, DefaultScore},
		{"mcts:10:c=0.7", 0.7, DefaultEpsilon, DefaultScore},
		{"mcts:10:eps=1:c=0", 0, 1, DefaultScore},
		{"mcts:10:eps=0:score=0", DefaultC, 0, 0},
		{"mcts:10:score=1", DefaultC, DefaultEpsilon, 1},
	} {
		b, _, err := FromName(tc.name)
		if err != nil {
			t.Fatalf("FromName(%q): %v", tc.name, err)
		}
		if m := b.(*Bot); m.c != tc.c || m.epsilon != tc.epsilon || m.score != tc.score {
			t.Errorf("FromName(%q) has c %v, eps %v, score %v; want %v, %v, %v", tc.name, m.c, m.epsilon, m.score, tc.c, tc.epsilon, tc.score)
		}
	}
}

// TestPlayOutFollowsAverages: with epsilon 0 a play-out plays the action
// of best average, an action never played counting as a win; with epsilon
// 1 it plays them all.
func TestPlayOutFollowsAverages(t *testing.T) {
	b := New(1)
	for _, m := range []struct {
		a      engine.Action
		reward float64
		n      int
	}{{2, 0.9, 10}, {4, 0.5, 10}, {7, 0.2, 10}} {
		st := b.stat(1, m.a)
		st.sum, st.n = m.reward*float64(m.n), m.n
	}
	rng := engine.NewRNG(1)
	for _, tc := range []struct {
		legal []engine.Action
		want  []engine.Action // the actions played, epsilon 0
	}{
		{[]engine.Action{2, 4, 7}, []engine.Action{2}},
		{[]engine.Action{4, 7}, []engine.Action{4}},
		{[]engine.Action{2, 5, 9}, []engine.Action{5, 9}}, // untried first
	} {
		b.legal, b.epsilon = tc.legal, 0
		seen := map[engine.Action]bool{}
		for range 200 {
			seen[b.playOut(1, &rng)] = true
		}
		var got []engine.Action
		for a := range seen {
			got = append(got, a)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("play-outs among %v with epsilon 0 played %v; want %v", tc.legal, got, tc.want)
		}
		b.epsilon = 1
		clear(seen)
		for range 200 {
			seen[b.playOut(1, &rng)] = true
		}
		if len(seen) != len(tc.legal) {
			t.Errorf("play-outs among %v with epsilon 1 played %d of them; want all", tc.legal, len(seen))
		}
	}
}

// TestAveragesLearnt: a search leaves an average for each action played,
// and the averages carry a reward.
func TestAveragesLearnt(t *testing.T) {
	n := 0
	s := &nim{stones: 9, redeals: &n}
	rng := engine.NewRNG(1)
	b := New(500)
	b.Act(engine.SeatOf(s, 0), s.LegalActions(nil), &rng)
	wins := 0.0
	for p := range 2 {
		for a := engine.Action(1); a <= 3; a++ {
			st := b.stat(p, a)
			if st.n == 0 {
				t.Errorf("player %d's action %d has no average after a search", p, a)
			}
			wins += st.sum
		}
	}
	if wins == 0 {
		t.Error("the averages hold no win")
	}
}

// TestStopsWhenCancelled: a bot whose context is done searches no more
// and still plays a legal action; one cancelled during its search stops
// within a few iterations.
func TestStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n := 0
	s := &nim{stones: 9, redeals: &n}
	rng := engine.NewRNG(1)
	b := New(100_000)
	b.SetContext(ctx)
	legal := s.LegalActions(nil)
	if got := b.Act(engine.SeatOf(s, 0), legal, &rng); !slices.Contains(legal, got) || n > stopEvery {
		t.Errorf("Act after cancellation = %d after %d re-deals; want a legal action after at most %d", got, n, stopEvery)
	}

	const after = 100
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	n = 0
	s = &nim{stones: 9, redeals: &n, onRedeal: func(k int) {
		if k == after {
			cancel()
		}
	}}
	b = New(100_000)
	b.SetContext(ctx)
	if got := b.Act(engine.SeatOf(s, 0), legal, &rng); !slices.Contains(legal, got) || n > after+stopEvery {
		t.Errorf("Act cancelled after %d re-deals = %d after %d re-deals; want a legal action after at most %d", after, got, n, after+stopEvery)
	}
}

// TestDeterministic: the same seed gives the same choices, move after
// move, averages carried over included.
func TestDeterministic(t *testing.T) {
	play := func() []engine.Action {
		n := 0
		s := &nim{stones: 21, redeals: &n}
		rng := engine.NewRNG(5)
		bots := []*Bot{New(60), New(40)}
		var got []engine.Action
		for !s.IsTerminal() {
			a := bots[s.toMove].Act(engine.SeatOf(s, s.toMove), s.LegalActions(nil), &rng)
			got = append(got, a)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		return got
	}
	if a, b := play(), play(); !slices.Equal(a, b) {
		t.Errorf("two games from seed 5 played %v and %v; want the same", a, b)
	}
}

// endless is a game random play never ends: a search must still return.
type endless struct{ nim }

func (s *endless) IsTerminal() bool   { return false }
func (s *endless) CurrentPlayer() int { return s.toMove }
func (s *endless) LegalActions(dst []engine.Action) []engine.Action {
	return append(dst[:0], 1, 2)
}
func (s *endless) Apply(engine.Action) error { s.toMove = 1 - s.toMove; return nil }
func (s *endless) Clone() engine.State       { c := *s; return &c }
func (s *endless) Redealt(int, *engine.RNG) engine.State {
	*s.redeals++
	return s.Clone()
}

// TestEndlessPlayOut: a play-out that does not end is dropped once it is
// as long as the longest game, and the bot still plays.
func TestEndlessPlayOut(t *testing.T) {
	n := 0
	s := &endless{nim{redeals: &n}}
	rng := engine.NewRNG(1)
	legal := s.LegalActions(nil)
	if got := New(3).Act(engine.SeatOf(s, 0), legal, &rng); !slices.Contains(legal, got) || n != 3 {
		t.Errorf("Act in an endless game = %d after %d re-deals; want a legal action after 3", got, n)
	}
}
