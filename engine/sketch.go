package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"math/bits"
	"slices"
)

// The sketch's bounds. Games score in small integers, or in integers with
// a tie-break fraction, and last a few hundred actions: such values take
// far fewer than sketchExact distinct values, and are kept exactly.
const (
	// sketchExact is how many distinct values a sketch keeps exactly.
	sketchExact = 4096
	// Past sketchExact distinct values, integers within ±sketchIntegers
	// still count exactly; other values fall into buckets of
	// sketchBucketBits mantissa bits, whose width is 1/256 of their
	// magnitude at most, and values nearer 0 than sketchTiny count as 0.
	sketchIntegers   = 4096
	sketchBucketBits = 8
	sketchTiny       = 1.0 / (1 << 16)
	// sketchLimit bounds the values a sketch takes: those beyond count as
	// ±sketchLimit, and NaN as +sketchLimit.
	sketchLimit = 1 << 38
	// fixedShift is the binary point of the moment sums: each value is
	// added as a multiple of 2⁻²⁴, so sums of integers and binary
	// fractions are exact, and others are off by 2⁻²⁵ a value at most.
	fixedShift = 24
)

// Sketch is a quantile sketch of values: their count, exact extremes,
// exact moment sums and a bounded histogram. Up to sketchExact distinct
// values it holds every value with its count; past that it folds them
// into buckets (exact integers near 0, logarithmic buckets elsewhere, a
// bounded number of each), and is then approximate to 0.2% of a value.
//
// Its state depends only on the values added, not on their order or on
// how they were split between sketches merged together: two sketches of
// the same values are equal to the last bit, and so are the figures they
// give. Its size is bounded whatever the number of values.
type Sketch struct {
	counts    map[float64]int64 // a value, or its bucket once folded → count
	folded    bool
	n         int64
	min, max  float64
	sum       int128  // of the values, ×2^fixedShift
	sumSquare uint192 // of their squares, ×2^(2×fixedShift)
}

// int128 is a two's complement 128-bit integer.
type int128 struct {
	hi int64
	lo uint64
}

func (a int128) add(b int128) int128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return int128{a.hi + b.hi + int64(c), lo}
}

func (a int128) big() *big.Int {
	x := new(big.Int).Lsh(big.NewInt(a.hi), 64)
	return x.Add(x, new(big.Int).SetUint64(a.lo))
}

// uint192 is an unsigned 192-bit integer, least significant word first.
type uint192 [3]uint64

func (a uint192) add(b uint192) uint192 {
	var r uint192
	var c uint64
	r[0], c = bits.Add64(a[0], b[0], 0)
	r[1], c = bits.Add64(a[1], b[1], c)
	r[2], _ = bits.Add64(a[2], b[2], c)
	return r
}

func (a uint192) big() *big.Int {
	x := new(big.Int)
	for i := 2; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(a[i]))
	}
	return x
}

// clampValue brings x within the values a sketch takes.
func clampValue(x float64) float64 {
	switch {
	case math.IsNaN(x) || x > sketchLimit:
		return sketchLimit
	case x < -sketchLimit:
		return -sketchLimit
	case x == 0:
		return 0 // no -0, which would print apart from 0
	}
	return x
}

// bucket is the value x counts as once a sketch is folded: itself for an
// integer near 0, else the middle of its logarithmic bucket. It is its
// own bucket, so folding twice changes nothing.
func bucket(x float64) float64 {
	if x == math.Trunc(x) && math.Abs(x) <= sketchIntegers {
		return x
	}
	a := math.Abs(x)
	if a < sketchTiny {
		return 0
	}
	// The bits of a positive float grow with it: dropping low mantissa
	// bits gives a bucket whose width is a fixed share of its values.
	const drop = 52 - sketchBucketBits
	b := math.Float64bits(a) >> drop
	lo, hi := math.Float64frombits(b<<drop), math.Float64frombits((b+1)<<drop)
	return math.Copysign(lo+(hi-lo)/2, x)
}

