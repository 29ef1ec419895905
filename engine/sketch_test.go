package engine

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// exactQuantile is the type 7 quantile of xs, sorted, by the book.
func exactQuantile(xs []float64, p float64) float64 {
	h := p * float64(len(xs)-1)
	lo := int(math.Floor(h))
	hi := min(lo+1, len(xs)-1)
	return xs[lo] + (h-float64(lo))*(xs[hi]-xs[lo])
}

// sketchValues makes values of the kinds games produce, and some they do
// not: integers, integers with a tie-break fraction, wide-ranging reals.
func sketchValues(r *rand.Rand, kind, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		switch kind {
		case 0: // scores
			xs[i] = float64(r.IntN(80))
		case 1: // scores with a tie-break in tenths
			xs[i] = float64(r.IntN(80)) + float64(r.IntN(10))/10
		case 2: // many distinct values: the sketch folds
			xs[i] = (r.Float64() - 0.3) * 1e5
		default: // lengths, with outliers
			xs[i] = float64(200 + r.IntN(300))
			if r.IntN(50) == 0 {
				xs[i] = float64(r.IntN(1 << 30))
			}
		}
	}
	return xs
}

// TestSketchMerge: however values are split between sketches and in
// whatever order they are merged, the state is the one sketch of all the
// values gives, to the last bit, and so are its figures and its JSON.
func TestSketchMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for kind := range 4 {
		for trial := range 20 {
			xs := sketchValues(r, kind, 1+r.IntN(12000))
			var whole Sketch
			for _, x := range xs {
				whole.Add(x)
			}
			// Split into k parts at random, each of values in a random order.
			k := 1 + r.IntN(7)
			parts := make([]Sketch, k)
			for _, i := range r.Perm(len(xs)) {
				parts[r.IntN(k)].Add(xs[i])
			}
			// Merge in a random tree: pairs picked at random.
			for len(parts) > 1 {
				i, j := r.IntN(len(parts)), r.IntN(len(parts)-1)
				if j >= i {
					j++
				}
				parts[i].Merge(&parts[j])
				parts = slices.Delete(parts, j, j+1)
			}
			got := parts[0]
			if !reflect.DeepEqual(&got, &whole) {
				t.Fatalf("kind %d trial %d: merged state differs from the whole's (folded %v, %v)", kind, trial, got.folded, whole.folded)
			}
			a, _ := json.Marshal(&got)
			b, _ := json.Marshal(&whole)
			if string(a) != string(b) || got.Stats() != whole.Stats() {
				t.Fatalf("kind %d trial %d: figures differ:\n%+v\n%+v", kind, trial, got.Stats(), whole.Stats())
			}
		}
	}
}

// TestSketchExact: the values games produce are kept exactly, so the
// percentiles, extremes and mean are those of the values themselves; past
// its bound of distinct values, a sketch stays within 0.4% of them.
func TestSketchExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for kind := range 4 {
		xs := sketchValues(r, kind, 20000)
		var s Sketch
		for _, x := range xs {
			s.Add(x)
		}
		sorted := slices.Sorted(slices.Values(xs))
		exact := kind != 2
		if s.folded == exact {
			t.Errorf("kind %d: folded %v; want %v", kind, s.folded, !exact)
		}
		sum, sq := 0.0, 0.0
		for _, x := range xs {
			sum += x
		}
		mean := sum / float64(len(xs))
		for _, x := range xs {
			sq += (x - mean) * (x - mean)
		}
		sd := math.Sqrt(sq / float64(len(xs)-1))
		st := s.Stats()
		if st.Min != sorted[0] || st.Max != sorted[len(sorted)-1] {
			t.Errorf("kind %d: extremes %v, %v; want %v, %v", kind, st.Min, st.Max, sorted[0], sorted[len(sorted)-1])
		}
		if math.Abs(st.Mean-mean) > 1e-9*math.Max(1, math.Abs(mean)) || math.Abs(st.StdDev-sd) > 1e-9*sd {
			t.Errorf("kind %d: mean %v sd %v; want %v %v", kind, st.Mean, st.StdDev, mean, sd)
		}
		for _, p := range []float64{0, 0.05, 0.25, 0.5, 0.75, 0.95, 1} {
			got, want := s.Quantile(p), exactQuantile(sorted, p)
			if exact && got != want || !exact && math.Abs(got-want) > 0.004*math.Abs(want)+1e-3 {
				t.Errorf("kind %d: Quantile(%v) = %v; want %v", kind, p, got, want)
			}
		}
	}
}

