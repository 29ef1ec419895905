package warlock

import tables "github.com/grimoire-games/grimoire/gen/warlock"

// SquareKind is what lies on a field of an empire.
type SquareKind uint8

// What lies on a field.
const (
	Empty SquareKind = iota
	City
	Dragon
	Ruin
)

// Square is one field of an empire, for scoring: a city's race and printed
// points, a dragon, a ruined city or nothing.
type Square struct {
	Kind   SquareKind
	Race   Race
	Points int
}

// Empire is a player's grid of fields, row by row; row 0 touches the
// player board.
type Empire struct {
	Side    int
	Squares []Square
}

// Breakdown is one player's final score, part by part (rule 6).
type Breakdown struct {
	Removed     []int // fields of giant cities off the edge and wizard cities off the centre
	Cities      int   // printed points of the cities that remain
	Chains      []int // points of each chain of human cities, largest chain first
	ChainPoints int
	Majority    [tables.RaceCount + 1]int // bonus per race
	Majorities  int
	Races       int // different races among the cities
	Variety     int
	Total       int
}

// ScoreEmpires scores the final empires of all players together, since
// majorities compare them.
func ScoreEmpires(p *tables.Params, empires []Empire) []Breakdown {
	out := make([]Breakdown, len(empires))
	count := make([][tables.RaceCount + 1]int, len(empires))
	// Every game ends with a score: one copy of all the empires, which
	// the removals change, costs one allocation rather than one each.
	n := 0
	for _, e := range empires {
		n += len(e.Squares)
	}
	all := make([]Square, 0, n)
	for i, e := range empires {
		b := &out[i]
		all = append(all, e.Squares...)
		sq := all[len(all)-len(e.Squares):]
		// ruling edge-centre: the edge is the row touching the player board
		// and the farthest row, the centre the rows between.
		for f, x := range sq {
			row := f / e.Side
			edge := row == 0 || row == e.Side-1
			if x.Kind == City && ((x.Race == giantRace && !edge) || (x.Race == wizardRace && edge)) {
				b.Removed = append(b.Removed, f)
				sq[f] = Square{}
			}
		}
		for _, x := range sq {
			if x.Kind == City {
				b.Cities += x.Points
				count[i][x.Race]++
			}
		}
		b.Chains = humanChains(p.HumanChainPoints, e.Side, sq)
		for _, c := range b.Chains {
			b.ChainPoints += c
		}
		for r := Race(1); r <= tables.RaceCount; r++ {
			if count[i][r] > 0 {
				b.Races++
			}
		}
		b.Variety = p.VarietyBonus[b.Races]
	}
	for r := Race(1); r <= tables.RaceCount; r++ {
		most := 0
		for i := range empires {
			most = max(most, count[i][r])
		}
		if most == 0 {
			continue
		}
		for i := range empires {
			if count[i][r] == most {
				out[i].Majority[r] = p.MajorityBonus[r]
				out[i].Majorities += p.MajorityBonus[r]
			}
		}
	}
	for i := range out {
		b := &out[i]
		b.Total = b.Cities + b.ChainPoints + b.Majorities + b.Variety
	}
	return out
}

// Winners are the players with the highest total. The rules have no
// tie-break: tied players all win.
func Winners(b []Breakdown) []int {
	var w []int
	for i := range b {
		switch {
		case len(w) == 0 || b[i].Total > b[w[0]].Total:
			w = []int{i}
		case b[i].Total == b[w[0]].Total:
			w = append(w, i)
		}
	}
	return w
}

// humanChains scores each group of orthogonally adjacent human cities: its
// cities score the chain values in turn, the last repeating.
func humanChains(values []int, side int, sq []Square) []int {
	// Scoring ends every simulated game: the scratch space of a grid the
	// engine plays stays on the stack.
	var seenBuf [maxFields]bool
	var stackBuf [maxFields]int
	var seen []bool
	if len(sq) <= maxFields {
		seen = seenBuf[:len(sq)]
	} else {
		seen = make([]bool, len(sq))
	}
	stack := stackBuf[:0]
	var chains []int
	for f := range sq {
		if seen[f] || !isHuman(sq[f]) {
			continue
		}
		n := 0
		stack = append(stack[:0], f)
		seen[f] = true
		for len(stack) > 0 {
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			next := neighboursOf(side, g)
			for _, h := range next.list() {
				if !seen[h] && isHuman(sq[h]) {
					seen[h] = true
					stack = append(stack, int(h))
				}
			}
		}
		pts := 0
		for i := range n {
			if len(values) > 0 {
				pts += values[min(i, len(values)-1)]
			}
		}
		chains = append(chains, pts)
	}
	// Largest first, for reading.
	for i := 1; i < len(chains); i++ {
		for j := i; j > 0 && chains[j] > chains[j-1]; j-- {
			chains[j], chains[j-1] = chains[j-1], chains[j]
		}
	}
	return chains
}

func isHuman(x Square) bool { return x.Kind == City && x.Race == humanRace }

// Empires returns the players' empires as they stand.
func (s *State) Empires() []Empire {
	out := make([]Empire, s.n)
	all := make([]Square, s.n*s.fields())
	for i := range s.n {
		p := &s.seats[i]
		e := Empire{Side: s.side(), Squares: all[i*s.fields() : (i+1)*s.fields() : (i+1)*s.fields()]}
		for f := range e.Squares {
			switch c := p.empire[f]; c {
			case empty:
			case dragon:
				e.Squares[f].Kind = Dragon
			case ruin:
				e.Squares[f].Kind = Ruin
			default:
				des := &s.r.Designs[c.design()]
				e.Squares[f] = Square{Kind: City, Race: des.Race, Points: des.Points}
			}
		}
		out[i] = e
	}
	return out
}

// Score scores the empires as they stand (rule 6).
func (s *State) Score() []Breakdown { return ScoreEmpires(&s.r.Params, s.Empires()) }
