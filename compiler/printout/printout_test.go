package printout_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/diag")

func shipped(t testing.TB) *model.Games {
	t.Helper()
	games, d := load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatalf("shipped games:\n%s", d)
	}
	return games
}

func write(t testing.TB, g *model.Game, o printout.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	d, err := printout.Write(&buf, g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) > 0 {
		t.Fatalf("%s %s %s: diagnostics:\n%s", g.ID, o.Lang, o.Kind, d)
	}
	if buf.Len() == 0 {
		t.Fatal("no output")
	}
	return buf.Bytes()
}

// poppler returns the path of a poppler-utils tool. CI installs them and
// sets GRIMOIRE_POPPLER=required, so there the tests that read PDFs back
// always run; elsewhere they are skipped when the tools are missing.
func poppler(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("GRIMOIRE_POPPLER") == "required" {
			t.Fatalf("%s not found: install poppler-utils", tool)
		}
		t.Skipf("%s not found: install poppler-utils to read the PDFs back", tool)
	}
	return p
}

// run runs a poppler tool on a PDF written to a temporary file.
func run(t *testing.T, pdf []byte, tool string, args ...string) []byte {
	t.Helper()
	bin := poppler(t, tool)
	f := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	args = append(args, f)
	if tool == "pdftotext" {
		args = append(args, "-") // to standard output, as pdftoppm and pdfinfo write
	}
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return out
}

