package warriors

import (
	"math/bits"

	"github.com/grimoire-games/grimoire/engine"
)

// LegalActions implements engine.State: the game's numbers of the legal
// actions, in increasing order.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	return s.renumber(s.ownLegal(dst))
}

// ownLegal lists the legal actions by the engine's own numbers, in
// increasing order by construction: kinds come in the order of their
// numbers, and within a kind the loops run over increasing indices.
func (s *State) ownLegal(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	if s.step == stOver {
		return dst
	}
	r := s.r
	base := &r.ids.base
	p := &s.seats[s.cur]
	switch s.step {
	case stDeal:
		for d := range r.Designs {
			if s.deck[d] > 0 {
				dst = append(dst, engine.Action(base[Deal]+d))
			}
		}
	case stRoll, stFireRoll:
		for v := range r.Params.Faces {
			dst = append(dst, engine.Action(base[Roll]+v))
		}
	case stKeep:
		for d := range r.Designs {
			if p.hand[d] > 0 {
				dst = append(dst, engine.Action(base[Keep]+d))
			}
		}
	case stPlace:
		if p.wizardsDue > 0 {
			dst = appendBits(dst, base[Protect], uint64(s.protectable(s.cur)))
			break
		}
		dst = appendBits(dst, base[AssignFlame], uint64(p.dragonMask()))
	case stMode:
		if s.canMercenary() {
			dst = append(dst, engine.Action(base[AsMercenary]))
		}
		if s.canDraconic() {
			dst = append(dst, engine.Action(base[AsDraconic]))
		}
	case stEnlist:
		for q := range r.Peoples {
			if p.faction[q][Infantry] > 0 {
				dst = append(dst, engine.Action(base[Enlist]+q))
			}
		}
	case stAttack:
		open := s.openTargets()
		for units := s.attackUnits(); units != 0; units &= units - 1 {
			u := bits.TrailingZeros32(units)
			allow := s.allowed(u)
			for t := range s.n {
				dst = appendBits(dst, base[Attack]+(u*maxSeats+t)*bandSlot, uint64(open[t]&allow))
			}
		}
	case stGive:
		seat, slot := s.loser()
		l := &s.seats[seat]
		switch {
		case slot < maxPeoples:
			for t := range troops {
				if l.faction[slot][t] > 0 {
					dst = append(dst, engine.Action(base[Give]+t))
				}
			}
		case slot < bandSlot:
			// ruling flame-optional: the rulebook says a flame "may" be
			// spent; the owner may give the dragon instead.
			dst = append(dst, engine.Action(base[Give]+giveDragon))
			if l.dragons[slot-dragonSlot0] > 0 {
				dst = append(dst, engine.Action(base[SpendFlame]))
			}
		default:
			for q, c := range s.b.band {
				if c > 0 {
					dst = append(dst, engine.Action(base[Give]+troops+1+q))
				}
			}
		}
	case stContinue:
		dst = append(dst, engine.Action(base[Continue]), engine.Action(base[Stop]))
	case stCharge:
		dst = appendBits(dst, base[Charge], uint64(s.chargeTroops()))
		dst = append(dst, engine.Action(base[EndCharge]))
	case stFire:
		for t := range s.n {
			if t != s.cur {
				dst = appendBits(dst, base[Fire]+t*fireSlots, s.fireTargets(t))
			}
		}
		dst = append(dst, engine.Action(base[HoldFire]))
	}
	return dst
}

// appendBits appends the action from+i for each bit i of m, in increasing
// order.
func appendBits(dst []engine.Action, from int, m uint64) []engine.Action {
	for ; m != 0; m &= m - 1 {
		dst = append(dst, engine.Action(from+bits.TrailingZeros64(m)))
	}
	return dst
}

