package bellummagica

import (
	"fmt"

	"github.com/grimoire-games/grimoire/engine"
)

// step is the decision or chance node a state is at.
type step int8

const (
	stDealCastle     step = iota // chance: a castle for seat dealAt
	stDealGoblin                 // chance: a goblin for seat dealAt/goblins
	stPlaceGoblin                // cur tucks a dealt goblin
	stRevealLocation             // chance: the next card of the kingdom deck
	stRevealCreature             // chance: a face-up creature to replace the one taken
	stRoll                       // chance: the Captain's die
	stReroll                     // cur forces a re-roll or lets the die stand
	stDraw                       // chance: a chest taken from its stack
	stAttack                     // cur attacks or not
	stSteal                      // cur chooses the kind of the next chest to steal
	stStolen                     // chance: the chest picked blind
	stRecruit                    // cur recruits a face-up creature or stops
	stPlace                      // cur tucks the creature just recruited
	stOver
)

var stepNames = [...]string{
	stDealCastle: "deal-castle", stDealGoblin: "deal-goblin", stPlaceGoblin: "place-goblin",
	stRevealLocation: "reveal-location", stRevealCreature: "reveal-creature", stRoll: "roll",
	stReroll: "reroll", stDraw: "draw-chest", stAttack: "attack", stSteal: "steal",
	stStolen: "stolen-chest", stRecruit: "recruit", stPlace: "place", stOver: "over",
}

// phase is where in the set-up or the day the game is; advance moves
// through the phases until a decision or a chance node is due.
type phase int8

const (
	phDealCastles phase = iota
	phDealGoblins
	phPlaceGoblins
	phKingdom
	phCreatures
	phRoll
	phReroll
	phScouts
	phAttack
	phRecruit
	phRefill
	phOver
)

// seat is one player's castle and stock.
type seat struct {
	Castle      int8
	Hand        [maxCreatures]int8 // goblins dealt, not yet tucked
	Left, Right [maxCreatures]int8 // creatures tucked on each side
	Power       Rows               // the castle's rows plus its creatures' visible abilities
	Food        int8
	Glyphs      int8
	Barrels     int8
	Shields     int8
	MagicShield int8
	Spells      int8 // confusion spells held
	Flipped     int8 // of those, used this day
	Chests      [maxChests]int8
	NChests     int8
}

// draw is a chest owed to a seat, taken at random from a stack.
type draw struct{ Seat, Kind int8 }

// table is the whole game position apart from the rules and the RNG.
// It holds fixed-size values only, so that it copies with the state and
// hashes as bytes.
type table struct {
	Step            step
	Phase           phase
	N, Cur, Captain int8
	Day             int16
	Row             int8 // the active horde, 1 to faces; 0 before the first roll
	Turn            int8 // seats done in the phase, counted from the Captain
	DealAt          int8
	Castles         [maxCastles]int8   // castles not dealt
	Box             [maxCreatures]int8 // creatures in their decks (goblins: not dealt)
	FaceUp          [2][maxFaceUp]int8 // evil, most evil; -1 empty
	Layers          [3]int8            // farms, villages, towns left in the kingdom deck
	Pool            [maxLocations]int8 // locations not revealed (the deck, and the box)
	Shown           [maxSeats]int8     // face-up locations besides the tavern; -1 empty
	Gone            [maxLocations]int8 // discarded locations
	Piles           [maxChests]int8
	Supply          [supplies]int8
	Seats           [maxSeats]seat
	Draws           [maxDraws]draw
	NDraws          int8
	// A castle attack's robbery; StealKind is the kind of the chest
	// being picked blind, -1 when none.
	Thief, Victim, Steals, StealKind int8
	Robbed                           bool
	// The creature just recruited: its design, then the face-up slot to
	// refill (deck*maxFaceUp+slot); -1 when none.
	Placing, Refill int8
}

// State is a game of Bellum Magica in progress. It implements
// engine.State.
type State struct {
	r   *Rules
	rng engine.RNG
	t   table
}

// NewState sets up a new game for a number of players.
func (r *Rules) NewState(players int, seed uint64) (*State, error) {
	if players < r.Players.Min || players > r.Players.Max {
		return nil, fmt.Errorf("bellum magica is played by %d to %d players, not %d", r.Players.Min, r.Players.Max, players)
	}
	s := r.newTable(players, seed)
	s.advance()
	return s, nil
}

// newTable is a state with everything in the box and the reserve, before
// any card is dealt.
func (r *Rules) newTable(players int, seed uint64) *State {
	s := &State{r: r, rng: engine.NewRNG(seed)}
	t := &s.t
	t.N = int8(players)
	t.Placing, t.Refill, t.Thief, t.Victim, t.StealKind = -1, -1, -1, -1, -1
	for i := range r.Castles {
		t.Castles[i] = 1
	}
	for i, c := range r.Creatures {
		t.Box[i] = int8(c.Copies)
	}
	for k := range t.FaceUp {
		for j := range t.FaceUp[k] {
			t.FaceUp[k][j] = -1
		}
	}
	for i, l := range r.Locations {
		if i != r.tavern {
			t.Pool[i] = int8(l.Copies)
		}
	}
	k := r.Params.Kingdom[players]
	for i := range t.Layers {
		t.Layers[i] = int8(k[i])
	}
	for i := range t.Shown {
		t.Shown[i] = -1
	}
	for i, c := range r.Chests {
		t.Piles[i] = int8(c.Copies)
	}
	for i := range t.Supply {
		t.Supply[i] = int8(r.Params.Supply[i])
	}
	for i := range t.Seats {
		t.Seats[i].Castle = -1
	}
	return s
}

