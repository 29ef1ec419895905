// Package mcts is a search bot for any game of the engine: information-set
// Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012). Each
// iteration re-deals what the bot's seat cannot see (engine.Redealer),
// walks a tree of the players' actions with UCT, plays the rest of the
// game out, and credits every player on the path with its reward. A game
// that says where its stretches end (engine.Horizoner, such as the rounds
// of a long game) is played out to the end of the stretch only, and
// scored by its estimate there.
// Chance outcomes are drawn from the re-dealt state's own generator and
// are not nodes of the tree, so one tree gathers all the deals and dice.
//
// The play-outs are not uniformly random: they follow the move-average
// sampling technique (MAST, Finnsson and Björnsson, 2008) with an
// epsilon-greedy choice (Tak, Winands and Björnsson, 2012). Since an
// action's number means the same thing in every state of a game, the bot
// keeps, for each player and action, the average reward of the iterations
// that played it, and a play-out plays each player's best action by that
// average, or a random one with probability epsilon. The averages live as
// long as the bot, one game, so what the search learnt on one move guides
// the next.
//
// It knows nothing of any game: only the state API, the seat's re-deal and
// the returns, which it turns into a share of the win.
package mcts

import (
	"context"
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

// DefaultEpsilon is the share of play-out actions chosen at random rather
// than by their average reward.
const DefaultEpsilon = 0.2

// DefaultScore is the weight of the score in a reward, against the win.
const DefaultScore = 0.3

// stopEvery is how many iterations pass between two looks at the bot's
// context: often enough to stop within milliseconds, rarely enough to cost
// nothing.
const stopEvery = 16

// Bot is the search bot. Its zero value is not ready: use New. A bot keeps
// what it learns for one game.
type Bot struct {
	iterations int
	c          float64
	epsilon    float64
	score      float64
	done       <-chan struct{} // closed when the bot must stop searching

	mast   [][]stat // by player, then action
	legal  []engine.Action
	tried  []engine.Action
	path   []*node
	moves  []move
	reward []float64
}

// stat is a running sum of rewards.
type stat struct {
	sum float64
	n   int
}

// move is one action of an iteration, for the averages.
type move struct {
	player int
	action engine.Action
}

// New returns a bot that runs iterations iterations per move.
func New(iterations int) *Bot {
	return &Bot{iterations: iterations, c: DefaultC, epsilon: DefaultEpsilon, score: DefaultScore}
}

// SetContext makes the bot watch ctx: once ctx is done, Act stops
// searching within a few iterations and returns the best action found so
// far, so that a cancelled run does not wait for every move's full budget.
// A bot that was stopped plays worse, so its game should not be counted.
func (b *Bot) SetContext(ctx context.Context) { b.done = ctx.Done() }

// FromName returns the bot a name asks for: "mcts", or "mcts:N" for N
// iterations per move, then optionally settings "key=value" after more
// colons: "c" the exploration constant, "eps" the play-outs' epsilon,
// "score" the score's weight in a reward ("mcts:2000:eps=1:score=0" plays
// out at random for the win alone). It is false for a name that is not
// the bot's.
func FromName(name string) (engine.Bot, bool, error) {
	base, rest, has := strings.Cut(name, ":")
	if base != Name {
		return nil, false, nil
	}
	if !has {
		return New(DefaultIterations), true, nil
	}
	fields := strings.Split(rest, ":")
	n, err := strconv.Atoi(fields[0])
	if err != nil || n < 1 {
		return nil, true, fmt.Errorf("bot %q: the budget after %q is a positive number of iterations", name, Name+":")
	}
	b := New(n)
	for _, f := range fields[1:] {
		key, val, _ := strings.Cut(f, "=")
		x, err := strconv.ParseFloat(val, 64)
		switch {
		case key == "c" && err == nil && x >= 0:
			b.c = x
		case key == "eps" && err == nil && x >= 0 && x <= 1:
			b.epsilon = x
		case key == "score" && err == nil && x >= 0 && x <= 1:
			b.score = x
		default:
			return nil, true, fmt.Errorf("bot %q: setting %q is not c=X (X ≥ 0), eps=X or score=X (0 ≤ X ≤ 1)", name, f)
		}
	}
	return b, true, nil
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
	for i := range b.iterations {
		if i%stopEvery == 0 && b.stopped() {
			break
		}
		s, ok := seat.Redealt(rng)
		if !ok {
			panic("mcts: the game's states cannot be re-dealt (engine.Redealer)")
		}
		b.iterate(root, s, rng)
	}
	best, bestN := legal[0], -1
	for _, a := range legal {
		if c := root.child(seat.Player(), a); c != nil && c.visits > bestN {
			best, bestN = a, c.visits
		}
	}
	return best
}

// stopped reports whether the bot's context is done.
func (b *Bot) stopped() bool {
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// iterate runs one iteration from root on the re-dealt state s.
func (b *Bot) iterate(root *node, s engine.State, rng *engine.RNG) {
	n := root
	b.path = append(b.path[:0], root)
	b.moves = b.moves[:0]
	expanded := false
	h, horizon := s.(engine.Horizoner)
	start := 0
	if horizon {
		start = h.Horizon()
	}
	for !s.IsTerminal() {
		if horizon && h.Horizon() != start {
			b.credit(b.rewards(h.Estimate()))
			return
		}
		p := s.CurrentPlayer()
		if p == engine.Chance {
			if !sample(s) {
				return
			}
			continue
		}
		b.legal = s.LegalActions(b.legal)
		var a engine.Action
		if expanded {
			a = b.playOut(p, rng)
		} else {
			next := b.selectChild(n, p, rng)
			if next == nil {
				return
			}
			expanded = next.visits == 0
			a = next.action
			n = next
			b.path = append(b.path, n)
		}
		if err := s.Apply(a); err != nil {
			return
		}
		b.moves = append(b.moves, move{p, a})
		// Random play may never end a game that players would end:
		// drop a play-out as long as the longest game the loop allows.
		if len(b.moves) >= engine.DefaultMaxActions {
			return
		}
	}
	b.credit(b.rewards(s.Returns()))
}

// credit adds an iteration's rewards to the nodes of its path and to the
// averages of its moves.
func (b *Bot) credit(r []float64) {
	for _, m := range b.path {
		m.visits++
		if m.player >= 0 {
			m.reward += r[m.player]
		}
	}
	for _, m := range b.moves {
		st := b.stat(m.player, m.action)
		st.sum += r[m.player]
		st.n++
	}
}

// stat returns the average of player's action a, growing the table.
func (b *Bot) stat(player int, a engine.Action) *stat {
	for len(b.mast) <= player {
		b.mast = append(b.mast, nil)
	}
	t := b.mast[player]
	if int(a) >= len(t) {
		t = append(t, make([]stat, int(a)+1-len(t))...)
		b.mast[player] = t
	}
	return &t[a]
}

// value is player's average reward for a; an action never played counts
// as a win, so that play-outs try it.
func (b *Bot) value(player int, a engine.Action) float64 {
	if player >= len(b.mast) || int(a) >= len(b.mast[player]) {
		return 1
	}
	st := b.mast[player][a]
	if st.n == 0 {
		return 1
	}
	return st.sum / float64(st.n)
}

// playOut picks player's play-out action among b.legal: at random with
// probability epsilon, else the one of best average, ties broken at random.
func (b *Bot) playOut(player int, rng *engine.RNG) engine.Action {
	legal := b.legal
	if len(legal) == 1 {
		return legal[0]
	}
	if b.epsilon >= 1 || float64(rng.Uint64()>>11)/(1<<53) < b.epsilon {
		return legal[rng.IntN(len(legal))]
	}
	best, bestV, ties := legal[0], math.Inf(-1), 0
	for _, a := range legal {
		switch v := b.value(player, a); {
		case v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
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

// rewards turns returns into rewards in [0, 1], in b.reward: the share of
// the win (1 for a sole winner, 1/k for each of k winners who share it, 0
// for the others) weighed 1-score, plus the return's place between the
// lowest and the highest weighed score. The win alone says little in a
// game of four, where most play-outs are lost; the score's place tells a
// near miss from a rout, whatever the game's scale, so one exploration
// constant suits every game.
func (b *Bot) rewards(ret []float64) []float64 {
	b.reward = rewards(b.reward[:0], ret)
	if b.score > 0 {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, r := range ret {
			lo, hi = min(lo, r), max(hi, r)
		}
		if hi > lo {
			for i, r := range ret {
				b.reward[i] = (1-b.score)*b.reward[i] + b.score*(r-lo)/(hi-lo)
			}
		}
	}
	return b.reward
}

// rewards appends the rewards of returns ret to dst.
func rewards(dst []float64, ret []float64) []float64 {
	best, k := math.Inf(-1), 0
	for _, r := range ret {
		switch {
		case r > best:
			best, k = r, 1
		case r == best:
			k++
		}
	}
	for _, r := range ret {
		v := 0.0
		if r == best {
			v = 1 / float64(k)
		}
		dst = append(dst, v)
	}
	return dst
}

// Standard is the names of the bots every game of the engine offers:
// uniform random play, the game's own greedy bot, and this search bot.
func Standard() []string { return []string{"random", "greedy", Name} }

// NewStandard returns the bot of Standard that name asks for, greedy
// making the game's greedy bot; another name is an error that names game.
func NewStandard(game, name string, greedy func() engine.Bot) (engine.Bot, error) {
	if b, ok, err := FromName(name); ok {
		return b, err
	}
	switch name {
	case "random":
		return engine.Random{}, nil
	case "greedy":
		return greedy(), nil
	}
	return nil, fmt.Errorf("%s has no bot %q (bots: %s)", game, name, strings.Join(Standard(), ", "))
}
