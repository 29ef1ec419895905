//go:build nocompiled

package cli

import "github.com/grimoire-games/grimoire/engine/rules"

// compiledRules is empty: see compiled.go.
func compiledRules() map[string]*rules.Compiled { return nil }
