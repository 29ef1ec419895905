package warlock

import (
	"math/bits"
	"slices"

	"github.com/grimoire-games/grimoire/engine"
)

// startRound deals the cards, after the short-deal discards if the piles
// cannot provide them all.
func (s *State) startRound() {
	s.done, s.asideN = 0, 0
	if s.shortOfCards() {
		s.short = true
		s.cur = s.elrohir
		s.step = stShortDeal
		if s.seats[s.cur].cards() == 0 {
			s.nextShort()
		}
		return
	}
	s.deal()
}

// shortOfCards reports whether the piles hold too few cards to deal and
// someone still has a card to discard (rule 2.1, ruling short-deal: with
// any number of players, though the rulebook expects it only with five).
func (s *State) shortOfCards() bool {
	if s.piles() >= s.n*s.r.Params.CardsDealt {
		return false
	}
	for i := range s.n {
		if s.seats[i].cards() > 0 {
			return true
		}
	}
	return false
}

func (p *seat) cards() int { return p.nHand + p.nMine + p.nDungeon }

// nextShort moves the short-deal discards on to the next player who has a
// card, or deals once there are enough cards.
func (s *State) nextShort() {
	if !s.shortOfCards() {
		s.short = false
		s.deal()
		return
	}
	for range s.n {
		s.cur = s.left1(s.cur)
		if s.seats[s.cur].cards() > 0 {
			return
		}
	}
}

// deal gives each player, from the starting player on, their cards, one
// chance node a card; then the players set cards aside.
func (s *State) deal() {
	s.dealt = 0
	s.dealMore()
}

// dealMore waits for the deal's next card, the discard pile shuffled in
// when the draw pile runs out, until every card is dealt or both piles
// are empty; then the setting aside begins.
func (s *State) dealMore() {
	if s.dealt < s.n*s.r.Params.CardsDealt && s.await(waitDeal) {
		return
	}
	s.cur = s.elrohir
	s.beginAside()
}

// beginAside starts the current player's face-down picks, skipping players
// with an empty hand; a short hand sets aside what it has, the bar's card
// first (ruling aside-short-hand).
func (s *State) beginAside() {
	for s.asideN < s.n {
		if s.seats[s.cur].nHand > 0 {
			s.step = stAsideBar
			s.left = s.r.Params.CardsSetAside
			return
		}
		s.asideN++
		s.cur = s.left1(s.cur)
	}
	s.reveal()
}

func (s *State) asideDone() {
	s.asideN++
	s.cur = s.left1(s.cur)
	s.beginAside()
}

// reveal puts each player's first face-down card into the bar; then the
// players choose where their other cards go (rule 2.2: after the reveal).
func (s *State) reveal() {
	for i := range s.n {
		p := &s.seats[i]
		if p.nAside == 0 {
			continue
		}
		s.addBar(int(p.aside[0]))
		copy(p.aside[:], p.aside[1:p.nAside])
		p.nAside--
		p.sent = 0
	}
	s.cur = s.elrohir
	s.asideN = 0
	s.beginDest()
}

// beginDest moves the choice of destinations on to the next player, from
// the starting player on, with a card waiting; each choice stays face
// down until all have chosen, and then every card is put in place at once
// (ruling second-card-hidden).
func (s *State) beginDest() {
	for s.asideN < s.n {
		if p := &s.seats[s.cur]; p.sent < p.nAside {
			s.step = stAsideDest
			return
		}
		s.asideN++
		s.cur = s.left1(s.cur)
	}
	for i := range s.n {
		p := &s.seats[i]
		for j := range p.nAside {
			if p.toMine[j] {
				p.addMine(int(p.aside[j]))
			} else {
				p.addDungeon(s.r, int(p.aside[j]))
			}
		}
		p.nAside, p.sent = 0, 0
	}
	s.cur = s.elrohir
	s.step = stMain
}

func (s *State) destDone() {
	s.asideN++
	s.cur = s.left1(s.cur)
	s.beginDest()
}

// actionDone ends the current player's action.
func (s *State) actionDone() {
	s.castleGob = -1
	s.done++
	if s.done < s.n*s.r.Params.ActionsPerRound {
		s.cur = s.left1(s.cur)
		s.step = stMain
		return
	}
	s.endRound()
}

// endRound passes Elrohir on and empties the castles (rule 2.4); a full
// bar or the day's last round brings the auction, a complete empire the
// final visit (ruling day-end).
func (s *State) endRound() {
	s.elrohir = s.left1(s.elrohir)
	for i := range s.n {
		s.dump(&s.seats[i].castle)
	}
	s.round++
	s.checkComplete()
	full := s.nBar >= s.r.Params.BarCardsPerPlayer*s.n
	switch {
	case s.round >= s.r.Params.RoundsPerDay || full:
		s.startAuction(s.complete || s.day+1 >= s.r.Params.Days, false)
	case s.complete:
		s.startAuction(true, true)
	default:
		s.startRound()
	}
}

