package cli

import (
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
)

// variantUsage describes the --variant flag of the commands that name a game.
const variantUsage = "play the game in this variant, such as an expansion (default: the base game); dashes match underscores"

// playVariant returns g as played in variant ("" for the base game),
// printing "grimoire CMD: WHERE: ..." when g has no such variant; where
// says who named it, such as "--variant".
func playVariant(e *env, cmd, where string, g *model.Game, variant string) (*model.Game, bool) {
	p, err := g.Play(variant)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %s: %v\n", cmd, where, err)
		return nil, false
	}
	return p, true
}

// withVariant returns an engine whose states say which variant they are
// played in (engine.Varianter), so that game logs record it: g itself when
// it is the base game or when g already says so. Its bots, if any, are
// g's.
func withVariant(g engine.Game, variant string) engine.Game {
	if variant == "" {
		return g
	}
	if _, ok := g.(engine.Varianter); ok {
		return g
	}
	vg := variantGame{Game: g, variant: variant}
	if bm, ok := g.(engine.BotMaker); ok {
		return variantBotGame{vg, bm}
	}
	return vg
}

// variantGame is an engine played in a variant that its engine does not
// report.
type variantGame struct {
	engine.Game
	variant string
}

func (g variantGame) Variant() string { return g.variant }

func (g variantGame) NewState(players int, seed uint64) (engine.State, error) {
	s, err := g.Game.NewState(players, seed)
	if err != nil {
		return nil, err
	}
	return withStateVariant(s, g.variant), nil
}

// variantBotGame is a variantGame that offers bots.
type variantBotGame struct {
	variantGame
	engine.BotMaker
}

// variantState is a state that says which variant it is played in.
type variantState struct {
	engine.State
	variant string
}

func (s variantState) Variant() string { return s.variant }

func (s variantState) Clone() engine.State { return withStateVariant(s.State.Clone(), s.variant) }

// variantChancer is a variantState whose game has chance nodes; a separate
// type so that a state without them does not seem to have them.
type variantChancer struct{ variantState }

func (s variantChancer) SampleChance() engine.Action {
	return s.State.(engine.Chancer).SampleChance()
}

func withStateVariant(s engine.State, variant string) engine.State {
	if _, ok := s.(engine.Varianter); ok {
		return s
	}
	vs := variantState{State: s, variant: variant}
	if _, ok := s.(engine.Chancer); ok {
		return variantChancer{vs}
	}
	return vs
}
