package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/grimoire-games/grimoire/engine"
)

func runMerge(e *env, args []string) int {
	fs := flags(e, "merge")
	format := fs.String("format", "text", "text or json; csv too for sweep shards")
	out := fs.String("out", "", "for sweep shards, also write the table, the plots and index.html into `dir`, as sweep --out does")
	files, code, ok := parseFiles(e, fs, args)
	if !ok {
		return code
	}
	if *format != "text" && *format != "json" && *format != "csv" {
		fmt.Fprintf(e.stderr, "grimoire merge: unknown --format %q (want text, csv or json)\n", *format)
		return ExitUsage
	}
	var shards []engine.NamedShard
	var sweeps []engine.NamedSweepShard
	for _, name := range files {
		f, err := readShardFile(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire merge: %s: %v\n", name, err)
			return ExitFail
		}
		// The first file says which kind the others must be.
		switch {
		case f.Simulate != nil && len(sweeps) > 0:
			fmt.Fprintf(e.stderr, "grimoire merge: %s: a simulate shard among sweep shards (%s is of a sweep)\n", name, sweeps[0].Name)
			return ExitFail
		case f.Sweep != nil && len(shards) > 0:
			fmt.Fprintf(e.stderr, "grimoire merge: %s: a sweep shard among simulate shards (%s is of a simulate run)\n", name, shards[0].Name)
			return ExitFail
		case f.Simulate != nil:
			shards = append(shards, engine.NamedShard{Name: name, ShardFile: f.Simulate})
		default:
			sweeps = append(sweeps, engine.NamedSweepShard{Name: name, SweepShardFile: f.Sweep})
		}
	}
	if sweeps != nil {
		sums, timing, err := engine.MergeSweepShards(sweeps)
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire merge: %v\n", err)
			return ExitFail
		}
		return writeSweep(e, "merge", mergedSweep(&sweeps[0].SweepStudy, sums, timing), *format, *out, ExitOK)
	}
	switch {
	case *format == "csv":
		fmt.Fprintf(e.stderr, "grimoire merge: --format csv is for sweep shards; %s is of a simulate run (want text or json)\n", shards[0].Name)
		return ExitUsage
	case *out != "":
		fmt.Fprintf(e.stderr, "grimoire merge: --out is for sweep shards; %s is of a simulate run\n", shards[0].Name)
		return ExitUsage
	}
	sum, err := engine.MergeShards(shards)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire merge: %v\n", err)
		return ExitFail
	}
	return printSummary(e, "merge", sum, shards[0].Variant, *format, ExitOK)
}

func readShardFile(name string) (engine.AnyShardFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return engine.AnyShardFile{}, unwrapPathErr(err)
	}
	defer f.Close()
	sf, err := engine.ReadAnyShardFile(f)
	return sf, unwrapPathErr(err)
}

// parseFiles parses flags around one FILE argument or more.
func parseFiles(e *env, fs *flag.FlagSet, args []string) ([]string, int, bool) {
	fs.SetOutput(io.Discard)
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				// Help asked for is the output, for a pager or a file.
				fs.SetOutput(e.stdout)
				usage()
				return nil, ExitOK, false
			}
			fmt.Fprintf(e.stderr, "grimoire %s: %v%s (see grimoire %s --help)\n", fs.Name(), err, flagHint(fs, err), fs.Name())
			return nil, ExitUsage, false
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) == 0 {
		fmt.Fprintf(e.stderr, "grimoire %s: a FILE argument is required\n", fs.Name())
		return nil, ExitUsage, false
	}
	return files, 0, true
}
