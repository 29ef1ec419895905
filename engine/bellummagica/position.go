package bellummagica

import "github.com/grimoire-games/grimoire/engine/rules"

// rulesPhases names the phase the rules are in at each of this engine's
// phases; steps that the rules play in another phase are told apart in
// Position.
var rulesPhases = [...]string{
	phDealCastles: "place_goblins", phDealGoblins: "place_goblins", phPlaceGoblins: "place_goblins",
	phKingdom: "kingdom", phCreatures: "creatures", phRoll: "roll", phReroll: "reroll",
	phScouts: "attack", phAttack: "attack", phRecruit: "recruit", phRefill: "refill", phOver: "attack",
}

// Position is the state in the terms of the game's rules
// (cards/bellum_magica/rules.star and zones.toml): the same position the
// rules engine reaches at the same point of a game.
func (s *State) Position() *rules.Position {
	t := &s.t
	r := s.r
	phase := rulesPhases[t.Phase]
	switch t.Step {
	case stRoll:
		phase = "roll"
	case stSteal, stStolen:
		phase = "steal"
	case stPlace:
		phase = "place"
	}
	p := rules.NewPosition(int(t.N), s.CurrentPlayer(), phase)
	v := p.Vars
	v["day"], v["captain"], v["row"], v["done"] = int64(t.Day), int64(t.Captain), int64(t.Row), int64(t.Turn)
	if t.Phase == phScouts {
		v["done"] = 0 // the rules begin the attack phase, then draw the scouts' chests
	}
	v["farms_left"], v["villages_left"], v["towns_left"] = int64(t.Layers[0]), int64(t.Layers[1]), int64(t.Layers[2])
	for i, id := range [supplies]string{"reserve_food", "reserve_glyphs", "reserve_barrels", "reserve_shields", "reserve_confusion", "reserve_magic_shields"} {
		v[id] = int64(t.Supply[i])
	}
	v["thief"], v["victim"], v["steals"] = int64(t.Thief), int64(t.Victim), int64(t.Steals)
	if t.Robbed {
		v["robbed"] = 1
	}
	z := p.Zones
	add := func(zone []string, id string, n int8) []string {
		for range n {
			zone = append(zone, id)
		}
		return zone
	}
	for i, c := range r.Castles {
		z["castles"] = add(z["castles"], c.ID, t.Castles[i])
	}
	for i, c := range r.Creatures {
		pile := map[CreatureKind]string{Goblin: "box", Evil: "evil_deck", MostEvil: "most_evil_deck"}[c.Kind]
		z[pile] = add(z[pile], c.ID, t.Box[i])
	}
	for deck, id := range [2]string{"evil_up", "most_evil_up"} {
		for _, d := range t.FaceUp[deck][:r.Params.FaceUp] {
			if d >= 0 {
				z[id] = append(z[id], r.Creatures[d].ID)
			}
		}
	}
	if t.Placing >= 0 {
		z["recruited"] = []string{r.Creatures[t.Placing].ID}
	}
	for i, l := range r.Locations {
		if i == r.tavern {
			z["tavern"] = []string{l.ID}
			continue
		}
		pile := map[LocationKind]string{Farm: "farms", Village: "villages", Town: "towns"}[l.Kind]
		z[pile] = add(z[pile], l.ID, t.Pool[i])
		z["discard"] = add(z["discard"], l.ID, t.Gone[i])
	}
	for _, l := range t.Shown[:t.N] {
		if l >= 0 {
			z["shown"] = append(z["shown"], r.Locations[l].ID)
		}
	}
	for i, c := range r.Chests {
		stack := chestKindIDs[c.Kind] + "_stack"
		z[stack] = add(z[stack], c.ID, t.Piles[i])
	}
	for i := range int(t.N) {
		st := &t.Seats[i]
		sv, sz := p.Seats[i], p.SeatZones[i]
		sv["food"], sv["glyphs"], sv["barrels"] = int64(st.Food), int64(st.Glyphs), int64(st.Barrels)
		sv["shields"], sv["magic_shields"] = int64(st.Shields), int64(st.MagicShield)
		sv["spells"], sv["flipped"] = int64(st.Spells), int64(st.Flipped)
		if st.Castle >= 0 {
			sz["castle"] = []string{r.Castles[st.Castle].ID}
		}
		for d, c := range r.Creatures {
			sz["hand"] = add(sz["hand"], c.ID, st.Hand[d])
			sz["left"] = add(sz["left"], c.ID, st.Left[d])
			sz["right"] = add(sz["right"], c.ID, st.Right[d])
		}
		for d, c := range r.Chests {
			kind := chestKindIDs[c.Kind]
			sz[kind] = add(sz[kind], c.ID, st.Chests[d])
		}
	}
	return p
}
