package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/engine"
)

// defaultPlayers is the simulated player count when the game allows it.
const defaultPlayers = 4

// progressMin is the number of games above which a terminal gets a
// progress bar: shorter runs are over before one would help.
const progressMin = 2000

func runSimulate(e *env, args []string) int {
	fs := flags(e, "simulate")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "the game to play (required; one of: "+strings.Join(engineIDs(), ", ")+")")
	variant := fs.String("variant", "", variantUsage)
	players := fs.Int("players", 0, "seats per game (default 4 if the game allows it, else its minimum)")
	n := fs.Int("n", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "the run's seed; game i gets a seed derived from it and i")
	bots := fs.String("bots", "random", "bots by seat, comma-separated; a shorter list is repeated, and the lineup turns one seat every game")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once (results do not depend on it)")
	var sets []string
	fs.Func("set", "override a rule parameter, `name=value` (repeatable)", func(s string) error {
		sets = append(sets, s)
		return nil
	})
	logFile := fs.String("log", "", "write every game's log, JSON Lines, to this `file` (gzip-compressed when it ends in .gz)")
	logFormat := fs.String("log-format", "lines", "the log's format: lines (a line per action, with its name and hash) or compact (a line per game, action numbers only)")
	format := fs.String("format", "text", "text or json")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "grimoire simulate: "+format+"\n", args...)
		return ExitUsage
	}
	switch {
	case *format != "text" && *format != "json":
		return usageErr("unknown --format %q (want text or json)", *format)
	case *n < 1:
		return usageErr("-n %d: want at least one game", *n)
	case *workers < 1:
		return usageErr("--workers %d: want at least 1", *workers)
	case *players < 1 && given(fs)["players"]:
		return usageErr("--players %d: want a positive number", *players)
	case *logFormat != "lines" && *logFormat != "compact":
		return usageErr("unknown --log-format %q (want lines or compact)", *logFormat)
	case *logFile == "" && given(fs)["log-format"]:
		return usageErr("--log-format does not apply without --log")
	case *game == "":
		return usageErr("--game is required (games with an engine: %s)", strings.Join(engineIDs(), ", "))
	}
	if engines()[*game] == nil {
		return usageErr("no engine for game %q (games with an engine: %s)", *game, strings.Join(engineIDs(), ", "))
	}
	t, err := openTree(*root)
	if err != nil {
		return usageErr("%v", err)
	}
	eng, played, code, ok := buildEngine(e, "simulate", "--variant", t, *game, *variant, sets)
	if !ok {
		return code
	}
	bm, isBotMaker := eng.(engine.BotGame)
	if !isBotMaker {
		fmt.Fprintf(e.stderr, "grimoire simulate: game %s offers no bots\n", *game)
		return ExitFail
	}
	lo, hi := eng.Players()
	if *players == 0 {
		*players = lo
		if lo <= defaultPlayers && defaultPlayers <= hi {
			*players = defaultPlayers
		}
	}
	if *players < lo || *players > hi {
		what := *game
		if played != "" {
			what += " (variant " + played + ")"
		}
		return usageErr("--players %d: %s is for %d to %d players", *players, what, lo, hi)
	}
	lineup := strings.Split(*bots, ",")
	for i, b := range lineup {
		lineup[i] = strings.TrimSpace(b)
		if !slices.Contains(bm.BotNames(), lineup[i]) {
			return usageErr("unknown bot %q (%s has: %s)", lineup[i], *game, strings.Join(bm.BotNames(), ", "))
		}
	}
	if len(lineup) > *players {
		return usageErr("--bots names %d bots for %d players", len(lineup), *players)
	}

	cfg := engine.SimConfig{
		Game: bm, Players: *players, Games: *n, Seed: *seed,
		Bots: lineup, Workers: *workers, Set: sets, Variant: played,
		LogGzip: strings.HasSuffix(*logFile, ".gz"),
	}
	if *logFormat == "compact" {
		cfg.LogFormat = engine.LogCompact
	}
	var bar *progressBar
	if f, ok := e.stderr.(*os.File); ok && *n > progressMin && isTerminal(f) {
		bar = &progressBar{w: f, total: *n, start: time.Now()}
		cfg.Progress = bar.draw
	}
	sum, err := simulate(e, cfg, *logFile)
	bar.clear() // before anything else is printed on the terminal
	code = ExitOK
	switch {
	case err != nil && e.ctx.Err() != nil:
		// Interrupted: the complete games are summed up, and logged.
		code = ExitInterrupted
		kept, done := "", 0
		if *logFile != "" {
			kept = "; " + *logFile + " holds them"
		}
		if sum != nil {
			done = sum.Games
		}
		fmt.Fprintf(e.stderr, "grimoire simulate: interrupted after %s%s\n", plural(done, "complete game"), kept)
		if done == 0 {
			return code
		}
	case err != nil:
		fmt.Fprintf(e.stderr, "grimoire simulate: %v\n", err)
		return ExitFail
	}
	if *format == "json" {
		var doc any = sum
		if played != "" {
			// The variant goes right after the game; the base game's
			// summary is as it was before variants.
			doc = struct {
				Game    string `json:"game"`
				Variant string `json:"variant"`
				*engine.Summary
			}{sum.Game, played, sum}
		}
		out, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire simulate: %v\n", err)
			return ExitFail
		}
		e.stdout.Write(append(out, '\n'))
		return code
	}
	writeSummary(e.stdout, sum, played)
	return code
}

