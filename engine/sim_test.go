package engine_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func simulate(t *testing.T, cfg engine.SimConfig) *engine.Summary {
	t.Helper()
	if cfg.Game == nil {
		cfg.Game = toy{}
	}
	sum, err := engine.Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestSimulateWorkers: the summary and the logs do not depend on the
// number of workers.
func TestSimulateWorkers(t *testing.T) {
	var logs [2]bytes.Buffer
	var sums [2]*engine.Summary
	for i, w := range []int{1, 3} {
		sums[i] = simulate(t, engine.SimConfig{Players: 3, Games: 200, Seed: 9, Bots: []string{"random", "first"}, Workers: w, Log: &logs[i], Set: []string{"x=1"}})
		if sums[i].Timing.Workers != w {
			t.Errorf("timing says %d workers; want %d", sums[i].Timing.Workers, w)
		}
		sums[i].Timing = engine.Timing{}
	}
	if !reflect.DeepEqual(sums[0], sums[1]) {
		t.Errorf("1 worker:\n%+v\n3 workers:\n%+v", sums[0], sums[1])
	}
	if !bytes.Equal(logs[0].Bytes(), logs[1].Bytes()) {
		t.Error("logs differ with the number of workers")
	}
	all, err := engine.ReadLogs(&logs[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 200 {
		t.Fatalf("%d games logged; want 200", len(all))
	}
	lengths := 0
	for i, lg := range all {
		if lg.Header.Seed != engine.Seed(9, i) || !slices.Equal(lg.Header.Set, []string{"x=1"}) {
			t.Fatalf("game %d header %+v", i, lg.Header)
		}
		if !slices.Equal(lg.Header.Bots, engine.Lineup([]string{"random", "first"}, 3, i)) {
			t.Fatalf("game %d bots %v", i, lg.Header.Bots)
		}
		if _, err := engine.Replay(toy{}, lg); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		lengths += lg.Footer.Length
	}
	if got := sums[0].Overall.Length.Mean; math.Abs(got-float64(lengths)/200) > 1e-9 {
		t.Errorf("mean length %v; the logs say %v", got, float64(lengths)/200)
	}
}

func TestLineup(t *testing.T) {
	tests := []struct {
		bots    []string
		players int
		i       int
		want    []string
	}{
		{[]string{"a"}, 3, 5, []string{"a", "a", "a"}},
		{[]string{"a", "b", "c"}, 3, 0, []string{"a", "b", "c"}},
		{[]string{"a", "b", "c"}, 3, 1, []string{"b", "c", "a"}},
		{[]string{"a", "b", "c"}, 3, 5, []string{"c", "a", "b"}},
		{[]string{"a", "b"}, 4, 1, []string{"b", "a", "b", "a"}},
	}
	for _, tt := range tests {
		if got := engine.Lineup(tt.bots, tt.players, tt.i); !slices.Equal(got, tt.want) {
			t.Errorf("Lineup(%v, %d, %d) = %v; want %v", tt.bots, tt.players, tt.i, got, tt.want)
		}
	}
}

// TestSimulateStats checks the figures against a direct computation.
func TestSimulateStats(t *testing.T) {
	const games = 60
	bots := []string{"first", "random", "random"}
	sum := simulate(t, engine.SimConfig{Players: 3, Games: games, Seed: 4, Bots: bots, Workers: 2})
	if sum.Game != "toy" || sum.Players != 3 || sum.Games != games || sum.Seed != 4 || !slices.Equal(sum.Bots, bots) {
		t.Errorf("summary head %+v", sum)
	}
	var seatWins [3]float64
	var seatScores [3][]float64
	botWins := map[string]float64{}
	botScores := map[string][]float64{}
	var lengths []float64
	for i := range games {
		seed := engine.Seed(4, i)
		s, _ := toy{}.NewState(3, seed)
		lineup := engine.Lineup(bots, 3, i)
		bs := make([]engine.Bot, 3)
		for j, n := range lineup {
			bs[j], _ = toy{}.NewBot(n)
		}
		r, err := engine.Play(s, bs, seed, 1000, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range r.Winners {
			seatWins[w] += 1 / float64(len(r.Winners))
			botWins[lineup[w]] += 1 / float64(len(r.Winners))
		}
		for j, x := range r.Returns {
			seatScores[j] = append(seatScores[j], x)
			botScores[lineup[j]] = append(botScores[lineup[j]], x)
		}
		lengths = append(lengths, float64(r.Length))
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v; want %v", what, got, want)
		}
	}
	total := 0.0
	for j, st := range sum.Seats {
		m, sd := meanSD(seatScores[j])
		near("seat win rate", st.WinRate, seatWins[j]/games)
		near("seat mean", st.Score.Mean, m)
		near("seat sd", st.Score.StdDev, sd)
		total += st.WinRate
	}
	near("sum of seat win rates", total, 1)
	if len(sum.ByBot) != 2 || sum.ByBot[0].Bot != "first" || sum.ByBot[1].Bot != "random" {
		t.Fatalf("by bot %+v", sum.ByBot)
	}
	for _, b := range sum.ByBot {
		m, sd := meanSD(botScores[b.Bot])
		if b.Games != len(botScores[b.Bot]) {
			t.Errorf("%s played %d seat-games; want %d", b.Bot, b.Games, len(botScores[b.Bot]))
		}
		near(b.Bot+" win rate", b.WinRate, botWins[b.Bot]/float64(b.Games))
		near(b.Bot+" mean", b.Score.Mean, m)
		near(b.Bot+" sd", b.Score.StdDev, sd)
		near("expected share", b.ExpectedShare, 1.0/3)
	}
	// Rotation: "first" sits once per three games at each seat.
	if sum.ByBot[0].Games != games {
		t.Errorf("first played %d seat-games; want %d", sum.ByBot[0].Games, games)
	}
	m, sd := meanSD(lengths)
	near("mean length", sum.Overall.Length.Mean, m)
	near("length sd", sum.Overall.Length.StdDev, sd)
	if sum.Overall.Length.Min != slices.Min(lengths) || sum.Overall.Length.Max != slices.Max(lengths) {
		t.Errorf("lengths %v..%v", sum.Overall.Length.Min, sum.Overall.Length.Max)
	}
	var scores []float64
	for _, s := range seatScores {
		scores = append(scores, s...)
	}
	m, sd = meanSD(scores)
	near("overall mean", sum.Overall.Score.Mean, m)
	near("overall sd", sum.Overall.Score.StdDev, sd)
}

func meanSD(xs []float64) (float64, float64) {
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return m, math.Sqrt(ss / float64(len(xs)-1))
}

// TestSimulateRotation: with a permutation of bots, each bot plays each
// seat equally often over a multiple of the players.
func TestSimulateRotation(t *testing.T) {
	var buf bytes.Buffer
	simulate(t, engine.SimConfig{Players: 2, Games: 10, Seed: 1, Bots: []string{"first", "random"}, Log: &buf})
	logs, err := engine.ReadLogs(&buf)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[string]int{}
	for _, lg := range logs {
		seats[lg.Header.Bots[0]]++
	}
	if seats["first"] != 5 || seats["random"] != 5 {
		t.Errorf("seat 0 played by %v", seats)
	}
}

func TestSimulateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := engine.Simulate(ctx, engine.SimConfig{Game: toy{}, Players: 2, Games: 10, Bots: []string{"random"}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled before the start: %v", err)
	}

	// Cancel once the first game is written.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{cancel: cancel}
	_, err = engine.Simulate(ctx, engine.SimConfig{Game: toy{}, Players: 2, Games: 1_000_000, Bots: []string{"random"}, Workers: 4, Log: w})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped after") {
		t.Errorf("canceled during the run: %v", err)
	}
}

// TestSimulateStopsThinkingBots: a bot that thinks until told to stop (a
// search) is given the run's context, and the game it was cut short in
// does not count.
func TestSimulateStopsThinkingBots(t *testing.T) {
	g := waitGame{entered: make(chan struct{}), once: new(sync.Once)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-g.entered
		cancel()
	}()
	sum, err := engine.Simulate(ctx, engine.SimConfig{Game: g, Players: 2, Games: 4, Bots: []string{"waiter"}, Workers: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("run ended with %v, want canceled", err)
	}
	if sum != nil {
		t.Errorf("the game cut short was counted: %d games", sum.Games)
	}
}

// waitGame is the toy with a bot that thinks until its context ends.
type waitGame struct {
	toy
	entered chan struct{}
	once    *sync.Once
}

func (g waitGame) BotNames() []string { return []string{"waiter"} }

func (g waitGame) NewBot(string) (engine.Bot, error) { return &waiter{g: g}, nil }

type waiter struct {
	g   waitGame
	ctx context.Context
}

func (w *waiter) SetContext(ctx context.Context) { w.ctx = ctx }

func (w *waiter) Act(_ engine.Seat, legal []engine.Action, _ *engine.RNG) engine.Action {
	w.g.once.Do(func() { close(w.g.entered) })
	if w.ctx != nil {
		<-w.ctx.Done()
	}
	return legal[0]
}

// cancelWriter cancels a run at its first write, and keeps what is
// written in w if set.
type cancelWriter struct {
	once   sync.Once
	cancel func()
	w      io.Writer
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.once.Do(w.cancel)
	if w.w != nil {
		return w.w.Write(p)
	}
	return len(p), nil
}

func TestSimulateErrors(t *testing.T) {
	base := engine.SimConfig{Game: toy{}, Players: 2, Games: 5, Seed: 3, Bots: []string{"random"}}
	tests := []struct {
		name string
		edit func(c *engine.SimConfig)
		want string
	}{
		{"no games", func(c *engine.SimConfig) { c.Games = 0 }, "0 games"},
		{"players", func(c *engine.SimConfig) { c.Players = 5 }, "toy is for 2 to 4 players, not 5"},
		{"unknown bot", func(c *engine.SimConfig) { c.Bots = []string{"random", "clever"} }, `toy has no bot "clever"`},
		{"too many bots", func(c *engine.SimConfig) { c.Bots = []string{"random", "random", "first"} }, "3 bots for 2 players"},
		{"no bots", func(c *engine.SimConfig) { c.Bots = nil }, "no bots"},
		{"game error", func(c *engine.SimConfig) { c.Bots = []string{"random", "illegal"} },
			"game 0 (seed " + formatUint(engine.Seed(3, 0)) + "): turn 3, player 1: illegal action 99"},
		{"runaway", func(c *engine.SimConfig) { c.MaxActions = 4 }, "game not over after 4 actions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := base
			tt.edit(&cfg)
			_, err := engine.Simulate(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Simulate: %v; want %q", err, tt.want)
			}
		})
	}
}

func TestSimulateProgress(t *testing.T) {
	var mu sync.Mutex
	var calls []int
	simulate(t, engine.SimConfig{Players: 4, Games: 50, Bots: []string{"random"}, Progress: func(done int) {
		mu.Lock()
		calls = append(calls, done)
		mu.Unlock()
	}})
	if len(calls) == 0 || calls[len(calls)-1] != 50 || !slices.IsSorted(calls) {
		t.Errorf("progress calls %v", calls)
	}
}

func formatUint(x uint64) string { return strconv.FormatUint(x, 10) }
