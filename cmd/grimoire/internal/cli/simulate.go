package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/grimoire-games/grimoire/engine"
)

// defaultPlayers is the simulated player count when the game allows it.
const defaultPlayers = 4

// progressAfter is how long a run goes before a terminal gets a progress
// line: shorter runs are over before one would help.
const progressAfter = time.Second

func runSimulate(e *env, args []string) int {
	fs := flags(e, "simulate")
	sf := addStudyFlags(fs, "number of games", "the run's seed; game i gets a seed derived from it and i", "override a rule parameter, `name=value` (repeatable)",
		"play only shard `i/n` of the games (0 ≤ i < n): games i×GAMES/n to (i+1)×GAMES/n−1, with the seeds and lineups they have in the whole run")
	root, game, variant, players, n, seed, bots, workers := sf.root, sf.game, sf.variant, sf.players, sf.n, sf.seed, sf.bots, sf.workers
	logFile := fs.String("log", "", "write every game's log, JSON Lines, to this `file` (gzip-compressed when it ends in .gz)")
	logFormat := fs.String("log-format", "lines", "the log's format: lines (a line per action, with its name and hash) or compact (a line per game, action numbers only)")
	format := fs.String("format", "text", "text or json")
	out := fs.String("out", "", "also write the games' mergeable tally to this `file`, for grimoire merge")
	plots := fs.String("plots", "", "also write the plots (SVG and PNG) and an index.html showing them into `dir`")
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
	case *logFormat != "lines" && *logFormat != "compact":
		return usageErr("unknown --log-format %q (want lines or compact)", *logFormat)
	case *logFile == "" && given(fs)["log-format"]:
		return usageErr("--log-format does not apply without --log")
	}
	shard, err := sf.check(fs, "games")
	if err != nil {
		return usageErr("%v", err)
	}
	t, err := openTree(*root)
	if err != nil {
		return usageErr("%v", err)
	}
	m, code, ok := loadModel(e, "simulate", t, *game)
	if !ok {
		return code
	}
	eng, played, code, ok := engineFor(e, "simulate", "--variant", m, *game, *variant, *sf.engine, sf.sets)
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
		// A bot name may carry its settings after a colon ("mcts:2000"):
		// the name picks the bot, and the game says whether the settings hold.
		name, _, _ := strings.Cut(lineup[i], ":")
		if !slices.Contains(bm.BotNames(), name) {
			return usageErr("unknown bot %q (%s has: %s)", lineup[i], *game, strings.Join(bm.BotNames(), ", "))
		}
		if _, err := bm.NewBot(lineup[i]); err != nil {
			return usageErr("%v", err)
		}
	}
	if len(lineup) > *players {
		return usageErr("--bots names %d bots for %d players", len(lineup), *players)
	}

	cfg := engine.SimConfig{
		Game: bm, Players: *players, Games: *n, Seed: *seed,
		Bots: lineup, Workers: *workers, Set: sf.sets, Variant: played,
		LogGzip: strings.HasSuffix(*logFile, ".gz"), Shard: shard, Data: m.SourceHash,
	}
	if *logFormat == "compact" {
		cfg.LogFormat = engine.LogCompact
	}
	var bar *progressBar
	if f, ok := e.stderr.(*os.File); ok && isTerminal(f) {
		first, end := shard.Span(*n)
		bar = &progressBar{w: f, total: end - first, start: time.Now()}
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
		if *out != "" {
			kept += "; " + *out + " is not written: a tally to merge holds all its games"
		}
		fmt.Fprintf(e.stderr, "grimoire simulate: interrupted after %s%s\n", plural(done, "complete game"), kept)
		if done == 0 {
			return code
		}
	case err != nil:
		fmt.Fprintf(e.stderr, "grimoire simulate: %v\n", err)
		return ExitFail
	case *out != "":
		if err := writeShardFile(&cfg, sum, *out); err != nil {
			fmt.Fprintf(e.stderr, "grimoire simulate: %v\n", err)
			return ExitFail
		}
	}
	if *plots != "" && code == ExitOK {
		if err := writePlots(*plots, sum, played); err != nil {
			fmt.Fprintf(e.stderr, "grimoire simulate: %v\n", err)
			return ExitFail
		}
	}
	return printSummary(e, "simulate", sum, played, *format, code)
}

// writeShardFile writes the mergeable result of a finished run, a shard's
// or a whole one's.
func writeShardFile(cfg *engine.SimConfig, sum *engine.Summary, path string) error {
	f, err := engine.NewShardFile(cfg, sum)
	if err != nil {
		return err
	}
	return writeFrom(path, f.Write)
}

