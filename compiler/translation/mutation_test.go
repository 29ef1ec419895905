package translation_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/mutation"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

var mutationSeed = flag.Uint64("mutation.seed", 1, "seed of the edits TestMutation makes in the shipped translations")

// floors are the floors per kind of edit, checked for every cell of ten
// edits or more: what the checks reach in their weakest cell on seeds 10
// to 13 (30 to 32, 50 to 52, 70 to 74 and 200 to 202 for a dropped
// clause), less a margin, and no more than seeds 20, 21, 40, 41, 60, 61,
// 80, 81, 301, 302, 401, 402, 503, 504, 602 and 603, which were not
// looked at, give. A clause dropped from a sentence is the hardest: only
// its length and its words tell it. A clause of three content words or
// more is found 92% to 94% of the time on seeds 1 and 2, 75% in its
// weakest cell (French Warlock, whose misses are in its free texts, the
// prologue and the designer's note); a shorter one ("en cas d’égalité",
// "une à une") 63% to 65%, 30% at worst (German Warlock). A negation in a
// free translation (a story) is judged only where the other translation
// keeps the source's, and some of a cell's edits fall there; there, too,
// a dropped clause is found off its line more often (French Warlock, 82%
// at the line on seed 70).
func floors() map[mutation.Kind]mutation.Floor {
	return map[mutation.Kind]mutation.Floor{
		mutation.Digit:           {Recall: 0.95, AtLine: 0.95},
		mutation.NumberWord:      {Recall: 0.90, AtLine: 0.95},
		mutation.Placeholder:     {Recall: 0.95, AtLine: 0.95},
		mutation.TermSwap:        {Recall: 0.85, AtLine: 0.95},
		mutation.Negation:        {Recall: 0.80, AtLine: 0.95},
		mutation.SentenceDrop:    {Recall: 0.80, AtLine: 0.85},
		mutation.ClauseDrop:      {Recall: 0.65, AtLine: 0.90},
		mutation.ShortClauseDrop: {Recall: 0.20, AtLine: 0.80},
		mutation.Facing:          {Recall: 0.85, AtLine: 0.95},
		mutation.Destination:     {Recall: 0.95, AtLine: 0.95},
		mutation.ProperName:      {Recall: 0.95, AtLine: 0.95},
		// A word of direction, time or bound turned into its opposite:
		// 60% to 70% in English Warriors on seeds 1 to 3, where "left"
		// often says what remains, not a side; every other cell of ten
		// edits or more 85% or more.
		mutation.Contrast: {Recall: 0.55, AtLine: 0.95},
		// Two numbers of a sentence swapped: 84% to 85% in all on seeds
		// 1 and 2, 60% in its weakest cell (German Warriors, whose
		// examples list dice rolls whose order says nothing), and 78% at
		// the line (Bellum Magica's contents, reported by G119 on the
		// message's first line).
		mutation.NumberSwap: {Recall: 0.50, AtLine: 0.70},
		// Closed-class words turned into another of their class, on
		// seeds 1 and 2: "may" into "must" 93% in all, 75% in its
		// weakest cell (German Warriors); a degree 87% to 89%, 73%
		// (French Hearts); the same into another 93%. "Each" into "one"
		// is found in English (85% to 100%), where "one" says one and
		// nothing else; in French and German, see langFloors.
		mutation.Modality: {Recall: 0.65, AtLine: 0.95},
		mutation.Quantity: {Recall: 0.75, AtLine: 0.95},
		mutation.Degree:   {Recall: 0.60, AtLine: 0.95},
		mutation.Identity: {Recall: 0.80, AtLine: 0.95},
		// An open-class word put for another that the game's texts
		// tie to another source word: 5% on seed 1, every one at its
		// line. The lexicon of a game's few hundred sentence pairs
		// tells few of them from a translator's own wording at no
		// false alarm (G132).
		mutation.OpenWord: {Recall: 0, AtLine: 0.95},
		// Runs of words dropped or swapped, which name no kind of
		// mistake: 26% and 10% reported on seed 1, every one at its line.
		// Some change nothing a rule says (an article dropped); most are
		// what the checks do not yet account for, word by word. A run
		// repeated is a doubled run (G116): 93% on seed 1, 80% in its
		// weakest cell (German Warriors).
		mutation.SpanDrop:   {Recall: 0, AtLine: 0.90},
		mutation.SpanRepeat: {Recall: 0.70, AtLine: 0.90},
		mutation.SpanSwap:   {Recall: 0, AtLine: 0.90},
		// A number moved to another place of its sentence (G131): 42% on
		// seed 1, 35% to 43% on seeds 901 to 904, 20% in the weakest
		// cells (English Bellum Magica, German Warlock) and 75% at the
		// line (German Warlock, where the words a number stands by lie
		// on the next line). What a number stands by is known only where
		// the game's lexicon knows the words, and where the other
		// translation stands its number elsewhere too.
		mutation.NumberMove: {Recall: 0.15, AtLine: 0.70},
	}
}

