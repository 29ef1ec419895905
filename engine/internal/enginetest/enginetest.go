// Package enginetest plays random games of an engine with the invariants
// every engine must keep checked after each action: legal actions sorted,
// unique and stable, illegal actions refused without a trace, chance
// outcomes among the legal ones, every action named in every language,
// clones independent, a game replayed from its seed and actions ending in
// the same state, and, for engines that can re-deal what a seat cannot
// see, observations and legal actions that hide it, and, for engines that
// write observations over earlier ones, the same observations as fresh
// ones. Each engine adds its
// own invariants, such as conservation of its cards, through
// Checker.Invariants.
package enginetest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// Checker plays and checks random games of one engine; S is its state.
type Checker[S engine.State] struct {
	// New starts a game.
	New func(players int, seed uint64) (S, error)
	// Invariants checks the engine's own invariants of a state.
	Invariants func(S) error
	// Step names the node a state is at, for messages.
	Step func(S) string
	// Actions bounds the numbers tried as illegal actions: -1 to Actions.
	Actions int
	// MaxActions is the length past which a game is an error.
	MaxActions int
	// Languages are those every action must have a name in.
	Languages []string
	// Deep, if set, adds checks of the engine's own at each action of a
	// deep game, before the action is played.
	Deep func(t testing.TB, s S, legal []engine.Action)
	// Redeal, if set, returns a copy of s in which everything viewer
	// cannot see is dealt anew from rng, consistently with what it sees;
	// s itself must not change. The checker asserts that the copy keeps
	// the invariants and that viewer's observation, the player to move
	// and, when viewer is to move, the legal actions are the same in it:
	// a difference is hidden information that leaks. Deep games check
	// the player to move and another seat at every action, and Redeal
	// itself: that some re-deal changes what another seat sees (one that
	// deals nothing anew checks nothing); other games check one seat
	// every HiddenEvery actions.
	Redeal func(s S, viewer int, rng *engine.RNG) S
	// HiddenEvery spaces the checks of Redeal in games that are not deep;
	// 0 means 64.
	HiddenEvery int
}

// Play plays one random game from seed, checking the invariants after
// every action, and more (see Checker) when deep is set. It returns the
// actions played and the final state.
func (c *Checker[S]) Play(t testing.TB, players int, seed uint64, deep bool) ([]engine.Action, S) {
	t.Helper()
	s, err := c.New(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed + 7)
	// The re-deals draw from their own generator, so that checking them
	// leaves the games played as they were.
	deals := engine.NewRNG(seed ^ redealSeed)
	every := c.HiddenEvery
	if every <= 0 {
		every = 64
	}
	moved := false // a re-deal changed what another seat sees
	var legal, again, hist []engine.Action
	// Each seat's observation, written over at every action of a deep
	// game by an engine that reuses them.
	views := make([]any, s.NumPlayers())
	for step := 0; !s.IsTerminal(); step++ {
		if step > c.MaxActions {
			t.Fatalf("seed %d: no end after %d actions", seed, step)
		}
		if err := c.Invariants(s); err != nil {
			t.Fatalf("seed %d, action %d (%s): %v", seed, step, c.Step(s), err)
		}
		legal = s.LegalActions(legal)
		if len(legal) == 0 {
			t.Fatalf("seed %d, action %d (%s): no legal action", seed, step, c.Step(s))
		}
		if !slices.IsSorted(legal) || len(slices.Compact(slices.Clone(legal))) != len(legal) {
			t.Fatalf("seed %d: legal actions not sorted and unique: %v", seed, legal)
		}
		if c.Redeal != nil && (deep || step%every == 0) {
			if moved, err = c.hiddenSeats(s, step, every, deep, moved, &deals, legal); err != nil {
				t.Fatalf("seed %d, action %d (%s): %v", seed, step, c.Step(s), err)
			}
		}
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = any(s).(engine.Chancer).SampleChance()
			if _, found := slices.BinarySearch(legal, a); !found {
				t.Fatalf("seed %d: chance outcome %d is not legal", seed, a)
			}
		} else {
			a = legal[rng.IntN(len(legal))]
		}
		var h uint64
		if deep {
			again = s.LegalActions(again)
			if !slices.Equal(legal, again) {
				t.Fatalf("seed %d: legal actions differ between calls", seed)
			}
			h = s.Hash()
		}
		// Actions that are not legal are refused and change nothing.
		for range 2 {
			x := engine.Action(rng.IntN(c.Actions+2) - 1)
			if _, found := slices.BinarySearch(legal, x); found {
				continue
			}
			if err := s.Apply(x); err == nil {
				t.Fatalf("seed %d: illegal action %d accepted at %s", seed, x, c.Step(s))
			}
			if deep && s.Hash() != h {
				t.Fatalf("seed %d: a refused action changed the state", seed)
			}
		}
		if deep {
			if c.Deep != nil {
				c.Deep(t, s, legal)
			}
			if err := reobserve(s, views); err != nil {
				t.Fatalf("seed %d, action %d (%s): %v", seed, step, c.Step(s), err)
			}
			for _, lang := range c.Languages {
				if name := s.ActionString(a, lang); unnamed(name) {
					t.Fatalf("seed %d: action %d has no %s name (%q)", seed, a, lang, name)
				}
			}
			cl := s.Clone()
			if err := cl.Apply(a); err != nil {
				t.Fatal(err)
			}
			if s.Hash() != h {
				t.Fatalf("seed %d: applying to a clone changed the original", seed)
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("seed %d: legal action %d refused: %v", seed, a, err)
		}
		hist = append(hist, a)
	}
	if err := c.Invariants(s); err != nil {
		t.Fatalf("seed %d, at the end: %v", seed, err)
	}
	if len(s.LegalActions(legal)) != 0 {
		t.Fatalf("seed %d: legal actions after the end", seed)
	}
	if c.Redeal != nil && deep && !moved && s.NumPlayers() > 1 {
		t.Fatalf("seed %d: no re-deal changed what another seat sees: Redeal deals nothing anew", seed)
	}
	return hist, s
}

