// Package rules plays any game whose rules are written in its folder, in
// the rules language (package star), behind the engine's state API: no Go
// is written for the game. The game's data gives its cards, zones and
// parameters; its .star files give what the rules remember, the actions
// with their conditions and effects, set-up, scoring and the end.
//
// Hidden information follows from the zones' visibility: a seat's
// observation shows the cards of the zones it may see and only the size
// of the others, and a re-deal for search bots deals the cards of the
// zones it may not see anew. Chance is a draw of a card from a zone, each
// card as likely as another: nothing else in the rules is random.
//
// docs/rules-language.md is the reference a rules writer reads.
package rules

import (
	"fmt"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/star"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/mcts"
)

// Budget is the most steps one call of the rules may take: far more than
// any rule needs, few enough that a loop that does not end stops within a
// fraction of a second.
const Budget = 1_000_000

// Game is a game played by its rules: it implements engine.Game and
// engine.BotMaker. It never changes once built, so states of it may be
// played on many goroutines.
type Game struct {
	m    *model.Game
	prog *star.Program

	designs []*model.Card // the cards, in model order
	cards   []*Card       // their values in the rules, by design
	byID    map[string]int

	zones    []zoneDecl
	outcomes int      // OUTCOMES: the most outcomes of a chance node besides a card drawn
	phases   []string // PHASES, the first the one the game starts in
	start    []int    // by design, the zone its cards start in; -1 for a card not played
	vars     []varDecl
	kinds    []*kind
	// layouts places zones and variables for each player count, from
	// the fewest players.
	layouts []layout

	setup, returns, value starlark.Value
	funcs                 map[string]starlark.Value // every global function, for then=
	rounds                int                       // the variable ROUNDS names, or -1
	horizon               int                       // the variable HORIZON names, or -1

	cites    map[string][]string // section id → the functions that implement it, sorted
	textOnly map[string]string   // section id → why it has no code

	attrs     map[string]attr // what g.<name> is
	attrNames []string
	params    starlark.Value

	locs  *l10n.Set
	names map[string][]string // card names by language, by design

	comp *compiled // the rules compiled to Go, nil for none
	// dice are the weights of a die of each number of faces up to
	// OUTCOMES, made once.
	dice [][]int32
}

// zoneDecl is a zone as the rules see it.
type zoneDecl struct {
	id      string
	player  bool   // one zone per seat
	visible string // model.ZoneAll, ZoneOwner or ZoneNone
}

// varDecl is something the rules remember besides cards: a number or a
// truth, the table's (GAME) or one per seat (PLAYER).
type varDecl struct {
	id     string
	player bool
	isBool bool
	init   int64
	// private: a seat's variable that only that seat sees (PRIVATE).
	private bool
}

// layout places the zones and the variables of a game of n players in a
// state's slices.
type layout struct {
	zone  []int // first zone instance of each zone
	zw    []int // and how many it has: a player zone one a seat
	nzone int
	v     []int // first slot of each variable
	vw    []int // and how many it has
	nvar  int
	// inst is, by zone instance, its zone and seat (-1 for the table's).
	inst []instOf
}

type instOf struct{ zone, seat int }

// Domains of an action's argument.
const (
	domCard   = "card"
	domPlayer = "player"
	domNone   = "none"
)

// kind is a kind of action: its name, what its argument ranges over and
// the functions that say when it is legal and what it does.
type kind struct {
	id  string
	pos int // its place in ACTIONS
	// parts are what its argument is made of: one part, or several for
	// an argument that is a tuple, such as a card and a player.
	parts  []part
	domain string // the domain of its one part; "" for several
	size   int    // how many arguments: its block of action numbers
	base   int    // its first action number
	legal  starlark.Value
	apply  starlark.Value
	args   starlark.Value // args_<kind>, or nil: the args its name is rendered with
	phases []bool         // by phase, whether it is played in it; nil for every phase
}

