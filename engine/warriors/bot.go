package warriors

import (
	"maps"
	"math"
	"sync"
	"sync/atomic"

	"github.com/grimoire-games/grimoire/engine"
)

// Greedy is a bot that judges each of its legal actions by what it is
// expected to change in a judgement of the table, and plays the best. The
// judgement is the player's score, each people's bonus counted by the
// chance of holding its largest faction at the end, less the other
// players' average. It sees what a player sees: the table and its own
// dealt cards.
type Greedy struct {
	r *Rules
	// obs is the last observation, whose memory the next one reuses.
	obs   *Observation
	holds holdCache
}

// dice is one attack's dice: red and black dice, the bow bonus of each
// side and the dragons' bonus per die.
type dice struct{ att, def, bowA, bowD, plusA, plusD int8 }

// board is what the judgement reads: each seat's faction sizes, victory
// pile and living dragons.
type board struct {
	n       int
	size    [maxSeats][maxPeoples]int
	pile    [maxSeats]int
	dragons [maxSeats]int
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
	t := g.board(o, true)
	base := g.judge(o, &t)
	best, bestV, ties := legal[0], math.Inf(-1), 0
	unit, loser := o.units()
	for _, a := range legal {
		m, _ := g.r.move(a, unit, loser)
		v := g.value(o, &t, base, m)
		switch {
		case v > bestV+1e-9:
			best, bestV, ties = a, v, 1
		case v > bestV-1e-9:
			// Reservoir choice among equals.
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
}

// units are the attacking unit and the unit that gives a card (-1 for
// none), which the game's numbers of a charge and a give depend on.
func (o *Observation) units() (unit, loser int) {
	b := o.Battle
	if b == nil {
		return -1, -1
	}
	loser = -1
	if o.Decision == stepName(stGive) {
		loser = b.Unit
		if o.Player != b.Owner {
			loser = b.Slot
		}
	}
	return b.Unit, loser
}

// board reads the seats' sizes; with chosen, the player's own faction
// sizes count the warriors it has chosen to keep.
func (g *Greedy) board(o *Observation, chosen bool) board {
	t := board{n: len(o.Seats)}
	for i := range o.Seats {
		v := &o.Seats[i]
		for q := range g.r.Peoples {
			f := v.Factions[q]
			t.size[i][q] = f[0] + f[1] + f[2]
		}
		t.pile[i] = v.Pile
		t.dragons[i] = len(v.Dragons)
	}
	if me := &o.Seats[o.Player]; chosen {
		for d, n := range me.Chosen {
			switch des := &g.r.Designs[d]; des.Class {
			case ClassWarrior:
				t.size[o.Player][des.People] += n
			case ClassDragon:
				t.dragons[o.Player] += n
			}
		}
	}
	return t
}

// hold is the chance that a faction of lead cards over the largest
// other one holds its people's bonus at the end: sure once the game is
// over, less so the more rounds are left.
func (g *Greedy) hold(o *Observation, lead int) float64 {
	i := lead + holdSpan
	if i < 0 || i >= len(g.holds.v) {
		return holdChance(g.r, o.Round, lead)
	}
	// A judgement asks for a few leads many times over, and math.Exp
	// was a third of a game's time: the chances are kept for the round.
	h := &g.holds
	if !h.ok || h.round != o.Round {
		*h = holdCache{round: o.Round, ok: true}
	}
	if h.v[i] == 0 {
		h.v[i] = holdChance(g.r, o.Round, lead)
	}
	return h.v[i]
}

// holdChance is hold, worked out.
func holdChance(r *Rules, round, lead int) float64 {
	k := 0.6 + 0.8*float64(round)/float64(max(1, r.Params.Rounds))
	return 1 / (1 + math.Exp(-k*(float64(lead)+0.5)))
}

// holdSpan bounds the leads whose hold chances a bot keeps: -holdSpan to
// holdSpan.
const holdSpan = 32

// holdCache keeps the hold chances of one round by lead; 0 is a chance
// not worked out yet, which no lead gives.
type holdCache struct {
	round int
	ok    bool
	v     [2*holdSpan + 1]float64
}

// judge is the player's expected score less the other players' average.
func (g *Greedy) judge(o *Observation, t *board) float64 {
	p := &g.r.Params
	var score [maxSeats]float64
	for i := range t.n {
		score[i] = float64(p.VictoryPoints * t.pile[i])
	}
	for q := range g.r.Peoples {
		first, second := -1, 0
		for i := range t.n {
			switch s := t.size[i][q]; {
			case first < 0 || s > t.size[first][q]:
				if first >= 0 {
					second = t.size[first][q]
				}
				first = i
			case s > second:
				second = s
			}
		}
		for i := range t.n {
			s := t.size[i][q]
			if s == 0 {
				continue
			}
			other := t.size[first][q]
			if i == first {
				other = second
			}
			score[i] += float64(p.PeopleBonus[q]) * g.hold(o, s-other)
		}
	}
	if g.r.Hordes {
		for i := range t.n {
			if t.dragons[i] == 0 {
				continue
			}
			other := 0
			for j := range t.n {
				if j != i {
					other = max(other, t.dragons[j])
				}
			}
			score[i] += float64(p.DragonBonus) * g.hold(o, t.dragons[i]-other)
		}
	}
	// The strongest rival counts as much as all the others together.
	others, top := 0.0, math.Inf(-1)
	for i := range t.n {
		if i != o.Player {
			others += score[i]
			top = max(top, score[i])
		}
	}
	return score[o.Player] - (others/float64(max(1, t.n-1))+top)/2
}

// moved is the judgement after a card of seat from (people q, or a dragon
// when q < 0) goes to seat to's victory pile (to < 0: to the discards).
func (g *Greedy) moved(o *Observation, t *board, from, q, to int) float64 {
	if q < 0 {
		t.dragons[from]--
	} else {
		t.size[from][q]--
	}
	if to >= 0 {
		t.pile[to]++
	}
	v := g.judge(o, t)
	if q < 0 {
		t.dragons[from]++
	} else {
		t.size[from][q]++
	}
	if to >= 0 {
		t.pile[to]--
	}
	return v
}

// value estimates how much a move gains in the judgement.
func (g *Greedy) value(o *Observation, t *board, base float64, m Move) float64 {
	r := g.r
	me := o.Player
	my := &o.Seats[me]
	switch m.Kind {
	case Keep:
		return g.keepValue(o, t, base, m.Design)
	case Protect:
		return g.threat(o, t, base, m.People)
	case AssignFlame:
		// Spread the flames: a dragon without one is lost at its first
		// defeat.
		if m.Slot < len(my.Dragons) {
			return -float64(my.Dragons[m.Slot])
		}
	case AsMercenary:
		return g.bestAttack(o, t, base, bandSlot)
	case AsDraconic:
		return g.bestAttack(o, t, base, dragonSlot0)
	case Enlist:
		// A band's card may be lost: take it where a card counts least.
		return g.moved(o, t, me, m.People, -1) - base + 0.1*float64(my.Factions[m.People][Infantry])
	case Attack:
		return g.attackValue(o, t, base, m.Slot, m.Target, m.TargetSlot)
	case Continue:
		if b := o.Battle; b != nil {
			return g.attackValue(o, t, base, b.Unit, b.Target, b.Slot)
		}
	case Charge:
		if b := o.Battle; b != nil && b.Unit < maxPeoples {
			// The camping card sits out the charge: judge the faction
			// without it.
			f := my.Factions[b.Unit]
			f[m.Troop]--
			v := -0.2 * float64(m.Troop)
			best := math.Inf(-1)
			for i := range o.Seats {
				for q := range r.Peoples {
					if i != me && g.targetable(o, i, b.Unit, q) {
						best = max(best, g.attackFaction(o, t, base, f, b.Unit, i, q))
					}
				}
			}
			return v + best
		}
	case Give:
		return g.giveValue(o, t, base, m)
	case SpendFlame:
		return 0
	case Fire:
		return g.fireValue(o, t, base, m)
	case HoldFire:
		// A catapult unused at the round's end is discarded; before, it
		// waits for a shot that swings a majority or an attack.
		if o.Window == "round_end" {
			return 0
		}
		return 1.2
	}
	return 0
}

// keepValue is what a dealt card is worth keeping.
func (g *Greedy) keepValue(o *Observation, t *board, base float64, d int) float64 {
	r := g.r
	me := o.Player
	des := &r.Designs[d]
	switch des.Class {
	case ClassWarrior:
		q := des.People
		// A card counts most where a majority is within reach.
		v := 2.0
		other := 0
		for i := range t.n {
			if i != me {
				other = max(other, t.size[i][q])
			}
		}
		if l := t.size[me][q] - other; l >= -2 && l <= 1 {
			v += float64(r.Params.PeopleBonus[q]) / 4
		}
		// Soldiers make an army: dice, bows, charges.
		if des.Troop == Infantry {
			v += 0.5
		}
		return v
	case ClassDragon:
		t.dragons[me]++
		v := g.judge(o, t) - base
		t.dragons[me]--
		return v + 1.5
	case ClassBattle:
		return 3 + float64(des.Shields+des.Bows+des.Horses)/2
	case ClassCatapult:
		return 2.5
	case ClassWizard:
		best := 0.0
		for q := range r.Peoples {
			best = max(best, g.threat(o, t, base, q))
		}
		return min(2.6, 0.3+best/2)
	case ClassFlame:
		// A flame saves a dragon once: worth most to a dragon without one.
		flames := o.Seats[me].FlamesAside
		for _, f := range o.Seats[me].Dragons {
			flames += f
		}
		if t.dragons[me] > 0 && flames < t.dragons[me] {
			return 2.6
		}
		return 0.3
	}
	return 0
}

// threat is what a wizard on the player's faction of q saves: a card's
// worth to the faction, times the factions that may attack it.
func (g *Greedy) threat(o *Observation, t *board, base float64, q int) float64 {
	me := o.Player
	if t.size[me][q] == 0 {
		return 0
	}
	n := 0
	for i := range o.Seats {
		if i == me {
			continue
		}
		for _, p := range [2]int{q, g.r.Enemy[q]} {
			if p >= 0 && o.Seats[i].Factions[p][Infantry] > 0 && o.Seats[i].Wizards[p] == 0 {
				n++
			}
		}
		if len(o.Seats[i].Dragons) > 0 {
			n++
		}
	}
	loss := base - g.moved(o, t, me, q, -1) + 0.3
	return loss * math.Min(float64(n), 3) / 2
}

// targetable reports whether the player's faction of people p may
// attack seat i's faction of q: the same people or its sworn enemy, and
// no wizard on it.
func (g *Greedy) targetable(o *Observation, i, p, q int) bool {
	v := &o.Seats[i]
	return v.Factions[q][0]+v.Factions[q][1]+v.Factions[q][2] > 0 && v.Wizards[q] == 0 && (q == p || g.r.Enemy[p] == q)
}

// bestAttack is the best attack a unit kind (a dragon or the band) has
// now, for choosing a mixed battle card's mode.
func (g *Greedy) bestAttack(o *Observation, t *board, base float64, unit int) float64 {
	best := -1.0
	for i := range o.Seats {
		if i == o.Player {
			continue
		}
		for q := range g.r.Peoples {
			v := &o.Seats[i]
			if v.Factions[q][0]+v.Factions[q][1]+v.Factions[q][2] > 0 && v.Wizards[q] == 0 {
				best = max(best, g.attackValue(o, t, base, unit, i, q))
			}
		}
	}
	return best
}

// attackValue is the expected gain of an attack by unit on seat i's unit
// slot.
func (g *Greedy) attackValue(o *Observation, t *board, base float64, unit, i, slot int) float64 {
	if unit < maxPeoples {
		return g.attackFaction(o, t, base, o.Seats[o.Player].Factions[unit], unit, i, slot)
	}
	return g.attackFaction(o, t, base, [3]int{}, unit, i, slot)
}

// attackFaction is attackValue for an attacking faction f of people unit
// (or a dragon or the band, with f unused).
func (g *Greedy) attackFaction(o *Observation, t *board, base float64, f [3]int, unit, i, slot int) float64 {
	r := g.r
	p := &r.Params
	me := o.Player
	var card *Design
	if b := o.Battle; b != nil && b.Card >= 0 {
		card = &r.Designs[b.Card]
	}
	var d dice
	lose := unit // what the player gives when it loses
	switch {
	case unit < maxPeoples:
		inf, bows := f[Infantry], f[Archer]
		if card != nil && card.Kind == Simple {
			inf += card.Shields
			bows += card.Bows
		}
		d.att, d.bowA = int8(min(p.AttackDice, inf)), int8(bows)
	case unit < bandSlot:
		d.att, d.plusA, lose = int8(p.DragonDice), int8(p.DragonDieBonus), -1
	default:
		n := 0
		if b := o.Battle; b != nil && len(b.Band) > 0 {
			most := 0
			for q, c := range b.Band {
				n += c
				if c > most {
					most, lose = c, q
				}
			}
		} else {
			for q := range r.Peoples {
				if c := o.Seats[me].Factions[q][Infantry]; c > 0 {
					n += c
					lose = q
				}
			}
			if card != nil {
				n = min(n, card.Band)
			}
		}
		d.att = int8(min(p.AttackDice, n))
	}
	if d.att == 0 {
		return -1
	}
	take := slot
	if slot < maxPeoples {
		tf := o.Seats[i].Factions[slot]
		d.def, d.bowD = int8(max(p.MinDefenceDice, min(p.DefenceDice, tf[Infantry]))), int8(tf[Archer])
	} else {
		d.def, d.plusD, take = int8(p.DragonDice), int8(p.DragonDieBonus), -1
	}
	switch {
	case d.bowA > d.bowD:
		d.bowA, d.bowD = int8(p.BowBonus), 0
	case d.bowD > d.bowA:
		d.bowA, d.bowD = 0, int8(p.BowBonus)
	default:
		d.bowA, d.bowD = 0, 0
	}
	odds := g.duel(d)
	win := g.moved(o, t, i, take, me) - base
	loss := -1.0
	if lose >= 0 && t.size[me][lose] > 0 || lose < 0 && t.dragons[me] > 0 {
		loss = g.moved(o, t, me, lose, i) - base
	}
	return odds[0]*win + odds[1]*(loss-0.2)
}

// duel returns the expected comparisons the attacker and the defender
// win.
func (g *Greedy) duel(d dice) [2]float64 {
	if g.r.duels == nil {
		return duelOdds(d, g.r.Params.Faces)
	}
	return g.r.duels.get(d, g.r.Params.Faces)
}

// duelTable holds the odds of the dice seen so far, for the bots of every
// worker at once: a lookup takes no lock, and the table, which never
// holds more than a few hundred dice, is copied to add one.
type duelTable struct {
	mu sync.Mutex // held to add
	m  atomic.Pointer[map[duelKey][2]float64]
}

// duelKey is dice rolled with dice of faces faces.
type duelKey struct {
	dice
	faces int
}

func (t *duelTable) get(d dice, faces int) [2]float64 {
	k := duelKey{d, faces}
	if m := t.m.Load(); m != nil {
		if v, ok := (*m)[k]; ok {
			return v
		}
	}
	v := duelOdds(d, faces)
	t.mu.Lock()
	defer t.mu.Unlock()
	old := t.m.Load()
	m := make(map[duelKey][2]float64, 1+lenOf(old))
	if old != nil {
		maps.Copy(m, *old)
	}
	m[k] = v
	t.m.Store(&m)
	return v
}

func lenOf(m *map[duelKey][2]float64) int {
	if m == nil {
		return 0
	}
	return len(*m)
}

// duelOdds counts every roll of the dice once.
func duelOdds(d dice, faces int) [2]float64 {
	n := int(d.att + d.def)
	var rolled [8]int
	var wins [2]float64
	total := 0
	var roll func(k int)
	roll = func(k int) {
		if k == n {
			total++
			var a, b [8]int
			copy(a[:], rolled[:d.att])
			copy(b[:], rolled[d.att:n])
			sortDesc(a[:d.att])
			sortDesc(b[:d.def])
			for j := range d.att {
				a[j] += int(d.plusA)
			}
			for j := range d.def {
				b[j] += int(d.plusD)
			}
			a[0] += int(d.bowA)
			b[0] += int(d.bowD)
			for j := range min(d.att, d.def) {
				if a[j] > b[j] {
					wins[0]++
				} else {
					wins[1]++
				}
			}
			return
		}
		for v := 1; v <= faces; v++ {
			rolled[k] = v
			roll(k + 1)
		}
	}
	roll(0)
	return [2]float64{wins[0] / float64(total), wins[1] / float64(total)}
}

func sortDesc(x []int) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] > x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// giveValue judges the card a loser gives: the one whose loss costs the
// least, in majorities and in the army's strength.
func (g *Greedy) giveValue(o *Observation, t *board, base float64, m Move) float64 {
	me := o.Player
	b := o.Battle
	if b == nil {
		return 0
	}
	winner := b.Owner
	if winner == me {
		winner = b.Target
	}
	switch {
	case m.Troop == giveDragon:
		return g.moved(o, t, me, -1, winner) - base - 2
	case m.Troop < 0:
		return g.moved(o, t, me, m.People, winner) - base
	}
	q := b.Unit
	if b.Target == me {
		q = b.Slot
	}
	if q < 0 || q >= maxPeoples {
		return 0
	}
	f := o.Seats[me].Factions[q]
	// The army loses the most with its last dice, bows and horses.
	cost := [3]float64{0.2, 0.4, 0.3}[m.Troop]
	if m.Troop == Infantry && f[Infantry] <= g.r.Params.AttackDice {
		cost += 0.6
	}
	if m.Troop != Infantry && f[m.Troop] == 1 {
		cost += 0.3
	}
	return -cost
}

// fireValue is a catapult shot's expected gain: the chance to hit times
// what the card taken changes, and a die less for an attack about to be
// rolled against (or by) the player.
func (g *Greedy) fireValue(o *Observation, t *board, base float64, m Move) float64 {
	p := &g.r.Params
	me := o.Player
	hit := func(from int) float64 { return float64(p.Faces-from+1) / float64(p.Faces) }
	switch slot := m.TargetSlot; {
	case slot < fireWizard0:
		q := slot / troops
		v := hit(p.CatapultHit) * (g.moved(o, t, m.Target, q, me) - base)
		if b := o.Battle; o.Window == "roll" && b != nil && slot%troops == Infantry {
			if b.Target == me && m.Target == b.Owner && q == b.Unit || b.Owner == me && m.Target == b.Target && q == b.Slot {
				v += 1.5
			}
		}
		return v
	case slot < fireDragon0:
		// A wizard shot down opens its faction to the player's battle.
		if b := o.Battle; o.Window == "battle" && b != nil && b.Owner == me {
			return 2.5
		}
		return 0.3
	}
	return hit(p.CatapultDragonHit) * (g.moved(o, t, m.Target, -1, me) - base)
}
