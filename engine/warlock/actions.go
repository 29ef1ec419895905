package warlock

import (
	"fmt"
	"math/bits"

	"github.com/grimoire-games/grimoire/engine"
)

// Kind is what an action does; with its design, field and target player it
// is all an action means. The engine's own action numbers are laid out kind
// by kind, so they depend only on the game data (the number of designs, the
// empire size and the most players), never on the state; the game's are the
// rules' (see numbers).
type Kind uint8

// The kinds of actions. What a card action does to the card depends on the
// decision at hand (see State.ActionString).
const (
	Pass        Kind = iota // pass, decline a power or skill, or end the bidding
	DrawPile                // draw the top card of the draw pile
	DrawDiscard             // take the top card of the discard pile
	BidDone                 // close one's bid
	PayCastle               // pay with the goblin just played
	PlayMine                // designs: play from the hand to the mine
	PlayDungeon
	PlayEmpire
	PlayCastle
	AsideBar // set aside for the bar
	Aside    // set aside another card, its destination chosen later
	AsideMine
	AsideDungeon
	Pay     // pay with a dungeon card
	BarCard // take a card from the bar (goblin power, auction picks)
	Hand    // build a card from the hand (gnome power)
	DiscardHand
	DiscardMine
	DiscardDungeon
	Bid    // bid a mine card at its gold
	BidAlt // bid a human at its other amount
	PickMine
	PickDungeon
	Field // a field of one's own empire
	Swap  // two fields of one's own empire (giant skill)
	// Draw is a chance node's outcome: the card of this design is drawn
	// from the draw pile. It comes before Target, whose count depends on
	// the most players, so that a variant for fewer players numbers the
	// draws as the game does.
	Draw
	Target // a field of another player's empire
	kinds
)

const firstDesignKind, lastDesignKind = PlayMine, PickDungeon

// designKind reports whether actions of kind k each name a design: the
// players' card actions, and the chance node's draws.
func designKind(k Kind) bool { return k >= firstDesignKind && k <= lastDesignKind || k == Draw }

// Move is a decoded action.
type Move struct {
	Kind   Kind
	Design int // design kinds
	Field  int // Field, Swap, Target
	Field2 int // Swap
	Player int // Target
}

// layout numbers the actions of a game.
type layout struct {
	base [kinds + 1]int
	// moves holds each action's move, packed (see packMove): Apply
	// decodes every action, and a look-up spares it the arithmetic.
	moves []uint64
	pairs [][2]int // Swap index to fields
	pair  [maxFields][maxFields]int
}

// packMove packs a move a byte a number, as decode reads it: the limits
// on designs, fields and players keep them all below 256.
func packMove(m Move) uint64 {
	return uint64(m.Kind) | uint64(m.Design)<<8 | uint64(m.Field)<<16 | uint64(m.Field2)<<24 | uint64(m.Player)<<32
}

func newLayout(designs, side, players int) layout {
	var l layout
	f := side * side
	for i := range f {
		for j := i + 1; j < f; j++ {
			l.pair[i][j] = len(l.pairs)
			l.pairs = append(l.pairs, [2]int{i, j})
		}
	}
	n := 0
	for k := range kinds {
		l.base[k] = n
		switch {
		case designKind(k):
			n += designs
		case k == Field:
			n += f
		case k == Swap:
			n += len(l.pairs)
		case k == Target:
			n += players * f
		default:
			n++
		}
	}
	l.base[kinds] = n
	l.moves = make([]uint64, n)
	for k := range kinds {
		for x := l.base[k]; x < l.base[k+1]; x++ {
			m := Move{Kind: k}
			off := x - l.base[k]
			switch {
			case designKind(k):
				m.Design = off
			case k == Field:
				m.Field = off
			case k == Swap:
				m.Field, m.Field2 = l.pairs[off][0], l.pairs[off][1]
			case k == Target:
				m.Player, m.Field = off/f, off%f
			}
			l.moves[x] = packMove(m)
		}
	}
	return l
}

// NumActions is the size of the action space: every action is in [0, n),
// by the game's numbers.
func (r *Rules) NumActions() int {
	if r.num != nil {
		return r.num.count
	}
	return r.ownActions()
}

// ownActions is the size of the engine's own action space.
func (r *Rules) ownActions() int { return r.ids.base[kinds] }

// encode is the own number of a move.
func (r *Rules) encode(m Move) engine.Action {
	b := r.ids.base[m.Kind]
	switch {
	case designKind(m.Kind):
		return engine.Action(b + m.Design)
	case m.Kind == Field:
		return engine.Action(b + m.Field)
	case m.Kind == Swap:
		return engine.Action(b + r.ids.pair[m.Field][m.Field2])
	case m.Kind == Target:
		return engine.Action(b + m.Player*r.Params.EmpireSize*r.Params.EmpireSize + m.Field)
	}
	return engine.Action(b)
}

