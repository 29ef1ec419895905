package warlock

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	tables "github.com/grimoire-games/grimoire/gen/warlock"
)

// Race is a race of creatures, as in the generated tables.
type Race = tables.Race

// any is the wildcard of a building cost: a card of any race pays it.
const anyRace = tables.CreatureCostAny

// Design is one creature card design: what every copy of it does.
type Design struct {
	ID      string
	Race    Race
	Gold    float64
	GoldAlt float64 // humans: the other amount a bidder may count
	HasAlt  bool
	Points  int
	Cost    []Race // anyRace for a card of any race
	Extra   Race   // goblins: the extra creature the card shows; 0 if none
	Copies  int
}

// Rules is everything a game of Warlock needs from the compiled data: the
// rule parameters, the creature designs and the supply, and the texts that
// name actions. It is built once and shared by every state.
type Rules struct {
	Params  tables.Params
	Designs []Design
	Dragons int
	Ruins   int
	Players model.Range
	game    *model.Game
	ids     layout
	adj     [maxFields]neighbours
	adjMask [maxFields]uint64 // adj as masks
	// boardRow is the fields touching the player board; colFirst and
	// colLast, the first and last columns; fieldMask, every field.
	boardRow, colFirst, colLast, fieldMask uint64
	// shows holds, per race, the designs whose card shows that creature;
	// for anyRace, every design.
	shows [anyRace + 1]uint32
	// kind holds each design's payment kind, kindRep a design of each
	// kind, and ways each design's minimal ways to pay (see payWays).
	hasAlt uint32 // designs with another amount to bid at
	// sameCost holds, per design, the designs with the same building cost.
	sameCost [maxDesigns]uint32
	kind     [maxDesigns]uint8
	kindRep  []int
	ways     [maxDesigns][]uint64
	locs     *l10n.Set
	names    map[string][]string // per language, a label per design
	// card is each design's place among the game's cards, dragonCard and
	// ruinCard the supply's (-1 for none): the rules number cards so.
	card                 [maxDesigns]int
	dragonCard, ruinCard int
	fieldVars            []string // the rules' variable of each field
	// num renumbers the actions by the game's rules; nil for a game
	// without rules, which keeps the own numbers.
	num *numbers
}

