package warlock

import (
	"math/bits"

	"github.com/grimoire-games/grimoire/engine"
)

// apply plays a legal move.
func (s *State) apply(m Move) {
	if s.wait != waitNone {
		s.drawn(m.Design)
		return
	}
	p := &s.seats[s.cur]
	d := m.Design
	switch s.step {
	case stShortDeal:
		switch m.Kind {
		case DiscardHand:
			p.subHand(d)
		case DiscardMine:
			p.subMine(d)
		case DiscardDungeon:
			p.subDungeon(s.r, d)
		}
		s.toDiscard(d)
		s.nextShort()
	case stAsideBar, stAsideRest:
		p.subHand(d)
		p.aside[p.nAside] = int8(d)
		p.nAside++
		s.left--
		if s.left > 0 && p.nHand > 0 && p.nAside < maxAside {
			s.step = stAsideRest
			return
		}
		s.asideDone()
	case stAsideDest:
		j := p.sent
		for p.aside[j] != int8(d) {
			j++
		}
		p.aside[j], p.aside[p.sent] = p.aside[p.sent], p.aside[j]
		p.toMine[p.sent] = m.Kind == AsideMine
		p.sent++
		if p.sent == p.nAside {
			s.destDone()
		}
	case stMain:
		s.main(p, m)
	case stField:
		s.bld.field = m.Field
		if s.bld.free || s.bld.nRem == 0 {
			s.placeCity()
			return
		}
		s.step = stPay
	case stPay:
		if m.Kind == PayCastle {
			s.pay(int(s.bld.castleGob), true)
		} else {
			s.pay(d, false)
		}
	case stGiantSkill:
		if m.Kind == Swap {
			a, b := p.empire[m.Field], p.empire[m.Field2]
			p.put(m.Field, b)
			p.put(m.Field2, a)
		}
		s.buildDone()
	case stDragon:
		if m.Kind == Field {
			s.dragons--
			s.setField(p, m.Field, dragon)
		}
		s.actionDone()
	case stHumanDraw:
		// ruling human-stop: the player may stop after any card.
		if m.Kind == Pass {
			s.actionDone()
			return
		}
		if m.Kind == DrawDiscard {
			s.takeDiscard(p)
			s.humanDrew()
		} else if !s.await(waitHuman) {
			s.humanDrew()
		}
	case stGoblinBar:
		if m.Kind == Pass {
			s.actionDone()
			return
		}
		s.takeBar(d)
		s.startBuild(s.cur, d, false, s.castleGob, retGoblin)
	case stGnomeHand:
		if m.Kind == Pass {
			s.actionDone()
			return
		}
		p.subHand(d)
		s.startBuild(s.cur, d, true, -1, retAction)
	case stOrc:
		if m.Kind == Target {
			q := &s.seats[m.Player]
			// ruling ruined-city-discard: the city goes to the discard pile.
			s.toDiscard(q.empire[m.Field].design())
			s.ruins--
			s.setField(q, m.Field, ruin)
		}
		s.actionDone()
	case stWizardOwn:
		if m.Kind == Pass {
			s.actionDone()
			return
		}
		// The city offered; the rest of the last building stays, as
		// the rules' variables do (see Position).
		s.bld.field = m.Field
		s.step = stWizardTake
	case stWizardTake:
		q := &s.seats[m.Player]
		own := s.bld.field
		got := q.empire[m.Field]
		q.put(m.Field, p.empire[own])
		p.put(own, got)
		// ruling giant-skill-on-arrival: a giant city won with the wizard
		// power brings the giant skill, as in the rulebook's example.
		if s.r.Designs[got.design()].Race == giantRace {
			s.bld.design, s.bld.player, s.bld.ret = got.design(), s.cur, retAction
			s.step = stGiantSkill
			return
		}
		s.actionDone()
	case stBid:
		s.bid(p, m)
	case stPickEmpire:
		s.takeBar(d)
		if s.hasCityField(s.cur) {
			s.startBuild(s.cur, d, true, -1, retPick)
			return
		}
		// ruling no-room: a card that cannot enter a full empire is discarded.
		s.toDiscard(d)
		s.afterPickEmpire()
	case stPickDiscard:
		s.takeBar(d)
		s.toDiscard(d)
		s.left--
		s.pickStep()
	case stPickSecond:
		s.takeBar(d)
		if m.Kind == PickMine {
			p.addMine(d)
		} else {
			p.addDungeon(s.r, d)
		}
		s.left--
		if s.left > 0 && s.nBar > 0 {
			return
		}
		s.pick++
		s.nextPick()
	}
}

