package warriors

import (
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// Apply implements engine.State.
func (s *State) Apply(a engine.Action) error {
	m, ok := s.Decode(a)
	if !ok || !s.legal(m) {
		return engine.Illegal(a, s.LegalActions(nil))
	}
	s.apply(m)
	s.advance()
	return nil
}

func (s *State) apply(m Move) {
	r := s.r
	b := &s.b
	p := &s.seats[s.cur]
	switch m.Kind {
	case Deal:
		s.deck[m.Design]--
		s.deckN--
		if s.round == 0 && r.Designs[m.Design].Class == ClassBattle {
			// The first deal holds no battle card: it is set aside and
			// replaced.
			s.aside[m.Design]++
			return
		}
		p.hand[m.Design]++
		p.handN++
		s.dealLeft[s.cur]--
	case Keep:
		s.choose(s.cur, m.Design)
	case Protect:
		p.wizardsDue--
		p.wizards[m.People]++
	case AssignFlame:
		p.flamesAside--
		p.dragons[m.Slot]++
	case AsMercenary:
		b.mode = Mercenary
		s.step = stEnlist
	case AsDraconic:
		b.mode = Draconic
		s.step = stAttack
	case Enlist:
		p.faction[m.People][Infantry]--
		b.band[m.People]++
	case Attack:
		b.unit, b.target, b.tslot = m.Slot, m.Target, m.TargetSlot
		b.targeted[m.Target] |= 1 << m.TargetSlot
		b.rolled = 0
		s.openWindow(afterTarget)
	case Continue:
		b.rolled = 0
		s.openWindow(afterTarget)
	case Stop:
		s.endBattle()
	case Charge:
		p.faction[b.unit][m.Troop]--
		b.camp[m.Troop]++
		s.step = stAttack
	case EndCharge:
		s.finishBattle()
	case Roll:
		s.die = int8(m.Value)
		if s.step == stFireRoll {
			s.landShot(m.Value)
			return
		}
		b.dice[b.rolled] = int8(m.Value)
		// ruling catapult-moments: the last die is compared at once, with
		// no window between: « Lorsque les dés ont été lancés, l'Attaquant
		// compte le nombre de symboles Arc » (4.1), so no one shoots an
		// archer after seeing the dice.
		if b.rolled++; b.rolled == b.nAtt+b.nDef {
			s.compare()
		}
	case Give:
		s.give(m)
	case SpendFlame:
		_, slot := s.loser()
		p.dragons[slot-dragonSlot0]--
		s.discard[r.flame]++
		b.lossAt++
	case Fire:
		for j, c := range r.catapults {
			if p.catapults[j] > 0 {
				p.catapults[j]--
				s.discard[c]++
				break
			}
		}
		s.w.target, s.w.tslot = m.Target, m.TargetSlot
		s.step = stFireRoll
	case HoldFire:
		s.w.asked++
	}
}

// startRoll begins an attack: both sides roll all the dice they may.
func (s *State) startRoll() {
	b := &s.b
	b.nAtt, b.nDef, b.rolled = int8(s.attackDice()), int8(s.defenceDice()), 0
	b.nLoss, b.lossAt = 0, 0
	s.step = stRoll
}

// compare applies the dragons' and bows' bonuses to the rolled dice and
// compares them, highest against highest: each comparison the attacker
// does not win outright is lost by the attacker.
func (s *State) compare() {
	b := &s.b
	pr := s.r.Params
	att, def := b.dice[:b.nAtt], b.dice[b.nAtt:b.nAtt+b.nDef]
	desc := func(x, y int8) int { return int(y) - int(x) }
	slices.SortFunc(att, desc)
	slices.SortFunc(def, desc)
	if b.unit >= dragonSlot0 && b.unit < bandSlot {
		for i := range att {
			att[i] += int8(pr.DragonDieBonus)
		}
	}
	if b.tslot >= dragonSlot0 {
		for i := range def {
			def[i] += int8(pr.DragonDieBonus)
		}
	}
	switch ab, db := s.bows(); {
	case ab > db:
		att[0] += int8(pr.BowBonus)
	case db > ab:
		def[0] += int8(pr.BowBonus)
	}
	b.nLoss = int8(min(len(att), len(def)))
	for i := range b.nLoss {
		if att[i] > def[i] {
			b.losses[i] = 1
		} else {
			b.losses[i] = 0 // ties go to the defender
		}
	}
	b.lossAt = 0
	s.step = stGive
}

// give moves the loser's card into the winner's victory pile.
func (s *State) give(m Move) {
	r := s.r
	b := &s.b
	seat, slot := s.loser()
	winner := b.target
	if seat == b.target {
		winner = b.owner
	}
	l, w := &s.seats[seat], &s.seats[winner]
	switch {
	case m.Troop == giveDragon:
		s.killDragon(seat, slot-dragonSlot0, winner)
	case m.Troop < 0:
		b.band[m.People]--
		w.pile[r.warrior[m.People][Infantry]]++
	default:
		l.faction[slot][m.Troop]--
		w.pile[r.warrior[slot][m.Troop]]++
	}
	b.lossAt++
}

// killDragon puts a dragon into a victory pile; its flames are discarded.
func (s *State) killDragon(seat, j, to int) {
	l := &s.seats[seat]
	s.discard[s.r.flame] += l.dragons[j]
	l.dragons[j] = -1
	s.seats[to].pile[s.r.dragon]++
}

// landShot resolves a catapult's die: a hit takes the card.
func (s *State) landShot(v int) {
	r := s.r
	t, slot := s.w.target, s.w.tslot
	tp := &s.seats[t]
	// The table changed: everyone is asked again, in priority order.
	s.step = stFire
	s.w.asked = 0
	switch {
	case slot < fireWizard0:
		if v >= r.Params.CatapultHit {
			q, tr := slot/troops, slot%troops
			tp.faction[q][tr]--
			s.seats[s.cur].pile[r.warrior[q][tr]]++
		}
	case slot < fireDragon0:
		if v >= r.Params.CatapultHit {
			// A wizard killed is discarded, not won.
			tp.wizards[slot-fireWizard0]--
			s.discard[r.wizard]++
		}
	default:
		if v >= r.Params.CatapultDragonHit {
			s.killDragon(t, slot-fireDragon0, s.cur)
		}
	}
}
