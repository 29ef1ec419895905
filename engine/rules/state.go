package rules

import (
	"fmt"
	"slices"
	"strconv"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/compiler/star"
	"github.com/grimoire-games/grimoire/engine"
)

// State is one position of a game played by its rules. The rules keep
// nothing themselves: every card's place and every variable is here, so a
// clone is a copy of a few slices.
type State struct {
	g   *Game
	lay *layout
	n   int

	zones   [][]int16 // zone instances (a player zone has one per seat), cards by design
	vars    []int64   // variables, a player variable one per seat
	turn    int
	phase   int // in Game.phases
	over    bool
	pending []draw // cards still to be drawn, the next first
	then    string // the rules function to call once they are
	know    []fact // what seats know of cards they cannot see

	rng    engine.RNG
	legal  []engine.Action // of the player to move; chance outcomes are listed when asked
	result []float64       // the returns, once over

	// What calls of the rules reuse, made on a state's first call and
	// not shared by its clones: a state is played on one goroutine at a
	// time.
	run    *star.Runner
	t      *table
	args   [3]starlark.Value
	counts []int // SampleChance's: how many cards of each design
	idx    []int // compiled legal actions' arguments
	host   Host  // what compiled rules play with
}

// draw is a chance node waiting: a card to draw at random from zone
// instance src to dst, or, when slot is not negative, an outcome to draw
// for the variable in that slot: first+i with weight weights[i] (a die:
// first 1, weights all 1).
type draw struct {
	src, dst int32
	slot     int32
	first    int32
	weights  []int32
}

var (
	_ engine.State        = (*State)(nil)
	_ engine.Chancer      = (*State)(nil)
	_ engine.Redealer     = (*State)(nil)
	_ engine.ActionKinder = (*State)(nil)
	_ engine.RoundCounter = (*State)(nil)
	_ engine.Horizoner    = (*State)(nil)
)

// Horizon implements engine.Horizoner with the variable HORIZON names; 0
// for rules that name none, whose search play-outs go to the end.
func (s *State) Horizon() int {
	if s.g.horizon < 0 {
		return 0
	}
	return int(s.vars[s.lay.v[s.g.horizon]])
}

// Estimate implements engine.Horizoner: what returns(g) gives now, zeros
// if it fails.
func (s *State) Estimate() []float64 {
	if s.over {
		return s.Returns()
	}
	if r, err := s.returns(); err == nil {
		return r
	}
	return make([]float64, s.n)
}

// NumPlayers implements engine.State.
func (s *State) NumPlayers() int { return s.n }

// CurrentPlayer implements engine.State.
func (s *State) CurrentPlayer() int {
	switch {
	case s.over:
		return engine.Terminal
	case len(s.pending) > 0:
		return engine.Chance
	}
	return s.turn
}

// IsTerminal implements engine.State.
func (s *State) IsTerminal() bool { return s.over }

// Returns implements engine.State: what the rules' returns gives.
func (s *State) Returns() []float64 {
	if !s.over {
		return make([]float64, s.n)
	}
	return slices.Clone(s.result)
}

// LegalActions implements engine.State. At a chance node they are the
// cards that may be drawn, each design once, or the outcomes of weight
// above zero.
func (s *State) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch {
	case s.over:
		return dst
	case len(s.pending) > 0 && s.pending[0].slot >= 0:
		for i, w := range s.pending[0].weights {
			if w > 0 {
				dst = append(dst, engine.Action(len(s.g.designs)+i))
			}
		}
		return dst
	case len(s.pending) > 0:
		for _, d := range s.zones[s.pending[0].src] {
			dst = append(dst, engine.Action(d))
		}
		slices.Sort(dst)
		return slices.Compact(dst)
	}
	return append(dst, s.legal...)
}

// SampleChance implements engine.Chancer: a card of the zone drawn from,
// each as likely as another, or an outcome by its weight.
func (s *State) SampleChance() engine.Action {
	dr := s.pending[0]
	if dr.slot >= 0 {
		total := 0
		for _, w := range dr.weights {
			total += int(w)
		}
		x := s.rng.IntN(total)
		for i, w := range dr.weights {
			if x < int(w) {
				return engine.Action(len(s.g.designs) + i)
			}
			x -= int(w)
		}
	}
	// The k-th card in the order of the cards' designs, not of the zone,
	// whose order is the history of its moves: a draw depends only on
	// which cards the zone holds, as a Go engine's draw from its counts.
	z := s.zones[dr.src]
	k := s.rng.IntN(len(z))
	s.counts = slices.Grow(s.counts[:0], len(s.g.designs))[:len(s.g.designs)]
	clear(s.counts)
	for _, d := range z {
		s.counts[d]++
	}
	for d, n := range s.counts {
		if k < n {
			return engine.Action(d)
		}
		k -= n
	}
	panic("unreachable: k is less than the zone's size")
}

