package warriors

import (
	"flag"
	"testing"

	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from the games played now")

// TestGolden replays the games recorded in testdata/golden.txt, with
// random and greedy bots in every variant and player count, and checks
// that each is played exactly as recorded. The greedy bot is the real
// one: run with -update after a deliberate change of the rules or of the
// greedy bot.
func TestGolden(t *testing.T) {
	var games []enginetest.GoldenGame
	for _, variant := range []string{"", VariantHordes} {
		games = append(games, enginetest.GoldenGame{Name: cmpName(variant), Game: &Game{Rules: shipped(t, variant)}})
	}
	enginetest.Golden{
		Path:       "testdata/golden.txt",
		Games:      games,
		Bots:       []string{"random", "greedy"},
		Seeds:      200,
		Short:      30,
		ProbeEvery: 37,
		MaxActions: 20000,
		Update:     *update,
	}.Run(t)
}
