package warriors

import (
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// LegalActions implements engine.State.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	if s.step == stOver {
		return dst
	}
	r := s.r
	add := func(m Move) { dst = append(dst, r.Encode(m)) }
	p := &s.seats[s.cur]
	switch s.step {
	case stDeal:
		for d := range r.Designs {
			if s.deck[d] > 0 {
				add(Move{Kind: Deal, Design: d})
			}
		}
	case stRoll, stFireRoll:
		for v := 1; v <= r.Params.Faces; v++ {
			add(Move{Kind: Roll, Value: v})
		}
	case stKeep:
		for d := range r.Designs {
			if p.hand[d] > 0 {
				add(Move{Kind: Keep, Design: d})
			}
		}
	case stPlace:
		if p.wizardsDue > 0 {
			for m := s.protectable(s.cur); m != 0; m &= m - 1 {
				add(Move{Kind: Protect, People: bitIndex(uint64(m))})
			}
			break
		}
		for j, f := range p.dragons {
			if f >= 0 {
				add(Move{Kind: AssignFlame, Slot: j})
			}
		}
	case stMode:
		if s.canMercenary() {
			add(Move{Kind: AsMercenary})
		}
		if s.canDraconic() {
			add(Move{Kind: AsDraconic})
		}
	case stEnlist:
		for q := range r.Peoples {
			if p.faction[q][Infantry] > 0 {
				add(Move{Kind: Enlist, People: q})
			}
		}
	case stAttack:
		s.eachAttack(func(m Move) bool { add(m); return true })
	case stGive:
		seat, slot := s.loser()
		l := &s.seats[seat]
		switch {
		case slot < maxPeoples:
			for t := range troops {
				if l.faction[slot][t] > 0 {
					add(Move{Kind: Give, Troop: t})
				}
			}
		case slot < bandSlot:
			// ruling flame-optional: the rulebook says a flame "may" be
			// spent; the owner may give the dragon instead.
			add(Move{Kind: Give, Troop: giveDragon})
			if l.dragons[slot-dragonSlot0] > 0 {
				add(Move{Kind: SpendFlame})
			}
		default:
			for q, c := range s.b.band {
				if c > 0 {
					add(Move{Kind: Give, Troop: -1, People: q})
				}
			}
		}
	case stContinue:
		add(Move{Kind: Continue})
		add(Move{Kind: Stop})
	case stCharge:
		for m := s.chargeTroops(); m != 0; m &= m - 1 {
			add(Move{Kind: Charge, Troop: bitIndex(uint64(m))})
		}
		add(Move{Kind: EndCharge})
	case stFire:
		s.eachFireTarget(s.cur, func(t, slot int) bool {
			add(Move{Kind: Fire, Target: t, TargetSlot: slot})
			return true
		})
		add(Move{Kind: HoldFire})
	}
	slices.Sort(dst)
	return dst
}

// protected reports whether a wizard protects faction q of seat i.
func (s *State) protected(i, q int) bool { return s.seats[i].wizards[q] > 0 }

// targetable reports whether seat i's unit slot may be the target of an
// attack: a faction with cards that no wizard protects, or a dragon.
func (s *State) targetable(i, slot int) bool {
	if slot < maxPeoples {
		return slot < len(s.r.Peoples) && s.seats[i].size(slot) > 0 && !s.protected(i, slot)
	}
	return slot < bandSlot && s.seats[i].dragons[slot-dragonSlot0] >= 0
}

// eachAttack calls f with each legal attack until f returns false.
func (s *State) eachAttack(f func(Move) bool) {
	b := &s.b
	r := s.r
	o := b.owner
	var units []int
	switch b.mode {
	case Simple:
		if b.unit >= 0 {
			units = []int{b.unit} // a charge goes on with the same faction
			break
		}
		for q := range r.Peoples {
			if s.seats[o].size(q) > 0 && !s.protected(o, q) &&
				int(s.seats[o].faction[q][Infantry])+r.Designs[b.card].Shields > 0 {
				units = append(units, q)
			}
		}
	case Draconic:
		for j, fl := range s.seats[o].dragons {
			if fl >= 0 {
				units = append(units, dragonSlot0+j)
			}
		}
	case Mercenary:
		if b.unit == bandSlot {
			units = []int{bandSlot}
		}
	}
	for _, u := range units {
		for t := range s.n {
			if t == o {
				continue
			}
			for slot := range bandSlot {
				// ruling charge-new-target: a charge attacks a unit not yet
				// attacked with this battle card.
				if b.targeted[t]&(1<<slot) != 0 || !s.targetable(t, slot) {
					continue
				}
				if u < maxPeoples && slot < maxPeoples && slot != u && slot != r.Enemy[u] {
					continue // a faction attacks its own people or its sworn enemy
				}
				if !f(Move{Kind: Attack, Slot: u, Target: t, TargetSlot: slot}) {
					return
				}
			}
		}
	}
}

func (s *State) hasAttack() bool {
	found := false
	s.eachAttack(func(Move) bool { found = true; return false })
	return found
}

// anyTarget reports whether another player has a unit any attacker could
// target: what a band or a dragon may attack.
func (s *State) anyTarget(o int) bool {
	for t := range s.n {
		if t == o {
			continue
		}
		for slot := range bandSlot {
			if s.targetable(t, slot) {
				return true
			}
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
	return s.seats[s.b.owner].dragonCount() > 0 && s.anyTarget(s.b.owner)
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
	d := s.r.Designs[b.card]
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

// eachFireTarget calls f with each card seat i may fire a catapult at:
// another player's warrior in a faction, wizard or dragon
// (ruling catapult-targets: not camping cards, which are out of play, nor a band's
// cards, which have left their factions).
func (s *State) eachFireTarget(i int, f func(t, slot int) bool) {
	for t := range s.n {
		if t == i {
			continue // ruling own-catapult: a catapult fires at other players' cards
		}
		p := &s.seats[t]
		for q := range s.r.Peoples {
			for tr := range troops {
				if p.faction[q][tr] > 0 && !f(t, q*troops+tr) {
					return
				}
			}
		}
		for q := range s.r.Peoples {
			if p.wizards[q] > 0 && !f(t, fireWizard0+q) {
				return
			}
		}
		for j, fl := range p.dragons {
			if fl >= 0 && !f(t, fireDragon0+j) {
				return
			}
		}
	}
}

func (s *State) hasFireTarget(i int) bool {
	found := false
	s.eachFireTarget(i, func(int, int) bool { found = true; return false })
	return found
}