// --- building -------------------------------------------------------------

// open reports whether a card may be put on an empty field: on the row
// touching the player board when the empire is empty, otherwise next to a
// card already there (rule 4).
func (s *State) open(p *seat, i int) bool {
	return s.openSet(p)&(1<<i) != 0
}

// openSet is the fields that open allows.
func (s *State) openSet(p *seat) uint64 {
	if p.occ == 0 {
		return s.r.boardRow
	}
	return s.r.spread(p.occ) &^ p.occ
}

// cityField reports whether a city may go on field i: an open field, or,
// once the empire is full, a dragon or a ruined city (rule 4).
func (s *State) cityField(p *seat, i int) bool {
	if s.full(p) {
		return p.empire[i] == dragon || p.empire[i] == ruin
	}
	return s.open(p, i)
}

// hasCityField reports whether a city may go anywhere in pl's empire: a
// grid that is not full always has an empty field next to a card.
func (s *State) hasCityField(pl int) bool {
	p := &s.seats[pl]
	return !s.full(p) || p.dragons+p.ruins > 0
}

func (s *State) cityFields(dst []engine.Action, pl int) []engine.Action {
	p := &s.seats[pl]
	set := s.openSet(p)
	if s.full(p) {
		set = p.dragonM | p.ruinM
	}
	return s.fieldActions(dst, set)
}

// fieldActions lists a Field action for each field of set.
func (s *State) fieldActions(dst []engine.Action, set uint64) []engine.Action {
	base := s.r.ids.base[Field]
	for ; set != 0; set &= set - 1 {
		dst = append(dst, engine.Action(base+bits.TrailingZeros64(set)))
	}
	return dst
}

// canPlaceDragon reports whether the giant power has a field for a dragon:
// one is left in the supply, the empire has fewer than the most dragons
// and is not full (then an empty field next to a card always exists).
func (s *State) canPlaceDragon(p *seat) bool {
	return s.dragons > 0 && p.dragons < s.r.Params.MaxDragons && !s.full(p)
}

func (s *State) dragonFields(dst []engine.Action, p *seat) []engine.Action {
	if !s.canPlaceDragon(p) {
		return dst
	}
	return s.fieldActions(dst, s.openSet(p))
}

// affordable returns the designs of set that player pl can pay for from
// the dungeon.
func (s *State) affordable(pl int, set uint32) uint32 {
	p := &s.seats[pl]
	if p.cache.have != p.have {
		p.cache = payCache{have: p.have}
	}
	for unknown := set &^ p.cache.known; unknown != 0; unknown &= unknown - 1 {
		d := bits.TrailingZeros32(unknown)
		same := s.r.sameCost[d]
		p.cache.known |= same
		if s.affords(pl, d, -1) {
			p.cache.can |= same
		}
	}
	return set & p.cache.can
}

// affords reports whether player pl can pay for design d from the dungeon
// (and with the goblin just played, castleGob, if not -1).
func (s *State) affords(pl, d int, castleGob int) bool {
	have := s.seats[pl].have
	if castleGob >= 0 {
		have += 1 << (4 * s.r.kind[castleGob])
	}
	for _, w := range s.r.ways[d] {
		if fits(have, w) {
			return true
		}
	}
	return false
}

// startBuild takes design d on its way into player pl's empire; the card
// has already left its zone. A free city has no cost to pay, nor a castle
// goblin to pay with.
func (s *State) startBuild(pl, d int, free bool, castleGob int, then ret) {
	b := &s.bld
	b.design, b.player, b.free, b.ret = d, pl, free, then
	if free {
		b.rem, b.nRem, b.castleGob = [len(b.rem)]int8{}, 0, -1
	} else {
		s.r.initCost(&b.due, d, castleGob)
	}
	s.cur = pl
	s.step = stField
}

// placeCity puts the city on its field (the giant skill follows every
// giant city the player brings in, ruling giant-skill-on-arrival), sending a dragon or ruined city it
// replaces back to the supply (ruling built-over-to-supply); a giant city
// may then use the giant skill.
func (s *State) placeCity() {
	p := &s.seats[s.bld.player]
	f := s.bld.field
	s.setField(p, f, cityCell(s.bld.design))
	if s.r.Designs[s.bld.design].Race == giantRace && p.occupied > 1 {
		s.step = stGiantSkill
		return
	}
	s.buildDone()
}

// setField replaces what is on a field, keeping the supply and the counts.
func (s *State) setField(p *seat, f int, c cell) {
	switch p.empire[f] {
	case empty:
		p.occupied++
	case dragon:
		p.dragons--
		s.dragons++
	case ruin:
		p.ruins--
		s.ruins++
	}
	switch c {
	case dragon:
		p.dragons++
	case ruin:
		p.ruins++
	}
	p.put(f, c)
}