// Add counts one value.
func (s *Sketch) Add(x float64) {
	x = clampValue(x)
	if s.n == 0 || x < s.min {
		s.min = x
	}
	if s.n == 0 || x > s.max {
		s.max = x
	}
	s.n++
	q := int64(math.Round(math.Ldexp(x, fixedShift)))
	s.sum = s.sum.add(int128{q >> 63, uint64(q)})
	aq := uint64(q)
	if q < 0 {
		aq = uint64(-q)
	}
	hi, lo := bits.Mul64(aq, aq)
	s.sumSquare = s.sumSquare.add(uint192{lo, hi, 0})
	if s.counts == nil {
		s.counts = map[float64]int64{}
	}
	if s.folded {
		x = bucket(x)
	}
	s.counts[x]++
	if !s.folded && len(s.counts) > sketchExact {
		s.fold()
	}
}

// fold turns exact values into buckets.
func (s *Sketch) fold() {
	old := s.counts
	s.counts = make(map[float64]int64, len(old))
	for x, c := range old {
		s.counts[bucket(x)] += c
	}
	s.folded = true
}

// Merge adds every value of o.
func (s *Sketch) Merge(o *Sketch) {
	if o.n == 0 {
		return
	}
	if s.n == 0 || o.min < s.min {
		s.min = o.min
	}
	if s.n == 0 || o.max > s.max {
		s.max = o.max
	}
	s.n += o.n
	s.sum = s.sum.add(o.sum)
	s.sumSquare = s.sumSquare.add(o.sumSquare)
	if s.counts == nil {
		s.counts = map[float64]int64{}
	}
	if o.folded && !s.folded {
		s.fold()
	}
	for x, c := range o.counts {
		if s.folded {
			x = bucket(x)
		}
		s.counts[x] += c
	}
	if !s.folded && len(s.counts) > sketchExact {
		s.fold()
	}
}

// N is the number of values.
func (s *Sketch) N() int64 { return s.n }

// Mean is the arithmetic mean, 0 for no values.
func (s *Sketch) Mean() float64 {
	if s.n == 0 {
		return 0
	}
	den := new(big.Int).Lsh(big.NewInt(s.n), fixedShift)
	m, _ := new(big.Rat).SetFrac(s.sum.big(), den).Float64()
	return m
}

// StdDev is the sample standard deviation, 0 for fewer than two values.
// It is computed exactly from the moment sums, then rounded once.
func (s *Sketch) StdDev() float64 {
	if s.n < 2 {
		return 0
	}
	n := big.NewInt(s.n)
	sum := s.sum.big()
	num := new(big.Int).Mul(n, s.sumSquare.big())
	num.Sub(num, sum.Mul(sum, sum))
	den := new(big.Int).Mul(n, big.NewInt(s.n-1))
	den.Lsh(den, 2*fixedShift)
	v, _ := new(big.Rat).SetFrac(num, den).Float64()
	return math.Sqrt(v)
}

// sorted returns the values, or buckets, in increasing order.
func (s *Sketch) sorted() []float64 { return slices.Sorted(maps.Keys(s.counts)) }

// Quantile is the p-quantile (0 ≤ p ≤ 1) of the values, interpolated
// linearly between order statistics (R's type 7, numpy's default): the
// value of rank p×(n−1) counting from 0. It is 0 for no values.
func (s *Sketch) Quantile(p float64) float64 {
	return s.quantile(s.sorted(), p)
}

func (s *Sketch) quantile(xs []float64, p float64) float64 {
	if s.n == 0 {
		return 0
	}
	h := p * float64(s.n-1)
	lo := int64(math.Floor(h))
	a, b := s.rank(xs, lo), s.rank(xs, min(lo+1, s.n-1))
	// A bucket's middle may lie past the extremes, which are exact.
	return min(s.max, max(s.min, a+(h-float64(lo))*(b-a)))
}

// rank is the value of order statistic r, counting from 0: the first and
// the last are the exact extremes, even in buckets.
func (s *Sketch) rank(xs []float64, r int64) float64 {
	switch r {
	case 0:
		return s.min
	case s.n - 1:
		return s.max
	}
	for _, x := range xs {
		if r < s.counts[x] {
			return x
		}
		r -= s.counts[x]
	}
	return xs[len(xs)-1]
}

// Stats gives the summary figures of the values.
func (s *Sketch) Stats() DistStats {
	if s.n == 0 {
		return DistStats{}
	}
	xs := s.sorted()
	return DistStats{
		Mean:   s.Mean(),
		StdDev: s.StdDev(),
		Min:    s.min,
		P5:     s.quantile(xs, 0.05),
		P25:    s.quantile(xs, 0.25),
		P50:    s.quantile(xs, 0.5),
		P75:    s.quantile(xs, 0.75),
		P95:    s.quantile(xs, 0.95),
		Max:    s.max,
	}
}

