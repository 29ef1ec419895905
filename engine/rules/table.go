package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// table is g, the game as a rules function sees it: g.<variable> and
// g.<zone> (g.<zone>[p] for a zone of each player), g.players, g.turn, and
// the methods that move cards. Only the functions that play (setup,
// apply_<kind> and those called after a deal) may change it.
type table struct {
	s     *State
	write bool

	// The values g gives, made once for the state.
	refs    []*zoneRef    // by zone instance
	fams    []*zoneFamily // by zone
	seats   []*seatVar    // by variable
	methods []*starlark.Builtin
}

// ref is the value of zone instance inst, of zone z and seat (-1 for the
// table's).
func (t *table) ref(inst, z, seat int) *zoneRef {
	if t.refs == nil {
		t.refs = make([]*zoneRef, len(t.s.zones))
	}
	if t.refs[inst] == nil {
		t.refs[inst] = &zoneRef{t: t, inst: inst, z: z, seat: seat}
	}
	return t.refs[inst]
}

// methodNames are g's own attributes, besides zones and variables.
func methodNames() []string {
	return []string{"players", "turn", "move", "move_all", "deal", "roll", "chance", "end", "holder", "move_top"}
}

var (
	_ starlark.HasSetField = (*table)(nil)
)

func (t *table) String() string        { return "g" }
func (t *table) Type() string          { return "game" }
func (t *table) Freeze()               {}
func (t *table) Truth() starlark.Bool  { return true }
func (t *table) Hash() (uint32, error) { return 0, errors.New("g is not hashable") }
func (t *table) AttrNames() []string   { return t.s.g.attrNames }

var errReadOnly = errors.New("this function may not change the game: only setup, the apply_ functions and those called after a deal do")

func (t *table) Attr(name string) (starlark.Value, error) {
	s := t.s
	a, ok := s.g.attrs[name]
	if !ok {
		return nil, nil
	}
	switch a.what {
	case attrVar:
		v := s.g.vars[a.index]
		if !v.player {
			return varValue(v, s.vars[s.lay.v[a.index]]), nil
		}
		if t.seats == nil {
			t.seats = make([]*seatVar, len(s.g.vars))
		}
		if t.seats[a.index] == nil {
			t.seats[a.index] = &seatVar{t: t, v: a.index}
		}
		return t.seats[a.index], nil
	case attrZone:
		if !s.g.zones[a.index].player {
			return t.ref(s.lay.zone[a.index], a.index, -1), nil
		}
		if t.fams == nil {
			t.fams = make([]*zoneFamily, len(s.g.zones))
		}
		if t.fams[a.index] == nil {
			t.fams[a.index] = &zoneFamily{t: t, z: a.index}
		}
		return t.fams[a.index], nil
	}
	if a.what == attrPhase {
		return starlark.String(s.g.phases[s.phase]), nil
	}
	switch name {
	case "players":
		return starlark.MakeInt(s.n), nil
	case "turn":
		return starlark.MakeInt(s.turn), nil
	}
	if t.methods == nil {
		t.methods = make([]*starlark.Builtin, len(methodNames()))
	}
	if t.methods[a.index] == nil {
		t.methods[a.index] = starlark.NewBuiltin(name, t.method)
	}
	return t.methods[a.index], nil
}

func varValue(v varDecl, x int64) starlark.Value {
	if v.isBool {
		return starlark.Bool(x != 0)
	}
	return starlark.MakeInt64(x)
}

// setVar checks a variable's new value and returns it as stored.
func setVar(v varDecl, x starlark.Value) (int64, error) {
	if v.isBool {
		b, ok := x.(starlark.Bool)
		if !ok {
			return 0, fmt.Errorf("%s is True or False, not %s", v.id, describe(x))
		}
		if b {
			return 1, nil
		}
		return 0, nil
	}
	var n int64
	if err := starlark.AsInt(x, &n); err != nil {
		return 0, fmt.Errorf("%s is a whole number, not %s", v.id, describe(x))
	}
	return n, nil
}

func (t *table) SetField(name string, x starlark.Value) error {
	s := t.s
	if !t.write {
		return errReadOnly
	}
	a, ok := s.g.attrs[name]
	switch {
	case !ok:
		return starlark.NoSuchAttrError(fmt.Sprintf("g has no variable %s (GAME and PLAYER declare them)", name))
	case a.what == attrVar && !s.g.vars[a.index].player:
		n, err := setVar(s.g.vars[a.index], x)
		if err != nil {
			return err
		}
		s.vars[s.lay.v[a.index]] = n
		return nil
	case a.what == attrPhase:
		ph, _ := x.(starlark.String)
		i := slices.Index(s.g.phases, string(ph))
		if i < 0 {
			return fmt.Errorf("g.phase is one of PHASES (%s), not %s", strings.Join(s.g.phases, ", "), x)
		}
		s.phase = i
		return nil
	case name == "turn":
		n, err := starlark.AsInt32(x)
		if err != nil || n < 0 || n >= s.n {
			return fmt.Errorf("g.turn is a seat from 0 to %d, not %s", s.n-1, x)
		}
		s.turn = n
		return nil
	}
	return fmt.Errorf("g.%s cannot be set", name)
}

