package warlock

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// Observation is what one player may see (OpenSpiel's observation): every
// face-up card, the sizes of hidden zones, and their own hidden cards.
// Other players' hands, mines and face-down cards and the order of the
// draw pile are hidden. Card counts are indexed by design.
type Observation struct {
	Player         int          `json:"player"`
	Current        int          `json:"current"` // the seat to move, engine.Chance while a card is drawn
	Decision       string       `json:"decision"`
	Day            int          `json:"day"`
	Round          int          `json:"round"`
	StartingPlayer int          `json:"starting_player"`
	Auctioneer     int          `json:"auctioneer"`
	DrawPile       int          `json:"draw_pile"`
	DiscardPile    []int        `json:"discard_pile"` // designs, top last
	Bar            []int        `json:"bar"`
	Dragons        int          `json:"supply_dragons"`
	Ruins          int          `json:"supply_ruins"`
	Building       int          `json:"building"` // design on its way into an empire, or -1
	Seats          []SeatView   `json:"seats"`
	Designs        []DesignView `json:"-"`
}

// SeatView is one player's side of the table. Hand, Mine and Aside (with
// where each card set aside goes) are nil for other players; their sizes
// are always given.
type SeatView struct {
	Hand      []int    `json:"hand,omitempty"`
	HandSize  int      `json:"hand_size"`
	Mine      []int    `json:"mine,omitempty"`
	MineSize  int      `json:"mine_size"`
	Aside     []int    `json:"aside,omitempty"`
	AsideTo   []string `json:"aside_to,omitempty"` // per Aside card: "mine", "dungeon" or "" (not chosen yet)
	AsideSize int      `json:"aside_size"`
	Dungeon   []int    `json:"dungeon"`
	Castle    []int    `json:"castle"`
	Empire    []int    `json:"empire"` // per field: a design, -1 empty, -2 dragon, -3 ruin
	Bid       []int    `json:"bid"`    // cards on the table, by design
	BidGold   float64  `json:"bid_gold"`
	Bidding   string   `json:"bidding"` // "", "open", "made", "passed"
}

// DesignView describes a design for bots.
type DesignView = Design

// Field values of SeatView.Empire besides designs.
const (
	FieldEmpty  = -1
	FieldDragon = -2
	FieldRuin   = -3
)

// stepName names a decision in observations.
func stepName(s step) string {
	names := [...]string{
		stOver: "over", stShortDeal: "short_deal", stAsideBar: "aside_bar", stAsideRest: "aside_rest",
		stAsideDest: "aside_dest", stMain: "action", stField: "field", stPay: "pay", stGiantSkill: "giant_skill",
		stDragon: "dragon", stHumanDraw: "human_draw", stGoblinBar: "goblin_bar",
		stGnomeHand: "gnome_hand", stOrc: "orc", stWizardOwn: "wizard_own",
		stWizardTake: "wizard_take", stBid: "bid", stPickEmpire: "pick_empire",
		stPickDiscard: "pick_discard", stPickSecond: "pick_second",
	}
	return names[s]
}