// TestSketchBounded: a sketch's size does not grow with the number of
// values.
func TestSketchBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var s Sketch
	for range 300000 {
		s.Add(math.Exp(r.NormFloat64()*3) * float64(1-2*r.IntN(2)))
	}
	// Log buckets: 256 a power of two, from 2⁻¹⁶ to 2³⁸, both signs.
	if most := 2*sketchIntegers + 1 + 2*256*(38+16); len(s.counts) > most {
		t.Errorf("%d buckets; want at most %d", len(s.counts), most)
	}
	if len(s.counts) > 20000 {
		t.Errorf("%d buckets for values over 10⁻⁷ to 10⁷", len(s.counts))
	}
}

func TestSketchEdges(t *testing.T) {
	var s Sketch
	for _, x := range []float64{math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1), 1e300} {
		s.Add(x)
	}
	st := s.Stats()
	if st.Min != -sketchLimit || st.Max != sketchLimit || s.N() != 5 {
		t.Errorf("clamped %+v", st)
	}
	data, err := json.Marshal(&s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "-0") {
		t.Errorf("-0 kept apart: %s", data)
	}
	var empty Sketch
	if empty.Stats() != (DistStats{}) || empty.Quantile(0.5) != 0 {
		t.Errorf("empty sketch %+v", empty.Stats())
	}
	// Sums that need more than 64 bits.
	var big Sketch
	for range 1000 {
		big.Add(-sketchLimit)
	}
	if big.Mean() != -sketchLimit || big.StdDev() != 0 {
		t.Errorf("mean %v, sd %v of %v", big.Mean(), big.StdDev(), -float64(sketchLimit))
	}
	var back Sketch
	data, _ = json.Marshal(&big)
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(&back, &big) {
		t.Errorf("round trip of %s: %v", data, err)
	}
}

// TestSketchJSON: a sketch reads back as it was, and a state no values
// could give is refused.
func TestSketchJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for kind := range 4 {
		var s Sketch
		for _, x := range sketchValues(r, kind, 6000) {
			s.Add(x)
		}
		data, err := json.Marshal(&s)
		if err != nil {
			t.Fatal(err)
		}
		var back Sketch
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("kind %d: %v", kind, err)
		}
		if !reflect.DeepEqual(&back, &s) {
			t.Errorf("kind %d: round trip changed the sketch", kind)
		}
	}
	good := `{"n":3,"min":1,"max":5,"sum":"117440512","sum_square":"7599824371187712","values":[1,5],"counts":[2,1]}`
	var s Sketch
	if err := json.Unmarshal([]byte(good), &s); err != nil || s.Mean() != 7.0/3 || s.StdDev() != math.Sqrt(16.0/3) {
		t.Fatalf("good sketch: %v, mean %v, sd %v", err, s.Mean(), s.StdDev())
	}
	for _, bad := range []struct{ from, to string }{
		{`"n":3`, `"n":4`},
		{`"counts":[2,1]`, `"counts":[2,0,1]`},
		{`"counts":[2,1]`, `"counts":[3,0]`},
		{`"values":[1,5]`, `"values":[5,1]`},
		{`"min":1`, `"min":2`},
		{`"max":5`, `"max":9`},
		{`"sum":"117440512"`, `"sum":"x"`},
		{`"sum_square":"7599824371187712"`, `"sum_square":"-1"`},
		{`"values":[1,5]`, `"values":[1,1e300]`},
		{`"values":[1,5]`, `"values":[1,5.1],"folded":true`},
	} {
		doc := strings.Replace(good, bad.from, bad.to, 1)
		if err := json.Unmarshal([]byte(doc), new(Sketch)); err == nil {
			t.Errorf("accepted %s", doc)
		}
	}
}

// TestSketchFoldedExtremes: once folded, the least and greatest
// percentiles are still the exact extremes, not their buckets' middles.
func TestSketchFoldedExtremes(t *testing.T) {
	var s Sketch
	for k := range 5000 {
		s.Add(1000.5 + float64(k)/5000)
	}
	if !s.folded {
		t.Fatal("5000 distinct values kept exactly")
	}
	if lo, hi := s.Quantile(0), s.Quantile(1); lo != 1000.5 || hi != 1000.5+4999.0/5000 {
		t.Errorf("Quantile(0), Quantile(1) = %v, %v; want the extremes %v, %v", lo, hi, 1000.5, 1000.5+4999.0/5000)
	}
}

// TestSketchFoldedInside: a percentile never lies outside the extremes,
// though a bucket's middle may.
func TestSketchFoldedInside(t *testing.T) {
	var s Sketch
	for k := range 5000 {
		s.Add(1001.5 + float64(k)/10000) // one bucket, [1000, 1002)
	}
	if got := s.Quantile(0.5); got < 1001.5 {
		t.Errorf("median %v; below the least value 1001.5", got)
	}
}