// method runs g's methods.
func (t *table) method(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	s := t.s
	name := b.Name()
	if !t.write && name != "holder" {
		return nil, errReadOnly
	}
	switch name {
	case "move":
		// move(card, from, to): one card from a zone to another, put on
		// top (at the end).
		c, from, to, err := moveArgs(args, kwargs)
		if err != nil {
			return nil, err
		}
		src := s.zones[from.inst]
		i := slices.Index(src, int16(c.d))
		if i < 0 {
			return nil, fmt.Errorf("move: %s is not in %s", c, s.instName(from.inst))
		}
		s.zones[from.inst] = slices.Delete(src, i, i+1)
		s.zones[to.inst] = append(s.zones[to.inst], int16(c.d))
		s.moved(c.d, from.inst, to.inst)
	case "move_top":
		return starlark.None, moveTop(s, args, kwargs)
	case "move_all":
		// move_all(from, to): every card of a zone, in its order.
		var from, to *zoneRef
		if err := starlark.UnpackPositionalArgs(name, args, kwargs, 2, &from, &to); err != nil {
			return nil, err
		}
		if from.inst != to.inst {
			s.movedAll(s.zones[from.inst], from.inst, to.inst)
			s.zones[to.inst] = append(s.zones[to.inst], s.zones[from.inst]...)
			s.zones[from.inst] = s.zones[from.inst][:0]
		}
	case "deal":
		// deal(from, to, n, then=None): n cards drawn at random from a
		// zone, one chance node each; then(g) is called once every draw
		// waiting is done.
		var from, to *zoneRef
		var n int
		var then starlark.Callable
		if err := starlark.UnpackArgs(name, args, kwargs, "from", &from, "to", &to, "n", &n, "then?", &then); err != nil {
			return nil, err
		}
		if n < 0 || n > len(s.g.designs)*maxCopies {
			return nil, fmt.Errorf("deal: %d cards", n)
		}
		if n+len(s.pending) > s.cardsInPlay() {
			return nil, fmt.Errorf("deal: %d cards, and %d draws already wait, but the game has %d cards", n, len(s.pending), s.cardsInPlay())
		}
		for range n {
			s.pending = append(s.pending, draw{src: int32(from.inst), dst: int32(to.inst), slot: -1})
		}
		if err := t.setThen(name, then); err != nil {
			return nil, err
		}
	case "roll", "chance":
		// roll(variable, faces, then=None): a die of faces faces, its
		// value (1 to faces) put in the GAME variable; chance(variable,
		// weights, then=None): outcome i (from 0) with weight
		// weights[i]. Each is a chance node.
		if err := t.chance(name, args, kwargs); err != nil {
			return nil, err
		}
	case "end":
		// end(): the game is over; returns(g) gives the results.
		if err := starlark.UnpackPositionalArgs(name, args, kwargs, 0); err != nil {
			return nil, err
		}
		s.over = true
	case "holder":
		// holder(card, zone): the seat whose zone of that name holds the
		// card, or None.
		var c *Card
		var fam *zoneFamily
		if err := starlark.UnpackPositionalArgs(name, args, kwargs, 2, &c, &fam); err != nil {
			return nil, err
		}
		first := s.lay.zone[fam.z]
		for p := range s.n {
			if slices.Contains(s.zones[first+p], int16(c.d)) {
				return starlark.MakeInt(p), nil
			}
		}
		return starlark.None, nil
	}
	return starlark.None, nil
}

// setThen makes then, if given, the function called once the chance
// nodes waiting are done.
func (t *table) setThen(method string, then starlark.Callable) error {
	if then == nil {
		return nil
	}
	s := t.s
	f, ok := then.(*starlark.Function)
	if !ok || s.g.funcs[f.Name()] != f {
		return fmt.Errorf("%s: then is a function the rules define, not %s", method, then)
	}
	if s.then != "" && s.then != f.Name() {
		return fmt.Errorf("%s: then=%s, but %s already waits for the chance nodes", method, f.Name(), s.then)
	}
	s.then = f.Name()
	return nil
}

