package warriors

import "github.com/grimoire-games/grimoire/engine"

// ActionKind implements engine.ActionKinder: the action's Kind, in
// snake case, whatever the state.
func (s *State) ActionKind(a engine.Action) string {
	k, ok := s.r.kind(a)
	if !ok {
		return "unknown"
	}
	return k.name()
}

// name is the kind in snake case, as statistics show it.
func (k Kind) name() string {
	names := [kinds]string{
		Deal: "deal", Roll: "roll", Keep: "keep", Protect: "protect",
		AssignFlame: "assign_flame", Attack: "attack", Enlist: "enlist",
		AsMercenary: "as_mercenary", AsDraconic: "as_draconic", Continue: "continue",
		Stop: "stop", Charge: "charge", EndCharge: "end_charge", Give: "give",
		SpendFlame: "spend_flame", Fire: "fire", HoldFire: "hold_fire",
	}
	if k >= kinds {
		return "unknown"
	}
	return names[k]
}

// Rounds implements engine.RoundCounter: the rounds dealt, once the game
// is over.
func (s *State) Rounds() (int, string) { return max(0, s.round-1), "rounds" }
