package bellummagica

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Limits of the engine's fixed-size state.
const (
	maxSeats     = 5
	maxRows      = 12 // faces of the die
	maxCastles   = 8
	maxCreatures = 64 // creature designs, goblins included
	maxLocations = 40
	maxChests    = 16 // chest designs
	maxFaceUp    = 4
	maxDraws     = 16 // chest draws owed at once
)

// Abilities of a castle row or a creature, in the order of the data's
// fields: the production side, then the attack side.
const (
	Food = iota
	Glyphs
	Maps
	Swords
	MagicSwords
	Thieves
	abilities
)

var abilityFields = [abilities]string{"food", "glyphs", "maps", "swords", "magic_swords", "thieves"}

// CreatureKind is what a creature card is.
type CreatureKind uint8

const (
	Goblin CreatureKind = iota
	Evil
	MostEvil
)

// Bonus is the bonus token a creature brings.
type Bonus uint8

const (
	NoBonus Bonus = iota
	ShieldBonus
	ConfusionBonus
	MagicShieldBonus
)

// LocationKind is what a location of the kingdom is.
type LocationKind uint8

const (
	Tavern LocationKind = iota
	Farm
	Village
	Town
)

// ChestKind is a chest's kind, which every player sees.
type ChestKind uint8

const (
	Wooden ChestKind = iota
	Metal
	Gold
	chestKinds
)

// chestKindIDs are the chest kinds' ids in the data, by ChestKind.
var chestKindIDs = [chestKinds]string{"wooden", "metal", "gold"}

// Loot of a location, in the order of the data's fields.
const (
	LootFood = iota
	LootGlyphs
	LootBarrels
	LootWooden
	LootMetal
	LootGold
	lootKinds
)

var lootFields = [lootKinds]string{"food", "glyphs", "barrels", "wooden", "metal", "gold"}

// The shared reserve: resources and bonus tokens.
const (
	SupplyFood = iota
	SupplyGlyphs
	SupplyBarrels
	SupplyShields
	SupplyConfusion
	SupplyMagicShields
	supplies
)

var supplyComponents = [supplies]string{"food_token", "glyph_token", "barrel_token", "shield_token", "confusion_token", "magic_shield_token"}

// Rows are a castle's or a creature's abilities, per ability and row.
type Rows [abilities][maxRows]int8

// Castle is a castle board.
type Castle struct {
	ID     string
	Shield int
	Rows   Rows
}

// Creature is a creature design.
type Creature struct {
	ID     string
	Kind   CreatureKind
	Bonus  Bonus
	Rows   Rows
	Copies int
}

// Location is a location design of the humans' kingdom.
type Location struct {
	ID          string
	Kind        LocationKind
	Shield      int
	MagicShield int
	Loot        [lootKinds]int
	Copies      int
}

// Chest is a chest design: a kind and a hidden value.
type Chest struct {
	ID     string
	Kind   ChestKind
	Value  int
	Copies int
}

// Params are the rule parameters, read from the data.
type Params struct {
	Faces                        int
	Goblins, FaceUp              int
	Kingdom                      map[int][3]int // farms, villages, towns by player count
	RoundCost                    int
	ScoutChest, ScoutTieChest    ChestKind
	ThiefChests, RobberyShields  int
	EvilFood                     int
	MostEvilGlyphs, MostEvilFood int
	MostEvilAltGlyphs            int
	BarrelLimit                  int
	EndChests                    int
	// MagicSwordCountsTwice: the magic swords that beat a magic shield
	// count towards the shield too (ruling magic-shield-swords).
	MagicSwordCountsTwice bool
	Supply                [supplies]int
}

// Rules is everything a game of Bellum Magica needs from the compiled
// data, built once and shared by every state.
type Rules struct {
	Params    Params
	Castles   []Castle
	Creatures []Creature
	Locations []Location
	Chests    []Chest
	Players   model.Range
	tavern    int
	// chestScale is the power of ten above the game's chests (see Return).
	chestScale float64
	// The designs of each kind, in design order, so that a count or a
	// chance node looks only at the designs that can come.
	castleIDs []int8
	goblins   []int8
	decks     [2][]int8 // evil, most evil
	sites     [Town + 1][]int8
	chestsBy  [chestKinds][]int8
	game      *model.Game
	locs      *l10n.Set
	num       *numbers
}

