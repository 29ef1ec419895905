package cli

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/bellummagica"
	"github.com/grimoire-games/grimoire/engine/rules"
	"github.com/grimoire-games/grimoire/engine/warlock"
	"github.com/grimoire-games/grimoire/engine/warriors"
)

// newEngine builds a game engine from a game as played (model.Game.Play):
// the base game or one of its variants, g.Variant telling which, its
// parameter overrides already applied.
type newEngine func(*model.Game) (engine.Game, error)

// goEngines is every game with an engine written in Go, by game id. Any
// other game with rules in the rules language is played by the rules
// engine (package rules). A function rather than a variable: the package
// keeps no mutable state.
func goEngines() map[string]newEngine {
	return map[string]newEngine{
		"bellum_magica": build(bellummagica.New),
		"warlock":       build(warlock.New),
		"warriors":      build(warriors.New),
	}
}

// build turns a game package's New into a newEngine; a failed build gives
// a nil interface, not a typed nil.
func build[G engine.Game](newGame func(*model.Game) (G, error)) newEngine {
	return func(g *model.Game) (engine.Game, error) {
		e, err := newGame(g)
		if err != nil {
			return nil, err
		}
		return e, nil
	}
}

// The engines --engine chooses from.
const (
	engineGo    = "go"
	engineRules = "rules"
)

// engineUsage is the usage of --engine.
const engineUsage = "the engine to play with: go (the game's engine written in Go) or rules (its rules in the rules language); default: go where the game has one, else rules"

// gameUsage describes --game for a command that plays games.
func gameUsage(what string) string {
	return what + " (required: a game with rules in the rules language, such as hearts, or one with an engine in Go: " + strings.Join(sortedKeys(goEngines()), ", ") + ")"
}

// newEngineFor returns how to build the engine of game m, with use the
// engine asked for ("" for the default).
func newEngineFor(m *model.Game, use string) (newEngine, error) {
	goEngine := goEngines()[m.ID]
	switch use {
	case "", engineGo, engineRules:
	default:
		return nil, fmt.Errorf("--engine %q: want go or rules", use)
	}
	switch {
	case use == engineRules && !rules.Has(m):
		return nil, fmt.Errorf("game %s has no rules in the rules language (no .star file in its directory); see \"An engine for your game\" in docs/simulating.md", m.ID)
	case use == engineGo && goEngine == nil:
		return nil, fmt.Errorf("game %s has no engine written in Go (games with one: %s); --engine rules plays its rules", m.ID, strings.Join(sortedKeys(goEngines()), ", "))
	case goEngine != nil && use != engineRules:
		return goEngine, nil
	case rules.Has(m):
		return rulesEngine, nil
	}
	return nil, errNoEngine(m.ID)
}

// rulesEngine plays a game by its rules: compiled where the game's data
// is the one they were compiled from, interpreted otherwise (a game of
// the user's, or a shipped one edited).
func rulesEngine(m *model.Game) (engine.Game, error) {
	g, err := rules.New(m)
	if err != nil {
		return nil, err
	}
	if c := compiledRules()[m.ID]; c != nil && c.Source == m.SourceHash {
		return g.Compile(c)
	}
	return g, nil
}

// errNoEngine is the error for a game without an engine: it says what
// gives a game one, and names the guide that says more.
func errNoEngine(game string) error {
	return fmt.Errorf("no engine for game %q: it has no rules in the rules language (a .star file in its directory) and no engine written in Go; see \"An engine for your game\" in docs/simulating.md", game)
}
