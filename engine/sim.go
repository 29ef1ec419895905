package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
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
	Games   int    // how many games, at least 1; a shard's whole study
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
	// Shard, if set, plays only its slice of the Games games; the
	// Summary then covers those.
	Shard Shard
	// Data fingerprints the game data Game was built from, such as the
	// model's SourceHash; shard files record it, so that merging refuses
	// shards played on other data.
	Data string
}

// Summary is the outcome of a simulation. Everything but Timing depends
// only on the configuration, not on the number of workers or the machine.
type Summary struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Games   int    `json:"games"`
	// Interrupted is set for a run stopped before its end; Games then
	// counts the games played, the run's first ones.
	Interrupted bool `json:"interrupted,omitempty"`
	// Shard is set for the run of a shard: the games of its study it
	// covers. Games then counts the shard's games.
	Shard   *ShardRange `json:"shard,omitempty"`
	Seed    uint64      `json:"seed"`
	Bots    []string    `json:"bots"`
	Set     []string    `json:"set"`
	Seats   []SeatStats `json:"seats"`
	ByBot   []BotStats  `json:"by_bot"`
	Overall Overall     `json:"overall"`
	Timing  Timing      `json:"timing"`
	// Tally holds the games' statistics, to merge with others'
	// (NewShardFile).
	Tally *Tally `json:"-"`
}

// Record is how a seat or a bot fared over its seat-games. A game with k
// winners counts 1/k win to each of them in Wins and WinRate.
type Record struct {
	Games       int        `json:"games"` // seat-games: a bot on two seats of a game plays two
	Wins        float64    `json:"wins"`
	WinRate     float64    `json:"win_rate"`
	WinInterval [2]float64 `json:"win_interval"` // Wilson 95% interval of WinRate
	SoloWins    int        `json:"solo_wins"`
	SharedWins  int        `json:"shared_wins"` // games won together with other seats
	Score       DistStats  `json:"score"`
	// Margin is the lead over the next seat in the games won alone, nil
	// with no such game.
	Margin *DistStats `json:"margin,omitempty"`
	// Actions counts the actions played by kind, for a game whose states
	// sort them (ActionKinder); PerGame is per seat-game.
	Actions []KindCount `json:"actions,omitempty"`
}

// KindCount is how often one kind of action was played.
type KindCount struct {
	Kind    string  `json:"kind"`
	Count   int64   `json:"count"`
	PerGame float64 `json:"per_game"`
}

// SeatStats is how one seat fared.
type SeatStats struct {
	Seat int `json:"seat"`
	Record
}

// BotStats is how one bot fared over every seat it played.
type BotStats struct {
	Bot           string  `json:"bot"`
	ExpectedShare float64 `json:"expected_share"` // 1/players: the win rate of an even match
	Record
}

// Overall gathers every seat of every game.
type Overall struct {
	SharedWins        int        `json:"shared_wins"` // games with two winners or more
	SharedWinRate     float64    `json:"shared_win_rate"`
	SharedWinInterval [2]float64 `json:"shared_win_interval"`
	Ties              int        `json:"ties"` // games every seat won
	TieRate           float64    `json:"tie_rate"`
	TieInterval       [2]float64 `json:"tie_interval"`
	Score             DistStats  `json:"score"`
	// Margin is the winner's lead over the next seat, 0 for a shared win.
	Margin DistStats `json:"margin"`
	Length DistStats `json:"length"` // in actions, chance included
	// Rounds is the length as the game counts it, for a game whose states
	// say (RoundCounter).
	Rounds  *RoundStats `json:"rounds,omitempty"`
	Actions []KindCount `json:"actions,omitempty"` // PerGame is per game
}

// RoundStats is the length of games in the game's own unit.
type RoundStats struct {
	Unit string `json:"unit"`
	DistStats
}

