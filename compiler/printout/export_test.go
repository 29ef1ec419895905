package printout

import (
	"maps"
	"slices"

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
