package site_test

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/colour"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
	"github.com/grimoire-games/grimoire/compiler/site"
)

var update = flag.Bool("update", false, "rewrite testdata/tiny.golden")

// legends are, by locale file, the legend of the mark the tiny game's
// reconstructed power needs, which it lacks.
var legends = map[string]string{
	"en": "\n[game.reconstructed]\nother = \"reconstructed: not printed in the rulebook\"\n",
	"fr": "\n[game.reconstructed]\nother = \"valeur reconstituée\u00a0: elle n’est pas imprimée dans la règle du jeu\"\n",
}

// tiny loads the tiny game of the compiler's tests with each of edits
// ("file", "old", "new") made.
func tiny(t testing.TB, edits ...[3]string) *model.Game {
	t.Helper()
	games, d := compiler.Load(tinyTree(t, edits...), compiler.Options{})
	if d.HasErrors() {
		t.Fatalf("tiny:\n%s", d)
	}
	return games.Games[0]
}

// tinyTree is the tiny game's tree with each edit made: in file e[0],
// e[1] replaced by e[2] (a file that is not there is made).
func tinyTree(t testing.TB, edits ...[3]string) fstest.MapFS {
	t.Helper()
	dir := filepath.Join("..", "testdata", "tiny")
	tree := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join(dir, p))
		tree[p] = &fstest.MapFile{Data: append(b, legends[strings.TrimSuffix(path.Base(p), ".toml")]...)}
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
		if !bytes.Contains(f.Data, []byte(e[1])) {
			t.Fatalf("%s has no %q", e[0], e[1])
		}
		f.Data = bytes.Replace(f.Data, []byte(e[1]), []byte(e[2]), 1)
	}
	return tree
}

func build(t testing.TB, games ...*model.Game) map[string][]byte {
	t.Helper()
	files, d, err := site.Build(games, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d) > 0 {
		t.Fatalf("diagnostics:\n%s", d)
	}
	out := map[string][]byte{}
	prev := ""
	for _, f := range files {
		if f.Path <= prev {
			t.Errorf("%s after %s: files not sorted", f.Path, prev)
		}
		prev = f.Path
		out[f.Path] = f.Data
	}
	return out
}

// TestGolden keeps the tiny game's site: the list of its files, and the
// HTML of a gallery, a card and a rulebook. -update rewrites it.
func TestGolden(t *testing.T) {
	files, d, err := site.Build([]*model.Game{tiny(t)}, site.Options{})
	if len(d) > 0 {
		t.Fatalf("diagnostics:\n%s", d)
	}
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# The files of the tiny game's site, then some of its pages.\n")
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".png") {
			cfg, err := png.DecodeConfig(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			fmt.Fprintf(&b, "%s  png %d×%d\n", f.Path, cfg.Width, cfg.Height)
			continue
		}
		if strings.HasSuffix(f.Path, ".pdf") {
			if !bytes.HasPrefix(f.Data, []byte("%PDF-")) {
				t.Errorf("%s is no PDF", f.Path)
			}
			fmt.Fprintf(&b, "%s  pdf\n", f.Path)
			continue
		}
		fmt.Fprintf(&b, "%s  %d lines\n", f.Path, bytes.Count(f.Data, []byte("\n")))
	}
	show := []string{"tiny/index.html", "tiny/en/index.html", "tiny/fr/cards/eclipse.html", "tiny/en/rules.html", "tiny/en/search.html", "tiny/fr/search-index.js"}
	for _, f := range files {
		for _, p := range show {
			if f.Path == p {
				fmt.Fprintf(&b, "-- %s --\n%s", p, f.Data)
			}
		}
	}
	golden := filepath.Join("testdata", "tiny.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("the tiny game's site differs from %s (go test -update rewrites it):\n%s", golden, diffLines(string(want), b.String()))
	}
}

// diffLines shows the first lines that differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, a, b)
		}
	}
	return ""
}

// TestSameBytes builds the site twice: the same files, byte for byte.
func TestSameBytes(t *testing.T) {
	g := tiny(t)
	a, b := build(t, g), build(t, g)
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for p, data := range a {
		if !bytes.Equal(data, b[p]) {
			t.Errorf("%s differs between two builds", p)
		}
	}
}

