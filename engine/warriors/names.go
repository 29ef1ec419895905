package warriors

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
	card := func(d int) string { return r.Name(lang, d) }
	player := func(i int) string { return msg("engine.player", map[string]any{"Seat": i + 1}) }
	switch m.Kind {
	case Deal:
		return msg("engine.deal", map[string]any{"Card": card(m.Design)})
	case Roll:
		return msg("engine.roll", map[string]any{"Value": m.Value})
	case Keep:
		return msg("action.keep", map[string]any{"Card": card(m.Design)})
	case Protect:
		return msg("action.protect", map[string]any{"Faction": s.unitName(lang, m.People)})
	case AssignFlame:
		return msg("action.assign_flame", map[string]any{"Dragon": s.unitName(lang, dragonSlot0+m.Slot)})
	case Attack:
		return msg("action.attack", map[string]any{"Faction": s.unitName(lang, m.Slot), "Target": s.unitName(lang, m.TargetSlot), "Player": player(m.Target)})
	case Enlist:
		return msg("action.enlist", map[string]any{"Faction": s.unitName(lang, m.People)})
	case Charge:
		d := -1
		if u := s.b.unit; u >= 0 && u < len(r.Peoples) {
			d = r.warrior[u][m.Troop]
		}
		return msg("action.charge", map[string]any{"Card": s.cardOrTroop(lang, d, m.Troop)})
	case Give:
		d := r.dragon
		switch _, slot := s.loser(); {
		case m.Troop < 0:
			d = r.warrior[m.People][Infantry]
		case m.Troop < troops && slot >= 0 && slot < len(r.Peoples):
			d = r.warrior[slot][m.Troop]
		case m.Troop < troops:
			d = -1
		}
		return msg("action.give", map[string]any{"Card": s.cardOrTroop(lang, d, m.Troop)})
	case Fire:
		var target string
		switch slot := m.TargetSlot; {
		case slot < fireWizard0:
			target = s.cardOrTroop(lang, r.warrior[min(slot/troops, maxPeoples-1)][slot%troops], slot%troops)
		case slot < fireDragon0:
			target = msg("engine.wizard", map[string]any{"Faction": s.unitName(lang, slot-fireWizard0)})
		default:
			target = s.unitName(lang, dragonSlot0+slot-fireDragon0)
		}
		return msg("action.fire", map[string]any{"Target": target, "Player": player(m.Target)})
	}
	return msg([kinds]string{
		AsMercenary: "action.as_mercenary", AsDraconic: "action.as_draconic",
		Continue: "action.continue", Stop: "action.stop", EndCharge: "action.end_charge",
		SpendFlame: "action.spend_flame", HoldFire: "action.hold_fire",
	}[m.Kind], nil)
}

// cardOrTroop names a card design, or a troop when there is no design.
func (s *State) cardOrTroop(lang string, d, troop int) string {
	if d >= 0 {
		return s.r.Name(lang, d)
	}
	if troop >= 0 && troop < troops {
		if t, err := s.r.locs.For(lang).Name("troop." + [...]string{"infantry", "archer", "cavalry"}[troop]); err == nil {
			return t
		}
	}
	return "?"
}

// unitName names a faction, a dragon or the band.
func (s *State) unitName(lang string, slot int) string {
	r := s.r
	switch {
	case slot < 0:
		return "?"
	case slot < maxPeoples:
		name := "?"
		if slot < len(r.Peoples) {
			if n, err := r.locs.For(lang).Name("people." + r.Peoples[slot]); err == nil {
				name = n
			}
		}
		return r.locs.Text(lang, "engine.faction", map[string]any{"People": name})
	case slot < bandSlot:
		return r.locs.Text(lang, "engine.dragon", map[string]any{"Number": slot - dragonSlot0 + 1})
	}
	return r.locs.Text(lang, "engine.band", nil)
}
