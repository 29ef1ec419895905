package bellummagica

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// LegalActions implements engine.State. Chance nodes list every outcome
// with a non-zero chance. The actions come in increasing order, each once.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	return s.renumber(s.ownLegal(dst))
}

// ownLegal is LegalActions by the engine's own numbers.
func (s *State) ownLegal(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	t := &s.t
	r := s.r
	cur := int(t.Cur)
	// Kinds are numbered so that each step lists them in order; only the
	// designs gathered from the table need sorting.
	switch t.Step {
	case stDealCastle:
		dst = appendAvailable(dst, DealCastle, r.castleIDs, t.Castles[:])
	case stDealGoblin:
		dst = appendAvailable(dst, DealGoblin, r.goblins, t.Box[:])
	case stPlaceGoblin:
		hand := t.Seats[cur].Hand[:len(r.Creatures)]
		for _, k := range [...]Kind{PlaceLeft, PlaceRight} {
			for d, n := range hand {
				if n > 0 {
					dst = append(dst, act(k, d))
				}
			}
		}
	case stPlace:
		dst = append(dst, act(PlaceLeft, int(t.Placing)), act(PlaceRight, int(t.Placing)))
	case stRevealLocation:
		if layer := s.kingdomLayer(); int(layer) < len(r.sites) {
			dst = appendAvailable(dst, RevealLocation, r.sites[layer], t.Pool[:])
		}
	case stRevealCreature:
		dst = appendAvailable(dst, RevealCreature, r.decks[int(t.Refill)/maxFaceUp], t.Box[:])
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
		dst = appendAvailable(dst, DrawChest, r.chestsBy[t.Draws[0].Kind], t.Piles[:])
	case stAttack:
		var buf [maxSeats + 1]int
		for _, l := range s.targets(buf[:0], cur) {
			dst = append(dst, act(AttackLocation, l))
		}
		dst = sortedSet(dst)
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
		dst = appendAvailable(dst, StolenChest, r.chestsBy[t.StealKind], t.Seats[t.Victim].Chests[:])
	case stRecruit:
		for deck := range t.FaceUp {
			for _, d := range t.FaceUp[deck][:r.Params.FaceUp] {
				if d >= 0 {
					var buf [2]Kind
					for _, k := range s.payments(buf[:0], cur, int(d)) {
						dst = append(dst, act(k, int(d)))
					}
				}
			}
		}
		dst = sortedSet(dst)
		dst = append(dst, act(StopRecruiting, 0))
	}
	return dst
}

// appendAvailable appends an action of kind k for each of the designs
// ids that has a card or chest left in n.
func appendAvailable(dst []engine.Action, k Kind, ids, n []int8) []engine.Action {
	for _, d := range ids {
		if n[d] > 0 {
			dst = append(dst, act(k, int(d)))
		}
	}
	return dst
}

// sortedSet sorts a few actions and drops repeats: two face-up copies of
// a design are one action.
func sortedSet(a []engine.Action) []engine.Action {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
	return slices.Compact(a)
}

// targets appends to dst the location designs seat i can defeat: the
// tavern and the face-up ones.
func (s *State) targets(dst []int, i int) []int {
	if l := s.r.tavern; s.beatsLocation(i, l) {
		dst = append(dst, l)
	}
	for _, l := range s.t.Shown[:s.t.N] {
		if l >= 0 && s.beatsLocation(i, int(l)) {
			dst = append(dst, int(l))
		}
	}
	return dst
}

// SampleChance implements engine.Chancer: each outcome weighted by the
// cards or chests it stands for, a die face uniformly.
func (s *State) SampleChance() engine.Action { return s.game(s.sampleChance()) }

func (s *State) sampleChance() engine.Action {
	t := &s.t
	r := s.r
	switch t.Step {
	case stDealCastle:
		return act(DealCastle, s.weighted(r.castleIDs, t.Castles[:]))
	case stDealGoblin:
		return act(DealGoblin, s.weighted(r.goblins, t.Box[:]))
	case stRevealLocation:
		return act(RevealLocation, s.weighted(r.sites[s.kingdomLayer()], t.Pool[:]))
	case stRevealCreature:
		return act(RevealCreature, s.weighted(r.decks[int(t.Refill)/maxFaceUp], t.Box[:]))
	case stDraw:
		return act(DrawChest, s.weighted(r.chestsBy[t.Draws[0].Kind], t.Piles[:]))
	case stStolen:
		return act(StolenChest, s.weighted(r.chestsBy[t.StealKind], t.Seats[t.Victim].Chests[:]))
	}
	return act(Roll, s.rng.IntN(r.Params.Faces))
}