// legal is LegalActions for one move, without listing them all, so that
// Apply stays cheap; TestLegalAgrees checks that both always agree.
func (s *State) legal(m Move) bool {
	if s.step == stOver {
		return false
	}
	r := s.r
	p := &s.seats[s.cur]
	switch s.step {
	case stDeal:
		return m.Kind == Deal && s.deck[m.Design] > 0
	case stRoll, stFireRoll:
		return m.Kind == Roll
	case stKeep:
		return m.Kind == Keep && p.hand[m.Design] > 0
	case stPlace:
		if p.wizardsDue > 0 {
			return m.Kind == Protect && s.protectable(s.cur)&(1<<m.People) != 0
		}
		return m.Kind == AssignFlame && p.dragons[m.Slot] >= 0
	case stMode:
		return m.Kind == AsMercenary && s.canMercenary() || m.Kind == AsDraconic && s.canDraconic()
	case stEnlist:
		return m.Kind == Enlist && m.People < len(r.Peoples) && p.faction[m.People][Infantry] > 0
	case stAttack:
		return m.Kind == Attack && m.Target < s.n &&
			s.attackUnits()&(1<<m.Slot) != 0 && s.attackSlots(m.Slot, m.Target)&(1<<m.TargetSlot) != 0
	case stGive:
		seat, slot := s.loser()
		l := &s.seats[seat]
		switch {
		case slot < maxPeoples:
			return m.Kind == Give && m.Troop >= 0 && m.Troop < troops && l.faction[slot][m.Troop] > 0
		case slot < bandSlot:
			return m.Kind == Give && m.Troop == giveDragon || m.Kind == SpendFlame && l.dragons[slot-dragonSlot0] > 0
		}
		return m.Kind == Give && m.Troop < 0 && s.b.band[m.People] > 0
	case stContinue:
		return m.Kind == Continue || m.Kind == Stop
	case stCharge:
		return m.Kind == Charge && s.chargeTroops()&(1<<m.Troop) != 0 || m.Kind == EndCharge
	case stFire:
		return m.Kind == Fire && m.Target != s.cur && m.Target < s.n && s.fireTargets(m.Target)&(1<<m.TargetSlot) != 0 ||
			m.Kind == HoldFire
	}
	return false
}

// targets is the set of seat i's unit slots an attack may target: the
// factions with cards that no wizard protects, and the dragons.
func (s *State) targets(i int) uint32 {
	p := &s.seats[i]
	var m uint32
	for q := range s.r.Peoples {
		if p.size(q) > 0 && p.wizards[q] == 0 {
			m |= 1 << q
		}
	}
	return m | p.dragonMask()<<dragonSlot0
}

// attackUnits is the set of the owner's units that may attack with the
// battle card.
func (s *State) attackUnits() uint32 {
	b := &s.b
	r := s.r
	o := &s.seats[b.owner]
	switch b.mode {
	case Simple:
		if b.unit >= 0 {
			return 1 << b.unit // a charge goes on with the same faction
		}
		var m uint32
		for q := range r.Peoples {
			if o.size(q) > 0 && o.wizards[q] == 0 && int(o.faction[q][Infantry])+r.Designs[b.card].Shields > 0 {
				m |= 1 << q
			}
		}
		return m
	case Draconic:
		return o.dragonMask() << dragonSlot0
	case Mercenary:
		if b.unit == bandSlot {
			return 1 << bandSlot
		}
	}
	return 0
}

// openTargets is, per seat, the unit slots the battle card may still
// attack: none of its owner's, and none closed by an earlier attack with
// it (see closed).
func (s *State) openTargets() [maxSeats]uint32 {
	var m [maxSeats]uint32
	for t := range s.n {
		if t != s.b.owner {
			m[t] = s.targets(t) &^ s.closed(t)
		}
	}
	return m
}

// closed is the set of seat t's unit slots the battle card may not attack
// again: the factions it attacked already (ruling charge-new-target: a
// charge attacks a new faction, « il peut cibler une nouvelle Faction »),
// but no dragon (ruling charge-dragon: « Un Dragon peut toujours être la
// cible d'une Charge », 7.4).
func (s *State) closed(t int) uint32 {
	return s.b.targeted[t] & (1<<maxPeoples - 1)
}

// allowed is the set of unit slots unit u may attack: a faction attacks
// only its own people or its sworn enemy among the factions, and any
// dragon.
func (s *State) allowed(u int) uint32 {
	if u >= maxPeoples {
		return ^uint32(0)
	}
	allow := uint32(1)<<u | ^uint32(1<<maxPeoples-1)
	if e := s.r.Enemy[u]; e >= 0 {
		allow |= 1 << e
	}
	return allow
}

// attackSlots is the set of seat t's unit slots that unit u may attack.
func (s *State) attackSlots(u, t int) uint32 {
	if t == s.b.owner {
		return 0
	}
	return s.targets(t) &^ s.closed(t) & s.allowed(u)
}