// NewRules reads the rules from the compiled game.
func NewRules(g *model.Game) (*Rules, error) {
	if g.Variant != "" {
		return nil, fmt.Errorf("game %s: the engine does not know variant %q", g.ID, g.Variant)
	}
	r := &Rules{Players: g.Players, game: g, tavern: -1}
	if err := r.readParams(g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	for _, c := range g.Cards {
		if err := r.card(c); err != nil {
			return nil, fmt.Errorf("card %s: %w", c.ID, err)
		}
	}
	if err := r.validate(); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	r.index()
	r.chestScale = 10
	for r.chestScale <= float64(r.chestCount()) {
		r.chestScale *= 10
	}
	locs, err := l10n.NewSet(g)
	if err != nil {
		return nil, err
	}
	r.locs = locs
	if r.num, err = newNumbers(r, g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return r, nil
}

// index lists the designs of each kind; validate has checked that every
// design number fits an int8.
func (r *Rules) index() {
	for i := range r.Castles {
		r.castleIDs = append(r.castleIDs, int8(i))
	}
	for i, c := range r.Creatures {
		if c.Kind == Goblin {
			r.goblins = append(r.goblins, int8(i))
		} else {
			r.decks[deckOf(c.Kind)] = append(r.decks[deckOf(c.Kind)], int8(i))
		}
	}
	for i, l := range r.Locations {
		r.sites[l.Kind] = append(r.sites[l.Kind], int8(i))
	}
	for i, c := range r.Chests {
		r.chestsBy[c.Kind] = append(r.chestsBy[c.Kind], int8(i))
	}
}

func (r *Rules) validate() error {
	switch {
	case r.Players.Min < 2 || r.Players.Max > maxSeats:
		return fmt.Errorf("%d to %d players; the engine handles 2 to %d", r.Players.Min, r.Players.Max, maxSeats)
	case len(r.Castles) < r.Players.Max || len(r.Castles) > maxCastles:
		return fmt.Errorf("%d castles for up to %d players; the engine handles up to %d", len(r.Castles), r.Players.Max, maxCastles)
	case len(r.Creatures) > maxCreatures || len(r.Locations) > maxLocations || len(r.Chests) > maxChests:
		return fmt.Errorf("%d creature, %d location and %d chest designs; the engine handles %d, %d and %d",
			len(r.Creatures), len(r.Locations), len(r.Chests), maxCreatures, maxLocations, maxChests)
	case r.tavern < 0:
		return fmt.Errorf("no tavern")
	case r.Params.FaceUp < 1 || r.Params.FaceUp > maxFaceUp:
		return fmt.Errorf("face_up_creatures must be 1 to %d", maxFaceUp)
	}
	goblins := 0
	kinds := [4]int{}
	for _, l := range r.Locations {
		kinds[l.Kind] += l.Copies
	}
	for _, c := range r.Creatures {
		if c.Kind == Goblin {
			goblins += c.Copies
		}
	}
	if goblins < r.Params.Goblins*r.Players.Max {
		return fmt.Errorf("%d goblins cannot deal %d to each of %d players", goblins, r.Params.Goblins, r.Players.Max)
	}
	for n := r.Players.Min; n <= r.Players.Max; n++ {
		k, ok := r.Params.Kingdom[n]
		if !ok {
			return fmt.Errorf("the kingdom_* tables have no entry for %d players", n)
		}
		for i, c := range k {
			if c > kinds[i+1] || c < 0 {
				return fmt.Errorf("the kingdom for %d players takes %d %s cards; there are %d", n, c, []string{"farm", "village", "town"}[i], kinds[i+1])
			}
		}
	}
	if int(r.Params.ScoutChest) >= int(chestKinds) || int(r.Params.ScoutTieChest) >= int(chestKinds) {
		return fmt.Errorf("scout_chest and scout_tie_chest must be chest kinds")
	}
	return nil
}

func (r *Rules) readParams(g *model.Game) error {
	p := &r.Params
	ints := []struct {
		id  string
		dst *int
	}{
		{"goblins", &p.Goblins}, {"face_up_creatures", &p.FaceUp}, {"round_cost", &p.RoundCost},
		{"thief_chests", &p.ThiefChests}, {"robbery_shields", &p.RobberyShields},
		{"evil_cost_food", &p.EvilFood}, {"most_evil_cost_glyphs", &p.MostEvilGlyphs},
		{"most_evil_cost_food", &p.MostEvilFood}, {"most_evil_alt_cost_glyphs", &p.MostEvilAltGlyphs},
		{"barrel_limit", &p.BarrelLimit}, {"end_chests", &p.EndChests},
	}
	for _, x := range ints {
		q := g.Param(x.id)
		if q == nil {
			return fmt.Errorf("no parameter %s", x.id)
		}
		if q.Type.Kind != model.Int || q.Value.Int < 0 || q.Value.Int > 100 {
			return fmt.Errorf("parameter %s must be a whole number from 0 to 100", x.id)
		}
		*x.dst = int(q.Value.Int)
	}
	if p.EndChests < 1 || p.RoundCost < 1 {
		return fmt.Errorf("end_chests and round_cost must be at least 1")
	}
	q := g.Param("magic_sword_counts_twice")
	if q == nil || q.Type.Kind != model.Bool {
		return fmt.Errorf("no parameter magic_sword_counts_twice (bool)")
	}
	p.MagicSwordCountsTwice = q.Value.Bool
	for _, x := range []struct {
		id  string
		dst *ChestKind
	}{{"scout_chest", &p.ScoutChest}, {"scout_tie_chest", &p.ScoutTieChest}} {
		q := g.Param(x.id)
		if q == nil {
			return fmt.Errorf("no parameter %s", x.id)
		}
		k := slices.Index(chestKindIDs[:], q.Value.Str)
		if k < 0 {
			return fmt.Errorf("parameter %s: unknown chest kind %q", x.id, q.Value.Str)
		}
		*x.dst = ChestKind(k)
	}
	p.Kingdom = map[int][3]int{}
	for i, id := range []string{"kingdom_farms", "kingdom_villages", "kingdom_towns"} {
		q := g.Param(id)
		if q == nil {
			return fmt.Errorf("no parameter %s", id)
		}
		for j, k := range q.Value.Keys {
			row := p.Kingdom[int(k.Int)]
			row[i] = int(q.Value.List[j].Int)
			p.Kingdom[int(k.Int)] = row
		}
	}
	for _, c := range g.Components {
		if c.ID == "die" {
			p.Faces = c.Faces
		}
		if i := slices.Index(supplyComponents[:], c.ID); i >= 0 {
			p.Supply[i] = c.Count
		}
	}
	if p.Faces < 2 || p.Faces > maxRows {
		return fmt.Errorf("the die needs 2 to %d faces, not %d", maxRows, p.Faces)
	}
	for i, id := range supplyComponents {
		if p.Supply[i] < 0 || p.Supply[i] > 120 {
			return fmt.Errorf("component %s: the engine handles 0 to 120", id)
		}
	}
	return nil
}

// card reads one card into its table; player aids are skipped.
func (r *Rules) card(c *model.Card) error {
	str := func(f string) string { v, _ := c.Get(f); return v.Str }
	num := func(f string) int { v, _ := c.Get(f); return int(v.Int) }
	rows := func() (Rows, error) {
		var out Rows
		for a, f := range abilityFields {
			v, _ := c.Get(f)
			if len(v.List) != r.Params.Faces {
				return out, fmt.Errorf("%s has %d rows; the die has %d faces", f, len(v.List), r.Params.Faces)
			}
			for i, x := range v.List {
				if x.Int < 0 || x.Int > 20 {
					return out, fmt.Errorf("%s: %d is out of 0 to 20", f, x.Int)
				}
				out[a][i] = int8(x.Int)
			}
		}
		return out, nil
	}
	switch c.Type {
	case "castle":
		rs, err := rows()
		if err != nil {
			return err
		}
		for range c.Copies {
			r.Castles = append(r.Castles, Castle{ID: c.ID, Shield: num("shield"), Rows: rs})
		}
	case "creature":
		rs, err := rows()
		if err != nil {
			return err
		}
		k := slices.Index([]string{"goblin", "evil", "most_evil"}, str("kind"))
		b := slices.Index([]string{"", "shield", "confusion", "magic_shield"}, str("bonus"))
		if k < 0 || b < 0 {
			return fmt.Errorf("unknown kind %q or bonus %q", str("kind"), str("bonus"))
		}
		r.Creatures = append(r.Creatures, Creature{ID: c.ID, Kind: CreatureKind(k), Bonus: Bonus(b), Rows: rs, Copies: c.Copies})
	case "location":
		k := slices.Index([]string{"tavern", "farm", "village", "town"}, str("kind"))
		if k < 0 {
			return fmt.Errorf("unknown kind %q", str("kind"))
		}
		l := Location{ID: c.ID, Kind: LocationKind(k), Shield: num("shield"), MagicShield: num("magic_shield"), Copies: c.Copies}
		for i, f := range lootFields {
			l.Loot[i] = num(f)
		}
		if l.Kind == Tavern {
			if r.tavern >= 0 || c.Copies != 1 {
				return fmt.Errorf("the kingdom has exactly one tavern")
			}
			r.tavern = len(r.Locations)
		}
		r.Locations = append(r.Locations, l)
	case "chest":
		k := slices.Index(chestKindIDs[:], str("kind"))
		if k < 0 {
			return fmt.Errorf("unknown kind %q", str("kind"))
		}
		r.Chests = append(r.Chests, Chest{ID: c.ID, Kind: ChestKind(k), Value: num("value"), Copies: c.Copies})
	}
	return nil
}

// name is a card's or enum value's localized name (its "one" form).
func (r *Rules) name(lang, id string) string {
	s, err := r.locs.For(lang).Name(id)
	if err != nil {
		return id
	}
	return s
}
