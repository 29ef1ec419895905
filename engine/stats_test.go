package engine_test

import (
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func TestWilson(t *testing.T) {
	// Newcombe (1998), Statistics in Medicine 17, table I, method 3, and
	// R's prop.test(x, n, correct = FALSE).
	tests := []struct {
		x      float64
		n      int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{1908, 4000, 0.4616, 0.4925}, // 47.7% of 4,000: ±1.5 points
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := engine.Wilson(tt.x, tt.n)
		if math.Abs(lo-tt.lo) > 5e-5 || math.Abs(hi-tt.hi) > 5e-5 || lo < 0 || hi > 1 {
			t.Errorf("Wilson(%v, %d) = [%.5f, %.5f]; want [%.4f, %.4f]", tt.x, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func dist(xs ...float64) *engine.Sketch {
	var d engine.Sketch
	for _, x := range xs {
		d.Add(x)
	}
	return &d
}

func TestDistQuantile(t *testing.T) {
	// Expected values are numpy.percentile's (linear, R's type 7).
	tests := []struct {
		xs   []float64
		p    float64
		want float64
	}{
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.05, 1.45},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.25, 3.25},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.5, 5.5},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.75, 7.75},
		{[]float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 0.95, 9.55},
		{[]float64{5, 1, 1, 1}, 0.5, 1},
		{[]float64{5, 1, 1, 1}, 0.75, 2},
		{[]float64{5, 1, 1, 1}, 0.95, 4.4},
		{[]float64{5, 1, 1, 1}, 0, 1},
		{[]float64{5, 1, 1, 1}, 1, 5},
		{[]float64{-3}, 0.25, -3},
		{nil, 0.5, 0},
	}
	for _, tt := range tests {
		if got := dist(tt.xs...).Quantile(tt.p); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Quantile(%v, %v) = %v; want %v", tt.xs, tt.p, got, tt.want)
		}
	}
	st := dist(2, 4, 4, 4, 5, 5, 7, 9).Stats()
	if st.Mean != 5 || math.Abs(st.StdDev-math.Sqrt(32.0/7)) > 1e-12 || st.Min != 2 || st.Max != 9 || st.P50 != 4.5 {
		t.Errorf("stats %+v", st)
	}
}

// TestDistMerge: a distribution merged from parts in any order equals the
// one of all values, to the last bit.
func TestDistMerge(t *testing.T) {
	xs := []float64{0.1, 0.7, 0.2, 3, 0.1, 1e6, -2, 0.3, 0.3}
	whole := dist(xs...)
	a, b := dist(xs[:4]...), dist(xs[4:]...)
	ab, ba := dist(), dist()
	ab.Merge(a)
	ab.Merge(b)
	ba.Merge(b)
	ba.Merge(a)
	for _, d := range []*engine.Sketch{ab, ba} {
		if d.Stats() != whole.Stats() || d.N() != whole.N() {
			t.Errorf("merged %+v; whole %+v", d.Stats(), whole.Stats())
		}
	}
}

// TestTally checks wins, shared wins, ties and margins on games made up
// for it, and that tallies of parts merge into the tally of all.
func TestTally(t *testing.T) {
	games := []engine.GameRecord{
		{Result: engine.Result{Returns: []float64{10, 4, 7}, Winners: []int{0}, Length: 30}, Bots: []string{"a", "b", "b"}, Rounds: -1},
		{Result: engine.Result{Returns: []float64{6, 6, 2}, Winners: []int{0, 1}, Length: 20}, Bots: []string{"b", "a", "b"}, Rounds: -1},
		{Result: engine.Result{Returns: []float64{3, 3, 3}, Winners: []int{0, 1, 2}, Length: 10}, Bots: []string{"b", "b", "a"}, Rounds: -1},
		{Result: engine.Result{Returns: []float64{1, 2, 9}, Winners: []int{2}, Length: 40}, Bots: []string{"a", "b", "b"}, Rounds: -1},
	}
	whole := engine.NewTally(3, []string{"a", "b", "b"})
	first, second := engine.NewTally(3, []string{"a", "b"}), engine.NewTally(3, []string{"a", "b"})
	for i, g := range games {
		whole.Add(g)
		if i%2 == 0 {
			first.Add(g)
		} else {
			second.Add(g)
		}
	}
	second.Merge(first)
	sw, sm := whole.Summary(), second.Summary()
	if !reflect.DeepEqual(sw, sm) {
		t.Errorf("merged tally differs:\n%+v\n%+v", sw, sm)
	}
	o := sw.Overall
	if o.SharedWins != 2 || o.Ties != 1 || o.SharedWinRate != 0.5 || o.TieRate != 0.25 {
		t.Errorf("shared %d (%v), ties %d (%v)", o.SharedWins, o.SharedWinRate, o.Ties, o.TieRate)
	}
	// Margins: 3, 0 (shared), 0 (tie), 7.
	if o.Margin.Mean != 2.5 || o.Margin.Max != 7 || o.Length.Mean != 25 {
		t.Errorf("margin %+v, length %+v", o.Margin, o.Length)
	}
	s0 := sw.Seats[0]
	if s0.SoloWins != 1 || s0.SharedWins != 2 || math.Abs(s0.Wins-(1+0.5+1.0/3)) > 1e-12 || s0.Margin == nil || s0.Margin.Mean != 3 {
		t.Errorf("seat 0 %+v", s0)
	}
	if sw.Seats[1].Margin != nil {
		t.Errorf("seat 1 never won alone, yet margin %+v", sw.Seats[1].Margin)
	}
	a := sw.ByBot[0]
	if a.Bot != "a" || a.Games != 4 || a.SoloWins != 1 || a.SharedWins != 2 || math.Abs(a.Wins-(1+0.5+1.0/3)) > 1e-12 {
		t.Errorf("bot a %+v", a)
	}
	total := 0.0
	for _, s := range sw.Seats {
		total += s.Wins
	}
	if math.Abs(total-4) > 1e-12 {
		t.Errorf("win credits sum to %v over 4 games", total)
	}
}

