package warlock

import (
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/rules"
)

// numbers are the game's action numbers, which its rules give (see
// rules.Game.ActionNumber), so that this engine's logs are the rules
// engine's. The engine keeps its own numbers inside (see layout) and
// renumbers where an action enters or leaves a State.
//
// The rules name an action by the decision it is played at, where one own
// action serves several: Pass is the rules' pass or skip, Field their
// place, place_dragon or wizard_own, BarCard goblin_bar, pick_empire or
// pick_discard, Target ruin or wizard_take. So each step has its own
// renumbering, by the actions the rules play in its phase (phaseActions);
// a chance node, which keeps the last decision's step, numbers a draw by
// the card drawn in every step.
type numbers struct {
	steps [stepCount]*engine.Renumbering
	// own is the own number of each game number, whatever the step
	// (pass and skip are both Pass), -1 for none.
	own   []engine.Action
	count int // the game's NumActions
}

// phaseActions names, at each step, the rules' action (ACTIONS of
// cards/warlock/rules.star) of each own kind that may be played there.
var phaseActions = [stepCount]map[Kind]string{
	stShortDeal: {DiscardHand: "discard_hand", DiscardMine: "discard_mine", DiscardDungeon: "discard_dungeon"},
	stAsideBar:  {AsideBar: "set_aside_bar"},
	stAsideRest: {Aside: "set_aside"},
	stAsideDest: {AsideMine: "set_aside_mine", AsideDungeon: "set_aside_dungeon"},
	stMain: {
		DrawPile: "draw_pile", DrawDiscard: "draw_discard", PlayMine: "play_mine", PlayDungeon: "play_dungeon",
		PlayEmpire: "play_empire", PlayCastle: "play_castle", Pass: "pass",
	},
	stField:       {Field: "place"},
	stPay:         {Pay: "pay", PayCastle: "pay_castle"},
	stGiantSkill:  {Pass: "skip", Swap: "swap"},
	stDragon:      {Pass: "skip", Field: "place_dragon"},
	stHumanDraw:   {Pass: "skip", DrawPile: "draw_pile", DrawDiscard: "draw_discard"},
	stGoblinBar:   {Pass: "skip", BarCard: "goblin_bar"},
	stGnomeHand:   {Pass: "skip", Hand: "gnome_hand"},
	stOrc:         {Pass: "skip", Target: "ruin"},
	stWizardOwn:   {Pass: "skip", Field: "wizard_own"},
	stWizardTake:  {Target: "wizard_take"},
	stBid:         {Pass: "pass", BidDone: "bid_done", Bid: "bid", BidAlt: "bid"},
	stPickEmpire:  {BarCard: "pick_empire"},
	stPickDiscard: {BarCard: "pick_discard"},
	stPickSecond:  {PickMine: "pick_mine", PickDungeon: "pick_dungeon"},
}

// newNumbers numbers the actions of r by its game's rules; nil, and the
// own numbers, for a game without rules. Every own action of a kind a
// step may play must have a number there.
func newNumbers(r *Rules, g *model.Game) (*numbers, error) {
	if !rules.Has(g) {
		return nil, nil
	}
	rg, err := rules.New(g)
	if err != nil {
		return nil, err
	}
	n := &numbers{count: rg.NumActions()}
	draws := make([]engine.Action, len(r.Designs))
	for d := range r.Designs {
		if draws[d], err = rg.DrawNumber(r.card[d]); err != nil {
			return nil, err
		}
	}
	var errs []error
	for st := range stepCount {
		byKind := phaseActions[st]
		n.steps[st], err = engine.NewRenumbering(r.ownActions(), func(a engine.Action) (engine.Action, bool) {
			m, _ := r.decode(a)
			if m.Kind == Draw {
				return draws[m.Design], true
			}
			id, ok := byKind[m.Kind]
			if !ok {
				return 0, false
			}
			x, err := rg.ActionNumber(id, r.parts(m)...)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s at %s: %w", m.Kind.name(), stepName(st), err))
			}
			return x, err == nil
		})
		if err != nil {
			return nil, err
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("the rules number the actions otherwise: %w", errs[0])
	}
	n.own = make([]engine.Action, n.count)
	for i := range n.own {
		n.own[i] = -1
	}
	for st, ren := range n.steps {
		for a := range engine.Action(r.ownActions()) {
			x := ren.Game(a)
			switch {
			case x < 0:
				continue
			case int(x) >= n.count:
				return nil, fmt.Errorf("action %d at %s: game number %d, past the rules' %d", a, stepName(step(st)), x, n.count)
			case n.own[x] >= 0 && n.own[x] != a:
				return nil, fmt.Errorf("game number %d is own actions %d and %d", x, n.own[x], a)
			}
			n.own[x] = a
		}
	}
	return n, nil
}

// parts is what the rules play move m on: a design by its card's place
// among the game's cards, a bid's card and whether at the other amount,
// fields, a target's seat and field.
func (r *Rules) parts(m Move) []int {
	switch {
	case m.Kind == Bid:
		return []int{r.card[m.Design], 0}
	case m.Kind == BidAlt:
		return []int{r.card[m.Design], 1}
	case designKind(m.Kind):
		return []int{r.card[m.Design]}
	case m.Kind == Field:
		return []int{m.Field}
	case m.Kind == Swap:
		return []int{m.Field, m.Field2}
	case m.Kind == Target:
		return []int{m.Player, m.Field}
	}
	return nil
}

// game is the game number of own action a at the state's step.
func (s *State) game(a engine.Action) engine.Action {
	if n := s.r.num; n != nil {
		return n.steps[s.step].Game(a)
	}
	return a
}

// own is the own number of the game's action a at the state's step, and
// false for one the step never plays.
func (s *State) own(a engine.Action) (engine.Action, bool) {
	if n := s.r.num; n != nil {
		return n.steps[s.step].Own(a)
	}
	return a, true
}

// renumber turns a list of own actions into the game's, sorted.
func (s *State) renumber(acts []engine.Action) []engine.Action {
	if n := s.r.num; n != nil {
		return n.steps[s.step].List(acts)
	}
	return acts
}

// Encode is the game number of a move at the state's step.
func (s *State) Encode(m Move) engine.Action { return s.game(s.r.encode(m)) }

// Decode is the move of the game's action a at the state's step; ok is
// false for an action the step never plays.
func (s *State) Decode(a engine.Action) (Move, bool) {
	own, ok := s.own(a)
	if !ok {
		return Move{}, false
	}
	return s.r.decode(own)
}

// Decode is the move of the game's action a, whatever the step: the rules
// give each of their actions a number of its own, so a number is one
// move (pass and skip are both a Pass).
func (r *Rules) Decode(a engine.Action) (Move, bool) {
	if n := r.num; n != nil {
		if a < 0 || int(a) >= len(n.own) || n.own[a] < 0 {
			return Move{}, false
		}
		a = n.own[a]
	}
	return r.decode(a)
}
