package warriors

import (
	"github.com/grimoire-games/grimoire/engine"
)

// startDeal deals each player count cards, one seat after the other.
func (s *State) startDeal(count int) {
	for i := range s.n {
		s.dealLeft[i] = int8(count)
	}
	s.cur = 0
	s.step = stDeal
}

// advance runs the automatic parts of the game until a player or chance
// must act.
func (s *State) advance() {
	for {
		switch s.step {
		case stDeal:
			for s.cur < s.n && (s.dealLeft[s.cur] == 0 || s.deckN == 0) {
				// ruling short-deal: a player dealt from an empty draw
				// pile gets fewer cards.
				s.cur++
			}
			if s.cur < s.n {
				return
			}
			s.dealt()
		case stKeep:
			p := &s.seats[s.cur]
			if p.kept < s.keep && p.handN > 0 {
				if int(p.handN) > int(s.keep-p.kept) {
					return
				}
				for d := range s.r.Designs {
					for p.hand[d] > 0 {
						s.choose(s.cur, d)
					}
				}
			}
			if s.cur++; s.cur == s.n {
				s.reveal()
			}
		case stPlace:
			if s.placeNext() {
				return
			}
			if s.round == 0 {
				// The first cards stay in play into the first round.
				s.nextRound()
			} else {
				s.startBattle()
			}
		case stMode, stEnlist, stAttack, stGive, stContinue, stCharge:
			if s.decisionDue() {
				return
			}
		case stFire:
			if s.nextShooter() {
				return
			}
		default:
			return
		}
	}
}

// dealt ends a deal: the first cards go straight into play, later ones
// are kept or discarded.
func (s *State) dealt() {
	if s.round == 0 {
		// The battle cards set aside go back into the draw pile.
		for d := range s.r.Designs {
			s.deck[d] += s.aside[d]
			s.deckN += int(s.aside[d])
			s.aside[d] = 0
		}
		for i := range s.n {
			s.keepAll(i)
			s.endKeep(i)
		}
		s.layOut()
		return
	}
	// ruling keep-simultaneous: everyone keeps at the same time (3.1, 3.2).
	// The choices are made seat after seat, but each goes face down where
	// no other seat sees it, and all are laid down together by reveal.
	s.cur = 0
	s.step = stKeep
}

// choose sets a dealt card aside, face down, to be kept.
func (s *State) choose(i, d int) {
	p := &s.seats[i]
	p.hand[d]--
	p.handN--
	p.chosen[d]++
	p.kept++
}

// reveal lays down every player's chosen cards at once and discards the
// others.
func (s *State) reveal() {
	for i := range s.n {
		p := &s.seats[i]
		for d := range s.r.Designs {
			for ; p.chosen[d] > 0; p.chosen[d]-- {
				s.play(i, d)
			}
		}
		s.endKeep(i)
	}
	s.layOut()
}

func (s *State) keepAll(i int) {
	p := &s.seats[i]
	for d := range s.r.Designs {
		for p.hand[d] > 0 {
			s.keepCard(i, d)
		}
	}
}

// keepCard puts a dealt card into play.
func (s *State) keepCard(i, d int) {
	p := &s.seats[i]
	p.hand[d]--
	p.handN--
	p.kept++
	s.play(i, d)
}

// play puts a card of design d in front of seat i.
func (s *State) play(i, d int) {
	p := &s.seats[i]
	des := &s.r.Designs[d]
	switch des.Class {
	case ClassWarrior:
		p.faction[des.People][des.Troop]++
	case ClassDragon:
		for j := range p.dragons {
			if p.dragons[j] < 0 {
				p.dragons[j] = 0
				break
			}
		}
	case ClassWizard:
		p.wizardsDue++
	case ClassFlame:
		p.flamesAside++
	case ClassCatapult:
		for j, c := range s.r.catapults {
			if c == d {
				p.catapults[j]++
			}
		}
	case ClassBattle:
		p.battles |= 1 << d
	}
}

// endKeep discards the cards a player did not keep: face down beside the
// draw pile in the early rounds, out of the game in the last.
func (s *State) endKeep(i int) {
	p := &s.seats[i]
	to := &s.discard
	if s.round == s.r.Params.Rounds {
		to = &s.removed
	}
	for d := range s.r.Designs {
		to[d] += p.hand[d]
		p.hand[d] = 0
	}
	p.handN, p.kept = 0, 0
}

