package bellummagica

// advance plays everything that needs no decision and no chance, and
// stops at the next decision or chance node.
func (s *State) advance() {
	t := &s.t
	r := s.r
	n := int(t.N)
	for {
		switch t.Phase {
		case phDealCastles:
			// ruling deal-castles: castles are dealt at random; players
			// who agree on a choice can replay the deal.
			if int(t.DealAt) < n {
				s.await(stDealCastle, -1)
				return
			}
			t.Phase, t.DealAt = phDealGoblins, 0
		case phDealGoblins:
			if int(t.DealAt) < n*r.Params.Goblins {
				s.await(stDealGoblin, -1)
				return
			}
			t.Phase, t.Turn = phPlaceGoblins, 0
		case phPlaceGoblins:
			// ruling goblins-in-turn: players tuck their goblins one
			// after the other, from the first player.
			for int(t.Turn) < n && s.handSize(int(t.Turn)) == 0 {
				t.Turn++
			}
			if int(t.Turn) < n {
				s.await(stPlaceGoblin, int(t.Turn))
				return
			}
			t.Phase = phKingdom
		case phKingdom, phRefill:
			// ruling short-kingdom: once the kingdom deck is empty, fewer
			// locations than players stay face up.
			if s.shownCount() < n && s.deckSize() > 0 {
				s.await(stRevealLocation, -1)
				return
			}
			if t.Phase == phKingdom {
				t.Phase = phCreatures
				continue
			}
			s.endDay()
		case phCreatures:
			if s.refillSlot() {
				s.await(stRevealCreature, -1)
				return
			}
			// ruling first-captain: the most monstrous player is the
			// first seat.
			t.Phase, t.Captain, t.Day = phRoll, 0, 1
		case phRoll:
			s.await(stRoll, -1)
			return
		case phReroll:
			for int(t.Turn) < n && !s.canReroll(s.seatAt(int(t.Turn))) {
				t.Turn++
			}
			if int(t.Turn) < n {
				s.await(stReroll, s.seatAt(int(t.Turn)))
				return
			}
			s.harvest()
			s.scouts()
			t.Phase = phScouts
		case phScouts:
			if t.NDraws > 0 {
				s.await(stDraw, -1)
				return
			}
			t.Phase, t.Turn = phAttack, 0
		case phAttack:
			if t.NDraws > 0 {
				s.await(stDraw, -1)
				return
			}
			if t.StealKind >= 0 {
				s.await(stStolen, -1)
				return
			}
			if t.Steals > 0 && t.Seats[t.Victim].NChests > 0 {
				s.await(stSteal, int(t.Thief))
				return
			}
			if t.Victim >= 0 {
				s.endRobbery()
			}
			for int(t.Turn) < n && !s.canAttack(s.seatAt(int(t.Turn))) {
				t.Turn++
			}
			if int(t.Turn) < n {
				s.await(stAttack, s.seatAt(int(t.Turn)))
				return
			}
			for i := range n {
				if int(t.Seats[i].NChests) >= r.Params.EndChests {
					t.Phase = phOver
					s.await(stOver, -1)
					return
				}
			}
			t.Phase, t.Turn = phRecruit, 0
		case phRecruit:
			if t.Refill >= 0 {
				if s.creaturesLeft(int(t.Refill)/maxFaceUp) > 0 {
					s.await(stRevealCreature, -1)
					return
				}
				t.Refill = -1 // ruling empty-deck: an empty deck leaves its slot empty
			}
			if t.Placing >= 0 {
				s.await(stPlace, s.seatAt(int(t.Turn)))
				return
			}
			// ruling recruit-in-turn: from the Captain clockwise, each
			// player recruits until they stop before the next begins.
			for int(t.Turn) < n && !s.canRecruit(s.seatAt(int(t.Turn))) {
				t.Turn++
			}
			if int(t.Turn) < n {
				s.await(stRecruit, s.seatAt(int(t.Turn)))
				return
			}
			t.Phase = phRefill
		case phOver:
			s.await(stOver, -1)
			return
		}
	}
}

func (s *State) await(st step, cur int) {
	s.t.Step = st
	if cur >= 0 {
		s.t.Cur = int8(cur)
	}
}

func (s *State) handSize(i int) int {
	n := 0
	for _, c := range s.t.Seats[i].Hand[:len(s.r.Creatures)] {
		n += int(c)
	}
	return n
}

// refillSlot points Refill at the first empty face-up slot whose deck has
// cards, and reports whether there is one.
func (s *State) refillSlot() bool {
	for deck := range s.t.FaceUp {
		if s.creaturesLeft(deck) == 0 {
			continue
		}
		for j := range s.r.Params.FaceUp {
			if s.t.FaceUp[deck][j] < 0 {
				s.t.Refill = int8(deck*maxFaceUp + j)
				return true
			}
		}
	}
	s.t.Refill = -1
	return false
}

