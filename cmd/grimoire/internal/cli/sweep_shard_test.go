package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
)

// sweepShardRuns runs the shards of a sweep through the command line,
// last shard first, each writing its tally to dir; it returns the files
// and the shards' JSON tables.
func sweepShardRuns(t *testing.T, dir string, count int, study ...string) (files, tables []string) {
	t.Helper()
	for i := count - 1; i >= 0; i-- {
		file := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		args := append([]string{"sweep", "--shard", fmt.Sprintf("%d/%d", i, count), "--out", file, "--workers", "1", "--format", "json"}, study...)
		code, out, errs := run(t, args...)
		if code != ExitOK {
			t.Fatalf("shard %d: exit %d: %s", i, code, errs)
		}
		files, tables = append(files, file), append(tables, out)
	}
	return files, tables
}

// TestSweepMergeEqualsOneRun: four shards of a sweep, run by the real
// command and merged, print in text, CSV and JSON what one sweep of all
// the games prints, byte for byte but for the speed line, and write the
// same table, plots and page with --out; for every game.
func TestSweepMergeEqualsOneRun(t *testing.T) {
	sch := compileSchemas(t)
	for _, study := range [][]string{
		{"--game", "warlock", "-n", "9", "--bots", "greedy,random", "--seed", "7", "--set", "days=2,3", "--set", "majority_bonus.giant=4..8/4", "--set", "rounds_per_day=3"},
		{"--game", "warriors", "--variant", "dragon_hordes", "-n", "6", "--players", "3", "--bots", "random,greedy", "--set", "rounds=2,3", "--set", "bow_bonus=1,2"},
		{"--game", "bellum_magica", "-n", "5", "--bots", "greedy", "--set", "goblins=1,2", "--set", `scout_chest="metal","wooden"`},
	} {
		t.Run(study[1], func(t *testing.T) {
			dir := t.TempDir()
			files, tables := sweepShardRuns(t, dir, 4, study...)
			for _, table := range tables {
				v, err := jsonschema.UnmarshalJSON(strings.NewReader(table))
				if err != nil {
					t.Fatal(err)
				}
				if err := sch.Validate(v); err != nil {
					t.Errorf("a shard's table does not match the schema: %v", err)
				}
			}
			oneDir, mergedDir := filepath.Join(dir, "one"), filepath.Join(dir, "merged")
			code, one, errs := run(t, append([]string{"sweep", "--out", oneDir}, study...)...)
			if code != ExitOK {
				t.Fatalf("one run: exit %d: %s", code, errs)
			}
			code, merged, errs := run(t, append([]string{"merge", "--out", mergedDir}, files...)...)
			if code != ExitOK || errs != "" {
				t.Fatalf("merge: exit %d: %s", code, errs)
			}
			if a, b := speedLine.ReplaceAllString(merged, ""), speedLine.ReplaceAllString(one, ""); a != b {
				t.Errorf("text: merged:\n%s\none run:\n%s", a, b)
			}
			if !strings.Contains(merged, "\nspeed: ") {
				t.Errorf("merged text has no speed line:\n%s", merged)
			}
			oneFiles, mergedFiles := readDir(t, oneDir), readDir(t, mergedDir)
			if len(oneFiles) != len(mergedFiles) {
				t.Errorf("merge --out wrote %d files; one run %d", len(mergedFiles), len(oneFiles))
			}
			for name, data := range oneFiles {
				if !bytes.Equal(mergedFiles[name], data) {
					t.Errorf("merge --out: %s differs from one run's", name)
				}
			}
			// One run prints table.csv and table.json in those formats.
			for format, want := range map[string][]byte{"csv": oneFiles["table.csv"], "json": oneFiles["table.json"]} {
				code, merged, errs := run(t, append([]string{"merge", "--format", format}, files...)...)
				if code != ExitOK || merged != string(want) {
					t.Errorf("merge --format %s: exit %d: %s\n%s\nwant one run's\n%s", format, code, errs, merged, want)
				}
			}
		})
	}
}

