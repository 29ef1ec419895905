package printout_test

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestCheckedIsPrinted keeps CheckGlyphs, which check runs, in step with
// the printouts: every message a printout renders, of every shipped game
// in each of its variants and of the tiny game with a sheet, is among the
// messages CheckGlyphs checks.
func TestCheckedIsPrinted(t *testing.T) {
	games := append(shipped(t).Games, tinyWithSheet(t))
	for _, loaded := range games {
		checked := printout.PrintedMessages(loaded)
		for _, v := range append([]string{""}, loaded.VariantIDs()...) {
			g, err := loaded.Play(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range printout.Kinds() {
				if !printout.Has(g, k) {
					continue
				}
				rendered, err := printout.Rendered(g, printout.Options{Kind: k, Lang: g.SourceLang})
				if err != nil {
					t.Fatal(err)
				}
				for _, id := range rendered {
					if !slices.Contains(checked, id) {
						t.Errorf("%s %s %s prints message %s, which CheckGlyphs does not check", g.ID, v, k, id)
					}
				}
			}
		}
	}
}

// load loads a tree as `grimoire check` does: with every check after
// loading, the printouts' fit among them.
func load(fsys fs.FS, o compiler.Options) (*model.Games, diag.List) {
	o.Checks = checks.All(nil)
	return compiler.Load(fsys, o)
}

// tinyTree is the tiny game of the compiler's tests with each of edits
// ("file", "old", "new") made.
func tinyTree(t *testing.T, edits ...[3]string) fstest.MapFS {
	t.Helper()
	dir := filepath.Join("..", "testdata", "tiny")
	tree := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join(dir, p))
		tree[p] = &fstest.MapFile{Data: append(b, notes[strings.TrimSuffix(path.Base(p), ".toml")]...)}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		f := tree[e[0]]
		if f == nil {
			f = &fstest.MapFile{}
			tree[e[0]] = f
		}
		if e[1] != "" && !bytes.Contains(f.Data, []byte(e[1])) {
			t.Fatalf("%s has no %q", e[0], e[1])
		}
		if e[1] == "" {
			f.Data = append(f.Data, e[2]...)
		} else {
			f.Data = bytes.Replace(f.Data, []byte(e[1]), []byte(e[2]), 1)
		}
	}
	return tree
}

// TestNothingToPrint: a printout the game has nothing for is G404 at the
// game, saying what is missing, not a text that does not fit (G401); and
// nothing is written.
func TestNothingToPrint(t *testing.T) {
	comet := [][3]string{
		{"cards/tiny/print.toml", "", "[[block]]\nid = \"aid\"\ntext = true\non = [\"card:comet\"]\n"},
		{"locales/tiny/en.toml", "", "\n[block.aid]\ntitle = \"Aid\"\ntext = \"Draw.\"\n"},
		{"locales/tiny/fr.toml", "", "\n[block.aid]\ntitle = \"Aide\"\ntext = \"Piochez.\"\n"},
	}
	noRules := [][3]string{
		{"cards/tiny/game.toml", "[[section]]\nid = \"play\"\nnumber = \"1\"\n", ""},
		{"locales/tiny/en.toml", "[rules.play]\ntitle = \"Playing\"\n", "[other]\n"},
		{"locales/tiny/fr.toml", "[rules.play]\ntitle = \"Jouer\"\n", "[other]\n"},
	}
	tests := []struct {
		name    string
		edits   [][3]string
		variant string
		kind    printout.Kind
		want    string
	}{
		{"sheet without blocks", nil, "", printout.Reference, "game tiny has nothing to print on a reference sheet: no block is placed on it (on = [\"sheet\"])"},
		{"cards without blocks", nil, "", printout.Cards, "game tiny has nothing to print on reference cards: no block is placed on a card (on = [\"card:<card>\"])"},
		{"cards of another variant", comet, "", printout.Cards, "game tiny has nothing to print on reference cards: the cards its blocks are placed on are not played in it, or have no copies"},
		{"rulebook without sections", noRules, "", printout.Rules, "game tiny has nothing to print in a rulebook: it has no section ([[section]])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, d := load(tinyTree(t, tt.edits...), compiler.Options{})
			if d.HasErrors() {
				t.Fatal(d.String())
			}
			g, err := games.Games[0].Play(tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			pd, err := printout.Write(&buf, g, printout.Options{Kind: tt.kind, Lang: "en"})
			if err != nil {
				t.Fatal(err)
			}
			want := diag.List{{Pos: diag.Pos{File: "cards/tiny/game.toml", Line: 2, Col: 1}, Severity: diag.Error, Code: diag.NothingToPrint, Message: tt.want}}
			if pd.String() != want.String() || buf.Len() > 0 {
				t.Errorf("%s: diagnostics\n%s\nwant\n%s(and no PDF; %d bytes written)", tt.kind, pd.String(), want.String(), buf.Len())
			}
		})
	}
}

// TestCheckGlyphsRendered: CheckGlyphs reads texts as the printouts print
// them, rendered with the data, and leaves alone the texts no printout
// prints.
func TestCheckGlyphsRendered(t *testing.T) {
	tree := tinyTree(t,
		[3]string{"cards/tiny/game.toml", "[[term]]", "[[param]]\nid = \"motto\"\ntype = \"string\"\nvalue = \"Ω 中\"\n\n[[message]]\nid = \"action.cast\"\ndoc = \"An engine's action.\"\n\n[[term]]"},
		[3]string{"locales/tiny/en.toml", "title = \"Playing\"", "title = \"Playing {{.Param.motto}}\""},
		[3]string{"locales/tiny/fr.toml", "title = \"Jouer\"", "title = \"Jouer {{.Param.motto}}\""},
		[3]string{"locales/tiny/en.toml", "", "\n[action]\ncast = \"cast 中\"\n"},
		[3]string{"locales/tiny/fr.toml", "", "\n[action]\ncast = \"lancer 中\"\n"},
	)
	_, d := load(tree, compiler.Options{})
	want := `locales/tiny/en.toml:33:1: error: rules.play.title (en): U+4E2D '中' cannot be printed: the font has no glyph for it [G402]
locales/tiny/fr.toml:40:1: error: rules.play.title (fr): U+4E2D '中' cannot be printed: the font has no glyph for it [G402]
`
	if got := d.String(); got != want {
		t.Errorf("check:\n%s\nwant:\n%s", got, want)
	}
}
