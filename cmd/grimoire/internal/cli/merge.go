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
	format := fs.String("format", "text", "text or json")
	files, code, ok := parseFiles(e, fs, args)
	if !ok {
		return code
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "grimoire merge: unknown --format %q (want text or json)\n", *format)
		return ExitUsage
	}
	var shards []engine.NamedShard
	for _, name := range files {
		f, err := readShardFile(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "grimoire merge: %s: %v\n", name, err)
			return ExitFail
		}
		shards = append(shards, engine.NamedShard{Name: name, ShardFile: f})
	}
	sum, err := engine.MergeShards(shards)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire merge: %v\n", err)
		return ExitFail
	}
	return printSummary(e, "merge", sum, shards[0].Variant, *format, ExitOK)
}

func readShardFile(name string) (*engine.ShardFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, unwrapPathErr(err)
	}
	defer f.Close()
	sf, err := engine.ReadShardFile(f)
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
				fs.SetOutput(e.stderr)
				usage()
				return nil, ExitOK, false
			}
			fmt.Fprintf(e.stderr, "grimoire %s: %v (see grimoire %s --help)\n", fs.Name(), err, fs.Name())
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
