// Package bellummagica plays Bellum Magica by its complete rules, for 2 to
// 5 players, with every number taken from the compiled game data. It
// implements the engine's state API and bots.
//
// Every decision the rulebook leaves to a player is an action of that
// player: where each goblin and each recruited creature is tucked,
// whether to pay a round or cast a confusion spell, which location or
// castle to attack, which kind of chest each thief steals, and which
// face-up creature to recruit with which payment. Deals, reveals, the die,
// chests taken from their stacks and the chest a thief picks blind are
// chance nodes. Other players' chest values are hidden in observations.
// Where the rulebook is silent, the engine follows a ruling; each is named
// in a comment ("ruling short-supply") and listed in docs/engines.md.
package bellummagica

import (
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/mcts"
)

// Game is Bellum Magica for the engine: it implements engine.Game and
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
	return mcts.NewStandard("bellum magica", name, func() engine.Bot { return &Greedy{r: g.Rules} })
}

// Variant implements engine.Varianter: Bellum Magica has no variants.
func (g *Game) Variant() string { return g.Rules.game.Variant }

// Languages lists the game's languages, the source language first.
func (g *Game) Languages() []string { return g.Rules.game.Languages }
