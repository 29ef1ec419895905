package rules

import (
	"fmt"

	"github.com/grimoire-games/grimoire/engine"
)

// A game's action numbers are the rules': a card drawn at a chance node is
// numbered by its design (its place among the game's cards), the other
// chance outcomes follow (OUTCOMES of them), then each action of ACTIONS
// in turn, a block of numbers each. Another engine of the same game (a Go
// engine) numbers its actions by these, through an engine.Renumbering, so
// that the two engines' logs of one game are the same.

// ActionNumber is the number of action kind played on parts: a card by its
// design's place among the game's cards, a seat from 0, a choice from 0;
// no parts for an action played on nothing.
func (g *Game) ActionNumber(kind string, parts ...int) (engine.Action, error) {
	for _, k := range g.kinds {
		if k.id != kind {
			continue
		}
		var sized []part
		for _, p := range k.parts {
			if p.domain != domNone {
				sized = append(sized, p)
			}
		}
		if len(parts) != len(sized) {
			return 0, fmt.Errorf("action %s is played on %d parts, not %d", kind, len(sized), len(parts))
		}
		i, j := 0, 0
		for _, p := range k.parts {
			x := 0
			if p.domain != domNone {
				x = parts[j]
				j++
			}
			if x < 0 || x >= p.size {
				return 0, fmt.Errorf("action %s: part %d is %d, not from 0 to %d", kind, j, x, p.size-1)
			}
			i = i*p.size + x
		}
		return engine.Action(k.base + i), nil
	}
	return 0, fmt.Errorf("the rules have no action %s", kind)
}

// DrawNumber is the number of the chance outcome that draws a card of
// design d, the card's place among the game's cards.
func (g *Game) DrawNumber(d int) (engine.Action, error) {
	if d < 0 || d >= len(g.designs) {
		return 0, fmt.Errorf("the game has no card %d", d)
	}
	return engine.Action(d), nil
}

// OutcomeNumber is the number of outcome i, from 0, of a chance node
// that draws no card: a die's face i+1, or the i-th outcome of g.chance.
func (g *Game) OutcomeNumber(i int) (engine.Action, error) {
	if i < 0 || i >= g.outcomes {
		return 0, fmt.Errorf("the rules' chance nodes have outcomes 0 to %d, not %d", g.outcomes-1, i)
	}
	return engine.Action(len(g.designs) + i), nil
}
