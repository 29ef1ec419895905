package export

import (
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
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

// BenchmarkSQLiteShipped writes the SQLite database of every shipped
// game, as its base game and in each of its variants.
func BenchmarkSQLiteShipped(b *testing.B) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		b.Fatal(d)
	}
	var played []*model.Game
	for _, g := range games.Games {
		for _, v := range append([]string{""}, g.VariantIDs()...) {
			p, err := g.Play(v)
			if err != nil {
				b.Fatal(err)
			}
			played = append(played, p)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range played {
			if _, err := SQLite(g); err != nil {
				b.Fatal(err)
			}
		}
	}
}
