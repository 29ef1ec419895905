package printout_test

import (
	"io"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// BenchmarkAllShipped lays out and writes every printout of every shipped
// game in every language: what build does after loading.
func BenchmarkAllShipped(b *testing.B) {
	games := shipped(b)
	for b.Loop() {
		for _, g := range games.Games {
			for _, lang := range g.Languages {
				for _, k := range printout.Kinds() {
					d, err := printout.Write(io.Discard, g, printout.Options{Kind: k, Lang: lang})
					if err != nil || len(d) > 0 {
						b.Fatal(err, d)
					}
				}
			}
		}
	}
}
