package warlock

import "github.com/grimoire-games/grimoire/engine"

// Redeal returns a copy of s in which what viewer cannot see is dealt
// anew: the cards of the other players' hands, mines and face-down cards
// and of the draw pile are shuffled together with rng and dealt back, as
// many to each place as it held (the draw pile keeps those left over),
// and the state's own generator is reseeded, so that the cards drawn at
// chance nodes differ too. Everything else, what
// viewer sees, is unchanged: its observation is the same, and when it is
// to move, so are its legal actions. A bot can use it to sample the
// positions its seat cannot tell apart.
//
// The deal is consistent with what viewer sees now, not with all it has
// seen: the observation does not remember which cards went where face up
// earlier (a card taken from the bar into a hand, say), so neither does
// Redeal.
func (s *State) Redeal(viewer int, rng *engine.RNG) *State {
	c := s.clone()
	nd := len(s.r.Designs)
	pool := make([]uint8, 0, c.nDraw+maxCards/4)
	for d := range nd {
		for range c.draw[d] {
			pool = append(pool, uint8(d))
		}
	}
	for i := range c.n {
		if i == viewer {
			continue
		}
		p := &c.seats[i]
		for d := range nd {
			for range p.hand[d] {
				pool = append(pool, uint8(d))
			}
			for range p.mine[d] {
				pool = append(pool, uint8(d))
			}
		}
		for j := range p.nAside {
			pool = append(pool, uint8(p.aside[j]))
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range c.n {
		if i == viewer {
			continue
		}
		p := &c.seats[i]
		nHand, nMine := p.nHand, p.nMine
		p.hand, p.nHand, p.handSet = counts{}, 0, 0
		p.mine, p.nMine, p.mineSet = counts{}, 0, 0
		for range nHand {
			p.addHand(int(pool[0]))
			pool = pool[1:]
		}
		for range nMine {
			p.addMine(int(pool[0]))
			pool = pool[1:]
		}
		for j := range p.nAside {
			p.aside[j] = int8(pool[0])
			pool = pool[1:]
		}
	}
	// What is left is as many cards as the pile had.
	c.draw = counts{}
	for _, d := range pool {
		c.draw[d]++
	}
	c.rng = engine.NewRNG(rng.Uint64())
	return c
}
