// Package cli is the grimoire command: it takes arguments and streams and
// returns an exit code, so tests drive the real command.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Exit codes: one table for every command (docs/commands.md, "Exit status").
const (
	// ExitOK: the command did what it was asked.
	ExitOK = 0
	// ExitFail: the input or the output failed: diagnostics with errors,
	// a failed check or verification, a file that cannot be read or
	// written (a missing input file included), a full disk.
	ExitFail = 1
	// ExitUsage: the command line is wrong: an unknown command or flag, a
	// bad flag value, a missing argument, a flag that does not apply, an
	// unknown game, language, variant or bot.
	ExitUsage = 2
	// ExitInterrupted: stopped by SIGINT or SIGTERM, after writing what
	// was complete (simulate).
	ExitInterrupted = 130
)

// env is what every command gets: its streams and a context that ends on
// interruption.
type env struct {
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	// fonts parses the printouts' fonts once for the command, shared by
	// every load of the games (a deck's check lays text out) and every
	// printout; nil in tests that build an env by hand.
	fonts func() (*pdf.Fonts, error)
	// help, when set, is given the command's flags where --help would
	// print them: the command reference reads them so.
	help func(*flag.FlagSet)
	// terminal, when set, says whether standard error is a terminal, for
	// tests; otherwise it is asked of the file.
	terminal func() bool
}

// progress returns where a long command shows its progress: standard
// error when it is a terminal, else nil.
func (e *env) progress() io.Writer {
	isTerminal := e.terminal
	if isTerminal == nil {
		isTerminal = func() bool {
			f, ok := e.stderr.(*os.File)
			if !ok {
				return false
			}
			st, err := f.Stat()
			return err == nil && st.Mode()&os.ModeCharDevice != 0
		}
	}
	if !isTerminal() {
		return nil
	}
	return e.stderr
}

// loadOptions are the compiler options of a command that checks games or
// publishes them: every check runs after loading.
func (e *env) loadOptions(t tree, games ...string) compiler.Options {
	return compiler.Options{Prefix: t.prefix, Games: games, Checks: checks.All(e.fonts)}
}

type command struct {
	name, args, summary string
	// guide is the doc, under docs/, that shows the command at work.
	guide string
	run   func(e *env, args []string) int
}

