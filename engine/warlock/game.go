// Package warlock plays Warlock: Maldorf's Curse by its complete rules, for
// 3 to 5 players, with every number taken from the compiled game data. It
// implements the engine's state API, bots and a score calculator.
//
// Where the rulebooks are silent or disagree, the engine follows a ruling;
// each is named in a comment ("ruling tonar-tie") and listed in docs/engines.md.
package warlock

import (
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/mcts"
)

// Game is Warlock for the engine: it implements engine.Game and
// engine.BotMaker.
type Game struct {
	Rules *Rules
}

// New builds the game from its compiled data.
func New(g *model.Game) (*Game, error) {
	r, err := NewRules(g)
	if err != nil {
		return nil, err
	}
	return &Game{Rules: r}, nil
}

// ID implements engine.Game.
func (g *Game) ID() string { return g.Rules.game.ID }

// Players implements engine.Game.
func (g *Game) Players() (int, int) { return g.Rules.Players.Min, g.Rules.Players.Max }

// NewState implements engine.Game.
func (g *Game) NewState(players int, seed uint64) (engine.State, error) {
	return g.Rules.NewState(players, seed)
}

// BotNames implements engine.BotMaker.
func (g *Game) BotNames() []string { return mcts.Standard() }

// NewBot implements engine.BotMaker.
func (g *Game) NewBot(name string) (engine.Bot, error) {
	return mcts.NewStandard("warlock", name, func() engine.Bot { return &Greedy{r: g.Rules} })
}

func errPlayers(n, lo, hi int) error {
	return fmt.Errorf("warlock is played by %d to %d players, not %d", lo, hi, n)
}

// Variant implements engine.Varianter: the variant the game was built
// for, "" for the base game.
func (g *Game) Variant() string { return g.Rules.game.Variant }

// Languages lists the game's languages, the source language first.
func (g *Game) Languages() []string { return g.Rules.game.Languages }
