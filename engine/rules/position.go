package rules

import (
	"encoding/binary"
	"hash/fnv"
	"maps"
	"slices"
)

// Position is a game's state in the terms its rules declare: the seat to
// move, the phase, every variable and the cards every zone holds. It is
// the whole game, seen by no seat in particular, and no engine's own
// form: the rules engine and a Go engine of the same game reach the same
// Position at the same point of a game, and both hash it as their State's
// Hash, so that their logs agree.
//
// A variable of value 0 and an empty zone are the same as one left out,
// and the order of the cards in a zone is no part of it: engines may keep
// a face-up row in slots and a face-down pile as counts.
type Position struct {
	Players int `json:"players"`
	// Turn is the seat to move, engine.Chance or engine.Terminal.
	Turn  int    `json:"turn"`
	Phase string `json:"phase,omitempty"`
	// Vars are the table's variables, Seats each seat's, by id.
	Vars  map[string]int64   `json:"vars"`
	Seats []map[string]int64 `json:"seats"`
	// Zones are the cards of the table's zones, by card id; SeatZones
	// each seat's.
	Zones     map[string][]string   `json:"zones"`
	SeatZones []map[string][]string `json:"seat_zones"`
}

// NewPosition is an empty position of a game of players seats.
func NewPosition(players, turn int, phase string) *Position {
	p := &Position{
		Players: players, Turn: turn, Phase: phase,
		Vars: map[string]int64{}, Zones: map[string][]string{},
		Seats: make([]map[string]int64, players), SeatZones: make([]map[string][]string, players),
	}
	for i := range players {
		p.Seats[i] = map[string]int64{}
		p.SeatZones[i] = map[string][]string{}
	}
	return p
}

// Hash is the position's hash: FNV-1a over its parts in one order, the
// ids sorted, each zone's cards sorted, zeros and empty zones left out.
func (p *Position) Hash() uint64 {
	h := fnv.New64a()
	var buf []byte
	num := func(x int64) {
		buf = binary.AppendVarint(buf[:0], x)
		h.Write(buf)
	}
	str := func(s string) {
		num(int64(len(s)))
		h.Write([]byte(s))
	}
	vars := func(m map[string]int64) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if m[k] != 0 {
				str(k)
				num(m[k])
			}
		}
		num(-1)
	}
	zones := func(m map[string][]string) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if len(m[k]) == 0 {
				continue
			}
			str(k)
			num(int64(len(m[k])))
			for _, c := range slices.Sorted(slices.Values(m[k])) {
				str(c)
			}
		}
		num(-1)
	}
	num(int64(p.Players))
	num(int64(p.Turn))
	str(p.Phase)
	vars(p.Vars)
	for _, s := range p.Seats {
		vars(s)
	}
	zones(p.Zones)
	for _, s := range p.SeatZones {
		zones(s)
	}
	return h.Sum64()
}

// Position is the state's position in its rules' terms.
func (s *State) Position() *Position {
	g := s.g
	p := NewPosition(s.n, s.CurrentPlayer(), g.phaseName(s.phase))
	for i, v := range g.vars {
		first := s.lay.v[i]
		if !v.player {
			p.Vars[v.id] = s.vars[first]
			continue
		}
		for seat := range s.n {
			p.Seats[seat][v.id] = s.vars[first+seat]
		}
	}
	for zi, z := range g.zones {
		first := s.lay.zone[zi]
		for k := range g.width(z.player, s.n) {
			cards := make([]string, len(s.zones[first+k]))
			for j, d := range s.zones[first+k] {
				cards[j] = g.designs[d].ID
			}
			if z.player {
				p.SeatZones[k][z.id] = cards
			} else {
				p.Zones[z.id] = cards
			}
		}
	}
	return p
}
