package cli

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/rulebook"
)

func runRulebook(e *env, args []string) int {
	fs := flags(e, "rulebook")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "the game the rulebook is for (required)")
	lang := fs.String("lang", "", "the rulebook's language (required)")
	against := new(string)
	fs.Func("against", "`LANG=FILE`: another language's rulebook to align section by section (one)", func(v string) error {
		if *against != "" {
			return errors.New("given twice: compare with one other rulebook at a time")
		}
		*against = v
		return nil
	})
	format := fs.String("format", "text", "text, json or sarif")
	werror := fs.Bool("werror", false, "treat warnings as errors: exit 1 when there is any")
	code, file, ok := parseFile(e, fs, args)
	if !ok {
		return code
	}
	f, err := diag.ParseFormat(*format)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire rulebook: --format: %v\n", err)
		return ExitUsage
	}
	if *game == "" || *lang == "" {
		fmt.Fprintln(e.stderr, "grimoire rulebook: --game and --lang are required")
		return ExitUsage
	}
	otherLang, otherFile, hasOther := strings.Cut(*against, "=")
	if *against != "" && (!hasOther || otherLang == "" || otherFile == "") {
		fmt.Fprintf(e.stderr, "grimoire rulebook: --against %q: want LANG=FILE\n", *against)
		return ExitUsage
	}
	g, code, ok := loadGame(e, "rulebook", *root, *game)
	if !ok {
		return code
	}
	book, code, ok := readBook(e, "rulebook", g, *lang, file, "")
	if !ok {
		return code
	}
	d := rulebook.Check(g, book)
	if *against != "" {
		other, code, ok := readBook(e, "rulebook", g, otherLang, otherFile, "--against "+*against)
		if !ok {
			return code
		}
		d = append(d, rulebook.Compare(g, book, other)...)
		d = d.Sort()
	}
	if f == diag.Text {
		printDiags(e.stderr, d)
		if len(d) == 0 {
			fmt.Fprintf(e.stdout, "%s: no disagreement with game %s found\n", file, g.ID)
		}
	} else if err := d.Write(e.stdout, f, diagTool(rulebookTree(*root))); err != nil {
		fmt.Fprintf(e.stderr, "grimoire rulebook: %v\n", err)
		return ExitFail
	}
	if d.HasErrors() || *werror && len(d) > 0 {
		return ExitFail
	}
	return ExitOK
}

// readBook reads a rulebook in one of the game's languages: a PDF or a
// text. A file that is no rulebook in that language fails the command;
// flag is the option that names it, if not --lang; cmd is the command.
func readBook(e *env, cmd string, g *model.Game, lang, file, flag string) (*rulebook.Book, int, bool) {
	if !slices.Contains(g.Languages, lang) {
		fmt.Fprintf(e.stderr, "grimoire %s: game %s has no language %q (it has %s)\n", cmd, g.ID, lang, strings.Join(g.Languages, ", "))
		return nil, ExitUsage, false
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return nil, ExitFail, false
	}
	book, err := rulebook.Read(file, lang, data)
	var le *rulebook.LangError
	if errors.As(err, &le) && flag != "" {
		le.Flag = flag
		err = fmt.Errorf("%s: %w", file, le)
	}
	if err == nil {
		if err = rulebook.Matches(g, book); err != nil {
			err = fmt.Errorf("%s: %w", file, err)
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return nil, ExitFail, false
	}
	return book, 0, true
}

// rulebookTree is the tree a rulebook is checked against, for SARIF's
// paths: the built-in games, or the user's.
func rulebookTree(root string) tree {
	if root == "" {
		return tree{fsys: grimoire.Games()}
	}
	return tree{root: root}
}
