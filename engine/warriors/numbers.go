package warriors

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/rules"
)

// numbers are the game's action numbers, which its rules give (see
// rules.Game.ActionNumber), so that this engine's logs are the rules
// engine's. The engine keeps its own numbers inside (see layout) and
// renumbers where an action enters or leaves a State.
//
// The rules play a charge and a give on a card, where the engine's moves
// name a troop (or a band's people, or the dragon): which card that is
// depends on the faction attacking and on the unit that lost, so those
// two kinds are renumbered by the state; every other kind, chance
// outcomes among them, by moves.
type numbers struct {
	moves        *engine.Renumbering
	charge, give cardActions
	// size is how many numbers the game uses.
	size int
}

// cardActions are the game numbers of one kind of action played on a
// card: by design (-1 for none), and the design of each game number from
// lo (-1 for none).
type cardActions struct {
	num    []engine.Action
	lo     engine.Action
	design []int
}

// of is the design a game number plays the action on, or -1.
func (c *cardActions) of(a engine.Action) int {
	if a < c.lo || int(a-c.lo) >= len(c.design) {
		return -1
	}
	return c.design[a-c.lo]
}

// at is the game number of the action on design d, or -1.
func (c *cardActions) at(d int) engine.Action {
	if d < 0 || d >= len(c.num) {
		return -1
	}
	return c.num[d]
}

// newNumbers numbers the actions of r by its game's rules; nil, and the
// own numbers, for a game without rules. An own action that can be legal
// and that the rules do not number is an error.
func newNumbers(r *Rules, g *model.Game) (*numbers, error) {
	if !rules.Has(g) {
		return nil, nil
	}
	rg, err := rules.New(g)
	if err != nil {
		return nil, err
	}
	n := &numbers{size: rg.NumActions()}
	var errs []error
	number := func(what string, x engine.Action, err error) (engine.Action, bool) {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", what, err))
		}
		return x, err == nil
	}
	n.moves, err = engine.NewRenumbering(r.NumActions(), func(a engine.Action) (engine.Action, bool) {
		m, ok := r.decode(a)
		if !ok {
			return 0, false
		}
		switch m.Kind {
		case Deal:
			x, err := rg.DrawNumber(r.card[m.Design])
			return number("deal", x, err)
		case Roll:
			x, err := rg.OutcomeNumber(m.Value - 1)
			return number("roll", x, err)
		}
		kind, parts, ok := r.rulesMove(m)
		if !ok {
			return 0, false
		}
		x, err := rg.ActionNumber(kind, parts...)
		return number(m.Kind.name(), x, err)
	})
	if err != nil {
		return nil, err
	}
	cards := func(kind string, of func(d Design) bool) cardActions {
		c := cardActions{num: make([]engine.Action, len(r.Designs))}
		hi := engine.Action(-1)
		c.lo = -1
		for d, des := range r.Designs {
			c.num[d] = -1
			if !of(des) {
				continue
			}
			x, err := rg.ActionNumber(kind, r.card[d])
			if _, ok := number(kind, x, err); !ok {
				continue
			}
			c.num[d] = x
			if c.lo < 0 || x < c.lo {
				c.lo = x
			}
			hi = max(hi, x)
		}
		c.design = make([]int, max(0, int(hi-c.lo+1)))
		for i := range c.design {
			c.design[i] = -1
		}
		for d, x := range c.num {
			if x >= 0 {
				c.design[x-c.lo] = d
			}
		}
		return c
	}
	n.charge = cards("charge", func(d Design) bool { return d.Class == ClassWarrior })
	n.give = cards("give", func(d Design) bool { return d.Class == ClassWarrior || d.Class == ClassDragon })
	if len(errs) > 0 {
		return nil, fmt.Errorf("the rules number the actions otherwise: %v", errs[0])
	}
	for _, c := range []*cardActions{&n.charge, &n.give} {
		for _, x := range c.num {
			if _, twice := n.moves.Own(x); twice {
				return nil, fmt.Errorf("the rules give game number %d to two actions", x)
			}
		}
	}
	return n, nil
}

// lairs is how many dragons a player can hold: each in a lair (a dragon
// slot) of its own.
func (r *Rules) lairs() int {
	if r.dragon < 0 {
		return 0
	}
	return r.Designs[r.dragon].Copies
}

// rulesUnit is the rules' number of a unit slot (their UNITS: the
// factions, a dragon per lair, the band), false for a slot never used.
func (r *Rules) rulesUnit(slot int) (int, bool) {
	np, lairs := len(r.Peoples), r.lairs()
	switch {
	case slot >= 0 && slot < np:
		return slot, true
	case slot >= dragonSlot0 && slot < dragonSlot0+lairs:
		return np + slot - dragonSlot0, true
	case slot == bandSlot:
		return np + lairs, true
	}
	return 0, false
}

// rulesFire is the rules' number of a fire slot (their FIRE: each
// warrior by people and troop, a wizard per faction, each dragon).
func (r *Rules) rulesFire(slot int) (int, bool) {
	np := len(r.Peoples)
	switch {
	case slot < 0:
	case slot < fireWizard0:
		if q := slot / troops; q < np {
			return troops*q + slot%troops, true
		}
	case slot < fireDragon0:
		if q := slot - fireWizard0; q < np {
			return troops*np + q, true
		}
	case slot < fireDragon0+r.lairs():
		return (troops+1)*np + slot - fireDragon0, true
	}
	return 0, false
}