// chance queues g.roll's or g.chance's chance node.
func (t *table) chance(method string, args starlark.Tuple, kwargs []starlark.Tuple) error {
	s := t.s
	var name string
	var what starlark.Value
	var then starlark.Callable
	if err := starlark.UnpackArgs(method, args, kwargs, "variable", &name, map[string]string{"roll": "faces", "chance": "weights"}[method], &what, "then?", &then); err != nil {
		return err
	}
	vi := slices.IndexFunc(s.g.vars, func(v varDecl) bool { return v.id == name && !v.player && !v.isBool })
	if vi < 0 {
		return fmt.Errorf("%s: %q is not a number variable of GAME", method, name)
	}
	dr := draw{slot: int32(s.lay.v[vi])}
	switch method {
	case "roll":
		faces, err := starlark.AsInt32(what)
		if err != nil || faces < 1 {
			return fmt.Errorf("roll: a die has 1 face or more, not %s", what)
		}
		dr.first = 1
		dr.weights = s.g.die(faces)
	default:
		seq, ok := what.(starlark.Indexable)
		if !ok || seq.Len() == 0 {
			return fmt.Errorf("chance: weights is a list of whole numbers, not %s", what)
		}
		total := 0
		for i := range seq.Len() {
			w, err := starlark.AsInt32(seq.Index(i))
			if err != nil || w < 0 {
				return fmt.Errorf("chance: a weight is a whole number, 0 or more, not %s", seq.Index(i))
			}
			dr.weights = append(dr.weights, int32(w))
			total += w
		}
		if total == 0 {
			return errors.New("chance: every weight is 0")
		}
	}
	if len(dr.weights) > s.g.outcomes {
		return fmt.Errorf("%s: %d outcomes, but OUTCOMES allows %d: declare the most a chance node of the rules has", method, len(dr.weights), s.g.outcomes)
	}
	s.pending = append(s.pending, dr)
	return t.setThen(method, then)
}

// zoneRef is one zone instance: len(z), z[i] (0 the first card put in),
// iteration in that order over a copy, c in z; z.owner is its seat, or
// None for the table's. Its methods do in Go what rules do most often,
// over its cards in order:
//
//   - z.where(field=value, ...): the cards whose fields have those values;
//   - z.without(field=value, ...): the others;
//   - z.highest(field, other=value, ...): the card with the highest value
//     of an enum field, among those with the other fields' values, or
//     None;
//   - z.index(card): where the card is, or -1.
type zoneRef struct {
	t       *table
	inst    int
	z       int
	seat    int
	methods [4]*starlark.Builtin // by zoneMethod
}

var (
	_ starlark.Indexable = (*zoneRef)(nil)
	_ starlark.Sequence  = (*zoneRef)(nil)
	_ starlark.Container = (*zoneRef)(nil)
	_ starlark.HasAttrs  = (*zoneRef)(nil)
)

func (z *zoneRef) cards() []int16 { return z.t.s.zones[z.inst] }

func (z *zoneRef) String() string        { return z.t.s.instName(z.inst) }
func (z *zoneRef) Type() string          { return "zone" }
func (z *zoneRef) Freeze()               {}
func (z *zoneRef) Truth() starlark.Bool  { return len(z.cards()) > 0 }
func (z *zoneRef) Hash() (uint32, error) { return uint32(z.inst), nil }
func (z *zoneRef) Len() int              { return len(z.cards()) }
func (z *zoneRef) Index(i int) starlark.Value {
	return z.t.s.g.cards[z.cards()[i]]
}
func (z *zoneRef) Iterate() starlark.Iterator {
	return &cardIter{g: z.t.s.g, cards: slices.Clone(z.cards())}
}
func (z *zoneRef) Has(x starlark.Value) (bool, error) {
	c, ok := x.(*Card)
	return ok && slices.Contains(z.cards(), int16(c.d)), nil
}
func (z *zoneRef) AttrNames() []string {
	return []string{"highest", "index", "owner", "where", "without"}
}

// zoneMethod numbers a zone's methods.
func zoneMethod(name string) int {
	switch name {
	case "highest":
		return 0
	case "index":
		return 1
	case "where":
		return 2
	}
	return 3
}

func (z *zoneRef) Attr(name string) (starlark.Value, error) {
	switch name {
	case "owner":
		if z.seat < 0 {
			return starlark.None, nil
		}
		return starlark.MakeInt(z.seat), nil
	case "highest", "index", "where", "without":
		i := zoneMethod(name)
		if z.methods[i] == nil {
			z.methods[i] = starlark.NewBuiltin(name, z.method)
		}
		return z.methods[i], nil
	}
	return nil, nil
}

