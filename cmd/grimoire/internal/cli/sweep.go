package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/chart"
)

// maxAxisValues bounds the values one --set of a sweep expands to: a
// range typed with a digit too many should not start a week-long run.
const maxAxisValues = 1000

// maxGridPoints bounds the grid, for the same reason: each point builds
// its own engine before the first game.
const maxGridPoints = 10000

// axis is one --set of a sweep: a parameter and the values it takes.
type axis struct {
	name   string
	values []string
}

// parseAxis reads name=v1,v2,a..b,a..b/step. A range is of integers, both
// ends included. A value in braces or brackets (a whole map or list) is
// one value, commas and all.
func parseAxis(s string) (axis, error) {
	name, rhs, ok := strings.Cut(s, "=")
	name, rhs = strings.TrimSpace(name), strings.TrimSpace(rhs)
	switch {
	case !ok:
		return axis{}, fmt.Errorf("%q has no \"=\": want name=values, such as days=2,3,4 or days=2..6", s)
	case name == "":
		return axis{}, fmt.Errorf("%q has no name before \"=\"", s)
	case rhs == "":
		return axis{}, fmt.Errorf("%q has no value after \"=\"", s)
	}
	if strings.HasPrefix(rhs, "{") || strings.HasPrefix(rhs, "[") {
		return axis{name, []string{rhs}}, nil
	}
	var values []string
	for item := range strings.SplitSeq(rhs, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return axis{}, fmt.Errorf("%q has an empty value", s)
		}
		vs := []string{item}
		if strings.Contains(item, "..") {
			var err error
			if vs, err = expandRange(item); err != nil {
				return axis{}, fmt.Errorf("%q: %w", s, err)
			}
		}
		for _, v := range vs {
			if slices.Contains(values, v) {
				return axis{}, fmt.Errorf("%q names %s twice", s, v)
			}
			values = append(values, v)
		}
		if len(values) > maxAxisValues {
			return axis{}, fmt.Errorf("%q has more than %d values", s, maxAxisValues)
		}
	}
	return axis{name, values}, nil
}

// expandRange expands a..b or a..b/step.
func expandRange(r string) ([]string, error) {
	bounds, stepText, stepped := strings.Cut(r, "/")
	from, to, _ := strings.Cut(bounds, "..")
	a, errA := strconv.Atoi(strings.TrimSpace(from))
	b, errB := strconv.Atoi(strings.TrimSpace(to))
	if errA != nil || errB != nil {
		return nil, fmt.Errorf("range %q: want whole numbers, a..b or a..b/step", r)
	}
	step := 1
	if stepped {
		var err error
		if step, err = strconv.Atoi(strings.TrimSpace(stepText)); err != nil || step < 1 {
			return nil, fmt.Errorf("range %q: the step after \"/\" is a positive whole number", r)
		}
	}
	if a > b {
		return nil, fmt.Errorf("range %q runs backwards: want a..b with a ≤ b", r)
	}
	if (b-a)/step >= maxAxisValues {
		return nil, fmt.Errorf("range %q has more than %d values", r, maxAxisValues)
	}
	var out []string
	for v := a; v <= b; v += step {
		out = append(out, strconv.Itoa(v))
	}
	return out, nil
}

// grid lists the points of the axes' cartesian product, the first axis
// varying slowest.
func grid(axes []axis) [][]string { return engine.Grid(sweepAxes(axes)) }

func sweepAxes(axes []axis) []engine.SweepAxis {
	out := make([]engine.SweepAxis, len(axes))
	for i, ax := range axes {
		out[i] = engine.SweepAxis{Name: ax.name, Values: ax.values}
	}
	return out
}

// sweepPoint is one grid point: its values by axis, the engine built with
// them, and once played its summary. One SimConfig plays it, and its
// Tally is what a shard of it would write.
type sweepPoint struct {
	values []string
	sets   []string // the fixed overrides, then the point's own
	game   engine.BotGame
	sum    *engine.Summary
}