// layOut starts placing wizards and flames, in the order of the battle
// cards.
func (s *State) layOut() {
	s.placingOrder()
	s.step = stPlace
	s.cur = int(s.order[0])
}

// placeNext moves on to the next wizard or flame to place and reports
// whether a player must choose where.
func (s *State) placeNext() bool {
	for int(s.at) < s.n {
		i := int(s.order[s.at])
		p := &s.seats[i]
		for p.wizardsDue > 0 {
			if s.protectable(i) != 0 {
				s.cur = i
				return true
			}
			// ruling wizard-without-faction: a wizard with no faction to
			// protect is discarded.
			p.wizardsDue--
			s.discard[s.r.wizard]++
		}
		if p.flamesAside > 0 {
			switch n := p.dragonCount(); {
			case n == 1:
				for j, f := range p.dragons {
					if f >= 0 {
						p.dragons[j] += p.flamesAside
					}
				}
				p.flamesAside = 0
			case n > 1:
				s.cur = i
				return true
			}
		}
		s.at++
	}
	return false
}

// protectable is the set of a seat's factions a wizard may protect.
func (s *State) protectable(i int) uint32 {
	var m uint32
	for q := range s.r.Peoples {
		if s.seats[i].size(q) > 0 {
			m |= 1 << q
		}
	}
	return m
}

// startBattle turns to the battle card with the lowest number, or ends the
// round when none is left.
func (s *State) startBattle() {
	owner, card := s.lowestBattle()
	if card < 0 {
		// Even a round without a battle card gives every catapult a chance
		// before the round's end discards it.
		s.openWindow(afterRound)
		return
	}
	s.b = battle{card: card, owner: owner, mode: s.r.Designs[card].Kind, unit: -1}
	s.cur = owner
	s.openWindow(afterStart)
}

// endRound discards unused catapults and surviving wizards, then deals the
// next round or ends the game.
func (s *State) endRound() {
	for i := range s.n {
		p := &s.seats[i]
		for j, c := range s.r.catapults {
			s.discard[c] += p.catapults[j]
			p.catapults[j] = 0
		}
		for q := range p.wizards {
			s.discard[s.r.wizard] += p.wizards[q]
			p.wizards[q] = 0
		}
	}
	s.nextRound()
}

// nextRound deals the next round, or ends the game after the last.
func (s *State) nextRound() {
	s.round++
	s.last = -1
	if s.round > s.r.Params.Rounds {
		s.step = stOver
		s.cur = engine.Terminal
		return
	}
	_, deal, keep, lastDeal, lastKeep := s.r.deals(s.n)
	if s.round == s.r.Params.Rounds {
		for d := range s.r.Designs {
			s.deck[d] += s.discard[d]
			s.deckN += int(s.discard[d])
			s.discard[d] = 0
		}
		deal, keep = lastDeal, lastKeep
	}
	s.keep = int8(keep)
	s.startDeal(deal)
}

// finishBattle ends the battle card: camping cards turn face up, the band
// goes back to its factions and the card is discarded.
func (s *State) finishBattle() {
	b := &s.b
	p := &s.seats[b.owner]
	if b.unit >= 0 && b.unit < maxPeoples {
		for t := range troops {
			p.faction[b.unit][t] += b.camp[t]
		}
	}
	for q := range b.band {
		p.faction[q][Infantry] += b.band[q]
	}
	p.battles &^= 1 << b.card
	s.discard[b.card]++
	s.last = b.owner
	s.b = battle{card: -1, unit: -1}
	s.startBattle()
}

// openWindow lets players fire catapults before play goes on with then.
// "At any time" (5.1, « A tout moment, un joueur possédant une Catapulte
// peut décider de l'utiliser ») is read as every moment the table changes
// in a way a player could react to (ruling catapult-moments): before each
// battle card, between an attack's declared target and its roll, after
// each attack, and before the round's end discard; none while cards are
// dealt, kept and placed. Priority goes clockwise from the player after
// the one resolving a battle card (ruling catapult-priority: at the
// round's end, after the one who resolved the last; in a round without a
// battle card, from the first seat).
func (s *State) openWindow(then after) {
	first := 0
	switch {
	case s.b.card >= 0:
		first = (s.b.owner + 1) % s.n
	case s.last >= 0:
		first = (s.last + 1) % s.n
	}
	s.w = window{first: first, then: then}
	s.step = stFire
}

