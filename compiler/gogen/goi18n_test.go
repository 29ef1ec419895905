package gogen_test

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/gen/bellum_magica"
	"github.com/grimoire-games/grimoire/gen/hearts"
	"github.com/grimoire-games/grimoire/gen/warlock"
	"github.com/grimoire-games/grimoire/gen/warriors"
)

// A program that uses go-i18n and the generated package alone renders
// Warlock's rules, mul included, as docs/translating.md shows.
func Example_goi18n() {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, lang := range []warlock.Lang{warlock.LangEN, warlock.LangFR} {
		file := "locales/warlock/" + lang.String() + ".toml"
		src, _ := fs.ReadFile(grimoire.Games(), file) // or os.ReadFile
		bundle.MustParseMessageFileBytes(src, file)
		text := i18n.NewLocalizer(bundle, lang.String()).MustLocalize(&i18n.LocalizeConfig{
			MessageID:    "rules.dealing.text",
			TemplateData: warlock.TemplateData(lang),
			Funcs:        warlock.Funcs(),
		})
		fmt.Println(strings.TrimSpace(strings.Split(text, "\n\n")[1]))
	}
	// Output:
	// Note: in a game with 5 players, both piles may run out. If this happens, all players, starting with the starting player, take turns discarding a card until there are enough cards (25) to deal. These cards may come from your mine, your dungeon or your hand. If both piles run out at another moment (for example because of an action), no more cards can be drawn.
	// Note : à 5 joueurs, il peut arriver que les deux piles s’épuisent. Dans ce cas, tous les joueurs, en commençant par le premier joueur, défaussent une carte à tour de rôle jusqu’à ce qu’il y ait assez de cartes (25) pour la distribution. Ces cartes peuvent provenir de votre mine, de votre geôle ou de votre main. Si les deux piles s’épuisent à un autre moment (par exemple à cause d’une action), on ne peut plus prendre de cartes.
}

// TestGoi18n renders every message of every shipped game that needs no
// .Count nor .Arg, in every language, with go-i18n, the shipped locale
// files and the generated Funcs and TemplateData, as a program using the
// generated package would: each text must be the compiler's.
func TestGoi18n(t *testing.T) {
	type pkg struct {
		langs []string
		data  func(lang string) map[string]any
		funcs template.FuncMap
	}
	pkgs := map[string]pkg{
		"warlock": {langStrings(warlock.AllLangs()), func(l string) map[string]any {
			lang, _ := warlock.ParseLang(l)
			return warlock.TemplateData(lang)
		}, warlock.Funcs()},
		"warriors": {langStrings(warriors.AllLangs()), func(l string) map[string]any {
			lang, _ := warriors.ParseLang(l)
			return warriors.TemplateData(lang)
		}, warriors.Funcs()},
		"bellum_magica": {langStrings(bellummagica.AllLangs()), func(l string) map[string]any {
			lang, _ := bellummagica.ParseLang(l)
			return bellummagica.TemplateData(lang)
		}, bellummagica.Funcs()},
		"hearts": {langStrings(hearts.AllLangs()), func(l string) map[string]any {
			lang, _ := hearts.ParseLang(l)
			return hearts.TemplateData(lang)
		}, hearts.Funcs()},
	}
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	for _, g := range games.Games {
		p, ok := pkgs[g.ID]
		if !ok {
			t.Fatalf("game %s: no generated package in this test", g.ID)
		}
		if !slices.Equal(p.langs, g.Languages) {
			t.Fatalf("game %s: the generated package has languages %v; the game %v", g.ID, p.langs, g.Languages)
		}
		withArgs := map[string]bool{}
		for _, m := range g.Messages {
			withArgs[m.ID] = len(m.Args) > 0
		}
		for _, lang := range g.Languages {
			t.Run(g.ID+"/"+lang, func(t *testing.T) {
				bundle := i18n.NewBundle(language.English)
				bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
				file := "locales/" + g.ID + "/" + lang + ".toml"
				src, err := fs.ReadFile(grimoire.Games(), file)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := bundle.ParseMessageFileBytes(src, file); err != nil {
					t.Fatal(err)
				}
				loc := i18n.NewLocalizer(bundle, lang)
				lz, err := l10n.New(g, lang)
				if err != nil {
					t.Fatal(err)
				}
				data := p.data(lang)
				n := 0
				for _, m := range g.Locale(lang).Messages {
					want, err := lz.Text(m.ID)
					if m.Plural() || withArgs[m.ID] || err != nil {
						continue // needs .Count or .Arg
					}
					got, err := loc.Localize(&i18n.LocalizeConfig{MessageID: m.ID, TemplateData: data, Funcs: p.funcs})
					if err != nil || got != want {
						t.Errorf("%s: go-i18n renders %q, %v; the compiler %q", m.ID, got, err, want)
					}
					n++
				}
				if n == 0 {
					t.Error("no message rendered")
				}
			})
		}
	}
}

func langStrings[L fmt.Stringer](ls []L) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.String()
	}
	return out
}