func runSweep(e *env, args []string) int {
	fs := flags(e, "sweep")
	sf := addStudyFlags(fs, "games at each grid point", "the seed of every grid point, so that points differ only by their parameters",
		"a rule parameter and its `name=values`: a list (2,3,4), a range (4..8, 2..10/2) or one value, fixed (repeatable)",
		"play only shard `i/n` of each grid point's games (0 ≤ i < n): games i×GAMES/n to (i+1)×GAMES/n−1 of every point, as simulate --shard plays them")
	root, game, variant, players, n, seed, bots, workers := sf.root, sf.game, sf.variant, sf.players, sf.n, sf.seed, sf.bots, sf.workers
	format := fs.String("format", "text", "text, csv or json")
	out := fs.String("out", "", "also write table.txt, table.csv, table.json, the plots (SVG and PNG) and index.html into `dir`; with --shard, write the shard's mergeable tally to this file instead, for grimoire merge")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "grimoire sweep: "+format+"\n", args...)
		return ExitUsage
	}
	if *format != "text" && *format != "csv" && *format != "json" {
		return usageErr("unknown --format %q (want text, csv or json)", *format)
	}
	shard, err := sf.check(fs, "games a point")
	if err != nil {
		return usageErr("%v", err)
	}
	var axes []axis
	var fixed []string
	var named []string
	for _, s := range sf.sets {
		ax, err := parseAxis(s)
		if err != nil {
			return usageErr("--set %v", err)
		}
		if slices.Contains(named, ax.name) {
			return usageErr("--set names %s twice", ax.name)
		}
		named = append(named, ax.name)
		if len(ax.values) == 1 {
			fixed = append(fixed, ax.name+"="+ax.values[0])
			continue
		}
		axes = append(axes, ax)
	}
	if len(axes) == 0 {
		return usageErr("nothing to sweep: give a parameter two values or more, such as --set days=2,3,4 or --set days=2..6 (simulate plays one point)")
	}
	size := 1
	for _, ax := range axes {
		if size *= len(ax.values); size > maxGridPoints {
			return usageErr("the grid has more than %d points", maxGridPoints)
		}
	}
	t, err := openTree(*root)
	if err != nil {
		return usageErr("%v", err)
	}
	// Every point's engine is built before any game, so that a value the
	// game refuses stops the sweep at once.
	var points []*sweepPoint
	for _, vs := range grid(axes) {
		pt := &sweepPoint{values: vs, sets: slices.Clone(fixed)}
		for i, ax := range axes {
			pt.sets = append(pt.sets, ax.name+"="+vs[i])
		}
		points = append(points, pt)
	}
	data, played, code, ok := buildPoints(e, t, *game, *variant, *sf.engine, points)
	if !ok {
		return code
	}
	what := *game
	if played != "" {
		what += " (variant " + played + ")"
	}
	lo, hi := points[0].game.Players()
	if *players == 0 {
		*players = lo
		if lo <= defaultPlayers && defaultPlayers <= hi {
			*players = defaultPlayers
		}
	}
	for _, pt := range points {
		if lo, hi := pt.game.Players(); *players < lo || *players > hi {
			return usageErr("--players %d: %s with %s is for %d to %d players", *players, what, strings.Join(pt.sets, ", "), lo, hi)
		}
	}
	lineup, err := checkLineup(points[0].game, *game, *bots, *players)
	if err != nil {
		return usageErr("%v", err)
	}

	first, end := shard.Span(*n)
	var bar *progressBar
	if f, ok := e.stderr.(*os.File); ok && isTerminal(f) {
		bar = &progressBar{w: f, total: (end - first) * len(points), start: time.Now()}
	}
	start := time.Now()
	code = ExitOK
	complete := 0
	for i, pt := range points {
		cfg := engine.SimConfig{
			Game: pt.game, Players: *players, Games: *n, Seed: *seed,
			Bots: lineup, Workers: *workers, Set: pt.sets, Variant: played,
			Shard: shard, Data: data,
		}
		if bar != nil {
			base := i * (end - first)
			cfg.Progress = func(done int) { bar.draw(base + done) }
		}
		sum, err := engine.Simulate(e.ctx, cfg)
		if err != nil {
			bar.clear()
			if e.ctx.Err() != nil {
				// Interrupted: the complete points are written; a point
				// half played is not one.
				kept := ""
				if shard != (engine.Shard{}) && *out != "" {
					kept = "; " + *out + " is not written: a tally to merge holds every point"
				}
				fmt.Fprintf(e.stderr, "grimoire sweep: interrupted after %s of %d%s\n", plural(i, "complete grid point"), len(points), kept)
				code = ExitInterrupted
				break
			}
			fmt.Fprintf(e.stderr, "grimoire sweep: %s: %v\n", strings.Join(pt.sets, ", "), err)
			return ExitFail
		}
		pt.sum = sum
		complete++
	}
	bar.clear()
	points = points[:complete]
	if len(points) == 0 {
		return code
	}
	secs := time.Since(start).Seconds()
	sw := &sweep{
		game: *game, variant: played, players: *players, games: end - first, seed: *seed, bots: lineup,
		fixed: fixed, axes: axes, points: points, interrupted: code == ExitInterrupted,
		timing: engine.Timing{Seconds: secs, Workers: *workers, GamesPerSecond: float64((end-first)*len(points)) / max(secs, 1e-9)},
	}
	dir := *out
	if shard != (engine.Shard{}) {
		sw.shard = &engine.ShardRange{Shard: shard, First: first, End: end, Of: *n}
		dir = ""
		if *out != "" && code == ExitOK {
			if err := sw.writeShardFile(*out, data); err != nil {
				fmt.Fprintf(e.stderr, "grimoire sweep: %v\n", err)
				return ExitFail
			}
		}
	}
	return writeSweep(e, "sweep", sw, *format, dir, code)
}

