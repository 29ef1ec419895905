package warlock

import (
	"math/bits"

	"github.com/grimoire-games/grimoire/engine"
	tables "github.com/grimoire-games/grimoire/gen/warlock"
)

const (
	giantRace  = tables.RaceGiant
	wizardRace = tables.RaceWizard
	humanRace  = tables.RaceHuman
	orcRace    = tables.RaceOrc
	gnomeRace  = tables.RaceGnome
	goblinRace = tables.RaceGoblin
)

// The goblin just played pays as a dungeon card would, with both its
// creatures, as the goblin example needs (ruling goblin-power-payment).

// initCost sets the building cost of design d still to pay.
func (s *State) initCost(b *due, d int, castleGob int) {
	b.rem = [len(b.rem)]int8{}
	b.nRem = 0
	for _, r := range s.r.Designs[d].Cost {
		b.rem[r]++
		b.nRem++
	}
	b.subLeft = int8(min(s.r.Params.WizardSubstitutes, 100))
	b.castleGob = int8(castleGob)
}

// take removes one creature of race r from what is still to pay.
func (b *due) take(r Race) bool {
	if b.rem[r] == 0 {
		return false
	}
	b.rem[r]--
	b.nRem--
	return true
}

// cover pays part of the cost with a card of design d: its race, and for a
// goblin its extra creature too (goblin skill), or failing both an "any"
// creature. A wizard stands in for another creature (wizard skill) only as
// the last creature to pay, so that the order of payments never matters.
func (s *State) cover(b *due, d int) bool {
	des := &s.r.Designs[d]
	ok := b.take(des.Race)
	if des.Extra != 0 && b.take(des.Extra) {
		ok = true
	}
	if !ok && b.take(anyRace) {
		ok = true
	}
	if !ok && des.Race == wizardRace && b.subLeft > 0 && b.nRem == 1 {
		for r := range b.rem {
			if b.rem[r] > 0 {
				b.take(Race(r))
				break
			}
		}
		b.subLeft--
		ok = true
	}
	return ok
}

// payable reports whether what is left of b's cost can be paid with the
// cards of dun (and the castle goblin). It settles the first creature
// still to pay in every possible way: covering more than asked is never
// worse, so the search is complete.
func (s *State) payable(b due, dun *counts) bool {
	if b.nRem == 0 {
		return true
	}
	first := anyRace
	for r := Race(1); r < anyRace; r++ {
		if b.rem[r] > 0 {
			first = r
			break
		}
	}
	if g := b.castleGob; g >= 0 {
		b.castleGob = -1
		if s.payFirst(b, first, int(g), dun) {
			return true
		}
	}
	// Only designs that show the first creature, or wizards standing in
	// for it, can settle it.
	cand := s.r.shows[first]
	if b.subLeft > 0 {
		cand |= s.r.shows[wizardRace]
	}
	for ; cand != 0; cand &= cand - 1 {
		d := bits.TrailingZeros32(cand)
		if dun[d] == 0 {
			continue
		}
		dun[d]--
		ok := s.payFirst(b, first, d, dun)
		if !ok && b.subLeft > 0 && s.r.Designs[d].Race == wizardRace && first != wizardRace {
			c := b
			c.take(first)
			c.subLeft--
			ok = s.payable(c, dun)
		}
		dun[d]++
		if ok {
			return true
		}
	}
	return false
}

// payFirst pays with d as cover would, if that settles the first creature,
// and goes on with the rest.
func (s *State) payFirst(b due, first Race, d int, dun *counts) bool {
	c := b
	c.subLeft = 0
	if !s.cover(&c, d) || c.rem[first] == b.rem[first] {
		return false
	}
	c.subLeft = b.subLeft
	return s.payable(c, dun)
}

// canPayWith reports whether paying next with design d leaves a cost that
// can still be paid.
func (s *State) canPayWith(d int, castle bool) bool {
	c := s.bld.due
	if castle {
		c.castleGob = -1
	}
	if !s.cover(&c, d) {
		return false
	}
	dun := s.seats[s.bld.player].dungeon
	if !castle {
		dun[d]--
	}
	return s.payable(c, &dun)
}

func (s *State) payActions(dst []engine.Action) []engine.Action {
	if g := int(s.bld.castleGob); g >= 0 && s.canPayWith(g, true) {
		dst = append(dst, s.act(PayCastle))
	}
	p := &s.seats[s.bld.player]
	for d := range s.r.Designs {
		if p.dungeon[d] > 0 && s.canPayWith(d, false) {
			dst = append(dst, s.actD(Pay, d))
		}
	}
	return dst
}

// pay discards the card paid with; the city is placed once all is paid.
func (s *State) pay(d int, castle bool) {
	p := &s.seats[s.bld.player]
	s.cover(&s.bld.due, d)
	if castle {
		s.bld.castleGob = -1
		p.castle[d]--
	} else {
		p.subDungeon(s.r, d)
	}
	s.toDiscard(d)
	if s.bld.nRem == 0 {
		s.placeCity()
	}
}
