package export

import (
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// BenchmarkTreeShipped writes every export of every shipped game.
func BenchmarkTreeShipped(b *testing.B) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		b.Fatal(d)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Tree(games); err != nil {
			b.Fatal(err)
		}
	}
}
