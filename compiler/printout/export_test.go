package printout

import (
	"maps"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Rendered lays out one printout of g and returns the ids of the messages
// it rendered.
func Rendered(g *model.Game, o Options) ([]string, error) {
	p, err := layout(g, o)
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(p.rendered)), nil
}

// PrintedMessages lists the messages CheckGlyphs checks.
func PrintedMessages(g *model.Game) []string { return printedMessages(g) }

// TablesAgainAllocs makes the table of every block of g that has one,
// then returns what making them all again allocates.
func TablesAgainAllocs(g *model.Game, lang string) (float64, error) {
	p, err := newTextPrinter(g, Options{Kind: Reference, Lang: lang, Paper: Papers()[0]})
	if err != nil {
		return 0, err
	}
	all := func() {
		for _, b := range g.Blocks {
			p.blockTable(b, true)
			p.blockTable(b, false)
		}
	}
	all()
	return testing.AllocsPerRun(5, all), p.err
}
