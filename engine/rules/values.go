package rules

import (
	"fmt"
	"maps"
	"slices"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Card is a card design as the rules see it: c.id, c.copies (how many
// cards of the design the game has), and each field of its
// type by name (an enum's value as its id, a ref as the card it names);
// c.order(field) is the place of an enum field's value among its enum's
// values, from 0. Two copies of a design are the same card.
type Card struct {
	g       *Game
	d       int
	attrs   map[string]starlark.Value
	order   map[string]int
	orderFn *starlark.Builtin
}

var (
	_ starlark.HasAttrs   = (*Card)(nil)
	_ starlark.Comparable = (*Card)(nil)
)

func (c *Card) String() string        { return c.g.designs[c.d].ID }
func (c *Card) Type() string          { return "card" }
func (c *Card) Freeze()               {}
func (c *Card) Truth() starlark.Bool  { return true }
func (c *Card) Hash() (uint32, error) { return uint32(c.d), nil }
func (c *Card) AttrNames() []string {
	names := append(slices.Sorted(maps.Keys(c.attrs)), "order")
	slices.Sort(names)
	return names
}

func (c *Card) Attr(name string) (starlark.Value, error) {
	if name == "order" {
		return c.orderFn, nil
	}
	if v, ok := c.attrs[name]; ok {
		return v, nil
	}
	return nil, nil
}

// CompareSameType orders cards as the game's data lists them.
func (c *Card) CompareSameType(op syntax.Token, y starlark.Value, _ int) (bool, error) {
	return threeway(op, c.d-y.(*Card).d), nil
}

func threeway(op syntax.Token, cmp int) bool {
	switch op {
	case syntax.EQL:
		return cmp == 0
	case syntax.NEQ:
		return cmp != 0
	case syntax.LT:
		return cmp < 0
	case syntax.LE:
		return cmp <= 0
	case syntax.GT:
		return cmp > 0
	}
	return cmp >= 0
}

func (c *Card) orderOf(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	field, ok := args[0].(starlark.String)
	if len(args) != 1 || len(kwargs) > 0 || !ok {
		return nil, fmt.Errorf("order takes the name of one of the card's enum fields")
	}
	n, ok := c.order[string(field)]
	if !ok {
		return nil, fmt.Errorf("card %s has no enum field %q", c, field)
	}
	return starlark.MakeInt(n), nil
}

// cardAttrs gives a card's fields as values of the rules, and the order of
// its enum fields.
func cardAttrs(g *Game, c *model.Card, t *model.Type, enums map[string]*model.Enum) map[string]starlark.Value {
	card := g.cards[g.byID[c.ID]]
	card.order = map[string]int{}
	card.orderFn = starlark.NewBuiltin("order", card.orderOf)
	attrs := map[string]starlark.Value{"id": starlark.String(c.ID), "type": starlark.String(c.Type), "copies": starlark.MakeInt(c.Copies)}
	if t == nil {
		return attrs
	}
	for _, f := range t.Fields {
		v, set := c.Get(f.ID)
		if !set {
			attrs[f.ID] = starlark.None
			continue
		}
		attrs[f.ID] = toStar(g, f.Type, v, enums)
		if f.Type.Kind == model.EnumKind {
			if e := enums[f.Type.Enum]; e != nil {
				card.order[f.ID] = slices.IndexFunc(e.Values, func(ev *model.EnumValue) bool { return ev.ID == v.Str })
			}
		}
	}
	return attrs
}

// toStar turns a value of the data into a value of the rules: numbers,
// truths and strings as they are, an enum value as its id, a ref as its
// card, a list as a tuple, a map as a frozen dict.
func toStar(g *Game, t *model.ValueType, v model.Value, enums map[string]*model.Enum) starlark.Value {
	switch t.Kind {
	case model.Int:
		return starlark.MakeInt64(v.Int)
	case model.Decimal:
		return starlark.Float(v.Dec)
	case model.Bool:
		return starlark.Bool(v.Bool)
	case model.Ref:
		if d, ok := g.byID[v.Str]; ok {
			return g.cards[d]
		}
		return starlark.String(v.Str)
	case model.List:
		out := make(starlark.Tuple, len(v.List))
		for i, e := range v.List {
			out[i] = toStar(g, t.Elem, e, enums)
		}
		return out
	case model.Map:
		dict := starlark.NewDict(len(v.List))
		for i, e := range v.List {
			_ = dict.SetKey(toStar(g, t.Key, v.Keys[i], enums), toStar(g, t.Elem, e, enums))
		}
		dict.Freeze()
		return dict
	}
	return starlark.String(v.Str)
}

// cardSet is cards, the card designs of the game: cards.<id> is one, and
// iterating gives them all in the data's order, each design once (c.type
// tells their types apart).
type cardSet struct {
	g     *Game
	names []string // the ids, sorted
}

var (
	_ starlark.HasAttrs = (*cardSet)(nil)
	_ starlark.Sequence = (*cardSet)(nil)
)

func (s *cardSet) String() string        { return "cards" }
func (s *cardSet) Type() string          { return "cards" }
func (s *cardSet) Freeze()               {}
func (s *cardSet) Truth() starlark.Bool  { return len(s.g.cards) > 0 }
func (s *cardSet) Hash() (uint32, error) { return 0, nil }
func (s *cardSet) Len() int              { return len(s.g.cards) }
func (s *cardSet) AttrNames() []string   { return s.names }
func (s *cardSet) Attr(name string) (starlark.Value, error) {
	if d, ok := s.g.byID[name]; ok {
		return s.g.cards[d], nil
	}
	return nil, nil
}
func (s *cardSet) Iterate() starlark.Iterator {
	all := make([]int16, len(s.g.cards))
	for i := range all {
		all[i] = int16(i)
	}
	return &cardIter{g: s.g, cards: all}
}

// sum is sum(numbers): the sum of the numbers given, 0 for none. Whole
// numbers give a whole number.
func sum(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var it starlark.Iterable
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &it); err != nil {
		return nil, err
	}
	var total starlark.Value = starlark.MakeInt(0)
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		v, err := starlark.Binary(syntax.PLUS, total, x)
		if err != nil {
			return nil, fmt.Errorf("sum: %w", err)
		}
		total = v
	}
	return total, nil
}

// matches reports whether the card has every field=value of conds.
func (c *Card) matches(conds []starlark.Tuple) (bool, error) {
	for _, kv := range conds {
		field := string(kv[0].(starlark.String))
		v, ok := c.attrs[field]
		if !ok {
			return false, fmt.Errorf("card %s has no field %s", c, field)
		}
		eq, err := starlark.Equal(v, kv[1])
		if err != nil {
			return false, err
		}
		if !eq {
			return false, nil
		}
	}
	return true, nil
}
