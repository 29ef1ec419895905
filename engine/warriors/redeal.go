package warriors

import "github.com/grimoire-games/grimoire/engine"

// Redeal returns a copy of s in which what viewer cannot see is dealt
// anew: the cards of the draw pile, the discard pile, the cards out of the
// game and the other players' dealt cards (those they chose to keep, face
// down, among them) are shuffled together with rng
// and dealt back, as many to each place as it held, and the state's own
// generator is reseeded, so that later deals and dice differ too. A card
// dealt in the first round is never a battle card (those are set aside
// face up), so no battle card goes to a hand then. Everything else, what
// viewer sees, is unchanged: its observation is the same, and when it is
// to move, so are its legal actions. A bot can use it to sample the
// positions its seat cannot tell apart.
//
// The deal is consistent with what viewer sees now, not with all it has
// seen: the observation does not remember which cards were discarded (the
// viewer's own among them), so neither does Redeal.
func (s *State) Redeal(viewer int, rng *engine.RNG) *State {
	c := s.clone()
	nd := len(s.r.Designs)
	// Every card fits on the stack in the shipped games; a larger game
	// only costs an allocation.
	var buf [256]uint8
	pool := buf[:0]
	add := func(z *[maxDesigns]int8) int {
		n := 0
		for d := range nd {
			for range z[d] {
				pool = append(pool, uint8(d))
			}
			n += int(z[d])
			z[d] = 0
		}
		return n
	}
	var hands, chosen [maxSeats]int
	for i := range c.n {
		if i != viewer {
			hands[i] = add(&c.seats[i].hand)
			chosen[i] = add(&c.seats[i].chosen)
		}
	}
	deck, discard, removed := add(&c.deck), add(&c.discard), add(&c.removed)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	// Hands first, each taking the first cards it may hold; the piles
	// take the rest in order.
	for i := range c.n {
		p := &c.seats[i]
		for k := 0; hands[i] > 0; k++ {
			if d := int(pool[k]); c.round > 0 || s.r.Designs[d].Class != ClassBattle {
				p.hand[d]++
				pool = append(pool[:k], pool[k+1:]...)
				hands[i]--
				k--
			}
		}
	}
	for i := range c.n {
		for _, d := range pool[:chosen[i]] {
			c.seats[i].chosen[d]++
		}
		pool = pool[chosen[i]:]
	}
	for _, x := range []struct {
		z *[maxDesigns]int8
		n int
	}{{&c.deck, deck}, {&c.discard, discard}, {&c.removed, removed}} {
		for _, d := range pool[:x.n] {
			x.z[d]++
		}
		pool = pool[x.n:]
	}
	c.rng = engine.NewRNG(rng.Uint64())
	return c
}
