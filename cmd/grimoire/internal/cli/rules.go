package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine/rules"
)

// runRules prints a game's rulebook beside the rules code that implements
// each section, for a reviewer to read them together.
func runRules(e *env, args []string) int {
	fs := flags(e, "rules")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "the game, one with rules in the rules language (required)")
	lang := fs.String("lang", "", "language of the rulebook's text (default: the game's source language)")
	text := fs.Bool("text", true, "print each section's text; --text=false prints its title and code only")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "grimoire rules: "+format+"\n", args...)
		return ExitUsage
	}
	if *game == "" {
		return usageErr("--game is required")
	}
	t, err := openTree(*root)
	if err != nil {
		return usageErr("%v", err)
	}
	m, code, ok := loadModel(e, "rules", t, *game)
	if !ok {
		return code
	}
	if !rules.Has(m) {
		return usageErr("game %s has no rules in the rules language (no .star file in its directory)", m.ID)
	}
	l := *lang
	if l == "" {
		l = m.SourceLang
	}
	if !slices.Contains(m.Languages, l) {
		return usageErr("--lang %q: game %s is written in %s", l, m.ID, strings.Join(m.Languages, ", "))
	}
	g, d := rules.Build(m)
	printDiags(e.stderr, d)
	if g == nil {
		return ExitFail
	}
	loc, err := l10n.New(m, l)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire rules: %v\n", err)
		return ExitFail
	}
	w := e.stdout
	for i, sc := range g.Map() {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if sc.Section == nil {
			fmt.Fprintln(w, "Functions that cite no section")
		} else {
			title, _ := loc.Text("rules." + sc.Section.ID + ".title")
			fmt.Fprintf(w, "%s %s [%s]\n", sc.Section.Number, title, sc.Section.ID)
			if body, err := loc.Text("rules." + sc.Section.ID + ".text"); err == nil && *text {
				fmt.Fprintln(w)
				for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
					fmt.Fprintln(w, strings.TrimRight("    "+line, " "))
				}
			}
			fmt.Fprintln(w)
		}
		if sc.TextOnly != "" {
			fmt.Fprintf(w, "  no code: %s\n", sc.TextOnly)
		}
		if sc.Section != nil && sc.Section.Rulings {
			printRulings(w, m, loc)
			continue
		}
		if sc.Section != nil && sc.TextOnly == "" && len(sc.Funcs) == 0 {
			fmt.Fprintln(w, "  no code, and no reason given (G506)")
		}
		for _, f := range sc.Funcs {
			fmt.Fprintf(w, "  %s  %s(%s)", f.Pos, f.Name, strings.Join(f.Params, ", "))
			if f.Doc != "" {
				fmt.Fprintf(w, ": %s", f.Doc)
			}
			fmt.Fprintln(w)
		}
	}
	return ExitOK
}

// printRulings prints each ruling, its text, and where the rules name
// it, which is where they play it.
func printRulings(w io.Writer, m *model.Game, loc *l10n.Localizer) {
	for i, r := range m.Rulings {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "  ruling %s", r.ID)
		if r.Section != "" {
			fmt.Fprintf(w, " (§%s)", r.Section)
		}
		text, _ := loc.Text(r.Message)
		fmt.Fprintf(w, ": %s\n", strings.TrimSpace(text))
		for _, f := range m.Rules {
			for n, line := range strings.Split(f.Src, "\n") {
				if model.NamesRuling(line, r.ID) {
					fmt.Fprintf(w, "    %s:%d\n", f.Name, n+1)
				}
			}
		}
	}
}
