package bellummagica

// apply plays a legal move; advance then goes on to the next node.
func (s *State) apply(m Move) error {
	t := &s.t
	r := s.r
	cur := int(t.Cur)
	p := &t.Seats[cur]
	switch m.Kind {
	case DealCastle:
		t.Castles[m.Arg]--
		q := &t.Seats[t.DealAt]
		q.Castle = int8(m.Arg)
		q.Power = r.Castles[m.Arg].Rows
		t.DealAt++
	case DealGoblin:
		t.Box[m.Arg]--
		t.Seats[int(t.DealAt)/r.Params.Goblins].Hand[m.Arg]++
		t.DealAt++
	case PlaceLeft, PlaceRight:
		if t.Step == stPlaceGoblin {
			p.Hand[m.Arg]--
		} else {
			t.Placing = -1
		}
		s.tuck(cur, m.Arg, m.Kind == PlaceRight)
	case RevealLocation:
		t.Pool[m.Arg]--
		t.Layers[r.Locations[m.Arg].Kind-1]--
		for j := range t.Shown[:t.N] {
			if t.Shown[j] < 0 {
				t.Shown[j] = int8(m.Arg)
				break
			}
		}
	case RevealCreature:
		t.Box[m.Arg]--
		t.FaceUp[t.Refill/maxFaceUp][t.Refill%maxFaceUp] = int8(m.Arg)
		t.Refill = -1
	case Roll:
		t.Row = int8(m.Arg + 1)
		t.Phase, t.Turn = phReroll, 0
	case KeepRoll:
		t.Turn++
	case PayRound:
		p.Barrels -= int8(r.Params.RoundCost)
		t.Supply[SupplyBarrels] += int8(r.Params.RoundCost)
		t.Phase = phRoll
	case CastConfusion:
		p.Flipped++
		t.Phase = phRoll
	case DrawChest:
		q := &t.Seats[t.Draws[0].Seat]
		t.Piles[m.Arg]--
		q.Chests[m.Arg]++
		q.NChests++
		copy(t.Draws[:], t.Draws[1:t.NDraws])
		t.NDraws--
	case AttackLocation:
		s.plunder(cur, m.Arg)
		t.Turn++
	case AttackCastle:
		// Each thief may steal, as long as the victim has chests; a castle
		// without chests can be attacked for nothing (ruling empty-castle)
		// and its owner gains no shield.
		t.Thief, t.Victim = int8(cur), int8(m.Arg)
		t.Steals = int8(s.power(cur, Thieves) * r.Params.ThiefChests)
		t.Turn++
	case NoAttack:
		t.Turn++
	case Steal:
		t.StealKind = int8(m.Arg)
	case StopStealing:
		t.Steals = 0
	case StolenChest:
		v := &t.Seats[t.Victim]
		th := &t.Seats[t.Thief]
		v.Chests[m.Arg]--
		v.NChests--
		th.Chests[m.Arg]++
		th.NChests++
		t.Steals--
		t.Robbed = true
		t.StealKind = -1
	case RecruitFood, RecruitGlyphsFood, RecruitGlyphs:
		s.recruit(cur, m)
	case StopRecruiting:
		t.Turn++
	}
	return nil
}

// plunder takes a location's loot and discards it, unless it is the
// tavern.
func (s *State) plunder(i, l int) {
	t := &s.t
	p := &t.Seats[i]
	loc := &s.r.Locations[l]
	p.Food += s.take(SupplyFood, loc.Loot[LootFood])
	p.Glyphs += s.take(SupplyGlyphs, loc.Loot[LootGlyphs])
	room := max(0, s.r.Params.BarrelLimit-int(p.Barrels))
	p.Barrels += s.take(SupplyBarrels, min(room, loc.Loot[LootBarrels]))
	for k, x := range []int{LootWooden, LootMetal, LootGold} {
		for range loc.Loot[x] {
			s.owe(i, ChestKind(k))
		}
	}
	if l == s.r.tavern {
		return
	}
	for j := range t.Shown[:t.N] {
		if int(t.Shown[j]) == l {
			t.Shown[j] = -1
			break
		}
	}
	t.Gone[l]++
}

// recruit pays for a face-up creature, takes its bonus token and leaves
// its slot to be refilled; the creature is tucked next.
func (s *State) recruit(i int, m Move) {
	t := &s.t
	pr := &s.r.Params
	p := &t.Seats[i]
	switch m.Kind {
	case RecruitFood:
		p.Food -= int8(pr.EvilFood)
		t.Supply[SupplyFood] += int8(pr.EvilFood)
	case RecruitGlyphsFood:
		p.Glyphs -= int8(pr.MostEvilGlyphs)
		p.Food -= int8(pr.MostEvilFood)
		t.Supply[SupplyGlyphs] += int8(pr.MostEvilGlyphs)
		t.Supply[SupplyFood] += int8(pr.MostEvilFood)
	case RecruitGlyphs:
		p.Glyphs -= int8(pr.MostEvilAltGlyphs)
		t.Supply[SupplyGlyphs] += int8(pr.MostEvilAltGlyphs)
	}
	c := &s.r.Creatures[m.Arg]
	deck := deckOf(c.Kind)
	for j, d := range t.FaceUp[deck][:pr.FaceUp] {
		if int(d) == m.Arg {
			t.FaceUp[deck][j] = -1
			t.Refill = int8(deck*maxFaceUp + j)
			break
		}
	}
	// ruling empty-reserve: a bonus token the reserve has run out of is
	// not taken.
	switch c.Bonus {
	case ShieldBonus:
		p.Shields += s.take(SupplyShields, 1)
	case ConfusionBonus:
		p.Spells += s.take(SupplyConfusion, 1)
	case MagicShieldBonus:
		p.MagicShield += s.take(SupplyMagicShields, 1)
	}
	t.Placing = int8(m.Arg)
}
