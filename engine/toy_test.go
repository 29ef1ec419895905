package engine_test

import (
	"fmt"
	"hash/fnv"

	"github.com/grimoire-games/grimoire/engine"
)

// toy is a tiny dice Nim for testing the engine core: before each turn a
// die (a chance node) gives a multiplier from 1 to 3; the player to move
// then takes 1 to 3 stones and scores stones × multiplier, plus 5 for the
// last stone. The first pile size is drawn from the state's RNG.
type toy struct{}

func (toy) ID() string                            { return "toy" }
func (toy) Players() (minPlayers, maxPlayers int) { return 2, 4 }

func (toy) NewState(players int, seed uint64) (engine.State, error) {
	if players < 2 || players > 4 {
		return nil, fmt.Errorf("toy is for 2 to 4 players, not %d", players)
	}
	s := &toyState{rng: engine.NewRNG(seed), scores: make([]int, players)}
	s.pile = 8 + s.rng.IntN(8)
	s.draws = 1
	return s, nil
}

func (toy) BotNames() []string { return []string{"random", "first"} }

func (toy) NewBot(name string) (engine.Bot, error) {
	switch name {
	case "random":
		return engine.Random{}, nil
	case "first":
		return firstBot{}, nil
	case "illegal": // hidden: for error tests
		return illegalBot{}, nil
	}
	return nil, fmt.Errorf("toy has no bot %q", name)
}

type firstBot struct{}

func (firstBot) Act(_ engine.Seat, legal []engine.Action, _ *engine.RNG) engine.Action {
	return legal[0]
}

type illegalBot struct{}

func (illegalBot) Act(engine.Seat, []engine.Action, *engine.RNG) engine.Action { return 99 }

// Actions: 1 to 3 take stones; 11 to 13 are the die's faces.
const dieBase = 10

type toyState struct {
	rng    engine.RNG
	draws  int // RNG draws so far, so the hash covers the RNG's position
	pile   int
	mover  int
	die    int // 0 before the roll
	scores []int
}

func (s *toyState) NumPlayers() int { return len(s.scores) }

func (s *toyState) CurrentPlayer() int {
	switch {
	case s.pile == 0:
		return engine.Terminal
	case s.die == 0:
		return engine.Chance
	}
	return s.mover
}

func (s *toyState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch s.CurrentPlayer() {
	case engine.Terminal:
	case engine.Chance:
		dst = append(dst, dieBase+1, dieBase+2, dieBase+3)
	default:
		for a := 1; a <= min(3, s.pile); a++ {
			dst = append(dst, engine.Action(a))
		}
	}
	return dst
}

func (s *toyState) Apply(a engine.Action) error {
	legal := s.LegalActions(nil)
	found := false
	for _, l := range legal {
		found = found || l == a
	}
	if !found {
		return engine.Illegal(a, legal)
	}
	if s.die == 0 {
		s.die = int(a) - dieBase
		return nil
	}
	s.scores[s.mover] += int(a) * s.die
	s.pile -= int(a)
	if s.pile == 0 {
		s.scores[s.mover] += 5
	}
	s.mover = (s.mover + 1) % len(s.scores)
	s.die = 0
	return nil
}

func (s *toyState) SampleChance() engine.Action {
	s.draws++
	return engine.Action(dieBase + 1 + s.rng.IntN(3))
}

func (s *toyState) IsTerminal() bool { return s.pile == 0 }

func (s *toyState) Returns() []float64 {
	r := make([]float64, len(s.scores))
	if s.IsTerminal() {
		for i, x := range s.scores {
			r[i] = float64(x)
		}
	}
	return r
}

func (s *toyState) Clone() engine.State {
	c := *s
	c.scores = append([]int(nil), s.scores...)
	return &c
}

func (s *toyState) Hash() uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, s.draws, s.pile, s.mover, s.die, s.scores)
	return h.Sum64()
}

// ActionString depends on the state, so a log that named actions after
// applying them would show.
func (s *toyState) ActionString(a engine.Action, lang string) string {
	if a > dieBase {
		return fmt.Sprintf("roll %d", a-dieBase)
	}
	if lang == "fr" {
		return fmt.Sprintf("prendre %d (tas de %d)", a, s.pile)
	}
	return fmt.Sprintf("take %d of %d", a, s.pile)
}

func (s *toyState) Observation(player int) any {
	return struct {
		Pile, Die int
		Scores    []int
	}{s.pile, s.die, s.scores}
}
