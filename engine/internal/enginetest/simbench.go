package enginetest

import (
	"context"
	"runtime"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// BenchSimulate runs engine.Simulate of games 4-player games of one bot
// on every seat, with as many workers as GOMAXPROCS: run it with -cpu 1,2
// and compare games/s to read how simulate scales. cpu-ms/game is the
// CPU time (user and system, of the whole process) a game takes: above
// the wall time a worker spends on it, the rest went to the garbage
// collector or to waiting, and it moves less than the wall time on a
// busy machine. allocs/game counts everything the run allocates, its
// setup spread over the games.
func BenchSimulate(b *testing.B, g engine.BotGame, bot string, games int) {
	cfg := engine.SimConfig{Game: g, Players: 4, Games: games, Bots: []string{bot}, Workers: runtime.GOMAXPROCS(0)}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := cpuTime(b)
	for b.Loop() {
		if _, err := engine.Simulate(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
	cpu = cpuTime(b) - cpu
	runtime.ReadMemStats(&after)
	played := float64(b.N * games)
	b.ReportMetric(played/b.Elapsed().Seconds(), "games/s")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/played, "cpu-ms/game")
	}
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/played, "allocs/game")
}