func commands() []command {
	return []command{
		{"build", "[--root DIR] [-o DIR] [--paper a4|letter]", "check every game, verify generated Go is fresh, write all exports and printouts (each variant's in <game>/<variant>/)", "own-game.md", runBuild},
		{"check", "[--root DIR] [--game G] [--format text|json|sarif] [--werror]", "load and check games and their translations; print diagnostics", "translating.md", runCheck},
		{"gen", "[--root DIR] [--out DIR] [--check]", "write the typed Go tables (gen/<game>/), or check they are fresh", "integrating.md", runGen},
		{"export", "--game G [--variant V] [--lang L] --format json|csv|sqlite|xliff|po|tts [--type T] [--base-url URL] [--root DIR] [-o FILE|DIR]", "export one game's data, a translation for translators' tools, or its decks for Tabletop Simulator", "integrating.md", runExport},
		{"import", "--root DIR --game G --lang L FILE", "bring a translation back from an XLIFF (.xlf, .xliff) or PO (.po) file into the locale file", "translating.md", runImport},
		{"rulebook", "--game G --lang L [--against L2=FILE2] [--format text|json|sarif] [--werror] [--root DIR] FILE", "check a rulebook (a PDF or its text, even scanned) against the game, and against another language's rulebook", "rulebooks.md", runRulebook},
		{"stamp", "--root DIR --game G --lang L [--id ID,...]", "record that a translation is up to date with the source texts", "translating.md", runStamp},
		{"sheet", "--game G [--variant V] [--lang L] --kind reference|cards|rules|deck [--paper a4|letter] [--card WxH] [--bleed] [--unique] [--root DIR] -o FILE.pdf", "print a reference sheet, reference cards to cut, the rulebook, or the game's own cards (deck) as PDF", "printing.md", runSheet},
		{"site", "[--root DIR] [--game G] [--paper a4|letter] [--base-url URL] [--rulebook GAME:LANG=FILE]... -o DIR", "write a static web site of the games: a gallery of the cards, a page per card, the rulebook and the downloads in every language, and a review of each translation with what the checks find", "publishing.md", runSite},
		{"games", "[--root DIR]", "list games and their variants, languages and card counts", "own-game.md", runGames},
		{"simulate", "--game G [--engine go|rules] [--variant V] [--players N] [-n GAMES] [--seed S] [--bots B,B...] [--workers W] [--set K=V]... [--log FILE] [--shard I/N] [--out FILE] [--plots DIR] [--format text|json] [--root DIR]", "play many games with bots and summarize the results; --shard plays a slice of them, and --out writes their tally for merge", "simulating.md", runSimulate},
		{"merge", "[--format text|json] FILE...", "sum up the tallies simulate --out wrote for the shards of one study, as one run of all its games", "simulating.md", runMerge},
		{"sweep", "--game G [--engine go|rules] [--variant V] [--players N] [-n GAMES] [--seed S] [--bots B,B...] [--workers W] --set K=V,V...|K=A..B[/STEP]... [--format text|csv|json] [--out DIR] [--root DIR]", "play a grid of rule parameters, the same games at each point; write a table, plots and a page", "simulating.md", runSweep},
		{"replay", "[--root DIR] FILE", "replay game logs and verify every action", "simulating.md", runReplay},
		{"rules", "--game G [--lang L] [--text=false] [--root DIR]", "print the rulebook beside the rules code that implements each section", "rules-language.md", runRules},
		{"score", "--game G [--variant V] [--lang L] [--set K=V]... [--root DIR] FILE", "score the final positions of a finished game, typed into a score file", "simulating.md", runScore},
		{"completion", "bash|zsh|fish", "print a completion script for the shell: its commands, flags and the values they take", "commands.md", runCompletion},
		{"man", "", "print the manual page, grimoire(1), in roff: grimoire man > grimoire.1", "commands.md", runMan},
	}
}

// Run runs the grimoire command with args (without the program name).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return RunContext(context.Background(), args, stdin, stdout, stderr)
}

// RunContext is Run with a context whose end asks a long command
// (simulate) to stop, keeping what is complete.
func RunContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	e := &env{ctx: ctx, stdin: stdin, stdout: out, stderr: stderr, fonts: sync.OnceValues(pdf.ParseFonts)}
	code := dispatch(e, args)
	if out.err != nil {
		// Output lost is a failure, whatever the command thought.
		name := "grimoire"
		if len(args) > 0 {
			name += " " + args[0]
		}
		fmt.Fprintf(stderr, "%s: write standard output: %v\n", name, unwrapPathErr(out.err))
		if code == ExitOK {
			code = ExitFail
		}
	}
	return code
}

func dispatch(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return ExitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			return dispatch(e, []string{args[1], "--help"})
		}
		usage(e.stdout)
		return ExitOK
	case "version", "-version", "--version":
		fmt.Fprintf(e.stdout, "grimoire %s\n", version())
		return ExitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	fmt.Fprintf(e.stderr, "grimoire: unknown command %q%s (see grimoire --help)\n", args[0], editdist.Suggest(args[0], names))
	return ExitUsage
}

// version is the module version the binary was built from, with the
// commit when the build recorded one.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" && v == "(devel)" {
		v += " " + rev[:min(12, len(rev))] + modified
	}
	return v + " " + bi.GoVersion
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Grimoire compiles board and card games from TOML into checked data, typed Go tables and exports.")
	fmt.Fprintln(w, "\nUsage: grimoire <command> [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nWithout --root, commands use the games built into the binary.")
	fmt.Fprintln(w, "Run \"grimoire <command> --help\" for a command's flags.")
	fmt.Fprintln(w, "\"grimoire --version\" prints the version.")
	fmt.Fprintln(w, "Exit status: 0 fine; 1 diagnostics with errors, a failed check, or a file that")
	fmt.Fprintln(w, "cannot be read or written; 2 a wrong command line; 130 interrupted.")
	fmt.Fprintln(w, "The command reference, with every flag: docs/commands.md.")
}

