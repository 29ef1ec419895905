package warriors

import (
	"encoding/binary"
	"math/bits"

	"github.com/grimoire-games/grimoire/engine"
)

// Observation is what one player may see: everything on the table, the
// sizes of the draw and discard piles, and only its own dealt cards.
type Observation struct {
	Player   int         `json:"player"`
	Current  int         `json:"current"`
	Decision string      `json:"decision"`
	Round    int         `json:"round"`
	DrawPile int         `json:"draw_pile"`
	Discard  int         `json:"discard_pile"`
	Seats    []SeatView  `json:"seats"`
	Battle   *BattleView `json:"battle,omitempty"`
	// Window is, while catapults may be fired, what the window comes
	// before: "battle", "roll", "attack_end" or "round_end".
	Window string `json:"window,omitempty"`
	// Designs names the card designs the lists count, by index.
	Designs []string `json:"designs"`
	// Peoples names the factions, by index.
	Peoples []string `json:"peoples"`
}

// SeatView is one player's cards as a player sees them.
type SeatView struct {
	Hand        []int    `json:"hand,omitempty"` // own dealt cards, by design; nil for others
	HandSize    int      `json:"hand_size"`
	Chosen      []int    `json:"chosen,omitempty"` // own cards chosen to keep, by design; nil for others
	Kept        int      `json:"kept"`             // cards chosen to keep, not yet laid down
	Factions    [][3]int `json:"factions"`         // infantry, archers, cavalry per people
	Wizards     []int    `json:"wizards"`          // per people
	WizardsDue  int      `json:"wizards_due"`
	Dragons     []int    `json:"dragons,omitempty"` // flames on each living dragon
	FlamesAside int      `json:"flames_aside"`
	Catapults   int      `json:"catapults"`
	Battles     []int    `json:"battles"` // designs
	Pile        int      `json:"victory_pile"`
}

// BattleView is the battle card being resolved.
type BattleView struct {
	Card     int    `json:"card"`
	Owner    int    `json:"owner"`
	Mode     string `json:"mode"`
	Unit     int    `json:"unit"`
	Target   int    `json:"target"`
	Slot     int    `json:"target_unit"`
	Band     []int  `json:"band,omitempty"`
	Camp     [3]int `json:"camp"`
	Attacker []int  `json:"attack_dice,omitempty"`
	Defender []int  `json:"defence_dice,omitempty"`
}

// Observation implements engine.State.
func (s *State) Observation(player int) any { return s.Observe(player) }

// Reobserve implements engine.Reobserver: the bots observe at every
// decision, and a simulation plays millions of them.
func (s *State) Reobserve(player int, prev any) any {
	return engine.Overwrite(prev, func(o *Observation) { s.observe(player, o) })
}

// Observe returns what player may see. Its lists share a few
// allocations, sized in advance.
func (s *State) Observe(player int) *Observation {
	o := new(Observation)
	s.observe(player, o)
	return o
}

