package cli

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/bellummagica"
	"github.com/grimoire-games/grimoire/engine/warlock"
	"github.com/grimoire-games/grimoire/engine/warriors"
)

// newEngine builds a game engine from a game as played (model.Game.Play):
// the base game or one of its variants, g.Variant telling which, its
// parameter overrides already applied.
type newEngine func(*model.Game) (engine.Game, error)

// engines is every game the CLI can play, by game id. A function rather
// than a variable: the package keeps no mutable state.
func engines() map[string]newEngine {
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

// engineIDs lists the games that have an engine, sorted.
func engineIDs() []string {
	return sortedKeys(engines())
}

// errNoEngine is the error for a game without an engine: it names the
// games that have one, and the guide that says what a game needs to get
// one.
func errNoEngine(game string) error {
	return fmt.Errorf("no engine for game %q (games with an engine: %s); see \"An engine for your game\" in docs/simulating.md", game, strings.Join(engineIDs(), ", "))
}
