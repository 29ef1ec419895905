package warlock

import (
	goflag "flag"
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

var update = goflag.Bool("update", false, "rewrite testdata/golden.txt from the games played now")

// TestGolden replays the games recorded in testdata/golden.txt, with
// random and greedy bots for every player count, and checks that each is
// played exactly as recorded. The greedy bot is the real one: run with
// -update after a deliberate change of the rules or of the greedy bot.
func TestGolden(t *testing.T) {
	enginetest.Golden{
		Path:       "testdata/golden.txt",
		Games:      []enginetest.GoldenGame{{Game: &Game{Rules: shipped(t)}}},
		Bots:       []string{"random", "greedy"},
		Seeds:      200,
		Short:      30,
		ProbeEvery: 37,
		Clones:     true,
		MaxActions: 20000,
		Update:     *update,
	}.Run(t)
}