func TestRounded(t *testing.T) {
	sum := &engine.Summary{
		Seats: []engine.SeatStats{{Seat: 0, Record: engine.Record{
			Wins: 1.0 / 3, WinRate: 0.47700000000000004, WinInterval: [2]float64{0.461551005, 0.49249312934},
			Score:   engine.DistStats{Mean: 12.489399999999987, StdDev: 3.14159, P50: -0.001},
			Actions: []engine.KindCount{{Kind: "pass", Count: 3, PerGame: 0.0123456}},
		}}},
		Overall: engine.Overall{Length: engine.DistStats{Mean: 123.456789}, TieRate: 1.0 / 3},
	}
	out, err := json.Marshal(sum.Rounded())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"wins":0.33,`, `"win_rate":0.477,`, `"win_interval":[0.4616,0.4925]`,
		`"mean":12.49,`, `"std_dev":3.14,`, `"p50":0,`, `"per_game":0.0123}`,
		`"mean":123.46,`, `"tie_rate":0.3333,`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("rounded JSON lacks %s:\n%s", want, out)
		}
	}
	if sum.Seats[0].WinRate != 0.47700000000000004 {
		t.Error("Rounded changed its receiver")
	}
}

// kindToy is toy whose states sort actions into kinds and count rounds.
type kindToy struct{ toy }

func (kindToy) NewState(players int, seed uint64) (engine.State, error) {
	s, err := toy{}.NewState(players, seed)
	if err != nil {
		return nil, err
	}
	return kindState{s.(*toyState)}, nil
}

type kindState struct{ *toyState }

func (kindState) ActionKind(a engine.Action) string {
	if a == 3 {
		return "take three"
	}
	return "take less"
}

// Rounds counts the die rolls.
func (s kindState) Rounds() (int, string) { return s.draws - 1, "rolls" }

// TestSimulateKinds: action kinds and rounds are counted, and the summary
// is the same for any number of workers.
func TestSimulateKinds(t *testing.T) {
	var sums [2]*engine.Summary
	for i, w := range []int{1, 3} {
		sum, err := engine.Simulate(context.Background(), engine.SimConfig{Game: kindToy{}, Players: 3, Games: 300, Seed: 2, Bots: []string{"first", "random"}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		sum.Timing = engine.Timing{}
		sums[i] = sum
	}
	if !reflect.DeepEqual(sums[0], sums[1]) {
		t.Errorf("1 worker:\n%+v\n3 workers:\n%+v", sums[0], sums[1])
	}
	o := sums[0].Overall
	if o.Rounds == nil || o.Rounds.Unit != "rolls" || o.Rounds.Mean <= 0 {
		t.Fatalf("rounds %+v", o.Rounds)
	}
	if len(o.Actions) != 2 || o.Actions[0].Kind != "take less" || o.Actions[1].Kind != "take three" {
		t.Fatalf("actions %+v", o.Actions)
	}
	// "first" takes one stone always; every seat action is one of the kinds.
	var first engine.BotStats
	for _, b := range sums[0].ByBot {
		if b.Bot == "first" {
			first = b
		}
	}
	if len(first.Actions) != 1 || first.Actions[0].Kind != "take less" {
		t.Errorf("first bot's actions %+v", first.Actions)
	}
	var seat int64
	for _, k := range o.Actions {
		seat += k.Count
	}
	// Each seat action follows one die roll (a chance action).
	if want := int64(math.Round(o.Length.Mean * 300 / 2)); seat != want {
		t.Errorf("%d seat actions; want %d, half of all", seat, want)
	}
}
