package warlock

import "github.com/grimoire-games/grimoire/engine/rules"

// Position is the state in the terms of the game's rules
// (cards/warlock/rules.star and zones.toml): the same position the rules
// engine reaches at the same point of a game, hidden cards included. The
// phase is the step's name, which a chance node keeps from the last
// decision, as the rules do.
func (s *State) Position() *rules.Position {
	r := s.r
	p := rules.NewPosition(s.n, s.CurrentPlayer(), stepName(s.step))
	flag := func(b bool) int64 {
		if b {
			return 1
		}
		return 0
	}
	// A card by its number in the rules, -1 for none.
	cardOf := func(d int) int64 {
		if d < 0 {
			return -1
		}
		return int64(r.card[d])
	}
	v := p.Vars
	v["day"], v["round"] = int64(s.day), int64(s.round)
	v["elrohir"], v["tonar"] = int64(s.elrohir), int64(s.tonar)
	v["done"], v["aside_n"], v["left"] = int64(s.done), int64(s.asideN), int64(s.left)
	v["dealt"] = int64(s.dealt)
	if s.wait == waitDeal {
		// The rules deal the cards the draw pile has, up to the deal's
		// end, at once, and count them then: those still to draw.
		v["dealt"] += int64(min(s.nDraw, s.n*r.Params.CardsDealt-s.dealt))
	}
	v["complete"], v["final"], v["rows"] = flag(s.complete), flag(s.final), flag(s.rows)
	v["castle_gob"] = cardOf(s.castleGob)
	b := &s.bld
	v["bld_player"], v["bld_free"], v["bld_ret"], v["bld_field"] = int64(b.player), flag(b.free), int64(b.ret), int64(b.field)
	v["bld_gob"], v["bld_sub"] = cardOf(int(b.castleGob)), int64(b.subLeft)
	// What is left of the cost, three bits a race in the race enum's
	// order, "any" last, as the rules pack it.
	due := int64(0)
	for race := Race(1); race <= anyRace; race++ {
		due |= int64(b.rem[race]) << (3 * (race - 1))
	}
	v["due"] = due
	v["bidder"], v["pick"], v["second"] = int64(s.bidder), int64(s.pick), flag(s.second)

	// Every zone, an empty one too, as the rules engine gives them.
	z := p.Zones
	for _, id := range [...]string{"draw", "discard", "supply", "bar", "building"} {
		z[id] = []string{}
	}
	add := func(zone []string, c *counts) []string {
		for d := range r.Designs {
			for range c[d] {
				zone = append(zone, r.Designs[d].ID)
			}
		}
		return zone
	}
	z["draw"] = add(z["draw"], &s.draw)
	for _, d := range s.discard {
		z["discard"] = append(z["discard"], r.Designs[d].ID)
	}
	for range s.dragons {
		z["supply"] = append(z["supply"], r.game.Cards[r.dragonCard].ID)
	}
	for range s.ruins {
		z["supply"] = append(z["supply"], r.game.Cards[r.ruinCard].ID)
	}
	z["bar"] = add(z["bar"], &s.bar)
	if s.building() {
		z["building"] = []string{r.Designs[s.bld.design].ID}
	}
	for i := range s.n {
		q := &s.seats[i]
		sv, sz := p.Seats[i], p.SeatZones[i]
		for _, id := range [...]string{"hand", "aside", "sent", "mine", "dungeon", "castle", "empire", "bid", "bid_alt"} {
			sz[id] = []string{}
		}
		sv["bid_halves"] = int64(2 * q.bidGold)
		sv["bidding"] = int64(q.bidState)
		sent := int64(0)
		for j := range q.sent {
			sent |= flag(q.toMine[j]) << j
		}
		sv["sent_mine"] = sent
		for f := range s.fields() {
			cell := int64(0)
			switch c := q.empire[f]; c {
			case empty:
			case dragon:
				cell = int64(r.dragonCard) + 1
				sz["empire"] = append(sz["empire"], r.game.Cards[r.dragonCard].ID)
			case ruin:
				cell = int64(r.ruinCard) + 1
				sz["empire"] = append(sz["empire"], r.game.Cards[r.ruinCard].ID)
			default:
				cell = int64(r.card[c.design()]) + 1
				sz["empire"] = append(sz["empire"], r.Designs[c.design()].ID)
			}
			sv[r.fieldVars[f]] = cell
		}
		sz["hand"] = add(sz["hand"], &q.hand)
		sz["mine"] = add(sz["mine"], &q.mine)
		sz["dungeon"] = add(sz["dungeon"], &q.dungeon)
		sz["castle"] = add(sz["castle"], &q.castle)
		sz["bid"] = add(sz["bid"], &q.bid)
		sz["bid_alt"] = add(sz["bid_alt"], &q.bidAlt)
		// The cards laid face down: those sent to the mine or the dungeon
		// first, in the order sent; the others wait in the aside zone.
		for j := range q.nAside {
			id := r.Designs[q.aside[j]].ID
			if j < q.sent {
				sz["sent"] = append(sz["sent"], id)
			} else {
				sz["aside"] = append(sz["aside"], id)
			}
		}
	}
	return p
}
