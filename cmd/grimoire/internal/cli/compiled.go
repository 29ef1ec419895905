//go:build !nocompiled

package cli

import (
	"github.com/grimoire-games/grimoire/engine/rules"
	bellumplay "github.com/grimoire-games/grimoire/gen/bellum_magica/play"
	heartsplay "github.com/grimoire-games/grimoire/gen/hearts/play"
	warlockplay "github.com/grimoire-games/grimoire/gen/warlock/play"
	warriorsplay "github.com/grimoire-games/grimoire/gen/warriors/play"
)

// compiledRules are the shipped games' rules compiled to Go (grimoire
// gen), by game id. Built with -tags nocompiled, grimoire has none
// (compiled_none.go): it can then generate them again when the engine's
// API for them has changed and they no longer build.
func compiledRules() map[string]*rules.Compiled {
	return map[string]*rules.Compiled{
		"bellum_magica": bellumplay.Rules,
		"hearts":        heartsplay.Rules,
		"warlock":       warlockplay.Rules,
		"warriors":      warriorsplay.Rules,
	}
}
