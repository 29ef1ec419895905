package rules

import "slices"

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
// first put in, as the language's do.
type Dict[K comparable, V any] struct {
	keys []K
	vals map[K]V
}

// NewDict is an empty dict.
func NewDict[K comparable, V any]() *Dict[K, V] { return &Dict[K, V]{vals: map[K]V{}} }

// Get is d[k], and whether d has k.
func (d *Dict[K, V]) Get(k K) (V, bool) {
	v, ok := d.vals[k]
	return v, ok
}

// At is d[k], a rule's error where d has no k.
func (d *Dict[K, V]) At(at string, k K) V {
	v, ok := d.vals[k]
	if !ok {
		Failf(at, "key %v not in dict", k)
	}
	return v
}

// Set is d[k] = v.
func (d *Dict[K, V]) Set(k K, v V) {
	if _, ok := d.vals[k]; !ok {
		d.keys = append(d.keys, k)
	}
	d.vals[k] = v
}

// Copy is dict(d).
func (d *Dict[K, V]) Copy() *Dict[K, V] {
	out := &Dict[K, V]{keys: slices.Clone(d.keys), vals: make(map[K]V, len(d.vals))}
	for k, v := range d.vals {
		out.vals[k] = v
	}
	return out
}

// GetOr is d.get(k, def).
func (d *Dict[K, V]) GetOr(k K, def V) V {
	if v, ok := d.vals[k]; ok {
		return v
	}
	return def
}

// Values is d.values(), in the order of d's keys.
func (d *Dict[K, V]) Values() []V {
	out := make([]V, len(d.keys))
	for i, k := range d.keys {
		out[i] = d.vals[k]
	}
	return out
}

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

// Has is k in d.
func (d *Dict[K, V]) Has(k K) bool {
	_, ok := d.vals[k]
	return ok
}

// Keys are d's keys, in order; the caller must not change them.
func (d *Dict[K, V]) Keys() []K { return d.keys }

// Len is len(d).
func (d *Dict[K, V]) Len() int { return len(d.keys) }

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
