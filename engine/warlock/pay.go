package warlock

import (
	"fmt"
	"math/bits"
	"slices"

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
func (r *Rules) initCost(b *due, d int, castleGob int) {
	b.rem = [len(b.rem)]int8{}
	b.nRem = 0
	for _, c := range r.Designs[d].Cost {
		b.rem[c]++
		b.nRem++
	}
	b.subLeft = int8(min(r.Params.WizardSubstitutes, 100))
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
func (r *Rules) cover(b *due, d int) bool {
	des := &r.Designs[d]
	ok := b.take(des.Race)
	if des.Extra != 0 && b.take(des.Extra) {
		ok = true
	}
	if !ok && b.take(anyRace) {
		ok = true
	}
	// ruling goblin-wizard: the skill is the wizard card's; a wizard a
	// goblin card shows pays only for a wizard.
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
func (r *Rules) payable(b due, dun *counts) bool {
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
		c := b
		c.castleGob = -1
		if r.payFirst(c, first, int(g), dun) {
			return true
		}
	}
	// Only designs that show the first creature, or wizards standing in
	// for it, can settle it.
	cand := r.shows[first]
	if b.subLeft > 0 {
		cand |= r.shows[wizardRace]
	}
	for ; cand != 0; cand &= cand - 1 {
		d := bits.TrailingZeros32(cand)
		if dun[d] == 0 {
			continue
		}
		dun[d]--
		ok := r.payFirst(b, first, d, dun)
		if !ok && b.subLeft > 0 && r.Designs[d].Race == wizardRace && first != wizardRace {
			c := b
			c.take(first)
			c.subLeft--
			ok = r.payable(c, dun)
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
func (r *Rules) payFirst(b due, first Race, d int, dun *counts) bool {
	c := b
	c.subLeft = 0
	if !r.cover(&c, d) || c.rem[first] == b.rem[first] {
		return false
	}
	c.subLeft = b.subLeft
	return r.payable(c, dun)
}

// canPayWith reports whether paying next with design d leaves a cost that
// can still be paid.
func (s *State) canPayWith(d int, castle bool) bool {
	c := s.bld.due
	if castle {
		c.castleGob = -1
	}
	if !s.r.cover(&c, d) {
		return false
	}
	dun := s.seats[s.bld.player].dungeon
	if !castle {
		dun[d]--
	}
	return s.r.payable(c, &dun)
}

func (s *State) payActions(dst []engine.Action) []engine.Action {
	if g := int(s.bld.castleGob); g >= 0 && s.canPayWith(g, true) {
		dst = append(dst, s.act(PayCastle))
	}
	p := &s.seats[s.bld.player]
	// Cards of one payment kind pay alike, so each kind is asked once.
	var asked, can uint32
	for d := range s.r.Designs {
		if p.dungeon[d] == 0 {
			continue
		}
		k := uint32(1) << s.r.kind[d]
		if asked&k == 0 {
			asked |= k
			if s.canPayWith(d, false) {
				can |= k
			}
		}
		if can&k != 0 {
			dst = append(dst, s.actD(Pay, d))
		}
	}
	return dst
}

// pay discards the card paid with; the city is placed once all is paid.
func (s *State) pay(d int, castle bool) {
	p := &s.seats[s.bld.player]
	s.r.cover(&s.bld.due, d)
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

// Cards of the same race showing the same extra creature pay alike: they
// are one payment kind. A way to pay a cost is a multiset of kinds, and
// since a dungeon holding a way can pay, each design's cost is settled once
// and for all by its minimal ways, found with payable when the rules are
// built. Testing a dungeon against them is then a few comparisons, where
// payable would search.

// Kind counts are packed four bits a kind, saturated at haveMax so that the
// castle goblin can still be added; no way needs more than maxCost cards of
// a kind. Subtracting a way from the counts with every field's top bit set
// leaves those bits set exactly when each kind has enough cards.
const (
	maxKinds  = 16
	haveMax   = 6
	kindGuard = 0x8888_8888_8888_8888
)

// fits reports whether the packed kind counts have hold way w.
func fits(have, w uint64) bool { return ((have|kindGuard)-w)&kindGuard == kindGuard }

// setKinds gives each design its payment kind, and each kind a design
// that stands for it.
func (r *Rules) setKinds() error {
	for d, des := range r.Designs {
		k := slices.IndexFunc(r.kindRep, func(x int) bool {
			return r.Designs[x].Race == des.Race && r.Designs[x].Extra == des.Extra
		})
		if k < 0 {
			k = len(r.kindRep)
			r.kindRep = append(r.kindRep, d)
		}
		r.kind[d] = uint8(k)
	}
	if len(r.kindRep) > maxKinds {
		return fmt.Errorf("%d kinds of creature cards (race and extra creature); the engine handles %d", len(r.kindRep), maxKinds)
	}
	return nil
}

// payWays lists the minimal ways to pay for design d.
func (r *Rules) payWays(d int) []uint64 {
	cost := r.Designs[d].Cost
	var useful []uint8 // kinds that may pay part of the cost
	for k, rep := range r.kindRep {
		des := &r.Designs[rep]
		for _, c := range cost {
			if c == anyRace || c == des.Race || des.Extra != 0 && c == des.Extra || des.Race == wizardRace && r.Params.WizardSubstitutes > 0 {
				useful = append(useful, uint8(k))
				break
			}
		}
	}
	pays := func(pick []uint8, skip int) bool {
		var dun counts
		for i, k := range pick {
			if i != skip {
				dun[r.kindRep[k]]++
			}
		}
		var b due
		r.initCost(&b, d, -1)
		return r.payable(b, &dun)
	}
	var ways []uint64
	var pick []uint8
	// Every card of a minimal way pays at least one creature, so no way
	// has more cards than the cost has creatures.
	var try func(from, left int)
	try = func(from, left int) {
		if pays(pick, -1) {
			for i := range pick {
				if pays(pick, i) {
					return // not minimal; nor is anything that adds to it
				}
			}
			var w uint64
			for _, k := range pick {
				w += 1 << (4 * k)
			}
			ways = append(ways, w)
			return
		}
		if left == 0 {
			return
		}
		for i := from; i < len(useful); i++ {
			pick = append(pick, useful[i])
			try(i, left-1)
			pick = pick[:len(pick)-1]
		}
	}
	try(0, len(cost))
	return ways
}
