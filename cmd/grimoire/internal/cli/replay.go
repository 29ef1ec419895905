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
	use := fs.String("engine", "", engineUsage)
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
	// The games of one file usually share their game and overrides:
	// build each engine once.
	built := map[string]engine.Game{}
	build := func(h engine.LogHeader) (engine.Game, error) {
		// A log without a variant (one written before variants existed,
		// or of the base game) replays in the base game.
		key := h.Game + "\x00" + h.Variant + "\x00" + strings.Join(h.Set, "\x00")
		if g := built[key]; g != nil {
			return g, nil
		}
		m, _, ok := loadModel(e, "replay", t, h.Game)
		if !ok {
			return nil, errBuilt
		}
		g, _, _, ok := engineFor(e, "replay", file, m, h.Game, h.Variant, *use, h.Set)
		if !ok {
			return nil, errBuilt
		}
		built[key] = g
		return g, nil
	}
	v, err := engine.VerifyLogs(f, build)
	var te *engine.TruncatedError
	var ge *engine.GameError
	var me *engine.MismatchError
	switch {
	case errors.As(err, &te):
		fmt.Fprintf(e.stderr, "grimoire replay: %s: %v; what it holds replays right\n", file, te)
		return ExitFail
	case errors.Is(err, errBuilt):
		return ExitFail // buildEngine said why
	case errors.As(err, &ge) && errors.As(err, &me):
		fmt.Fprintf(e.stderr, "grimoire replay: %s: game %d (line %d, seed %d): mismatch at %v\n", file, ge.Game, ge.Line, ge.Seed, me)
		return ExitFail
	case err != nil:
		fmt.Fprintf(e.stderr, "grimoire replay: %s: %v\n", file, err)
		return ExitFail
	case v.Games == 0:
		fmt.Fprintf(e.stderr, "grimoire replay: %s: no game in the log\n", file)
		return ExitFail
	}
	interrupted := ""
	if v.Interrupted {
		interrupted = " (the run was interrupted after them)"
	}
	if v.Games == 1 {
		fmt.Fprintf(e.stdout, "ok: %s, returns %s%s\n", plural(v.Actions, "action"), formatReturns(v.Last.Returns), interrupted)
		return ExitOK
	}
	fmt.Fprintf(e.stdout, "ok: %d games, %s%s\n", v.Games, plural(v.Actions, "action"), interrupted)
	return ExitOK
}

// errBuilt says that building a log's engine failed and said why.
var errBuilt = errors.New("engine not built")

func formatReturns(r []float64) string {
	parts := make([]string, len(r))
	for i, x := range r {
		parts[i] = strconv.FormatFloat(x, 'f', -1, 64)
	}
	return "[" + strings.Join(parts, " ") + "]"
}