// sweepTree copies Warlock into a games tree of its own, with a comment
// appended to its data when edited: the same rules, other data.
func sweepTree(t *testing.T, edited bool) string {
	t.Helper()
	root := t.TempDir()
	for _, dir := range []string{"cards", "locales"} {
		src := filepath.Join("../../../..", dir, "warlock")
		if err := os.CopyFS(filepath.Join(root, dir, "warlock"), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	if edited {
		f, err := os.OpenFile(filepath.Join(root, "cards", "warlock", "game.toml"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("\n# edited\n"); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestMergeRefusesSweep: simulate and sweep shards do not mix; shards of
// another sweep, of other data, covering games twice or missing some are
// refused, naming the file; simulate shards of other data too.
func TestMergeRefusesSweep(t *testing.T) {
	dir := t.TempDir()
	study := []string{"--game", "warlock", "-n", "6", "--bots", "random", "--set", "days=2,3"}
	sweeps, _ := sweepShardRuns(t, dir, 3, study...) // 2/3, 1/3, 0/3
	other, _ := sweepShardRuns(t, filepath.Join(dir, "other"), 3, append(study, "--set", "majority_bonus.giant=4,5")...)
	sims := shardRuns(t, filepath.Join(dir, "sim"), 2, "--game", "warlock", "-n", "6")

	root, edited := sweepTree(t, false), sweepTree(t, true)
	data := func(cmd, root string, shard int, extra ...string) string {
		t.Helper()
		file := filepath.Join(dir, fmt.Sprintf("%s-%s-%d.json", cmd, filepath.Base(root), shard))
		args := append([]string{cmd, "--root", root, "--shard", fmt.Sprintf("%d/2", shard), "--out", file, "--game", "warlock", "-n", "4"}, extra...)
		if code, _, errs := run(t, args...); code != ExitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errs)
		}
		return file
	}
	sweepA, sweepB := data("sweep", root, 0, "--set", "days=2,3"), data("sweep", edited, 1, "--set", "days=2,3")
	simA, simB := data("simulate", root, 0), data("simulate", edited, 1)
	if code, _, errs := run(t, "merge", sweepA, data("sweep", root, 1, "--set", "days=2,3")); code != ExitOK {
		t.Fatalf("shards of one tree: exit %d: %s", code, errs)
	}

	runMergeCases(t, []mergeCase{
		{"sweep among simulate", []string{sims[1], sweeps[0]}, ExitFail, []string{sweeps[0] + ": a sweep shard among simulate shards (" + sims[1] + " is of a simulate run)"}},
		{"simulate among sweep", []string{sweeps[0], sweeps[1], sims[0]}, ExitFail, []string{sims[0] + ": a simulate shard among sweep shards (" + sweeps[0] + " is of a sweep)"}},
		{"foreign", []string{sweeps[0], other[1], sweeps[2]}, ExitFail, []string{other[1] + ": shard of another sweep: warlock, 6 games of 4 players, seed 1, bots random, sweeping days=2,3 by majority_bonus.giant=4,5; " + sweeps[0] + " is of warlock, 6 games of 4 players, seed 1, bots random, sweeping days=2,3\n"}},
		{"duplicate", []string{sweeps[2], sweeps[1], sweeps[0], sweeps[1]}, ExitFail, []string{sweeps[1] + ": games 2 to 3 of shard 1/3 already in " + sweeps[1]}},
		{"missing", []string{sweeps[0], sweeps[2]}, ExitFail, []string{"no shard covers games 2 to 3 of the 6 games at each grid point of warlock"}},
		{"sweep data", []string{sweepA, sweepB}, ExitFail, []string{sweepB + ": shard of other game data: "}},
		{"simulate data", []string{simB, simA}, ExitFail, []string{simA + ": shard of other game data: "}},
		{"csv of simulate", []string{"--format", "csv", sims[0], sims[1]}, ExitUsage, []string{"--format csv is for sweep shards"}},
		{"out of simulate", []string{"--out", filepath.Join(dir, "plots"), sims[0], sims[1]}, ExitUsage, []string{"--out is for sweep shards"}},
		{"format", []string{"--format", "yaml", sweeps[0]}, ExitUsage, []string{`unknown --format "yaml"`}},
	})
	if _, err := os.Stat(filepath.Join(dir, "plots")); err == nil {
		t.Error("merge of simulate shards wrote --out")
	}
}

// TestSweepShardText: a shard's table says which games of each point it
// played, and the file it writes is a sweep shard; an interrupted shard
// writes none.
func TestSweepShardText(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shard-1.json")
	code, out, errs := run(t, "sweep", "--game", "warriors", "-n", "10", "--set", "rounds=2,3", "--shard", "1/4", "--out", file)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "warriors: 3 games of 4 players at each of 2 grid points, seed 1; bots: random; shard 1/4: games 2 to 4 of 10 at each point\n"; !strings.HasPrefix(out, want) {
		t.Errorf("shard's text:\n%s\nwant it to start with\n%s", out, want)
	}
	data, err := os.ReadFile(file)
	if err != nil || !bytes.Contains(data, []byte(`"format": "grimoire sweep shard"`)) {
		t.Errorf("shard file: %v\n%.200s", err, data)
	}

	interrupted := filepath.Join(t.TempDir(), "shard-0.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	code = RunContext(ctx, []string{"sweep", "--game", "warriors", "-n", "50", "--set", "rounds=2,3", "--shard", "0/2", "--out", interrupted}, strings.NewReader(""), &o, &e)
	if code != ExitInterrupted || !strings.Contains(e.String(), interrupted+" is not written") {
		t.Errorf("exit %d\n%s", code, e.String())
	}
	if _, err := os.Stat(interrupted); err == nil {
		t.Errorf("%s written", interrupted)
	}
}

// TestKubernetesSweepManifests: the sweep's Indexed Job pods, given their
// index as Kubernetes does, and its merge job, run as the manifests say on
// fewer games; the merge writes the table and plots.
func TestKubernetesSweepManifests(t *testing.T) {
	dir := t.TempDir()
	args := manifestArgs(t, "../../../../docs/k8s/sweep-job.yaml", "sweep")
	if len(args) == 0 || args[0] != "sweep" || !slices.Contains(args, "--shard=$(JOB_COMPLETION_INDEX)/4") {
		t.Fatalf("sweep args %q", args)
	}
	merge, code, out, errs := runPods(t, args, "../../../../docs/k8s/sweep-merge-job.yaml", "-n=100000", "-n=4", dir)
	if code != ExitOK || !strings.HasPrefix(out, "warlock: 4 games of 4 players at each of 15 grid points, seed 7; bots: greedy, random") {
		t.Errorf("merge %q: exit %d:\n%s%s", merge, code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "study", "index.html")); err != nil {
		t.Errorf("merge wrote no page: %v", err)
	}
}

// TestSweepLoadsOnce: a grid point costs far less than a load of the
// games tree (as sweep loads it: without the checks), since the game is
// loaded once and each point gets a copy with its own parameters, whose
// texts are rendered again to check them. Counted in allocations, which
// timing noise does not touch.
func TestSweepLoadsOnce(t *testing.T) {
	sweep := func(points string) float64 {
		return testing.AllocsPerRun(1, func() {
			if code, _, errs := run(t, "sweep", "--game", "warlock", "-n", "1", "--workers", "1", "--format", "csv", "--set", "days=2..3", "--set", "majority_bonus.giant="+points); code != ExitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
		})
	}
	load := testing.AllocsPerRun(1, func() {
		if games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}}); d.HasErrors() || games.Game("warlock") == nil {
			t.Fatal(d)
		}
	})
	few, many := sweep("4"), sweep("4..9")
	perPoint := (many - few) / 10
	t.Logf("a load: %.0f allocations; a point: %.0f", load, perPoint)
	// A point builds its engine, and a Go engine of a game with rules
	// builds the rules to number its actions by: less than a load of the
	// tree, which a point that loaded it again would add on top.
	if perPoint > load {
		t.Errorf("a grid point costs %.0f allocations, a load of the tree %.0f: each point loads the tree again?", perPoint, load)
	}
}
