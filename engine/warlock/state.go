package warlock

import (
	"github.com/grimoire-games/grimoire/engine"
	tables "github.com/grimoire-games/grimoire/gen/warlock"
)

// Limits of the engine's fixed-size arrays; NewRules rejects data beyond them.
const (
	maxDesigns = 32
	maxSide    = 6
	maxFields  = maxSide * maxSide
	maxPlayers = 6
	maxCards   = 250
	maxCost    = 4
	maxAside   = 6
)

// A field of an empire holds nothing, a creature design (cell 1 + design),
// a dragon or a ruined city.
type cell uint8

const (
	empty  cell = 0
	dragon cell = 254
	ruin   cell = 253
)

func cityCell(d int) cell { return cell(d + 1) }

// design returns the creature design on a city field, or -1.
func (c cell) design() int {
	if c == empty || c == dragon || c == ruin {
		return -1
	}
	return int(c) - 1
}

// counts holds how many cards of each design a zone holds.
type counts [maxDesigns]uint8

// step is the kind of decision the current player faces.
type step uint8

const (
	stOver step = iota
	stShortDeal
	stAsideBar
	stAsideRest
	stAsideDest
	stMain
	stField
	stPay
	stGiantSkill
	stDragon
	stHumanDraw
	stGoblinBar
	stGnomeHand
	stOrc
	stWizardOwn
	stWizardTake
	stBid
	stPickEmpire
	stPickDiscard
	stPickSecond
	stepCount
)

// wait is what a chance node draws a card for: where it goes, and how
// the game goes on once it is there.
type wait uint8

const (
	waitNone  wait = iota // no chance node: a player is to move
	waitDeal              // the deal's next card, to the hand of the seat dealt to; the deal goes on
	waitDraw              // a card to the current player's hand; their action is over
	waitHuman             // the human power's card to the current player's hand; the next draw or the action's end
	waitBar               // the card that fills the goblin's gap in the bar; the action is over
)

// What happens once a city is built.
type ret uint8

const (
	retAction ret = iota // the player's action is over
	retGoblin            // refill the bar, then the action is over
	retPick              // go on with the auction picks
)

type bidState uint8

const (
	bidNone bidState = iota // has not bid yet
	bidOpen                 // putting cards on the table
	bidMade
	bidPassed
)

type seat struct {
	hand, mine, dungeon, castle counts
	nHand, nMine, nDungeon      int
	// aside holds the cards laid face down: the first for the bar; once
	// the bar is revealed, the others waiting for their destination. The
	// first sent of them have one (toMine), hidden until all have chosen.
	aside  [maxAside]int8
	toMine [maxAside]bool
	nAside int
	sent   int
	empire [maxFields]cell
	// The fields that are not empty, and those holding a dragon or a
	// ruined city, as masks (bit i for field i).
	occ, dragonM, ruinM uint64
	occupied            int
	dragons             int
	ruins               int
	bid                 counts // cards bid, counted at their gold
	bidAlt              counts // humans bid at their other amount
	bidGold             float64
	bidState            bidState
	kinds               counts // the dungeon's cards by payment kind
	have                uint64 // kinds, packed (see fits)
	cache               payCache
	handSet             uint32 // designs in the hand
	mineSet             uint32 // designs in the mine
}

// payCache remembers which designs the dungeon have pays for, so that a
// player's actions in a row do not ask again.
type payCache struct {
	have       uint64
	known, can uint32
}

// due is what is left to pay of a building cost; small, since the search
// for a payment copies it at every step.
type due struct {
	rem       [tables.RaceCount + 2]int8 // races still to pay; anyRace included
	nRem      int8
	subLeft   int8 // wizards that may still stand in for another creature
	castleGob int8 // design of the goblin just played that may pay, or -1
}

// building is a city on its way into an empire. Like the rules'
// variables, which the state's Position shows, it outlives the building:
// it holds the last building's until the next, and what the next does
// not set (its field until chosen, the wizards that may stand in for a
// free city) stays the last's.
type building struct {
	due
	design int
	player int
	free   bool
	field  int
	ret    ret // what follows
}

