package engine_test

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// count is a game that allocates nothing but its state and its returns,
// so that a benchmark of Simulate on it shows what the simulation loop
// itself allocates: players take 1 to 3 from a counter in turn, or all
// that is left once 4 or less are, scoring what they take, until it
// reaches 0. Taking all is a kind of action most seats never play in a
// game.
type count struct{}

func (count) ID() string                            { return "count" }
func (count) Players() (minPlayers, maxPlayers int) { return 2, 4 }
func (count) BotNames() []string                    { return []string{"random"} }

func (count) NewState(players int, seed uint64) (engine.State, error) {
	s := &countState{n: players, rng: engine.NewRNG(seed)}
	s.left = 300 + s.rng.IntN(100)
	return s, nil
}

func (count) NewBot(name string) (engine.Bot, error) {
	if name != "random" {
		return nil, fmt.Errorf("count has no bot %q", name)
	}
	return engine.Random{}, nil
}

const takeAll = 4

type countState struct {
	rng        engine.RNG
	n, cur     int
	left, turn int
	scores     [4]int
}

func (s *countState) NumPlayers() int  { return s.n }
func (s *countState) IsTerminal() bool { return s.left == 0 }
func (s *countState) CurrentPlayer() int {
	if s.left == 0 {
		return engine.Terminal
	}
	return s.cur
}

func (s *countState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	for a := 1; a <= min(3, s.left); a++ {
		dst = append(dst, engine.Action(a))
	}
	if s.left > 0 && s.left <= takeAll {
		dst = append(dst, takeAll)
	}
	return dst
}

func (s *countState) Apply(a engine.Action) error {
	n := int(a)
	switch {
	case a == takeAll && s.left <= takeAll:
		n = s.left
	case a < 1 || n > min(3, s.left):
		return engine.Illegal(a, s.LegalActions(nil))
	}
	s.scores[s.cur] += n
	s.left -= n
	s.cur = (s.cur + 1) % s.n
	s.turn++
	return nil
}

func (s *countState) Returns() []float64 {
	r := make([]float64, s.n)
	for i := range r {
		r[i] = float64(s.scores[i])
	}
	return r
}

func (s *countState) Clone() engine.State                           { c := *s; return &c }
func (s *countState) Hash() uint64                                  { return uint64(s.left)<<8 | uint64(s.cur) }
func (s *countState) ActionString(a engine.Action, _ string) string { return fmt.Sprint(a) }
func (s *countState) Observation(int) any                           { return s.scores }
func (s *countState) ActionKind(a engine.Action) string {
	return [...]string{"", "one", "two", "three", "all"}[a]
}
func (s *countState) Rounds() (int, string) { return s.turn / s.n, "rounds" }

// BenchmarkSimulate runs simulations of 1,000 games of a game that
// allocates only its state and its returns (2 allocations a game), with
// as many workers as GOMAXPROCS: run it with -cpu 1,2 to read how the
// loop scales. allocs/game counts everything Simulate allocates, those 2
// included, its setup spread over the games.
func BenchmarkSimulate(b *testing.B) {
	const games = 1000
	cfg := engine.SimConfig{Game: count{}, Players: 4, Games: games, Bots: []string{"random"}, Workers: runtime.GOMAXPROCS(0)}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		if _, err := engine.Simulate(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(b.N*games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N*games), "allocs/game")
}

// TestSimulateAllocs: once warm, the simulation loop allocates nothing of
// its own for a game; what a game costs is the game's state and returns
// and what the tally allocates to add it.
func TestSimulateAllocs(t *testing.T) {
	run := func(games int) float64 {
		cfg := engine.SimConfig{Game: count{}, Players: 4, Games: games, Bots: []string{"random"}, Workers: 1}
		return testing.AllocsPerRun(3, func() {
			if _, err := engine.Simulate(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
		})
	}
	perGame := (run(600) - run(300)) / 300

	// What adding a game to a tally allocates, a game at a time.
	recs := countRecords(t, 300)
	tally := engine.NewTally(4, []string{"random"})
	for _, r := range recs {
		tally.Add(r)
	}
	i := 0
	tallied := testing.AllocsPerRun(len(recs), func() {
		tally.Add(recs[i%len(recs)])
		i++
	})

	const game = 2 // count's state and returns
	if perGame > game+tallied+0.25 {
		t.Errorf("simulation allocates %.2f times a game; want %d for the game and %.2f for the tally", perGame, game, tallied)
	}
	if testing.Verbose() {
		t.Logf("%.2f allocations a game: %d the game's, %.2f the tally's", perGame, game, tallied)
	}
}

// countRecords plays n games of count as Simulate would, each record
// made afresh.
func countRecords(t *testing.T, n int) []engine.GameRecord {
	t.Helper()
	bots := []engine.Bot{engine.Random{}, engine.Random{}, engine.Random{}, engine.Random{}}
	var recs []engine.GameRecord
	for i := range n {
		seed := engine.Seed(0, i)
		s, _ := count{}.NewState(4, seed)
		kinds := make([]map[string]int, 4)
		res, err := engine.Play(s, bots, seed, 1000, func(st engine.Step, s engine.State) error {
			if kinds[st.Player] == nil {
				kinds[st.Player] = map[string]int{}
			}
			kinds[st.Player][s.(engine.ActionKinder).ActionKind(st.Action)]++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		rounds, unit := s.(engine.RoundCounter).Rounds()
		recs = append(recs, engine.GameRecord{Result: res, Bots: engine.Lineup([]string{"random"}, 4, i), Kinds: kinds, Rounds: rounds, Unit: unit})
	}
	return recs
}

// TestSimulateRecords: the records and buffers a simulation reuses from
// game to game give the statistics of records made afresh, with one
// worker or several.
func TestSimulateRecords(t *testing.T) {
	const games = 500
	tally := engine.NewTally(4, []string{"random"})
	for _, r := range countRecords(t, games) {
		tally.Add(r)
	}
	want := tally.Summary()
	for _, w := range []int{1, 4} {
		got, err := engine.Simulate(context.Background(), engine.SimConfig{Game: count{}, Players: 4, Games: games, Bots: []string{"random"}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Seats, want.Seats) || !reflect.DeepEqual(got.ByBot, want.ByBot) || !reflect.DeepEqual(got.Overall, want.Overall) {
			t.Errorf("%d workers: %+v\nwant %+v", w, got, want)
		}
	}
}
