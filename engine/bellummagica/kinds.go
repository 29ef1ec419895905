package bellummagica

import "github.com/grimoire-games/grimoire/engine"

// ActionKind implements engine.ActionKinder: the action's Kind, in
// snake case. A player's action is one kind in every state; a chance
// outcome is its chance node's.
func (s *State) ActionKind(a engine.Action) string {
	m, ok := s.r.decode(a)
	if !ok {
		m, ok = s.Decode(a)
	}
	if !ok {
		return "unknown"
	}
	return m.Kind.name()
}

// name is the kind in snake case, as statistics show it.
func (k Kind) name() string {
	names := [kinds]string{
		DealCastle: "deal_castle", DealGoblin: "deal_goblin", RevealLocation: "reveal_location",
		RevealCreature: "reveal_creature", Roll: "roll", DrawChest: "draw_chest",
		StolenChest: "stolen_chest", PlaceLeft: "place_left", PlaceRight: "place_right",
		KeepRoll: "keep_roll", PayRound: "pay_round", CastConfusion: "cast_confusion",
		AttackLocation: "attack_location", AttackCastle: "attack_castle", NoAttack: "no_attack",
		Steal: "steal", RecruitFood: "recruit_food", RecruitGlyphsFood: "recruit_glyphs_food",
		RecruitGlyphs: "recruit_glyphs", StopRecruiting: "stop_recruiting", StopStealing: "stop_stealing",
	}
	if k == 0 || k >= kinds {
		return "unknown"
	}
	return names[k]
}

// Rounds implements engine.RoundCounter: the days begun.
func (s *State) Rounds() (int, string) { return int(s.t.Day), "days" }