// part is one part of an action's argument: a card, a seat, a choice
// among size, or none.
type part struct {
	domain string // domCard, domPlayer, domNone, or "" for numbers
	size   int
	// name is the argument the locales render it as, "" for the
	// default (Card, Player, Choice).
	name string
	// labels name a part's choices, when the rules give them (label).
	labels []starlark.Value
}

// attr is one attribute of g: a variable, a zone or a method.
type attr struct {
	what  int // attrVar, attrZone, attrMethod
	index int
}

const (
	attrVar = iota
	attrZone
	attrMethod
	attrPhase
)

// New builds the game of g from its rules, as engine constructors do; its
// error lists the rules' diagnostics.
func New(g *model.Game) (*Game, error) {
	gm, d := Build(g)
	if d.HasErrors() {
		return nil, fmt.Errorf("the rules of %s do not build:\n%s", g.ID, d.Error())
	}
	return gm, nil
}

// Has reports whether g has rules to play it by.
func Has(g *model.Game) bool { return len(g.Rules) > 0 }

// Model is the game as played, from which it was built.
func (g *Game) Model() *model.Game { return g.m }

// ID implements engine.Game.
func (g *Game) ID() string { return g.m.ID }

// Players implements engine.Game.
func (g *Game) Players() (int, int) { return g.m.Players.Min, g.m.Players.Max }

// Variant implements engine.Varianter.
func (g *Game) Variant() string { return g.m.Variant }

// Languages lists the game's languages, the source language first.
func (g *Game) Languages() []string { return g.m.Languages }

// NumActions is how many action numbers the game uses: every action, and
// every chance outcome, is below it.
func (g *Game) NumActions() int {
	k := g.kinds[len(g.kinds)-1]
	return k.base + k.size
}

// BotNames implements engine.BotMaker.
func (g *Game) BotNames() []string { return mcts.Standard() }

// NewBot implements engine.BotMaker.
func (g *Game) NewBot(name string) (engine.Bot, error) {
	return mcts.NewStandard(g.m.ID, name, func() engine.Bot { return &Greedy{g: g} })
}

// NewState implements engine.Game: a game of players seats, set up by the
// rules' setup.
func (g *Game) NewState(players int, seed uint64) (engine.State, error) {
	return g.New(players, seed)
}

// New is NewState with its own type.
func (g *Game) New(players int, seed uint64) (*State, error) {
	lo, hi := g.Players()
	if players < lo || players > hi {
		return nil, fmt.Errorf("%s is played by %d to %d players, not %d", g.m.ID, lo, hi, players)
	}
	s := g.start0(players, seed)
	var err error
	if g.comp != nil && g.comp.setup != nil {
		err = s.compiledCall(true, g.comp.setup)
	} else {
		err = s.call(g.setup, true)
	}
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	if err := s.settle(); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return s, nil
}

// start0 is a game of players seats (within the game's range) before its
// set-up: the first values of the variables, and the cards in the zones
// START gives their types, in the data's order.
func (g *Game) start0(players int, seed uint64) *State {
	lo, _ := g.Players()
	lay := &g.layouts[players-lo]
	s := &State{g: g, lay: lay, n: players, rng: engine.NewRNG(seed)}
	s.zones = make([][]int16, lay.nzone)
	s.vars = make([]int64, lay.nvar)
	for i, v := range g.vars {
		for j := range g.width(v.player, players) {
			s.vars[lay.v[i]+j] = v.init
		}
	}
	for d, c := range g.designs {
		if zi := g.start[d]; zi >= 0 {
			for range c.Copies {
				s.zones[lay.zone[zi]] = append(s.zones[lay.zone[zi]], int16(d))
			}
		}
	}
	return s
}

// width is how many instances a zone or variable has: one per seat, or
// one.
func (g *Game) width(player bool, n int) int {
	if player {
		return n
	}
	return 1
}

// CardName names a card design in a language.
func (g *Game) CardName(lang string, d int) string {
	names := g.names[lang]
	if names == nil {
		names = g.names[g.m.SourceLang]
	}
	return names[d]
}

var _ engine.BotGame = (*Game)(nil)
