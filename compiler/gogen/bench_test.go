package gogen

import (
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// BenchmarkGenerateWarlock generates Warlock's Go tables from its model.
func BenchmarkGenerateWarlock(b *testing.B) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		b.Fatal(d)
	}
	g := games.Game("warlock")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generate(g, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
