package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// scorer is an engine that scores final positions written in a file, in
// one of its languages (the source language first).
type scorer interface {
	ScoreFile(w io.Writer, name string, src []byte, lang string) (diag.List, error)
	Languages() []string
}

func runScore(e *env, args []string) int {
	fs := flags(e, "score")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, gameUsage("the game"))
	lang := fs.String("lang", "", "language of the breakdown (default: the game's source language)")
	variant := fs.String("variant", "", variantUsage)
	var sets []string
	fs.Func("set", "override a rule parameter, `name=value` (repeatable)", func(s string) error {
		sets = append(sets, s)
		return nil
	})
	code, file, ok := parseFile(e, fs, args)
	if !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "grimoire score: "+format+"\n", args...)
		return ExitUsage
	}
	if *game == "" {
		return usageErr("--game is required")
	}
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire score: %v\n", err)
		return ExitFail
	}
	t, err := openTree(*root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire score: %v\n", err)
		return ExitUsage
	}
	g, _, code, ok := buildEngine(e, "score", "--variant", t, *game, *variant, sets)
	if !ok {
		return code
	}
	sc, ok := g.(scorer)
	if !ok {
		return usageErr("game %s has no score calculator", *game)
	}
	l := *lang
	if l == "" {
		l = sc.Languages()[0]
	}
	if !slices.Contains(sc.Languages(), l) {
		return usageErr("--lang %q: game %s is written in %s", l, *game, strings.Join(sc.Languages(), ", "))
	}
	d, err := sc.ScoreFile(e.stdout, file, src, l)
	printDiags(e.stderr, d)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire score: %v\n", err)
		return ExitFail
	}
	if d.HasErrors() {
		return ExitFail
	}
	return ExitOK
}