// Apply implements engine.State. An error of the rules while they play
// the action is returned with its place in the rules; the state is then as
// the rules left it, and the game cannot go on.
func (s *State) Apply(a engine.Action) error {
	switch {
	case s.over:
		return fmt.Errorf("%w %d: the game is over", engine.ErrIllegal, a)
	case len(s.pending) > 0:
		return s.applyChance(a)
	}
	if _, found := slices.BinarySearch(s.legal, a); !found {
		return engine.Illegal(a, s.legal)
	}
	k := s.g.kindOf(a)
	if f := s.compiledApply(k); f != nil {
		p, arg := s.turn, int(a)-k.base
		if err := s.compiledCall(true, func(h *Host) { f(h, p, arg) }); err != nil {
			return fmt.Errorf("%s: %w", applyPre+k.id, err)
		}
		return s.settle()
	}
	args := append(s.args[:0], nil, starlark.MakeInt(s.turn))
	if x := s.g.arg(k, int(a)-k.base); x != nil {
		args = append(args, x)
	}
	if err := s.call(k.apply, true, args...); err != nil {
		return fmt.Errorf("%s: %w", applyPre+k.id, err)
	}
	return s.settle()
}

// applyChance draws card a, or outcome a, for the next pending draw.
func (s *State) applyChance(a engine.Action) error {
	dr := s.pending[0]
	if dr.slot >= 0 {
		i := int(a) - len(s.g.designs)
		if i < 0 || i >= len(dr.weights) || dr.weights[i] <= 0 {
			return engine.Illegal(a, s.LegalActions(nil))
		}
		s.vars[dr.slot] = int64(dr.first) + int64(i)
		s.popPending()
		return s.settle()
	}
	src := s.zones[dr.src]
	i := -1
	if a >= 0 && int(a) < len(s.g.designs) {
		i = slices.Index(src, int16(a))
	}
	if i < 0 {
		return engine.Illegal(a, s.LegalActions(nil))
	}
	s.zones[dr.src] = slices.Delete(src, i, i+1)
	s.zones[dr.dst] = append(s.zones[dr.dst], int16(a))
	s.moved(int(a), int(dr.src), int(dr.dst))
	s.popPending()
	return s.settle()
}

// popPending drops the draw just made, keeping the pending list's memory
// for the next deal.
func (s *State) popPending() {
	n := copy(s.pending, s.pending[1:])
	s.pending = s.pending[:n]
}

// maxThen bounds the functions called after deals one after another
// without a card drawn: far more than rules need, so that rules whose
// deals of no card call one another forever stop.
const maxThen = 1000

// settle readies the state for its next action: it calls the function
// waiting for the draws once they are done, works out the legal actions
// of the player to move, or the returns once the game is over.
func (s *State) settle() error {
	for calls := 0; len(s.pending) == 0 && s.then != "" && !s.over; calls++ {
		fn := s.then
		if calls == maxThen {
			return fmt.Errorf("%s: %d functions called after deals of no card, one after another: deals that never draw a card do not end", fn, maxThen)
		}
		s.then = ""
		var err error
		if f := s.compiledThen(fn); f != nil {
			err = s.compiledCall(true, f)
		} else {
			err = s.call(s.g.funcs[fn], true, nil)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", fn, err)
		}
	}
	s.legal = s.legal[:0]
	switch {
	case s.over:
		var err error
		s.result, err = s.returns()
		if err != nil {
			return fmt.Errorf("%s: %w", fnReturns, err)
		}
		return nil
	case len(s.pending) > 0 && s.pending[0].slot >= 0:
		return nil
	case len(s.pending) > 0:
		if len(s.zones[s.pending[0].src]) == 0 {
			return fmt.Errorf("a card is to be drawn from %s, which is empty", s.instName(int(s.pending[0].src)))
		}
		return nil
	}
	if s.turn < 0 || s.turn >= s.n {
		return fmt.Errorf("g.turn is %d: a seat from 0 to %d is to play", s.turn, s.n-1)
	}
	for i, k := range s.g.kinds {
		if k.phases != nil && !k.phases[s.phase] {
			continue
		}
		var err error
		if s.g.comp != nil && s.g.comp.legal[i] != nil {
			s.legal, err = s.compiledLegal(s.legal, k, s.g.comp.legal[i])
		} else {
			s.legal, err = s.appendLegal(s.legal, k, s.turn)
		}
		if err != nil {
			return err
		}
	}
	if len(s.legal) == 0 {
		return fmt.Errorf("seat %d is to play but no action is legal, and the game is not over: a rule that ends the game, or gives the turn, is missing", s.turn)
	}
	// Each kind's actions come in a block of numbers of their own, often
	// already in order.
	if !slices.IsSorted(s.legal) {
		slices.Sort(s.legal)
	}
	s.legal = slices.Compact(s.legal)
	return nil
}

