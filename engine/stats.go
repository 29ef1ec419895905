package engine

import (
	"maps"
	"math"
	"slices"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the Wilson score interval at 95% for x successes in n
// trials; x may be fractional, as a shared win counts a part of one. It
// stays inside [0, 1] and, unlike the normal approximation, is sound near
// 0 and 1 and for small n. n = 0 gives [0, 1].
func Wilson(x float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	fn := float64(n)
	p := x / fn
	z2 := z95 * z95
	d := 1 + z2/fn
	center := (p + z2/(2*fn)) / d
	half := z95 / d * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
	return max(0, center-half), min(1, center+half)
}

// Dist is an exact distribution of values: how many times each value
// came. It merges exactly and in any order, and every figure it gives is
// computed over its values in increasing order, so two Dists of the same
// values give the same figures to the last bit however they were built.
// Game scores and lengths take few distinct values, so it stays small.
type Dist struct {
	counts map[float64]int64
	n      int64
}

// Add counts one value.
func (d *Dist) Add(x float64) {
	if d.counts == nil {
		d.counts = map[float64]int64{}
	}
	d.counts[x]++
	d.n++
}

// Merge adds every value of o.
func (d *Dist) Merge(o *Dist) {
	for x, c := range o.counts {
		if d.counts == nil {
			d.counts = map[float64]int64{}
		}
		d.counts[x] += c
	}
	d.n += o.n
}

// N is the number of values.
func (d *Dist) N() int64 { return d.n }

func (d *Dist) values() []float64 { return slices.Sorted(maps.Keys(d.counts)) }

// Mean is the arithmetic mean, 0 for no values.
func (d *Dist) Mean() float64 {
	if d.n == 0 {
		return 0
	}
	s := 0.0
	for _, x := range d.values() {
		s += x * float64(d.counts[x])
	}
	return s / float64(d.n)
}

// StdDev is the sample standard deviation, 0 for fewer than two values.
func (d *Dist) StdDev() float64 {
	if d.n < 2 {
		return 0
	}
	m := d.Mean()
	ss := 0.0
	for _, x := range d.values() {
		ss += (x - m) * (x - m) * float64(d.counts[x])
	}
	return math.Sqrt(ss / float64(d.n-1))
}

// Quantile is the p-quantile (0 ≤ p ≤ 1) of the values, interpolated
// linearly between order statistics (R's type 7, numpy's default): the
// value of rank p×(n−1) counting from 0. It is 0 for no values.
func (d *Dist) Quantile(p float64) float64 {
	if d.n == 0 {
		return 0
	}
	h := p * float64(d.n-1)
	lo := int64(math.Floor(h))
	a, b := d.rank(lo), d.rank(min(lo+1, d.n-1))
	return a + (h-float64(lo))*(b-a)
}

// rank is the value of order statistic r, counting from 0.
func (d *Dist) rank(r int64) float64 {
	xs := d.values()
	for _, x := range xs {
		if r < d.counts[x] {
			return x
		}
		r -= d.counts[x]
	}
	return xs[len(xs)-1]
}

// Stats gives the summary figures of the values.
func (d *Dist) Stats() DistStats {
	if d.n == 0 {
		return DistStats{}
	}
	xs := d.values()
	return DistStats{
		Mean:   d.Mean(),
		StdDev: d.StdDev(),
		Min:    xs[0],
		P5:     d.Quantile(0.05),
		P25:    d.Quantile(0.25),
		P50:    d.Quantile(0.5),
		P75:    d.Quantile(0.75),
		P95:    d.Quantile(0.95),
		Max:    xs[len(xs)-1],
	}
}

// DistStats sums up a distribution: its mean, sample standard deviation,
// extremes and percentiles.
type DistStats struct {
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"std_dev"`
	Min    float64 `json:"min"`
	P5     float64 `json:"p5"`
	P25    float64 `json:"p25"`
	P50    float64 `json:"p50"`
	P75    float64 `json:"p75"`
	P95    float64 `json:"p95"`
	Max    float64 `json:"max"`
}

// roundTo rounds x to places decimals; the result prints, with the
// shortest representation, as no more than those decimals.
func roundTo(x float64, places int) float64 {
	p := math.Pow10(places)
	r := math.Round(x*p) / p
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// Decimals kept by Summary.Rounded: rates and shares are fractions whose
// fourth decimal is a hundredth of a percentage point; scores and lengths
// are counts of points and actions.
const (
	rateDecimals  = 4
	valueDecimals = 2
)

func (s DistStats) rounded() DistStats {
	r := func(x float64) float64 { return roundTo(x, valueDecimals) }
	return DistStats{r(s.Mean), r(s.StdDev), r(s.Min), r(s.P5), r(s.P25), r(s.P50), r(s.P75), r(s.P95), r(s.Max)}
}

// Rounded returns a copy of s with its figures rounded as people read
// them and as JSON should print them: rates, shares and intervals to 4
// decimals, scores, lengths, margins and win credits to 2, seconds to 3
// and games per second to 1.
func (s *Summary) Rounded() *Summary {
	r := *s
	rate := func(x float64) float64 { return roundTo(x, rateDecimals) }
	interval := func(iv [2]float64) [2]float64 { return [2]float64{rate(iv[0]), rate(iv[1])} }
	kinds := func(ks []KindCount) []KindCount {
		if ks == nil {
			return nil
		}
		out := make([]KindCount, len(ks))
		for i, k := range ks {
			out[i] = KindCount{Kind: k.Kind, Count: k.Count, PerGame: rate(k.PerGame)}
		}
		return out
	}
	record := func(rec Record) Record {
		rec.Wins = roundTo(rec.Wins, valueDecimals)
		rec.WinRate = rate(rec.WinRate)
		rec.WinInterval = interval(rec.WinInterval)
		rec.Score = rec.Score.rounded()
		if rec.Margin != nil {
			m := rec.Margin.rounded()
			rec.Margin = &m
		}
		rec.Actions = kinds(rec.Actions)
		return rec
	}
	r.Seats = make([]SeatStats, len(s.Seats))
	for i, st := range s.Seats {
		r.Seats[i] = SeatStats{Seat: st.Seat, Record: record(st.Record)}
	}
	r.ByBot = make([]BotStats, len(s.ByBot))
	for i, b := range s.ByBot {
		r.ByBot[i] = BotStats{Bot: b.Bot, ExpectedShare: rate(b.ExpectedShare), Record: record(b.Record)}
	}
	o := s.Overall
	o.SharedWinRate, o.SharedWinInterval = rate(o.SharedWinRate), interval(o.SharedWinInterval)
	o.TieRate, o.TieInterval = rate(o.TieRate), interval(o.TieInterval)
	o.Score, o.Margin, o.Length = o.Score.rounded(), o.Margin.rounded(), o.Length.rounded()
	if o.Rounds != nil {
		o.Rounds = &RoundStats{Unit: o.Rounds.Unit, DistStats: o.Rounds.rounded()}
	}
	o.Actions = kinds(o.Actions)
	r.Overall = o
	r.Timing.Seconds = roundTo(r.Timing.Seconds, 3)
	r.Timing.GamesPerSecond = roundTo(r.Timing.GamesPerSecond, 1)
	return &r
}