// writeSweep prints a played sweep in format (text, csv or json), writes
// its table and plots into dir unless it is "", and returns code, or
// ExitFail if it cannot; cmd names the command in messages.
func writeSweep(e *env, cmd string, sw *sweep, format, dir string, code int) int {
	text, csvData, jsonData, err := sw.tables()
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return ExitFail
	}
	switch format {
	case "text":
		e.stdout.Write(text)
		fmt.Fprintf(e.stdout, "\nspeed: %s games/s on %s (%.2f s)\n", human(sw.timing.GamesPerSecond), plural(sw.timing.Workers, "worker"), sw.timing.Seconds)
	case "csv":
		e.stdout.Write(csvData)
	case "json":
		e.stdout.Write(jsonData)
	}
	if dir != "" {
		files := map[string][]byte{"table.txt": text, "table.csv": csvData, "table.json": jsonData}
		rendered, err := chart.Render(sw.study())
		if err == nil {
			for _, f := range rendered {
				files[f.Name] = f.Data
			}
			err = writeAll(dir, files)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
			return ExitFail
		}
	}
	return code
}

// sweepStudy is what the shards of sw share.
func (s *sweep) sweepStudy(data string) *engine.SweepStudy {
	return &engine.SweepStudy{
		Study: engine.Study{
			Game: s.game, Variant: s.variant, Players: s.players, Games: s.shard.Of, Seed: s.seed,
			Bots: s.bots, Set: append([]string{}, s.fixed...), Data: data,
		},
		Axes: sweepAxes(s.axes),
	}
}

// writeShardFile writes the mergeable tally of a finished shard of a
// sweep, whole or not at all.
func (s *sweep) writeShardFile(path, data string) error {
	sums := make([]*engine.Summary, len(s.points))
	for i, pt := range s.points {
		sums[i] = pt.sum
	}
	f, err := engine.NewSweepShardFile(s.sweepStudy(data), s.shard.Shard, s.timing, sums)
	if err != nil {
		return err
	}
	return writeFrom(path, f.Write)
}