// appendLegal appends the actions of kind k that seat p may play.
func (s *State) appendLegal(dst []engine.Action, k *kind, p int) ([]engine.Action, error) {
	v, t, err := s.callValue(k.legal, append(s.args[:0], nil, starlark.MakeInt(p))...)
	defer t.done()
	if err != nil {
		return dst, fmt.Errorf("%s: %w", legalPre+k.id, err)
	}
	if k.domain == domNone {
		if v.Truth() {
			dst = append(dst, engine.Action(k.base))
		}
		return dst, nil
	}
	if z, ok := v.(*zoneRef); ok && k.domain == domCard && z.t.s == s {
		// A zone, read without the copy iterating it makes.
		for _, d := range s.zones[z.inst] {
			dst = append(dst, engine.Action(k.base+int(d)))
		}
		return dst, nil
	}
	if l, ok := v.(*starlark.List); ok {
		for i := range l.Len() {
			j, err := s.g.argIndex(k, l.Index(i), s.n)
			if err != nil {
				return dst, fmt.Errorf("%s: %w", legalPre+k.id, err)
			}
			dst = append(dst, engine.Action(k.base+j))
		}
		return dst, nil
	}
	it, ok := v.(starlark.Iterable)
	if !ok {
		return dst, fmt.Errorf("%s gives %s, not the list of what p may play", legalPre+k.id, describe(v))
	}
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		i, err := s.g.argIndex(k, x, s.n)
		if err != nil {
			return dst, fmt.Errorf("%s: %w", legalPre+k.id, err)
		}
		dst = append(dst, engine.Action(k.base+i))
	}
	return dst, nil
}

// kindOf is the kind of a player's action.
func (g *Game) kindOf(a engine.Action) *kind {
	for _, k := range g.kinds {
		if int(a) < k.base+k.size {
			return k
		}
	}
	return g.kinds[len(g.kinds)-1]
}

// arg is the rules' value of argument i of kind k, nil for none: a
// tuple for an argument of several parts, the first part varying the
// slowest.
func (g *Game) arg(k *kind, i int) starlark.Value {
	if len(k.parts) == 1 {
		return g.partValue(k.parts[0], i)
	}
	t := make(starlark.Tuple, len(k.parts))
	for j := len(k.parts) - 1; j >= 0; j-- {
		n := k.parts[j].size
		t[j] = g.partValue(k.parts[j], i%n)
		i /= n
	}
	return t
}

func (g *Game) partValue(p part, i int) starlark.Value {
	switch p.domain {
	case domNone:
		return nil
	case domCard:
		return g.cards[i]
	}
	return starlark.MakeInt(i)
}

// argIndex is the index of x among the arguments of kind k.
func (g *Game) argIndex(k *kind, x starlark.Value, players int) (int, error) {
	if len(k.parts) == 1 {
		return g.partIndex(k, k.parts[0], x, players)
	}
	seq, ok := x.(starlark.Indexable)
	if !ok || seq.Len() != len(k.parts) {
		return 0, fmt.Errorf("action %s is played on %d parts, as a tuple, not on %s", k.id, len(k.parts), x)
	}
	i := 0
	for j, p := range k.parts {
		pi, err := g.partIndex(k, p, seq.Index(j), players)
		if err != nil {
			return 0, err
		}
		i = i*p.size + pi
	}
	return i, nil
}

func (g *Game) partIndex(k *kind, p part, x starlark.Value, players int) (int, error) {
	if p.domain == domCard {
		c, ok := x.(*Card)
		if !ok {
			return 0, fmt.Errorf("action %s is played on cards, not on %s", k.id, describe(x))
		}
		return c.d, nil
	}
	n, err := starlark.AsInt32(x)
	if err != nil {
		return 0, fmt.Errorf("action %s is played on numbers, not on %s", k.id, describe(x))
	}
	hi := p.size
	if p.domain == domPlayer {
		hi = players
	}
	if n < 0 || n >= hi {
		return 0, fmt.Errorf("action %s is played on numbers from 0 to %d, not %d", k.id, hi-1, n)
	}
	return n, nil
}

