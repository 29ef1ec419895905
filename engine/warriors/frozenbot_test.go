package warriors

import "github.com/grimoire-games/grimoire/engine"

// frozenGreedy is the greedy bot as it played when testdata/golden.txt
// was recorded. The golden games pin the engine, not the bot: the greedy
// bot may grow stronger without changing them.
type frozenGreedy struct{ r *Rules }

// Act implements engine.Bot.
func (g *frozenGreedy) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	o, ok := seat.Observation().(*Observation)
	if !ok {
		return legal[rng.IntN(len(legal))]
	}
	best, bestV := legal[0], -1e9
	for _, a := range legal {
		m, _ := g.r.Decode(a)
		v := g.value(o, m) + float64(rng.IntN(100))/1000 // break ties at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// value estimates how good a move is for the player to move.
func (g *frozenGreedy) value(o *Observation, m Move) float64 {
	r := g.r
	me := o.Player
	my := &o.Seats[me]
	size := func(v *SeatView, q int) int { f := v.Factions[q]; return f[0] + f[1] + f[2] }
	// lead is how far the player's faction of q, with the cards it has
	// chosen to keep, is ahead of the largest other faction of q.
	lead := func(q int) int {
		other := 0
		for i := range o.Seats {
			if i != me {
				other = max(other, size(&o.Seats[i], q))
			}
		}
		own := size(my, q)
		for d, n := range my.Chosen {
			if des := r.Designs[d]; des.Class == ClassWarrior && des.People == q {
				own += n
			}
		}
		return own - other
	}
	switch m.Kind {
	case Keep:
		d := r.Designs[m.Design]
		switch d.Class {
		case ClassWarrior:
			v := 2.0
			if l := lead(d.People); l >= -2 && l <= 1 {
				v += float64(r.Params.PeopleBonus[d.People]) / 4 // a majority within reach
			}
			if d.Troop == Infantry {
				v += 0.5
			}
			return v
		case ClassDragon:
			return 4
		case ClassBattle:
			return 3 + float64(d.Shields+d.Bows+d.Horses)/2
		case ClassCatapult:
			return 2.5
		case ClassWizard:
			return 1.5
		case ClassFlame:
			if len(my.Dragons) > 0 {
				return 2
			}
			return 0.5
		}
	case Protect:
		return float64(size(my, m.People)) + float64(r.Params.PeopleBonus[m.People])/5
	case AssignFlame:
		if m.Slot < len(my.Dragons) {
			return -float64(my.Dragons[m.Slot])
		}
	case AsMercenary:
		return 1
	case AsDraconic:
		return float64(len(my.Dragons))
	case Enlist:
		// Take infantry from the faction that can spare it best.
		return float64(my.Factions[m.People][Infantry] - lead(m.People))
	case Attack:
		return g.attackValue(o, m)
	case Continue:
		b := o.Battle
		if b == nil {
			return 0
		}
		if m2 := (Move{Slot: b.Unit, Target: b.Target, TargetSlot: b.Slot}); g.attackValue(o, m2) > 0 {
			return 1
		}
		return -1
	case Stop:
		return 0
	case Charge:
		return []float64{0.5, 2, 1}[m.Troop]
	case EndCharge:
		return 0
	case Give:
		switch {
		case m.Troop < 0:
			return float64(-lead(m.People))
		case m.Troop == giveDragon:
			return -10
		}
		return []float64{-3, -2, -1}[m.Troop]
	case SpendFlame:
		return 0
	case Fire:
		t := &o.Seats[m.Target]
		switch slot := m.TargetSlot; {
		case slot < fireWizard0:
			q := slot / troops
			v := 2.0
			if b := o.Battle; o.Window == "roll" && b != nil && slot%troops == Infantry {
				// Before the roll, an infantry card of the attack costs
				// its side a die: worth it to the side it is aimed at.
				if b.Target == me && m.Target == b.Owner && q == b.Unit || b.Owner == me && m.Target == b.Target && q == b.Slot {
					v += 2
				}
			}
			if l := lead(q); l >= -1 && l <= 0 || size(t, q) > size(my, q) && size(t, q)-1 <= size(my, q) {
				v += float64(r.Params.PeopleBonus[q]) / 3
			}
			return v
		case slot < fireDragon0:
			if b := o.Battle; o.Window == "battle" && b != nil && b.Owner == me {
				return 3 // it may open a target for the player's own battle
			}
			return 1
		}
		return 0.5
	case HoldFire:
		// Keep a catapult for a better moment, but never into the round's
		// end, which discards it.
		if o.Window == "round_end" {
			return 0
		}
		return 2.5
	}
	return 0
}

// attackValue estimates an attack's dice advantage, with a bonus for
// hurting a faction that competes with the player's own.
func (g *frozenGreedy) attackValue(o *Observation, m Move) float64 {
	r := g.r
	p := r.Params
	my := &o.Seats[o.Player]
	t := &o.Seats[m.Target]
	var ad, dd, ab, db, bonus float64
	switch {
	case m.Slot < maxPeoples:
		inf, bows := my.Factions[m.Slot][Infantry], my.Factions[m.Slot][Archer]
		if b := o.Battle; b != nil && b.Card >= 0 && r.Designs[b.Card].Kind == Simple {
			inf += r.Designs[b.Card].Shields
			bows += r.Designs[b.Card].Bows
		}
		ad, ab = float64(min(p.AttackDice, inf)), float64(bows)
	case m.Slot < bandSlot:
		ad, bonus = float64(p.DragonDice), float64(p.DragonDieBonus)
	default:
		n := 0
		if b := o.Battle; b != nil {
			for _, c := range b.Band {
				n += c
			}
		}
		ad = float64(min(p.AttackDice, n))
	}
	if m.TargetSlot < maxPeoples {
		f := t.Factions[m.TargetSlot]
		dd, db = float64(max(p.MinDefenceDice, min(p.DefenceDice, f[Infantry]))), float64(f[Archer])
		f2 := my.Factions[m.TargetSlot]
		if f[0]+f[1]+f[2] >= f2[0]+f2[1]+f2[2] {
			bonus += 0.5 // a rival for the majority
		}
	} else {
		dd, bonus = float64(p.DragonDice), bonus-float64(p.DragonDieBonus)
	}
	v := ad - 1.2*dd + bonus
	switch {
	case ab > db:
		v += 0.5
	case db > ab:
		v -= 0.5
	}
	return v
}