// reobserve checks, for a state that is an engine.Reobserver, that each
// seat's observation written over its previous one, in views, is the one
// Observation gives.
func reobserve(s engine.State, views []any) error {
	r, ok := s.(engine.Reobserver)
	if !ok {
		return nil
	}
	for p := range views {
		views[p] = r.Reobserve(p, views[p])
		if want := s.Observation(p); !reflect.DeepEqual(views[p], want) {
			return fmt.Errorf("seat %d's observation written over its previous one is not Observation's: %s", p, diff(views[p], want))
		}
	}
	return nil
}

// unnamed reports a name that is a message id ("action.keep"), a
// fallback ("action 12") or a failed rendering.
func unnamed(name string) bool {
	return name == "" || strings.Contains(name, ".") && !strings.Contains(name, " ") ||
		strings.HasPrefix(name, "action") && !strings.Contains(name, " ") ||
		strings.HasPrefix(name, "action ") || strings.Contains(name, "?")
}

// Replay plays hist again from the same seed, sampling chance where the
// game had it, and checks that it ends in the same state as final.
func (c *Checker[S]) Replay(t testing.TB, players int, seed uint64, hist []engine.Action, final S) {
	t.Helper()
	again, err := c.New(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range hist {
		if again.CurrentPlayer() == engine.Chance {
			if got := any(again).(engine.Chancer).SampleChance(); got != a {
				t.Fatalf("seed %d: replay samples %d, not %d", seed, got, a)
			}
		}
		if err := again.Apply(a); err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
	}
	if again.Hash() != final.Hash() {
		t.Fatalf("seed %d: replay ends in another state", seed)
	}
}

// Games plays games random games for each player count from lo to hi, in
// parallel subtests named after the count ("4p"); every deepEvery-th game
// is deep and replayed. after, if set, checks each finished game.
func (c *Checker[S]) Games(t *testing.T, lo, hi, games, deepEvery int, after func(t *testing.T, seed uint64, s S)) {
	for players := lo; players <= hi; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				seed := engine.Seed(uint64(players), i)
				deep := i%deepEvery == 0
				hist, s := c.Play(t, players, seed, deep)
				if after != nil {
					after(t, seed, s)
				}
				if deep {
					// Same seed, same actions: the same game.
					c.Replay(t, players, seed, hist, s)
				}
			}
		})
	}
}

// Bench plays complete random games of one player count, chance nodes
// sampled, and reports per game (an op) its actions, its allocations and
// games/s, and ns/action, the figure that compares engines whose games
// differ in length.
func Bench[S engine.State](b *testing.B, players int, newState func(players int, seed uint64) (S, error)) {
	rng := engine.NewRNG(1)
	var legal []engine.Action
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s, err := newState(players, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !s.IsTerminal() {
			var a engine.Action
			if s.CurrentPlayer() == engine.Chance {
				a = any(s).(engine.Chancer).SampleChance()
			} else {
				legal = s.LegalActions(legal)
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(actions, 1)), "ns/action")
}
