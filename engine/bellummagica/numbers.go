package bellummagica

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/rules"
)

// numbers are the game's action numbers, which its rules give (see
// rules.Game.ActionNumber), so that this engine's logs are the rules
// engine's. The engine keeps its own numbers inside (kind times 256 plus
// the argument) and renumbers where an action enters or leaves a State.
// A chance outcome is numbered by the card drawn, whichever pile it comes
// from, or by the die's face: its own kind is the chance node's.
type numbers struct {
	moves *engine.Renumbering // the players' actions
	// card is the game number of a castle, creature, location and chest
	// design; local is a card's design among those of its type, by game
	// number.
	castle, creature, location, chest []engine.Action
	local                             []int
	pile                              []int8        // by game number: castle 1, creature 2, location 3, chest 4
	face0                             engine.Action // the die's first face
}

// newNumbers numbers the actions of r by its game's rules; nil, and the
// own numbers, for a game without rules.
func newNumbers(r *Rules, g *model.Game) (*numbers, error) {
	if !rules.Has(g) {
		return nil, nil
	}
	rg, err := rules.New(g)
	if err != nil {
		return nil, err
	}
	n := &numbers{local: make([]int, len(g.Cards)), pile: make([]int8, len(g.Cards))}
	// The rules number a card by its place among the game's cards.
	cards := func(pile int8, ids ...string) []engine.Action {
		out := make([]engine.Action, len(ids))
		for i, id := range ids {
			d, _ := rg.Design(id)
			out[i] = engine.Action(d)
			n.local[d], n.pile[d] = i, pile
		}
		return out
	}
	n.castle = cards(1, ids(r.Castles, func(c Castle) string { return c.ID })...)
	n.creature = cards(2, ids(r.Creatures, func(c Creature) string { return c.ID })...)
	n.location = cards(3, ids(r.Locations, func(c Location) string { return c.ID })...)
	n.chest = cards(4, ids(r.Chests, func(c Chest) string { return c.ID })...)
	if n.face0, err = rg.OutcomeNumber(0); err != nil {
		return nil, err
	}
	var errs []error
	n.moves, err = engine.NewRenumbering(int(kinds)<<8, func(a engine.Action) (engine.Action, bool) {
		m, ok := decode(a)
		if !ok || m.Kind.chance() {
			return 0, false
		}
		kind, parts, ok := n.rulesMove(r, m)
		if !ok {
			return 0, false
		}
		x, err := rg.ActionNumber(kind, parts...)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", m.Kind.name(), err))
		}
		return x, err == nil
	})
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("the rules number the actions otherwise: %v", errs[0])
	}
	return n, nil
}

func ids[T any](xs []T, id func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = id(x)
	}
	return out
}

// chance reports whether a kind is a chance outcome's.
func (k Kind) chance() bool { return k >= DealCastle && k <= StolenChest }

// rulesMove is a player's move as the rules' ACTIONS name it, false for
// a move that cannot be played.
func (n *numbers) rulesMove(r *Rules, m Move) (string, []int, bool) {
	card := func(of []engine.Action) (int, bool) {
		if m.Arg >= len(of) {
			return 0, false
		}
		return int(of[m.Arg]), true
	}
	none := func(id string) (string, []int, bool) { return id, nil, m.Arg == 0 }
	pr := &r.Params
	switch m.Kind {
	case PlaceLeft, PlaceRight:
		c, ok := card(n.creature)
		return map[Kind]string{PlaceLeft: "place_left", PlaceRight: "place_right"}[m.Kind], []int{c}, ok
	case KeepRoll:
		return none("keep_roll")
	case PayRound:
		return none("pay_round")
	case CastConfusion:
		return none("cast_confusion")
	case AttackLocation:
		c, ok := card(n.location)
		return "attack_location", []int{c}, ok
	case AttackCastle:
		return "attack_player", []int{m.Arg}, m.Arg < r.Players.Max
	case NoAttack:
		return none("no_attack")
	case Steal:
		if m.Arg >= int(chestKinds) {
			return "", nil, false
		}
		return "steal_" + chestKindIDs[m.Arg], nil, true
	case StopStealing:
		return none("stop_stealing")
	case RecruitFood:
		c, ok := card(n.creature)
		return "recruit_food", []int{c, pr.EvilFood}, ok
	case RecruitGlyphsFood:
		c, ok := card(n.creature)
		return "recruit_glyphs_food", []int{c, pr.MostEvilGlyphs, pr.MostEvilFood}, ok
	case RecruitGlyphs:
		c, ok := card(n.creature)
		return "recruit_glyphs", []int{c, pr.MostEvilAltGlyphs}, ok
	case StopRecruiting:
		return none("stop_recruiting")
	}
	return "", nil, false
}

