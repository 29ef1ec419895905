package rules

import (
	"cmp"
	"fmt"
	"slices"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// What compiled rules call besides Host: looking a game's declarations
// up once (Bind*), turning the interpreter's values into Go's (Conv*),
// and the language's built-in functions on Go values.

// BindVar is the place of variable id, -1 for one the game does not
// have: rules compiled to fit several variants of a game name some that
// only one has (PLAYER built from its cards), and reach them only in it.
func BindVar(g *Game, id string) (int, error) {
	if i, ok := g.VarIndex(id); ok {
		return i, nil
	}
	return -1, nil
}

// BindZone is the place of zone id, -1 for one the game does not have.
func BindZone(g *Game, id string) (int, error) {
	if i, ok := g.ZoneIndex(id); ok {
		return i, nil
	}
	return -1, nil
}

// BindCard is the design of card id, -1 for one the game does not have.
func BindCard(g *Game, id string) (int16, error) {
	if d, ok := g.Design(id); ok {
		return d, nil
	}
	return -1, nil
}

// Field is a field's value on each card design, for the cards that have
// it as values of one type: compiled rules read a field of cards of
// several types (a location's food, a number) as the type the cards they
// read have it as.
type Field[T any] struct {
	g    *Game
	name string
	vals []T
	has  []bool
}

// At is card d's value of the field, a rule's error if it has none (of
// that type).
func (f Field[T]) At(at string, d int16) T {
	if !f.has[d] {
		if _, ok := f.g.cards[d].attrs[f.name]; ok {
			Failf(at, "card %s: its field %s is not of the type the compiled rules read", f.g.designs[d].ID, f.name)
		}
		Failf(at, "card %s has no field %s", f.g.designs[d].ID, f.name)
	}
	return f.vals[d]
}

// BindField reads a field of every card design that has it, of the type
// conv reads.
func BindField[T any](g *Game, name string, conv func(starlark.Value) (T, error)) Field[T] {
	f := Field[T]{g: g, name: name, vals: make([]T, len(g.cards)), has: make([]bool, len(g.cards))}
	for d, c := range g.cards {
		v, ok := c.attrs[name]
		if !ok {
			continue
		}
		if x, err := conv(v); err == nil {
			f.vals[d], f.has[d] = x, true
		}
	}
	return f
}

// BindRank is each card design's place in the order of its enum field
// name, -1 for a card without it: what highest compares.
func BindRank(g *Game, name string) []int {
	out := make([]int, len(g.cards))
	for d, c := range g.cards {
		o, ok := c.order[name]
		if !ok {
			o = -1
		}
		out[d] = o
	}
	return out
}

// ConvInt and the other Conv functions turn a value of the interpreter
// into Go's.
func ConvInt(v starlark.Value) (int64, error) {
	var n int64
	if err := starlark.AsInt(v, &n); err != nil {
		return 0, fmt.Errorf("%s is no whole number", describe(v))
	}
	return n, nil
}

func ConvFloat(v starlark.Value) (float64, error) {
	f, ok := starlark.AsFloat(v)
	if !ok {
		return 0, fmt.Errorf("%s is no number", describe(v))
	}
	return f, nil
}

func ConvBool(v starlark.Value) (bool, error) {
	b, ok := v.(starlark.Bool)
	if !ok {
		return false, fmt.Errorf("%s is not True or False", describe(v))
	}
	return bool(b), nil
}

func ConvStr(v starlark.Value) (string, error) {
	s, ok := v.(starlark.String)
	if !ok {
		return "", fmt.Errorf("%s is no string", describe(v))
	}
	return string(s), nil
}

func ConvCard(v starlark.Value) (int16, error) {
	c, ok := v.(*Card)
	if !ok {
		return 0, fmt.Errorf("%s is no card", describe(v))
	}
	return int16(c.d), nil
}

func ConvList[T any](v starlark.Value, conv func(starlark.Value) (T, error)) ([]T, error) {
	seq, ok := v.(starlark.Indexable)
	if !ok {
		return nil, fmt.Errorf("%s is no list", describe(v))
	}
	out := make([]T, seq.Len())
	for i := range out {
		x, err := conv(seq.Index(i))
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

func ConvTuple(v starlark.Value, n int) ([]starlark.Value, error) {
	seq, ok := v.(starlark.Indexable)
	if !ok || seq.Len() != n {
		return nil, fmt.Errorf("%s is no tuple of %d", describe(v), n)
	}
	out := make([]starlark.Value, n)
	for i := range out {
		out[i] = seq.Index(i)
	}
	return out, nil
}

func ConvDict[K comparable, V any](v starlark.Value, ck func(starlark.Value) (K, error), cv func(starlark.Value) (V, error)) (*Dict[K, V], error) {
	d, ok := v.(*starlark.Dict)
	if !ok {
		return nil, fmt.Errorf("%s is no dict", describe(v))
	}
	out := NewDict[K, V]()
	for _, kv := range d.Items() {
		k, err := ck(kv[0])
		if err != nil {
			return nil, err
		}
		x, err := cv(kv[1])
		if err != nil {
			return nil, err
		}
		out.Set(k, x)
	}
	return out, nil
}

func ConvCardDict[V any](g *Game, v starlark.Value, cv func(starlark.Value) (V, error)) (*CardDict[V], error) {
	d, ok := v.(*starlark.Dict)
	if !ok {
		return nil, fmt.Errorf("%s is no dict", describe(v))
	}
	out := NewCardDict[V](len(g.designs))
	for _, kv := range d.Items() {
		k, err := ConvCard(kv[0])
		if err != nil {
			return nil, err
		}
		x, err := cv(kv[1])
		if err != nil {
			return nil, err
		}
		out.Set(k, x)
	}
	return out, nil
}

func ConvOpt[T any](v starlark.Value, conv func(starlark.Value) (T, error)) (Opt[T], error) {
	if v == starlark.None {
		return Opt[T]{}, nil
	}
	x, err := conv(v)
	return Some(x), err
}

// B2I stores a truth as a variable does: 1 or 0.
func B2I(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Seat is g.holder's seat, -1 for None.
func Seat(p int64) Opt[int64] {
	if p < 0 {
		return Opt[int64]{}
	}
	return Some(p)
}

// Part is the index of a seat or a choice x among an action's, a rule's
// error out of range: a seat from 0 to the players', a choice from 0 to
// size.
func Part(at string, h *Host, x int64, size int, seat bool) int {
	hi := int64(size)
	if seat {
		hi = int64(h.s.n)
	}
	if x < 0 || x >= hi {
		Failf(at, "an action is played on numbers from 0 to %d, not %d", hi-1, x)
	}
	return int(x)
}

// Floats is returns' list as the engine's.
func Floats[T int64 | float64](xs []T) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// Range is range(lo, hi).
func Range(lo, hi int64) []int64 {
	var out []int64
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}

// Sum is sum(xs).
func Sum[T int64 | float64](xs []T) T {
	var t T
	for _, x := range xs {
		t += x
	}
	return t
}

// Min and Max are min(a, b, ...) and max(a, b, ...): the first of the
// least or greatest, as the language's.
func Min[T cmp.Ordered](xs ...T) T { return slices.Min(xs) }

func Max[T cmp.Ordered](xs ...T) T { return slices.Max(xs) }

// MinOf and MaxOf are min(xs) and max(xs), a rule's error when empty.
func MinOf[T cmp.Ordered](at string, xs []T) T {
	if len(xs) == 0 {
		Failf(at, "min: empty sequence")
	}
	return slices.Min(xs)
}

func MaxOf[T cmp.Ordered](at string, xs []T) T {
	if len(xs) == 0 {
		Failf(at, "max: empty sequence")
	}
	return slices.Max(xs)
}

// Sorted is sorted(xs): a sorted copy, equal values kept in order.
func Sorted[T cmp.Ordered](xs []T) []T {
	out := slices.Clone(xs)
	slices.SortStableFunc(out, cmp.Compare[T])
	return out
}

// SortedDesc is sorted(xs, reverse = True).
func SortedDesc[T cmp.Ordered](xs []T) []T {
	out := slices.Clone(xs)
	slices.SortStableFunc(out, func(a, b T) int { return cmp.Compare(b, a) })
	return out
}

// SortedFunc is sorted(xs) of values compare orders.
func SortedFunc[T any](xs []T, compare func(a, b T) int) []T {
	out := slices.Clone(xs)
	slices.SortStableFunc(out, compare)
	return out
}

// MustAll is xs, a rule's error if one is None.
func MustAll[T any](at string, xs []Opt[T]) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = Must(at, x)
	}
	return out
}

// Somes is xs, each a value that may be None.
func Somes[T any](xs []T) []Opt[T] {
	out := make([]Opt[T], len(xs))
	for i, x := range xs {
		out[i] = Some(x)
	}
	return out
}

// Unpack is xs, a rule's error unless it has n elements: a, b = xs.
func Unpack[T any](at string, xs []T, n int) []T {
	if len(xs) != n {
		Failf(at, "too many or too few values to unpack (got %d, want %d)", len(xs), n)
	}
	return xs
}

// Percent is format % args, as the language writes it.
func Percent(at, format string, args ...any) string {
	vals := make(starlark.Tuple, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case int64:
			vals[i] = starlark.MakeInt64(a)
		case float64:
			vals[i] = starlark.Float(a)
		case bool:
			vals[i] = starlark.Bool(a)
		case string:
			vals[i] = starlark.String(a)
		default:
			vals[i] = starlark.String(fmt.Sprint(a))
		}
	}
	var x starlark.Value = vals
	if len(vals) == 1 {
		x = vals[0]
	}
	v, err := starlark.Binary(syntax.PERCENT, starlark.String(format), x)
	if err != nil {
		Failf(at, "%v", err)
	}
	s, _ := starlark.AsString(v)
	return s
}

// Reversed is reversed(xs).
func Reversed[T any](xs []T) []T {
	out := slices.Clone(xs)
	slices.Reverse(out)
	return out
}

// Concat is a + b of two lists.
func Concat[T any](a, b []T) []T {
	out := make([]T, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// SetAt is s[i] = v.
func SetAt[T any](at string, s []T, i int64, v T) {
	j := i
	if j < 0 {
		j += int64(len(s))
	}
	if j < 0 || j >= int64(len(s)) {
		Failf(at, "index %d out of range [%d:%d]", i, -len(s), len(s))
	}
	s[j] = v
}

// Div is a / b.
func Div(at string, a, b float64) float64 {
	if b == 0 {
		Failf(at, "floating-point division by zero")
	}
	return a / b
}

// Shl and Shr are a << b and a >> b.
func Shl(at string, a, b int64) int64 {
	if b < 0 || b >= 512 {
		Failf(at, "shift count %d out of range", b)
	}
	if b >= 64 {
		return 0
	}
	return a << b
}

func Shr(at string, a, b int64) int64 {
	if b < 0 {
		Failf(at, "negative shift count: %d", b)
	}
	if b >= 64 {
		b = 63
	}
	return a >> b
}

// Abs is abs(x).
func Abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Filter is a zone's where or without: the cards keep keeps, in order.
func Filter(cards []int16, keep func(int16) bool) []int16 {
	out := make([]int16, 0, len(cards))
	for _, d := range cards {
		if keep(d) {
			out = append(out, d)
		}
	}
	return out
}

// Highest is a zone's highest: among the cards keep keeps, the first of
// the highest rank, or None; a rule's error for a card without the enum
// field.
func Highest(at, field string, cards []int16, rank []int, keep func(int16) bool) Opt[int16] {
	best, bestRank := Opt[int16]{}, 0
	for _, d := range cards {
		r := rank[d]
		if r < 0 {
			Failf(at, "highest: a card has no enum field %q", field)
		}
		if keep(d) && (!best.OK || r > bestRank) {
			best, bestRank = Some(d), r
		}
	}
	return best
}