// decode is the inverse of encode; ok is false for a number outside the
// own action space.
func (r *Rules) decode(a engine.Action) (m Move, ok bool) {
	if uint(a) >= uint(len(r.ids.moves)) {
		return m, false
	}
	x := r.ids.moves[a]
	m.Kind, m.Design, m.Field = Kind(x&0xff), int(x>>8&0xff), int(x>>16&0xff)
	m.Field2, m.Player = int(x>>24&0xff), int(x>>32&0xff)
	return m, true
}

func (s *State) act(k Kind) engine.Action { return engine.Action(s.r.ids.base[k]) }
func (s *State) actD(k Kind, d int) engine.Action {
	return engine.Action(s.r.ids.base[k] + d)
}

// LegalActions implements engine.State: the game's numbers, in increasing
// order.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	return s.renumber(s.ownLegal(dst))
}

// ownLegal is LegalActions by the engine's own numbers.
func (s *State) ownLegal(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	if s.wait != waitNone {
		return s.setActions(dst, Draw, s.drawSet())
	}
	p := &s.seats[s.cur]
	nd := len(s.r.Designs)
	switch s.step {
	case stShortDeal:
		for d := range nd {
			if p.hand[d] > 0 {
				dst = append(dst, s.actD(DiscardHand, d))
			}
		}
		for d := range nd {
			if p.mine[d] > 0 {
				dst = append(dst, s.actD(DiscardMine, d))
			}
		}
		for d := range nd {
			if p.dungeon[d] > 0 {
				dst = append(dst, s.actD(DiscardDungeon, d))
			}
		}
	case stAsideBar:
		dst = s.setActions(dst, AsideBar, p.handSet)
	case stAsideRest:
		dst = s.setActions(dst, Aside, p.handSet)
	case stAsideDest:
		dst = s.setActions(dst, AsideMine, p.waiting())
		dst = s.setActions(dst, AsideDungeon, p.waiting())
	case stMain:
		dst = s.mainActions(dst, p)
	case stField:
		dst = s.cityFields(dst, s.cur)
	case stPay:
		dst = s.payActions(dst)
	case stGiantSkill:
		dst = append(dst, s.act(Pass))
		dst = s.swaps(dst, p)
	case stDragon:
		dst = append(dst, s.act(Pass))
		dst = s.dragonFields(dst, p)
	case stHumanDraw:
		dst = append(dst, s.act(Pass))
		if s.piles() > 0 {
			dst = append(dst, s.act(DrawPile))
		}
		if len(s.discard) > 0 {
			dst = append(dst, s.act(DrawDiscard))
		}
	case stGoblinBar:
		dst = append(dst, s.act(Pass))
		if s.hasCityField(s.cur) {
			for set := s.barSet; set != 0; set &= set - 1 {
				if d := bits.TrailingZeros32(set); s.affords(s.cur, d, s.castleGob) {
					dst = append(dst, s.actD(BarCard, d))
				}
			}
		}
	case stGnomeHand:
		dst = append(dst, s.act(Pass))
		if s.hasCityField(s.cur) {
			for d := range nd {
				if p.hand[d] > 0 && s.r.Designs[d].Points <= s.r.Params.GnomePowerMaxPoints {
					dst = append(dst, s.actD(Hand, d))
				}
			}
		}
	case stOrc, stWizardTake:
		if s.step == stOrc {
			dst = append(dst, s.act(Pass))
		}
		dst = s.targets(dst)
	case stWizardOwn:
		dst = append(dst, s.act(Pass))
		for f := range s.fields() {
			if p.empire[f].design() >= 0 {
				dst = append(dst, engine.Action(s.r.ids.base[Field]+f))
			}
		}
	case stBid:
		dst = s.bidActions(dst, p)
	case stPickEmpire, stPickDiscard:
		dst = s.setActions(dst, BarCard, s.barSet)
	case stPickSecond:
		dst = s.setActions(dst, PickMine, s.barSet)
		dst = s.setActions(dst, PickDungeon, s.barSet)
	}
	return dst
}

// setActions lists action k for each design of set.
func (s *State) setActions(dst []engine.Action, k Kind, set uint32) []engine.Action {
	base := s.r.ids.base[k]
	for ; set != 0; set &= set - 1 {
		dst = append(dst, engine.Action(base+bits.TrailingZeros32(set)))
	}
	return dst
}

