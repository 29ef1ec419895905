package rules

import (
	"maps"
	"slices"
)

// Values of compiled rules that Go has no type for as the language means
// them.

// Opt is a value or None.
type Opt[T any] struct {
	V  T
	OK bool // false for None
}

// Some is a value that is not None.
func Some[T any](v T) Opt[T] { return Opt[T]{V: v, OK: true} }

// Must is o's value, a rule's error for None.
func Must[T any](at string, o Opt[T]) T {
	if !o.OK {
		Failf(at, "None where a value is wanted")
	}
	return o.V
}

// Dict is a dict of the rules: its keys iterate in the order they were
// first put in, as the language's do. A small dict is two lists searched
// in order, which costs less than a hash table to make, copy and read;
// a large one keeps an index.
type Dict[K comparable, V any] struct {
	keys  []K
	vals  []V
	index map[K]int // by key, its place; only for more than smallDict keys
}

// smallDict is the most keys a dict searches without an index.
const smallDict = 16

// NewDict is an empty dict.
func NewDict[K comparable, V any]() *Dict[K, V] { return &Dict[K, V]{} }

// find is the place of k, -1 for none.
func (d *Dict[K, V]) find(k K) int {
	if d.index != nil {
		if i, ok := d.index[k]; ok {
			return i
		}
		return -1
	}
	for i, x := range d.keys {
		if x == k {
			return i
		}
	}
	return -1
}

// Get is d[k], and whether d has k.
func (d *Dict[K, V]) Get(k K) (V, bool) {
	if i := d.find(k); i >= 0 {
		return d.vals[i], true
	}
	var zero V
	return zero, false
}

// At is d[k], a rule's error where d has no k.
func (d *Dict[K, V]) At(at string, k K) V {
	i := d.find(k)
	if i < 0 {
		Failf(at, "key %v not in dict", k)
	}
	return d.vals[i]
}

// Set is d[k] = v.
func (d *Dict[K, V]) Set(k K, v V) {
	if i := d.find(k); i >= 0 {
		d.vals[i] = v
		return
	}
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
	switch {
	case d.index != nil:
		d.index[k] = len(d.keys) - 1
	case len(d.keys) > smallDict:
		d.index = make(map[K]int, len(d.keys))
		for i, x := range d.keys {
			d.index[x] = i
		}
	}
}

// Copy is dict(d).
func (d *Dict[K, V]) Copy() *Dict[K, V] {
	out := &Dict[K, V]{keys: slices.Clone(d.keys), vals: slices.Clone(d.vals)}
	if d.index != nil {
		out.index = maps.Clone(d.index)
	}
	return out
}

// GetOr is d.get(k, def).
func (d *Dict[K, V]) GetOr(k K, def V) V {
	if i := d.find(k); i >= 0 {
		return d.vals[i]
	}
	return def
}

// Has is k in d.
func (d *Dict[K, V]) Has(k K) bool { return d.find(k) >= 0 }

// Keys are d's keys, in order; the caller must not change them.
func (d *Dict[K, V]) Keys() []K { return d.keys }

// Len is len(d).
func (d *Dict[K, V]) Len() int { return len(d.keys) }

// Values is d.values(), in the order of d's keys.
func (d *Dict[K, V]) Values() []V { return slices.Clone(d.vals) }

// CardDict is a dict whose keys are cards: a Dict, looked up by the
// card's design rather than hashed.
type CardDict[V any] struct {
	keys []int16
	vals []V
	has  []bool
}

// NewCardDict is an empty dict of cards of a game of designs designs.
func NewCardDict[V any](designs int) *CardDict[V] {
	return &CardDict[V]{vals: make([]V, designs), has: make([]bool, designs)}
}

// Copy is dict(d).
func (d *CardDict[V]) Copy() *CardDict[V] {
	return &CardDict[V]{keys: slices.Clone(d.keys), vals: slices.Clone(d.vals), has: slices.Clone(d.has)}
}

// Get is d[k], and whether d has k.
func (d *CardDict[V]) Get(k int16) (V, bool) { return d.vals[k], d.has[k] }

// At is d[k], a rule's error where d has no k.
func (d *CardDict[V]) At(at string, k int16) V {
	if !d.has[k] {
		Failf(at, "key %d not in dict", k)
	}
	return d.vals[k]
}

// GetOr is d.get(k, def).
func (d *CardDict[V]) GetOr(k int16, def V) V {
	if d.has[k] {
		return d.vals[k]
	}
	return def
}

// Set is d[k] = v.
func (d *CardDict[V]) Set(k int16, v V) {
	if !d.has[k] {
		d.keys = append(d.keys, k)
		d.has[k] = true
	}
	d.vals[k] = v
}

// Has is k in d.
func (d *CardDict[V]) Has(k int16) bool { return d.has[k] }

// Keys are d's keys, in order; the caller must not change them.
func (d *CardDict[V]) Keys() []int16 { return d.keys }

// Len is len(d).
func (d *CardDict[V]) Len() int { return len(d.keys) }

// Values is d.values(), in the order of d's keys.
func (d *CardDict[V]) Values() []V {
	out := make([]V, len(d.keys))
	for i, k := range d.keys {
		out[i] = d.vals[k]
	}
	return out
}

// Repeat is xs * n.
func Repeat[T any](xs []T, n int64) []T {
	out := make([]T, 0, len(xs)*int(max(n, 0)))
	for range max(n, 0) {
		out = append(out, xs...)
	}
	return out
}

// Trunc is int(x) of a number: toward zero, an error for one too large.
func Trunc(at string, x float64) int64 {
	if x != x || x >= 1<<63 || x < -(1<<63) {
		Failf(at, "int: cannot convert %v to int", x)
	}
	return int64(x)
}

// At is s[i], counted from the end when negative.
func At[T any](at string, s []T, i int64) T {
	j := i
	if j < 0 {
		j += int64(len(s))
	}
	if j < 0 || j >= int64(len(s)) {
		Failf(at, "index %d out of range [%d:%d]", i, -len(s), len(s))
	}
	return s[j]
}

// FloorDiv is a // b, rounded down as the language does.
func FloorDiv(at string, a, b int64) int64 {
	if b == 0 {
		Failf(at, "integer division by zero")
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// FloorMod is a % b, of the sign of b as the language does.
func FloorMod(at string, a, b int64) int64 {
	if b == 0 {
		Failf(at, "integer modulo by zero")
	}
	m := a % b
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

// Index is s.index(x) of a zone: where x is, -1 for nowhere.
func Index(cards []int16, d int16) int64 {
	for i, c := range cards {
		if c == d {
			return int64(i)
		}
	}
	return -1
}
