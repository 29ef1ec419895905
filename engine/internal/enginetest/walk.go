package enginetest

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// Step applies one random move to s: a sampled outcome at a chance node,
// else a legal action drawn with rng. Tests that walk a game by hand,
// checking something at every position, use it.
func Step(t testing.TB, s engine.State, rng *engine.RNG) {
	t.Helper()
	var a engine.Action
	if s.CurrentPlayer() == engine.Chance {
		a = s.(engine.Chancer).SampleChance()
	} else {
		legal := s.LegalActions(nil)
		a = legal[rng.IntN(len(legal))]
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
}

// ReturnsNameWinners plays 500 random 4-player games and checks that the
// seats with the highest return (those simulate and the logs name as
// winners) are the seats rules names for the final state, which also says
// whether the game was tied on points before any tie-break. It returns
// how many were.
func ReturnsNameWinners[S engine.State](t *testing.T, newState func(players int, seed uint64) (S, error), rules func(S) (winners []int, tied bool)) int {
	t.Helper()
	bots := []engine.Bot{engine.Random{}, engine.Random{}, engine.Random{}, engine.Random{}}
	tied := 0
	for i := range 500 {
		seed := engine.Seed(11, i)
		s, err := newState(4, seed)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Play(s, bots, seed, 20000, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, tie := rules(s)
		if !slices.Equal(res.Winners, want) {
			t.Errorf("seed %d: returns %v name winners %v; the rules name %v", seed, res.Returns, res.Winners, want)
		}
		if tie {
			tied++
		}
	}
	return tied
}
