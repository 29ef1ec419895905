package cli

import (
	"flag"
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// variantUsage describes the --variant flag of the commands that name a game.
const variantUsage = "play the game in this variant, such as an expansion (default: the base game); dashes match underscores"

// playVariant returns g as played in variant ("" for the base game),
// printing "grimoire CMD: WHERE: ..." when g has no such variant; where
// says who named it, such as "--variant".
func playVariant(e *env, cmd, where string, g *model.Game, variant string) (*model.Game, bool) {
	p, err := g.Play(variant)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %s: %v\n", cmd, where, err)
		return nil, false
	}
	return p, true
}

// gameFlag defines the --game flag; dashes in its value name underscores
// ("bellum-magica" is bellum_magica), as they do for variants.
func gameFlag(fs *flag.FlagSet, usage string) *string {
	id := new(string)
	fs.Func("game", usage, func(s string) error {
		*id = model.GameID(s)
		return nil
	})
	return id
}
