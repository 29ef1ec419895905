package enginetest

import (
	"fmt"
	"hash/fnv"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// cards is a tiny game of hidden cards for testing the checker: six cards
// numbered 0 to 5 are shuffled, each of two players holds one, the rest
// are a face-down pile. In turn, a player keeps their card (action 0) or
// discards it face up and takes the top of the pile (action 1), four
// turns in all; the higher card wins. Its flaws are for the tests.
type cards struct {
	rng     engine.RNG
	hand    [2]int
	pile    []int
	discard []int
	turn    int
	flaw    string
}

func newCards(flaw string) func(players int, seed uint64) (*cards, error) {
	return func(_ int, seed uint64) (*cards, error) {
		s := &cards{rng: engine.NewRNG(seed), flaw: flaw}
		deck := []int{0, 1, 2, 3, 4, 5}
		s.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		s.hand = [2]int{deck[0], deck[1]}
		s.pile = deck[2:]
		return s, nil
	}
}

func (s *cards) NumPlayers() int { return 2 }

func (s *cards) CurrentPlayer() int {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return s.turn % 2
}

func (s *cards) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	if s.IsTerminal() {
		return dst
	}
	dst = append(dst, 0)
	// The flaw "legal": one may only draw a card higher than one's own.
	if s.flaw != "legal" || s.pile[len(s.pile)-1] > s.hand[s.turn%2] {
		dst = append(dst, 1)
	}
	return dst
}

func (s *cards) Apply(a engine.Action) error {
	legal := s.LegalActions(nil)
	if _, ok := slices.BinarySearch(legal, a); !ok {
		return engine.Illegal(a, legal)
	}
	if a == 1 {
		p := s.turn % 2
		s.discard = append(s.discard, s.hand[p])
		s.hand[p] = s.pile[len(s.pile)-1]
		s.pile = s.pile[:len(s.pile)-1]
	}
	s.turn++
	return nil
}

func (s *cards) IsTerminal() bool { return s.turn == 4 }

func (s *cards) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	return []float64{float64(s.hand[0]), float64(s.hand[1])}
}

func (s *cards) Clone() engine.State { return s.clone() }

func (s *cards) clone() *cards {
	c := *s
	c.pile, c.discard = slices.Clone(s.pile), slices.Clone(s.discard)
	return &c
}

func (s *cards) Hash() uint64 {
	h := fnv.New64a()
	rng := s.rng
	fmt.Fprint(h, s.hand, s.pile, s.discard, s.turn, rng.Uint64())
	return h.Sum64()
}

func (s *cards) ActionString(a engine.Action, _ string) string {
	return [...]string{"keep the card", "draw a card"}[a]
}

type cardsView struct {
	Turn, Hand, Pile int
	Discard          []int
	Other            int `json:"-"`
}

func (s *cards) Observation(p int) any {
	v := cardsView{Turn: s.turn, Hand: s.hand[p], Pile: len(s.pile), Discard: s.discard}
	switch s.flaw {
	case "observation": // the sum of both hands shows
		v.Hand += s.hand[1-p]
	case "go value": // the other hand is in the Go value only
		v.Other = s.hand[1-p]
	}
	return v
}

// redeal deals the pile and the other hand anew; its flaws are for the
// tests.
func (s *cards) redeal(viewer int, rng *engine.RNG) *cards {
	c := s.clone()
	switch s.flaw {
	case "no redeal":
		return c
	case "own card": // deals the viewer's own card too
		viewer = -1
	case "in place": // shuffles the state given
		c = s
	case "lose a card":
		c.pile = c.pile[1:]
		return c
	}
	pool := slices.Clone(c.pile)
	if viewer != 0 {
		pool = append(pool, c.hand[0])
	}
	if viewer != 1 {
		pool = append(pool, c.hand[1])
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for p := range 2 {
		if p != viewer {
			c.hand[p], pool = pool[0], pool[1:]
		}
	}
	c.pile = pool
	c.rng = engine.NewRNG(rng.Uint64())
	return c
}

func (s *cards) conserved() error {
	all := append(append([]int{s.hand[0], s.hand[1]}, s.pile...), s.discard...)
	slices.Sort(all)
	if !slices.Equal(all, []int{0, 1, 2, 3, 4, 5}) {
		return fmt.Errorf("cards %v", all)
	}
	return nil
}

func cardsChecker(flaw string) *Checker[*cards] {
	return &Checker[*cards]{
		New:        newCards(flaw),
		Invariants: (*cards).conserved,
		Step:       func(s *cards) string { return fmt.Sprint("turn ", s.turn) },
		Actions:    2,
		MaxActions: 10,
		Languages:  []string{"en"},
		Redeal:     (*cards).redeal,
	}
}

// fatalTB records the first fatal failure of a check and stops it.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (f *fatalTB) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	runtime.Goexit()
}

// failure plays games of c until one fails, and returns its message.
func failure[S engine.State](c *Checker[S], deep bool) string {
	for seed := range uint64(50) {
		tb := &fatalTB{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			c.Play(tb, 2, seed, deep)
		}()
		<-done
		if tb.msg != "" {
			return tb.msg
		}
	}
	return ""
}

func TestHiddenInformation(t *testing.T) {
	tests := []struct {
		flaw string
		deep bool
		want string // "" for no failure
	}{
		{"", true, ""},
		{"", false, ""},
		{"observation", true, "seat 0 sees what it should not"},
		{"observation", false, "sees what it should not"},
		{"go value", true, "they differ in fields JSON leaves out"},
		{"legal", true, "legal actions tell what it cannot see"},
		{"own card", true, "sees what it should not"},
		{"no redeal", true, "no re-deal changed what another seat sees"},
		{"no redeal", false, ""}, // only deep games check Redeal itself
		{"in place", true, "changed the state re-dealt"},
		{"lose a card", true, "re-dealt for seat 0: cards"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s deep %v", tt.flaw, tt.deep), func(t *testing.T) {
			c := cardsChecker(tt.flaw)
			c.HiddenEvery = 1
			got := failure(c, tt.deep)
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("failure %q; want %q", got, tt.want)
			}
		})
	}
}

// TestHiddenOptional: without Redeal, nothing hidden is checked.
func TestHiddenOptional(t *testing.T) {
	c := cardsChecker("observation")
	c.Redeal = nil
	if got := failure(c, true); got != "" {
		t.Errorf("failure %q without Redeal", got)
	}
}

func TestDiff(t *testing.T) {
	a := cardsView{Turn: 1, Hand: 2, Pile: 3}
	b := a
	b.Hand = 4
	if got := diff(a, b); !strings.Contains(got, `"Hand":2`) || !strings.Contains(got, `"Hand":4`) {
		t.Errorf("diff = %q", got)
	}
	if got := diff(func() {}, a); !strings.Contains(got, "does not marshal") {
		t.Errorf("diff of a function = %q", got)
	}
	s, _ := newCards("")(2, 1)
	if got := actionsDiff(s, []engine.Action{0, 1}, []engine.Action{0}); got != "lost 1 (draw a card)" {
		t.Errorf("actionsDiff = %q", got)
	}
}
