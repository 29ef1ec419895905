// Package warriors plays Warriors by its complete rules, for 2 to 4
// players, and with its Dragon Hordes expansion for 2 to 6, with every
// number taken from the compiled game data. It implements the engine's
// state API, bots and a score calculator.
//
// Every decision the rulebook leaves to a player is an action of that
// player: which cards to keep, where wizards and flames go, which faction
// attacks which, whether to attack again or charge, which card a loser
// gives, whether to spend a flame and when to fire a catapult. Dice and
// the deal are chance nodes. Where the rulebook is silent, the engine
// follows a ruling; each is named in a comment ("ruling short-deal") and
// listed in docs/engines.md.
package warriors

import (
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/mcts"
)

// Game is Warriors for the engine: it implements engine.Game and
// engine.BotMaker.
type Game struct {
	Rules *Rules
}

// New builds the game from its compiled data, as played (model.Game.Play):
// the base game, or the Dragon Hordes variant.
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
	return mcts.NewStandard("warriors", name, func() engine.Bot { return &Greedy{r: g.Rules} })
}

// Variant implements engine.Varianter: the variant the game was built
// for, "" for the base game.
func (g *Game) Variant() string { return g.Rules.game.Variant }

// Languages lists the game's languages, the source language first.
func (g *Game) Languages() []string { return g.Rules.game.Languages }