// rulesMove is a player's move as the rules' ACTIONS name it, false for a
// move that can never be played. Charge and Give are the state's (see
// numbers).
func (r *Rules) rulesMove(m Move) (string, []int, bool) {
	seat := m.Target >= 0 && m.Target < r.Players.Max
	people := m.People >= 0 && m.People < len(r.Peoples)
	switch m.Kind {
	case Keep:
		return "keep", []int{r.card[m.Design]}, true
	case Protect:
		return "protect", []int{m.People}, people
	case AssignFlame:
		u, ok := r.rulesUnit(dragonSlot0 + m.Slot)
		return "assign_flame", []int{u}, ok && m.Slot >= 0
	case Attack:
		u, ok := r.rulesUnit(m.Slot)
		v, okT := r.rulesUnit(m.TargetSlot)
		return "attack", []int{u, m.Target, v}, ok && okT && seat && m.TargetSlot != bandSlot
	case Enlist:
		return "enlist", []int{m.People}, people
	case Fire:
		f, ok := r.rulesFire(m.TargetSlot)
		return "fire", []int{m.Target, f}, ok && seat
	case AsMercenary, AsDraconic, Continue, Stop, EndCharge, SpendFlame, HoldFire:
		return m.Kind.name(), nil, true
	}
	return "", nil, false
}

// gameOf is the game number of own action a in this state: a charge's
// card is a warrior of the attacking faction, a give's one of the unit
// that lost.
func (s *State) gameOf(a engine.Action) engine.Action {
	r := s.r
	n := r.num
	if n == nil {
		return a
	}
	if a < 0 || int(a) >= r.NumActions() {
		return -1
	}
	switch r.ids.kind[a] {
	case Charge:
		m, _ := r.decode(a)
		return n.charge.at(r.warriorOf(s.b.unit, m.Troop))
	case Give:
		m, _ := r.decode(a)
		switch {
		case m.Troop == giveDragon:
			return n.give.at(r.dragon)
		case m.Troop < 0:
			return n.give.at(r.warriorOf(m.People, Infantry))
		}
		return n.give.at(r.warriorOf(s.loserSlot(), m.Troop))
	}
	return n.moves.Game(a)
}

// warriorOf is the design of people q's troop t, or -1.
func (r *Rules) warriorOf(q, t int) int {
	if q < 0 || q >= len(r.Peoples) || t < 0 || t >= troops {
		return -1
	}
	return r.warrior[q][t]
}

// loserSlot is the unit that gives a card, -1 when none does.
func (s *State) loserSlot() int {
	if s.step != stGive || s.b.lossAt >= s.b.nLoss {
		return -1
	}
	_, slot := s.loser()
	return slot
}

// move is the move of the game's action a, where unit attacks and the
// unit loser gives a card (-1 for none).
func (r *Rules) move(a engine.Action, unit, loser int) (Move, bool) {
	n := r.num
	if n == nil {
		return r.decode(a)
	}
	if own, ok := n.moves.Own(a); ok {
		return r.decode(own)
	}
	if d := n.charge.of(a); d >= 0 {
		des := &r.Designs[d]
		return Move{Kind: Charge, Troop: des.Troop}, des.People == unit
	}
	d := n.give.of(a)
	switch {
	case d < 0:
		return Move{}, false
	case d == r.dragon:
		return Move{Kind: Give, Troop: giveDragon}, true
	}
	des := &r.Designs[d]
	if loser == bandSlot {
		return Move{Kind: Give, Troop: -1, People: des.People}, des.Troop == Infantry
	}
	return Move{Kind: Give, Troop: des.Troop}, des.People == loser
}

// kind is the kind of the game's action a, whatever the state.
func (r *Rules) kind(a engine.Action) (Kind, bool) {
	n := r.num
	switch {
	case n == nil:
	case n.charge.of(a) >= 0:
		return Charge, true
	case n.give.of(a) >= 0:
		return Give, true
	default:
		own, ok := n.moves.Own(a)
		if !ok {
			return 0, false
		}
		a = own
	}
	m, ok := r.decode(a)
	return m.Kind, ok
}

// numActions is how many numbers the game's actions use.
func (r *Rules) numActions() int {
	if r.num == nil {
		return r.NumActions()
	}
	return r.num.size
}

// renumber turns a list of own actions into the game's, sorted.
func (s *State) renumber(acts []engine.Action) []engine.Action {
	n := s.r.num
	switch {
	case n == nil:
		return acts
	case s.step != stCharge && s.step != stGive:
		return n.moves.List(acts)
	}
	for i, a := range acts {
		acts[i] = s.gameOf(a)
	}
	if !slices.IsSorted(acts) {
		slices.Sort(acts)
	}
	return acts
}

// Encode is the game number of a move, in this state.
func (s *State) Encode(m Move) engine.Action { return s.gameOf(s.r.encode(m)) }

// Decode is the move of the game's action a, in this state.
func (s *State) Decode(a engine.Action) (Move, bool) {
	return s.r.move(a, s.b.unit, s.loserSlot())
}