// langFloors are the floors of a kind in one language where the checks
// do not reach the kind's floor, and why. "Chaque" turned into "un", or
// "jeder" into "ein", leaves an article, which says "a" as often as one:
// it is found where the game's lexicon ties the noun it goes with to the
// noun after the source's "each", or "each of" turns into "one of", and
// the other translation keeps its each (70% to 75% in French Warlock,
// 50% to 70% in German on seeds 1 and 2). The misses are "each" standing
// alone ("jeder behält" into "ein behält") and nouns the lexicon does
// not know.
func langFloors() map[mutation.Kind]map[string]mutation.Floor {
	return map[mutation.Kind]map[string]mutation.Floor{
		mutation.Quantity: {"fr": {Recall: 0.60, AtLine: 0.95}, "de": {Recall: 0.35, AtLine: 0.95}},
	}
}

// floorOf is the floor of a cell.
func floorOf(c *mutation.Cell) mutation.Floor {
	if f, ok := langFloors()[c.Kind][c.Lang]; ok {
		return f
	}
	return floors()[c.Kind]
}

// diagKey identifies a diagnostic across runs: not by its line, which an
// edit above it moves.
type diagKey struct {
	file, message string
	code          diag.Code
}

func keyOf(d diag.Diagnostic) diagKey { return diagKey{d.Pos.File, d.Message, d.Code} }

// relatedPositions returns the other places a diagnostic points at (the
// source text a translation is checked against).
func relatedPositions(d diag.Diagnostic) []diag.Pos {
	out := make([]diag.Pos, len(d.Related))
	for i, r := range d.Related {
		out[i] = r.Pos
	}
	return out
}

// cleanGame is a shipped game as the benchmark edits it.
type cleanGame struct {
	id     string
	models map[string]*model.Game // by translated language
	langs  []string               // the translated languages
	clean  map[diagKey]int        // the diagnostics of the clean run
	alarms diag.List              // those in the game's locale files
	// heldOut marks the game written for the tests, which the checks were
	// not tuned to: its figures are reported, its floors not asserted.
	heldOut bool
}

// TestMutation measures the translation checker: it makes random single
// edits of the shipped translations, of every kind translators make by
// mistake, and counts those the checker reports on the edited message and
// on the edited lines. Run it with -v for the table and every miss, and
// with -mutation.seed for other edits.
func TestMutation(t *testing.T) {
	base := txtar.Tree(t, grimoire.Games())
	longtest.Skip(t)
	perCell := 20
	base, games := benchGames(t, base)
	var cells []*mutation.Cell
	t.Run("cells", func(t *testing.T) {
		for _, g := range games {
			for _, lang := range g.langs {
				for _, kind := range mutation.Kinds() {
					c := &mutation.Cell{Game: g.id, Lang: lang, Kind: kind}
					cells = append(cells, c)
					t.Run(g.id+"/"+lang+"/"+string(kind), func(t *testing.T) {
						t.Parallel()
						runCell(t, base, g, c, perCell)
					})
				}
			}
		}
	})
	logTable(t, cells, games)
}

// benchGames returns the shipped games' tree with the new game written for
// these tests laid beside them (held out: nothing was tuned to it), and
// every game of it as the benchmarks edit it.
func benchGames(t *testing.T, base fstest.MapFS) (fstest.MapFS, []*cleanGame) {
	t.Helper()
	maps.Copy(base, armada(t))
	heldOut := map[string]bool{"armada": true}
	dirs, err := fs.ReadDir(base, "cards")
	if err != nil {
		t.Fatal(err)
	}
	var games []*cleanGame
	for _, de := range dirs {
		if de.IsDir() {
			g := loadClean(t, base, de.Name())
			g.heldOut = heldOut[g.id]
			games = append(games, g)
		}
	}
	return base, games
}

// checked are the options `grimoire check` loads a game with: every check
// after loading.
func checked(id string) compiler.Options {
	return compiler.Options{Games: []string{id}, Checks: checks.All(nil)}
}

