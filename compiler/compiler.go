// Package compiler loads a games tree (game data under cards/<game>/ and
// go-i18n message files under locales/<game>/), validates it strictly and
// returns one typed model (package model). Every problem found is
// collected as a positioned diagnostic; a game with errors yields no
// model. It checks the data and each locale on its own; the checks that
// read further (translations against their source, texts against the
// printouts) run after loading, as its caller passes them (package
// checks), and the back ends (gogen, export, printout) take the model.
package compiler

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// Options tune loading.
type Options struct {
	// Prefix is put before every file path in diagnostics, so that paths
	// read as the user gave the tree (for example "mygames/").
	Prefix string
	// Games, when not empty, loads only these games.
	Games []string
	// Without names locale files (locales/<game>/<lang>.toml) to leave
	// unread: the game loads as if it had no translation in that language
	// yet, with no error for the missing file. A command about to replace
	// a broken translation reads the game this way.
	Without []string
	// Drafts lets a translation lack messages of its source locale: each
	// is a warning (G101) instead of an error, and the game loads with
	// the translation incomplete. Only a back end that knows what to do
	// with one (the site, which reviews it and publishes it not) may ask
	// for this; model.Locale.Complete tells them apart.
	Drafts bool
	// Loaded, when set, is called with each game as soon as it has loaded
	// without errors, while other games may still be loading: a caller
	// can start on its outputs. Games load concurrently, so Loaded must be
	// safe to call from several goroutines at once; the game must not be
	// changed.
	Loaded func(*model.Game)
	// Checks run on each game once it has loaded, before Loaded is
	// called: the translations' checks and the printouts' fit, which
	// `grimoire check` and `build` run (package checks). A game to be
	// played needs none of them.
	Checks []Check
}

// A Check looks at a game once it has loaded. It runs whether or not
// loading found errors, so that one run reports every mistake, on the game
// as far as it loaded; st says what did not load, of which a check says
// nothing (what it would find there only repeats the error that lost it).
// Games load concurrently: a check must be safe to run on several games
// at once.
type Check func(g *model.Game, st Status) diag.List

// Status says how a game loaded.
type Status interface {
	// Errors reports whether loading found errors in the game.
	Errors() bool
	// CopiesLost reports whether a card's copies did not load.
	CopiesLost(card string) bool
	// CountLost reports whether a component's count did not load.
	CountLost(component string) bool
	// Broken reports whether a locale file has errors of its own: a check
	// looks no further into it.
	Broken(lang string) bool
}

// status is a game's Status, from what its loading recorded.
type status struct {
	d      *diag.List
	lost   *lost
	broken map[string]bool
}

func (s status) Errors() bool                    { return s.d.HasErrors() }
func (s status) CopiesLost(card string) bool     { return s.lost.is(lostCopies, card) }
func (s status) CountLost(component string) bool { return s.lost.is(lostCount, component) }
func (s status) Broken(lang string) bool         { return s.broken[lang] }

// Load reads and checks every game of the tree in fsys. It returns the
// games without errors (sorted by id) and every diagnostic, sorted.
func Load(fsys fs.FS, opts Options) (*model.Games, diag.List) {
	var d diag.List
	games := &model.Games{}
	ids, err := GameIDs(fsys)
	if err != nil {
		d.Errorf(diag.Pos{File: opts.Prefix + "cards"}, diag.BadTree, "a games tree needs a cards/ directory with one directory per game: %v", unwrapPath(err))
		return games, d.Sort()
	}
	var todo []string
	for _, id := range ids {
		if len(opts.Games) == 0 || slices.Contains(opts.Games, id) {
			todo = append(todo, id)
		}
	}
	// Games load at once, each into a slot of its own, and are gathered
	// in id order: the result is the same whatever order they finish in.
	loaded := make([]*model.Game, len(todo))
	diags := make([]diag.List, len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(todo))) {
		wg.Go(func() {
			for i := range next {
				if g := loadGame(fsys, todo[i], opts, &diags[i]); g != nil && !diags[i].HasErrors() {
					loaded[i] = g
					if opts.Loaded != nil {
						opts.Loaded(g)
					}
				}
			}
		})
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	for i := range todo {
		if loaded[i] != nil {
			games.Games = append(games.Games, loaded[i])
		}
		d = append(d, diags[i]...)
	}
	if len(opts.Games) > 0 {
		for _, id := range opts.Games {
			if games.Game(id) == nil && !slices.Contains(ids, id) {
				d.Errorf(diag.Pos{File: opts.Prefix + "cards/" + id}, diag.BadTree, "no game %q in this tree", id)
			}
		}
	}
	runeColumns(fsys, opts.Prefix, d)
	return games, d.Sort()
}

