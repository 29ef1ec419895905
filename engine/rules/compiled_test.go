package rules_test

import (
	"maps"
	"slices"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/bellummagica"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/engine/internal/lockstep"
	"github.com/grimoire-games/grimoire/engine/rules"
	"github.com/grimoire-games/grimoire/engine/warlock"
	"github.com/grimoire-games/grimoire/engine/warriors"
	bellumplay "github.com/grimoire-games/grimoire/gen/bellum_magica/play"
	heartsplay "github.com/grimoire-games/grimoire/gen/hearts/play"
	warlockplay "github.com/grimoire-games/grimoire/gen/warlock/play"
	warriorsplay "github.com/grimoire-games/grimoire/gen/warriors/play"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// compiledGames are the shipped games whose rules gen compiles.
var compiledGames = map[string]*rules.Compiled{
	"hearts": heartsplay.Rules, "bellum_magica": bellumplay.Rules, "warlock": warlockplay.Rules, "warriors": warriorsplay.Rules,
}

// both builds a game by its rules, interpreted and compiled, as variant
// ("" for the base game) with the parameters sets.
func both(t testing.TB, id, variant string, sets ...string) (*rules.Game, *rules.Game) {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{id}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, d := compiler.WithOverrides(games.Game(id), sets)
	if d.HasErrors() {
		t.Fatal(d)
	}
	p, err := m.Play(variant)
	if err != nil {
		t.Fatal(err)
	}
	in, err := rules.New(p)
	if err != nil {
		t.Fatal(err)
	}
	co, err := in.Compile(compiledGames[id])
	if err != nil {
		t.Fatal(err)
	}
	if !co.Compiled() {
		t.Fatal("nothing compiled")
	}
	return in, co
}

// TestCompiledLockstep: the compiled rules play the interpreted rules'
// games: the same numbers, observations and hash at every step, the same
// chance outcomes from one seed, the same returns.
func TestCompiledLockstep(t *testing.T) {
	// Hearts also with other parameters, Warriors as Dragon Hordes too;
	// every game as it is.
	type run struct {
		variant string
		sets    []string
	}
	more := map[string][]run{
		"hearts":   {{"", []string{"end_score=30", "cards_passed=1"}}},
		"warriors": {{"dragon_hordes", nil}},
	}
	for _, id := range slices.Sorted(maps.Keys(compiledGames)) {
		for _, r := range append([]run{{}}, more[id]...) {
			sets := append([]string{r.variant}, r.sets...)
			in, co := both(t, id, r.variant, r.sets...)
			lo, hi := in.Players()
			for n := lo; n <= hi; n++ {
				cfg := lockstep.Config{A: in, B: co, Players: n, Games: longtest.Size(3, 30), Seed: uint64(n),
					SampleChance: true, SameNumbers: true, SameHash: true,
					Position: func(s engine.State) any { return s.(*rules.State).Position() }}
				if err := lockstep.Run(cfg); err != nil {
					t.Errorf("%s %v, %d players, random: %v", id, sets, n, err)
				}
				cfg.Games, cfg.Bot = longtest.Size(1, 4), "greedy"
				if err := lockstep.Run(cfg); err != nil {
					t.Errorf("%s %v, %d players, greedy: %v", id, sets, n, err)
				}
			}
		}
	}
}

// BenchmarkCompiled plays random games of each compiled game, by the
// interpreter and compiled.
func BenchmarkCompiled(b *testing.B) {
	for _, id := range slices.Sorted(maps.Keys(compiledGames)) {
		in, co := both(b, id, "")
		lo, _ := in.Players()
		b.Run(id+"/interpreted", func(b *testing.B) { enginetest.Bench(b, lo, in.New) })
		b.Run(id+"/compiled", func(b *testing.B) { enginetest.Bench(b, lo, co.New) })
	}
}

// BenchmarkEngines plays random four-player games of each game with an
// engine written in Go on that engine, on its rules interpreted and on
// its rules compiled, in one run: the cost of an action on each.
func BenchmarkEngines(b *testing.B) {
	goEngines := map[string]func(*model.Game) (engine.Game, error){
		"bellum_magica": func(m *model.Game) (engine.Game, error) { return bellummagica.New(m) },
		"warlock":       func(m *model.Game) (engine.Game, error) { return warlock.New(m) },
		"warriors":      func(m *model.Game) (engine.Game, error) { return warriors.New(m) },
	}
	for _, id := range slices.Sorted(maps.Keys(goEngines)) {
		in, co := both(b, id, "")
		g, err := goEngines[id](in.Model())
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id+"/go", func(b *testing.B) { enginetest.Bench(b, 4, g.NewState) })
		b.Run(id+"/interpreted", func(b *testing.B) { enginetest.Bench(b, 4, in.New) })
		b.Run(id+"/compiled", func(b *testing.B) { enginetest.Bench(b, 4, co.New) })
	}
}

// BenchmarkMCTSMove times one move of the search bot at its default
// budget, from the first decision of a four-player game, by each game's
// rules interpreted and compiled.
func BenchmarkMCTSMove(b *testing.B) {
	for _, id := range slices.Sorted(maps.Keys(compiledGames)) {
		in, co := both(b, id, "")
		for _, g := range []struct {
			name string
			g    *rules.Game
		}{{"interpreted", in}, {"compiled", co}} {
			b.Run(id+"/"+g.name, func(b *testing.B) {
				s, err := g.g.New(4, 1)
				if err != nil {
					b.Fatal(err)
				}
				for s.CurrentPlayer() == engine.Chance {
					if err := s.Apply(s.SampleChance()); err != nil {
						b.Fatal(err)
					}
				}
				bot, err := g.g.NewBot("mcts")
				if err != nil {
					b.Fatal(err)
				}
				rng := engine.NewRNG(2)
				legal := s.LegalActions(nil)
				for b.Loop() {
					bot.Act(engine.SeatOf(s, s.CurrentPlayer()), legal, &rng)
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/move")
			})
		}
	}
}
