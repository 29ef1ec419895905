package warlock

import "github.com/grimoire-games/grimoire/engine"

// ActionKind implements engine.ActionKinder: the action's Kind, in
// snake case, so that simulations count, say, the giant's swaps.
func (s *State) ActionKind(a engine.Action) string {
	m, ok := s.r.Decode(a)
	if !ok {
		return "unknown"
	}
	return m.Kind.name()
}

// name is the kind in snake case, as statistics show it.
func (k Kind) name() string {
	names := [kinds]string{
		Pass: "pass", DrawPile: "draw_pile", DrawDiscard: "draw_discard", BidDone: "bid_done",
		PayCastle: "pay_castle", PlayMine: "play_mine", PlayDungeon: "play_dungeon",
		PlayEmpire: "play_empire", PlayCastle: "play_castle", AsideBar: "aside_bar",
		Aside: "aside", AsideMine: "aside_mine", AsideDungeon: "aside_dungeon", Pay: "pay",
		BarCard: "bar_card", Hand: "hand", DiscardHand: "discard_hand",
		DiscardMine: "discard_mine", DiscardDungeon: "discard_dungeon", Bid: "bid",
		BidAlt: "bid_alt", PickMine: "pick_mine", PickDungeon: "pick_dungeon",
		Field: "field", Swap: "swap", Target: "target", Draw: "draw",
	}
	if k >= kinds {
		return "unknown"
	}
	return names[k]
}

// Rounds implements engine.RoundCounter: the days played.
func (s *State) Rounds() (int, string) { return s.day, "days" }