// printSummary prints a summary in format (text or json) for cmd and
// returns code, or ExitFail if it cannot; played is the variant played.
func printSummary(e *env, cmd string, sum *engine.Summary, played, format string, code int) int {
	if format == "json" {
		var doc any = sum.Rounded()
		if played != "" {
			// The variant goes right after the game; the base game's
			// summary is as it was before variants.
			doc = struct {
				Game    string `json:"game"`
				Variant string `json:"variant"`
				*engine.Summary
			}{sum.Game, played, sum.Rounded()}
		}
		out, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
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
// studyFlags are the flags simulate and sweep share: the games played,
// how many, from which seed, by which bots, under which rules.
type studyFlags struct {
	root, game, variant, bots *string
	engine                    *string
	players, n, workers       *int
	shard                     *string
	seed                      *uint64
	sets                      []string
}

// perCPU defines an int flag whose default is the machine's number of
// CPUs: the command reference says so, where --help prints the number.
func perCPU(fs *flag.FlagSet, name, usage string) *int {
	n := runtime.NumCPU()
	fs.Var(cpuCount{&n}, name, usage)
	return &n
}

type cpuCount struct{ n *int }

func (c cpuCount) String() string {
	if c.n == nil {
		return ""
	}
	return strconv.Itoa(*c.n)
}

func (c cpuCount) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return errors.New("parse error")
	}
	*c.n = int(v)
	return nil
}

// Default is what the command reference prints as the default.
func (cpuCount) Default() string { return "the number of CPUs" }

// addStudyFlags defines the study's flags on fs; the usages of -n, --seed
// and --set say what they mean to the command.
func addStudyFlags(fs *flag.FlagSet, nUsage, seedUsage, setUsage, shardUsage string) *studyFlags {
	sf := &studyFlags{
		root:    fs.String("root", "", "games tree to read (default: the built-in games)"),
		game:    gameFlag(fs, gameUsage("the game to play")),
		engine:  fs.String("engine", "", engineUsage),
		variant: fs.String("variant", "", variantUsage),
		players: fs.Int("players", 0, "seats per game (default 4 if the game allows it, else its minimum)"),
		n:       fs.Int("n", 1000, nUsage),
		seed:    fs.Uint64("seed", 1, seedUsage),
		bots:    fs.String("bots", "random", "bots by seat, comma-separated; a shorter list is repeated, and the lineup turns one seat every game"),
		workers: perCPU(fs, "workers", "play `n` games at once (results do not depend on it)"),
		shard:   fs.String("shard", "", shardUsage),
	}
	fs.Func("set", setUsage, func(s string) error {
		sf.sets = append(sf.sets, s)
		return nil
	})
	return sf
}

// check validates the study's flags once fs is parsed and returns the shard
// asked for (the zero Shard for the whole run); unit says what -n counts.
// Its errors are usage errors.
func (sf *studyFlags) check(fs *flag.FlagSet, unit string) (engine.Shard, error) {
	var shard engine.Shard
	switch {
	case *sf.n < 1:
		return shard, fmt.Errorf("-n %d: want at least one game", *sf.n)
	case *sf.workers < 1:
		return shard, fmt.Errorf("--workers %d: want at least 1", *sf.workers)
	case *sf.players < 1 && given(fs)["players"]:
		return shard, fmt.Errorf("--players %d: want a positive number", *sf.players)
	case *sf.game == "":
		return shard, fmt.Errorf("--game is required")
	}
	if *sf.shard != "" {
		var err error
		if shard, err = engine.ParseShard(*sf.shard); err != nil {
			return shard, fmt.Errorf("--shard: %w", err)
		}
		if shard.Count > *sf.n {
			return shard, fmt.Errorf("--shard %s: %d shards for %d %s", shard, shard.Count, *sf.n, unit)
		}
	}
	return shard, nil
}

func buildEngine(e *env, cmd, where string, t tree, id, variant string, sets []string) (g engine.Game, played string, code int, ok bool) {
	m, code, ok := loadModel(e, cmd, t, id)
	if !ok {
		return nil, "", code, false
	}
	return engineFor(e, cmd, where, m, id, variant, "", sets)
}