func (s *State) hasAttack() bool {
	units := s.attackUnits()
	if units == 0 {
		return false
	}
	open := s.openTargets()
	for ; units != 0; units &= units - 1 {
		allow := s.allowed(bits.TrailingZeros32(units))
		for t := range s.n {
			if open[t]&allow != 0 {
				return true
			}
		}
	}
	return false
}

// anyTarget reports whether another player has a unit any attacker could
// target: what a band or a dragon may attack.
func (s *State) anyTarget(o int) bool {
	for t := range s.n {
		if t != o && s.targets(t) != 0 {
			return true
		}
	}
	return false
}

// canMercenary reports whether the battle card can be a mercenary battle:
// there are infantry cards for a band and something to attack.
func (s *State) canMercenary() bool {
	d := s.r.Designs[s.b.card]
	return d.Band > 0 && s.infantry(s.b.owner) > 0 && s.anyTarget(s.b.owner)
}

// canDraconic reports whether a dragon of the owner can attack.
func (s *State) canDraconic() bool {
	return s.seats[s.b.owner].dragonMask() != 0 && s.anyTarget(s.b.owner)
}

// attackDice is the number of red dice of the attacking unit.
func (s *State) attackDice() int {
	b := &s.b
	p := &s.seats[b.owner]
	switch {
	case b.unit < 0:
		return 0
	case b.unit < maxPeoples:
		n := int(p.faction[b.unit][Infantry])
		if b.mode == Simple {
			n += s.r.Designs[b.card].Shields
		}
		return min(s.r.Params.AttackDice, n)
	case b.unit < bandSlot:
		return s.r.Params.DragonDice
	}
	return min(s.r.Params.AttackDice, s.bandCount())
}

// defenceDice is the number of black dice of the target.
func (s *State) defenceDice() int {
	b := &s.b
	if b.tslot >= maxPeoples {
		return s.r.Params.DragonDice
	}
	inf := int(s.seats[b.target].faction[b.tslot][Infantry])
	return max(s.r.Params.MinDefenceDice, min(s.r.Params.DefenceDice, inf))
}

// bows are the bows of the attacking unit and of the target.
func (s *State) bows() (att, def int) {
	b := &s.b
	if b.unit < maxPeoples {
		att = int(s.seats[b.owner].faction[b.unit][Archer])
		if b.mode == Simple {
			att += s.r.Designs[b.card].Bows
		}
	}
	if b.tslot < maxPeoples {
		def = int(s.seats[b.target].faction[b.tslot][Archer])
	}
	return att, def
}

// chargeTroops is the set of troops whose card the attacker may turn face
// down to charge: the faction shows a horse's head (or the battle card
// does), the last cavalry camps only if the card shows one, shields remain
// visible, and a new target exists.
func (s *State) chargeTroops() uint32 {
	b := &s.b
	if b.mode != Simple || b.unit < 0 || b.unit >= maxPeoples {
		return 0
	}
	d := &s.r.Designs[b.card]
	f := s.seats[b.owner].faction[b.unit]
	if f[Cavalry] == 0 && d.Horses == 0 {
		return 0
	}
	if !s.hasAttack() {
		return 0
	}
	var m uint32
	for t := range troops {
		if f[t] == 0 || t == Cavalry && f[Cavalry] == 1 && d.Horses == 0 {
			continue
		}
		inf := int(f[Infantry]) + d.Shields
		if t == Infantry {
			inf--
		}
		if inf > 0 {
			m |= 1 << t
		}
	}
	return m
}

// fireTargets is the set of seat t's cards a catapult may fire at, by
// fire slot: a warrior in a faction, a wizard or a dragon
// (ruling catapult-targets: not camping cards, which are out of play, nor
// a band's cards, which have left their factions).
// ruling own-catapult: a catapult fires at other players' cards, so
// callers skip the shooter's own seat.
func (s *State) fireTargets(t int) uint64 {
	p := &s.seats[t]
	var m uint64
	for q := range s.r.Peoples {
		for tr := range troops {
			if p.faction[q][tr] > 0 {
				m |= 1 << (q*troops + tr)
			}
		}
		if p.wizards[q] > 0 {
			m |= 1 << (fireWizard0 + q)
		}
	}
	return m | uint64(p.dragonMask())<<fireDragon0
}

func (s *State) hasFireTarget(i int) bool {
	for t := range s.n {
		if t != i && s.fireTargets(t) != 0 {
			return true
		}
	}
	return false
}
