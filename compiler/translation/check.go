// Package translation checks a game's translations: each locale's words
// against the game's data and glossary, and each translation against its
// source, sentence by sentence, so that a finding points at the words of
// the translation with its source's sentence beside it. It knows no
// language and no game: what it knows of a language is in package text,
// and of a game in its data.
//
// It runs after loading, as one of the checks `grimoire check` and
// `build` run (package checks).
package translation

import (
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Status is what the checks need to know of how the game loaded: they
// say nothing of what did not load.
type Status interface {
	CopiesLost(card string) bool
	CountLost(component string) bool
	// Broken reports whether a locale file has errors of its own.
	Broken(lang string) bool
}

// Check checks the words of every locale of g, and every translation
// against its source. g may be a game whose loading found errors: st says
// what of it did not load.
func Check(g *model.Game, st Status) diag.List {
	var d diag.List
	data := map[string]map[string]any{}
	for _, loc := range g.Locales {
		if !st.Broken(loc.Lang) {
			data[loc.Lang] = l10n.Data(g, loc.Lang)
		}
	}
	checkTexts(g, st, g.Locale(g.SourceLang), data, l10n.SampleArgs(g), &d)
	return d
}
