package warlock

import (
	"encoding/binary"
	"hash/fnv"
	"math"
)

// Observation is what one player may see (OpenSpiel's observation): every
// face-up card, the sizes of hidden zones, and their own hidden cards.
// Other players' hands, mines and face-down cards and the order of the
// draw pile are hidden. Card counts are indexed by design.
type Observation struct {
	Player         int          `json:"player"`
	Current        int          `json:"current"`
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

// Observe returns what player may see.
func (s *State) Observe(player int) *Observation {
	nd := len(s.r.Designs)
	o := &Observation{
		Player: player, Current: s.CurrentPlayer(), Decision: stepName(s.step),
		Day: s.day, Round: s.round, StartingPlayer: s.elrohir, Auctioneer: s.tonar,
		DrawPile: len(s.draw), Bar: list(&s.bar, nd), Dragons: s.dragons, Ruins: s.ruins,
		Building: -1, Designs: s.r.Designs,
	}
	for _, d := range s.discard {
		o.DiscardPile = append(o.DiscardPile, int(d))
	}
	if s.step == stField || s.step == stPay {
		o.Building = s.bld.design
	}
	for i := range s.n {
		p := &s.seats[i]
		v := SeatView{
			HandSize: p.nHand, MineSize: p.nMine, AsideSize: p.nAside,
			Dungeon: list(&p.dungeon, nd), Castle: list(&p.castle, nd),
			BidGold: p.bidGold, Bidding: bidName(p.bidState),
		}
		if i == player {
			v.Hand, v.Mine = list(&p.hand, nd), list(&p.mine, nd)
			for j := range p.nAside {
				v.Aside = append(v.Aside, int(p.aside[j]))
				to := ""
				switch {
				case j >= p.sent:
				case p.toMine[j]:
					to = "mine"
				default:
					to = "dungeon"
				}
				v.AsideTo = append(v.AsideTo, to)
			}
		}
		v.Bid = list(&p.bid, nd)
		for d := range nd {
			v.Bid[d] += int(p.bidAlt[d])
		}
		for f := range s.fields() {
			switch c := p.empire[f]; c {
			case empty:
				v.Empire = append(v.Empire, FieldEmpty)
			case dragon:
				v.Empire = append(v.Empire, FieldDragon)
			case ruin:
				v.Empire = append(v.Empire, FieldRuin)
			default:
				v.Empire = append(v.Empire, c.design())
			}
		}
		o.Seats = append(o.Seats, v)
	}
	return o
}

func list(c *counts, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = int(c[i])
	}
	return out
}

// Hash implements engine.State: FNV-1a of every part of the state,
// hidden ones and the RNG included.
func (s *State) Hash() uint64 {
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
	put(len(s.draw))
	b = append(b, s.draw...)
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