// State is a position of a game of Warlock. It implements engine.State.
type State struct {
	r     *Rules
	rng   engine.RNG
	n     int
	seats [maxPlayers]seat
	// The draw pile, counted by design: the order of a face-down pile is
	// no part of the game, each card is drawn at a chance node.
	draw    counts
	nDraw   int
	discard []uint8 // top last
	// wait is what the chance node draws for, waitNone at a decision; at
	// a chance node step stays the last decision's, as the rules' phase.
	wait    wait
	dealt   int // cards dealt this round
	bar     counts
	nBar    int
	barSet  uint32 // designs in the bar
	dragons int    // in the supply
	ruins   int

	step     step
	cur      int // player to move
	elrohir  int // starting player
	tonar    int // auctioneer
	day      int // from 0
	round    int // round of the day, from 0
	done     int // actions taken this round, all players
	asideN   int // players who have set aside this round
	left     int // draws, discards or picks left in the current step
	complete bool
	final    bool // the current auction is the game's last
	rows     bool // it is a final visit before the day's end
	short    bool // a short deal is under way

	bld       building
	castleGob int // goblin just played in the castle, usable to pay, or -1

	// auction
	bidder int // players who have had their turn to bid
	// order holds the bidders, highest bid first: the first nOrder.
	order  [maxPlayers]int
	nOrder int
	pick   int  // index into order
	second bool // the second pick is under way

	turns int
}

var (
	_ engine.State   = (*State)(nil)
	_ engine.Chancer = (*State)(nil)
)

// NewState starts a game: the creatures in the draw pile, Elrohir with
// player 0 and Tonar with the player to their right, and the first card
// of the deal to draw at a chance node. Until the first decision the
// step is the deal's (short_deal), as the rules begin in their first
// phase. The state's generator draws the chance nodes' cards
// (SampleChance) and nothing else.
func (r *Rules) NewState(players int, seed uint64) (*State, error) {
	if players < r.Players.Min || players > r.Players.Max {
		return nil, errPlayers(players, r.Players.Min, r.Players.Max)
	}
	s := &State{r: r, rng: engine.NewRNG(seed), n: players, castleGob: -1, step: stShortDeal}
	s.bld.castleGob = -1
	s.discard = make([]uint8, 0, r.creatures())
	for d, des := range r.Designs {
		s.draw[d] = uint8(des.Copies)
		s.nDraw += des.Copies
	}
	s.dragons, s.ruins = r.Dragons, r.Ruins
	s.elrohir = 0
	s.tonar = players - 1
	s.startRound()
	return s, nil
}

// NumPlayers implements engine.State.
func (s *State) NumPlayers() int { return s.n }

// CurrentPlayer implements engine.State.
func (s *State) CurrentPlayer() int {
	switch {
	case s.step == stOver:
		return engine.Terminal
	case s.wait != waitNone:
		return engine.Chance
	}
	return s.cur
}

// IsTerminal implements engine.State.
func (s *State) IsTerminal() bool { return s.step == stOver }

// Returns implements engine.State: the final scores. The rules break no
// tie, so the highest returns are the winners Winners names.
func (s *State) Returns() []float64 {
	out := make([]float64, s.n)
	if s.step != stOver {
		return out
	}
	for i, b := range s.Score() {
		out[i] = float64(b.Total)
	}
	return out
}

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.discard = append(make([]uint8, 0, max(cap(s.discard), s.r.creatures())), s.discard...)
	return &c
}

// Rules returns the rules the game is played with.
func (s *State) Rules() *Rules { return s.r }

// left1 and right1 are the neighbours of seat p; a comparison costs less
// than a division, and they run at nearly every action.
func (s *State) left1(p int) int {
	if p++; p == s.n {
		return 0
	}
	return p
}

func (s *State) right1(p int) int {
	if p == 0 {
		return s.n - 1
	}
	return p - 1
}

func (s *State) side() int   { return s.r.Params.EmpireSize }
func (s *State) fields() int { return s.side() * s.side() }

// piles is how many cards are left to draw: the draw pile and the
// discard pile, shuffled into it when it runs out.
func (s *State) piles() int { return s.nDraw + len(s.discard) }

// reshuffle shuffles the discard pile into a new draw pile: its cards
// join the pile's counts, and no order is drawn. It happens whenever a
// card must come from an empty draw pile (ruling reshuffle-any-time).
func (s *State) reshuffle() {
	for _, d := range s.discard {
		s.draw[d]++
	}
	s.nDraw += len(s.discard)
	s.discard = s.discard[:0]
}

// await makes the next card drawn, for w, a chance node: the discard pile
// is shuffled in first when the draw pile is empty. It reports false,
// with nothing to wait for, when both piles are empty.
func (s *State) await(w wait) bool {
	if s.nDraw == 0 {
		s.reshuffle()
	}
	if s.nDraw == 0 {
		return false
	}
	s.wait = w
	return true
}

