package warriors

// Breakdown is one player's final score.
type Breakdown struct {
	Pile    int   // cards in the victory pile
	Victory int   // points for them
	People  []int // bonus per people (0 when another faction is larger)
	Dragons int   // the bonus for the most living dragons
	Total   int
}

// Tally is what scoring needs of one player: the victory pile's size,
// each faction's size and the living dragons. Score files give it, and
// so does a finished game.
type Tally struct {
	Pile     int
	Factions []int // cards per people
	Dragons  int
}

// Score is the final score of each player of a game.
func (s *State) Score() []Breakdown {
	t := make([]Tally, s.n)
	for i := range s.n {
		p := &s.seats[i]
		for _, c := range p.pile {
			t[i].Pile += int(c)
		}
		t[i].Factions = make([]int, len(s.r.Peoples))
		for q := range s.r.Peoples {
			t[i].Factions[q] = p.size(q)
		}
		t[i].Dragons = p.dragonCount()
	}
	return s.r.Score(t)
}

// totals is each seat's total and victory pile as Score gives them,
// without building the breakdowns, for Returns at the end of every
// simulated game.
func (s *State) totals() (total, pile [maxSeats]int) {
	r := s.r
	var size [maxPeoples][maxSeats]int
	var best [maxPeoples]int
	bestDragons := 0
	for i := range s.n {
		p := &s.seats[i]
		for _, c := range p.pile {
			pile[i] += int(c)
		}
		total[i] = pile[i] * r.Params.VictoryPoints
		for q := range r.Peoples {
			size[q][i] = p.size(q)
			best[q] = max(best[q], size[q][i])
		}
		bestDragons = max(bestDragons, p.dragonCount())
	}
	for i := range s.n {
		for q := range r.Peoples {
			if best[q] > 0 && size[q][i] == best[q] {
				total[i] += r.Params.PeopleBonus[q]
			}
		}
		if r.Hordes && bestDragons > 0 && s.seats[i].dragonCount() == bestDragons {
			total[i] += r.Params.DragonBonus
		}
	}
	return total, pile
}

// Score scores tallies by the rules: points per victory-pile card, each
// people's bonus to its largest faction (ties score it in full), and with
// the expansion the bonus for the most living dragons.
func (r *Rules) Score(t []Tally) []Breakdown {
	out := make([]Breakdown, len(t))
	for i := range t {
		out[i].Pile = t[i].Pile
		out[i].Victory = t[i].Pile * r.Params.VictoryPoints
		out[i].People = make([]int, len(r.Peoples))
	}
	for q := range r.Peoples {
		best := 0
		for i := range t {
			if q < len(t[i].Factions) {
				best = max(best, t[i].Factions[q])
			}
		}
		for i := range t {
			if best > 0 && q < len(t[i].Factions) && t[i].Factions[q] == best {
				out[i].People[q] = r.Params.PeopleBonus[q]
			}
		}
	}
	if r.Hordes {
		best := 0
		for i := range t {
			best = max(best, t[i].Dragons)
		}
		for i := range t {
			if best > 0 && t[i].Dragons == best {
				out[i].Dragons = r.Params.DragonBonus
			}
		}
	}
	for i := range out {
		b := &out[i]
		b.Total = b.Victory + b.Dragons
		for _, x := range b.People {
			b.Total += x
		}
	}
	return out
}

// Return is a player's result as the engine gives it: the total, plus a
// fraction per victory-pile card that breaks ties as Winners does (the
// larger pile wins) and never outweighs a point, since pileScale is above
// the number of cards that can reach piles: with 84 of them, 40.05 reads
// 40 points and 5 cards.
func (r *Rules) Return(b Breakdown) float64 {
	return float64(b.Total) + float64(b.Pile)/r.pileScale
}

// Winners are the players with the highest total; among them, those with
// the most cards in their victory piles.
func Winners(b []Breakdown) []int {
	var w []int
	for i := range b {
		switch {
		case len(w) == 0:
			w = []int{i}
		case b[i].Total > b[w[0]].Total || b[i].Total == b[w[0]].Total && b[i].Pile > b[w[0]].Pile:
			w = []int{i}
		case b[i].Total == b[w[0]].Total && b[i].Pile == b[w[0]].Pile:
			w = append(w, i)
		}
	}
	return w
}
