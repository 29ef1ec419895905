package warriors

import (
	"fmt"
	"math/bits"

	"github.com/grimoire-games/grimoire/engine"
)

// step is the decision or chance node a state is at.
type step uint8

const (
	stDeal     step = iota // chance: the next card dealt
	stKeep                 // cur secretly chooses a dealt card to keep
	stPlace                // cur puts a wizard on a faction or a flame on a dragon
	stMode                 // cur chooses what a mixed battle card is
	stEnlist               // cur puts an infantry card into the band
	stAttack               // cur chooses attacker and target (a battle or a charge)
	stRoll                 // chance: a die of an attack
	stGive                 // cur lost a comparison and gives a card
	stContinue             // cur attacks again or stops
	stCharge               // cur charges or not
	stFire                 // cur fires a catapult or holds
	stFireRoll             // chance: the catapult's die
	stOver
)

var stepNames = [...]string{
	stDeal: "deal", stKeep: "keep", stPlace: "place", stMode: "mode", stEnlist: "enlist",
	stAttack: "attack", stRoll: "roll", stGive: "give", stContinue: "continue",
	stCharge: "charge", stFire: "fire", stFireRoll: "fire-roll", stOver: "over",
}

func stepName(s step) string { return stepNames[s] }

// after is what comes once a catapult window closes.
type after uint8

const (
	afterNone   after = iota
	afterStart        // the battle card's first step
	afterTarget       // the roll of an attack whose target is declared
	afterAttack       // an attack's end: continue or end the battle
	afterRound        // the round's end: unused catapults are discarded
)

// windowName names a catapult window in observations, by what it comes
// before.
func windowName(a after) string {
	switch a {
	case afterStart:
		return "battle"
	case afterTarget:
		return "roll"
	case afterAttack:
		return "attack_end"
	case afterRound:
		return "round_end"
	}
	return ""
}

// seat is one player's cards.
type seat struct {
	hand  [maxDesigns]int8 // dealt cards not yet kept
	handN int8
	kept  int8
	// chosen are the dealt cards the player keeps, hidden from the others
	// until every player has chosen.
	chosen  [maxDesigns]int8
	faction [maxPeoples][troops]int8
	wizards [maxPeoples]int8
	// wizardsDue and flamesAside are wizards and flames waiting to be
	// placed; flames wait for a dragon.
	wizardsDue  int8
	flamesAside int8
	dragons     [maxDragons]int8 // flames on each dragon; -1: no dragon
	catapults   [maxCatapultDesigns]int8
	battles     uint64 // battle card designs in front of the player
	pile        [maxDesigns]int8
}

// battle is the battle card being resolved.
type battle struct {
	card  int // design; -1 when none
	owner int
	mode  BattleKind
	// The attacking unit and the target: seat and unit slot.
	unit, target, tslot int
	targeted            [maxSeats]uint32 // unit slots attacked with this card
	bandSize            int8
	band                [maxPeoples]int8
	camp                [troops]int8
	// The attack being rolled.
	nAtt, nDef, rolled int8
	dice               [12]int8
	losses             [6]int8 // per comparison: 0 the attacker lost, 1 the defender
	nLoss, lossAt      int8
}

// window is a catapult window: each player, from the one after the battle
// card's owner, may fire before play goes on.
type window struct {
	first, asked int
	then         after
	// target of the catapult being fired
	target, tslot int
}

// State is a game of Warriors in progress. It implements engine.State.
type State struct {
	r     *Rules
	n     int
	rng   engine.RNG
	step  step
	cur   int
	round int // 0 while dealing the first cards

	deck, discard, removed, aside [maxDesigns]int8
	deckN                         int
	dealLeft                      [maxSeats]int8
	keep                          int8

	seats [maxSeats]seat
	b     battle
	w     window
	// order is the order players place wizards and flames in; at is the
	// position in it.
	order [maxSeats]int8
	at    int8
	// last is the owner of the battle card resolved last this round; -1
	// before the first.
	last int
	// die is the last die rolled, attack or catapult, which the rules
	// keep in a variable (see Position) and nothing here reads.
	die int8
}

// NewState deals a new game for a number of players.
func (r *Rules) NewState(players int, seed uint64) (*State, error) {
	if players < r.Players.Min || players > r.Players.Max {
		v := ""
		if r.Hordes {
			v = " with the Dragon Hordes"
		}
		return nil, fmt.Errorf("warriors%s is played by %d to %d players, not %d", v, r.Players.Min, r.Players.Max, players)
	}
	s := r.newTable(players, seed)
	initial, _, _, _, _ := r.deals(players)
	s.startDeal(initial)
	s.advance()
	return s, nil
}

