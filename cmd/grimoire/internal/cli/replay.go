package cli

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/engine"
)

func runReplay(e *env, args []string) int {
	fs := flags(e, "replay")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	code, file, ok := parseFile(e, fs, args)
	if !ok {
		return code
	}
	t, err := openTree(*root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire replay: %v\n", err)
		return ExitUsage
	}
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire replay: %v\n", err)
		return ExitFail
	}
	defer f.Close()
	logs, err := engine.ReadLogs(f)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire replay: %s: %v\n", file, err)
		return ExitFail
	}
	// The games of one file usually share their game and overrides:
	// build each engine once.
	built := map[string]engine.Game{}
	actions := 0
	var last *engine.Replayed
	for i, lg := range logs {
		where := file
		if len(logs) > 1 {
			where = fmt.Sprintf("%s: game %d (seed %d)", file, i, lg.Header.Seed)
		}
		h := lg.Header
		// A log without a variant (one written before variants existed,
		// or of the base game) replays in the base game.
		key := h.Game + "\x00" + h.Variant + "\x00" + strings.Join(h.Set, "\x00")
		g := built[key]
		if g == nil {
			if engines()[h.Game] == nil {
				fmt.Fprintf(e.stderr, "grimoire replay: %s: no engine for game %q (games with an engine: %s)\n", where, h.Game, strings.Join(engineIDs(), ", "))
				return ExitFail
			}
			eng, _, _, ok := buildEngine(e, "replay", where, t, h.Game, h.Variant, h.Set)
			if !ok {
				return ExitFail
			}
			g = eng
			built[key] = g
		}
		rep, err := engine.Replay(g, lg)
		if errors.Is(err, engine.ErrTruncated) {
			fmt.Fprintf(e.stderr, "grimoire replay: %s: %v\n", where, err)
			return ExitFail
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire replay: %s: mismatch at %v\n", where, err)
			return ExitFail
		}
		actions += rep.Actions
		last = rep
	}
	if len(logs) == 1 {
		fmt.Fprintf(e.stdout, "ok: %s, returns %s\n", plural(actions, "action"), formatReturns(last.Returns))
		return ExitOK
	}
	fmt.Fprintf(e.stdout, "ok: %d games, %s\n", len(logs), plural(actions, "action"))
	return ExitOK
}

func formatReturns(r []float64) string {
	parts := make([]string, len(r))
	for i, x := range r {
		parts[i] = strconv.FormatFloat(x, 'f', -1, 64)
	}
	return "[" + strings.Join(parts, " ") + "]"
}
