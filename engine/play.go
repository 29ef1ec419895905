package engine

import "fmt"

// Bot chooses a move for one seat from what that seat may see: its
// observation and the legal actions. Its randomness comes from rng, which
// the game loop seeds, so games with bots replay too.
type Bot interface {
	Act(seat Seat, legal []Action, rng *RNG) Action
}

// Seat is a bot's view of the game: the observation of one seat, computed
// only when the bot asks for it.
type Seat struct {
	s      State
	player int
}

// SeatOf returns the view of player in s.
func SeatOf(s State, player int) Seat { return Seat{s: s, player: player} }

// Player is the seat's number.
func (v Seat) Player() int { return v.player }

// Observation is State.Observation for the seat.
func (v Seat) Observation() any { return v.s.Observation(v.player) }

// Reobserver is a State that can write a seat's observation over an
// earlier one, reusing its memory: a bot that looks at every decision then
// allocates nothing once warm, which matters when a run plays millions of
// games on several cores (the garbage collector takes the cores' time).
type Reobserver interface {
	// Reobserve returns what Observation(player) returns, with the same
	// content (reflect.DeepEqual), built in the memory of prev: an
	// observation this game's states returned before, which it overwrites,
	// or nil.
	Reobserve(player int, prev any) any
}

// Overwrite is how a state's Reobserve reuses prev: it writes the
// observation over prev when prev is an *O, else over a new O.
func Overwrite[O any](prev any, write func(*O)) *O {
	o, _ := prev.(*O)
	if o == nil {
		o = new(O)
	}
	write(o)
	return o
}

// Reobserve is Observation, written over prev, an observation of the same
// game the bot got before (or nil), when the state is a Reobserver. The
// bot must no longer use prev, nor anything it held.
func (v Seat) Reobserve(prev any) any {
	if r, ok := v.s.(Reobserver); ok {
		return r.Reobserve(v.player, prev)
	}
	return v.Observation()
}

// Redealer is a State whose hidden parts can be dealt anew: a search bot
// samples from it the positions its seat cannot tell apart.
type Redealer interface {
	// Redealt returns a copy in which what viewer cannot see is dealt
	// anew with rng, its own generator reseeded; what viewer sees, and
	// its legal actions when it is to move, are unchanged.
	Redealt(viewer int, rng *RNG) State
}

// Redealt returns a copy of the game in which what the seat cannot see is
// dealt anew with rng, so that a bot searches positions it cannot tell
// from the real one without seeing the real one's hidden parts. It is
// false for a state that is no Redealer.
func (v Seat) Redealt(rng *RNG) (State, bool) {
	s := v.s
	for {
		// A game being logged is wrapped, its state within.
		w, ok := s.(interface{ Unwrap() State })
		if !ok {
			break
		}
		s = w.Unwrap()
	}
	r, ok := s.(Redealer)
	if !ok {
		return nil, false
	}
	return r.Redealt(v.player, rng), true
}

// Random is the bot that plays uniformly at random among the legal actions.
type Random struct{}

// Act implements Bot.
func (Random) Act(_ Seat, legal []Action, rng *RNG) Action {
	return legal[rng.IntN(len(legal))]
}

// BotMaker is a Game that offers bots by name; every game offers "random".
type BotMaker interface {
	// BotNames lists the bots the game offers, "random" first.
	BotNames() []string
	// NewBot returns a fresh bot; it may keep state for one game.
	NewBot(name string) (Bot, error)
}

// Step is one action of a game, as the game loop reports it.
type Step struct {
	Turn   int // 0 for the first action
	Player int // the seat that acted, or Chance
	Action Action
}

// Result is the outcome of a finished game.
type Result struct {
	Returns []float64
	Winners []int
	Length  int // actions played
}

// botSeed separates the bots' random numbers from the state's.
const botSeed = 0x6a09e667f3bcc909

// Play plays s to its end with one bot per seat and returns the result. The
// bots draw from an RNG derived from seed. onStep, if not nil, is called
// after each action with the state it led to; an error from it stops the
// game. A game that does not end within maxActions actions is an error.
func Play(s State, bots []Bot, seed uint64, maxActions int, onStep func(Step, State) error) (Result, error) {
	var l loop
	return l.play(s, bots, seed, maxActions, onStep, nil)
}

// loop is what the game loop keeps from one game to the next, so that a
// simulation playing game after game allocates no buffer of its own.
type loop struct {
	legal []Action
	rng   RNG // the bots'; a field, since bots take it by pointer
}

// play is Play, appending the winners to winners[:0].
func (l *loop) play(s State, bots []Bot, seed uint64, maxActions int, onStep func(Step, State) error, winners []int) (Result, error) {
	if len(bots) != s.NumPlayers() {
		return Result{}, fmt.Errorf("%d bots for %d players", len(bots), s.NumPlayers())
	}
	l.rng = NewRNG(seed ^ botSeed)
	turn := 0
	for !s.IsTerminal() {
		if turn >= maxActions {
			return Result{}, fmt.Errorf("game not over after %d actions", maxActions)
		}
		p := s.CurrentPlayer()
		var a Action
		if p == Chance {
			c, ok := s.(Chancer)
			if !ok {
				return Result{}, fmt.Errorf("state at a chance node cannot sample it")
			}
			a = c.SampleChance()
		} else {
			l.legal = s.LegalActions(l.legal)
			if len(l.legal) == 0 {
				return Result{}, fmt.Errorf("player %d has no legal action at turn %d", p, turn)
			}
			a = bots[p].Act(Seat{s: s, player: p}, l.legal, &l.rng)
		}
		if err := s.Apply(a); err != nil {
			return Result{}, fmt.Errorf("turn %d, player %d: %w", turn, p, err)
		}
		if onStep != nil {
			if err := onStep(Step{Turn: turn, Player: p, Action: a}, s); err != nil {
				return Result{}, err
			}
		}
		turn++
	}
	r := s.Returns()
	return Result{Returns: r, Winners: appendWinners(winners[:0], r), Length: turn}, nil
}
