package rules

import "slices"

// fact is what a seat knows of a card it cannot see: a copy of design d
// is in zone instance inst, because the seat saw it go there (a card it
// passed, a card it gave). A re-deal for the seat leaves such cards where
// they are.
type fact struct {
	seat, inst, d int16
}

// moved updates what each seat knows when a card of design d goes from
// zone instance from to zone instance to.
func (s *State) moved(d, from, to int) {
	var forget uint64 // the seats that forget what they knew of from
	for v := range s.n {
		seeFrom, seeTo := s.sees(v, from), s.sees(v, to)
		switch {
		case seeFrom && !seeTo:
			// v saw the card leave for a zone it cannot see.
			s.know = append(s.know, fact{int16(v), int16(to), int16(d)})
		case !seeFrom && seeTo:
			// v sees which card arrived: if it knew of it, it is gone
			// from there.
			s.forgetOne(v, from, d)
		case !seeFrom:
			// A card v cannot tell left a zone it cannot see: what it
			// knew of that zone may have left with it.
			if v < 64 {
				forget |= 1 << v
			} else {
				s.forgetZone(v, from)
			}
		}
	}
	if forget != 0 {
		s.know = slices.DeleteFunc(s.know, func(f fact) bool { return int(f.inst) == from && forget&(1<<f.seat) != 0 })
	}
}

// movedAll updates what each seat knows when every card of zone instance
// from goes to zone instance to: what a seat knew of from is now true of
// to.
func (s *State) movedAll(cards []int16, from, to int) {
	for v := range s.n {
		seeFrom, seeTo := s.sees(v, from), s.sees(v, to)
		switch {
		case seeFrom && !seeTo:
			for _, d := range cards {
				s.know = append(s.know, fact{int16(v), int16(to), d})
			}
		case !seeFrom && seeTo:
			s.forgetZone(v, from)
		case !seeFrom:
			for i, f := range s.know {
				if int(f.seat) == v && int(f.inst) == from {
					s.know[i].inst = int16(to)
				}
			}
		}
	}
}

// forgetOne drops one fact of seat v that design d is in inst.
func (s *State) forgetOne(v, inst, d int) {
	if i := slices.Index(s.know, fact{int16(v), int16(inst), int16(d)}); i >= 0 {
		s.know = slices.Delete(s.know, i, i+1)
	}
}

// forgetZone drops every fact of seat v about inst.
func (s *State) forgetZone(v, inst int) {
	s.know = slices.DeleteFunc(s.know, func(f fact) bool { return int(f.seat) == v && int(f.inst) == inst })
}

// pinned is, for zone instance inst, the designs viewer knows are there,
// each as often as it knows it, as far as they are.
func (s *State) pinned(viewer, inst int) []int16 {
	var out []int16
	left := slices.Clone(s.zones[inst])
	for _, f := range s.know {
		if int(f.seat) != viewer || int(f.inst) != inst {
			continue
		}
		if i := slices.Index(left, f.d); i >= 0 {
			out = append(out, f.d)
			left = slices.Delete(left, i, i+1)
		}
	}
	return out
}