// buildEngine loads one game, applies the parameter overrides, plays it in
// variant ("" for the base game; where says who named it, for messages)
// and builds its engine from the played game, printing what goes wrong.
// played is the id of the variant played. ok is false if anything went
// wrong, and code is then the exit code: ExitUsage for a variant the game
// does not have, ExitFail otherwise.
func buildEngine(e *env, cmd, where string, t tree, id, variant string, sets []string) (g engine.Game, played string, code int, ok bool) {
	if !knownGame(e, cmd, t, id) {
		return nil, "", ExitUsage, false
	}
	games, ok := load(e, t, []string{id})
	if !ok {
		return nil, "", ExitFail, false
	}
	m := games.Game(id)
	if m == nil {
		fmt.Fprintf(e.stderr, "grimoire %s: no game %q in the games tree\n", cmd, id)
		return nil, "", ExitFail, false
	}
	var d diag.List
	for _, s := range sets {
		d = append(d, compiler.Override(m, s)...)
	}
	printDiags(e.stderr, d)
	if d.HasErrors() {
		return nil, "", ExitFail, false
	}
	p, ok := playVariant(e, cmd, where, m, variant)
	if !ok {
		return nil, "", ExitUsage, false
	}
	g, err := engines()[id](p)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return nil, "", ExitFail, false
	}
	return g, p.Variant, 0, true
}

// writeSummary prints a summary for people; variant is the variant played,
// "" for the base game.
func writeSummary(w io.Writer, s *engine.Summary, variant string) {
	game := s.Game
	if variant != "" {
		game += " (variant " + variant + ")"
	}
	fmt.Fprintf(w, "%s: %s of %d players, seed %d\n", game, plural(s.Games, "game"), s.Players, s.Seed)
	fmt.Fprintf(w, "bots: %s", strings.Join(s.Bots, ", "))
	if len(s.Bots) > 1 {
		fmt.Fprint(w, " (the lineup turns one seat every game)")
	}
	fmt.Fprintln(w)
	if len(s.Set) > 0 {
		fmt.Fprintf(w, "set: %s\n", strings.Join(s.Set, ", "))
	}
	fmt.Fprintf(w, "speed: %s games/s on %s (%.2f s)\n\n", human(s.Timing.GamesPerSecond), plural(s.Timing.Workers, "worker"), s.Timing.Seconds)

	// Numbers are padded to their headings' widths, so they align right.
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "seat\twin rate\tscore")
	for _, st := range s.Seats {
		fmt.Fprintf(tw, "%4d\t%8s\t%s\n", st.Seat, percent(st.WinRate), meanSD(st.MeanScore, st.ScoreStdDev))
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "bot\tseat-games\twin rate\texpected\tscore")
	for _, b := range s.ByBot {
		fmt.Fprintf(tw, "%s\t%10d\t%8s\t%8s\t%s\n", b.Bot, b.Games, percent(b.WinRate), percent(b.ExpectedShare), meanSD(b.MeanScore, b.ScoreStdDev))
	}
	tw.Flush()
	o := s.Overall
	fmt.Fprintf(w, "\nscore, all seats: %s\n", meanSD(o.MeanScore, o.ScoreStdDev))
	fmt.Fprintf(w, "game length: %s actions (min %d, max %d)\n", meanSD(o.MeanLength, o.LengthStdDev), o.MinLength, o.MaxLength)
}

func percent(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

func meanSD(m, sd float64) string { return fmt.Sprintf("%.1f ± %.1f", m, sd) }

// human writes a rate as 850, 12.3k or 1.2M.
func human(x float64) string {
	switch {
	case x >= 1e6:
		return strconv.FormatFloat(x/1e6, 'f', 1, 64) + "M"
	case x >= 1e4:
		return strconv.FormatFloat(x/1e3, 'f', 1, 64) + "k"
	}
	return strconv.FormatFloat(x, 'f', 0, 64)
}

// isTerminal reports whether f is a terminal: a character device, without
// a dependency for it.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "[#####.....] 45% 45000/100000 12.3k games/s" on one
// line, redrawn in place.
type progressBar struct {
	w     io.Writer
	total int
	start time.Time
	width int // of the last line drawn, to clear it
}

const barCells = 30

func (p *progressBar) draw(done int) {
	frac := float64(done) / float64(p.total)
	cells := int(frac * barCells)
	rate := 0.0
	if secs := time.Since(p.start).Seconds(); secs > 0 {
		rate = float64(done) / secs
	}
	line := fmt.Sprintf("[%s%s] %3d%% %d/%d %s games/s",
		strings.Repeat("#", cells), strings.Repeat(".", barCells-cells), int(frac*100), done, p.total, human(rate))
	pad := max(0, p.width-len(line))
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	p.width = len(line)
}

func (p *progressBar) clear() {
	if p != nil && p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	}
}

// simulate runs the games, writing their log, when asked, to a temporary
// file renamed into place at the end: the log holds the complete games
// even when a game fails, and nothing is left behind when the log itself
// cannot be written.
func simulate(e *env, cfg engine.SimConfig, logFile string) (*engine.Summary, error) {
	if logFile == "" {
		return engine.Simulate(e.ctx, cfg)
	}
	var b batch
	var sum *engine.Summary
	var simErr error
	err := b.addFrom(logFile, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		cfg.Log = bw
		sum, simErr = engine.Simulate(e.ctx, cfg)
		// A write error sticks to bw: the log is then not kept.
		return bw.Flush()
	})
	if err == nil {
		err = b.commit()
	}
	if err != nil {
		b.abort()
		return nil, err
	}
	return sum, simErr
}