// call calls a rules function that plays, with g as its first argument
// (args[0]).
func (s *State) call(fn starlark.Value, write bool, args ...starlark.Value) error {
	_, _, err := s.callWith(fn, write, args)
	return err
}

// callValue calls a rules function that may not change the game, and
// returns its value, which may refer to g: the caller ends the call
// (done) once it has read it.
func (s *State) callValue(fn starlark.Value, args ...starlark.Value) (starlark.Value, *table, error) {
	return s.callWith(fn, false, args)
}

func (s *State) callWith(fn starlark.Value, write bool, args []starlark.Value) (starlark.Value, *table, error) {
	if s.run == nil {
		s.run = s.g.prog.Runner()
		s.t = &table{s: s}
	}
	s.t.write = write
	if len(args) == 0 {
		args = s.args[:1]
	}
	args[0] = s.t
	v, err := s.run.Call(fn, args...)
	return v, s.t, err
}

// done ends a call's use of g.
func (t *table) done() { t.write = false }

// numbers reads one number per seat.
func (s *State) numbers(v starlark.Value) ([]float64, error) {
	seq, ok := v.(starlark.Indexable)
	if !ok || seq.Len() != s.n {
		return nil, fmt.Errorf("gives %s, not a list of one number per seat (%d)", describe(v), s.n)
	}
	out := make([]float64, s.n)
	for i := range out {
		f, ok := starlark.AsFloat(seq.Index(i))
		if !ok {
			return nil, fmt.Errorf("gives %s for seat %d, not a number", describe(seq.Index(i)), i)
		}
		out[i] = f
	}
	return out, nil
}

// instName names a zone instance: "hand of seat 2", "deck".
func (s *State) instName(inst int) string {
	zi, seat := s.zoneOf(inst)
	if seat >= 0 {
		return fmt.Sprintf("%s of seat %d", s.g.zones[zi].id, seat)
	}
	return s.g.zones[zi].id
}

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.zones = make([][]int16, len(s.zones))
	for i, z := range s.zones {
		c.zones[i] = slices.Clip(slices.Clone(z))
	}
	c.vars = slices.Clone(s.vars)
	c.pending = slices.Clone(s.pending)
	c.know = slices.Clone(s.know)
	c.legal = slices.Clone(s.legal)
	c.result = slices.Clone(s.result)
	c.run, c.t, c.counts, c.idx, c.host = nil, nil, nil, nil, Host{}
	return &c
}

// Hash implements engine.State: the hash of its Position, which another
// engine of the game gives at the same point of a game.
func (s *State) Hash() uint64 { return s.Position().Hash() }

// ActionKind implements engine.ActionKinder: the action's kind as ACTIONS
// names it.
func (s *State) ActionKind(a engine.Action) string {
	if int(a) < len(s.g.designs)+s.g.outcomes {
		return "chance"
	}
	return s.g.kindOf(a).id
}

// Rounds implements engine.RoundCounter with the variable ROUNDS names;
// -1 when the rules name none.
func (s *State) Rounds() (int, string) {
	if s.g.rounds < 0 {
		return -1, ""
	}
	return int(s.vars[s.lay.v[s.g.rounds]]), s.g.vars[s.g.rounds].id
}

