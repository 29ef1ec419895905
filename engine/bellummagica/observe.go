package bellummagica

import (
	"encoding/binary"
	"hash/fnv"
	"slices"

	"github.com/grimoire-games/grimoire/engine"
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

// Reobserve implements engine.Reobserver: the bots observe at every
// decision, and a simulation plays millions of them.
func (s *State) Reobserve(player int, prev any) any {
	return engine.Overwrite(prev, func(o *Observation) { s.observe(player, o) })
}

// Observe returns what player may see.
func (s *State) Observe(player int) *Observation {
	o := new(Observation)
	s.observe(player, o)
	return o
}

// observe writes what player may see over o, reusing its lists' and
// maps' memory. A list or map Observe leaves nil is nil here too, so that
// both are equal.
func (s *State) observe(player int, o *Observation) {
	t := &s.t
	r := s.r
	gone := 0
	for _, n := range t.Gone[:len(r.Locations)] {
		gone += int(n)
	}
	up := 0
	for _, l := range t.Shown[:t.N] {
		if l >= 0 {
			up++
		}
	}
	shown, discards := room(o.Shown, up), room(o.Discards, gone)
	faceUp, supply, seats, robbed := o.FaceUp, o.Supply, o.Seats, o.Robbed
	if supply == nil {
		supply = map[string]int{}
	}
	clear(supply)
	*o = Observation{Player: player, Current: s.CurrentPlayer(), Decision: stepNames[t.Step], Day: int(t.Day),
		Captain: int(t.Captain), Row: int(t.Row), Kingdom: s.deckSize(), Tavern: r.Locations[r.tavern].ID,
		Supply: supply}
	for _, l := range t.Shown[:t.N] {
		if l >= 0 {
			shown = append(shown, r.Locations[l].ID)
		}
	}
	if len(shown) > 0 {
		o.Shown = shown
	}
	for l, n := range t.Gone[:len(r.Locations)] {
		for range n {
			discards = append(discards, r.Locations[l].ID)
		}
	}
	if len(discards) > 0 {
		o.Discards = discards
	}
	for deck := range t.FaceUp {
		up := room(faceUp[deck], r.Params.FaceUp)
		if up == nil {
			up = []string{}
		}
		for _, d := range t.FaceUp[deck][:r.Params.FaceUp] {
			if d >= 0 {
				up = append(up, r.Creatures[d].ID)
			}
		}
		o.FaceUp[deck] = up
		o.Decks[deck] = s.creaturesLeft(deck)
	}
	for k := range chestKinds {
		o.Stacks[k] = s.pileSize(k)
	}
	for i, id := range supplyComponents {
		o.Supply[id] = int(t.Supply[i])
	}
	counts := func(m map[string]int, c []int8) map[string]int {
		if m == nil {
			m = map[string]int{}
		}
		clear(m)
		for d, n := range c[:len(r.Creatures)] {
			if n > 0 {
				m[r.Creatures[d].ID] = int(n)
			}
		}
		return m
	}
	if cap(seats) < int(t.N) {
		seats = append(seats[:cap(seats)], make([]SeatView, int(t.N)-cap(seats))...)
	}
	o.Seats = seats[:t.N]
	for i := range int(t.N) {
		p := &t.Seats[i]
		v := &o.Seats[i]
		old := *v
		*v = SeatView{Left: counts(old.Left, p.Left[:]), Right: counts(old.Right, p.Right[:]), Food: int(p.Food), Glyphs: int(p.Glyphs),
			Barrels: int(p.Barrels), Shields: int(p.Shields), MagicShields: int(p.MagicShield), Spells: int(p.Spells), Flipped: int(p.Flipped)}
		if p.Castle >= 0 {
			v.Castle = r.Castles[p.Castle].ID
		}
		if slices.ContainsFunc(p.Hand[:len(r.Creatures)], func(n int8) bool { return n > 0 }) {
			v.Goblins = counts(old.Goblins, p.Hand[:])
		}
		for k := range chestKinds {
			v.ChestKinds[k] = s.chestsOf(i, k)
		}
		if i == player {
			v.Chests = old.Chests
			if v.Chests == nil {
				v.Chests = map[string]int{}
			}
			clear(v.Chests)
			for c, n := range p.Chests[:len(r.Chests)] {
				if n > 0 {
					v.Chests[r.Chests[c].ID] = int(n)
				}
			}
		}
	}
	if t.Victim >= 0 {
		if robbed == nil {
			robbed = new(RobberyView)
		}
		*robbed = RobberyView{Thief: int(t.Thief), Victim: int(t.Victim), Steals: int(t.Steals)}
		o.Robbed = robbed
	}
}

// room returns x emptied, with room for n strings; when it must grow, it
// grows to twice that, as the lists grow a string at a time. For none, it
// allocates nothing.
func room(x []string, n int) []string {
	if cap(x) < n {
		return make([]string, 0, 2*n)
	}
	return x[:0]
}

// Hash implements engine.State: the hash of the state's Position, which
// the rules engine gives at the same point of a game; for a game without
// rules, every part of the state, hidden ones and the RNG included.
func (s *State) Hash() uint64 {
	if s.r.num != nil {
		return s.Position().Hash()
	}
	h := fnv.New64a()
	// The table holds fixed-size values only, which binary.Write cannot
	// fail on.
	_ = binary.Write(h, binary.LittleEndian, &s.t)
	rng := s.rng
	_ = binary.Write(h, binary.LittleEndian, rng.Uint64())
	return h.Sum64()
}
