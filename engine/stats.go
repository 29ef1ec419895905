package engine

import "math"

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