// RunChecks runs opts.Checks on games that loaded without errors, from the
// tree in fsys (for the columns of what they find), each game at once:
// for a caller that wants the games whatever the checks find, and loaded
// them without checks. The diagnostics are as Load would give them.
func RunChecks(fsys fs.FS, games []*model.Game, opts Options) diag.List {
	found := make([]diag.List, len(games))
	var wg sync.WaitGroup
	for i, g := range games {
		wg.Go(func() {
			st := status{d: &diag.List{}, broken: map[string]bool{}}
			for _, c := range opts.Checks {
				found[i] = append(found[i], c(g, st)...)
			}
		})
	}
	wg.Wait()
	var d diag.List
	for _, f := range found {
		d = append(d, f...)
	}
	runeColumns(fsys, opts.Prefix, d)
	return d.Sort()
}

// runeColumns turns the byte columns the loader and the checks find
// into character columns (Unicode code points), as the rulebook checker
// counts them and as SARIF declares them: "é" is one column, not two.
func runeColumns(fsys fs.FS, prefix string, d diag.List) {
	lines := map[string][]string{}
	fix := func(p *diag.Pos) {
		name, ok := strings.CutPrefix(p.File, prefix)
		if !ok || p.Line < 1 || p.Col <= 1 || !(strings.HasSuffix(name, ".toml") || strings.HasSuffix(name, ".star")) {
			return
		}
		ls, seen := lines[name]
		if !seen {
			if raw, err := readFile(fsys, name); err == nil {
				ls = strings.Split(string(raw), "\n")
			}
			lines[name] = ls
		}
		if p.Line > len(ls) {
			return
		}
		l := ls[p.Line-1]
		at := min(p.Col-1, len(l))
		p.Col = utf8.RuneCountInString(l[:at]) + (p.Col - 1 - at) + 1
	}
	for i := range d {
		fix(&d[i].Pos)
		for j := range d[i].Related {
			fix(&d[i].Related[j].Pos)
		}
	}
}

// GameIDs lists the games of a tree: the directories under cards/,
// sorted.
func GameIDs(fsys fs.FS) ([]string, error) {
	dirs, err := fs.ReadDir(fsys, "cards")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, de := range dirs {
		if de.IsDir() {
			ids = append(ids, de.Name())
		}
	}
	return ids, nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// filesOf returns the files of a directory whose names end in ext,
// sorted; none where the directory cannot be read.
func filesOf(fsys fs.FS, dir, ext string) []string {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ext) {
			out = append(out, path.Join(dir, e.Name()))
		}
	}
	slices.Sort(out)
	return out
}