// Timing is the run-dependent part of a Summary.
type Timing struct {
	Seconds        float64 `json:"seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
	Workers        int     `json:"workers"`
}

// Lineup returns the bots of game i: seat s plays bots[(s+i) % len(bots)].
func Lineup(bots []string, players, i int) []string {
	return appendLineup(make([]string, 0, players), bots, players, i)
}

// appendLineup appends the bots of game i to dst.
func appendLineup(dst, bots []string, players, i int) []string {
	for s := range players {
		dst = append(dst, bots[(s+i)%len(bots)])
	}
	return dst
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

	first, end := cfg.Shard.Span(cfg.Games)
	tally := newTallyOrder(NewTally(cfg.Players, cfg.Bots), first)
	var next, done atomic.Int64
	next.Store(int64(first))
	logw := cfg.Log
	var gz *gzip.Writer
	if logw != nil && cfg.LogGzip {
		gz = gzip.NewWriter(logw)
		logw = gz
	}
	logs := newLogOrder(logw, first, end)
	var failed firstError
	var wg sync.WaitGroup
	for range min(cfg.Workers, end-first) {
		wg.Go(func() {
			w := new(simWorker)
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= end {
					return
				}
				r := tally.record()
				log, err := cfg.play(ctx, i, w, r)
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
				tally.put(i, r)
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
	played := tally.next - first // games first to first+played-1 are finished and tallied
	games := end - first
	failure := failed.get()
	if logs != nil {
		err := logs.end(played < games, played)
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
	if played < games {
		stopped = fmt.Errorf("simulation stopped after %d of %d games: %w", played, games, context.Cause(parent))
		if played == 0 {
			return nil, stopped
		}
	} else if cfg.Progress != nil {
		cfg.Progress(games)
	}
	sum := tally.t.Summary()
	sum.Tally = tally.t
	if cfg.Shard != (Shard{}) {
		sum.Shard = &ShardRange{Shard: cfg.Shard, First: first, End: end, Of: cfg.Games}
	}
	sum.Game, sum.Seed = cfg.Game.ID(), cfg.Seed
	sum.Bots = append([]string{}, cfg.Bots...)
	sum.Set = append([]string{}, cfg.Set...)
	sum.Interrupted = played < games
	secs := time.Since(start).Seconds()
	sum.Timing = Timing{Seconds: secs, Workers: min(cfg.Workers, games)}
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
	case cfg.Shard.check(cfg.Games) != nil:
		return cfg.Shard.check(cfg.Games)
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

// simWorker is what a worker of Simulate keeps from one game to the next,
// so that the loop allocates nothing of its own once warm.
type simWorker struct {
	kinds kindCounter // its cache serves every game of the worker
	loop  loop
	bots  []Bot
	_     [64]byte // keeps the fields another worker writes off its cache lines
}

// play plays game i into r, a record whose buffers it reuses, returning
// its log when the run keeps one.
func (cfg *SimConfig) play(ctx context.Context, i int, w *simWorker, r *GameRecord) (log []byte, err error) {
	seed := Seed(cfg.Seed, i)
	defer func() {
		if err != nil {
			err = fmt.Errorf("game %d (seed %d): %w", i, seed, err)
		}
	}()
	names := appendLineup(r.Bots[:0], cfg.Bots, cfg.Players, i)
	w.bots = w.bots[:0]
	for _, n := range names {
		b, err := cfg.Game.NewBot(n)
		if err != nil {
			return nil, err
		}
		// A bot that thinks for long (a search) stops when the run does.
		if c, ok := b.(contextSetter); ok {
			c.SetContext(ctx)
		}
		w.bots = append(w.bots, b)
	}
	s, err := cfg.Game.NewState(cfg.Players, seed)
	if err != nil {
		return nil, err
	}
	kinds := &w.kinds
	kinds.start(s, cfg.Players)
	// A runaway game still notices cancellation now and then.
	onStep := func(st Step, _ State) error {
		kinds.count(st)
		if st.Turn&1023 == 1023 {
			return ctx.Err()
		}
		return nil
	}
	played := s // the state itself, which a log wraps
	var lw *LogWriter
	var buf *bytes.Buffer
	if cfg.Log != nil {
		buf = new(bytes.Buffer)
		lw = NewLogWriterFormat(buf, cfg.LogFormat)
		h := LogHeader{Game: cfg.Game.ID(), Variant: cfg.Variant, Players: cfg.Players, Seed: seed, Set: cfg.Set, Bots: names}
		if s, err = lw.Start(h, s); err != nil {
			return nil, err
		}
		onStep = func(st Step, s State) error {
			kinds.count(st)
			if st.Turn&1023 == 1023 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			return lw.Step(st, s)
		}
	}
	res, err := w.loop.play(s, w.bots, seed, cfg.MaxActions, onStep, r.Winners)
	if err != nil {
		return nil, err
	}
	// A bot cut short by cancellation played worse than its budget: the
	// game does not count.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if lw != nil {
		if err := lw.Finish(res); err != nil {
			return nil, err
		}
	}
	*r = GameRecord{Result: res, Bots: names, Rounds: -1, Kinds: kinds.bySeat(r.Kinds)}
	if rc, ok := played.(RoundCounter); ok {
		r.Rounds, r.Unit = rc.Rounds()
	}
	if buf == nil {
		return nil, nil
	}
	return buf.Bytes(), nil
}

// contextSetter is a bot that watches the run's context while it thinks.
type contextSetter interface{ SetContext(context.Context) }

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
	first   int      // the game of pending[0]
	pending [][]byte // by game − first
	next    int      // logs written
}

// newLogOrder returns the order of the logs of games first to end−1.
func newLogOrder(w io.Writer, first, end int) *logOrder {
	if w == nil {
		return nil
	}
	return &logOrder{w: w, first: first, pending: make([][]byte, end-first)}
}

func (o *logOrder) put(i int, log []byte) error {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pending[i-o.first] = log
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

func ratio(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return x / float64(n)
}

// tallyOrder adds games to a tally in game order as they finish in any
// order, holding those that finish early: when a run stops early, the
// tally holds exactly the unbroken run of finished games from the first.
type tallyOrder struct {
	mu      sync.Mutex // guards pending, free and next
	pending map[int]*GameRecord
	free    []*GameRecord
	next    int
	adding  sync.Mutex // held by the worker adding to t
	t       *Tally
}

func newTallyOrder(t *Tally, first int) *tallyOrder {
	return &tallyOrder{t: t, pending: map[int]*GameRecord{}, next: first}
}

// record returns a record to play a game into: one already tallied, if
// any, as Tally.Add keeps nothing of a record.
func (o *tallyOrder) record() *GameRecord {
	o.mu.Lock()
	defer o.mu.Unlock()
	if n := len(o.free); n > 0 {
		r := o.free[n-1]
		o.free = o.free[:n-1]
		return r
	}
	return new(GameRecord)
}

// put hands over game i's record. A worker never waits for another's
// additions: one that finds the tally busy leaves its game to the worker
// adding, which looks again once it is done.
func (o *tallyOrder) put(i int, r *GameRecord) {
	o.mu.Lock()
	o.pending[i] = r
	o.mu.Unlock()
	for o.adding.TryLock() {
		for {
			o.mu.Lock()
			r, ok := o.pending[o.next]
			delete(o.pending, o.next)
			o.mu.Unlock()
			if !ok {
				break
			}
			o.t.Add(*r)
			o.mu.Lock()
			o.next++
			o.free = append(o.free, r)
			o.mu.Unlock()
		}
		o.adding.Unlock()
		// A game put while the tally was busy, after the last look, is
		// this worker's to add.
		o.mu.Lock()
		_, more := o.pending[o.next]
		o.mu.Unlock()
		if !more {
			return
		}
	}
}

// kindCounter counts a game's actions by seat and kind. The kind of each
// action number is asked once, as it never changes in a game's data.
type kindCounter struct {
	k      ActionKinder
	names  []string // kind names, by index
	byNum  []int16  // action number → kind index + 1; 0 not asked yet
	counts [][]int  // [seat][kind index], each row on cache lines of its own
}

// start readies c for a game from s; it counts nothing for a state that
// is no ActionKinder.
func (c *kindCounter) start(s State, players int) {
	c.k, _ = s.(ActionKinder)
	if len(c.counts) != players {
		c.counts = make([][]int, players)
	}
	for i := range c.counts {
		clear(c.counts[i])
	}
}

func (c *kindCounter) count(st Step) {
	if c.k == nil || st.Player < 0 || st.Action < 0 {
		return
	}
	a := int(st.Action)
	if a >= len(c.byNum) {
		c.byNum = append(c.byNum, make([]int16, a+1-len(c.byNum))...)
	}
	if c.byNum[a] == 0 {
		name := c.k.ActionKind(st.Action)
		idx := slices.Index(c.names, name)
		if idx < 0 {
			idx = len(c.names)
			c.names = append(c.names, name)
		}
		c.byNum[a] = int16(idx + 1)
	}
	idx := int(c.byNum[a] - 1)
	if row := c.counts[st.Player]; idx >= len(row) {
		// A power of two of 8 ints or more is a size class aligned on
		// cache lines, which the rows of other workers then never share.
		n := 8
		for n <= idx {
			n *= 2
		}
		c.counts[st.Player] = append(make([]int, 0, n), row...)[:idx+1]
	}
	c.counts[st.Player][idx]++
}

// bySeat returns the game's counts by seat, in the maps of out when it
// has them.
func (c *kindCounter) bySeat(out []map[string]int) []map[string]int {
	if c.k == nil {
		return nil
	}
	if len(out) != len(c.counts) {
		out = make([]map[string]int, len(c.counts))
	}
	for s, row := range c.counts {
		if out[s] == nil {
			out[s] = map[string]int{}
		}
		clear(out[s])
		for i, n := range row {
			if n > 0 {
				out[s][c.names[i]] = n
			}
		}
	}
	return out
}