// drawSet is the designs the draw pile holds.
func (s *State) drawSet() uint32 {
	var set uint32
	for d := range s.r.Designs {
		if s.draw[d] > 0 {
			set |= 1 << d
		}
	}
	return set
}

// dealSeat is the seat the deal's next card goes to: cards_dealt cards
// to each, from the starting player on.
func (s *State) dealSeat() int {
	return (s.elrohir + s.dealt/s.r.Params.CardsDealt) % s.n
}

// drawn moves card d, drawn at the chance node, from the draw pile to
// where it was drawn for, and goes on with the game.
func (s *State) drawn(d int) {
	w := s.wait
	s.wait = waitNone
	s.draw[d]--
	s.nDraw--
	switch w {
	case waitDeal:
		s.seats[s.dealSeat()].addHand(d)
		s.dealt++
		s.dealMore()
	case waitDraw:
		s.seats[s.cur].addHand(d)
		s.actionDone()
	case waitHuman:
		s.seats[s.cur].addHand(d)
		s.humanDrew()
	case waitBar:
		s.addBar(d)
		s.actionDone()
	}
}

// SampleChance implements engine.Chancer: a card of the draw pile, each
// as likely as another, the k-th with the cards in design order, as the
// rules engine draws, so that one seed draws the same cards in both.
func (s *State) SampleChance() engine.Action {
	k := s.rng.IntN(s.nDraw)
	for d := range s.r.Designs {
		if k < int(s.draw[d]) {
			return s.game(s.actD(Draw, d))
		}
		k -= int(s.draw[d])
	}
	panic("warlock: SampleChance with an empty draw pile")
}

func (s *State) addBar(d int) { s.bar[d]++; s.nBar++; s.barSet |= 1 << d }
func (s *State) takeBar(d int) {
	s.bar[d]--
	s.nBar--
	if s.bar[d] == 0 {
		s.barSet &^= 1 << d
	}
}

// full reports whether an empire is complete: max_cities cards, dragons
// and ruined cities included.
func (s *State) full(p *seat) bool { return p.occupied >= s.r.Params.MaxCities }

func (s *State) toDiscard(d int) { s.discard = append(s.discard, uint8(d)) }

// dump puts every card of a zone on the discard pile, in design order.
func (s *State) dump(z *counts) int {
	if *z == (counts{}) {
		return 0 // most castles, bids and bars at the end of a round
	}
	n := 0
	for d := range s.r.Designs {
		for ; z[d] > 0; z[d]-- {
			s.toDiscard(d)
			n++
		}
	}
	return n
}

// put sets field f to c, keeping the field masks.
func (p *seat) put(f int, c cell) {
	bit := uint64(1) << f
	p.empire[f] = c
	p.occ &^= bit
	p.dragonM &^= bit
	p.ruinM &^= bit
	switch c {
	case empty:
		return
	case dragon:
		p.dragonM |= bit
	case ruin:
		p.ruinM |= bit
	}
	p.occ |= bit
}

// cities is the fields holding a city.
func (p *seat) cities() uint64 { return p.occ &^ (p.dragonM | p.ruinM) }

func (p *seat) addHand(d int) { p.hand[d]++; p.nHand++; p.handSet |= 1 << d }
func (p *seat) subHand(d int) {
	p.hand[d]--
	p.nHand--
	if p.hand[d] == 0 {
		p.handSet &^= 1 << d
	}
}
func (p *seat) addMine(d int) { p.mine[d]++; p.nMine++; p.mineSet |= 1 << d }
func (p *seat) subMine(d int) {
	p.mine[d]--
	p.nMine--
	if p.mine[d] == 0 {
		p.mineSet &^= 1 << d
	}
}

func (p *seat) addDungeon(r *Rules, d int) {
	p.dungeon[d]++
	p.nDungeon++
	p.kinds[r.kind[d]]++
	p.pack(r.kind[d])
}

func (p *seat) subDungeon(r *Rules, d int) {
	p.dungeon[d]--
	p.nDungeon--
	p.kinds[r.kind[d]]--
	p.pack(r.kind[d])
}

func (p *seat) pack(k uint8) {
	at := 4 * k
	p.have = p.have&^(0xf<<at) | uint64(min(p.kinds[k], haveMax))<<at
}

// waiting is the designs of the cards set aside whose destination is still
// to choose.
func (p *seat) waiting() uint32 {
	var set uint32
	for j := p.sent; j < p.nAside; j++ {
		set |= 1 << p.aside[j]
	}
	return set
}