func (s *State) mainActions(dst []engine.Action, p *seat) []engine.Action {
	if s.piles() > 0 {
		dst = append(dst, s.act(DrawPile))
	}
	if len(s.discard) > 0 {
		dst = append(dst, s.act(DrawDiscard))
	}
	dst = s.setActions(dst, PlayMine, p.handSet)
	dst = s.setActions(dst, PlayDungeon, p.handSet)
	if s.hasCityField(s.cur) {
		dst = s.setActions(dst, PlayEmpire, s.affordable(s.cur, p.handSet))
	}
	dst = s.setActions(dst, PlayCastle, p.handSet)
	if len(dst) == 0 {
		// ruling pass-when-stuck: no card and nothing to draw.
		dst = append(dst, s.act(Pass))
	}
	return dst
}

// Apply implements engine.State.
func (s *State) Apply(a engine.Action) error {
	if s.step == stOver {
		return fmt.Errorf("%w: the game is over", engine.ErrIllegal)
	}
	// s.Decode, by hand: Apply is run at every action.
	own, ok := s.own(a)
	var m Move
	if ok {
		m, ok = s.r.decode(own)
	}
	if !ok || !s.legal(m) {
		return engine.Illegal(a, s.LegalActions(nil))
	}
	s.turns++
	s.apply(m)
	return nil
}

// legal is LegalActions for one move, without listing them all, so that
// Apply stays cheap; the tests check that both always agree.
func (s *State) legal(m Move) bool {
	d := m.Design
	if s.wait != waitNone {
		return m.Kind == Draw && s.draw[d] > 0
	}
	p := &s.seats[s.cur]
	piles := s.piles()
	isPass := m.Kind == Pass
	switch s.step {
	case stShortDeal:
		switch m.Kind {
		case DiscardHand:
			return p.hand[d] > 0
		case DiscardMine:
			return p.mine[d] > 0
		case DiscardDungeon:
			return p.dungeon[d] > 0
		}
	case stAsideBar:
		return m.Kind == AsideBar && p.hand[d] > 0
	case stAsideRest:
		return m.Kind == Aside && p.hand[d] > 0
	case stAsideDest:
		return (m.Kind == AsideMine || m.Kind == AsideDungeon) && p.waiting()&(1<<d) != 0
	case stMain:
		switch m.Kind {
		case Pass:
			return piles == 0 && p.nHand == 0
		case DrawPile:
			return piles > 0
		case DrawDiscard:
			return len(s.discard) > 0
		case PlayMine, PlayDungeon, PlayCastle:
			return p.hand[d] > 0
		case PlayEmpire:
			return p.hand[d] > 0 && s.hasCityField(s.cur) && s.affords(s.cur, d, -1)
		}
	case stField:
		return m.Kind == Field && s.cityField(p, m.Field)
	case stPay:
		switch m.Kind {
		case PayCastle:
			return s.bld.castleGob >= 0 && s.canPayWith(int(s.bld.castleGob), true)
		case Pay:
			return p.dungeon[d] > 0 && s.canPayWith(d, false)
		}
	case stGiantSkill:
		return isPass || m.Kind == Swap && p.empire[m.Field] != empty && p.empire[m.Field2] != empty && p.empire[m.Field] != p.empire[m.Field2]
	case stDragon:
		return isPass || m.Kind == Field && s.canPlaceDragon(p) && s.open(p, m.Field)
	case stHumanDraw:
		return isPass || m.Kind == DrawPile && piles > 0 || m.Kind == DrawDiscard && len(s.discard) > 0
	case stGoblinBar:
		return isPass || m.Kind == BarCard && s.bar[d] > 0 && s.hasCityField(s.cur) && s.affords(s.cur, d, s.castleGob)
	case stGnomeHand:
		return isPass || m.Kind == Hand && p.hand[d] > 0 && s.r.Designs[d].Points <= s.r.Params.GnomePowerMaxPoints && s.hasCityField(s.cur)
	case stOrc:
		return isPass || m.Kind == Target && s.attackable(m.Player, m.Field)
	case stWizardTake:
		return m.Kind == Target && s.attackable(m.Player, m.Field)
	case stWizardOwn:
		return isPass || m.Kind == Field && p.empire[m.Field].design() >= 0
	case stBid:
		switch m.Kind {
		case Pass:
			return true
		case BidDone:
			return p.bidGold > 0 && !s.bidTaken(p.bidGold)
		case Bid:
			return p.mine[d] > 0
		case BidAlt:
			return p.mine[d] > 0 && s.r.Designs[d].HasAlt
		}
	case stPickEmpire, stPickDiscard:
		return m.Kind == BarCard && s.bar[d] > 0
	case stPickSecond:
		return (m.Kind == PickMine || m.Kind == PickDungeon) && s.bar[d] > 0
	}
	return false
}