// TestEscaping names a card, a type and a rule with markup: every page
// shows it as text, and no page holds the tag, nor a search index a <.
func TestEscaping(t *testing.T) {
	const evil = `<img src=x onerror=alert(1)>`
	tests := []struct {
		name string
		edit [3]string
	}{
		{"card", [3]string{"locales/tiny/en.toml", `one = "Sunburst"`, `one = "` + evil + `"`}},
		{"type", [3]string{"locales/tiny/en.toml", `one = "spell"`, `one = "` + evil + `"`}},
		{"rules", [3]string{"locales/tiny/en.toml", `title = "Playing"`, `title = "` + evil + `"`}},
		{"game", [3]string{"locales/tiny/en.toml", `name = "Tiny"`, `name = "` + evil + `"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := build(t, tiny(t, tt.edit))
			shown := false
			for p, data := range files {
				if strings.HasSuffix(p, "/search-index.js") && bytes.ContainsRune(data, '<') {
					t.Errorf("%s holds a <", p)
				}
				if !strings.HasSuffix(p, ".html") {
					continue
				}
				if bytes.Contains(data, []byte("<img src=x")) {
					t.Errorf("%s holds the raw tag", p)
				}
				if bytes.Contains(data, []byte("&lt;img src=x onerror=alert(1)&gt;")) {
					shown = true
				}
			}
			if !shown {
				t.Error("no page shows the name as text")
			}
		})
	}
}

// links are the targets of a page's href and src attributes, and of its
// stylesheet's url().
var links = regexp.MustCompile(`(?:href|src)="([^"]*)"|url\(([^)]*)\)`)

// TestLinks follows every link of every page of the tiny game's site and
// of the shipped games': each is relative and names a file of the site
// (and, after #, an id of its page); no page fetches anything from
// elsewhere. Every page says its language, every image has alt text.
func TestLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every shipped card")
	}
	shipped, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	sites := map[string][]*model.Game{"tiny": {tiny(t)}, "shipped": shipped.Games}
	for name, games := range sites {
		t.Run(name, func(t *testing.T) {
			checkLinks(t, build(t, games...))
		})
	}
}

func checkLinks(t *testing.T, files map[string][]byte) {
	t.Helper()
	ids := map[string]map[string]bool{}
	idAttr := regexp.MustCompile(` id="([^"]*)"`)
	for p, data := range files {
		if strings.HasSuffix(p, ".html") {
			ids[p] = map[string]bool{}
			for _, m := range idAttr.FindAllSubmatch(data, -1) {
				ids[p][string(m[1])] = true
			}
		}
	}
	for p, data := range files {
		if !strings.HasSuffix(p, ".html") && !strings.HasSuffix(p, ".css") {
			continue
		}
		// A link a reader follows may lead elsewhere (the documentation
		// of a check); nothing the page loads may.
		away := map[string]bool{}
		for _, m := range regexp.MustCompile(`<a [^>]*href="(https://[^"]*)"`).FindAllSubmatch(data, -1) {
			away[string(m[1])] = true
		}
		rest := regexp.MustCompile(`<a [^>]*href="https://[^"]*"`).ReplaceAll(data, nil)
		if bytes.Contains(rest, []byte("http://")) || bytes.Contains(rest, []byte("https://")) {
			t.Errorf("%s names a remote resource", p)
		}
		if strings.HasSuffix(p, ".html") {
			if !regexp.MustCompile(`<html lang="[a-z]`).Match(data) {
				t.Errorf("%s: a page without its language", p)
			}
			for _, img := range regexp.MustCompile(`<img [^>]*>`).FindAll(data, -1) {
				if !regexp.MustCompile(` alt="[^"]+"`).Match(img) {
					t.Errorf("%s: an image without alt text: %s", p, img)
				}
			}
		}
		for _, m := range links.FindAllSubmatch(data, -1) {
			target := string(m[1]) + string(m[2])
			if away[target] {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			if strings.Contains(file, ":") || strings.HasPrefix(file, "/") {
				t.Errorf("%s: link %q is not relative", p, target)
				continue
			}
			to := p
			if file != "" {
				to = path.Join(path.Dir(p), file)
			}
			if _, ok := files[to]; !ok {
				t.Errorf("%s: link %q names no file of the site", p, target)
				continue
			}
			if frag != "" && !ids[to][frag] {
				t.Errorf("%s: link %q names no id of %s", p, target, to)
			}
		}
	}
}

// TestWithoutDeck builds the site of a game with no [[face]]: its
// gallery lists every card by name, without images.
func TestWithoutDeck(t *testing.T) {
	g := tiny(t)
	g.Deck = nil
	files := build(t, g)
	gallery := string(files["tiny/en/index.html"])
	if strings.Contains(gallery, "<img") {
		t.Error("the gallery of a game without a deck shows an image")
	}
	for _, name := range []string{"Sunburst", "Eclipse", "Comet"} {
		if !strings.Contains(gallery, ">"+name+"<") {
			t.Errorf("the gallery does not list %s", name)
		}
	}
	for p := range files {
		if strings.HasSuffix(p, ".png") {
			t.Errorf("%s: a face without a deck", p)
		}
	}
}

// BenchmarkSite builds the site of every shipped game.
func BenchmarkSite(b *testing.B) {
	shipped, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		b.Fatal(d)
	}
	buildSite(b, shipped.Games)
}