// mergedSweep is the sweep that merged shards of study sum up to.
func mergedSweep(study *engine.SweepStudy, sums []*engine.Summary, timing engine.Timing) *sweep {
	sw := &sweep{
		game: study.Game, variant: study.Variant, players: study.Players, games: study.Games, seed: study.Seed,
		bots: study.Bots, fixed: study.Set, timing: timing,
	}
	for _, ax := range study.Axes {
		sw.axes = append(sw.axes, axis{ax.Name, ax.Values})
	}
	for i, values := range engine.Grid(study.Axes) {
		sw.points = append(sw.points, &sweepPoint{values: values, sets: study.PointSet(values), sum: sums[i]})
	}
	return sw
}

// buildPoints builds the engine of every point from one load of the
// game: each point plays a copy with its own overrides, printing their
// diagnostics, so points share nothing they could change. data is the
// fingerprint of the game's data.
func buildPoints(e *env, t tree, id, variant, use string, points []*sweepPoint) (data, played string, code int, ok bool) {
	m, code, ok := loadModel(e, "sweep", t, id)
	if !ok {
		return "", "", code, false
	}
	for _, pt := range points {
		var g engine.Game
		if g, played, code, ok = engineFor(e, "sweep", "--variant", m, id, variant, use, pt.sets); !ok {
			return "", "", code, false
		}
		bm, isBotMaker := g.(engine.BotGame)
		if !isBotMaker {
			fmt.Fprintf(e.stderr, "grimoire sweep: game %s offers no bots\n", id)
			return "", "", ExitFail, false
		}
		pt.game = bm
	}
	return m.SourceHash, played, 0, true
}

// loadModel loads game id of t to be played, printing the tree's
// diagnostics, for the command cmd. Only loading's own checks run: the
// translations and the printouts' fit are check's, and playing does not
// read them.
func loadModel(e *env, cmd string, t tree, id string) (m *model.Game, code int, ok bool) {
	if !knownGame(e, cmd, t, id) {
		return nil, ExitUsage, false
	}
	games, d := compiler.Load(t.fsys, compiler.Options{Prefix: t.prefix, Games: []string{id}})
	printDiags(e.stderr, d)
	if d.HasErrors() {
		return nil, ExitFail, false
	}
	if m = games.Game(id); m == nil {
		fmt.Fprintf(e.stderr, "grimoire %s: no game %q in the games tree\n", cmd, id)
		return nil, ExitFail, false
	}
	return m, 0, true
}

// engineFor builds the engine of m, a game as loaded, with the overrides
// sets applied to a copy and played in variant, printing the overrides'
// diagnostics; m is left as it was. The results are buildEngine's.
func engineFor(e *env, cmd, where string, m *model.Game, id, variant, use string, sets []string) (g engine.Game, played string, code int, ok bool) {
	newGame, err := newEngineFor(m, use)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return nil, "", ExitUsage, false
	}
	c, d := compiler.WithOverrides(m, sets)
	printDiags(e.stderr, d)
	if d.HasErrors() {
		return nil, "", ExitFail, false
	}
	p, ok := playVariant(e, cmd, where, c, variant)
	if !ok {
		return nil, "", ExitUsage, false
	}
	g, err = newGame(p)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire %s: %v\n", cmd, err)
		return nil, "", ExitFail, false
	}
	return g, p.Variant, 0, true
}

// checkLineup reads --bots: every bot known to the game, no more bots
// than seats.
func checkLineup(bm engine.BotGame, game, bots string, players int) ([]string, error) {
	lineup := strings.Split(bots, ",")
	for i, b := range lineup {
		lineup[i] = strings.TrimSpace(b)
		name, _, _ := strings.Cut(lineup[i], ":")
		if !slices.Contains(bm.BotNames(), name) {
			return nil, fmt.Errorf("unknown bot %q (%s has: %s)", lineup[i], game, strings.Join(bm.BotNames(), ", "))
		}
		if _, err := bm.NewBot(lineup[i]); err != nil {
			return nil, err
		}
	}
	if len(lineup) > players {
		return nil, fmt.Errorf("--bots names %d bots for %d players", len(lineup), players)
	}
	return lineup, nil
}

