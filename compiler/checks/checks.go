// Package checks lists the checks that run after a game has loaded, as
// `grimoire check` and `build` run them: the translations' (package
// translation), the printouts' fit (package printout) and the rules' (package
// rules). Loading itself
// (package compiler) checks the data and each locale on its own.
package checks

import (
	"sync"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
	"github.com/grimoire-games/grimoire/compiler/translation"
	"github.com/grimoire-games/grimoire/engine/rules"
)

// All is every check, in the order they report. fonts gives the
// printouts' fonts, which laying out a deck needs: parsing them is costly,
// so a program that loads games more than once, or prints them after,
// passes one parse to share (sync.OnceValues(pdf.ParseFonts)); nil parses
// them once for the checks returned, if a game needs them.
func All(fonts func() (*pdf.Fonts, error)) []compiler.Check {
	if fonts == nil {
		fonts = sync.OnceValues(pdf.ParseFonts)
	}
	return []compiler.Check{Translations, Fit(fonts), Rules}
}

// Rules builds the rules of a game written in the rules language, as the
// rules engine plays them (package rules), and reports what is wrong with
// them: names the game does not have, declarations of the wrong shape,
// actions without code, sections without code. A game whose data has
// errors is not built: its rules would report the same errors again.
func Rules(g *model.Game, st compiler.Status) diag.List {
	if !rules.Has(g) || st.Errors() {
		return nil
	}
	_, d := rules.Build(g)
	return d
}

// Translations checks every locale's words and every translation against
// its source (package translation).
func Translations(g *model.Game, st compiler.Status) diag.List { return translation.Check(g, st) }

// Fit checks what the printouts would refuse to print: a character their
// font lacks, a text or a card's region that does not fit even at its
// smallest size, on the deck, the reference sheet or the reference cards.
func Fit(fonts func() (*pdf.Fonts, error)) compiler.Check {
	return func(g *model.Game, st compiler.Status) diag.List {
		// A draft translation prints nothing: what it lacks is reported.
		g = g.WithoutDrafts()
		var d diag.List
		gd, err := printout.CheckGlyphs(g)
		if err != nil {
			d.Errorf(g.Pos, diag.Unprintable, "cannot check the texts against the printouts' font: %v", err)
		}
		d = append(d, gd...)
		dd, err := printout.CheckDeck(g, fonts)
		if err != nil && !st.Errors() && !d.HasErrors() { // else the errors found say why
			d.Errorf(g.Pos, diag.Unprintable, "cannot lay out the deck: %v", err)
		}
		d = append(d, dd...)
		if st.Errors() || d.HasErrors() {
			return d // a game with errors prints nothing: its aids are laid out once it loads
		}
		ad, err := printout.CheckAids(g, fonts)
		if err != nil {
			d.Errorf(g.Pos, diag.Unprintable, "cannot lay out the reference sheet and cards: %v", err)
		}
		return append(d, ad...)
	}
}
