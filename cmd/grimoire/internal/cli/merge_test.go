package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// speedLine is the run-dependent line of the text summary.
var speedLine = regexp.MustCompile(`(?m)^speed: .*\n`)

// withoutTiming removes what depends on the machine from a summary.
func withoutTiming(format, out string) string {
	if format == "json" {
		return timing.ReplaceAllString(out, "")
	}
	return speedLine.ReplaceAllString(out, "")
}

// shardRuns runs the shards of a study through the command line, each
// writing its tally to dir, and returns the files, last shard first.
func shardRuns(t *testing.T, dir string, count int, study ...string) []string {
	t.Helper()
	var files []string
	for i := count - 1; i >= 0; i-- {
		file := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		args := append([]string{"simulate", "--shard", fmt.Sprintf("%d/%d", i, count), "--out", file, "--workers", "1"}, study...)
		code, out, errs := run(t, args...)
		if code != ExitOK {
			t.Fatalf("shard %d: exit %d: %s", i, code, errs)
		}
		if want := fmt.Sprintf("shard %d/%d: games ", i, count); !strings.Contains(out, want) {
			t.Errorf("shard %d's summary lacks %q:\n%s", i, want, out)
		}
		files = append(files, file)
	}
	return files
}

// TestMergeEqualsOneRun: four shards run by the real command and merged
// give, byte for byte but for timing, what one run of all the games gives,
// in text and JSON, for every game, a variant and overrides.
func TestMergeEqualsOneRun(t *testing.T) {
	for _, study := range [][]string{
		{"--game", "warlock", "-n", "14", "--bots", "greedy,random", "--seed", "7"},
		{"--game", "warriors", "--variant", "dragon_hordes", "-n", "11", "--bots", "random,greedy", "--players", "3"},
		{"--game", "bellum_magica", "-n", "10", "--set", "goblins=1", "--bots", "greedy"},
	} {
		t.Run(study[1], func(t *testing.T) {
			files := shardRuns(t, t.TempDir(), 4, study...)
			for _, format := range []string{"text", "json"} {
				code, one, errs := run(t, append([]string{"simulate", "--format", format}, study...)...)
				if code != ExitOK {
					t.Fatalf("one run: exit %d: %s", code, errs)
				}
				code, merged, errs := run(t, append([]string{"merge", "--format", format}, files...)...)
				if code != ExitOK || errs != "" {
					t.Fatalf("merge: exit %d: %s", code, errs)
				}
				if a, b := withoutTiming(format, merged), withoutTiming(format, one); a != b {
					t.Errorf("%s: merged:\n%s\none run:\n%s", format, a, b)
				}
			}
		})
	}
}

