package warlock

import "github.com/grimoire-games/grimoire/engine"

// bidActions: each bidder puts mine cards on the table one at a time (a
// human at either of its amounts, human skill), then closes the bid, which
// must differ from every bid already made, or passes (rule 3).
func (s *State) bidActions(dst []engine.Action, p *seat) []engine.Action {
	dst = append(dst, s.act(Pass))
	if p.bidGold > 0 && !s.bidTaken(p.bidGold) {
		dst = append(dst, s.act(BidDone))
	}
	dst = s.setActions(dst, Bid, p.mineSet)
	return s.setActions(dst, BidAlt, p.mineSet&s.r.hasAlt)
}

// bidTaken reports whether a bid of gold is already on the table.
func (s *State) bidTaken(gold float64) bool {
	for i := range s.n {
		q := &s.seats[i]
		if q.bidState == bidMade && q.bidGold == gold {
			return true
		}
	}
	return false
}

func (s *State) bid(p *seat, m Move) {
	d := m.Design
	switch m.Kind {
	case Pass:
		// Cards not bid go back to the mine.
		for d := range s.r.Designs {
			for ; p.bid[d] > 0; p.bid[d]-- {
				p.addMine(d)
			}
			for ; p.bidAlt[d] > 0; p.bidAlt[d]-- {
				p.addMine(d)
			}
		}
		p.bidGold = 0
		p.bidState = bidPassed
		s.bidDone()
	case BidDone:
		p.bidState = bidMade
		s.bidDone()
	case Bid:
		p.subMine(d)
		p.bid[d]++
		p.bidGold += s.r.Designs[d].Gold
	case BidAlt:
		p.subMine(d)
		p.bidAlt[d]++
		p.bidGold += s.r.Designs[d].GoldAlt
	}
}