// weighted draws one of the designs ids with a chance proportional to
// its count in n.
func (s *State) weighted(ids, n []int8) int {
	total := 0
	for _, d := range ids {
		total += int(n[d])
	}
	x := s.rng.IntN(total)
	for _, d := range ids {
		if x < int(n[d]) {
			return int(d)
		}
		x -= int(n[d])
	}
	panic("unreachable")
}

// Apply implements engine.State.
func (s *State) Apply(a engine.Action) error {
	m, ok := s.Decode(a)
	if !ok || !s.allows(m) {
		return engine.Illegal(a, s.LegalActions(nil))
	}
	if err := s.apply(m); err != nil {
		return fmt.Errorf("action %d: %w", a, err)
	}
	s.advance()
	return nil
}

// allows is LegalActions for one move, without listing them all, so that
// Apply stays cheap; TestAllowsAgrees checks that both always agree.
func (s *State) allows(m Move) bool {
	t := &s.t
	r := s.r
	cur := int(t.Cur)
	a := m.Arg
	switch t.Step {
	case stDealCastle:
		return m.Kind == DealCastle && a < len(r.Castles) && t.Castles[a] > 0
	case stDealGoblin:
		return m.Kind == DealGoblin && a < len(r.Creatures) && r.Creatures[a].Kind == Goblin && t.Box[a] > 0
	case stPlaceGoblin:
		return (m.Kind == PlaceLeft || m.Kind == PlaceRight) && a < len(r.Creatures) && t.Seats[cur].Hand[a] > 0
	case stPlace:
		return (m.Kind == PlaceLeft || m.Kind == PlaceRight) && a == int(t.Placing)
	case stRevealLocation:
		return m.Kind == RevealLocation && a < len(r.Locations) && r.Locations[a].Kind == s.kingdomLayer() && t.Pool[a] > 0
	case stRevealCreature:
		if m.Kind != RevealCreature || a >= len(r.Creatures) {
			return false
		}
		c := &r.Creatures[a]
		return c.Kind != Goblin && deckOf(c.Kind) == int(t.Refill)/maxFaceUp && t.Box[a] > 0
	case stRoll:
		return m.Kind == Roll && a < r.Params.Faces
	case stReroll:
		p := &t.Seats[cur]
		switch {
		case a != 0:
			return false
		case m.Kind == KeepRoll:
			return true
		case m.Kind == PayRound:
			return int(p.Barrels) >= r.Params.RoundCost
		case m.Kind == CastConfusion:
			return cur == int(t.Captain) && p.Flipped < p.Spells
		}
	case stDraw:
		return m.Kind == DrawChest && a < len(r.Chests) && r.Chests[a].Kind == ChestKind(t.Draws[0].Kind) && t.Piles[a] > 0
	case stAttack:
		switch m.Kind {
		case AttackLocation:
			if a >= len(r.Locations) || !s.beatsLocation(cur, a) {
				return false
			}
			return a == r.tavern || slices.Contains(t.Shown[:t.N], int8(a))
		case AttackCastle:
			return a < int(t.N) && s.canAttackCastle(cur, a)
		case NoAttack:
			return a == 0
		}
	case stSteal:
		switch m.Kind {
		case Steal:
			return a < int(chestKinds) && s.chestsOf(int(t.Victim), ChestKind(a)) > 0
		case StopStealing:
			return a == 0
		}
	case stStolen:
		return m.Kind == StolenChest && a < len(r.Chests) && int(r.Chests[a].Kind) == int(t.StealKind) && t.Seats[t.Victim].Chests[a] > 0
	case stRecruit:
		switch m.Kind {
		case RecruitFood, RecruitGlyphsFood, RecruitGlyphs:
			if a >= len(r.Creatures) || !s.isFaceUp(a) {
				return false
			}
			var buf [2]Kind
			return slices.Contains(s.payments(buf[:0], cur, a), m.Kind)
		case StopRecruiting:
			return a == 0
		}
	}
	return false
}

// isFaceUp reports whether creature design d is face up.
func (s *State) isFaceUp(d int) bool {
	for deck := range s.t.FaceUp {
		if slices.Contains(s.t.FaceUp[deck][:s.r.Params.FaceUp], int8(d)) {
			return true
		}
	}
	return false
}
