package bellummagica

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
)

// FuzzScoreFile: no score file makes the reader or the report panic, and
// every rejection is diagnostics at a line and column of the file.
func FuzzScoreFile(f *testing.F) {
	g := &Game{Rules: shipped(f)}
	enginetest.FuzzScoreFile(f, enginetest.ScoreReader{
		Parse: func(name string, src []byte) (bool, diag.List) {
			p, d := g.Rules.ParseScoreFile(name, src)
			return p != nil, d
		},
		Score: g.ScoreFile,
	})
}
