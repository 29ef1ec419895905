package rulebook

import (
	"errors"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// rulesText returns the titles and texts of a shipped game's rules in a
// language, templates and all, as a plain book.
func rulesText(t *testing.T, g *model.Game, lang string) string {
	t.Helper()
	loc := g.Locale(lang)
	var b strings.Builder
	for _, s := range g.Sections {
		for _, id := range []string{"rules." + s.ID + ".title", "rules." + s.ID + ".text"} {
			if m := loc.Message(id); m != nil {
				b.WriteString(m.Forms["other"] + "\n\n")
			}
		}
	}
	return b.String()
}

// TestMatches accepts the published Warlock rulebooks, free translations
// read with OCR noise, as Warlock's, and refuses another game's rules
// and an excerpt of Warlock's.
func TestMatches(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	wl := games.Game("warlock")
	for _, lang := range []string{"en", "fr", "de"} {
		if err := Matches(wl, warlockBook(t, lang)); err != nil {
			t.Errorf("the published %s rulebook: %v", lang, err)
		}
	}
	for _, other := range []string{"warriors", "bellum_magica"} {
		for _, lang := range []string{"en", "fr", "de"} {
			book := Parse(other+"-"+lang+".txt", lang, []byte(rulesText(t, games.Game(other), lang)))
			if err := Matches(games.Game(other), book); err != nil {
				t.Errorf("%s's own %s rules: %v", other, lang, err)
			}
			var me *MatchError
			if err := Matches(wl, book); !errors.As(err, &me) || me.Game != "warlock" {
				t.Errorf("%s's %s rules checked as Warlock: %v; want a MatchError", other, lang, err)
			}
		}
	}
	// Its first page is too little of Warlock's rules to check.
	var first []string
	for _, l := range warlockBook(t, "en").lines[:60] {
		first = append(first, l.text)
	}
	if err := Matches(wl, Parse("excerpt.txt", "en", []byte(strings.Join(first, "\n")))); err == nil {
		t.Error("the first 60 lines of the English rulebook match Warlock; want a MatchError")
	}
}