// sweep is a played sweep, to write out.
type sweep struct {
	game, variant string
	players       int
	games         int
	seed          uint64
	bots          []string
	fixed         []string
	axes          []axis
	points        []*sweepPoint
	interrupted   bool
	// shard is set for the run of a shard: the games of every point it
	// plays, games being their count.
	shard  *engine.ShardRange
	timing engine.Timing
}

// what names the game, and its variant.
func (s *sweep) what() string {
	if s.variant != "" {
		return s.game + " (variant " + s.variant + ")"
	}
	return s.game
}

// about is the line that says what was played.
func (s *sweep) about() string {
	line := fmt.Sprintf("%s: %s of %s at each of %s, seed %d; bots: %s", s.what(), plural(s.games, "game"), plural(s.players, "player"), plural(len(s.points), "grid point"), s.seed, strings.Join(s.bots, ", "))
	if len(s.bots) > 1 {
		line += " (the lineup turns one seat every game)"
	}
	if len(s.fixed) > 0 {
		line += "; set: " + strings.Join(s.fixed, ", ")
	}
	if r := s.shard; r != nil {
		line += fmt.Sprintf("; shard %s: games %d to %d of %d at each point", r.Shard, r.First, r.End-1, r.Of)
	}
	if s.interrupted {
		line += "; interrupted"
	}
	return line
}

// tables writes the table as text, CSV and JSON.
func (s *sweep) tables() (text, csvData, jsonData []byte, err error) {
	var tb bytes.Buffer
	fmt.Fprintln(&tb, s.about())
	fmt.Fprintln(&tb)
	ht := s.humanTable()
	tw := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(ht.Header, "\t")+"\t")
	for _, r := range ht.Rows {
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return nil, nil, nil, err
	}
	var cb bytes.Buffer
	cw := csv.NewWriter(&cb)
	cw.WriteAll(s.csvRecords())
	if err := cw.Error(); err != nil {
		return nil, nil, nil, err
	}
	j, err := json.MarshalIndent(s.doc(), "", "  ")
	if err != nil {
		return nil, nil, nil, err
	}
	return tb.Bytes(), cb.Bytes(), append(j, '\n'), nil
}

// humanTable is the table people read, in text and on the page: a row a
// point, win rates with their intervals, the rest as mean ± sd.
func (s *sweep) humanTable() chart.Table {
	var t chart.Table
	for _, ax := range s.axes {
		t.Header = append(t.Header, ax.name)
	}
	for seat := range s.players {
		t.Header = append(t.Header, fmt.Sprintf("seat %d win %%", seat))
	}
	first := s.points[0].sum
	if len(first.ByBot) > 1 {
		for _, b := range first.ByBot {
			t.Header = append(t.Header, b.Bot+" win %")
		}
	}
	t.Header = append(t.Header, "score", "score p5–p95", "margin", "length")
	unit := ""
	if r := first.Overall.Rounds; r != nil {
		unit = r.Unit
		t.Header = append(t.Header, unit)
	}
	t.Header = append(t.Header, "shared", "ties")
	for _, pt := range s.points {
		sum := pt.sum.Rounded()
		row := slices.Clone(pt.values)
		for _, st := range sum.Seats {
			row = append(row, winCell(st.Record))
		}
		if len(first.ByBot) > 1 {
			for _, b := range sum.ByBot {
				row = append(row, winCell(b.Record))
			}
		}
		o := sum.Overall
		row = append(row, meanSD(o.Score.Mean, o.Score.StdDev), num(o.Score.P5)+"–"+num(o.Score.P95), num(o.Margin.Mean), meanSD(o.Length.Mean, o.Length.StdDev))
		if unit != "" {
			r := "-"
			if o.Rounds != nil {
				r = meanSD(o.Rounds.Mean, o.Rounds.StdDev)
			}
			row = append(row, r)
		}
		row = append(row, percent(o.SharedWinRate), percent(o.TieRate))
		t.Rows = append(t.Rows, row)
	}
	return t
}