// canReroll reports whether a seat can force a re-roll: with a barrel,
// or, for the Captain, with an unused confusion spell.
func (s *State) canReroll(i int) bool {
	p := &s.t.Seats[i]
	return int(p.Barrels) >= s.r.Params.RoundCost || (i == int(s.t.Captain) && p.Flipped < p.Spells)
}

// harvest gives each seat the food and glyphs of its active horde, from
// the Captain on.
func (s *State) harvest() {
	for k := range int(s.t.N) {
		i := s.seatAt(k)
		p := &s.t.Seats[i]
		p.Food += s.take(SupplyFood, s.power(i, Food))
		p.Glyphs += s.take(SupplyGlyphs, s.power(i, Glyphs))
	}
}

// scouts gives the seat with the most treasure maps a chest, or each tied
// seat the tie's chest.
func (s *State) scouts() {
	best, count := 0, 0
	for i := range int(s.t.N) {
		switch m := s.power(i, Maps); {
		case m > best:
			best, count = m, 1
		case m == best:
			count++
		}
	}
	if best == 0 {
		return
	}
	kind := s.r.Params.ScoutChest
	if count > 1 {
		kind = s.r.Params.ScoutTieChest
	}
	for k := range int(s.t.N) {
		if i := s.seatAt(k); s.power(i, Maps) == best {
			s.owe(i, kind)
		}
	}
}

// canAttack reports whether a seat has any attack to make.
func (s *State) canAttack(i int) bool {
	for _, l := range s.t.Shown[:s.t.N] {
		if l >= 0 && s.beatsLocation(i, int(l)) {
			return true
		}
	}
	if s.beatsLocation(i, s.r.tavern) {
		return true
	}
	for j := range int(s.t.N) {
		if s.canAttackCastle(i, j) {
			return true
		}
	}
	return false
}

// beats reports whether seat i's active horde beats a shield and a magic
// shield: magic swords count as swords. Ruling magic-shield-swords: the
// book asks, against a shield of 6 and a magic shield of 1, for « au
// moins : 1 épée magique et 6 épées normales ou magiques »; by default the
// magic swords that beat the magic shield do not count again (7 swords),
// and with magic_sword_counts_twice they do (6).
func (s *State) beats(i, shield, magic int) bool {
	m := s.power(i, MagicSwords)
	if m < magic {
		return false
	}
	spare := m - magic
	if s.r.Params.MagicSwordCountsTwice {
		spare = m
	}
	return s.power(i, Swords)+spare >= shield
}

// beatsLocation reports whether seat i's active horde beats location
// design l.
func (s *State) beatsLocation(i, l int) bool {
	loc := &s.r.Locations[l]
	return s.beats(i, loc.Shield, loc.MagicShield)
}

func (s *State) castleShield(j int) int {
	return s.r.Castles[s.t.Seats[j].Castle].Shield + int(s.t.Seats[j].Shields)
}

// ruling castle-magic-shield: a castle's magic shield tokens must be
// matched by magic swords, as a location's magic shield is.
func (s *State) canAttackCastle(i, j int) bool {
	return i != j && s.power(i, Thieves) > 0 && s.beats(i, s.castleShield(j), int(s.t.Seats[j].MagicShield))
}

// endRobbery gives the robbed seat its shield tokens, once per attack.
func (s *State) endRobbery() {
	t := &s.t
	if t.Robbed {
		t.Seats[t.Victim].Shields += s.take(SupplyShields, s.r.Params.RobberyShields)
	}
	t.Thief, t.Victim, t.Steals, t.Robbed, t.StealKind = -1, -1, 0, false, -1
}

// canRecruit reports whether a seat can pay for a face-up creature.
func (s *State) canRecruit(i int) bool {
	for deck := range s.t.FaceUp {
		for _, d := range s.t.FaceUp[deck][:s.r.Params.FaceUp] {
			var buf [2]Kind
			if d >= 0 && len(s.payments(buf[:0], i, int(d))) > 0 {
				return true
			}
		}
	}
	return false
}

// payments appends to out the ways seat i can pay for creature design d.
func (s *State) payments(out []Kind, i, d int) []Kind {
	p := &s.t.Seats[i]
	pr := &s.r.Params
	switch s.r.Creatures[d].Kind {
	case Evil:
		if int(p.Food) >= pr.EvilFood {
			out = append(out, RecruitFood)
		}
	case MostEvil:
		if int(p.Glyphs) >= pr.MostEvilGlyphs && int(p.Food) >= pr.MostEvilFood {
			out = append(out, RecruitGlyphsFood)
		}
		if int(p.Glyphs) >= pr.MostEvilAltGlyphs {
			out = append(out, RecruitGlyphs)
		}
	}
	return out
}

// endDay flips the confusion spells back, passes the die to the left and
// starts a new day.
func (s *State) endDay() {
	t := &s.t
	// ruling spells-refresh: a flipped spell turns back when the day ends.
	for i := range t.Seats {
		t.Seats[i].Flipped = 0
	}
	t.Captain = int8((int(t.Captain) + 1) % int(t.N))
	t.Day++
	t.Phase = phRoll
}