// game is the game number of own action a.
func (s *State) game(a engine.Action) engine.Action {
	n := s.r.num
	if n == nil {
		return a
	}
	m, ok := decode(a)
	if !ok || !m.Kind.chance() {
		return n.moves.Game(a)
	}
	var of []engine.Action
	switch m.Kind {
	case DealCastle:
		of = n.castle
	case DealGoblin, RevealCreature:
		of = n.creature
	case RevealLocation:
		of = n.location
	case DrawChest, StolenChest:
		of = n.chest
	}
	switch {
	case m.Kind == Roll:
		return n.face0 + engine.Action(m.Arg)
	case m.Arg < len(of):
		return of[m.Arg]
	}
	return -1
}

// own is the own number of the game's action a in this state: a chance
// outcome is one of the kind of the chance node the state is at.
func (s *State) own(a engine.Action) (engine.Action, bool) {
	n := s.r.num
	if n == nil {
		return a, true
	}
	k := chanceKinds[s.t.Step]
	switch {
	case k == 0:
		return n.moves.Own(a)
	case k == Roll:
		return act(Roll, int(a-n.face0)), a >= n.face0 && int(a-n.face0) < s.r.Params.Faces
	case a < 0 || int(a) >= len(n.local) || n.pile[a] != chancePiles[k]:
		return 0, false
	}
	return act(k, n.local[a]), true
}

// chanceKinds is the kind of each chance node's outcomes, and
// chancePiles the type of card each kind draws (see numbers.pile).
var (
	chanceKinds = [...]Kind{
		stDealCastle: DealCastle, stDealGoblin: DealGoblin, stRevealLocation: RevealLocation,
		stRevealCreature: RevealCreature, stRoll: Roll, stDraw: DrawChest, stStolen: StolenChest,
		stOver: 0,
	}
	chancePiles = [kinds]int8{
		DealCastle: 1, DealGoblin: 2, RevealCreature: 2, RevealLocation: 3, DrawChest: 4, StolenChest: 4,
	}
)

// renumber turns a list of own actions into the game's, sorted.
func (s *State) renumber(acts []engine.Action) []engine.Action {
	if s.r.num == nil {
		return acts
	}
	if chanceKinds[s.t.Step] == 0 {
		return s.r.num.moves.List(acts)
	}
	for i, a := range acts {
		acts[i] = s.game(a)
	}
	if !slices.IsSorted(acts) {
		slices.Sort(acts)
	}
	return acts
}

// Encode is the game number of a move, in this state (a chance outcome's
// number is the card's or the face's, whatever its kind).
func (s *State) Encode(m Move) engine.Action { return s.game(encode(m)) }

// Decode is the move of the game's action a in this state.
func (s *State) Decode(a engine.Action) (Move, bool) {
	own, ok := s.own(a)
	if !ok {
		return Move{}, false
	}
	return decode(own)
}

// decode is the move of a player's action, by the game's number.
func (r *Rules) decode(a engine.Action) (Move, bool) {
	if r.num != nil {
		own, ok := r.num.moves.Own(a)
		if !ok {
			return Move{}, false
		}
		a = own
	}
	return decode(a)
}