// winCell is a win rate and its interval in percent: "26.8 (21.1–33.3)".
func winCell(r engine.Record) string {
	pc := func(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }
	return pc(r.WinRate) + " (" + pc(r.WinInterval[0]) + "–" + pc(r.WinInterval[1]) + ")"
}

// csvRecords is the whole table: every figure in a column of its own,
// as the JSON rounds it.
func (s *sweep) csvRecords() [][]string {
	dist := func(prefix string) []string {
		var h []string
		for _, f := range []string{"mean", "sd", "p5", "p25", "p50", "p75", "p95"} {
			h = append(h, prefix+"_"+f)
		}
		return h
	}
	distCells := func(d engine.DistStats) []string {
		return []string{ff(d.Mean), ff(d.StdDev), ff(d.P5), ff(d.P25), ff(d.P50), ff(d.P75), ff(d.P95)}
	}
	first := s.points[0].sum
	var head []string
	for _, ax := range s.axes {
		head = append(head, ax.name)
	}
	head = append(head, "games")
	for seat := range s.players {
		p := "seat" + strconv.Itoa(seat)
		head = append(head, p+"_win_rate", p+"_win_low", p+"_win_high")
		head = append(head, dist(p+"_score")...)
	}
	for _, b := range first.ByBot {
		p := "bot_" + b.Bot
		head = append(head, p+"_win_rate", p+"_win_low", p+"_win_high")
	}
	head = append(head, dist("score")...)
	head = append(head, "margin_mean")
	head = append(head, dist("length")...)
	hasRounds := first.Overall.Rounds != nil
	if hasRounds {
		head = append(head, dist("rounds")...)
	}
	head = append(head, "shared_win_rate", "tie_rate")
	recs := [][]string{head}
	for _, pt := range s.points {
		sum := pt.sum.Rounded()
		row := append(slices.Clone(pt.values), strconv.Itoa(sum.Games))
		for _, st := range sum.Seats {
			row = append(row, ff(st.WinRate), ff(st.WinInterval[0]), ff(st.WinInterval[1]))
			row = append(row, distCells(st.Score)...)
		}
		for _, b := range sum.ByBot {
			row = append(row, ff(b.WinRate), ff(b.WinInterval[0]), ff(b.WinInterval[1]))
		}
		o := sum.Overall
		row = append(row, distCells(o.Score)...)
		row = append(row, ff(o.Margin.Mean))
		row = append(row, distCells(o.Length)...)
		if hasRounds {
			if o.Rounds != nil {
				row = append(row, distCells(o.Rounds.DistStats)...)
			} else {
				row = append(row, make([]string, 7)...)
			}
		}
		row = append(row, ff(o.SharedWinRate), ff(o.TieRate))
		recs = append(recs, row)
	}
	return recs
}

