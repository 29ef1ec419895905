package warlock

import (
	"github.com/grimoire-games/grimoire/engine"
)

// Greedy is a bot that scores each legal action with a fixed judgement of
// the position it sees (its own observation only: no peeking at hidden
// cards, no search) and plays the best: cities worth the most where they
// will count, cheap payments, bids that win a good pick.
type Greedy struct {
	r *Rules
	// offered is the own field a wizard offered, chosen one decision
	// before the city taken for it (the observation does not repeat it).
	offered int
	// obs is the last observation, whose memory the next one reuses.
	obs *Observation
}

// Act implements engine.Bot.
func (g *Greedy) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	o := seat.Reobserve(g.obs).(*Observation)
	g.obs = o
	best, bestV, ties := legal[0], -1e18, 0
	for _, a := range legal {
		m, _ := g.r.Decode(a)
		v := g.value(o, m)
		switch {
		case v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			// Reservoir choice among equals keeps the bot unpredictable.
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	if o.Decision == "wizard_own" {
		if m, _ := g.r.Decode(best); m.Kind == Field {
			g.offered = m.Field
		}
	}
	return best
}

func (g *Greedy) side() int { return g.r.Params.EmpireSize }

// cityValue is what design d on field f of empire e is worth to its owner
// at the end: nothing for a giant off the edge or a wizard off the centre,
// more for a human next to humans and for a race the empire lacks.
func (g *Greedy) cityValue(e []int, d, f int) float64 {
	return g.cityValueIn(e, d, f, g.races(e))
}

// races is the set of races with a city in empire e, a bit per race.
func (g *Greedy) races(e []int) uint64 {
	var set uint64
	for _, x := range e {
		if x >= 0 {
			set |= 1 << g.r.Designs[x].Race
		}
	}
	return set
}

// cityValueIn is cityValue for an empire whose races are races, which
// callers that value many fields of one empire work out once.
func (g *Greedy) cityValueIn(e []int, d, f int, races uint64) float64 {
	des := &g.r.Designs[d]
	n := g.side()
	row := f / n
	edge := row == 0 || row == n-1
	if (des.Race == giantRace && !edge) || (des.Race == wizardRace && edge) {
		return 0
	}
	v := float64(des.Points)
	if des.Race == humanRace {
		for _, h := range g.adjacent(f) {
			if x := e[h]; x >= 0 && g.r.Designs[x].Race == humanRace {
				v += 2
			}
		}
	}
	if races&(1<<des.Race) == 0 {
		v += 1.5
	}
	return v
}

func (g *Greedy) adjacent(f int) []int8 { return g.r.adj[f].list() }

// bestField is the best value design d can get on a field where a city may
// go in empire e.
func (g *Greedy) bestField(e []int, d int) float64 {
	best := -1.0
	occupied := 0
	for _, x := range e {
		if x != FieldEmpty {
			occupied++
		}
	}
	races := g.races(e)
	for f := range e {
		if g.placeable(e, occupied, f) {
			best = max(best, g.cityValueIn(e, d, f, races))
		}
	}
	return best
}

func (g *Greedy) placeable(e []int, occupied, f int) bool {
	if occupied >= g.r.Params.MaxCities {
		return e[f] == FieldDragon || e[f] == FieldRuin
	}
	if e[f] != FieldEmpty {
		return false
	}
	if occupied == 0 {
		return f < g.side()
	}
	for _, h := range g.adjacent(f) {
		if e[h] != FieldEmpty {
			return true
		}
	}
	return false
}

// keep is what a card in hand is worth keeping: its city and its gold.
func (g *Greedy) keep(d int) float64 {
	des := &g.r.Designs[d]
	return float64(des.Points) + max(des.Gold, des.GoldAlt)/2
}

// useful is how many creatures of the cards in hand d helps to pay for.
func (g *Greedy) useful(o *Observation, d int) float64 {
	des := &g.r.Designs[d]
	me := &o.Seats[o.Player]
	n := 0.0
	for h, c := range me.Hand {
		if c == 0 {
			continue
		}
		for _, r := range g.r.Designs[h].Cost {
			if r == des.Race || r == des.Extra || r == anyRace {
				n++
			}
		}
	}
	return n
}

func (g *Greedy) value(o *Observation, m Move) float64 {
	me := &o.Seats[o.Player]
	e := me.Empire
	d := m.Design
	switch o.Decision {
	case "short_deal":
		return -g.keep(d)
	case "aside_bar":
		return -g.keep(d)
	case "aside_rest":
		return max(g.toMine(d), g.toDungeon(o, d)) - g.keep(d)
	case "aside_dest":
		// The bar is revealed now: a card that pays for a city waiting
		// there is worth more in the dungeon.
		if m.Kind == AsideMine {
			return g.toMine(d)
		}
		return g.toDungeon(o, d) + 0.3*g.paysBar(o, d)
	case "action":
		return g.actionValue(o, m)
	case "field":
		if o.Building >= 0 {
			return g.cityValue(e, o.Building, m.Field)
		}
	case "pay":
		if m.Kind == PayCastle {
			return 100
		}
		return -g.keep(d)
	case "giant_skill":
		if m.Kind == Pass {
			return 0
		}
		return g.swapGain(e, m.Field, m.Field2)
	case "dragon":
		if m.Kind == Pass {
			return 0
		}
		return 0.1 + g.guard(e, m.Field)
	case "human_draw":
		if m.Kind == Pass {
			return -1
		}
		if m.Kind == DrawDiscard && len(o.DiscardPile) > 0 {
			return g.keep(o.DiscardPile[len(o.DiscardPile)-1]) / 2
		}
		return 1.5
	case "goblin_bar", "gnome_hand":
		if m.Kind == Pass {
			return 0
		}
		return g.bestField(e, d)
	case "orc":
		if m.Kind == Pass {
			return 0
		}
		x := o.Seats[m.Player].Empire[m.Field]
		return float64(g.r.Designs[x].Points)
	case "wizard_own":
		if m.Kind == Pass {
			return 0
		}
		return g.bestTake(o, m.Field)
	case "wizard_take":
		return g.takeGain(o, g.offered, m.Player, m.Field)
	case "bid":
		return g.bidValue(o, m)
	case "pick_empire":
		return g.bestField(e, d)
	case "pick_discard":
		return g.keep(d)
	case "pick_second":
		if m.Kind == PickMine {
			return g.r.Designs[d].Gold
		}
		return g.useful(o, d) + 0.5
	}
	return 0
}

func (g *Greedy) actionValue(o *Observation, m Move) float64 {
	me := &o.Seats[o.Player]
	e := me.Empire
	d := m.Design
	switch m.Kind {
	case Pass:
		return -10
	case DrawPile:
		return 1
	case DrawDiscard:
		return g.keep(o.DiscardPile[len(o.DiscardPile)-1]) / 3
	case PlayMine:
		des := &g.r.Designs[d]
		return max(des.Gold, des.GoldAlt)*0.8 - float64(des.Points)*0.3
	case PlayDungeon:
		return 0.5 + g.useful(o, d)*0.6 - float64(g.r.Designs[d].Points)*0.2
	case PlayEmpire:
		cost := float64(len(g.r.Designs[d].Cost))
		return g.bestField(e, d) + 1 - cost*0.6
	case PlayCastle:
		// The card is spent: each power is weighed against a part of
		// the city it could have been.
		spent := float64(g.r.Designs[d].Points) * 0.3
		switch g.r.Designs[d].Race {
		case giantRace:
			if !g.dragonRoom(o) {
				return -1
			}
			best := 0.0
			for f := range e {
				if g.placeable(e, g.occupied(e), f) {
					best = max(best, g.guard(e, f))
				}
			}
			return 1.2 + 0.5*best - spent
		case humanRace:
			return 1.6
		case orcRace:
			best := 0
			for q, s := range o.Seats {
				if q == o.Player {
					continue
				}
				for _, x := range s.Empire {
					if x >= 0 {
						best = max(best, g.r.Designs[x].Points)
					}
				}
			}
			return float64(best)*0.6 - 1
		case gnomeRace:
			best := -1.0
			for h, c := range me.Hand {
				if c > 0 && h != d && g.r.Designs[h].Points <= g.r.Params.GnomePowerMaxPoints {
					best = max(best, g.bestField(e, h))
				}
			}
			return best
		case goblinRace:
			best := -1.0
			for b, c := range o.Bar {
				if c > 0 && g.canPay(me.Dungeon, d, g.r.Designs[b].Cost) {
					best = max(best, g.bestField(e, b))
				}
			}
			if best < 0 {
				return -1
			}
			return 0.3 + 0.9*best - spent
		case wizardRace:
			best := 0.0
			for f, x := range e {
				if x >= 0 {
					best = max(best, g.bestTake(o, f))
				}
			}
			if best <= 0 {
				return -1
			}
			return 0.5 + best - spent
		}
	}
	return 0
}

// bidValue bids about two thirds of the mine's gold, humans at their best,
// and closes as soon as that is reached and the bid is allowed.
func (g *Greedy) bidValue(o *Observation, m Move) float64 {
	me := &o.Seats[o.Player]
	total := me.BidGold
	for d, c := range me.Mine {
		des := &g.r.Designs[d]
		total += float64(c) * max(des.Gold, des.GoldAlt)
	}
	target := total * 2 / 3
	switch m.Kind {
	case Pass:
		return -1
	case BidDone:
		if me.BidGold >= target {
			return 10
		}
		return 0
	case Bid:
		des := &g.r.Designs[m.Design]
		if des.HasAlt && des.GoldAlt > des.Gold {
			return 0.1
		}
		return 1 + des.Gold/10
	case BidAlt:
		return 1 + g.r.Designs[m.Design].GoldAlt/10
	}
	return 0
}

// swapGain is how much the giant skill's swap of fields a and b improves
// the empire's own score.
func (g *Greedy) swapGain(e []int, a, b int) float64 {
	before := g.own(e)
	e[a], e[b] = e[b], e[a]
	after := g.own(e)
	e[a], e[b] = e[b], e[a]
	return after - before
}

func (g *Greedy) own(e []int) float64 {
	v, races := 0.0, g.races(e)
	for f, x := range e {
		if x >= 0 {
			v += g.cityValueIn(e, x, f, races)
		}
	}
	return v
}

// toMine is what a card is worth in the mine, toDungeon in the dungeon.
func (g *Greedy) toMine(d int) float64 {
	return g.r.Designs[d].Gold + g.r.Designs[d].GoldAlt/2
}

func (g *Greedy) toDungeon(o *Observation, d int) float64 { return g.useful(o, d) * 0.7 }

// paysBar is how many creatures of the bar's cards d helps to pay for.
func (g *Greedy) paysBar(o *Observation, d int) float64 {
	des := &g.r.Designs[d]
	n := 0.0
	for b, c := range o.Bar {
		if c == 0 {
			continue
		}
		for _, r := range g.r.Designs[b].Cost {
			if r == des.Race || r == des.Extra || r == anyRace {
				n += float64(c)
			}
		}
	}
	return n
}

func (g *Greedy) occupied(e []int) int {
	n := 0
	for _, x := range e {
		if x != FieldEmpty {
			n++
		}
	}
	return n
}

// guarded reports whether a dragon next to field f keeps orcs and
// wizards off it.
func (g *Greedy) guarded(e []int, f int) bool {
	for _, h := range g.adjacent(f) {
		if e[h] == FieldDragon {
			return true
		}
	}
	return false
}

// guard is what a dragon on field f protects that nothing protects yet:
// the points of the cities next to it.
func (g *Greedy) guard(e []int, f int) float64 {
	v := 0.0
	for _, h := range g.adjacent(f) {
		if x := e[h]; x >= 0 && !g.guarded(e, int(h)) {
			v += float64(g.r.Designs[x].Points)
		}
	}
	return v
}

// dragonRoom reports whether the giant power could place a dragon.
func (g *Greedy) dragonRoom(o *Observation) bool {
	e := o.Seats[o.Player].Empire
	dragons := 0
	for _, x := range e {
		if x == FieldDragon {
			dragons++
		}
	}
	return o.Dragons > 0 && dragons < g.r.Params.MaxDragons && g.occupied(e) < g.r.Params.MaxCities
}

// bestTake is the most a wizard gains by offering the city on own field
// f for a city of another empire.
func (g *Greedy) bestTake(o *Observation, f int) float64 {
	best := 0.0
	for q := range o.Seats {
		if q == o.Player || g.occupied(o.Seats[q].Empire) >= g.r.Params.MaxCities {
			continue
		}
		for t, x := range o.Seats[q].Empire {
			if x >= 0 {
				best = max(best, g.takeGain(o, f, q, t))
			}
		}
	}
	return best
}

// takeGain is what the wizard's swap of own field f with field t of
// player q is worth: the change in the city's worth on f, and a part of
// what the other player loses.
func (g *Greedy) takeGain(o *Observation, f, q, t int) float64 {
	e, their := o.Seats[o.Player].Empire, o.Seats[q].Empire
	x, y := e[f], their[t]
	if x < 0 || y < 0 || g.guarded(their, t) {
		return 0
	}
	loss := float64(g.r.Designs[y].Points - g.r.Designs[x].Points)
	return g.cityValue(e, y, f) - g.cityValue(e, x, f) + 0.3*loss
}

// canPay reports whether the dungeon, with the goblin gob just played
// (-1 for none), can pay the creatures of cost, each card for one
// creature; a wizard may stand in for one creature of another race.
func (g *Greedy) canPay(dungeon []int, gob int, cost []Race) bool {
	var have [anyRace + 1]int
	total := 0
	for d, c := range dungeon {
		have[g.r.Designs[d].Race] += c
		total += c
	}
	if gob >= 0 {
		have[g.r.Designs[gob].Race]++
		total++
		if x := g.r.Designs[gob].Extra; x != 0 {
			have[x]++
			total++
		}
	}
	subs, wild := g.r.Params.WizardSubstitutes, 0
	for _, r := range cost {
		switch {
		case r == anyRace:
			wild++
		case have[r] > 0:
			have[r]--
		case subs > 0 && have[wizardRace] > 0:
			have[wizardRace]--
			subs--
		default:
			return false
		}
		total--
	}
	return total >= wild
}