// TestMergeRefuses: a shard of another study, the same shard twice,
// missing games and a damaged file are refused, naming the file.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	study := []string{"--game", "warlock", "-n", "12", "--bots", "greedy,random"}
	files := shardRuns(t, dir, 3, study...) // 2/3, 1/3, 0/3
	otherDir := filepath.Join(dir, "other")
	other := shardRuns(t, otherDir, 3, append(study, "--seed", "2")...)
	data, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged.json")
	if err := os.WriteFile(damaged, []byte(strings.Replace(string(data), `"solo": `, `"solo": 1`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	edited := regexp.MustCompile(`"sum": "([1-9]\d)`).ReplaceAllString(string(data), `"sum": "9$1`)
	tampered := filepath.Join(dir, "tampered.json")
	if err := os.WriteFile(tampered, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	notJSON := filepath.Join(dir, "log.jsonl")
	if err := os.WriteFile(notJSON, []byte("{\"game\": \"warlock\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runMergeCases(t, []mergeCase{
		{"foreign", []string{files[0], other[1], files[2]}, ExitFail, []string{other[1] + ": shard of another study: warlock, 12 games of 4 players, seed 2", files[0] + " is of warlock, 12 games of 4 players, seed 1"}},
		{"duplicate", []string{files[0], files[1], files[2], files[1]}, ExitFail, []string{files[1] + ": games 4 to 7 of shard 1/3 already in " + files[1]}},
		{"missing", []string{files[0], files[2]}, ExitFail, []string{"no shard covers games 4 to 7 of the 12 games of warlock"}},
		{"damaged", []string{files[0], damaged, files[2]}, ExitFail, []string{damaged + ": damaged shard file: seat "}},
		{"tampered", []string{files[0], tampered, files[2]}, ExitFail, []string{tampered + ": damaged shard file: checksum"}},
		{"not a shard", []string{notJSON}, ExitFail, []string{notJSON + `: not a shard file: format ""`}},
		{"absent", []string{filepath.Join(dir, "none.json")}, ExitFail, []string{"none.json: no such file"}},
		{"no files", nil, ExitUsage, []string{"a FILE argument is required"}},
		{"format", []string{"--format", "yaml", files[0]}, ExitUsage, []string{`unknown --format "yaml"`}},
	})
}

// mergeCase is a merge command line that fails: its exit code and what
// its standard error says.
type mergeCase struct {
	name  string
	args  []string
	code  int
	wants []string
}

// runMergeCases runs each case's merge, which must print nothing on
// standard output.
func runMergeCases(t *testing.T, tests []mergeCase) {
	t.Helper()
	for _, tt := range tests {
		code, out, errs := run(t, append([]string{"merge"}, tt.args...)...)
		if code != tt.code || out != "" {
			t.Errorf("%s: exit %d; want %d\n%s%s", tt.name, code, tt.code, out, errs)
		}
		for _, want := range tt.wants {
			if !strings.Contains(errs, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", tt.name, want, errs)
			}
		}
	}
}

// TestShardUsage: simulate and sweep refuse a bad --shard alike, each
// counting its games its way.
func TestShardUsage(t *testing.T) {
	simulate := []string{"simulate", "--game", "warlock"}
	sweep := []string{"sweep", "--game", "warlock", "--set", "days=2,3"}
	tests := []struct {
		cmd, args []string
		want      string
	}{
		{simulate, []string{"--shard", "4/4"}, `--shard: shard "4/4": want 0 ≤ i < n`},
		{simulate, []string{"--shard", "1:4"}, "want i/n"},
		{simulate, []string{"--shard", "1/8", "-n", "5"}, "--shard 1/8: 8 shards for 5 games"},
		{sweep, []string{"--shard", "4/4"}, `--shard: shard "4/4": want 0 ≤ i < n`},
		{sweep, []string{"--shard", "1:4"}, "want i/n"},
		{sweep, []string{"--shard", "1/8", "-n", "5"}, "--shard 1/8: 8 shards for 5 games a point"},
	}
	for _, tt := range tests {
		code, out, errs := run(t, slices.Concat(tt.cmd, tt.args)...)
		if code != ExitUsage || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("%s %v: exit %d, %q; want 2, %q", tt.cmd[0], tt.args, code, errs, tt.want)
		}
	}
}

// manifestArgs returns the args of the container named name in a
// Kubernetes manifest: the "- " items after its "args:" line.
func manifestArgs(t *testing.T, manifest, name string) []string {
	t.Helper()
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	in, inArgs := false, false
	for _, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		switch {
		case s == "- name: "+name:
			in = true
		case in && s == "args:":
			inArgs = true
		case inArgs && strings.HasPrefix(s, "- "):
			args = append(args, strings.TrimPrefix(s, "- "))
		case inArgs && !strings.HasPrefix(s, "#"):
			return args
		}
	}
	return args
}

// runPods runs a job's four pods (args, with its games cut from fullN to
// smallN) as Kubernetes would, writing into dir instead of /results, then
// the command of the merge job in mergeJob. It returns the merge's
// arguments, exit code and output.
func runPods(t *testing.T, args []string, mergeJob, fullN, smallN, dir string) (merge []string, code int, out, errs string) {
	t.Helper()
	for k := range 4 {
		pod := strings.NewReplacer("$(JOB_COMPLETION_INDEX)", fmt.Sprint(k), fullN, smallN, "/results", dir).Replace(strings.Join(args, "\x00"))
		if code, _, errs := run(t, strings.Split(pod, "\x00")...); code != ExitOK {
			t.Fatalf("pod %d: exit %d: %s", k, code, errs)
		}
	}
	merge = manifestArgs(t, mergeJob, "merge")
	for i := range merge {
		merge[i] = strings.Replace(merge[i], "/results", dir, 1)
	}
	code, out, errs = run(t, merge...)
	return merge, code, out, errs
}

// TestKubernetesManifests: the Indexed Job's pods, given their index as
// Kubernetes does, and the merge job run as the manifests say, on fewer
// games.
func TestKubernetesManifests(t *testing.T) {
	data, err := os.ReadFile("../../../../docs/k8s/simulate-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"completionMode: Indexed\n", "completions: 4 ", "- --shard=$(JOB_COMPLETION_INDEX)/4\n", "claimName: grimoire-results\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("simulate-job.yaml lacks %q", want)
		}
	}
	dir := t.TempDir()
	args := manifestArgs(t, "../../../../docs/k8s/simulate-job.yaml", "simulate")
	if len(args) == 0 || args[0] != "simulate" {
		t.Fatalf("simulate args %q", args)
	}
	merge, code, out, errs := runPods(t, args, "../../../../docs/k8s/merge-job.yaml", "-n=1000000", "-n=12", dir)
	if code != ExitOK || !strings.HasPrefix(out, "warlock: 12 games of 4 players, seed 7\n") {
		t.Errorf("merge %q: exit %d:\n%s%s", merge, code, out, errs)
	}
}

// TestSimulateInterruptedOut: an interrupted shard writes no tally, which
// would lack games, and says so.
func TestSimulateInterruptedOut(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shard-1.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := RunContext(ctx, []string{"simulate", "--game", "warriors", "-n", "50", "--shard", "1/2", "--out", file}, strings.NewReader(""), &out, &errb)
	if code != ExitInterrupted || !strings.Contains(errb.String(), file+" is not written") {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	if _, err := os.Stat(file); err == nil {
		t.Errorf("%s written", file)
	}
}
