package cli

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/catalog"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// A translation workflow writes locale files, so it needs a tree on disk.
type localeArgs struct {
	root, game, lang *string
}

func localeFlags(fs *flag.FlagSet) localeArgs {
	return localeArgs{
		root: fs.String("root", "", "games tree holding the locale file to write (required)"),
		game: gameFlag(fs, "the game (required)"),
		lang: fs.String("lang", "", "the translation's language (required)"),
	}
}

// open checks the arguments and loads the game; the translation must not
// be the source locale. With replace (import, which brings a whole new
// file), a translation whose own file has errors does not stop it: the
// game is read without that file, which the command is about to replace.
func (a localeArgs) open(e *env, name string, replace bool) (tree, *model.Game, int, bool) {
	if *a.root == "" || *a.game == "" || *a.lang == "" {
		fmt.Fprintf(e.stderr, "grimoire %s: --root, --game and --lang are required\n", name)
		return tree{}, nil, ExitUsage, false
	}
	t, err := openTree(*a.root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", name, err)
		return tree{}, nil, ExitUsage, false
	}
	if !knownGame(e, name, t, *a.game) {
		return tree{}, nil, ExitUsage, false
	}
	// Warnings (a stale translation) are what the command is for: only
	// errors stop it, and the check after writing shows what is left.
	opts := e.loadOptions(t, *a.game)
	games, d := compiler.Load(t.fsys, opts)
	rel := path.Join("locales", *a.game, *a.lang+".toml")
	if d.HasErrors() && replace && hasErrorIn(d, t.prefix+rel) {
		fmt.Fprintf(e.stderr, "grimoire %s: %s%s has %s; reading the game without it, to replace it\n", name, t.prefix, rel, plural(errorsIn(d, t.prefix+rel), "error"))
		// The game is read, not checked: the other translations are
		// compared with this one too, and what they lack without it is
		// no error of theirs. The check after writing judges the game
		// with the new file, whole.
		opts.Without = []string{rel}
		opts.Checks = nil
		games, d = compiler.Load(t.fsys, opts)
	}
	if d.HasErrors() {
		printDiags(e.stderr, d)
		return t, nil, ExitFail, false
	}
	g := games.Game(*a.game)
	if g == nil {
		fmt.Fprintf(e.stderr, "grimoire %s: no game %q\n", name, *a.game)
		return t, nil, ExitUsage, false
	}
	if *a.lang == g.SourceLang || !slices.Contains(g.Languages, *a.lang) {
		fmt.Fprintf(e.stderr, "grimoire %s: %q is not a translation of game %s (its translations: %s)\n", name, *a.lang, g.ID, strings.Join(g.Languages[1:], ", "))
		return t, nil, ExitUsage, false
	}
	return t, g, 0, true
}

func runImport(e *env, args []string) int {
	fs := flags(e, "import")
	a := localeFlags(fs)
	code, file, ok := parseFile(e, fs, args)
	if !ok {
		return code
	}
	read := catalog.ReadXLIFF
	switch strings.ToLower(filepath.Ext(file)) {
	case ".xlf", ".xliff":
	case ".po":
		read = catalog.ReadPO
	default:
		fmt.Fprintf(e.stderr, "grimoire import: %s: want an .xlf, .xliff or .po file\n", file)
		return ExitUsage
	}
	t, g, code, ok := a.open(e, "import", true)
	if !ok {
		return code
	}
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire import: %v\n", err)
		return ExitFail
	}
	defer f.Close()
	msgs, err := read(f, g, *a.lang)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire import: %s: %v\n", file, err)
		return ExitFail
	}
	return writeLocale(e, "import", t, g, *a.lang, msgs)
}

func runStamp(e *env, args []string) int {
	fs := flags(e, "stamp")
	a := localeFlags(fs)
	ids := fs.String("id", "", "stamp only these message ids, separated by commas (default: every message)")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	t, g, code, ok := a.open(e, "stamp", false)
	if !ok {
		return code
	}
	msgs := catalog.Stamp(g, *a.lang)
	if *ids != "" {
		only := strings.Split(*ids, ",")
		loc := g.Locale(*a.lang)
		for _, id := range only {
			if loc.Message(id) == nil {
				fmt.Fprintf(e.stderr, "grimoire stamp: %s has no message %q\n", *a.lang, id)
				return ExitUsage
			}
		}
		for _, m := range msgs {
			if old := loc.Message(m.ID); old != nil && !slices.Contains(only, m.ID) {
				m.Hash, m.Previous = old.Hash, old.Previous
			}
		}
	}
	return writeLocale(e, "stamp", t, g, *a.lang, msgs)
}

// writeLocale writes a translation's locale file in canonical form, then
// checks the game again so the user sees what is left to do.
func writeLocale(e *env, name string, t tree, g *model.Game, lang string, msgs []*model.Message) int {
	var buf bytes.Buffer
	if err := catalog.WriteLocale(&buf, lang, msgs); err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", name, err)
		return ExitFail
	}
	rel := path.Join("locales", g.ID, lang+".toml")
	// The game as it would be with the file written must pass the whole
	// check: a broken translation is refused before it lands.
	_, d := compiler.Load(newOverlay(t.fsys, rel, buf.Bytes()), e.loadOptions(t, g.ID))
	printDiags(e.stderr, d)
	if d.HasErrors() {
		fmt.Fprintf(e.stderr, "grimoire %s: %s%s not written: the translation has errors\n", name, t.prefix, rel)
		return ExitFail
	}
	p := filepath.Join(t.root, filepath.FromSlash(rel))
	if err := writeFile(p, buf.Bytes()); err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", name, err)
		return ExitFail
	}
	fmt.Fprintf(e.stdout, "wrote %s%s (%d messages)\n", t.prefix, rel, len(msgs))
	return writePrevious(e, name, t, g, lang, msgs)
}

// writePrevious writes the source texts a translation was made from
// beside its locale file, in previous/<lang>.toml, for the exports to
// show what changed once the source changes.
func writePrevious(e *env, name string, t tree, g *model.Game, lang string, msgs []*model.Message) int {
	var buf bytes.Buffer
	n, err := catalog.WritePrevious(&buf, lang, msgs)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", name, err)
		return ExitFail
	}
	rel := path.Join("locales", g.ID, "previous", lang+".toml")
	p := filepath.Join(t.root, filepath.FromSlash(rel))
	if _, err := os.Stat(p); n == 0 && err != nil {
		return ExitOK // nothing to record, and no record to update
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", name, err)
		return ExitFail
	}
	if err := writeFile(p, buf.Bytes()); err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", name, err)
		return ExitFail
	}
	fmt.Fprintf(e.stdout, "wrote %s%s (%d source texts)\n", t.prefix, rel, n)
	return ExitOK
}

// errorsIn counts the errors of d in a file.
func errorsIn(d diag.List, file string) int {
	n := 0
	for _, x := range d {
		if x.Severity == diag.Error && x.Pos.File == file {
			n++
		}
	}
	return n
}

func hasErrorIn(d diag.List, file string) bool { return errorsIn(d, file) > 0 }
