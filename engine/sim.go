package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// BotGame is a game that offers bots, as Simulate needs.
type BotGame interface {
	Game
	BotMaker
}

// DefaultMaxActions bounds a simulated game when SimConfig.MaxActions is 0.
const DefaultMaxActions = 100_000

// progressEvery is how often Simulate reports progress.
const progressEvery = 100 * time.Millisecond

// SimConfig describes a simulation run.
type SimConfig struct {
	Game    BotGame
	Players int
	Games   int    // how many games, at least 1
	Seed    uint64 // the run's seed; game i is seeded with Seed(Seed, i)
	// Bots names one bot per seat; a shorter list is repeated. Game i
	// rotates the lineup by i: seat s plays Bots[(s+i) % len(Bots)].
	Bots       []string
	Workers    int // goroutines playing games; 0 means runtime.NumCPU()
	MaxActions int // actions after which a game is an error; 0 means DefaultMaxActions
	// Set lists the parameter overrides Game was built with; logs record
	// them so that replays rebuild the same game.
	Set []string
	// Variant is the variant of its game Game was built in, "" for the
	// base game; logs record it, as they record Set.
	Variant string
	// Progress, if set, is called with the number of games done, from one
	// goroutine at a time, about every 100ms and once at the end.
	Progress func(done int)
	// Log, if set, receives every game's log, one after another in game
	// order whatever the number of workers. Games are written whole: a
	// run that stops early (its context canceled, or a game failing) ends
	// the log after the last complete game of an unbroken run from game 0,
	// with the line of WriteInterrupted.
	Log io.Writer
	// LogFormat is the format of the log: LogLines (the default), or
	// LogCompact.
	LogFormat LogFormat
	// LogGzip compresses the log with gzip. Simulate ends the gzip stream
	// before it returns; it does not close Log.
	LogGzip bool
}

// Summary is the outcome of a simulation. Everything but Timing depends
// only on the configuration, not on the number of workers or the machine.
type Summary struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Games   int    `json:"games"`
	// Interrupted is set for a run stopped before its end; Games then
	// counts the games played, the run's first ones.
	Interrupted bool        `json:"interrupted,omitempty"`
	Seed        uint64      `json:"seed"`
	Bots        []string    `json:"bots"`
	Set         []string    `json:"set"`
	Seats       []SeatStats `json:"seats"`
	ByBot       []BotStats  `json:"by_bot"`
	Overall     Overall     `json:"overall"`
	Timing      Timing      `json:"timing"`
}

// SeatStats is how one seat fared. A game with k winners counts 1/k win to
// each of them.
type SeatStats struct {
	Seat        int     `json:"seat"`
	WinRate     float64 `json:"win_rate"`
	MeanScore   float64 `json:"mean_score"`
	ScoreStdDev float64 `json:"score_std_dev"`
}

// BotStats is how one bot fared over every seat it played.
type BotStats struct {
	Bot           string  `json:"bot"`
	Games         int     `json:"games"` // seat-games: a bot on two seats of a game plays two
	WinRate       float64 `json:"win_rate"`
	ExpectedShare float64 `json:"expected_share"` // 1/players: the win rate of an even match
	MeanScore     float64 `json:"mean_score"`
	ScoreStdDev   float64 `json:"score_std_dev"`
}

// Overall gathers every seat of every game.
type Overall struct {
	MeanScore    float64 `json:"mean_score"`
	ScoreStdDev  float64 `json:"score_std_dev"`
	MeanLength   float64 `json:"mean_length"` // in actions, chance included
	LengthStdDev float64 `json:"length_std_dev"`
	MinLength    int     `json:"min_length"`
	MaxLength    int     `json:"max_length"`
}