// building reports whether a city is on its way into an empire, its
// card in no zone: while its field is chosen and its cost paid.
func (s *State) building() bool {
	return s.wait == waitNone && (s.step == stField || s.step == stPay)
}

func (s *State) buildDone() {
	switch s.bld.ret {
	case retGoblin:
		// The gap in the bar is filled from the draw pile, if a card is left.
		if !s.await(waitBar) {
			s.actionDone()
		}
	case retPick:
		s.afterPickEmpire()
	default:
		s.actionDone()
	}
}

// --- auction ----------------------------------------------------------------

// startAuction opens the bidding at Tonar's holder (rule 3). final marks
// the game's last visit to the bar; rows, a final visit before the day's
// end, where each bidder takes as many cards as the bar has rows and there
// is no second pick (rule 6, ruling final-visit).
func (s *State) startAuction(final, rows bool) {
	s.final, s.rows = final, rows
	s.step = stBid
	s.bidder = 0
	s.nOrder = 0
	s.second = false
	for i := range s.n {
		p := &s.seats[i]
		p.bidState = bidNone
		p.bidGold = 0
	}
	s.cur = s.tonar
	s.seats[s.cur].bidState = bidOpen
}

// bidDone moves the bidding on; after the last bidder come the picks.
func (s *State) bidDone() {
	s.bidder++
	if s.bidder < s.n {
		s.cur = s.left1(s.cur)
		s.seats[s.cur].bidState = bidOpen
		return
	}
	for i := range s.n {
		if s.seats[i].bidState == bidMade {
			s.order[s.nOrder] = i
			s.nOrder++
		}
	}
	slices.SortStableFunc(s.bidOrder(), func(a, b int) int {
		ga, gb := s.seats[a].bidGold, s.seats[b].bidGold
		switch {
		case ga > gb:
			return -1
		case ga < gb:
			return 1
		}
		return 0
	})
	s.pick = 0
	s.nextPick()
}

// bidOrder is the bidders who made a bid, highest first once the
// bidding is over.
func (s *State) bidOrder() []int { return s.order[:s.nOrder] }

// picks is how many cards each bidder takes in the first pick: as many as
// there are rows in the bar at a final visit before the day's end (rule 6),
// otherwise auction_first_pick.
func (s *State) picks() int {
	if s.rows {
		return max(1, s.round)
	}
	return s.r.Params.AuctionFirstPick
}

// nextPick hands the first or second pick to the next bidder in bid order.
func (s *State) nextPick() {
	for s.pick < s.nOrder && s.nBar > 0 {
		s.cur = s.order[s.pick]
		if s.second {
			s.step = stPickSecond
			s.left = s.r.Params.AuctionSecondPick
		} else {
			s.step = stPickEmpire
			s.left = s.picks()
		}
		if s.left > 0 {
			return
		}
		s.pick++
	}
	if !s.second && !s.rows && s.r.Params.AuctionSecondPick > 0 {
		s.second = true
		s.pick = 0
		if s.nOrder > 0 && s.nBar > 0 {
			s.nextPick()
			return
		}
	}
	s.endAuction()
}

// afterPickEmpire follows the card placed in the empire with the discards.
func (s *State) afterPickEmpire() {
	s.cur = s.order[s.pick]
	s.left--
	s.pickStep()
}

func (s *State) pickStep() {
	if s.left > 0 && s.nBar > 0 {
		s.step = stPickDiscard
		return
	}
	s.pick++
	s.nextPick()
}

// endAuction discards the bids and the bar, gives Tonar to the lowest
// bidder (rule new day) and starts the next day, or ends the game.
func (s *State) endAuction() {
	for i := range s.n {
		p := &s.seats[i]
		s.dump(&p.bid)
		s.dump(&p.bidAlt)
	}
	s.dump(&s.bar)
	s.nBar = 0
	s.barSet = 0
	s.tonar = s.newAuctioneer()
	s.checkComplete()
	s.day++
	s.round = 0
	// ruling complete-at-auction: an empire completed at an auction ends
	// the game with it.
	if s.final || s.complete || s.day >= s.r.Params.Days {
		s.step = stOver
		s.cur = 0
		return
	}
	s.startRound()
}

// newAuctioneer is the lowest bidder, players without a bid counting as
// lowest; among tied players, the one sitting closest to the right of
// Elrohir's holder (ruling tonar-tie).
func (s *State) newAuctioneer() int {
	lowest := func(i int) float64 {
		if s.seats[i].bidState != bidMade {
			return -1
		}
		return s.seats[i].bidGold
	}
	best := -1
	p := s.elrohir
	for range s.n {
		p = s.right1(p)
		if best < 0 || lowest(p) < lowest(best) {
			best = p
		}
	}
	return best
}

// checkComplete notes an empire that has become complete.
func (s *State) checkComplete() {
	for i := range s.n {
		if s.full(&s.seats[i]) {
			s.complete = true
		}
	}
}