// nextShooter finds the next player who may fire, or closes the window; it
// reports whether a player must choose. A shot reopens the window to every
// player (see landShot), so it closes only when all hold in turn.
func (s *State) nextShooter() bool {
	for s.w.asked < s.n {
		i := (s.w.first + s.w.asked) % s.n
		if s.seats[i].catapultCount() > 0 && s.hasFireTarget(i) {
			s.cur = i
			return true
		}
		s.w.asked++
	}
	switch s.w.then {
	case afterStart:
		// The battle card's first step: what a mixed card is, the band of
		// a mercenary battle, or the attack.
		s.cur = s.b.owner
		switch s.b.mode {
		case Mixed:
			s.step = stMode
		case Mercenary:
			s.step = stEnlist
		default:
			s.step = stAttack
		}
	case afterTarget:
		s.cur = s.b.owner
		if s.unitSize(s.b.owner, s.b.unit) == 0 || s.unitSize(s.b.target, s.b.tslot) == 0 || s.attackDice() == 0 {
			// ruling shot-before-roll: a catapult that leaves the attacker
			// no die or a side no card stops the attack before its roll;
			// the battle ends as after an attack.
			s.endBattle()
			return false
		}
		s.startRoll()
	case afterAttack:
		s.afterAttack()
	case afterRound:
		s.endRound()
	}
	return false
}

// afterAttack ends the battle when a side is destroyed or the attacker
// can roll no die; otherwise the attacker chooses to go on.
func (s *State) afterAttack() {
	s.cur = s.b.owner
	if s.unitSize(s.b.owner, s.b.unit) == 0 || s.unitSize(s.b.target, s.b.tslot) == 0 || s.attackDice() == 0 {
		s.endBattle()
		return
	}
	s.step = stContinue
}

// endBattle offers a charge when the rules allow one, or finishes the card.
func (s *State) endBattle() {
	if s.chargeTroops() != 0 {
		s.cur = s.b.owner
		s.step = stCharge
		return
	}
	s.finishBattle()
}

// decisionDue reports whether the player at the current step has a
// choice; steps without one resolve here.
func (s *State) decisionDue() bool {
	switch s.step {
	case stMode:
		if s.canMercenary() || s.canDraconic() {
			return true
		}
		s.finishBattle()
	case stEnlist:
		if s.b.bandSize == 0 {
			if !s.canMercenary() {
				s.finishBattle()
				return false
			}
			s.b.bandSize = int8(min(s.r.Designs[s.b.card].Band, s.infantry(s.b.owner)))
		}
		if s.bandCount() < int(s.b.bandSize) {
			return true
		}
		s.b.unit = bandSlot
		s.step = stAttack
	case stAttack:
		if s.hasAttack() {
			return true
		}
		// ruling no-attack: a player who cannot attack discards the card.
		s.finishBattle()
	case stGive:
		for s.b.lossAt < s.b.nLoss {
			seat, slot := s.loser()
			if s.unitSize(seat, slot) > 0 {
				s.cur = seat
				return true
			}
			s.b.lossAt++
		}
		s.openWindow(afterAttack)
	case stContinue, stCharge:
		return true
	}
	return false
}

// loser is the unit that lost the comparison at lossAt.
func (s *State) loser() (seat, slot int) {
	if s.b.losses[s.b.lossAt] == 0 {
		return s.b.owner, s.b.unit
	}
	return s.b.target, s.b.tslot
}

// infantry counts a seat's infantry cards in its factions.
func (s *State) infantry(i int) int {
	n := 0
	for q := range s.r.Peoples {
		n += int(s.seats[i].faction[q][Infantry])
	}
	return n
}

func (s *State) bandCount() int {
	n := 0
	for _, c := range s.b.band {
		n += int(c)
	}
	return n
}

// unitSize is the number of cards of a unit in play: a faction's visible
// cards, a living dragon, the band.
func (s *State) unitSize(i, slot int) int {
	p := &s.seats[i]
	switch {
	case slot < 0:
		return 0
	case slot < maxPeoples:
		return p.size(slot)
	case slot < bandSlot:
		if p.dragons[slot-dragonSlot0] >= 0 {
			return 1
		}
		return 0
	}
	return s.bandCount()
}