// loadClean loads a shipped game as it is. The edits need the game's model;
// Load keeps back a game with errors, and then each translation's model
// comes from a copy of the tree where the game has that language alone,
// which no translation check can fail.
func loadClean(t *testing.T, base fstest.MapFS, id string) *cleanGame {
	t.Helper()
	loaded, d := compiler.Load(base, checked(id))
	g := &cleanGame{id: id, models: map[string]*model.Game{}, clean: map[diagKey]int{}}
	for _, x := range d {
		g.clean[keyOf(x)]++
		if strings.HasPrefix(x.Pos.File, "locales/"+id+"/") {
			g.alarms = append(g.alarms, x)
		}
	}
	if m := loaded.Game(id); m != nil {
		g.langs = m.Languages[1:]
		for _, lang := range g.langs {
			g.models[lang] = m
		}
		return g
	}
	langs, err := declaredLanguages(base, id)
	if err != nil {
		t.Fatal(err)
	}
	g.langs = langs[1:]
	for _, lang := range g.langs {
		one, d := compiler.Load(alone(base, id, lang), checked(id))
		if m := one.Game(id); m != nil {
			g.models[lang] = m
			continue
		}
		t.Errorf("%s cannot be edited in %s: the game does not load even with that language alone:\n%s", id, lang, d)
	}
	return g
}

// languageLines match the lines of a game.toml that declare its languages.
func languageLines() (source, languages *regexp.Regexp) {
	return regexp.MustCompile(`(?m)^source_language\s*=.*$`), regexp.MustCompile(`(?m)^languages\s*=\s*\[([^\]]*)\].*$`)
}

// declaredLanguages reads a game's languages from its game.toml, source
// first, when Load does not return the game.
func declaredLanguages(base fstest.MapFS, id string) ([]string, error) {
	f := base["cards/"+id+"/game.toml"]
	if f == nil {
		return nil, fmt.Errorf("no cards/%s/game.toml", id)
	}
	sourceLine, languagesLine := languageLines()
	src := sourceLine.Find(f.Data)
	list := languagesLine.FindSubmatch(f.Data)
	if src == nil || list == nil {
		return nil, fmt.Errorf("cards/%s/game.toml: no source_language or languages line", id)
	}
	_, s, _ := strings.Cut(string(src), "=")
	langs := []string{strings.Trim(strings.TrimSpace(s), `"`)}
	for l := range strings.SplitSeq(string(list[1]), ",") {
		if l = strings.Trim(strings.TrimSpace(l), `"`); l != "" && l != langs[0] {
			langs = append(langs, l)
		}
	}
	return langs, nil
}

// alone returns a copy of the tree where game id has one language, lang,
// as its source.
func alone(base fstest.MapFS, id, lang string) fstest.MapFS {
	tree := maps.Clone(base)
	gf := "cards/" + id + "/game.toml"
	sourceLine, languagesLine := languageLines()
	data := sourceLine.ReplaceAll(base[gf].Data, fmt.Appendf(nil, "source_language = %q", lang))
	data = languagesLine.ReplaceAll(data, fmt.Appendf(nil, "languages = [%q]", lang))
	tree[gf] = &fstest.MapFile{Data: data}
	for p := range base {
		if strings.HasPrefix(p, "locales/"+id+"/") && p != "locales/"+id+"/"+lang+".toml" {
			delete(tree, p)
		}
	}
	return tree
}

// runCell makes the edits of one cell, loads the game with each and
// judges the diagnostics.
func runCell(t *testing.T, base fstest.MapFS, g *cleanGame, c *mutation.Cell, n int) {
	m := g.models[c.Lang]
	if m == nil {
		t.Skipf("no model of %s in %s", g.id, c.Lang)
	}
	edits, err := mutation.Game(m, base, c.Lang, c.Kind, n, *mutationSeed)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		tree := maps.Clone(base)
		tree[e.File] = &fstest.MapFile{Data: e.Apply(base[e.File].Data)}
		_, got := compiler.Load(tree, checked(g.id))
		reported, atLine := judge(got, g.clean, e)
		c.Made++
		if !reported {
			t.Logf("missed: %s %s %s %s: %s\n\tin: %s", c.Game, c.Lang, c.Kind, e.MessageID, e.Desc, lineOf(base[e.File].Data, e.Start))
			continue
		}
		c.Reported++
		if atLine {
			c.AtLine++
		} else {
			t.Logf("reported, not at line %s: %s %s %s %s: %s%s", e.Lines, c.Game, c.Lang, c.Kind, e.MessageID, e.Desc, fresh(got, g.clean, e))
		}
	}
	if g.heldOut {
		return // measured and reported, never tuned to: no floor
	}
	for _, msg := range c.Short(floorOf(c), 10) {
		t.Error(msg)
	}
}

