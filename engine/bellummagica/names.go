package bellummagica

import (
	"strconv"

	"github.com/grimoire-games/grimoire/engine"
)

// ActionString implements engine.State: the action in words, in lang.
func (s *State) ActionString(a engine.Action, lang string) string {
	m, ok := s.Decode(a)
	if !ok {
		return "action " + strconv.Itoa(int(a))
	}
	r := s.r
	msg := func(id string, args map[string]any) string { return r.locs.Text(lang, id, args) }
	player := func(i int) string { return msg("engine.player", map[string]any{"Seat": i + 1}) }
	// card names the card the action's argument stands for in a table of
	// n cards; id gives its id.
	card := func(n int, id func(int) string) string {
		if m.Arg < n {
			return r.name(lang, "card."+id(m.Arg))
		}
		return strconv.Itoa(m.Arg)
	}
	creature := func() string { return card(len(r.Creatures), func(i int) string { return r.Creatures[i].ID }) }
	chest := func() string { return card(len(r.Chests), func(i int) string { return r.Chests[i].ID }) }
	location := func() string { return card(len(r.Locations), func(i int) string { return r.Locations[i].ID }) }
	pr := &r.Params
	switch m.Kind {
	case DealCastle:
		castle := card(len(r.Castles), func(i int) string { return r.Castles[i].ID })
		return msg("engine.deal_castle", map[string]any{"Player": player(int(s.t.DealAt)), "Castle": castle})
	case DealGoblin:
		return msg("engine.deal_goblin", map[string]any{"Player": player(int(s.t.DealAt) / max(1, pr.Goblins)), "Card": creature()})
	case RevealLocation:
		return msg("engine.reveal", map[string]any{"Card": location()})
	case RevealCreature:
		return msg("engine.reveal", map[string]any{"Card": creature()})
	case Roll:
		return msg("engine.roll", map[string]any{"Value": m.Arg + 1})
	case DrawChest:
		seat := 0
		if s.t.NDraws > 0 {
			seat = int(s.t.Draws[0].Seat)
		}
		return msg("engine.draw_chest", map[string]any{"Player": player(seat), "Chest": chest()})
	case StolenChest:
		return msg("engine.stolen_chest", map[string]any{"Chest": chest()})
	case PlaceLeft:
		return msg("action.place_left", map[string]any{"Card": creature()})
	case PlaceRight:
		return msg("action.place_right", map[string]any{"Card": creature()})
	case KeepRoll:
		return msg("action.keep_roll", nil)
	case PayRound:
		return msg("action.pay_round", nil)
	case CastConfusion:
		return msg("action.cast_confusion", nil)
	case AttackLocation:
		return msg("action.attack_location", map[string]any{"Location": location()})
	case AttackCastle:
		return msg("action.attack_castle", map[string]any{"Player": player(m.Arg)})
	case NoAttack:
		return msg("action.no_attack", nil)
	case Steal:
		kind := strconv.Itoa(m.Arg)
		if m.Arg < int(chestKinds) {
			kind = r.name(lang, "chest_kind."+chestKindIDs[m.Arg])
		}
		return msg("action.steal", map[string]any{"Chest": kind})
	case RecruitFood:
		return msg("action.recruit_food", map[string]any{"Creature": creature(), "Food": pr.EvilFood})
	case RecruitGlyphsFood:
		return msg("action.recruit_glyphs_food", map[string]any{"Creature": creature(), "Glyphs": pr.MostEvilGlyphs, "Food": pr.MostEvilFood})
	case RecruitGlyphs:
		return msg("action.recruit_glyphs", map[string]any{"Creature": creature(), "Glyphs": pr.MostEvilAltGlyphs})
	case StopRecruiting:
		return msg("action.stop_recruiting", nil)
	case StopStealing:
		return msg("action.stop_stealing", nil)
	}
	return "action " + strconv.Itoa(int(a))
}