// takeDiscard takes the top card of the discard pile into p's hand.
func (s *State) takeDiscard(p *seat) {
	d := s.discard[len(s.discard)-1]
	s.discard = s.discard[:len(s.discard)-1]
	p.addHand(int(d))
}

// humanDrew counts a card the human power took; the power ends after
// human_power_draws cards, or when none is left to take.
func (s *State) humanDrew() {
	s.left--
	if s.left == 0 || s.piles() == 0 {
		s.actionDone()
	}
}

// main plays an action of rule 2.3.
func (s *State) main(p *seat, m Move) {
	d := m.Design
	switch m.Kind {
	case Pass:
		s.actionDone()
	case DrawDiscard:
		s.takeDiscard(p)
		s.actionDone()
	case DrawPile:
		if !s.await(waitDraw) {
			s.actionDone()
		}
	case PlayMine:
		p.subHand(d)
		p.addMine(d)
		s.actionDone()
	case PlayDungeon:
		p.subHand(d)
		p.addDungeon(s.r, d)
		s.actionDone()
	case PlayEmpire:
		p.subHand(d)
		s.startBuild(s.cur, d, false, -1, retAction)
	case PlayCastle:
		p.subHand(d)
		p.castle[d]++
		s.power(p, d)
	}
}

// power starts the power of a creature played into the castle (rule 5).
// A player may always play a card into the castle, and may decline its
// power or find it has no effect (ruling power-optional). A power with
// nothing to act on ends the action from the main step, as the rules'
// does: a chance node that follows shows that step.
func (s *State) power(p *seat, d int) {
	switch s.r.Designs[d].Race {
	case giantRace:
		if !s.canPlaceDragon(p) {
			s.actionDone()
			return
		}
		s.step = stDragon
	case humanRace:
		s.left = s.r.Params.HumanPowerDraws
		if s.left == 0 || s.piles() == 0 {
			s.actionDone()
			return
		}
		s.step = stHumanDraw
	case goblinRace:
		s.castleGob = d
		s.step = stGoblinBar
	case gnomeRace:
		s.step = stGnomeHand
	case orcRace:
		if s.ruins == 0 || !s.hasTarget() {
			s.actionDone()
			return
		}
		s.step = stOrc
	case wizardRace:
		if !s.hasTarget() || p.occupied == p.dragons+p.ruins {
			s.actionDone()
			return
		}
		s.step = stWizardOwn
	default:
		s.actionDone()
	}
}

// attackable reports whether an orc or a wizard of the current player may
// attack field i of player q: a city, not guarded by a dragon, in an
// empire that is not complete. Only the attacked empire counts
// (ruling wizard-target): a wizard in a complete empire may still swap one
// of its cities away.
func (s *State) attackable(q, i int) bool {
	return q >= 0 && q < s.n && i >= 0 && i < s.fields() && s.attackSet(q)&(1<<i) != 0
}

// attackSet is the fields of player q that attackable allows.
func (s *State) attackSet(q int) uint64 {
	p := &s.seats[q]
	if q == s.cur || s.full(p) {
		return 0
	}
	return p.cities() &^ s.r.spread(p.dragonM)
}

// targets lists the cities an orc or a wizard may attack.
func (s *State) targets(dst []engine.Action) []engine.Action {
	f := s.fields()
	for q := range s.n {
		base := s.r.ids.base[Target] + q*f
		for set := s.attackSet(q); set != 0; set &= set - 1 {
			dst = append(dst, engine.Action(base+bits.TrailingZeros64(set)))
		}
	}
	return dst
}

// hasTarget reports whether targets would list anything.
func (s *State) hasTarget() bool {
	for q := range s.n {
		if s.attackSet(q) != 0 {
			return true
		}
	}
	return false
}

// swaps lists the giant skill's swaps of two different cards.
func (s *State) swaps(dst []engine.Action, p *seat) []engine.Action {
	f := s.fields()
	for i := range f {
		if p.empire[i] == empty {
			continue
		}
		for j := i + 1; j < f; j++ {
			if p.empire[j] != empty && p.empire[j] != p.empire[i] {
				dst = append(dst, engine.Action(s.r.ids.base[Swap]+s.r.ids.pair[i][j]))
			}
		}
	}
	return dst
}
