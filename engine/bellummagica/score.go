package bellummagica

import "slices"

// Score is one seat's result: the value of its chests and how many it
// holds, which breaks ties.
type Score struct {
	Value  int
	Chests int
}

// Score returns every seat's result; it can be read at any time.
func (s *State) Score() []Score {
	out := make([]Score, s.t.N)
	for i := range out {
		out[i] = Score{Value: s.value(i), Chests: int(s.t.Seats[i].NChests)}
	}
	return out
}

// Return is a seat's result as the engine gives it: the chests' value
// plus a fraction per chest, which breaks ties as Winners does (more
// chests win) and never outweighs a point of value, since chestScale is
// above the game's number of chests. 25.06 reads 25 with 6 chests.
func (r *Rules) Return(sc Score) float64 {
	return float64(sc.Value) + float64(sc.Chests)/r.chestScale
}

// chestCount is the number of chests in the game.
func (r *Rules) chestCount() int {
	n := 0
	for _, c := range r.Chests {
		n += c.Copies
	}
	return n
}

// Winners returns the seats that win with these scores: the richest, then
// those with the most chests; seats still tied share the victory.
func Winners(scores []Score) []int {
	var w []int
	for i, sc := range scores {
		if len(w) == 0 {
			w = []int{i}
			continue
		}
		switch b := scores[w[0]]; {
		case sc.Value > b.Value || sc.Value == b.Value && sc.Chests > b.Chests:
			w = []int{i}
		case sc == b:
			w = append(w, i)
		}
	}
	return slices.Clip(w)
}