// expected returns texts a printout must show, rendered from the model:
// the game's name, and the titles of its blocks or sections.
func expected(t *testing.T, g *model.Game, lang string, k printout.Kind) []string {
	t.Helper()
	loc, err := l10n.New(g, lang)
	if err != nil {
		t.Fatal(err)
	}
	text := func(id string) string {
		s, err := loc.Text(id)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	want := []string{}
	if k != printout.Cards {
		want = append(want, text("game.name"))
	}
	for _, b := range g.Blocks {
		if !b.PrintedIn(g.Variant) {
			continue
		}
		for _, p := range b.On {
			switch {
			case k == printout.Reference && p.Kind == model.OnSheet,
				k == printout.Cards && p.Kind == model.OnCard && !p.Symbols,
				k == printout.Rules && p.Kind == model.OnRules:
				want = append(want, text("block."+b.ID+".title"))
			}
		}
	}
	if k == printout.Rules {
		for _, s := range g.Sections {
			want = append(want, text("rules."+s.ID+".title"))
		}
	}
	return want
}

// squash folds the spaces pdftotext prints (no-break ones, line breaks
// inside a wrapped title) so texts compare as words.
// hasLacks checks that a printout's text has each of has and none of
// lacks.
func hasLacks(t *testing.T, text string, has, lacks []string) {
	t.Helper()
	for _, s := range has {
		if !strings.Contains(text, s) {
			t.Errorf("the printout lacks %q:\n%s", s, text)
		}
	}
	for _, s := range lacks {
		if strings.Contains(text, s) {
			t.Errorf("the printout has %q:\n%s", s, text)
		}
	}
}

func squash(s string) string {
	s = strings.NewReplacer("\u00a0", " ", "\u202f", " ", "\u2009", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// TestShipped prints every printout of every shipped game in every
// language on both papers, and reads each back: its text holds the
// localized titles, and its pages have the paper's size.
func TestShipped(t *testing.T) {
	games := shipped(t)
	for _, g := range games.Games {
		for _, lang := range g.Languages {
			for _, k := range printout.Kinds() {
				if !printout.Has(g, k) {
					continue
				}
				for _, paper := range printout.Papers() {
					t.Run(fmt.Sprintf("%s/%s/%s/%s", g.ID, lang, k, paper.Name), func(t *testing.T) {
						pdf := write(t, g, printout.Options{Kind: k, Lang: lang, Paper: paper})
						text := squash(string(run(t, pdf, "pdftotext", "-layout")))
						for _, w := range expected(t, g, lang, k) {
							if !strings.Contains(text, squash(w)) {
								t.Errorf("the text lacks %q", w)
							}
						}
						info := string(run(t, pdf, "pdfinfo"))
						size := map[string]string{"a4": "595.28 x 841.89 pts (A4)", "letter": "612 x 792 pts (letter)"}[paper.Name]
						if !strings.Contains(info, "Page size:       "+size) {
							t.Errorf("page size: want %s; pdfinfo says\n%s", size, info)
						}
					})
				}
			}
		}
	}
}

// TestWarlockValues looks for the values of the Warlock printouts: the
// scoring tables and the card distribution come from the data.
func TestWarlockValues(t *testing.T) {
	g := shipped(t).Game("warlock")
	cases := []struct {
		lang  string
		kind  printout.Kind
		pages int
		want  []string
	}{
		{"en", printout.Reference, 2, []string{"Turn sequence", "Powers and skills", "City of the chain 1 2 3 4 5 6", "Victory points 1 2 3 5 7 9", "Victory points 6 6 4 4 2 2", "Races 3 4 5 6", "Victory points 1 2 4 8", "120 Creatures 25 giants, 25 wizards, 20 humans, 20 orcs, 15 gnomes, 15 goblins", "0.5 2"}},
		{"fr", printout.Reference, 2, []string{"0,5 2"}},
		{"de", printout.Reference, 2, []string{"0,5 2"}},
		// 15 reference cards and 5 powers cards Grimoire adds, 9 a
		// sheet: three sheets of fronts and backs.
		{"en", printout.Cards, 6, []string{"Turn sequence", "Powers and skills", "Print at 100 %", "Backs: print this sheet", "1 2 3 5 7 9"}},
		{"fr", printout.Cards, 6, []string{"Imprimer à 100 %"}},
		{"en", printout.Rules, 0, []string{"Contents", "1 Game material and setup", "Chains of human cities"}},
	}
	for _, c := range cases {
		t.Run(c.lang+"/"+c.kind.String(), func(t *testing.T) {
			pdf := write(t, g, printout.Options{Kind: c.kind, Lang: c.lang})
			text := squash(string(run(t, pdf, "pdftotext", "-layout")))
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("the text lacks %q", w)
				}
			}
			info := string(run(t, pdf, "pdfinfo"))
			if c.pages > 0 && !strings.Contains(info, fmt.Sprintf("Pages:           %d\n", c.pages)) {
				t.Errorf("want %d pages; pdfinfo says\n%s", c.pages, info)
			}
		})
	}
}

// TestDeterministic prints each kind twice: the bytes are the same.
func TestDeterministic(t *testing.T) {
	g := shipped(t).Game("warlock")
	for _, k := range printout.Kinds() {
		o := printout.Options{Kind: k, Lang: "fr", Paper: printout.Papers()[1], Bleed: true}
		if a, b := write(t, g, o), write(t, g, o); !bytes.Equal(a, b) {
			t.Errorf("%s: two runs differ", k)
		}
	}
}

// TestGlyphs checks every message of every locale of the shipped games
// against the font.
func TestGlyphs(t *testing.T) {
	for _, g := range shipped(t).Games {
		d, err := printout.CheckGlyphs(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(d) > 0 {
			t.Errorf("%s: characters the font lacks:\n%s", g.ID, d)
		}
	}
}

// TestFixtures prints the tiny game of the compiler's tests with each
// fixture of testdata/diag laid over it ("args" says what to print) and
// compares the diagnostics with the "want" section; -update rewrites it.
func TestFixtures(t *testing.T) {
	base := fstest.MapFS{}
	tiny := filepath.Join("..", "testdata", "tiny")
	err := fs.WalkDir(os.DirFS(tiny), ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join(tiny, p))
		base[p] = &fstest.MapFile{Data: append(b, notes[strings.TrimSuffix(path.Base(p), ".toml")]...)}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	txtar.Run(t, filepath.Join("testdata", "diag", "*.txtar"), *update, func(t *testing.T, files []txtar.File) string {
		tree := maps.Clone(base)
		var args string
		for _, f := range files {
			if f.Name == "args" {
				args = strings.TrimSpace(string(f.Data))
			} else {
				tree[f.Name] = &fstest.MapFile{Data: f.Data}
			}
		}
		return fixture(t, tree, args)
	})
}

// notes are, by locale file, the notes printouts add, which the tiny
// game lacks: the label of the aids Grimoire makes, which a game printing
// a reference sheet or cards needs, and the legend of the mark on its
// reconstructed power, which a game printing it needs.
var notes = map[string]string{
	"en": "\n[game.aid]\nother = \"Aid made with Grimoire – not part of the game box\"\n" +
		"\n[game.reconstructed]\nother = \"reconstructed: not printed in the rulebook\"\n",
	"fr": "\n[game.aid]\nother = \"Aide réalisée avec Grimoire – elle ne fait pas partie de la boîte du jeu\"\n" +
		"\n[game.reconstructed]\nother = \"valeur reconstituée\u00a0: elle n’est pas imprimée dans la règle du jeu\"\n",
}

// fixture loads a tree and prints it as args ("kind lang") say.
func fixture(t *testing.T, tree fstest.MapFS, args string) string {
	kind, lang, _ := strings.Cut(args, " ")
	k, err := printout.ParseKind(kind)
	if err != nil {
		t.Fatal(err)
	}
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		return d.String()
	}
	var buf bytes.Buffer
	pd, err := printout.Write(&buf, games.Games[0], printout.Options{Kind: k, Lang: lang})
	if err != nil {
		t.Fatal(err)
	}
	if pd.HasErrors() && buf.Len() > 0 {
		t.Error("a printout with errors was written")
	}
	if !pd.HasErrors() && buf.Len() == 0 {
		t.Error("a printout without errors was not written")
	}
	gd, err := printout.CheckGlyphs(games.Games[0])
	if err != nil {
		t.Fatal(err)
	}
	all := append(diag.List{}, d...)
	all = append(all, pd...)
	if len(gd) > 0 {
		all = append(all, gd...)
	}
	return all.Sort().String()
}