func (z *zoneRef) method(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	name := b.Name()
	g := z.t.s.g
	cards := z.cards()
	switch name {
	case "index":
		c, ok := oneCard(args, kwargs)
		if !ok {
			return nil, errors.New("index takes one card")
		}
		return starlark.MakeInt(slices.Index(cards, int16(c.d))), nil
	case "where", "without":
		if len(args) > 0 {
			return nil, fmt.Errorf("%s takes fields and their values by name: %s(suit = \"hearts\")", name, name)
		}
		out := make([]starlark.Value, 0, len(cards))
		for _, d := range cards {
			c := g.cards[d]
			ok, err := c.matches(kwargs)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if ok == (name == "where") {
				out = append(out, c)
			}
		}
		return starlark.NewList(out), nil
	}
	// highest
	field, ok := starlark.String(""), len(args) == 1
	if ok {
		field, ok = args[0].(starlark.String)
	}
	if !ok {
		return nil, errors.New("highest takes the name of an enum field, then fields and their values by name: highest(\"rank\", suit = led)")
	}
	var best *Card
	for _, d := range cards {
		c := g.cards[d]
		o, has := c.order[string(field)]
		if !has {
			return nil, fmt.Errorf("highest: card %s has no enum field %q", c, field)
		}
		ok, err := c.matches(kwargs)
		if err != nil {
			return nil, fmt.Errorf("highest: %w", err)
		}
		if ok && (best == nil || o > best.order[string(field)]) {
			best = c
		}
	}
	if best == nil {
		return starlark.None, nil
	}
	return best, nil
}

func oneCard(args starlark.Tuple, kwargs []starlark.Tuple) (*Card, bool) {
	if len(args) != 1 || len(kwargs) > 0 {
		return nil, false
	}
	c, ok := args[0].(*Card)
	return c, ok
}

// CompareSameType makes two references to one zone equal.
func (z *zoneRef) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	switch op {
	case syntax.EQL:
		return z.inst == y.(*zoneRef).inst, nil
	case syntax.NEQ:
		return z.inst != y.(*zoneRef).inst, nil
	}
	return false, errors.New("zones are not ordered")
}

type cardIter struct {
	g     *Game
	cards []int16
}

func (it *cardIter) Next(p *starlark.Value) bool {
	if len(it.cards) == 0 {
		return false
	}
	*p = it.g.cards[it.cards[0]]
	it.cards = it.cards[1:]
	return true
}
func (it *cardIter) Done() {}

// zoneFamily is a zone of each player: z[p] is seat p's.
type zoneFamily struct {
	t *table
	z int
}

var _ starlark.Indexable = (*zoneFamily)(nil)

func (f *zoneFamily) String() string        { return f.t.s.g.zones[f.z].id }
func (f *zoneFamily) Type() string          { return "zones" }
func (f *zoneFamily) Freeze()               {}
func (f *zoneFamily) Truth() starlark.Bool  { return true }
func (f *zoneFamily) Hash() (uint32, error) { return uint32(f.z), nil }
func (f *zoneFamily) Len() int              { return f.t.s.n }
func (f *zoneFamily) Index(p int) starlark.Value {
	return f.t.ref(f.t.s.lay.zone[f.z]+p, f.z, p)
}

// seatVar is a variable of each player: v[p] is seat p's.
type seatVar struct {
	t *table
	v int
}

var _ starlark.HasSetIndex = (*seatVar)(nil)

func (v *seatVar) String() string        { return v.t.s.g.vars[v.v].id }
func (v *seatVar) Type() string          { return "variables" }
func (v *seatVar) Freeze()               {}
func (v *seatVar) Truth() starlark.Bool  { return true }
func (v *seatVar) Hash() (uint32, error) { return 0, errors.New("variables are not hashable") }
func (v *seatVar) Len() int              { return v.t.s.n }
func (v *seatVar) Index(p int) starlark.Value {
	s := v.t.s
	return varValue(s.g.vars[v.v], s.vars[s.lay.v[v.v]+p])
}
func (v *seatVar) SetIndex(p int, x starlark.Value) error {
	s := v.t.s
	if !v.t.write {
		return errReadOnly
	}
	n, err := setVar(s.g.vars[v.v], x)
	if err != nil {
		return err
	}
	s.vars[s.lay.v[v.v]+p] = n
	return nil
}

// moveArgs reads move's arguments without the allocations of unpacking:
// it is the rules' commonest call.
func moveArgs(args starlark.Tuple, kwargs []starlark.Tuple) (*Card, *zoneRef, *zoneRef, error) {
	if len(args) == 3 && len(kwargs) == 0 {
		c, ok1 := args[0].(*Card)
		from, ok2 := args[1].(*zoneRef)
		to, ok3 := args[2].(*zoneRef)
		if ok1 && ok2 && ok3 {
			return c, from, to, nil
		}
	}
	return nil, nil, nil, errors.New("move takes a card, the zone it is in and the zone it goes to: move(card, from, to)")
}

// maxCopies bounds the copies of a design a deal may count on, so that
// the bound of a deal is worked out without overflow.
const maxCopies = 1 << 16

// cardsInPlay is how many cards the game is played with.
func (s *State) cardsInPlay() int {
	n := 0
	for _, z := range s.zones {
		n += len(z)
	}
	return n
}