func bidName(b bidState) string {
	return [...]string{bidNone: "", bidOpen: "open", bidMade: "made", bidPassed: "passed"}[b]
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

// observe writes what player may see over o, reusing its lists' memory.
// A list Observe leaves nil is nil here too, so that both are equal.
func (s *State) observe(player int, o *Observation) {
	nd := len(s.r.Designs)
	seats, discard := o.Seats, o.DiscardPile[:0]
	*o = Observation{
		Player: player, Current: s.CurrentPlayer(), Decision: stepName(s.step),
		Day: s.day, Round: s.round, StartingPlayer: s.elrohir, Auctioneer: s.tonar,
		DrawPile: s.nDraw, Bar: listInto(o.Bar, &s.bar, nd), Dragons: s.dragons, Ruins: s.ruins,
		Building: -1, Designs: s.r.Designs,
	}
	if len(s.discard) > 0 && cap(discard) < len(s.discard) {
		// Room for every card, as the state's own pile has: the pile
		// grows by one card at a time.
		discard = make([]int, 0, max(cap(s.discard), len(s.discard)))
	}
	for _, d := range s.discard {
		discard = append(discard, int(d))
	}
	if len(discard) > 0 {
		o.DiscardPile = discard
	}
	if s.building() {
		o.Building = s.bld.design
	}
	if cap(seats) < s.n {
		seats = append(seats[:cap(seats)], make([]SeatView, s.n-cap(seats))...)
	}
	o.Seats = seats[:s.n]
	for i := range s.n {
		p := &s.seats[i]
		v := &o.Seats[i]
		old := *v
		*v = SeatView{
			HandSize: p.nHand, MineSize: p.nMine, AsideSize: p.nAside,
			Dungeon: listInto(old.Dungeon, &p.dungeon, nd), Castle: listInto(old.Castle, &p.castle, nd),
			BidGold: p.bidGold, Bidding: bidName(p.bidState),
		}
		if i == player {
			v.Hand, v.Mine = listInto(old.Hand, &p.hand, nd), listInto(old.Mine, &p.mine, nd)
			aside, to := slices.Grow(old.Aside[:0], max(1, p.nAside)), slices.Grow(old.AsideTo[:0], max(1, p.nAside))
			for j := range p.nAside {
				aside = append(aside, int(p.aside[j]))
				dest := ""
				switch {
				case j >= p.sent:
				case p.toMine[j]:
					dest = "mine"
				default:
					dest = "dungeon"
				}
				to = append(to, dest)
			}
			// Empty rather than nil, which marshals the same, keeps the
			// memory for the next aside.
			v.Aside, v.AsideTo = aside, to
		}
		v.Bid = listInto(old.Bid, &p.bid, nd)
		for d := range nd {
			v.Bid[d] += int(p.bidAlt[d])
		}
		empire := slices.Grow(old.Empire[:0], s.fields())
		for f := range s.fields() {
			switch c := p.empire[f]; c {
			case empty:
				empire = append(empire, FieldEmpty)
			case dragon:
				empire = append(empire, FieldDragon)
			case ruin:
				empire = append(empire, FieldRuin)
			default:
				empire = append(empire, c.design())
			}
		}
		v.Empire = empire
	}
}

// list returns the counts c of n designs.
func list(c *counts, n int) []int { return listInto(nil, c, n) }

// listInto is list in dst's memory when it is large enough.
func listInto(dst []int, c *counts, n int) []int {
	if cap(dst) < n {
		dst = make([]int, n)
	}
	dst = dst[:n]
	for i := range dst {
		dst[i] = int(c[i])
	}
	return dst
}

// Hash implements engine.State: the hash of the state's Position, which
// the rules engine gives at the same point of a game; for a game without
// rules, FNV-1a of every part of the state, hidden ones and the RNG
// included.
func (s *State) Hash() uint64 {
	if s.r.num != nil {
		return s.Position().Hash()
	}
	h := fnv.New64a()
	var b []byte
	put := func(xs ...int) {
		for _, x := range xs {
			b = binary.AppendVarint(b, int64(x))
		}
	}
	put(s.n, int(s.step), s.cur, s.elrohir, s.tonar, s.day, s.round, s.done, s.asideN, s.left, s.castleGob, s.bidder, s.pick, s.nBar, s.dragons, s.ruins, s.turns)
	put(flag(s.complete), flag(s.final), flag(s.rows), flag(s.short), flag(s.second))
	put(s.bld.design, s.bld.player, flag(s.bld.free), s.bld.field, int(s.bld.nRem), int(s.bld.subLeft), int(s.bld.castleGob), int(s.bld.ret))
	for _, x := range s.bld.rem {
		put(int(x))
	}
	put(int(s.wait), s.dealt, s.nDraw)
	b = append(b, s.draw[:]...)
	put(len(s.discard))
	b = append(b, s.discard...)
	b = append(b, s.bar[:]...)
	put(s.bidOrder()...)
	for i := range s.n {
		p := &s.seats[i]
		for _, z := range [...]*counts{&p.hand, &p.mine, &p.dungeon, &p.castle, &p.bid, &p.bidAlt} {
			b = append(b, z[:]...)
		}
		put(p.nAside, p.sent, int(p.bidState))
		for j := range p.nAside {
			put(int(p.aside[j]), flag(j < p.sent && p.toMine[j]))
		}
		for f := range s.fields() {
			b = append(b, byte(p.empire[f]))
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.bidGold))
	}
	rng := s.rng
	put(int(rng.Uint64() >> 1))
	h.Write(b)
	return h.Sum64()
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