// ff writes an already rounded figure in its shortest form.
func ff(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// sweepDoc is the sweep as JSON (docs/sweep.schema.json): no timing, so
// that the same sweep writes the same bytes.
type sweepDoc struct {
	Game          string         `json:"game"`
	Variant       string         `json:"variant,omitempty"`
	Players       int            `json:"players"`
	GamesPerPoint int            `json:"games_per_point"`
	Seed          uint64         `json:"seed"`
	Bots          []string       `json:"bots"`
	Set           []string       `json:"set"`
	Axes          []sweepAxisDoc `json:"axes"`
	Interrupted   bool           `json:"interrupted,omitempty"`
	// Shard is set for the run of a shard: the games of every point it
	// covers, GamesPerPoint being their count.
	Shard  *engine.ShardRange `json:"shard,omitempty"`
	Points []sweepPointDoc    `json:"points"`
}

type sweepAxisDoc struct {
	Name   string `json:"name"`
	Values []any  `json:"values"`
}

type sweepPointDoc struct {
	Params  map[string]any     `json:"params"`
	Games   int                `json:"games"`
	Seats   []engine.SeatStats `json:"seats"`
	ByBot   []engine.BotStats  `json:"by_bot"`
	Overall engine.Overall     `json:"overall"`
}

// jsonValue is a parameter's value as JSON: a number when it is a whole
// number, else the text given.
func jsonValue(v string) any {
	if i, err := strconv.Atoi(v); err == nil {
		return i
	}
	return v
}

func (s *sweep) doc() sweepDoc {
	d := sweepDoc{Game: s.game, Variant: s.variant, Players: s.players, GamesPerPoint: s.games, Seed: s.seed, Bots: s.bots, Set: s.fixed, Interrupted: s.interrupted, Shard: s.shard}
	if d.Set == nil {
		d.Set = []string{}
	}
	for _, ax := range s.axes {
		a := sweepAxisDoc{Name: ax.name}
		for _, v := range ax.values {
			a.Values = append(a.Values, jsonValue(v))
		}
		d.Axes = append(d.Axes, a)
	}
	for _, pt := range s.points {
		sum := pt.sum.Rounded()
		p := sweepPointDoc{Params: map[string]any{}, Games: sum.Games, Seats: sum.Seats, ByBot: sum.ByBot, Overall: sum.Overall}
		for i, ax := range s.axes {
			p.Params[ax.name] = jsonValue(pt.values[i])
		}
		d.Points = append(d.Points, p)
	}
	return d
}

// study is the sweep as the plots see it.
func (s *sweep) study() chart.Study {
	st := chart.Study{Game: s.what(), About: s.about(), Table: s.humanTable()}
	for _, ax := range s.axes {
		st.Axes = append(st.Axes, chart.Axis{Name: ax.name, Values: ax.values})
	}
	for _, pt := range s.points {
		st.Points = append(st.Points, chart.Point{Values: pt.values, Summary: pt.sum})
	}
	return st
}

// writePlots writes the plots of a simulate run and their page into dir.
func writePlots(dir string, sum *engine.Summary, variant string) error {
	game := sum.Game
	if variant != "" {
		game += " (variant " + variant + ")"
	}
	about := fmt.Sprintf("%s of %s, seed %d; bots: %s", plural(sum.Games, "game"), plural(sum.Players, "player"), sum.Seed, strings.Join(sum.Bots, ", "))
	if len(sum.Set) > 0 {
		about += "; set: " + strings.Join(sum.Set, ", ")
	}
	r := sum.Rounded()
	t := chart.Table{Header: []string{"seat", "win rate", "95% interval", "solo", "shared", "score", "p5", "p25", "p50", "p75", "p95"}}
	row := func(name string, rec engine.Record) []string {
		d := rec.Score
		return []string{name, percent(rec.WinRate), interval(rec.WinInterval), strconv.Itoa(rec.SoloWins), strconv.Itoa(rec.SharedWins), meanSD(d.Mean, d.StdDev), num(d.P5), num(d.P25), num(d.P50), num(d.P75), num(d.P95)}
	}
	for _, st := range r.Seats {
		t.Rows = append(t.Rows, row(strconv.Itoa(st.Seat), st.Record))
	}
	if len(r.ByBot) > 1 {
		t.Header[0] = "seat or bot"
		for _, b := range r.ByBot {
			t.Rows = append(t.Rows, row(b.Bot, b.Record))
		}
	}
	files, err := chart.Render(chart.Study{Game: game, About: about, Points: []chart.Point{{Summary: sum}}, Table: t})
	if err != nil {
		return err
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Name] = f.Data
	}
	return writeAll(dir, m)
}
