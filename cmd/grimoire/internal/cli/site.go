package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/rulebook"
	"github.com/grimoire-games/grimoire/compiler/site"
)

func runSite(e *env, args []string) int {
	fs := flags(e, "site")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "make the site of this game only (default: every game)")
	paperName := fs.String("paper", "a4", "paper of the printouts among the downloads: a4 or letter")
	baseURL := fs.String("base-url", "", "the address the site will be served from; with it, the downloads hold each deck's Tabletop Simulator object, which loads its images from there")
	out := fs.String("o", "", "the directory to write the site to (required); its index.html opens from disk or any static host")
	var books []string
	fs.Func("rulebook", "`GAME:LANG=FILE`: a rulebook (a PDF or its text) to check against the game, as grimoire rulebook does; its page shows the findings at their lines (repeatable)", func(v string) error {
		game, rest, ok1 := strings.Cut(v, ":")
		lang, file, ok2 := strings.Cut(rest, "=")
		if !ok1 || !ok2 || game == "" || lang == "" || file == "" {
			return fmt.Errorf("%q: want GAME:LANG=FILE", v)
		}
		books = append(books, v)
		return nil
	})
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	if *out == "" {
		fmt.Fprintln(e.stderr, "grimoire site: -o is required")
		return ExitUsage
	}
	paper, err := printout.ParsePaper(*paperName)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire site: --paper: %v\n", err)
		return ExitUsage
	}
	t, err := openTree(*root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire site: %v\n", err)
		return ExitUsage
	}
	var only []string
	if *game != "" {
		if !knownGame(e, "site", t, *game) {
			return ExitUsage
		}
		only = []string{*game}
	}
	// The site is made of the games as they load. What the checks find,
	// errors too, stands on the review pages instead of stopping the
	// site: a translation with mistakes is what a review is for.
	// A translation that lacks messages is a draft: it is reviewed, and
	// the game published in its other languages.
	opts := e.loadOptions(t, only...)
	opts.Drafts = true
	checks := opts.Checks
	opts.Checks = nil
	games, found := compiler.Load(t.fsys, opts)
	if found.HasErrors() {
		printDiags(e.stderr, found)
		return ExitFail
	}
	opts.Checks = checks
	found = append(found, compiler.RunChecks(t.fsys, games.Games, opts)...).Sort()
	printDiags(e.stderr, found)
	var rulebooks []site.Rulebook
	for _, v := range books {
		id, rest, _ := strings.Cut(v, ":")
		lang, file, _ := strings.Cut(rest, "=")
		g := games.Game(id)
		if g == nil {
			fmt.Fprintf(e.stderr, "grimoire site: --rulebook %s: no game %q among those the site is made of (%s)\n", v, id, gameIDs(games))
			return ExitUsage
		}
		book, code, ok := readBook(e, "site", g, lang, file, "")
		if !ok {
			return code
		}
		d := rulebook.Check(g, book)
		printDiags(e.stderr, d)
		rulebooks = append(rulebooks, site.Rulebook{Game: id, Book: book, Findings: d})
	}
	fonts, err := e.fonts()
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire site: %v\n", err)
		return ExitFail
	}
	files, d, err := site.Build(games.Games, site.Options{Fonts: fonts, Paper: paper, BaseURL: *baseURL,
		Findings: found, Tool: diagTool(t), Prefix: t.prefix, Rulebooks: rulebooks})
	printDiags(e.stderr, d)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire site: %v\n", err)
		return ExitFail
	}
	if d.HasErrors() {
		return ExitFail
	}
	byPath := make(map[string][]byte, len(files))
	pages, faces, downloads := 0, 0, 0
	for _, f := range files {
		byPath[f.Path] = f.Data
		switch {
		case strings.Contains(f.Path, "/downloads/"):
			downloads++
		case strings.HasSuffix(f.Path, ".html"):
			pages++
		case strings.HasSuffix(f.Path, ".png"):
			faces++
		}
	}
	if err := writeAll(*out, byPath); err != nil {
		fmt.Fprintf(e.stderr, "grimoire site: %v\n", err)
		return ExitFail
	}
	fmt.Fprintf(e.stdout, "wrote %s, %s and %s of %s to %s\n", plural(pages, "page"), plural(faces, "card face"), plural(downloads, "download"), gameIDs(games), filepath.Join(*out, "index.html"))
	// Where the findings of the checks stand.
	for _, g := range games.Games {
		for _, lang := range g.Languages {
			loc := g.Locale(lang)
			if lang == g.SourceLang || loc == nil {
				continue
			}
			n := 0
			for _, d := range found {
				if d.Pos.File == loc.File {
					n++
				}
			}
			if n > 0 {
				fmt.Fprintf(e.stdout, "%s: %s, marked on %s\n", loc.File, plural(n, "finding"), filepath.Join(*out, g.ID, lang, "review.html"))
			}
		}
	}
	for i, rb := range rulebooks {
		fmt.Fprintf(e.stdout, "%s: %s, marked on %s\n", rb.Book.Name, plural(len(rb.Findings), "finding"), filepath.Join(*out, filepath.FromSlash(site.BookPage(rulebooks, i))))
	}
	return ExitOK
}
