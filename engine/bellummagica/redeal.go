package bellummagica

import "github.com/grimoire-games/grimoire/engine"

// Redeal returns a copy of s in which what viewer cannot see is dealt
// anew: the values of the other players' chests and of the chests left in
// the stacks, each kind's chests shuffled together with rng and dealt back
// as many to each place as it held, and the state's own generator is
// reseeded, so that later reveals, dice and draws differ too. Everything
// else, what viewer sees, is unchanged: its observation is the same, and
// when it is to move, so are its legal actions. A bot can use it to
// sample the positions its seat cannot tell apart.
//
// The deal is consistent with what viewer sees now, not with all it has
// seen: the observation does not remember the values of chests viewer
// held and lost to a thief, so neither does Redeal.
func (s *State) Redeal(viewer int, rng *engine.RNG) *State {
	c := s.clone()
	t := &c.t
	chests := s.r.Chests
	// Room for every chest of a kind in most games, so that a re-deal
	// allocates nothing but its state.
	var buf [64]int8
	for k := range chestKinds {
		pool := buf[:0]
		take := func(z *[maxChests]int8) int {
			n := 0
			for ch := range chests {
				if chests[ch].Kind != k {
					continue
				}
				for range z[ch] {
					pool = append(pool, int8(ch))
				}
				n += int(z[ch])
				z[ch] = 0
			}
			return n
		}
		var held [maxSeats]int
		for i := range int(t.N) {
			if i != viewer {
				held[i] = take(&t.Seats[i].Chests)
			}
		}
		piles := take(&t.Piles)
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		give := func(z *[maxChests]int8, n int) {
			for _, ch := range pool[:n] {
				z[ch]++
			}
			pool = pool[n:]
		}
		for i := range int(t.N) {
			give(&t.Seats[i].Chests, held[i])
		}
		give(&t.Piles, piles)
	}
	c.rng = engine.NewRNG(rng.Uint64())
	return c
}
