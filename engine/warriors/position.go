package warriors

import (
	"math/bits"
	"strconv"

	"github.com/grimoire-games/grimoire/engine/rules"
)

// rulesPhases names the phase the rules are in at each of this engine's
// steps.
var rulesPhases = [...]string{
	stDeal: "deal", stKeep: "keep", stPlace: "place", stMode: "mode", stEnlist: "enlist",
	stAttack: "attack", stRoll: "roll", stGive: "give", stContinue: "continue",
	stCharge: "charge", stFire: "fire", stFireRoll: "fire_roll", stOver: "over",
}

// Position is the state in the terms of the game's rules
// (cards/warriors/rules.star and zones.toml), every card and variable,
// hidden ones too: the same position the rules engine reaches at the same
// point of a game. Units and catapult targets are the rules' numbers
// (their UNITS and FIRE); the dice are kept as the rules keep them.
func (s *State) Position() *rules.Position {
	r := s.r
	b := &s.b
	np := len(r.Peoples)
	p := rules.NewPosition(s.n, s.CurrentPlayer(), rulesPhases[s.step])
	v := p.Vars
	// Every round but the first deal's ends with end_round, which counts
	// it played.
	v["round"], v["played"], v["keep"], v["at"], v["last"] = int64(s.round), int64(max(0, s.round-1)), int64(s.keep), int64(s.at), int64(s.last)
	v["pile_scale"] = int64(r.pileScale)
	unit := func(slot int) int64 {
		if slot < 0 {
			return int64(slot)
		}
		u, _ := r.rulesUnit(slot)
		return int64(u)
	}
	v["battle"] = -1
	if b.card >= 0 {
		v["battle"] = int64(r.Designs[b.card].Number)
	}
	v["owner"], v["mode"], v["unit"], v["target"], v["tslot"] = int64(b.owner), int64(b.mode), unit(b.unit), int64(b.target), unit(b.tslot)
	v["band_size"], v["n_att"], v["n_def"], v["rolled"] = int64(b.bandSize), int64(b.nAtt), int64(b.nDef), int64(b.rolled)
	v["n_loss"], v["loss_at"], v["die"] = int64(b.nLoss), int64(b.lossAt), int64(s.die)
	// The rules keep each side's dice as the digits of one number: those
	// rolled so far (a roll starts with no loss counted), then, once
	// compared, all of them sorted and raised by the bonuses, as this
	// engine keeps them too, until the next roll starts.
	att, def := int(b.nAtt), int(b.nDef)
	if b.nLoss == 0 {
		att, def = min(int(b.rolled), att), max(0, int(b.rolled)-att)
	}
	v["att_dice"], v["def_dice"] = digits(b.dice[:att]), digits(b.dice[b.nAtt:int(b.nAtt)+def])
	tslot, _ := r.rulesFire(s.w.tslot)
	v["w_first"], v["w_asked"], v["w_then"], v["w_target"], v["w_tslot"] = int64(s.w.first), int64(s.w.asked), int64(s.w.then), int64(s.w.target), int64(tslot)

	z := p.Zones
	add := func(zone []string, d int, n int8) []string {
		for range n {
			zone = append(zone, r.Designs[d].ID)
		}
		return zone
	}
	for d := range r.Designs {
		z["deck"] = add(z["deck"], d, s.deck[d])
		z["discard"] = add(z["discard"], d, s.discard[d])
		z["removed"] = add(z["removed"], d, s.removed[d])
		z["aside"] = add(z["aside"], d, s.aside[d])
	}
	if b.unit >= 0 && b.unit < np {
		for t, n := range b.camp {
			z["camp"] = add(z["camp"], r.warrior[b.unit][t], n)
		}
	}
	for q, n := range b.band[:np] {
		z["band"] = add(z["band"], r.warrior[q][Infantry], n)
	}
	lairs := r.lairs()
	for i := range s.n {
		st := &s.seats[i]
		sv, sz := p.Seats[i], p.SeatZones[i]
		sv["due"] = int64(s.dealLeft[i])
		var hit int64
		for m := b.targeted[i]; m != 0; m &= m - 1 {
			if u, ok := r.rulesUnit(bits.TrailingZeros32(m)); ok {
				hit |= 1 << u
			}
		}
		sv["targeted"] = hit
		wizards := 0
		for q, id := range r.Peoples {
			sv["ward_"+id] = int64(st.wizards[q])
			wizards += int(st.wizards[q])
			for t := range troops {
				sz["army"] = add(sz["army"], r.warrior[q][t], st.faction[q][t])
			}
		}
		flames := 0
		for j := range lairs {
			sv[lairName(j)] = int64(st.dragons[j])
			if st.dragons[j] >= 0 {
				sz["dragons"] = append(sz["dragons"], r.Designs[r.dragon].ID)
				flames += int(st.dragons[j])
			}
		}
		for d := range r.Designs {
			sz["hand"] = add(sz["hand"], d, st.hand[d])
			sz["chosen"] = add(sz["chosen"], d, st.chosen[d])
			sz["pile"] = add(sz["pile"], d, st.pile[d])
		}
		if r.wizard >= 0 {
			sz["wards"] = add(sz["wards"], r.wizard, int8(wizards))
			sz["waiting"] = add(sz["waiting"], r.wizard, st.wizardsDue)
		}
		if r.flame >= 0 {
			sz["waiting"] = add(sz["waiting"], r.flame, st.flamesAside)
			sz["flames"] = add(sz["flames"], r.flame, int8(flames))
		}
		for j, d := range r.catapults {
			sz["catapults"] = add(sz["catapults"], d, st.catapults[j])
		}
		for _, d := range st.battleCards() {
			sz["battles"] = append(sz["battles"], r.Designs[d].ID)
		}
	}
	return p
}

// digits is a side's dice as the rules keep them: the digits of one number,
// the first die the lowest.
func digits(ds []int8) int64 {
	var x int64
	for i := len(ds) - 1; i >= 0; i-- {
		x = x*dieBase + int64(ds[i])
	}
	return x
}

// dieBase is the base of those digits (the rules' DIE_BASE).
const dieBase = 64

// lairName is the rules' variable of the flames on each player's dragon j.
func lairName(j int) string { return "lair_" + strconv.Itoa(j+1) }
