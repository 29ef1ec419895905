package bellummagica

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// LegalActions implements engine.State. Chance nodes list every outcome
// with a non-zero chance.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	t := &s.t
	r := s.r
	cur := int(t.Cur)
	switch t.Step {
	case stDealCastle:
		for c := range r.Castles {
			if t.Castles[c] > 0 {
				dst = append(dst, act(DealCastle, c))
			}
		}
	case stDealGoblin:
		for d, c := range r.Creatures {
			if c.Kind == Goblin && t.Box[d] > 0 {
				dst = append(dst, act(DealGoblin, d))
			}
		}
	case stPlaceGoblin:
		for d := range r.Creatures {
			if t.Seats[cur].Hand[d] > 0 {
				dst = append(dst, act(PlaceLeft, d), act(PlaceRight, d))
			}
		}
	case stPlace:
		dst = append(dst, act(PlaceLeft, int(t.Placing)), act(PlaceRight, int(t.Placing)))
	case stRevealLocation:
		layer := s.kingdomLayer()
		for l, loc := range r.Locations {
			if loc.Kind == layer && t.Pool[l] > 0 {
				dst = append(dst, act(RevealLocation, l))
			}
		}
	case stRevealCreature:
		deck := int(t.Refill) / maxFaceUp
		for d, c := range r.Creatures {
			if c.Kind != Goblin && deckOf(c.Kind) == deck && t.Box[d] > 0 {
				dst = append(dst, act(RevealCreature, d))
			}
		}
	case stRoll:
		for f := range r.Params.Faces {
			dst = append(dst, act(Roll, f))
		}
	case stReroll:
		dst = append(dst, act(KeepRoll, 0))
		if int(t.Seats[cur].Barrels) >= r.Params.RoundCost {
			dst = append(dst, act(PayRound, 0))
		}
		if cur == int(t.Captain) && t.Seats[cur].Flipped < t.Seats[cur].Spells {
			dst = append(dst, act(CastConfusion, 0))
		}
	case stDraw:
		k := ChestKind(t.Draws[0].Kind)
		for c, ch := range r.Chests {
			if ch.Kind == k && t.Piles[c] > 0 {
				dst = append(dst, act(DrawChest, c))
			}
		}
	case stAttack:
		for _, l := range s.targets(cur) {
			dst = append(dst, act(AttackLocation, l))
		}
		for j := range int(t.N) {
			if s.canAttackCastle(cur, j) {
				dst = append(dst, act(AttackCastle, j))
			}
		}
		dst = append(dst, act(NoAttack, 0))
	case stSteal:
		for k := range chestKinds {
			if s.chestsOf(int(t.Victim), k) > 0 {
				dst = append(dst, act(Steal, int(k)))
			}
		}
		dst = append(dst, act(StopStealing, 0))
	case stStolen:
		for c, ch := range r.Chests {
			if int(ch.Kind) == int(t.StealKind) && t.Seats[t.Victim].Chests[c] > 0 {
				dst = append(dst, act(StolenChest, c))
			}
		}
	case stRecruit:
		for deck := range t.FaceUp {
			for _, d := range t.FaceUp[deck][:r.Params.FaceUp] {
				if d >= 0 {
					for _, k := range s.payments(cur, int(d)) {
						dst = append(dst, act(k, int(d)))
					}
				}
			}
		}
		dst = append(dst, act(StopRecruiting, 0))
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}

// targets lists the location designs seat i can defeat: the face-up ones
// and the tavern.
func (s *State) targets(i int) []int {
	var out []int
	try := func(l int) {
		if s.beats(i, s.r.Locations[l].Shield, s.r.Locations[l].MagicShield) {
			out = append(out, l)
		}
	}
	try(s.r.tavern)
	for _, l := range s.t.Shown[:s.t.N] {
		if l >= 0 {
			try(int(l))
		}
	}
	return out
}

// SampleChance implements engine.Chancer: each outcome weighted by the
// cards or chests it stands for, a die face uniformly.
func (s *State) SampleChance() engine.Action {
	t := &s.t
	r := s.r
	weighted := func(k Kind, w func(i int) int, n int) engine.Action {
		total := 0
		for i := range n {
			total += w(i)
		}
		x := s.rng.IntN(total)
		for i := range n {
			if x < w(i) {
				return act(k, i)
			}
			x -= w(i)
		}
		panic("unreachable")
	}
	switch t.Step {
	case stDealCastle:
		return weighted(DealCastle, func(i int) int { return int(t.Castles[i]) }, len(r.Castles))
	case stDealGoblin:
		return weighted(DealGoblin, func(i int) int {
			if r.Creatures[i].Kind != Goblin {
				return 0
			}
			return int(t.Box[i])
		}, len(r.Creatures))
	case stRevealLocation:
		layer := s.kingdomLayer()
		return weighted(RevealLocation, func(i int) int {
			if r.Locations[i].Kind != layer {
				return 0
			}
			return int(t.Pool[i])
		}, len(r.Locations))
	case stRevealCreature:
		deck := int(t.Refill) / maxFaceUp
		return weighted(RevealCreature, func(i int) int {
			if c := r.Creatures[i]; c.Kind == Goblin || deckOf(c.Kind) != deck {
				return 0
			}
			return int(t.Box[i])
		}, len(r.Creatures))
	case stDraw:
		k := ChestKind(t.Draws[0].Kind)
		return weighted(DrawChest, func(i int) int {
			if r.Chests[i].Kind != k {
				return 0
			}
			return int(t.Piles[i])
		}, len(r.Chests))
	case stStolen:
		return weighted(StolenChest, func(i int) int {
			if int(r.Chests[i].Kind) != int(t.StealKind) {
				return 0
			}
			return int(t.Seats[t.Victim].Chests[i])
		}, len(r.Chests))
	}
	return act(Roll, s.rng.IntN(r.Params.Faces))
}

// Apply implements engine.State.
func (s *State) Apply(a engine.Action) error {
	var buf [64]engine.Action
	legal := s.LegalActions(buf[:0])
	if _, ok := slices.BinarySearch(legal, a); !ok {
		return engine.Illegal(a, legal)
	}
	m, _ := Decode(a)
	if err := s.apply(m); err != nil {
		return fmt.Errorf("action %d: %w", a, err)
	}
	s.advance()
	return nil
}
