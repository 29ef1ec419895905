// Package engine is the game core every game shares, shaped after
// OpenSpiel's state API: a State names the player to move (a seat, Chance
// or Terminal), lists its legal actions as sorted, unique integers whose
// meaning never changes, applies one after validating it, and at the end
// gives each seat its return. All randomness comes from an RNG the state
// owns, so a seed and the list of actions replay a game exactly.
//
// Each game lives in a package of its own under engine/ and implements
// State; this package adds what is common to them: the RNG, bots, the game
// loop, mass simulation and JSON Lines game logs.
package engine

import (
	"errors"
	"fmt"
	"slices"
)

// Special values of State.CurrentPlayer.
const (
	// Chance means the next action is drawn at random from the state's
	// chance outcomes (see Chancer).
	Chance = -1
	// Terminal means the game is over.
	Terminal = -2
)

// Action is one move. Its number means the same thing in every state of a
// game (a card played to a zone, a field chosen, ...); what it does in a
// given state is told by State.ActionString.
type Action int32

// State is one position of a game.
type State interface {
	// NumPlayers is the number of seats, numbered from 0.
	NumPlayers() int
	// CurrentPlayer is the seat to move, Chance or Terminal.
	CurrentPlayer() int
	// LegalActions appends the legal actions, sorted and unique, to
	// dst[:0] and returns it. It is empty exactly when the game is over.
	LegalActions(dst []Action) []Action
	// Apply plays an action. An action that is not legal is an error and
	// leaves the state unchanged.
	Apply(a Action) error
	// IsTerminal reports whether the game is over.
	IsTerminal() bool
	// Returns is each seat's result once the game is over (for scored
	// games, its final score), zeros before.
	Returns() []float64
	// Clone returns an independent copy, RNG included.
	Clone() State
	// Hash identifies the whole state, hidden parts included; replays
	// compare it after every action.
	Hash() uint64
	// ActionString names an action in a language ("en", "fr", ...) as a
	// player would say it in this state.
	ActionString(a Action, lang string) string
	// Observation is what a seat may see: other players' hands, face-down
	// cards and the order of the draw pile are hidden. It marshals to JSON.
	Observation(player int) any
}

// Chancer is a State with chance nodes: when CurrentPlayer is Chance, the
// game loop applies SampleChance's outcome, drawn from the state's own RNG.
type Chancer interface {
	SampleChance() Action
}

// Horizoner is a State whose games are long enough that a search may
// stop its play-outs early: a play-out ends at the first position of a
// later stretch of the game (a later round) than the one it started in,
// and scores the game by Estimate instead of playing it to its end.
type Horizoner interface {
	// Horizon numbers the stretch of the game the state is in; it never
	// decreases.
	Horizon() int
	// Estimate is each seat's return were the game to end now.
	Estimate() []float64
}

// Game creates states of one game for a number of players and a seed.
type Game interface {
	// ID is the game's id, as in its data ("warlock").
	ID() string
	// Players is the smallest and largest number of seats.
	Players() (minPlayers, maxPlayers int)
	// NewState returns the first state of a game.
	NewState(players int, seed uint64) (State, error)
}

// ErrIllegal is wrapped by the error Apply returns for an action that is not
// legal in the state.
var ErrIllegal = errors.New("illegal action")

// Illegal returns the error for an action that is not among legal.
func Illegal(a Action, legal []Action) error {
	if len(legal) > 12 {
		return fmt.Errorf("%w %d (%d legal actions, from %d to %d)", ErrIllegal, a, len(legal), legal[0], legal[len(legal)-1])
	}
	return fmt.Errorf("%w %d (legal: %v)", ErrIllegal, a, legal)
}

// Winners returns the seats with the highest return.
func Winners(returns []float64) []int { return appendWinners(nil, returns) }

// appendWinners appends the seats with the highest return to dst.
func appendWinners(dst []int, returns []float64) []int {
	if len(returns) == 0 {
		return dst
	}
	best := slices.Max(returns)
	for i, r := range returns {
		if r == best {
			dst = append(dst, i)
		}
	}
	return dst
}