// NewRules reads the rules from a compiled Warlock game, after any
// parameter overrides were applied to it.
func NewRules(g *model.Game) (*Rules, error) {
	r := &Rules{Players: g.Players, game: g, names: map[string][]string{}, dragonCard: -1, ruinCard: -1}
	if err := r.readParams(g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	for i, c := range g.Cards {
		switch c.Type {
		case "creature":
			d, err := design(c)
			if err != nil {
				return nil, fmt.Errorf("card %s: %w", c.ID, err)
			}
			if len(r.Designs) < maxDesigns {
				r.card[len(r.Designs)] = i
			}
			r.Designs = append(r.Designs, d)
		case "supply":
			kind, _ := c.Get("kind")
			switch kind.Str {
			case "dragon":
				r.Dragons += c.Copies
				if r.dragonCard < 0 {
					r.dragonCard = i
				}
			case "ruin":
				r.Ruins += c.Copies
				if r.ruinCard < 0 {
					r.ruinCard = i
				}
			}
		}
	}
	if len(r.Designs) == 0 || len(r.Designs) > maxDesigns {
		return nil, fmt.Errorf("game %s: %d creature designs; the engine handles 1 to %d", g.ID, len(r.Designs), maxDesigns)
	}
	if n := r.creatures() + r.Dragons + r.Ruins; n > maxCards {
		return nil, fmt.Errorf("game %s: %d cards; the engine handles at most %d", g.ID, n, maxCards)
	}
	if p := r.Params; p.EmpireSize < 2 || p.EmpireSize > maxSide || p.MaxCities > p.EmpireSize*p.EmpireSize {
		return nil, fmt.Errorf("game %s: an empire of %d×%d fields with %d cities is outside what the engine handles (sides 2 to %d)", g.ID, p.EmpireSize, p.EmpireSize, p.MaxCities, maxSide)
	}
	if g.Players.Max > maxPlayers {
		return nil, fmt.Errorf("game %s: up to %d players; the engine handles %d", g.ID, g.Players.Max, maxPlayers)
	}
	for d, des := range r.Designs {
		r.shows[des.Race] |= 1 << d
		if des.Extra != 0 {
			r.shows[des.Extra] |= 1 << d
		}
		r.shows[anyRace] |= 1 << d
		if des.HasAlt {
			r.hasAlt |= 1 << d
		}
	}
	if err := r.setKinds(); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	for d, des := range r.Designs {
		r.ways[d] = r.payWays(d)
		for x, dx := range r.Designs {
			if slices.Equal(des.Cost, dx.Cost) {
				r.sameCost[d] |= 1 << x
			}
		}
	}
	r.ids = newLayout(len(r.Designs), r.Params.EmpireSize, g.Players.Max)
	n := r.Params.EmpireSize
	for i := range n * n {
		r.fieldVars = append(r.fieldVars, fmt.Sprintf("field_%d", i))
		r.adj[i] = neighboursOf(n, i)
		for _, j := range r.adj[i].list() {
			r.adjMask[i] |= 1 << j
		}
		bit := uint64(1) << i
		r.fieldMask |= bit
		if i < n {
			r.boardRow |= bit
		}
		switch i % n {
		case 0:
			r.colFirst |= bit
		case n - 1:
			r.colLast |= bit
		}
	}
	var err error
	if r.locs, err = l10n.NewSet(g); err != nil {
		return nil, err
	}
	for _, lang := range g.Languages {
		loc := r.locs.For(lang)
		labels := make([]string, len(r.Designs))
		for i, d := range r.Designs {
			name, err := loc.Name("card." + d.ID)
			if err != nil {
				return nil, fmt.Errorf("card %s in %s: %w", d.ID, lang, err)
			}
			labels[i], err = cardLabel(loc, name, d)
			if err != nil {
				return nil, fmt.Errorf("engine.card in %s: %w", lang, err)
			}
		}
		r.names[lang] = labels
	}
	if r.num, err = newNumbers(r, g); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return r, nil
}

func (r *Rules) creatures() int {
	n := 0
	for _, d := range r.Designs {
		n += d.Copies
	}
	return n
}

func design(c *model.Card) (Design, error) {
	d := Design{ID: c.ID, Copies: c.Copies}
	race, _ := c.Get("race")
	var ok bool
	if d.Race, ok = tables.ParseRace(race.Str); !ok {
		return d, fmt.Errorf("unknown race %q", race.Str)
	}
	gold, _ := c.Get("gold")
	d.Gold = gold.Dec
	if alt, set := c.Get("gold_alt"); set {
		d.GoldAlt, d.HasAlt = alt.Dec, true
	}
	points, _ := c.Get("points")
	d.Points = int(points.Int)
	cost, _ := c.Get("cost")
	for _, e := range cost.List {
		if e.Str == "any" {
			d.Cost = append(d.Cost, anyRace)
			continue
		}
		r, ok := tables.ParseRace(e.Str)
		if !ok {
			return d, fmt.Errorf("unknown race %q in the building cost", e.Str)
		}
		d.Cost = append(d.Cost, r)
	}
	if len(d.Cost) > maxCost {
		return d, fmt.Errorf("a building cost of %d creatures; the engine handles %d", len(d.Cost), maxCost)
	}
	if extra, set := c.Get("extra"); set {
		if d.Extra, ok = tables.ParseRace(extra.Str); !ok {
			return d, fmt.Errorf("unknown extra race %q", extra.Str)
		}
	}
	return d, nil
}

// readParams fills the typed parameters from the model's, by id.
func (r *Rules) readParams(g *model.Game) error {
	p := &r.Params
	ints := []struct {
		id  string
		dst *int
	}{
		{"days", &p.Days}, {"rounds_per_day", &p.RoundsPerDay}, {"cards_dealt", &p.CardsDealt},
		{"cards_set_aside", &p.CardsSetAside}, {"actions_per_round", &p.ActionsPerRound},
		{"bar_cards_per_player", &p.BarCardsPerPlayer}, {"empire_size", &p.EmpireSize},
		{"max_cities", &p.MaxCities}, {"max_dragons", &p.MaxDragons},
		{"human_power_draws", &p.HumanPowerDraws}, {"gnome_power_max_points", &p.GnomePowerMaxPoints},
		{"wizard_substitutes", &p.WizardSubstitutes}, {"auction_first_pick", &p.AuctionFirstPick},
		{"auction_second_pick", &p.AuctionSecondPick},
	}
	get := func(id string) (*model.Param, error) {
		if q := g.Param(id); q != nil {
			return q, nil
		}
		return nil, fmt.Errorf("no parameter %s", id)
	}
	for _, x := range ints {
		q, err := get(x.id)
		if err != nil {
			return err
		}
		if q.Type.Kind != model.Int || q.Value.Int < 0 || q.Value.Int > 1000 {
			return fmt.Errorf("parameter %s must be a whole number from 0 to 1000", x.id)
		}
		*x.dst = int(q.Value.Int)
	}
	q, err := get("human_chain_points")
	if err != nil {
		return err
	}
	for _, v := range q.Value.List {
		p.HumanChainPoints = append(p.HumanChainPoints, int(v.Int))
	}
	if q, err = get("majority_bonus"); err != nil {
		return err
	}
	for i, k := range q.Value.Keys {
		race, ok := tables.ParseRace(k.Str)
		if !ok {
			return fmt.Errorf("majority_bonus: unknown race %q", k.Str)
		}
		p.MajorityBonus[race] = int(q.Value.List[i].Int)
	}
	if q, err = get("variety_bonus"); err != nil {
		return err
	}
	p.VarietyBonus = map[int]int{}
	for i, k := range q.Value.Keys {
		p.VarietyBonus[int(k.Int)] = int(q.Value.List[i].Int)
	}
	if p.CardsSetAside < 1 || p.ActionsPerRound < 1 || p.AuctionFirstPick < 1 || p.RoundsPerDay < 1 || p.Days < 1 {
		return fmt.Errorf("cards_set_aside, actions_per_round, auction_first_pick, rounds_per_day and days must be at least 1")
	}
	return nil
}

// Label is the localized label of a creature design, such as "giant (3 VP)".
func (r *Rules) Label(lang string, d int) string {
	names := r.names[lang]
	if names == nil {
		names = r.names[r.game.SourceLang]
	}
	return names[d]
}

// number writes a number as lang does.
func (r *Rules) number(lang string, v float64) string { return r.locs.For(lang).Number(v) }

// neighbours are the fields orthogonally adjacent to one field.
type neighbours struct {
	f [4]int8
	n int
}

// neighboursOf lists the neighbours of field i in a grid side fields wide.
func neighboursOf(side, i int) neighbours {
	var a neighbours
	add := func(j int) { a.f[a.n] = int8(j); a.n++ }
	if i >= side {
		add(i - side)
	}
	if i < side*side-side {
		add(i + side)
	}
	if i%side > 0 {
		add(i - 1)
	}
	if i%side < side-1 {
		add(i + 1)
	}
	return a
}

func (a *neighbours) list() []int8 { return a.f[:a.n] }

// raceName is the localized name of a race.
func raceName(loc *l10n.Localizer, r Race) (string, error) {
	return loc.Name("race." + r.String())
}

// cardLabel names a design so that no two read alike: name, extra
// creature, points and cost.
func cardLabel(loc *l10n.Localizer, name string, d Design) (string, error) {
	race := func(r Race) (string, error) {
		if r == anyRace {
			return loc.Format("engine.any", nil)
		}
		return raceName(loc, r)
	}
	extra := ""
	if d.Extra != 0 {
		var err error
		if extra, err = race(d.Extra); err != nil {
			return "", err
		}
	}
	cost := make([]string, len(d.Cost))
	for i, c := range d.Cost {
		var err error
		if cost[i], err = race(c); err != nil {
			return "", err
		}
	}
	return loc.Format("engine.card", map[string]any{"Name": name, "Points": d.Points, "Extra": extra, "Cost": strings.Join(cost, " + ")})
}

// spread is the fields orthogonally adjacent to a field of set.
func (r *Rules) spread(set uint64) uint64 {
	n := r.Params.EmpireSize
	right := (set &^ r.colLast) << 1
	left := (set &^ r.colFirst) >> 1
	return (right | left | set<<n | set>>n) & r.fieldMask
}