// writeSummary prints a summary for people; variant is the variant played,
// "" for the base game.
func writeSummary(w io.Writer, s *engine.Summary, variant string) {
	game := s.Game
	if variant != "" {
		game += " (variant " + variant + ")"
	}
	fmt.Fprintf(w, "%s: %s of %d players, seed %d\n", game, plural(s.Games, "game"), s.Players, s.Seed)
	if r := s.Shard; r != nil {
		fmt.Fprintf(w, "shard %s: games %d to %d of %d\n", r.Shard, r.First, r.End-1, r.Of)
	}
	fmt.Fprintf(w, "bots: %s", strings.Join(s.Bots, ", "))
	if len(s.Bots) > 1 {
		fmt.Fprint(w, " (the lineup turns one seat every game)")
	}
	fmt.Fprintln(w)
	if len(s.Set) > 0 {
		fmt.Fprintf(w, "set: %s\n", strings.Join(s.Set, ", "))
	}
	fmt.Fprintf(w, "speed: %s games/s on %s (%.2f s)\n\n", human(s.Timing.GamesPerSecond), plural(s.Timing.Workers, "worker"), s.Timing.Seconds)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "seat\twin rate\t95% interval\tsolo\tshared\tscore\tp5\tp25\tp50\tp75\tp95\t")
	for _, st := range s.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%s\t\n", st.Seat, percent(st.WinRate), interval(st.WinInterval), st.SoloWins, st.SharedWins, distCells(st.Score))
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\tseat-games\twin rate\t95% interval\texpected\tsolo\tshared\tscore\tp5\tp25\tp50\tp75\tp95\t")
	for _, b := range s.ByBot {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%d\t%s\t\n", b.Bot, b.Games, percent(b.WinRate), interval(b.WinInterval), percent(b.ExpectedShare), b.SoloWins, b.SharedWins, distCells(b.Score))
	}
	tw.Flush()
	o := s.Overall
	fmt.Fprintf(w, "\nshared wins: %s (%s, 95%% interval %s); all seats tied: %s\n", plural(o.SharedWins, "game"), percent(o.SharedWinRate), interval(o.SharedWinInterval), plural(o.Ties, "game"))
	fmt.Fprintf(w, "winning margin: %s\n", distLine(o.Margin))
	fmt.Fprintf(w, "score, all seats: %s\n", distLine(o.Score))
	fmt.Fprintf(w, "game length in actions: %s\n", distLine(o.Length))
	if o.Rounds != nil {
		fmt.Fprintf(w, "game length in %s: %s\n", o.Rounds.Unit, distLine(o.Rounds.DistStats))
	}
	writeActions(w, s)
}

// writeActions prints how often each bot, and all seats, play each kind
// of action, per seat-game.
func writeActions(w io.Writer, s *engine.Summary) {
	if len(s.Overall.Actions) == 0 {
		return
	}
	fmt.Fprintln(w, "\nactions per seat-game:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "kind\tall\t")
	for _, b := range s.ByBot {
		fmt.Fprintf(tw, "%s\t", b.Bot)
	}
	fmt.Fprintln(tw)
	for _, k := range s.Overall.Actions {
		fmt.Fprintf(tw, "%s\t%.2f\t", k.Kind, k.PerGame/float64(s.Players))
		for _, b := range s.ByBot {
			per := 0.0
			for _, bk := range b.Actions {
				if bk.Kind == k.Kind {
					per = bk.PerGame
				}
			}
			fmt.Fprintf(tw, "%.2f\t", per)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// interval writes a Wilson interval in percent: "46.2–49.2%".
func interval(iv [2]float64) string {
	return strconv.FormatFloat(100*iv[0], 'f', 1, 64) + "–" + percent(iv[1])
}

// distCells writes the mean ± sd and the percentiles as table cells.
func distCells(d engine.DistStats) string {
	return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s", meanSD(d.Mean, d.StdDev), num(d.P5), num(d.P25), num(d.P50), num(d.P75), num(d.P95))
}

// distLine writes a distribution on one line.
func distLine(d engine.DistStats) string {
	return fmt.Sprintf("%s (min %s, p5 %s, p25 %s, median %s, p75 %s, p95 %s, max %s)",
		meanSD(d.Mean, d.StdDev), num(d.Min), num(d.P5), num(d.P25), num(d.P50), num(d.P75), num(d.P95), num(d.Max))
}

// num writes a figure with one decimal at most: "12", "12.5".
func num(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
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

// progressBar draws a progress line, redrawn in place, once the run has
// gone on for progressAfter.
type progressBar struct {
	w     io.Writer
	total int
	start time.Time
	width int // of the last line drawn, to clear it
}

const barCells = 30

func (p *progressBar) draw(done int) {
	elapsed := time.Since(p.start)
	if elapsed < progressAfter {
		return
	}
	line := progressLine(done, p.total, elapsed)
	pad := max(0, p.width-len(line))
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	p.width = len(line)
}

// progressLine is "[#####.....] 45% 45000/100000 12.3k games/s, ETA 1m5s":
// the time left supposes the pace so far goes on.
func progressLine(done, total int, elapsed time.Duration) string {
	frac := float64(done) / float64(total)
	cells := min(barCells, int(frac*barCells))
	rate, eta := 0.0, "ETA unknown"
	if secs := elapsed.Seconds(); secs > 0 {
		rate = float64(done) / secs
	}
	if done > 0 {
		left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		eta = "ETA " + left.Round(time.Second).String()
	}
	return fmt.Sprintf("[%s%s] %3d%% %d/%d %s games/s, %s",
		strings.Repeat("#", cells), strings.Repeat(".", barCells-cells), int(frac*100), done, total, human(rate), eta)
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
