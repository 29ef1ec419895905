package cli

import (
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
		"bellum_magica": func(g *model.Game) (engine.Game, error) {
			b, err := bellummagica.New(g)
			if err != nil {
				return nil, err
			}
			return b, nil
		},
		"warlock": func(g *model.Game) (engine.Game, error) {
			w, err := warlock.New(g)
			if err != nil {
				return nil, err // not a typed nil in an interface
			}
			return w, nil
		},
		"warriors": func(g *model.Game) (engine.Game, error) {
			w, err := warriors.New(g)
			if err != nil {
				return nil, err
			}
			return w, nil
		},
	}
}

// engineIDs lists the games that have an engine, sorted.
func engineIDs() []string {
	return sortedKeys(engines())
}
