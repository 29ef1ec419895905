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

// FuzzRules gives the tiny game a rules file of arbitrary bytes. Loading
// must never panic, a rules file that does not parse is an error at a
// position within the file, and one that parses comes out in the game,
// its line ends read as LF like every file's.
func FuzzRules(f *testing.F) {
	base := tinyTree(f)
	for _, s := range []string{
		"def setup(game):\n    pass\n",
		"load(\"x.star\", \"y\")\n",
		"def f(:\n", "\"\"\"", "\xff", "x = [i for i in range(3)]\n", "while True:\n    pass\n",
		"def setup(game):\n\tgame.say(\"Règle\" + )\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, rules []byte) {
		tree := maps.Clone(base)
		tree["cards/tiny/rules.star"] = &fstest.MapFile{Data: rules}
		games, d := compiler.Load(tree, compiler.Options{})
		lines := strings.Count(lf(string(rules)), "\n") + 1
		for _, x := range d {
			if x.Code != "G501" || x.Pos.File != "cards/tiny/rules.star" || x.Pos.Line < 1 || x.Pos.Line > lines || x.Pos.Col < 1 {
				t.Fatalf("a rules file gives %s at %s, within %d lines", x.Code, x.Pos, lines)
			}
		}
		if !d.HasErrors() && (len(games.Games) != 1 || len(games.Games[0].Rules) != 1 || games.Games[0].Rules[0].Src != lf(string(rules))) {
			t.Fatalf("a rules file that parses is not the game's: %d games", len(games.Games))
		}
	})
}

// lf reads CRLF and CR line ends as LF, as the loader reads files.
func lf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
