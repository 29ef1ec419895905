package rules

import (
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// componentSet is components, the game's components ([[component]]):
// components.<id> has the component's id, kind, count (how many the box
// holds) and faces (a die's, 0 for any other), so that rules take the
// size of a reserve of tokens or a die from the data.
func componentSet(g *model.Game) (starlark.Value, map[string]bool) {
	dict := starlark.StringDict{}
	ids := map[string]bool{}
	for _, c := range g.Components {
		ids[c.ID] = true
		dict[c.ID] = starlarkstruct.FromStringDict(starlark.String("component"), starlark.StringDict{
			"id":    starlark.String(c.ID),
			"kind":  starlark.String(c.Kind),
			"count": starlark.MakeInt(c.Count),
			"faces": starlark.MakeInt(c.Faces),
		})
	}
	return starlarkstruct.FromStringDict(starlark.String("components"), dict), ids
}
