package bellummagica

import (
	"encoding/binary"
	"hash/fnv"
)

// Observation is what one player may see: everything on the table, the
// kinds of every player's chests, the sizes of the decks and stacks, and
// the values of its own chests only.
type Observation struct {
	Player   int    `json:"player"`
	Current  int    `json:"current"`
	Decision string `json:"decision"`
	Day      int    `json:"day"`
	Captain  int    `json:"captain"`
	// Row is the active horde, 0 before the first roll.
	Row int `json:"row"`
	// Kingdom is the number of cards left in the kingdom deck; Shown the
	// face-up locations besides the tavern.
	Kingdom  int      `json:"kingdom_deck"`
	Tavern   string   `json:"tavern"`
	Shown    []string `json:"locations"`
	Discards []string `json:"discarded_locations,omitempty"`
	// FaceUp lists the face-up creatures of the evil and the most evil
	// decks; Decks their sizes.
	FaceUp [2][]string `json:"face_up"`
	Decks  [2]int      `json:"decks"`
	// Stacks are the chests left of each kind, wooden, metal, gold.
	Stacks [3]int         `json:"chest_stacks"`
	Supply map[string]int `json:"reserve"`
	Seats  []SeatView     `json:"seats"`
	Robbed *RobberyView   `json:"robbery,omitempty"`
}

// SeatView is one player's castle and stock as a player sees it.
type SeatView struct {
	Castle       string         `json:"castle"`
	Left         map[string]int `json:"left"`
	Right        map[string]int `json:"right"`
	Goblins      map[string]int `json:"goblins_to_place,omitempty"`
	Food         int            `json:"food"`
	Glyphs       int            `json:"glyphs"`
	Barrels      int            `json:"barrels"`
	Shields      int            `json:"shield_tokens"`
	MagicShields int            `json:"magic_shield_tokens"`
	Spells       int            `json:"confusion_spells"`
	Flipped      int            `json:"spells_used"`
	// ChestKinds counts the chests by kind, which everyone sees; Chests
	// counts them by design (kind and value), for their owner only.
	ChestKinds [3]int         `json:"chest_kinds"`
	Chests     map[string]int `json:"chests,omitempty"`
}

// RobberyView is a castle attack being resolved.
type RobberyView struct {
	Thief  int `json:"thief"`
	Victim int `json:"victim"`
	Steals int `json:"steals_left"`
}

// Observation implements engine.State.
func (s *State) Observation(player int) any { return s.Observe(player) }

// Observe returns what player may see.
func (s *State) Observe(player int) *Observation {
	t := &s.t
	r := s.r
	o := &Observation{Player: player, Current: s.CurrentPlayer(), Decision: stepNames[t.Step], Day: int(t.Day),
		Captain: int(t.Captain), Row: int(t.Row), Kingdom: s.deckSize(), Tavern: r.Locations[r.tavern].ID,
		Supply: map[string]int{}}
	for _, l := range t.Shown[:t.N] {
		if l >= 0 {
			o.Shown = append(o.Shown, r.Locations[l].ID)
		}
	}
	for l, n := range t.Gone[:len(r.Locations)] {
		for range n {
			o.Discards = append(o.Discards, r.Locations[l].ID)
		}
	}
	for deck := range t.FaceUp {
		o.FaceUp[deck] = []string{}
		for _, d := range t.FaceUp[deck][:r.Params.FaceUp] {
			if d >= 0 {
				o.FaceUp[deck] = append(o.FaceUp[deck], r.Creatures[d].ID)
			}
		}
		o.Decks[deck] = s.creaturesLeft(deck)
	}
	for k := range chestKinds {
		o.Stacks[k] = s.pileSize(k)
	}
	for i, id := range supplyComponents {
		o.Supply[id] = int(t.Supply[i])
	}
	counts := func(c []int8) map[string]int {
		m := map[string]int{}
		for d, n := range c[:len(r.Creatures)] {
			if n > 0 {
				m[r.Creatures[d].ID] = int(n)
			}
		}
		return m
	}
	for i := range int(t.N) {
		p := &t.Seats[i]
		v := SeatView{Left: counts(p.Left[:]), Right: counts(p.Right[:]), Food: int(p.Food), Glyphs: int(p.Glyphs),
			Barrels: int(p.Barrels), Shields: int(p.Shields), MagicShields: int(p.MagicShield), Spells: int(p.Spells), Flipped: int(p.Flipped)}
		if p.Castle >= 0 {
			v.Castle = r.Castles[p.Castle].ID
		}
		if g := counts(p.Hand[:]); len(g) > 0 {
			v.Goblins = g
		}
		for k := range chestKinds {
			v.ChestKinds[k] = s.chestsOf(i, k)
		}
		if i == player {
			v.Chests = map[string]int{}
			for c, n := range p.Chests[:len(r.Chests)] {
				if n > 0 {
					v.Chests[r.Chests[c].ID] = int(n)
				}
			}
		}
		o.Seats = append(o.Seats, v)
	}
	if t.Victim >= 0 {
		o.Robbed = &RobberyView{Thief: int(t.Thief), Victim: int(t.Victim), Steals: int(t.Steals)}
	}
	return o
}

// Hash implements engine.State: every part of the state, hidden ones and
// the RNG included.
func (s *State) Hash() uint64 {
	h := fnv.New64a()
	// The table holds fixed-size values only, which binary.Write cannot
	// fail on.
	_ = binary.Write(h, binary.LittleEndian, &s.t)
	rng := s.rng
	_ = binary.Write(h, binary.LittleEndian, rng.Uint64())
	return h.Sum64()
}