func loadGame(fsys fs.FS, id string, opts Options, d *diag.List) *model.Game {
	dir := "cards/" + id
	files := filesOf(fsys, dir, ".toml")
	if len(files) == 0 {
		d.Errorf(diag.Pos{File: opts.Prefix + dir}, diag.BadTree, "game directory %s has no .toml files", dir)
		return nil
	}
	h := sha256.New()
	var srcs []*source
	for _, f := range files {
		if s := readSource(fsys, f, opts.Prefix, h, d); s != nil {
			srcs = append(srcs, s)
		}
	}
	// A data file that does not parse leaves the others to check: what
	// they name may have stood in it, so nothing is reported missing.
	partial := len(srcs) < len(files)
	g, lost, meta := gameData(opts.Prefix+dir, srcs, partial, d)
	g.Rules = rulesFiles(fsys, dir, opts.Prefix, h, d)
	checkPalette(g, srcs, d)
	deckImages(fsys, dir, g, h, d)
	if validID(g.ID) && g.ID != id {
		d.Errorf(g.Pos, diag.BadTree, "game id %q must match its directory name %q", g.ID, id)
	} else if !validID(g.ID) {
		g.ID = id // for messages: the game comes out of no load with errors
	}
	// Locale files are read whatever the data's errors: their own errors
	// do not depend on it.
	locDir := "locales/" + id
	locs := map[string]*localeFile{}
	unparsed := map[string]bool{} // languages whose file does not parse
	locFiles := filesOf(fsys, locDir, ".toml")
	for _, f := range locFiles {
		lang := strings.TrimSuffix(path.Base(f), ".toml")
		if slices.Contains(opts.Without, f) {
			unparsed[lang] = true // no G011: the file is there
			continue
		}
		raw, ok := readHashed(fsys, f, opts.Prefix, h, d)
		if !ok {
			unparsed[lang] = true
			continue
		}
		s := decode(opts.Prefix+f, raw, d)
		if s == nil {
			unparsed[lang] = true
			continue
		}
		before := len(*d)
		lf := &localeFile{src: s, msgs: localeMessages(s, raw, d)}
		lf.broken = len(*d) > before
		locs[lang] = lf
	}
	// The source texts the translations were made from, as stamp and
	// import record them: go-i18n files of their own, since go-i18n
	// allows no other key beside a message's.
	for _, f := range filesOf(fsys, locDir+"/previous", ".toml") {
		lf := locs[strings.TrimSuffix(path.Base(f), ".toml")]
		if lf == nil || slices.Contains(opts.Without, f) {
			continue
		}
		raw, ok := readHashed(fsys, f, opts.Prefix, h, d)
		if !ok {
			continue
		}
		s := decode(opts.Prefix+f, raw, d)
		if s == nil {
			continue
		}
		byID := make(map[string]*model.Message, len(lf.msgs))
		for _, m := range lf.msgs {
			byID[m.ID] = m
		}
		for _, p := range localeMessages(s, raw, d) {
			if m := byID[p.ID]; m != nil {
				m.Previous = &model.SourceText{Description: p.FileDescription, Forms: p.Forms}
			}
		}
	}
	if !meta {
		return nil // without the game's languages, locales are only read
	}
	declPos := g.Pos
	for _, s := range srcs {
		if p, ok := s.idx.Value("game.languages"); ok {
			declPos = diag.Pos{File: s.name, Line: p.Line, Col: p.Col}
		}
	}
	checkLocales(g, locs, unparsed, lost, declPos, opts.Drafts, d)
	g.SourceHash = hex.EncodeToString(h.Sum(nil))
	st := status{d: d, lost: lost, broken: map[string]bool{}}
	for lang, lf := range locs {
		st.broken[lang] = lf.broken
	}
	for _, c := range opts.Checks {
		*d = append(*d, c(g, st)...)
	}
	return g
}

type hasher interface{ Write([]byte) (int, error) }

func readSource(fsys fs.FS, f, prefix string, h hasher, d *diag.List) *source {
	raw, ok := readHashed(fsys, f, prefix, h, d)
	if !ok {
		return nil
	}
	return decode(prefix+f, raw, d)
}

// readHashed reads one file of a game, counting its path and bytes in the
// game's source hash h, or reports that it cannot be read.
func readHashed(fsys fs.FS, f, prefix string, h hasher, d *diag.List) ([]byte, bool) {
	raw, err := readFile(fsys, f)
	if err != nil {
		d.Errorf(diag.Pos{File: prefix + f}, diag.BadTree, "cannot read: %v", unwrapPath(err))
		return nil, false
	}
	h.Write([]byte(f + "\x00"))
	h.Write(raw)
	return raw, true
}

// decode parses one TOML file, reporting a syntax error at its position.
// Input nested or keyed past tomlpos's limits is refused unparsed: the
// parser's cost grows with the square of either.
func decode(name string, raw []byte, d *diag.List) *source {
	if e := tomlpos.DefaultLimits().Check(raw); e != nil {
		d.Errorf(diag.Pos{File: name, Line: e.Pos.Line, Col: e.Pos.Col}, diag.InputLimit, "%s", e.Msg)
		return nil
	}
	var data map[string]any
	if _, err := toml.Decode(string(raw), &data); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			d.Errorf(diag.Pos{File: name, Line: max(pe.Position.Line, 1), Col: max(pe.Position.Col, 1)}, diag.Syntax, "%s", pe.Message)
		} else {
			d.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, diag.Syntax, "%v", err)
		}
		return nil
	}
	return &source{name: name, idx: tomlpos.New(raw), data: data, raw: raw}
}

// lineAt returns up to n bytes of the source from a position.
func (s *source) lineAt(line, col, n int) string {
	if s.lines == nil {
		// Where each line starts, found once: a locale file asks for
		// every message's text.
		s.lines = []int{0}
		for i, c := range s.raw {
			if c == '\n' {
				s.lines = append(s.lines, i+1)
			}
		}
	}
	if line < 1 || line > len(s.lines) {
		return ""
	}
	start := s.lines[line-1] + col - 1
	if start < 0 || start >= len(s.raw) {
		return ""
	}
	return string(s.raw[start:min(len(s.raw), start+n)])
}
