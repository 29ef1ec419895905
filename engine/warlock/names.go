package warlock

import (
	"strconv"

	"github.com/grimoire-games/grimoire/engine"
)

// ActionString implements engine.State: the action in words, in lang, as
// the decision at hand gives it meaning.
func (s *State) ActionString(a engine.Action, lang string) string {
	m, ok := s.Decode(a)
	if !ok {
		return "action " + strconv.Itoa(int(a))
	}
	r := s.r
	card := func(d int) string { return r.Label(lang, d) }
	field := func(f int) string {
		n := s.side()
		return r.locs.Text(lang, "engine.field", map[string]any{"Row": f/n + 1, "Col": f%n + 1})
	}
	msg := func(id string, args map[string]any) string { return r.locs.Text(lang, id, args) }
	gold := func(g float64) string { return r.number(lang, g) }
	switch m.Kind {
	case Pass:
		switch s.step {
		case stMain, stBid:
			return msg("action.pass", nil)
		}
		return msg("action.skip", nil)
	case DrawPile:
		return msg("action.draw_pile", nil)
	case DrawDiscard:
		if len(s.discard) == 0 {
			return msg("action.draw_pile", nil)
		}
		return msg("action.draw_discard", map[string]any{"Card": card(int(s.discard[len(s.discard)-1]))})
	case BidDone:
		return msg("action.bid_done", map[string]any{"Gold": gold(s.seats[s.cur].bidGold)})
	case PayCastle:
		return msg("action.pay_castle", map[string]any{"Card": card(max(0, int(s.bld.castleGob)))})
	case Field:
		switch s.step {
		case stDragon:
			return msg("action.place_dragon", map[string]any{"Field": field(m.Field)})
		case stWizardOwn:
			d := s.seats[s.cur].empire[m.Field].design()
			return msg("action.wizard_own", map[string]any{"Card": card(max(0, d)), "Field": field(m.Field)})
		}
		return msg("action.place", map[string]any{"Card": card(s.bld.design), "Field": field(m.Field)})
	case Swap:
		return msg("action.swap", map[string]any{"Field": field(m.Field), "Field2": field(m.Field2)})
	case Target:
		id := "action.ruin"
		if s.step == stWizardTake {
			id = "action.wizard_take"
		}
		d := -1
		if m.Player < s.n {
			d = s.seats[m.Player].empire[m.Field].design()
		}
		who := msg("engine.player", map[string]any{"Seat": m.Player + 1})
		return msg(id, map[string]any{"Player": who, "Card": card(max(0, d)), "Field": field(m.Field)})
	case BarCard:
		switch s.step {
		case stGoblinBar:
			return msg("action.goblin_bar", map[string]any{"Card": card(m.Design)})
		case stPickDiscard:
			return msg("action.pick_discard", map[string]any{"Card": card(m.Design)})
		}
		return msg("action.pick_empire", map[string]any{"Card": card(m.Design)})
	case Draw:
		return s.drawName(m.Design, lang)
	case Bid, BidAlt:
		g := r.Designs[m.Design].Gold
		if m.Kind == BidAlt {
			g = r.Designs[m.Design].GoldAlt
		}
		return msg("action.bid", map[string]any{"Card": card(m.Design), "Gold": gold(g)})
	}
	id := designMessage(m.Kind)
	if id == "" {
		return "action " + strconv.Itoa(int(a))
	}
	return msg(id, map[string]any{"Card": card(m.Design)})
}

// designMessage names the card actions whose text needs only the card.
func designMessage(k Kind) string {
	return [kinds]string{
		PlayMine: "action.play_mine", PlayDungeon: "action.play_dungeon",
		PlayEmpire: "action.play_empire", PlayCastle: "action.play_castle",
		AsideBar: "action.set_aside_bar", Aside: "action.set_aside", AsideMine: "action.set_aside_mine",
		AsideDungeon: "action.set_aside_dungeon", Pay: "action.pay",
		Hand: "action.gnome_hand", DiscardHand: "action.discard_hand",
		DiscardMine: "action.discard_mine", DiscardDungeon: "action.discard_dungeon",
		PickMine: "action.pick_mine", PickDungeon: "action.pick_dungeon",
	}[k]
}

// drawName names card d drawn at the chance node as the rules engine
// names a card it draws: the message deal.<zone> of the zone the card
// goes to (hand or bar), with the card (.Card) and for a hand the seat
// from 1 (.Player), when the locales have it; else the card's name.
func (s *State) drawName(d int, lang string) string {
	zone, seat := "", -1
	switch s.wait {
	case waitDeal:
		zone, seat = "hand", s.dealSeat()
	case waitDraw, waitHuman:
		zone, seat = "hand", s.cur
	case waitBar:
		zone = "bar"
	}
	id := "deal." + zone
	if zone == "" || !s.r.hasMessage(lang, id) && !s.r.hasMessage(s.r.game.SourceLang, id) {
		return s.r.Label(lang, d)
	}
	args := map[string]any{"Card": s.r.Label(lang, d)}
	if seat >= 0 {
		args["Player"] = seat + 1
	}
	return s.r.locs.Text(lang, id, args)
}

// hasMessage reports whether the locale of lang has message id.
func (r *Rules) hasMessage(lang, id string) bool {
	for _, l := range r.game.Locales {
		if l.Lang == lang {
			return l.Message(id) != nil
		}
	}
	return false
}