// buildSite builds the site of games in a loop, and reports the CPU time
// a build costs the process (cpu-s/op), the garbage collector's included.
func buildSite(b *testing.B, games []*model.Game) {
	b.ReportAllocs()
	start := cpuTime(b)
	for b.Loop() {
		if _, _, err := site.Build(games, site.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	if used := cpuTime(b) - start; used > 0 {
		b.ReportMetric(used.Seconds()/float64(b.N), "cpu-s/op")
	}
}

// siteGames are the games whose site must build in under 2 s: the
// shipped games but Hearts.
var siteGames = []string{"warlock", "warriors", "bellum_magica"}

// BenchmarkShippedSite builds the site of Warlock, Warriors and Bellum
// Magica, downloads included (all), and draws their faces alone (faces),
// in every language, as the site draws them.
func BenchmarkShippedSite(b *testing.B) {
	loaded, d := compiler.Load(grimoire.Games(), compiler.Options{Games: siteGames})
	if d.HasErrors() {
		b.Fatal(d)
	}
	if len(loaded.Games) != len(siteGames) {
		b.Fatalf("loaded %d games; want %v", len(loaded.Games), siteGames)
	}
	b.Run("all", func(b *testing.B) { buildSite(b, loaded.Games) })
	// One after another, the fonts and texts shared as the site shares them.
	b.Run("faces", func(b *testing.B) {
		fonts, err := pdf.ParseFonts()
		if err != nil {
			b.Fatal(err)
		}
		texts := l10n.NewCache()
		b.ReportAllocs()
		for b.Loop() {
			for _, g := range loaded.Games {
				for _, lang := range g.Languages {
					if _, _, err := printout.Faces(g, printout.FaceOptions{Lang: lang, PxPerMM: site.FacePxPerMM, Fonts: fonts, Texts: texts}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	})
}

// TestLegend shows the legend of the mark beside a reconstructed value:
// the game's own, or the site's when the game has none.
func TestLegend(t *testing.T) {
	const file, legend = "locales/tiny/en.toml", "other = \"reconstructed: not printed in the rulebook\""
	tests := []struct {
		name string
		edit [3]string
		want string
	}{
		{"game's", [3]string{file, legend, `other = "guessed by the designers"`}, "†\u00a0guessed by the designers"},
		{"site's", [3]string{file, "[game.reconstructed]\n" + legend, ""}, "†\u00a0reconstructed: not printed in the rulebook"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := build(t, tiny(t, tt.edit))
			page := string(files["tiny/en/cards/eclipse.html"])
			if !strings.Contains(page, `<p class="legend">`+tt.want+`</p>`) {
				t.Errorf("the eclipse's page has no legend %q", tt.want)
			}
			if strings.Contains(string(files["tiny/en/cards/sunburst.html"]), `class="legend"`) {
				t.Error("the sunburst's page, without a mark, has a legend")
			}
		})
	}
}

// TestContrast holds the stylesheet to WCAG AA: every ink it sets reads
// at 4.5 to 1 or better on every ground it sets.
func TestContrast(t *testing.T) {
	css := string(build(t, tiny(t))["assets/site.css"])
	vars := map[string]colour.RGB{}
	for _, m := range regexp.MustCompile(`--([a-z]+): (#[0-9a-f]{6});`).FindAllStringSubmatch(css, -1) {
		c, err := colour.Parse(m[2])
		if err != nil {
			t.Fatal(err)
		}
		vars[m[1]] = c
	}
	// A colour the stylesheet paints a background with is a ground; one
	// it writes or outlines with, an ink. Every ink may stand on every
	// ground.
	var grounds, inks []string
	for _, m := range regexp.MustCompile(`(background|color|outline)(?:-color)?: [^;]*var\(--([a-z]+)\)`).FindAllStringSubmatch(css, -1) {
		if m[1] == "background" {
			grounds = append(grounds, m[2])
		} else {
			inks = append(inks, m[2])
		}
	}
	slices.Sort(grounds)
	slices.Sort(inks)
	grounds, inks = slices.Compact(grounds), slices.Compact(inks)
	for _, name := range []string{"ground", "panel", "ink", "muted", "link", "focus"} {
		if _, ok := vars[name]; !ok || !slices.Contains(grounds, name) && !slices.Contains(inks, name) {
			t.Fatalf("the stylesheet sets or uses no --%s", name)
		}
	}
	for _, name := range append(grounds, inks...) {
		if _, ok := vars[name]; !ok {
			t.Fatalf("the stylesheet uses --%s and sets none", name)
		}
	}
	for _, g := range grounds {
		for _, i := range inks {
			if c := colour.Contrast(vars[i], vars[g]); c < 4.5 {
				t.Errorf("--%s on --%s: contrast %.2f to 1; want 4.5 or more", i, g, c)
			}
		}
	}
}

// TestFieldLabels names a field by the heading a table of the game's
// blocks gives it, in each language, and another by its id.
func TestFieldLabels(t *testing.T) {
	g := tiny(t,
		[3]string{"cards/tiny/print.toml", "", "[[block]]\nid = \"spells\"\ncards = \"spell\"\nfields = [\"power\"]\non = [\"rules:play\"]\n"},
		[3]string{"locales/tiny/en.toml", "", "\n[block.spells]\ntitle = \"Spells\"\npower = \"Strength\"\n"},
		[3]string{"locales/tiny/fr.toml", "", "\n[block.spells]\ntitle = \"Sorts\"\npower = \"Puissance\"\n"},
	)
	files := build(t, g)
	tests := []struct{ page, want string }{
		{"tiny/fr/cards/eclipse.html", `<th scope="row">Puissance</th>`},
		{"tiny/fr/cards/eclipse.html", `<dt>Strength</dt>`},
		{"tiny/fr/cards/eclipse.html", `<th scope="row">Suit</th>`},
		{"tiny/en/index.html", `<option value="power">Strength</option>`},
		{"tiny/fr/rules.html", `<th scope="col">Puissance</th>`},
	}
	for _, tt := range tests {
		if !strings.Contains(string(files[tt.page]), tt.want) {
			t.Errorf("%s lacks %s", tt.page, tt.want)
		}
	}
}

// TestTabletopSimulator gives the site its address: the downloads hold
// the deck's Tabletop Simulator object in each language, naming its
// images there, and the game's page links it; without an address, none.
func TestTabletopSimulator(t *testing.T) {
	g := tiny(t)
	for _, base := range []string{"", "https://example.org/games", "https://example.org/games/"} {
		files, d, err := site.Build([]*model.Game{g}, site.Options{BaseURL: base})
		if err != nil || len(d) > 0 {
			t.Fatalf("Build: %v\n%s", err, d)
		}
		byPath := map[string][]byte{}
		for _, f := range files {
			byPath[f.Path] = f.Data
		}
		object := byPath["tiny/downloads/tts/tiny-fr.json"]
		linked := strings.Contains(string(byPath["tiny/index.html"]), `href="downloads/tts/tiny-fr.json"`)
		if base == "" {
			if object != nil || linked {
				t.Errorf("without an address: an object, or a link to one")
			}
			continue
		}
		if !linked {
			t.Errorf("%s: the game's page does not link the object", base)
		}
		image := "https://example.org/games/tiny/downloads/tts/tiny-fr-spell-1.png"
		if !bytes.Contains(object, []byte(`"`+image+`"`)) {
			t.Errorf("%s: the object does not name %s", base, image)
		}
		if _, ok := byPath[strings.TrimPrefix(image, "https://example.org/games/")]; !ok {
			t.Errorf("%s: no image %s", base, image)
		}
		checkLinks(t, byPath)
	}
}

// TestFieldNames names a field by its message field.<type>.<field> where
// the data gives one, before any table's heading, on the gallery, the
// card pages and in the search index.
func TestFieldNames(t *testing.T) {
	g := tiny(t,
		[3]string{"cards/tiny/print.toml", "", "[[block]]\nid = \"spells\"\ncards = \"spell\"\nfields = [\"power\"]\non = [\"rules:play\"]\n"},
		[3]string{"locales/tiny/en.toml", "", "\n[block.spells]\ntitle = \"Spells\"\npower = \"Strength\"\n\n[field.spell]\nsuit = \"Sign\"\npower = \"Might\"\n"},
		[3]string{"locales/tiny/fr.toml", "", "\n[block.spells]\ntitle = \"Sorts\"\npower = \"Puissance\"\n\n[field.spell]\nsuit = \"Signe\"\npower = \"Force\"\n"},
	)
	files := build(t, g)
	tests := []struct{ page, want string }{
		{"tiny/fr/index.html", `<label>Signe <select data-filter="suit">`},
		{"tiny/fr/index.html", `<option value="power">Force</option>`},
		{"tiny/fr/cards/eclipse.html", `<th scope="row">Signe</th>`},
		{"tiny/fr/cards/eclipse.html", `<th scope="row">Force</th>`},
		{"tiny/fr/cards/eclipse.html", `<dt>Sign</dt>`},
		{"tiny/en/cards/eclipse.html", `<th scope="row">Might</th>`},
		{"tiny/fr/search-index.js", `"suit":{"kind":"enum","labels":["Signe"]}`},
		{"tiny/fr/rules.html", `<th scope="col">Puissance</th>`}, // a table keeps its heading
	}
	for _, tt := range tests {
		if !strings.Contains(string(files[tt.page]), tt.want) {
			t.Errorf("%s lacks %s", tt.page, tt.want)
		}
	}
}