// ActionString implements engine.State: the message action.<kind> with
// the card (.Card), the seat (.Player, from 1) or the choice (.Choice, from
// 1) it is played on, a second of one kind as .Card2, .Player2, ...; a
// chance outcome is the card drawn (deal.<zone>, see drawName), or the
// outcome (chance.<variable>, see outcomeName).
func (s *State) ActionString(a engine.Action, lang string) string {
	g := s.g
	if a < 0 || int(a) >= g.NumActions() {
		return fmt.Sprintf("action %d", a)
	}
	if int(a) < len(g.designs) {
		return s.drawName(int(a), lang)
	}
	if int(a) < len(g.designs)+g.outcomes {
		return s.outcomeName(int(a)-len(g.designs), lang)
	}
	k := g.kindOf(a)
	i := int(a) - k.base
	args := map[string]any{}
	seen := map[string]int{}
	idx := make([]int, len(k.parts))
	for j := len(k.parts) - 1; j >= 0; j-- {
		idx[j] = i % k.parts[j].size
		i /= k.parts[j].size
	}
	for j, p := range k.parts {
		var key string
		var v any
		switch p.domain {
		case domNone:
			continue
		case domCard:
			key, v = "Card", g.CardName(lang, idx[j])
		case domPlayer:
			key, v = "Player", idx[j]+1
		default:
			key, v = "Choice", idx[j]+1
			if p.name != "" {
				v = idx[j] // a named number is the number itself
			}
			if p.labels != nil {
				v = g.render(p.labels[idx[j]], lang)
			}
		}
		if p.name != "" {
			args[p.name] = v
			continue
		}
		if seen[key]++; seen[key] > 1 {
			key += strconv.Itoa(seen[key])
		}
		args[key] = v
	}
	if k.args != nil {
		if err := s.moreArgs(k, int(a)-k.base, lang, args); err != nil {
			return fmt.Sprintf("action.%s: %v", k.id, err)
		}
	}
	return g.locs.Text(lang, "action."+k.id, args)
}

// Redealt implements engine.Redealer: the cards of every zone viewer may
// not see are shuffled together and dealt back, as many to each zone as it
// had, but for those viewer knows the place of (it saw them go there),
// which stay; the copy's generator is reseeded from rng.
func (s *State) Redealt(viewer int, rng *engine.RNG) engine.State {
	c := s.clone()
	var pool []int16
	var hidden []int
	var pins [][]int16
	for inst := range c.zones {
		if s.sees(viewer, inst) {
			continue
		}
		pin := s.pinned(viewer, inst)
		rest := slices.Clone(c.zones[inst])
		for _, d := range pin {
			i := slices.Index(rest, d)
			rest = slices.Delete(rest, i, i+1)
		}
		hidden = append(hidden, inst)
		pins = append(pins, pin)
		pool = append(pool, rest...)
	}
	engine.ShuffleSlice(rng, pool)
	for j, inst := range hidden {
		// The zone's order is hidden too: the pinned cards first, then
		// the dealt ones.
		n := len(c.zones[inst]) - len(pins[j])
		c.zones[inst] = append(append(c.zones[inst][:0], pins[j]...), pool[:n]...)
		pool = pool[n:]
	}
	c.rng = engine.NewRNG(rng.Uint64())
	return c
}

// sees reports whether viewer sees the cards of zone instance inst.
func (s *State) sees(viewer, inst int) bool {
	zi, seat := s.zoneOf(inst)
	switch s.g.zones[zi].visible {
	case "all":
		return true
	case "owner":
		return seat == viewer
	}
	return false
}

// zoneOf is the zone of an instance and its seat (-1 for the table).
func (s *State) zoneOf(inst int) (zone, seat int) {
	in := s.lay.inst[inst]
	return in.zone, in.seat
}

// outcomeName names outcome i of the next chance node: the message
// chance.<variable> with the value drawn (.Value) when the locales have
// it, else the variable and the value.
func (s *State) outcomeName(i int, lang string) string {
	name, value := "chance", int64(i)
	if len(s.pending) > 0 && s.pending[0].slot >= 0 {
		dr := s.pending[0]
		value += int64(dr.first)
		for vi, v := range s.g.vars {
			if s.lay.v[vi] == int(dr.slot) && !v.player {
				name = v.id
			}
		}
	}
	id := "chance." + name
	if hasMessage(s.g.m, lang, id) || hasMessage(s.g.m, s.g.m.SourceLang, id) {
		return s.g.locs.Text(lang, id, map[string]any{"Value": value})
	}
	return fmt.Sprintf("%s %d", name, value)
}

// drawName names card d drawn by the next chance node: the message
// deal.<zone>, the zone it goes to, with the card (.Card) and, for a
// player's zone, the seat from 1 (.Player), when the locales have it;
// else the card's name.
func (s *State) drawName(d int, lang string) string {
	g := s.g
	if len(s.pending) > 0 && s.pending[0].slot < 0 {
		zi, seat := s.zoneOf(int(s.pending[0].dst))
		id := "deal." + g.zones[zi].id
		if hasMessage(g.m, lang, id) || hasMessage(g.m, g.m.SourceLang, id) {
			args := map[string]any{"Card": g.CardName(lang, d)}
			if seat >= 0 {
				args["Player"] = seat + 1
			}
			return g.locs.Text(lang, id, args)
		}
	}
	return g.CardName(lang, d)
}
