package compiler_test

import (
	"maps"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
)

// FuzzLoad loads the tiny game with its data file and its French locale
// replaced by arbitrary bytes. Loading must never panic, and a game comes
// out only when there is no error. The seed corpus is in
// testdata/fuzz/FuzzLoad, plus the tiny game itself.
func FuzzLoad(f *testing.F) {
	base := tinyTree(f)
	f.Add(base["cards/tiny/game.toml"].Data, base["locales/tiny/fr.toml"].Data)
	f.Fuzz(func(t *testing.T, game, fr []byte) {
		tree := maps.Clone(base)
		tree["cards/tiny/game.toml"] = &fstest.MapFile{Data: game}
		tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: fr}
		games, d := load(tree, compiler.Options{})
		if d.HasErrors() && len(games.Games) > 0 {
			t.Fatalf("a game came out despite errors:\n%s", d)
		}
		for _, x := range d {
			if x.Pos.File == "" || x.Code == "" || x.Message == "" {
				t.Fatalf("diagnostic without file, code or message: %+v", x)
			}
		}
	})
}

// FuzzMessageText puts arbitrary text, template actions included, into a
// French rule text, so every text check (rendering, numbers, glossary,
// brackets, spacing, typography) runs on it. It must never panic.
func FuzzMessageText(f *testing.F) {
	base := tinyTree(f)
	for _, s := range []string{
		"Piochez jusqu’à {{.Param.hand_size}} cartes. Le paquet compte {{.Total.spells}} sorts.",
		"Jouer: vite! « x  ( [ » {{.Count}} vingt-cinq 4,5 le le",
		"{{", "}}", "{{.}}", " .", "«", "\n\n", "{{index .Param.hand_size 9}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tree := maps.Clone(base)
		fr := strings.Replace(string(base["locales/tiny/fr.toml"].Data),
			`text = "Piochez jusqu’à {{.Param.hand_size}} cartes. Le paquet compte {{.Total.spells}} sorts."`,
			"text = "+strconv.Quote(text), 1)
		tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: []byte(fr)}
		_, d := load(tree, compiler.Options{})
		for _, x := range d {
			if x.Pos.File == "" || x.Code == "" || x.Message == "" {
				t.Fatalf("diagnostic without file, code or message: %+v", x)
			}
		}
	})
}
