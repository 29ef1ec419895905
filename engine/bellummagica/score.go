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