// flags makes a command's flag set; parse reports usage errors and --help.
func flags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		if e.help != nil {
			e.help(fs)
			return
		}
		for _, c := range commands() {
			if c.name == name {
				fmt.Fprintf(fs.Output(), "Usage: grimoire %s %s\n\n%s. Guide: docs/%s.\n\nFlags:\n", c.name, c.args, strings.ToUpper(c.summary[:1])+c.summary[1:], c.guide)
			}
		}
		fs.PrintDefaults()
	}
	return fs
}

// flagHint is a suggestion for a flag the command does not define, one of
// those it does: " (did you mean \"--lang\"?)"; or "".
func flagHint(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if hint := editdist.Suggest(name, names); hint != "" {
		return strings.Replace(hint, `"`, `"--`, 1)
	}
	return ""
}

// parse parses flags; it returns an exit code and false when the command
// must stop (help was asked for, or the flags are wrong).
func parse(e *env, fs *flag.FlagSet, args []string) (int, bool) {
	_, code, ok := parseArgs(e, fs, args, "")
	return code, ok
}

// parseFile parses flags around one FILE argument: "replay --root R FILE"
// and "replay FILE --root R" both work.
func parseFile(e *env, fs *flag.FlagSet, args []string) (code int, file string, ok bool) {
	file, code, ok = parseArgs(e, fs, args, "FILE")
	return code, file, ok
}

