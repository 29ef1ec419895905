package rules

// Observation is what a seat may see of a game played by its rules: every
// variable, the cards of the zones it may see and the size of the others.
type Observation struct {
	Seat int `json:"seat"`
	// Turn is the seat to move, or engine.Chance or engine.Terminal.
	Turn int `json:"turn"`
	// Phase is the phase the game is in, "" for rules without phases.
	Phase string `json:"phase,omitempty"`
	// Vars are the table's variables; Seats each seat's.
	Vars  map[string]int64   `json:"vars"`
	Seats []map[string]int64 `json:"seats"`
	// Zones are the table's zones, by id; SeatZones each seat's.
	Zones     map[string]ZoneView   `json:"zones"`
	SeatZones []map[string]ZoneView `json:"seat_zones"`
	// Draws is how many chance nodes (cards to draw, dice to roll) wait
	// before the next move.
	Draws int  `json:"draws,omitempty"`
	Over  bool `json:"over,omitempty"`
}

// ZoneView is a zone as a seat sees it: its size, and its cards (by id,
// the first put in first) when the seat may see them.
type ZoneView struct {
	Count int      `json:"count"`
	Cards []string `json:"cards,omitempty"`
}

// Observation implements engine.State.
func (s *State) Observation(player int) any {
	g := s.g
	o := &Observation{
		Seat:      player,
		Turn:      s.CurrentPlayer(),
		Vars:      map[string]int64{},
		Seats:     make([]map[string]int64, s.n),
		Zones:     map[string]ZoneView{},
		SeatZones: make([]map[string]ZoneView, s.n),
		Draws:     len(s.pending),
		Phase:     s.g.phaseName(s.phase),
		Over:      s.over,
	}
	for p := range s.n {
		o.Seats[p] = map[string]int64{}
		o.SeatZones[p] = map[string]ZoneView{}
	}
	for i, v := range g.vars {
		first := s.lay.v[i]
		if !v.player {
			o.Vars[v.id] = s.vars[first]
			continue
		}
		for p := range s.n {
			if v.private && p != player {
				continue
			}
			o.Seats[p][v.id] = s.vars[first+p]
		}
	}
	for zi, z := range g.zones {
		first := s.lay.zone[zi]
		for k := range g.width(z.player, s.n) {
			inst := first + k
			view := ZoneView{Count: len(s.zones[inst])}
			if s.sees(player, inst) {
				view.Cards = make([]string, len(s.zones[inst]))
				for j, d := range s.zones[inst] {
					view.Cards[j] = g.designs[d].ID
				}
			}
			if z.player {
				o.SeatZones[k][z.id] = view
			} else {
				o.Zones[z.id] = view
			}
		}
	}
	return o
}

// phaseName is the name of phase i, "" for rules without phases.
func (g *Game) phaseName(i int) string {
	if len(g.phases) == 0 {
		return ""
	}
	return g.phases[i]
}
