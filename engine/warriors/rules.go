package warriors

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// VariantHordes is the id of the Dragon Hordes expansion in the data.
const VariantHordes = "dragon_hordes"

// Limits of the engine's fixed-size state.
const (
	maxSeats   = 6
	maxPeoples = 8  // peoples with factions, dragons excluded
	maxDragons = 15 // dragons one player can hold at once
	troops     = 3  // infantry, archer, cavalry
	maxDesigns = 64
	// maxCatapultDesigns bounds the catapult designs (the base game's and
	// the expansion's look the same but are counted apart).
	maxCatapultDesigns = 4
)

// Troops of a warrior card, in the order of the data's troop enum.
const (
	Infantry = iota
	Archer
	Cavalry
)

// Class is what a card design is in play.
type Class uint8

const (
	ClassWarrior Class = iota + 1
	ClassDragon
	ClassWizard
	ClassCatapult
	ClassFlame
	ClassBattle
)

// BattleKind is the kind of a battle card.
type BattleKind uint8

const (
	Simple BattleKind = iota + 1
	Mercenary
	Draconic
	Mixed
)

// Design is one card design in play: what every copy of it does.
type Design struct {
	ID     string
	Class  Class
	People int // warriors: index into Rules.Peoples
	Troop  int // warriors: Infantry, Archer or Cavalry
	// Battle cards.
	Kind                          BattleKind
	Number, Shields, Bows, Horses int
	Band                          int
	Copies                        int
}

// Params are the rule parameters a game is played with, read from the
// data; the dealing counts are those of the variant and player count.
type Params struct {
	Rounds                         int
	InitialDeal                    int
	RoundDeal, RoundKeep           int
	LastDeal, LastKeep             int
	AttackDice, DefenceDice        int
	MinDefenceDice                 int
	BowBonus                       int
	CatapultHit, CatapultDragonHit int
	VictoryPoints                  int
	PeopleBonus                    []int // by people
	DragonDice, DragonDieBonus     int
	DragonBonus                    int
	Faces                          int
}

// Rules is everything a game of Warriors needs from the compiled data. It
// is built once per game (and variant) and shared by every state.
type Rules struct {
	Params  Params
	Designs []Design
	Peoples []string // ids of the peoples with factions, in data order
	Enemy   []int    // each people's sworn enemy
	Players model.Range
	// Hordes is set when the game is played with the Dragon Hordes.
	Hordes bool
	// deal holds, per player count, the dealing counts with the expansion.
	deal map[int][5]int
	// warrior[p][t] is the design of people p's troop t; dragon, wizard and
	// flame the designs of those cards (-1 when not in play).
	warrior               [maxPeoples][troops]int
	dragon, wizard, flame int
	catapults             []int // catapult designs
	// pileCards is how many cards can end in victory piles (warriors and
	// dragons); pileScale, the power of ten above it (see Return).
	pileCards int
	pileScale float64
	ids       layout
	// card is each design's place among the game's cards; num the game's
	// action numbers, nil for a game without rules.
	card  []int
	num   *numbers
	game  *model.Game
	locs  *l10n.Set
	names map[string][]string // per language, a name per design
	// duels keeps the greedy bots' dice odds for every game of these
	// rules: working them out anew for each game cost more than the game.
	duels *duelTable
}