// NumPlayers implements engine.State.
func (s *State) NumPlayers() int { return int(s.t.N) }

// CurrentPlayer implements engine.State.
func (s *State) CurrentPlayer() int {
	switch s.t.Step {
	case stOver:
		return engine.Terminal
	case stDealCastle, stDealGoblin, stRevealLocation, stRevealCreature, stRoll, stDraw, stStolen:
		return engine.Chance
	}
	return int(s.t.Cur)
}

// IsTerminal implements engine.State.
func (s *State) IsTerminal() bool { return s.t.Step == stOver }

// Returns implements engine.State: each seat's chest value, plus a
// fraction per chest (see Rules.Return) so that the highest return is the
// winner by the rulebook's tie-break (more chests); seats still tied share
// the win.
func (s *State) Returns() []float64 {
	out := make([]float64, s.t.N)
	if !s.IsTerminal() {
		return out
	}
	for i, sc := range s.Score() {
		out[i] = s.r.Return(sc)
	}
	return out
}

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	return &c
}

// Rules returns the rules the game is played with.
func (s *State) Rules() *Rules { return s.r }

// seatAt is the seat k places after the Captain.
func (s *State) seatAt(k int) int { return (int(s.t.Captain) + k) % int(s.t.N) }

// value is the total value of a seat's chests.
func (s *State) value(i int) int {
	v := 0
	for c, n := range s.t.Seats[i].Chests[:len(s.r.Chests)] {
		v += int(n) * s.r.Chests[c].Value
	}
	return v
}

// power is a seat's ability a on the active row.
func (s *State) power(i, a int) int {
	if s.t.Row < 1 {
		return 0
	}
	return int(s.t.Seats[i].Power[a][s.t.Row-1])
}

// tuck puts a creature under a side of a seat's castle.
func (s *State) tuck(i, d int, right bool) {
	p := &s.t.Seats[i]
	side, from, to := &p.Left, Food, Maps
	if right {
		side, from, to = &p.Right, Swords, Thieves
	}
	side[d]++
	rows := &s.r.Creatures[d].Rows
	for a := from; a <= to; a++ {
		for row := range s.r.Params.Faces {
			p.Power[a][row] += rows[a][row]
		}
	}
}

// take moves up to n of a supply to a seat's stock and returns how many
// came (ruling short-supply: a reserve that runs out gives what it has).
func (s *State) take(supply, n int) int8 {
	got := min(int8(n), s.t.Supply[supply])
	s.t.Supply[supply] -= got
	return got
}

// owe queues a chest of a kind for a seat; a stack that has run out gives
// nothing (ruling empty-stack).
func (s *State) owe(i int, k ChestKind) {
	if s.t.NDraws < maxDraws && s.pileSize(k) > s.owed(k) {
		s.t.Draws[s.t.NDraws] = draw{Seat: int8(i), Kind: int8(k)}
		s.t.NDraws++
	}
}

func (s *State) owed(k ChestKind) int {
	n := 0
	for _, d := range s.t.Draws[:s.t.NDraws] {
		if ChestKind(d.Kind) == k {
			n++
		}
	}
	return n
}

func (s *State) pileSize(k ChestKind) int {
	n := 0
	for _, c := range s.r.chestsBy[k] {
		n += int(s.t.Piles[c])
	}
	return n
}

// chestsOf is how many chests of a kind a seat holds.
func (s *State) chestsOf(i int, k ChestKind) int {
	n := 0
	for _, c := range s.r.chestsBy[k] {
		n += int(s.t.Seats[i].Chests[c])
	}
	return n
}

// kingdomLayer is the kind of the kingdom deck's top card, or -1 when
// the deck is empty: farms on top, then villages, then towns.
func (s *State) kingdomLayer() LocationKind {
	for i, n := range s.t.Layers {
		if n > 0 {
			return LocationKind(i + 1)
		}
	}
	return 255
}

func (s *State) deckSize() int {
	n := 0
	for _, l := range s.t.Layers {
		n += int(l)
	}
	return n
}

func (s *State) shownCount() int {
	n := 0
	for _, l := range s.t.Shown[:s.t.N] {
		if l >= 0 {
			n++
		}
	}
	return n
}

// deckOf is the creature deck of a kind: 0 evil, 1 most evil.
func deckOf(k CreatureKind) int { return int(k) - 1 }

func (s *State) creaturesLeft(deck int) int {
	n := 0
	for _, d := range s.r.decks[deck] {
		n += int(s.t.Box[d])
	}
	return n
}
