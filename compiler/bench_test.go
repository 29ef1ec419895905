package compiler_test

import (
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// BenchmarkLoadShipped loads and checks every shipped game in every
// language: what grimoire check does.
func BenchmarkLoadShipped(b *testing.B) {
	fsys := grimoire.Games()
	b.ReportAllocs()
	for b.Loop() {
		if _, d := compiler.Load(fsys, compiler.Options{}); d.HasErrors() {
			b.Fatal(d)
		}
	}
}

// TestShippedGamesAreClean: the shipped games load without any diagnostic,
// warnings included.
func TestShippedGamesAreClean(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if len(d) > 0 {
		t.Fatalf("shipped games have diagnostics:\n%s", d)
	}
	if games.Game("warlock") == nil {
		t.Fatal("warlock is not among the shipped games")
	}
}
