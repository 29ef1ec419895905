package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/site"
)

func runSite(e *env, args []string) int {
	fs := flags(e, "site")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "make the site of this game only (default: every game)")
	paperName := fs.String("paper", "a4", "paper of the printouts among the downloads: a4 or letter")
	baseURL := fs.String("base-url", "", "the address the site will be served from; with it, the downloads hold each deck's Tabletop Simulator object, which loads its images from there")
	out := fs.String("o", "", "the directory to write the site to (required); its index.html opens from disk or any static host")
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
	games, ok := load(e, t, only)
	if !ok {
		return ExitFail
	}
	fonts, err := e.fonts()
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire site: %v\n", err)
		return ExitFail
	}
	files, d, err := site.Build(games.Games, site.Options{Fonts: fonts, Paper: paper, BaseURL: *baseURL})
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
	return ExitOK
}