// NewRules reads the rules from a compiled Warriors game as played (see
// model.Game.Play): its cards are those of the base game and of the
// variant it was played as.
func NewRules(g *model.Game) (*Rules, error) {
	r := &Rules{Players: g.Players, game: g, Hordes: g.Variant == VariantHordes,
		dragon: -1, wizard: -1, flame: -1, names: map[string][]string{}, duels: new(duelTable)}
	if g.Variant != "" && !r.Hordes {
		return nil, fmt.Errorf("game %s: the engine does not know variant %q", g.ID, g.Variant)
	}
	if err := r.readPeoples(g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	if err := r.readParams(g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	for p := range r.warrior {
		r.warrior[p] = [troops]int{-1, -1, -1}
	}
	for ci, c := range g.Cards {
		d, ok, err := r.design(c)
		if err != nil {
			return nil, fmt.Errorf("card %s: %w", c.ID, err)
		}
		if !ok {
			continue
		}
		i := len(r.Designs)
		switch d.Class {
		case ClassWarrior:
			if r.warrior[d.People][d.Troop] >= 0 {
				return nil, fmt.Errorf("card %s: a second design of one people and troop", c.ID)
			}
			r.warrior[d.People][d.Troop] = i
		case ClassDragon:
			r.dragon = i
		case ClassWizard:
			r.wizard = i
		case ClassFlame:
			r.flame = i
		case ClassCatapult:
			r.catapults = append(r.catapults, i)
		}
		r.Designs = append(r.Designs, d)
		r.card = append(r.card, ci)
	}
	r.pileScale = 10
	for _, d := range r.Designs {
		if d.Class == ClassWarrior || d.Class == ClassDragon {
			r.pileCards += d.Copies
		}
	}
	for r.pileScale <= float64(r.pileCards) {
		r.pileScale *= 10
	}
	if r.Hordes && (r.dragon < 0 || r.flame < 0) {
		return nil, fmt.Errorf("game %s: the expansion needs dragon and flame cards", g.ID)
	}
	nums := map[int]string{}
	for _, d := range r.Designs {
		if d.Class != ClassBattle {
			continue
		}
		if d.Copies != 1 {
			return nil, fmt.Errorf("card %s: battle cards are resolved in order of their numbers, so each is unique; it has %d copies", d.ID, d.Copies)
		}
		if other, dup := nums[d.Number]; dup {
			return nil, fmt.Errorf("cards %s and %s: two battle cards with number %d", other, d.ID, d.Number)
		}
		nums[d.Number] = d.ID
	}
	if len(r.Designs) > maxDesigns || len(r.catapults) > maxCatapultDesigns {
		return nil, fmt.Errorf("game %s: %d card designs (%d catapults); the engine handles %d (%d)", g.ID, len(r.Designs), len(r.catapults), maxDesigns, maxCatapultDesigns)
	}
	r.ids = newLayout(len(r.Designs), r.Params.Faces)
	if g.Players.Max > maxSeats || g.Players.Min < 2 {
		return nil, fmt.Errorf("game %s: %d to %d players; the engine handles 2 to %d", g.ID, g.Players.Min, g.Players.Max, maxSeats)
	}
	var err error
	if r.locs, err = l10n.NewSet(g); err != nil {
		return nil, err
	}
	for _, lang := range g.Languages {
		loc := r.locs.For(lang)
		names := make([]string, len(r.Designs))
		for i, d := range r.Designs {
			if names[i], err = loc.Name("card." + d.ID); err != nil {
				return nil, fmt.Errorf("card %s in %s: %w", d.ID, lang, err)
			}
		}
		r.names[lang] = names
	}
	if r.num, err = newNumbers(r, g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return r, nil
}

func (r *Rules) readPeoples(g *model.Game) error {
	var people *model.Enum
	for _, e := range g.Enums {
		if e.ID == "people" {
			people = e
		}
	}
	if people == nil {
		return fmt.Errorf("no enum people")
	}
	for _, v := range people.Values {
		if v.ID != "dragon" {
			r.Peoples = append(r.Peoples, v.ID)
		}
	}
	if len(r.Peoples) == 0 || len(r.Peoples) > maxPeoples {
		return fmt.Errorf("%d peoples; the engine handles 1 to %d", len(r.Peoples), maxPeoples)
	}
	q := g.Param("sworn_enemy")
	if q == nil {
		return fmt.Errorf("no parameter sworn_enemy")
	}
	r.Enemy = make([]int, len(r.Peoples))
	for i := range r.Enemy {
		r.Enemy[i] = -1
	}
	for i, k := range q.Value.Keys {
		a, b := slices.Index(r.Peoples, k.Str), slices.Index(r.Peoples, q.Value.List[i].Str)
		if a < 0 || b < 0 {
			return fmt.Errorf("sworn_enemy: %s and %s must both be peoples with factions", k.Str, q.Value.List[i].Str)
		}
		r.Enemy[a] = b
	}
	return nil
}

func (r *Rules) readParams(g *model.Game) error {
	p := &r.Params
	ints := []struct {
		id  string
		dst *int
	}{
		{"rounds", &p.Rounds}, {"initial_deal", &p.InitialDeal},
		{"round_deal", &p.RoundDeal}, {"round_keep", &p.RoundKeep},
		{"last_round_deal", &p.LastDeal}, {"last_round_keep", &p.LastKeep},
		{"attack_dice", &p.AttackDice}, {"defence_dice", &p.DefenceDice},
		{"min_defence_dice", &p.MinDefenceDice}, {"bow_bonus", &p.BowBonus},
		{"catapult_hit", &p.CatapultHit}, {"victory_points", &p.VictoryPoints},
		{"dragon_dice", &p.DragonDice}, {"dragon_die_bonus", &p.DragonDieBonus},
		{"catapult_dragon_hit", &p.CatapultDragonHit}, {"dragon_bonus", &p.DragonBonus},
	}
	for _, x := range ints {
		q := g.Param(x.id)
		if q == nil {
			return fmt.Errorf("no parameter %s", x.id)
		}
		if q.Type.Kind != model.Int || q.Value.Int < 0 || q.Value.Int > 1000 {
			return fmt.Errorf("parameter %s must be a whole number from 0 to 1000", x.id)
		}
		*x.dst = int(q.Value.Int)
	}
	for _, c := range g.Components {
		if c.ID == "red_die" {
			p.Faces = c.Faces
		}
	}
	if p.Faces < 2 || p.Faces > 20 {
		return fmt.Errorf("the red die needs 2 to 20 faces, not %d", p.Faces)
	}
	if p.Rounds < 1 || p.AttackDice < 1 || p.AttackDice > 6 || p.DefenceDice < 1 || p.DefenceDice > 6 ||
		p.MinDefenceDice < 1 || p.MinDefenceDice > p.DefenceDice || p.DragonDice < 1 || p.DragonDice > 6 {
		return fmt.Errorf("rounds, attack_dice, defence_dice, min_defence_dice and dragon_dice must be at least 1 (dice at most 6, min_defence_dice at most defence_dice)")
	}
	q := g.Param("people_bonus")
	if q == nil {
		return fmt.Errorf("no parameter people_bonus")
	}
	p.PeopleBonus = make([]int, len(r.Peoples))
	for i, k := range q.Value.Keys {
		if j := slices.Index(r.Peoples, k.Str); j >= 0 {
			p.PeopleBonus[j] = int(q.Value.List[i].Int)
		}
	}
	r.deal = map[int][5]int{}
	for i, id := range []string{"hordes_initial_deal", "hordes_round_deal", "hordes_round_keep", "hordes_last_round_deal", "hordes_last_round_keep"} {
		q := g.Param(id)
		if q == nil {
			if r.Hordes {
				return fmt.Errorf("no parameter %s", id)
			}
			continue
		}
		for j, k := range q.Value.Keys {
			row := r.deal[int(k.Int)]
			row[i] = int(q.Value.List[j].Int)
			r.deal[int(k.Int)] = row
		}
	}
	return nil
}

// design reads one card; ok is false for cards the engine does not play
// with (player aids).
func (r *Rules) design(c *model.Card) (Design, bool, error) {
	d := Design{ID: c.ID, Copies: c.Copies}
	str := func(f string) string { v, _ := c.Get(f); return v.Str }
	num := func(f string) int { v, _ := c.Get(f); return int(v.Int) }
	switch c.Type {
	case "warrior":
		if str("troop") == "dragon" || str("people") == "dragon" {
			d.Class = ClassDragon
			return d, true, nil
		}
		d.Class = ClassWarrior
		d.People = slices.Index(r.Peoples, str("people"))
		d.Troop = slices.Index([]string{"infantry", "archer", "cavalry"}, str("troop"))
		if d.People < 0 || d.Troop < 0 {
			return d, false, fmt.Errorf("unknown people %q or troop %q", str("people"), str("troop"))
		}
	case "event":
		switch str("kind") {
		case "wizard":
			d.Class = ClassWizard
		case "catapult":
			d.Class = ClassCatapult
		case "flame":
			d.Class = ClassFlame
		default:
			return d, false, fmt.Errorf("unknown event kind %q", str("kind"))
		}
	case "battle":
		d.Class = ClassBattle
		k := slices.Index([]string{"simple", "mercenary", "draconic", "mixed"}, str("kind"))
		if k < 0 {
			return d, false, fmt.Errorf("unknown battle kind %q", str("kind"))
		}
		d.Kind = BattleKind(k + 1)
		d.Number, d.Shields, d.Bows, d.Horses, d.Band = num("number"), num("shields"), num("bows"), num("horses"), num("band")
		if (d.Kind == Mercenary || d.Kind == Mixed) && d.Band < 1 {
			return d, false, fmt.Errorf("a %s battle card needs a band of at least 1", str("kind"))
		}
	default:
		return d, false, nil
	}
	return d, true, nil
}

// deals returns the dealing counts for a number of players: initial deal,
// then deal and keep for the early rounds and for the last round.
func (r *Rules) deals(players int) (initial, deal, keep, lastDeal, lastKeep int) {
	p := r.Params
	if r.Hordes {
		if row, ok := r.deal[players]; ok {
			return row[0], row[1], row[2], row[3], row[4]
		}
	}
	return p.InitialDeal, p.RoundDeal, p.RoundKeep, p.LastDeal, p.LastKeep
}

// Name is a design's localized name.
func (r *Rules) Name(lang string, d int) string {
	names := r.names[lang]
	if names == nil {
		names = r.names[r.game.SourceLang]
	}
	return names[d]
}