// observe writes what player may see over o. Each list goes in the
// memory of o's when that is large enough, and the others share one
// allocation. A list Observe leaves nil is nil here too, so that both
// are equal.
func (s *State) observe(player int, o *Observation) {
	r := s.r
	nd, np := len(r.Designs), len(r.Peoples)
	seats, designs, battle := o.Seats, o.Designs, o.Battle
	*o = Observation{Player: player, Current: s.CurrentPlayer(), Decision: stepName(s.step), Round: s.round, DrawPile: s.deckN, Peoples: r.Peoples}
	if cap(designs) < nd {
		designs = make([]string, nd)
	}
	o.Designs = designs[:nd]
	for d := range r.Designs {
		o.Discard += int(s.discard[d])
		o.Designs[d] = r.Designs[d].ID
	}
	if cap(seats) < s.n {
		seats = append(seats[:cap(seats)], make([]SeatView, s.n-cap(seats))...)
	}
	o.Seats = seats[:s.n]
	// One slab holds what does not fit the old lists: for a new
	// observation, every seat's wizards, dragons and battle cards, and the
	// player's own hand and chosen cards.
	size := 2 * nd
	for i := range s.n {
		p := &s.seats[i]
		size += np + p.dragonCount() + bits.OnesCount64(p.battles)
	}
	var slab []int
	take := func(old []int, n int) []int {
		if cap(old) >= n {
			return old[:n]
		}
		if len(slab) < n {
			slab = make([]int, size)
		}
		x := slab[:n:n]
		slab = slab[n:]
		return x
	}
	var factions [][3]int
	for i := range s.n {
		p := &s.seats[i]
		v := &o.Seats[i]
		old := *v
		*v = SeatView{HandSize: int(p.handN), Kept: int(p.kept), WizardsDue: int(p.wizardsDue), FlamesAside: int(p.flamesAside), Catapults: p.catapultCount()}
		if i == player {
			v.Hand, v.Chosen = take(old.Hand, nd), take(old.Chosen, nd)
			for d := range r.Designs {
				v.Hand[d] = int(p.hand[d])
				v.Chosen[d] = int(p.chosen[d])
			}
		}
		if v.Factions = old.Factions; cap(v.Factions) < np {
			if len(factions) < np {
				factions = make([][3]int, s.n*np)
			}
			v.Factions, factions = factions[:np:np], factions[np:]
		}
		v.Factions = v.Factions[:np]
		v.Wizards = take(old.Wizards, np)
		for q := range r.Peoples {
			f := p.faction[q]
			v.Factions[q] = [3]int{int(f[0]), int(f[1]), int(f[2])}
			v.Wizards[q] = int(p.wizards[q])
		}
		if n := p.dragonCount(); n > 0 {
			v.Dragons = take(old.Dragons, n)[:0]
			for _, f := range p.dragons {
				if f >= 0 {
					v.Dragons = append(v.Dragons, int(f))
				}
			}
		}
		if n := bits.OnesCount64(p.battles); n > 0 {
			v.Battles = take(old.Battles, n)[:0]
			for b := p.battles; b != 0; b &= b - 1 {
				v.Battles = append(v.Battles, bits.TrailingZeros64(b))
			}
		}
		for _, c := range p.pile {
			v.Pile += int(c)
		}
	}
	if s.step == stFire || s.step == stFireRoll {
		o.Window = windowName(s.w.then)
	}
	if b := &s.b; b.card >= 0 {
		bv := battle
		if bv == nil {
			bv = new(BattleView)
		}
		// Band, then the attacker's and the defender's dice, share one
		// list, which the first of them that is set starts.
		var ints []int
		for _, l := range [...][]int{bv.Band, bv.Attacker, bv.Defender} {
			if l != nil {
				ints = l[:cap(l)]
				break
			}
		}
		*bv = BattleView{Card: b.card, Owner: b.owner, Mode: [...]string{"", "simple", "mercenary", "draconic", "mixed"}[b.mode],
			Unit: b.unit, Target: b.target, Slot: b.tslot, Camp: [3]int{int(b.camp[0]), int(b.camp[1]), int(b.camp[2])}}
		band := 0
		if b.unit == bandSlot || b.bandSize > 0 {
			band = np
		}
		rolled := int(b.rolled)
		if band+rolled > 0 {
			if cap(ints) < band+rolled {
				ints = make([]int, band+rolled, np+len(b.dice)) // room for the dice to come
			}
			ints = ints[:band+rolled]
			if band > 0 {
				bv.Band = ints[:band]
				for q := range band {
					bv.Band[q] = int(b.band[q])
				}
			}
			dice := ints[band:]
			for i := range rolled {
				dice[i] = int(b.dice[i])
			}
			if att := min(rolled, int(b.nAtt)); att > 0 {
				bv.Attacker = dice[:att]
			}
			if rolled > int(b.nAtt) {
				bv.Defender = dice[b.nAtt:rolled]
			}
		}
		o.Battle = bv
	}
}

// Hash implements engine.State: the hash of the state's Position, which
// the rules engine gives at the same point of a game. For a game without
// rules, every part of the state, hidden ones and the RNG included: FNV-1a
// of the state's bytes, written into a buffer on the stack so that
// logging a hash per action allocates nothing.
func (s *State) Hash() uint64 {
	if s.r.num != nil {
		return s.Position().Hash()
	}
	var buf [4096]byte
	b := buf[:0]
	put := func(xs ...int) {
		for _, x := range xs {
			b = binary.AppendVarint(b, int64(x))
		}
	}
	bytes := func(xs []int8) {
		for _, x := range xs {
			b = append(b, byte(x))
		}
	}
	nd := len(s.r.Designs)
	put(s.n, int(s.step), s.cur, s.round, s.deckN, int(s.keep), int(s.at), s.last)
	bytes(s.deck[:nd])
	bytes(s.discard[:nd])
	bytes(s.removed[:nd])
	bytes(s.aside[:nd])
	bytes(s.dealLeft[:])
	bytes(s.order[:])
	for i := range s.n {
		p := &s.seats[i]
		bytes(p.hand[:nd])
		bytes(p.chosen[:nd])
		bytes(p.pile[:nd])
		put(int(p.handN), int(p.kept), int(p.wizardsDue), int(p.flamesAside))
		for q := range p.faction {
			bytes(p.faction[q][:])
		}
		bytes(p.wizards[:])
		bytes(p.dragons[:])
		bytes(p.catapults[:])
		b = binary.LittleEndian.AppendUint64(b, p.battles)
	}
	bt := &s.b
	put(bt.card, bt.owner, int(bt.mode), bt.unit, bt.target, bt.tslot, int(bt.bandSize), int(bt.nAtt), int(bt.nDef), int(bt.rolled), int(bt.nLoss), int(bt.lossAt))
	for _, m := range bt.targeted {
		put(int(m))
	}
	bytes(bt.band[:])
	bytes(bt.camp[:])
	bytes(bt.dice[:])
	bytes(bt.losses[:])
	put(s.w.first, s.w.asked, int(s.w.then), s.w.target, s.w.tslot)
	rng := s.rng
	put(int(rng.Uint64() >> 1))
	h := uint64(fnvOffset)
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// The 64-bit FNV-1a parameters (hash/fnv).
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)