// parseArgs parses flags with at most one positional argument among them,
// named arg ("" for none); the argument is required when named.
func parseArgs(e *env, fs *flag.FlagSet, args []string, arg string) (string, int, bool) {
	// The flag package prints an error and the whole usage itself: keep
	// it quiet, and print the usage once when asked, else one line.
	fs.SetOutput(io.Discard)
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				// Help asked for is the output, for a pager or a file.
				fs.SetOutput(e.stdout)
				usage()
				return "", ExitOK, false
			}
			fmt.Fprintf(e.stderr, "grimoire %s: %v%s (see grimoire %s --help)\n", fs.Name(), err, flagHint(fs, err), fs.Name())
			return "", ExitUsage, false
		}
		if fs.NArg() == 0 {
			break
		}
		if arg == "" || len(pos) == 1 {
			fmt.Fprintf(e.stderr, "grimoire %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
			return "", ExitUsage, false
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if arg != "" && len(pos) == 0 {
		fmt.Fprintf(e.stderr, "grimoire %s: a %s argument is required\n", fs.Name(), arg)
		return "", ExitUsage, false
	}
	if len(pos) == 0 {
		return "", 0, true
	}
	return pos[0], 0, true
}

// given returns the flags the command line set.
func given(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// notApplicable reports the first of the flags that was given, saying it
// does not apply and why: a flag silently ignored would let a user
// believe it took effect.
func notApplicable(e *env, cmd string, fs *flag.FlagSet, why string, names ...string) bool {
	set := given(fs)
	for _, n := range names {
		if set[n] {
			dash := "--"
			if len(n) == 1 {
				dash = "-"
			}
			fmt.Fprintf(e.stderr, "grimoire %s: %s%s does not apply %s\n", cmd, dash, n, why)
			return true
		}
	}
	return false
}

// tree is the games tree a command works on.
type tree struct {
	fsys   fs.FS
	prefix string // printed before paths in diagnostics
	root   string // "" for the embedded games
}

func openTree(root string) (tree, error) {
	if root == "" {
		return tree{fsys: grimoire.Games()}, nil
	}
	st, err := os.Stat(root)
	if err != nil {
		return tree{}, fmt.Errorf("--root: %w", err)
	}
	if !st.IsDir() {
		return tree{}, fmt.Errorf("--root %s is not a directory", root)
	}
	prefix := filepath.ToSlash(filepath.Clean(root)) + "/"
	if prefix == "./" {
		prefix = ""
	}
	return tree{fsys: os.DirFS(root), prefix: prefix, root: root}, nil
}

// loadGame loads one game of the tree at root (the built-in games when
// empty) and prints its diagnostics; when ok is false, code is the exit
// code the command named cmd returns.
func loadGame(e *env, cmd, root, id string) (g *model.Game, code int, ok bool) {
	t, err := openTree(root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return nil, ExitUsage, false
	}
	if !knownGame(e, cmd, t, id) {
		return nil, ExitUsage, false
	}
	games, ok := load(e, t, []string{id})
	if !ok {
		return nil, ExitFail, false
	}
	if g = games.Game(id); g == nil {
		fmt.Fprintf(e.stderr, "grimoire %s: no game %q\n", cmd, id)
		return nil, ExitUsage, false
	}
	return g, 0, true
}

// knownGame reports whether the tree has a game id, saying which games it
// has when not: a game named on the command line that does not exist is
// a usage error, for every command alike.
func knownGame(e *env, cmd string, t tree, id string) bool {
	if id == "" {
		fmt.Fprintf(e.stderr, "grimoire %s: --game is required (games: %s)\n", cmd, strings.Join(treeGames(t), ", "))
		return false
	}
	ids := treeGames(t)
	if slices.Contains(ids, id) {
		return true
	}
	if len(ids) == 0 {
		fmt.Fprintf(e.stderr, "grimoire %s: no game %q: the tree has no games (a games tree holds cards/<game>/ directories)\n", cmd, id)
		return false
	}
	fmt.Fprintf(e.stderr, "grimoire %s: no game %q (games: %s)\n", cmd, id, strings.Join(ids, ", "))
	return false
}

// treeGames lists the games of a tree (compiler.GameIDs); a tree without
// cards/ has none, which Load reports.
func treeGames(t tree) []string {
	ids, _ := compiler.GameIDs(t.fsys)
	return ids
}

// load loads the tree and prints its diagnostics; ok is false when any is an
// error, in which case nothing must be written.
func load(e *env, t tree, only []string) (*model.Games, bool) {
	games, d := compiler.Load(t.fsys, e.loadOptions(t, only...))
	printDiags(e.stderr, d)
	return games, !d.HasErrors()
}

func printDiags(w io.Writer, d diag.List) {
	io.WriteString(w, d.String())
	if len(d) > 0 {
		errs := d.Errors()
		fmt.Fprintf(w, "%s, %s (docs/checks.md explains each code)\n", plural(errs, "error"), plural(len(d)-errs, "warning"))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func runCheck(e *env, args []string) int {
	fs := flags(e, "check")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "check only this game")
	format := fs.String("format", "text", "text (path:line:col: severity: message [code], on standard error), json or sarif (on standard output)")
	werror := fs.Bool("werror", false, "treat warnings as errors: exit 1 when there is any")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	f, err := diag.ParseFormat(*format)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire check: --format: %v\n", err)
		return ExitUsage
	}
	t, err := openTree(*root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire check: %v\n", err)
		return ExitUsage
	}
	var only []string
	if *game != "" {
		if !knownGame(e, "check", t, *game) {
			return ExitUsage
		}
		only = []string{*game}
	}
	games, d := compiler.Load(t.fsys, e.loadOptions(t, only...))
	failed := d.HasErrors() || *werror && len(d) > 0
	if f != diag.Text {
		if err := d.Write(e.stdout, f, diagTool(t)); err != nil {
			fmt.Fprintf(e.stderr, "grimoire check: %v\n", err)
			return ExitFail
		}
	} else {
		printDiags(e.stderr, d)
		if !failed {
			fmt.Fprintf(e.stdout, "%s checked: %s\n", plural(len(games.Games), "game"), gameIDs(games))
			printUnstamped(e.stdout, t, games)
		}
	}
	if failed {
		return ExitFail
	}
	return ExitOK
}

// printUnstamped tells, for each translation, how many of its messages
// record no source text (no hash): PO and XLIFF exports cannot tell them
// from stale ones, and mark them all for review, until they are stamped.
func printUnstamped(w io.Writer, t tree, games *model.Games) {
	for _, g := range games.Games {
		src := g.Locale(g.SourceLang)
		for _, loc := range g.Locales {
			if src == nil || loc == src {
				continue
			}
			n, all := 0, 0
			for _, m := range loc.Messages {
				if src.Message(m.ID) == nil {
					continue
				}
				all++
				if m.Hash == "" {
					n++
				}
			}
			if n == 0 {
				continue
			}
			root := "DIR"
			if t.root != "" {
				root = t.root
			}
			fmt.Fprintf(w, "%s: %d of %d translations record no source text: PO and XLIFF exports mark them for review; once they are checked, run: grimoire stamp --root %s --game %s --lang %s\n",
				loc.File, n, all, root, g.ID, loc.Lang)
		}
	}
}

// diagTool describes grimoire in SARIF logs; each code's documentation is
// its section of docs/checks.md. Paths of the built-in games (t.root
// empty) are given from the sources of the version built.
func diagTool(t tree) diag.Tool {
	const repo = "https://github.com/grimoire-games/grimoire"
	docs := ruleDocs(grimoire.ChecksDoc())
	tool := diag.Tool{
		Name:            "grimoire",
		Version:         version(),
		SemanticVersion: semanticVersion(),
		InformationURI:  repo,
		RulesURI: func(c diag.Code) string {
			anchor := strings.ToLower(string(c))
			if c < "G100" {
				anchor = "loading-the-data" // one table for those
			}
			return repo + "/blob/main/docs/checks.md#" + anchor
		},
		RuleDoc: func(c diag.Code) diag.RuleDoc { return docs[c] },
	}
	if t.root == "" {
		tool.FilesURI = repo + "/blob/" + sourceRef() + "/"
		tool.BuiltIn = func(file string) bool {
			_, err := fs.Stat(t.fsys, file)
			return err == nil
		}
	}
	return tool
}

func gameIDs(g *model.Games) string {
	ids := make([]string, len(g.Games))
	for i, x := range g.Games {
		ids[i] = x.ID
	}
	return strings.Join(ids, ", ")
}

func runGames(e *env, args []string) int {
	fs := flags(e, "games")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	t, err := openTree(*root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire games: %v\n", err)
		return ExitUsage
	}
	games, ok := load(e, t, nil)
	if !ok {
		return ExitFail
	}
	fmt.Fprintf(e.stdout, "%-16s %-8s %-10s %-8s %s\n", "GAME", "PLAYERS", "LANGUAGES", "CARDS", "BY TYPE")
	for _, loaded := range games.Games {
		// The base game, then each variant on a line of its own: its
		// players and the cards it is played with.
		for _, v := range append([]string{""}, loaded.VariantIDs()...) {
			g, err := loaded.Play(v)
			if err != nil {
				fmt.Fprintf(e.stderr, "grimoire games: %v\n", err)
				return ExitFail
			}
			byType := map[string]int{}
			total := 0
			for _, c := range g.Cards {
				byType[c.Type] += c.Copies
				total += c.Copies
			}
			var parts []string
			for _, ty := range g.Types {
				parts = append(parts, fmt.Sprintf("%s %d", ty.ID, byType[ty.ID]))
			}
			name, langs := g.ID, strings.Join(g.Languages, ",")
			if v != "" {
				name, langs = "  +"+g.Variant, ""
			}
			fmt.Fprintf(e.stdout, "%-16s %-8s %-10s %-8d %s\n", name, fmt.Sprintf("%d-%d", g.Players.Min, g.Players.Max),
				langs, total, strings.Join(parts, ", "))
		}
	}
	return ExitOK
}

// Main runs the command of the process: its arguments and standard
// streams, with SIGINT and SIGTERM ending the context, so that a long
// command stops cleanly, keeping what is complete.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return RunContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}
