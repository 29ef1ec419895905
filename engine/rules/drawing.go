package rules

// Drawing tells where the next chance node's card is drawn from and goes
// to: the zones by id, and the seat of the zone it goes to (-1 for a zone
// of the table). ok is false when the state is not at a chance node that
// draws a card (a roll, or no chance node). A test that plays the rules
// beside an engine that draws its cards inside its actions reads it to
// draw the same card.
func (s *State) Drawing() (from, to string, seat int, ok bool) {
	if s.over || len(s.pending) == 0 || s.pending[0].slot >= 0 {
		return "", "", -1, false
	}
	fz, _ := s.zoneOf(int(s.pending[0].src))
	tz, seat := s.zoneOf(int(s.pending[0].dst))
	return s.g.zones[fz].id, s.g.zones[tz].id, seat, true
}