// Timing is the run-dependent part of a Summary.
type Timing struct {
	Seconds        float64 `json:"seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
	Workers        int     `json:"workers"`
}

// Lineup returns the bots of game i: seat s plays bots[(s+i) % len(bots)].
func Lineup(bots []string, players, i int) []string {
	out := make([]string, players)
	for s := range out {
		out[s] = bots[(s+i)%len(bots)]
	}
	return out
}

// Simulate plays cfg.Games games on cfg.Workers goroutines and summarizes
// them. Results are kept per game and summed in game order, so the Summary
// but its Timing is the same whatever the number of workers.
//
// Canceling ctx stops the run: games under way are dropped (a game only
// notices within 1024 actions) or finished, and Simulate returns the
// Summary of games 0 to k-1, the unbroken run of finished games, marked
// Interrupted (nil if k is 0), with an error that wraps ctx's. The log
// then holds those k games and ends with the line of WriteInterrupted. A
// game's error stops the run too, and is returned alone.
func Simulate(ctx context.Context, cfg SimConfig) (*Summary, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.Workers == 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.MaxActions == 0 {
		cfg.MaxActions = DefaultMaxActions
	}
	start := time.Now()
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	results := make([]Result, cfg.Games)
	finishedGame := make([]bool, cfg.Games) // written by the worker of each game only
	var next, done atomic.Int64
	logw := cfg.Log
	var gz *gzip.Writer
	if logw != nil && cfg.LogGzip {
		gz = gzip.NewWriter(logw)
		logw = gz
	}
	logs := newLogOrder(logw, cfg.Games)
	var failed firstError
	var wg sync.WaitGroup
	for range min(cfg.Workers, cfg.Games) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				r, log, err := cfg.play(ctx, i)
				if err == nil {
					err = logs.put(i, log)
				}
				if err != nil {
					if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
						return // stopped by another game's error or the caller
					}
					failed.set(i, err)
					cancel(err)
					return
				}
				results[i], finishedGame[i] = r, true
				done.Add(1)
			}
		})
	}
	finished := make(chan struct{})
	var progress sync.WaitGroup
	if cfg.Progress != nil {
		progress.Go(func() {
			t := time.NewTicker(progressEvery)
			defer t.Stop()
			for {
				select {
				case <-finished:
					return
				case <-t.C:
					cfg.Progress(int(done.Load()))
				}
			}
		})
	}
	wg.Wait()
	close(finished)
	progress.Wait()
	played := 0 // games 0 to played-1 are finished
	for played < cfg.Games && finishedGame[played] {
		played++
	}
	failure := failed.get()
	if logs != nil {
		err := logs.end(played < cfg.Games, played)
		if gz != nil {
			if cerr := gz.Close(); cerr != nil && err == nil {
				err = fmt.Errorf("write log: %w", cerr)
			}
		}
		if err != nil && failure == nil {
			failure = err
		}
	}
	if failure != nil {
		return nil, failure
	}
	var stopped error
	if played < cfg.Games {
		stopped = fmt.Errorf("simulation stopped after %d of %d games: %w", played, cfg.Games, context.Cause(parent))
		if played == 0 {
			return nil, stopped
		}
	} else if cfg.Progress != nil {
		cfg.Progress(cfg.Games)
	}
	part := cfg
	part.Games = played
	sum := summarize(part, results[:played])
	sum.Interrupted = played < cfg.Games
	secs := time.Since(start).Seconds()
	sum.Timing = Timing{Seconds: secs, Workers: min(cfg.Workers, cfg.Games)}
	if secs > 0 {
		sum.Timing.GamesPerSecond = float64(played) / secs
	}
	return sum, stopped
}

func (cfg *SimConfig) check() error {
	switch {
	case cfg.Game == nil:
		return errors.New("no game")
	case cfg.Games < 1:
		return fmt.Errorf("%d games; want at least 1", cfg.Games)
	case cfg.Workers < 0:
		return fmt.Errorf("%d workers", cfg.Workers)
	case cfg.MaxActions < 0:
		return fmt.Errorf("max actions %d", cfg.MaxActions)
	case len(cfg.Bots) == 0:
		return errors.New("no bots")
	case len(cfg.Bots) > cfg.Players:
		return fmt.Errorf("%d bots for %d players", len(cfg.Bots), cfg.Players)
	}
	lo, hi := cfg.Game.Players()
	if cfg.Players < lo || cfg.Players > hi {
		return fmt.Errorf("%s is for %d to %d players, not %d", cfg.Game.ID(), lo, hi, cfg.Players)
	}
	// An unknown bot is found before any game starts.
	for _, b := range cfg.Bots {
		if _, err := cfg.Game.NewBot(b); err != nil {
			return err
		}
	}
	return nil
}

// play plays game i, returning its log when the run keeps one.
func (cfg *SimConfig) play(ctx context.Context, i int) (r Result, log []byte, err error) {
	seed := Seed(cfg.Seed, i)
	defer func() {
		if err != nil {
			err = fmt.Errorf("game %d (seed %d): %w", i, seed, err)
		}
	}()
	names := Lineup(cfg.Bots, cfg.Players, i)
	bots := make([]Bot, cfg.Players)
	for s, n := range names {
		if bots[s], err = cfg.Game.NewBot(n); err != nil {
			return Result{}, nil, err
		}
	}
	s, err := cfg.Game.NewState(cfg.Players, seed)
	if err != nil {
		return Result{}, nil, err
	}
	// A runaway game still notices cancellation now and then.
	onStep := func(st Step, _ State) error {
		if st.Turn&1023 == 1023 {
			return ctx.Err()
		}
		return nil
	}
	var buf bytes.Buffer
	var lw *LogWriter
	if cfg.Log != nil {
		lw = NewLogWriterFormat(&buf, cfg.LogFormat)
		h := LogHeader{Game: cfg.Game.ID(), Variant: cfg.Variant, Players: cfg.Players, Seed: seed, Set: cfg.Set, Bots: names}
		if s, err = lw.Start(h, s); err != nil {
			return Result{}, nil, err
		}
		onStep = func(st Step, s State) error {
			if st.Turn&1023 == 1023 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			return lw.Step(st, s)
		}
	}
	r, err = Play(s, bots, seed, cfg.MaxActions, onStep)
	if err != nil {
		return Result{}, nil, err
	}
	if lw != nil {
		if err := lw.Finish(r); err != nil {
			return Result{}, nil, err
		}
	}
	return r, buf.Bytes(), nil
}

// firstError keeps the error of the lowest game index, so that a run with
// several failing games reports the same one whatever the workers.
type firstError struct {
	mu  sync.Mutex
	i   int
	err error
}

func (f *firstError) set(i int, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil || i < f.i {
		f.i, f.err = i, err
	}
}

func (f *firstError) get() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// logOrder writes the games' logs in game order as they finish in any
// order, holding those that finish early.
type logOrder struct {
	mu      sync.Mutex
	w       io.Writer
	pending [][]byte
	next    int
}

func newLogOrder(w io.Writer, games int) *logOrder {
	if w == nil {
		return nil
	}
	return &logOrder{w: w, pending: make([][]byte, games)}
}

func (o *logOrder) put(i int, log []byte) error {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pending[i] = log
	for o.next < len(o.pending) && o.pending[o.next] != nil {
		if _, err := o.w.Write(o.pending[o.next]); err != nil {
			return fmt.Errorf("write log: %w", err)
		}
		o.pending[o.next] = nil
		o.next++
	}
	return nil
}

// end ends the log once the workers are done: with the interrupted line
// after the games written when the run stopped early.
func (o *logOrder) end(early bool, played int) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !early {
		return nil
	}
	if o.next != played {
		// A write failed: the run's error says so.
		return nil
	}
	return WriteInterrupted(o.w, played)
}

// summarize sums results in game order, seats in seat order: floating-point
// sums then come out the same on every run.
func summarize(cfg SimConfig, results []Result) *Summary {
	n := cfg.Players
	sum := &Summary{
		Game:    cfg.Game.ID(),
		Players: n,
		Games:   cfg.Games,
		Seed:    cfg.Seed,
		Bots:    append([]string{}, cfg.Bots...),
		Set:     append([]string{}, cfg.Set...),
	}
	var botNames []string
	botIndex := map[string]int{}
	for _, b := range cfg.Bots {
		if _, ok := botIndex[b]; !ok {
			botIndex[b] = len(botNames)
			botNames = append(botNames, b)
		}
	}
	seats := make([]moments, n)
	seatWins := make([]float64, n)
	bots := make([]moments, len(botNames))
	botWins := make([]float64, len(botNames))
	var all, length moments
	minLen, maxLen := math.MaxInt, 0
	// Two passes, means then squared deviations, for accurate spreads.
	for pass := range 2 {
		for i, r := range results {
			for s, x := range r.Returns {
				b := botIndex[cfg.Bots[(s+i)%len(cfg.Bots)]]
				seats[s].add(pass, x)
				bots[b].add(pass, x)
				all.add(pass, x)
			}
			length.add(pass, float64(r.Length))
			if pass == 0 {
				minLen, maxLen = min(minLen, r.Length), max(maxLen, r.Length)
				for _, w := range r.Winners {
					credit := 1 / float64(len(r.Winners))
					seatWins[w] += credit
					botWins[botIndex[cfg.Bots[(w+i)%len(cfg.Bots)]]] += credit
				}
			}
		}
	}
	for s := range seats {
		sum.Seats = append(sum.Seats, SeatStats{
			Seat:        s,
			WinRate:     seatWins[s] / float64(cfg.Games),
			MeanScore:   seats[s].mean(),
			ScoreStdDev: seats[s].stdDev(),
		})
	}
	for b, name := range botNames {
		sum.ByBot = append(sum.ByBot, BotStats{
			Bot:           name,
			Games:         bots[b].n,
			WinRate:       ratio(botWins[b], bots[b].n),
			ExpectedShare: 1 / float64(n),
			MeanScore:     bots[b].mean(),
			ScoreStdDev:   bots[b].stdDev(),
		})
	}
	sum.Overall = Overall{
		MeanScore:    all.mean(),
		ScoreStdDev:  all.stdDev(),
		MeanLength:   length.mean(),
		LengthStdDev: length.stdDev(),
		MinLength:    minLen,
		MaxLength:    maxLen,
	}
	return sum
}

func ratio(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return x / float64(n)
}

// moments accumulates a sum in pass 0 and squared deviations from its
// mean in pass 1.
type moments struct {
	n       int
	sum     float64
	squares float64
}

func (m *moments) add(pass int, x float64) {
	if pass == 0 {
		m.n++
		m.sum += x
		return
	}
	d := x - m.mean()
	m.squares += d * d
}

func (m *moments) mean() float64 { return ratio(m.sum, m.n) }

// stdDev is the sample standard deviation, 0 for fewer than two values.
func (m *moments) stdDev() float64 {
	if m.n < 2 {
		return 0
	}
	return math.Sqrt(m.squares / float64(m.n-1))
}
