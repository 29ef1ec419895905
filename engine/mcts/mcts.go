// Package mcts is a search bot for any game of the engine: information-set
// Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012). Each
// iteration re-deals what the bot's seat cannot see (engine.Redealer),
// walks a tree of the players' actions with UCT, plays the rest of the
// game at random, and credits every player on the path with its reward.
// Chance outcomes are drawn from the re-dealt state's own generator and
// are not nodes of the tree, so one tree gathers all the deals and dice.
//
// It knows nothing of any game: only the state API, the seat's re-deal and
// the returns, which it turns into a share of the win.
package mcts

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/engine"
)

// Name is the bot's name; "mcts:N" asks for N iterations per move.
const Name = "mcts"

// DefaultIterations is the budget of a bot named without one.
const DefaultIterations = 1000

// DefaultC is the exploration constant of UCT, for rewards in [0, 1].
const DefaultC = 0.4

// Bot is the search bot. Its zero value is not ready: use New.
type Bot struct {
	iterations int
	c          float64
	legal      []engine.Action
	tried      []engine.Action
}

// New returns a bot that runs iterations iterations per move.
func New(iterations int) *Bot {
	return &Bot{iterations: iterations, c: DefaultC}
}

// FromName returns the bot a name asks for: "mcts", or "mcts:N" for N
// iterations per move. It is false for a name that is not the bot's.
func FromName(name string) (engine.Bot, bool, error) {
	base, budget, has := strings.Cut(name, ":")
	if base != Name {
		return nil, false, nil
	}
	if !has {
		return New(DefaultIterations), true, nil
	}
	n, err := strconv.Atoi(budget)
	if err != nil || n < 1 {
		return nil, true, fmt.Errorf("bot %q: the budget after %q is a positive number of iterations", name, Name+":")
	}
	return New(n), true, nil
}

// node is a position of the tree, reached by one player's action.
type node struct {
	player   int           // who chose the action that leads here
	action   engine.Action // that action
	visits   int
	avail    int     // iterations in which the action was legal here
	reward   float64 // player's rewards summed over visits
	children []*node // sorted by player, then action
}

// child returns the child for player's action a, or nil.
func (n *node) child(player int, a engine.Action) *node {
	lo, hi := 0, len(n.children)
	for lo < hi {
		m := (lo + hi) / 2
		c := n.children[m]
		if c.player < player || c.player == player && c.action < a {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(n.children) && n.children[lo].player == player && n.children[lo].action == a {
		return n.children[lo]
	}
	return nil
}

func (n *node) add(player int, a engine.Action) *node {
	c := &node{player: player, action: a}
	i := 0
	for i < len(n.children) && (n.children[i].player < player || n.children[i].player == player && n.children[i].action < a) {
		i++
	}
	n.children = append(n.children, nil)
	copy(n.children[i+1:], n.children[i:])
	n.children[i] = c
	return c
}

// Act implements engine.Bot. It panics for a game whose states are not
// engine.Redealer, as searching the real state would see hidden cards.
func (b *Bot) Act(seat engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	root := &node{player: -1}
	var path []*node
	for range b.iterations {
		s, ok := seat.Redealt(rng)
		if !ok {
			panic("mcts: the game's states cannot be re-dealt (engine.Redealer)")
		}
		path = b.iterate(root, s, rng, path[:0])
		_ = path
	}
	best, bestN := legal[0], -1
	for _, a := range legal {
		if c := root.child(seat.Player(), a); c != nil && c.visits > bestN {
			best, bestN = a, c.visits
		}
	}
	return best
}

// iterate runs one iteration from root on the re-dealt state s.
func (b *Bot) iterate(root *node, s engine.State, rng *engine.RNG, path []*node) []*node {
	n := root
	path = append(path, root)
	expanded := false
	for !s.IsTerminal() {
		p := s.CurrentPlayer()
		if p == engine.Chance {
			if !sample(s) {
				return path
			}
			continue
		}
		b.legal = s.LegalActions(b.legal)
		if expanded {
			if err := s.Apply(b.legal[rng.IntN(len(b.legal))]); err != nil {
				return path
			}
			continue
		}
		next := b.selectChild(n, p, rng)
		if next == nil {
			return path
		}
		if next.visits == 0 {
			expanded = true
		}
		if err := s.Apply(next.action); err != nil {
			return path
		}
		n = next
		path = append(path, n)
	}
	r := rewards(s.Returns())
	for _, m := range path {
		m.visits++
		if m.player >= 0 {
			m.reward += r[m.player]
		}
	}
	return path
}

// selectChild counts the legal actions of player at n as available,
// and returns an action not tried yet, picked at random, or else the one
// of best UCT value.
func (b *Bot) selectChild(n *node, p int, rng *engine.RNG) *node {
	b.tried = b.tried[:0]
	var best *node
	bestV := math.Inf(-1)
	untried := 0
	for _, a := range b.legal {
		c := n.child(p, a)
		if c == nil || c.visits == 0 {
			// Reservoir choice among the untried.
			untried++
			if rng.IntN(untried) == 0 {
				b.tried = append(b.tried[:0], a)
			}
			if c != nil {
				c.avail++
			}
			continue
		}
		c.avail++
		if untried > 0 {
			continue
		}
		v := c.reward/float64(c.visits) + b.c*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	if untried > 0 {
		a := b.tried[0]
		if c := n.child(p, a); c != nil {
			return c
		}
		c := n.add(p, a)
		c.avail = 1
		return c
	}
	return best
}

// sample applies a chance outcome drawn from s's own generator; it is
// false for a chance node s cannot sample.
func sample(s engine.State) bool {
	c, ok := s.(engine.Chancer)
	return ok && s.Apply(c.SampleChance()) == nil
}

// rewards turns returns into rewards in [0, 1]: 1 for a sole winner, 1/k
// for each of k winners who share the win, 0 for the others, whatever the
// game scores, so that the bot plays to win and one exploration constant
// suits every game.
func rewards(ret []float64) []float64 {
	out := make([]float64, len(ret))
	w := engine.Winners(ret)
	for _, i := range w {
		out[i] = 1 / float64(len(w))
	}
	return out
}
