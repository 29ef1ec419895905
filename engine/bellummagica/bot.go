package bellummagica

import (
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// Greedy is a bot that judges each of its legal actions by a quick
// estimate from its own observation, and plays the best. It sees what a
// player sees: the table, every player's chest kinds and its own chests'
// values.
type Greedy struct {
	r *Rules
	// obs is the last observation, whose memory the next one reuses.
	obs *Observation
}

// ownPower is the player's own power in one decision, worked out once for
// all its actions.
type ownPower struct {
	p  Rows
	ok bool
}

// Act implements engine.Bot.
func (g *Greedy) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	o, ok := seat.Reobserve(g.obs).(*Observation)
	if !ok {
		return legal[rng.IntN(len(legal))]
	}
	g.obs = o
	var mine ownPower
	best, bestV := legal[0], -1e9
	for _, a := range legal {
		m, _ := g.r.decode(a)
		v := g.valueIn(o, m, &mine) + float64(rng.IntN(100))/1000 // break ties at random
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// Worth of what a player gains, in chest value: a chest of each kind is
// worth its kind's average.
func (g *Greedy) chestWorth(k ChestKind) float64 {
	sum, n := 0, 0
	for _, c := range g.r.Chests {
		if c.Kind == k {
			sum += c.Value * c.Copies
			n += c.Copies
		}
	}
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}

// power is a seat's abilities per row, from what everyone sees.
func (g *Greedy) power(v *SeatView) Rows {
	var p Rows
	if c := slices.IndexFunc(g.r.Castles, func(c Castle) bool { return c.ID == v.Castle }); c >= 0 {
		p = g.r.Castles[c].Rows
	}
	add := func(side map[string]int, from, to int) {
		for id, n := range side {
			d := slices.IndexFunc(g.r.Creatures, func(c Creature) bool { return c.ID == id })
			for a := from; a <= to; a++ {
				for row := range g.r.Params.Faces {
					p[a][row] += int8(n) * g.r.Creatures[d].Rows[a][row]
				}
			}
		}
	}
	add(v.Left, Food, Maps)
	add(v.Right, Swords, Thieves)
	return p
}

// myPower is the power of the player's own seat, my, kept in mine.
func (g *Greedy) myPower(my *SeatView, mine *ownPower) Rows {
	if !mine.ok {
		mine.p, mine.ok = g.power(my), true
	}
	return mine.p
}

// rowWorth is how good a row is for a seat: its harvest, its maps and the
// strength of its attack.
func rowWorth(p *Rows, row int) float64 {
	return float64(p[Food][row]) + 1.5*float64(p[Glyphs][row]) + 1.5*float64(p[Maps][row]) +
		0.7*float64(p[Swords][row]) + 1.5*float64(p[MagicSwords][row]) + 1.5*float64(p[Thieves][row])
}

// value estimates how good a move is for the player to move.
func (g *Greedy) value(o *Observation, m Move) float64 { return g.valueIn(o, m, new(ownPower)) }

// valueIn is value, with the player's power kept in mine for the other
// actions of the decision.
func (g *Greedy) valueIn(o *Observation, m Move, mine *ownPower) float64 {
	r := g.r
	me := o.Player
	my := &o.Seats[me]
	switch m.Kind {
	case PlaceLeft, PlaceRight:
		return g.tuck(my, m.Arg, m.Kind == PlaceRight)
	case KeepRoll, PayRound, CastConfusion:
		p := g.myPower(my, mine)
		mean := 0.0
		for row := range r.Params.Faces {
			mean += rowWorth(&p, row)
		}
		mean /= float64(r.Params.Faces)
		now := rowWorth(&p, o.Row-1)
		switch m.Kind {
		case KeepRoll:
			return now
		case PayRound:
			return mean - 1 // a barrel is worth keeping for a worse day
		}
		return mean - 0.2
	case AttackLocation:
		l := &r.Locations[m.Arg]
		v := 0.3*float64(l.Loot[LootFood]) + 0.5*float64(l.Loot[LootGlyphs]) + 0.3*float64(min(l.Loot[LootBarrels], r.Params.BarrelLimit-my.Barrels))
		for k, x := range []int{LootWooden, LootMetal, LootGold} {
			v += float64(l.Loot[x]) * g.chestWorth(ChestKind(k))
		}
		return v
	case AttackCastle:
		p := g.myPower(my, mine)
		v := &o.Seats[m.Arg]
		n := min(int(p[Thieves][o.Row-1])*r.Params.ThiefChests, v.ChestKinds[0]+v.ChestKinds[1]+v.ChestKinds[2])
		best := 0.0
		for k := range chestKinds {
			if v.ChestKinds[k] > 0 {
				best = max(best, g.chestWorth(k))
			}
		}
		// Robbing the richest in chests also keeps it from ending the game.
		lead := float64(v.ChestKinds[0]+v.ChestKinds[1]+v.ChestKinds[2]) / 10
		return float64(n)*best*2 + lead
	case NoAttack:
		return 0
	case Steal:
		return g.chestWorth(ChestKind(m.Arg))
	case StopStealing:
		// A stolen chest is worth more to the thief than the shield token
		// it gives the victim, unless the chests are worth nothing.
		return 0
	case RecruitFood, RecruitGlyphsFood, RecruitGlyphs:
		// A creature is worth what it brings on the better side.
		c := &r.Creatures[m.Arg]
		v := 2 * max(g.tuck(my, m.Arg, false), g.tuck(my, m.Arg, true))
		if c.Bonus != NoBonus {
			v++
		}
		switch m.Kind {
		case RecruitGlyphsFood:
			v -= 0.5
		case RecruitGlyphs:
			v -= 1
		}
		return 5 + v/2
	case StopRecruiting:
		return 0
	}
	return 0
}

// tuck is what creature c adds to a side of the castle, less the more
// creatures that side holds already.
func (g *Greedy) tuck(my *SeatView, c int, right bool) float64 {
	from, to, side := Food, Maps, my.Left
	if right {
		from, to, side = Swords, Thieves, my.Right
	}
	v := 0.0
	for a := from; a <= to; a++ {
		w := []float64{1, 1.5, 1.5, 1, 2, 2}[a]
		for row := range g.r.Params.Faces {
			v += w * float64(g.r.Creatures[c].Rows[a][row])
		}
	}
	n := 0
	for _, k := range side {
		n += k
	}
	return v / float64(1+n)
}
