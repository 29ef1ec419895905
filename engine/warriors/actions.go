package warriors

import "github.com/grimoire-games/grimoire/engine"

// Kind is what an action does.
type Kind uint8

const (
	Deal        Kind = iota // chance: the next card dealt is Design
	Roll                    // chance: a die shows Value
	Keep                    // keep a dealt card of Design
	Protect                 // put a wizard on the own faction of People
	AssignFlame             // give a flame to the own dragon Slot
	Attack                  // Unit attacks Target's unit TargetSlot
	Enlist                  // put an infantry of People into the band
	AsMercenary             // resolve a mixed battle card as a mercenary battle
	AsDraconic              // resolve a mixed battle card as a draconic battle
	Continue                // attack again
	Stop                    // end the battle
	Charge                  // camp a card of Troop to charge
	EndCharge               // do not charge
	Give                    // give a card of Troop (or a band's infantry of People, or the dragon) to the winner
	SpendFlame              // a dragon spends a flame instead of being given
	Fire                    // fire a catapult at Target's card TargetSlot
	HoldFire                // do not fire
	kinds
)

// Units a battle is fought with: the factions of the peoples, each dragon
// and the mercenary band.
const (
	dragonSlot0 = maxPeoples
	bandSlot    = maxPeoples + maxDragons
	unitSlots   = bandSlot + 1
	// Give's Troop: the dragon given.
	giveDragon = troops
	// Fire targets: a warrior of a people and troop, a dragon, a wizard.
	fireWizard0 = maxPeoples * troops
	fireDragon0 = fireWizard0 + maxPeoples
	fireSlots   = fireDragon0 + maxDragons
)

// Move is a decoded action.
type Move struct {
	Kind       Kind
	Design     int
	Value      int
	People     int
	Slot       int // AssignFlame: dragon; Attack: the attacking unit
	Troop      int
	Target     int // a seat
	TargetSlot int // Attack: a unit slot; Fire: a fire slot
}

// actionSizes is the number of actions of each kind for nd designs.
func actionSizes(nd, faces int) [kinds]int {
	return [kinds]int{
		Deal: nd, Roll: faces, Keep: nd, Protect: maxPeoples, AssignFlame: maxDragons,
		Attack: unitSlots * maxSeats * bandSlot, Enlist: maxPeoples,
		AsMercenary: 1, AsDraconic: 1, Continue: 1, Stop: 1, Charge: troops, EndCharge: 1,
		Give: troops + 1 + maxPeoples, SpendFlame: 1, Fire: maxSeats * fireSlots, HoldFire: 1,
	}
}

// layout is where each kind's actions start, and the kind of each
// action, so that decode does not search for it.
type layout struct {
	base [kinds + 1]int
	kind []Kind
}

func newLayout(nd, faces int) layout {
	var l layout
	sz := actionSizes(nd, faces)
	for k := range kinds {
		l.base[k+1] = l.base[k] + sz[k]
		for range sz[k] {
			l.kind = append(l.kind, k)
		}
	}
	return l
}

// NumActions is the size of the engine's own action space; the game's
// numbers (see numbers) may run higher.
func (r *Rules) NumActions() int { return r.ids.base[kinds] }

// encode turns a move into the engine's own action number.
func (r *Rules) encode(m Move) engine.Action {
	b := r.ids.base[m.Kind]
	switch m.Kind {
	case Deal, Keep:
		b += m.Design
	case Roll:
		b += m.Value - 1
	case Protect, Enlist:
		b += m.People
	case AssignFlame:
		b += m.Slot
	case Attack:
		b += (m.Slot*maxSeats+m.Target)*bandSlot + m.TargetSlot
	case Charge:
		b += m.Troop
	case Give:
		if m.Troop < 0 {
			b += troops + 1 + m.People
		} else {
			b += m.Troop
		}
	case Fire:
		b += m.Target*fireSlots + m.TargetSlot
	}
	return engine.Action(b)
}

// decode turns an own action number into a move.
func (r *Rules) decode(a engine.Action) (Move, bool) {
	x := int(a)
	if x < 0 || x >= r.NumActions() {
		return Move{}, false
	}
	k := r.ids.kind[x]
	i := x - r.ids.base[k]
	m := Move{Kind: k}
	switch k {
	case Deal, Keep:
		m.Design = i
	case Roll:
		m.Value = i + 1
	case Protect, Enlist:
		m.People = i
	case AssignFlame:
		m.Slot = i
	case Attack:
		m.TargetSlot = i % bandSlot
		i /= bandSlot
		m.Target, m.Slot = i%maxSeats, i/maxSeats
	case Charge:
		m.Troop = i
	case Give:
		if i > troops {
			m.Troop, m.People = -1, i-troops-1
		} else {
			m.Troop = i
		}
	case Fire:
		m.Target, m.TargetSlot = i/fireSlots, i%fireSlots
	}
	return m, true
}