// sketchJSON is a Sketch as a shard file holds it. The sums are decimal
// integers, as they outgrow JSON numbers.
type sketchJSON struct {
	N         int64     `json:"n"`
	Min       float64   `json:"min"`
	Max       float64   `json:"max"`
	Sum       string    `json:"sum"`        // ×2^24
	SumSquare string    `json:"sum_square"` // ×2^48
	Folded    bool      `json:"folded,omitempty"`
	Values    []float64 `json:"values"` // increasing
	Counts    []int64   `json:"counts"` // of each value
}

// MarshalJSON writes the sketch's whole state.
func (s *Sketch) MarshalJSON() ([]byte, error) {
	j := sketchJSON{N: s.n, Min: s.min, Max: s.max, Sum: s.sum.big().String(), SumSquare: s.sumSquare.big().String(), Folded: s.folded}
	j.Values = s.sorted()
	j.Counts = make([]int64, len(j.Values))
	for i, x := range j.Values {
		j.Counts[i] = s.counts[x]
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON wrote, refusing a state no values
// could give.
func (s *Sketch) UnmarshalJSON(data []byte) error {
	var j sketchJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	t := Sketch{n: j.N, min: j.Min, max: j.Max, folded: j.Folded}
	sum, ok := new(big.Int).SetString(j.Sum, 10)
	if !ok {
		return fmt.Errorf("sketch sum %q is no integer", j.Sum)
	}
	sq, ok := new(big.Int).SetString(j.SumSquare, 10)
	if !ok || sq.Sign() < 0 || sq.BitLen() > 192 {
		return fmt.Errorf("sketch sum of squares %q is no 192-bit natural number", j.SumSquare)
	}
	if sum.BitLen() > 127 {
		return fmt.Errorf("sketch sum %q does not fit 128 bits", j.Sum)
	}
	t.sum = int128FromBig(sum)
	for i := range t.sumSquare {
		t.sumSquare[i] = new(big.Int).Rsh(sq, uint(64*i)).Uint64()
	}
	if len(j.Values) != len(j.Counts) {
		return fmt.Errorf("sketch has %d values and %d counts", len(j.Values), len(j.Counts))
	}
	var total int64
	for i, x := range j.Values {
		c := j.Counts[i]
		switch {
		case c < 1:
			return fmt.Errorf("sketch value %v counted %d times", x, c)
		case i > 0 && x <= j.Values[i-1]:
			return errors.New("sketch values are not in increasing order")
		case x != clampValue(x) || !t.folded && (x < t.min || x > t.max):
			return fmt.Errorf("sketch value %v is out of its bounds", x)
		case t.folded && bucket(x) != x:
			return fmt.Errorf("sketch value %v is no bucket", x)
		}
		if t.counts == nil {
			t.counts = map[float64]int64{}
		}
		t.counts[x] = c
		total += c
	}
	switch {
	case total != t.n:
		return fmt.Errorf("sketch counts add up to %d, not its %d values", total, t.n)
	case !t.folded && len(t.counts) > sketchExact:
		return fmt.Errorf("sketch holds %d exact values, more than %d", len(t.counts), sketchExact)
	case t.n == 0 && (t.min != 0 || t.max != 0 || sum.Sign() != 0 || sq.Sign() != 0):
		return errors.New("empty sketch with figures")
	case t.n > 0 && (t.min > t.max || clampValue(t.min) != t.min || clampValue(t.max) != t.max):
		return fmt.Errorf("sketch extremes %v and %v are out of order or bounds", t.min, t.max)
	case t.n > 0 && !t.folded && (j.Values[0] != t.min || j.Values[len(j.Values)-1] != t.max):
		return fmt.Errorf("sketch extremes %v and %v are not its least and greatest values", t.min, t.max)
	}
	*s = t
	return nil
}

func int128FromBig(x *big.Int) int128 {
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	u := new(big.Int).And(x, mask) // two's complement, as big.Int's And gives for negatives
	return int128{int64(new(big.Int).Rsh(u, 64).Uint64()), new(big.Int).And(u, new(big.Int).SetUint64(math.MaxUint64)).Uint64()}
}
