package warriors

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// FuzzScoreFile: no score file makes the reader or the report panic, and
// every rejection is diagnostics at a line and column of the file; each
// input is read as a game of the base game and of the Dragon Hordes.
func FuzzScoreFile(f *testing.F) {
	var readers []enginetest.ScoreReader
	for _, g := range []*Game{{Rules: shipped(f, "")}, {Rules: shipped(f, VariantHordes)}} {
		readers = append(readers, enginetest.ScoreReader{
			Parse: func(name string, src []byte) (bool, diag.List) {
				p, d := g.Rules.ParseScoreFile(name, src)
				return p != nil, d
			},
			Score: g.ScoreFile,
		})
	}
	enginetest.FuzzScoreFile(f, readers...)
}