// newTable is a state with every card in the draw pile and nothing dealt.
func (r *Rules) newTable(players int, seed uint64) *State {
	s := &State{r: r, n: players, rng: engine.NewRNG(seed)}
	for d, des := range r.Designs {
		s.deck[d] = int8(des.Copies)
		s.deckN += des.Copies
	}
	for i := range s.seats {
		for j := range s.seats[i].dragons {
			s.seats[i].dragons[j] = -1
		}
	}
	s.b = battle{card: -1, unit: -1}
	s.last = -1
	return s
}

// NumPlayers implements engine.State.
func (s *State) NumPlayers() int { return s.n }

// CurrentPlayer implements engine.State.
func (s *State) CurrentPlayer() int {
	switch s.step {
	case stOver:
		return engine.Terminal
	case stDeal, stRoll, stFireRoll:
		return engine.Chance
	}
	return s.cur
}

// IsTerminal implements engine.State.
func (s *State) IsTerminal() bool { return s.step == stOver }

// Returns implements engine.State: each seat's final score with the
// victory-pile tie-break as a fraction (see Rules.Return), so that the
// highest return is the winner by the rules.
func (s *State) Returns() []float64 {
	out := make([]float64, s.n)
	if s.step != stOver {
		return out
	}
	total, pile := s.totals()
	for i := range out {
		out[i] = s.r.Return(Breakdown{Total: total[i], Pile: pile[i]})
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

// SampleChance implements engine.Chancer: a card from the draw pile, or a
// die roll.
func (s *State) SampleChance() engine.Action {
	if s.step == stDeal {
		k := s.rng.IntN(s.deckN)
		for d := range s.r.Designs {
			if k < int(s.deck[d]) {
				return s.Encode(Move{Kind: Deal, Design: d})
			}
			k -= int(s.deck[d])
		}
	}
	return s.Encode(Move{Kind: Roll, Value: s.rng.IntN(s.r.Params.Faces) + 1})
}

// visible is the number of cards of faction p of a seat still in play.
func (p *seat) size(people int) int {
	f := p.faction[people]
	return int(f[0]) + int(f[1]) + int(f[2])
}

func (p *seat) dragonCount() int { return bits.OnesCount32(p.dragonMask()) }

// dragonMask is the set of the seat's dragon slots that hold a living
// dragon.
func (p *seat) dragonMask() uint32 {
	var m uint32
	for j, f := range p.dragons {
		if f >= 0 {
			m |= 1 << j
		}
	}
	return m
}

func (p *seat) catapultCount() int {
	n := 0
	for _, c := range p.catapults {
		n += int(c)
	}
	return n
}

// battleCards lists the battle card designs in front of a seat.
func (p *seat) battleCards() []int {
	var out []int
	for b := p.battles; b != 0; b &= b - 1 {
		out = append(out, bits.TrailingZeros64(b))
	}
	return out
}

// lowestBattle is the seat holding the battle card with the lowest
// number, and that card; -1 when no battle card is left.
func (s *State) lowestBattle() (seat, card int) {
	seat, card = -1, -1
	for i := range s.n {
		if d := s.lowestOf(i); d >= 0 && (card < 0 || s.r.Designs[d].Number < s.r.Designs[card].Number) {
			seat, card = i, d
		}
	}
	return seat, card
}

// lowestOf is the battle card with the lowest number in front of seat i,
// or -1.
func (s *State) lowestOf(i int) int {
	card := -1
	for b := s.seats[i].battles; b != 0; b &= b - 1 {
		if d := bits.TrailingZeros64(b); card < 0 || s.r.Designs[d].Number < s.r.Designs[card].Number {
			card = d
		}
	}
	return card
}

// placingOrder is the order players place wizards: by their lowest battle
// card (ruling placing-order: those without one last, in seat order; the
// first deal, without battle cards, in seat order).
func (s *State) placingOrder() {
	var low [maxSeats]int
	for i := range s.n {
		low[i] = 1 << 30
		if d := s.lowestOf(i); d >= 0 {
			low[i] = s.r.Designs[d].Number
		}
		// Insertion keeps equal keys in seat order.
		k := i
		for ; k > 0 && low[s.order[k-1]] > low[i]; k-- {
			s.order[k] = s.order[k-1]
		}
		s.order[k] = int8(i)
	}
	s.at = 0
}
