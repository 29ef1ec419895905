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
}

// Act implements engine.Bot.
func (g *Greedy) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	o := seat.Observation().(*Observation)
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
	return best
}

func (g *Greedy) side() int { return g.r.Params.EmpireSize }

// cityValue is what design d on field f of empire e is worth to its owner
// at the end: nothing for a giant off the edge or a wizard off the centre,
// more for a human next to humans and for a race the empire lacks.
func (g *Greedy) cityValue(e []int, d, f int) float64 {
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
	have := false
	for _, x := range e {
		if x >= 0 && g.r.Designs[x].Race == des.Race {
			have = true
		}
	}
	if !have {
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
	for f := range e {
		if g.placeable(e, occupied, f) {
			best = max(best, g.cityValue(e, d, f))
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
		v := 0.1
		for _, h := range g.adjacent(m.Field) {
			if x := e[h]; x >= 0 {
				v += float64(g.r.Designs[x].Points)
			}
		}
		return v
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
		x := e[m.Field]
		return -g.cityValue(e, x, m.Field)
	case "wizard_take":
		x := o.Seats[m.Player].Empire[m.Field]
		return float64(g.r.Designs[x].Points)
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
		switch g.r.Designs[d].Race {
		case giantRace:
			return 0.8
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
			return 1.2
		case wizardRace:
			return 0.6
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
	v := 0.0
	for f, x := range e {
		if x >= 0 {
			v += g.cityValue(e, x, f)
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