// lineOf returns the line of data holding byte off, for the log of a
// miss.
func lineOf(data []byte, off int) string {
	lo := bytes.LastIndexByte(data[:off], '\n') + 1
	hi := bytes.IndexByte(data[off:], '\n')
	if hi < 0 {
		hi = len(data) - off
	}
	return strings.TrimSpace(string(data[lo : off+hi]))
}

// fresh lists the positions and codes of the diagnostics of the edited
// file the clean run does not have, for the log of a finding off its line.
func fresh(got diag.List, clean map[diagKey]int, e mutation.Edit) string {
	var b strings.Builder
	for _, d := range got {
		if d.Pos.File == e.File && clean[keyOf(d)] == 0 {
			fmt.Fprintf(&b, "\n\t\t%d:%d %s", d.Pos.Line, d.Pos.Col, d.Code)
		}
	}
	return b.String()
}

// judge says whether an edit is reported: a diagnostic the clean run does
// not have lies in the edited message, or points there; and whether one
// lies on the edited lines.
func judge(got diag.List, clean map[diagKey]int, e mutation.Edit) (reported, atLine bool) {
	seen := map[diagKey]int{}
	for _, d := range got {
		seen[keyOf(d)]++
	}
	for _, d := range got {
		// A diagnostic the clean run has as often is not new, wherever the
		// edit moved it.
		if seen[keyOf(d)] <= clean[keyOf(d)] {
			continue
		}
		for _, p := range append([]diag.Pos{d.Pos}, relatedPositions(d)...) {
			if p.File != e.File {
				continue
			}
			if e.MessageLines.Contains(p.Line) {
				reported = true
			}
			if e.Lines.Contains(p.Line) {
				atLine = true
			}
		}
	}
	return reported, atLine
}

// logTable logs the figures of every cell, the totals per kind and in all,
// and the false alarms of the clean translations.
func logTable(t *testing.T, cells []*mutation.Cell, games []*cleanGame) {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d\n", *mutationSeed)
	mutation.Table(&b, cells)
	b.WriteString("\nfalse alarms (diagnostics of the clean locales):\n")
	for _, g := range games {
		fmt.Fprintf(&b, "%-14s %d\n", g.id, len(g.alarms))
		for _, d := range g.alarms {
			fmt.Fprintf(&b, "    %s\n", d)
		}
	}
	t.Log("\n" + b.String())
	for _, g := range games {
		for _, d := range g.alarms {
			t.Errorf("false alarm in the clean %s: %s", g.id, d)
		}
	}
	if !slices.ContainsFunc(cells, func(c *mutation.Cell) bool { return c.Made > 0 }) {
		t.Error("no edit could be made")
	}
}

// TestCorrectVariations measures the checker's precision on texts nobody
// tuned it to: it says the shipped translations, and the new game's,
// another correct way (a number written the other way, two sentences
// joined, one split), and every finding on the edited message is a false
// alarm. Run it with -v for the table, and with -mutation.seed for other
// variations.
func TestCorrectVariations(t *testing.T) {
	base := txtar.Tree(t, grimoire.Games())
	longtest.Skip(t)
	base, games := benchGames(t, base)
	var cells []*mutation.Cell
	t.Run("cells", func(t *testing.T) {
		for _, g := range games {
			for _, lang := range g.langs {
				for _, kind := range mutation.Variations() {
					c := &mutation.Cell{Game: g.id, Lang: lang, Kind: kind}
					cells = append(cells, c)
					t.Run(g.id+"/"+lang+"/"+string(kind), func(t *testing.T) {
						t.Parallel()
						edits, err := mutation.Game(g.models[lang], base, lang, kind, 20, *mutationSeed)
						if err != nil {
							t.Fatal(err)
						}
						for _, e := range edits {
							tree := maps.Clone(base)
							tree[e.File] = &fstest.MapFile{Data: e.Apply(base[e.File].Data)}
							_, got := compiler.Load(tree, checked(g.id))
							c.Made++
							if reported, _ := judge(got, g.clean, e); reported {
								c.Reported++
								t.Errorf("false alarm: %s %s %s %s: %s%s", g.id, lang, kind, e.MessageID, e.Desc, fresh(got, g.clean, e))
							}
						}
					})
				}
			}
		}
	})
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d (reported: false alarms)\n", *mutationSeed)
	mutation.Table(&b, cells)
	t.Log("\n" + b.String())
}
