package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func playToy(t *testing.T, players int, seed uint64, bots ...string) (engine.Result, []engine.Step) {
	t.Helper()
	s, err := toy{}.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	bs := make([]engine.Bot, players)
	for i := range bs {
		if bs[i], err = (toy{}).NewBot(bots[i%len(bots)]); err != nil {
			t.Fatal(err)
		}
	}
	var steps []engine.Step
	r, err := engine.Play(s, bs, seed, 1000, func(st engine.Step, _ engine.State) error {
		steps = append(steps, st)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return r, steps
}

func TestPlay(t *testing.T) {
	r, steps := playToy(t, 3, 7, "random")
	if r.Length != len(steps) || r.Length == 0 {
		t.Fatalf("length %d, %d steps", r.Length, len(steps))
	}
	chance := 0
	for i, st := range steps {
		if st.Turn != i {
			t.Fatalf("step %d has turn %d", i, st.Turn)
		}
		if st.Player == engine.Chance {
			chance++
		}
	}
	// One roll before every move.
	if chance*2 != len(steps) {
		t.Errorf("%d chance steps of %d", chance, len(steps))
	}
	if !slices.Equal(r.Winners, engine.Winners(r.Returns)) || len(r.Winners) == 0 {
		t.Errorf("winners %v of returns %v", r.Winners, r.Returns)
	}
	again, steps2 := playToy(t, 3, 7, "random")
	if !slices.Equal(r.Returns, again.Returns) || !slices.Equal(steps, steps2) {
		t.Error("the same seed played two different games")
	}
	other, steps3 := playToy(t, 3, 8, "random")
	if slices.Equal(r.Returns, other.Returns) && slices.Equal(steps, steps3) {
		t.Error("two seeds played the same game")
	}
}

func TestPlayErrors(t *testing.T) {
	s, _ := toy{}.NewState(2, 1)
	if _, err := engine.Play(s, []engine.Bot{engine.Random{}}, 1, 100, nil); err == nil {
		t.Error("one bot for two players: no error")
	}
	s, _ = toy{}.NewState(2, 1)
	_, err := engine.Play(s, []engine.Bot{illegalBot{}, illegalBot{}}, 1, 100, nil)
	if !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("illegal move: %v", err)
	}
	s, _ = toy{}.NewState(2, 1)
	if _, err := engine.Play(s, []engine.Bot{firstBot{}, firstBot{}}, 1, 3, nil); err == nil {
		t.Error("a game longer than maxActions: no error")
	}
	stop := errors.New("stop")
	s, _ = toy{}.NewState(2, 1)
	_, err = engine.Play(s, []engine.Bot{firstBot{}, firstBot{}}, 1, 100, func(engine.Step, engine.State) error { return stop })
	if !errors.Is(err, stop) {
		t.Errorf("onStep's error: %v", err)
	}
}
