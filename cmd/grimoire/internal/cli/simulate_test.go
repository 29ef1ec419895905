package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func TestSimulateText(t *testing.T) {
	code, out, errs := run(t, "simulate", "--game", "warlock", "-n", "12", "--players", "3", "--bots", "random,greedy", "--seed", "5")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"warlock: 12 games of 3 players, seed 5\n",
		"bots: random, greedy (the lineup turns one seat every game)\n",
		"games/s on ",
		"  seat  win rate  95% interval  solo  shared        score    p5   p25  p50   p75   p95\n",
		"     bot  seat-games  win rate  95% interval  expected  solo  shared        score",
		"  random          18      0.0%     0.0–17.6%     33.3%     0       0   15.7 ± 5.6",
		"  greedy          18 ", "33.3%",
		"shared wins: 0 games (0.0%, 95% interval 0.0–24.2%); all seats tied: 0 games\n",
		"winning margin: ",
		"score, all seats: ",
		"game length in actions: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if errs != "" {
		t.Errorf("stderr is not a terminal, yet: %q", errs)
	}
}

// timing matches the run-dependent block of the JSON summary.
var timing = regexp.MustCompile(`(?s),\n  "timing": \{\n.*?\n  \}`)

// TestSimulateJSONWorkers: apart from "timing", the JSON does not depend
// on the number of workers.
func TestSimulateJSONWorkers(t *testing.T) {
	var outs [2]string
	for i, w := range []string{"1", "2"} {
		code, out, errs := run(t, "simulate", "--game", "warlock", "-n", "16", "--bots", "greedy,random", "--seed", "3", "--workers", w, "--format", "json")
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var sum engine.Summary
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatal(err)
		}
		if sum.Timing.Workers != i+1 || sum.Players != 4 || sum.Games != 16 || len(sum.Seats) != 4 || len(sum.ByBot) != 2 {
			t.Errorf("summary %+v", sum)
		}
		if !timing.MatchString(out) || !strings.HasSuffix(timing.FindString(out), "\n  }") || !strings.HasSuffix(out, "  }\n}\n") {
			t.Fatalf("no timing block at the end of:\n%s", out)
		}
		outs[i] = timing.ReplaceAllString(out, "")
		if strings.Contains(outs[i], "second") || strings.Contains(outs[i], "workers") {
			t.Errorf("run-dependent figures outside timing:\n%s", outs[i])
		}
	}
	if outs[0] != outs[1] {
		t.Errorf("JSON differs with the number of workers:\n%s\n---\n%s", outs[0], outs[1])
	}
}

func TestSimulateSet(t *testing.T) {
	summary := func(args ...string) engine.Summary {
		t.Helper()
		args = append([]string{"simulate", "--game", "warlock", "-n", "6", "--format", "json"}, args...)
		code, out, errs := run(t, args...)
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var sum engine.Summary
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatal(err)
		}
		return sum
	}
	plain := summary()
	short := summary("--set", "days=1")
	if len(short.Set) != 1 || short.Set[0] != "days=1" || len(plain.Set) != 0 {
		t.Errorf("set recorded as %v and %v", short.Set, plain.Set)
	}
	if short.Overall.Length.Max >= plain.Overall.Length.Min {
		t.Errorf("one day lasts %v..%v actions, the default %v..%v", short.Overall.Length.Min, short.Overall.Length.Max, plain.Overall.Length.Min, plain.Overall.Length.Max)
	}
}

func TestSimulateBadSet(t *testing.T) {
	diagLine := regexp.MustCompile(`(?m)^.*: error: .* \[G\d{3}\]$`)
	for _, set := range []string{"nosuch=3", "days=many", "days"} {
		t.Run(set, func(t *testing.T) {
			code, out, errs := run(t, "simulate", "--game", "warlock", "-n", "2", "--set", set)
			if code != ExitFail {
				t.Fatalf("exit %d; want 1\n%s%s", code, out, errs)
			}
			if !diagLine.MatchString(errs) || !strings.Contains(errs, "1 error") {
				t.Errorf("no compiler-style diagnostic:\n%s", errs)
			}
			if out != "" {
				t.Errorf("output despite the error:\n%s", out)
			}
		})
	}
}

func TestSimulateUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "--game is required"},
		{[]string{"--game", "nosuch"}, `no game "nosuch" (games: bellum_magica, hearts, warlock, warriors)`},
		{[]string{"--game", "hearts", "--engine", "go"}, "game hearts has no engine written in Go (games with one: bellum_magica, warlock, warriors); --engine rules plays its rules"},
		{[]string{"--root", tiny, "--game", "tiny", "--engine", "rules"}, `game tiny has no rules in the rules language (no .star file in its directory); see "An engine for your game" in docs/simulating.md`},
		{[]string{"--game", "hearts", "--engine", "lua"}, `--engine "lua": want go or rules`},
		{[]string{"--game", "warlock", "--bots", "random,clever"}, `unknown bot "clever" (warlock has: random, greedy`},
		{[]string{"--game", "warlock", "--players", "2"}, "--players 2: warlock is for 3 to 5 players"},
		{[]string{"--game", "warlock", "--players", "9"}, "--players 9: warlock is for 3 to 5 players"},
		{[]string{"--game", "warlock", "--players", "3", "--bots", "random,random,greedy,greedy"}, "4 bots for 3 players"},
		{[]string{"--game", "warlock", "-n", "0"}, "-n 0: want at least one game"},
		{[]string{"--game", "warlock", "--workers", "0"}, "--workers 0"},
		{[]string{"--game", "warlock", "--format", "xml"}, `unknown --format "xml"`},
		{[]string{"--game", "warlock", "--seed", "-1"}, "invalid value"},
		{[]string{"--game", "warlock", "extra"}, `unexpected argument "extra"`},
		{[]string{"--game", "warlock", "--root", "/nonexistent/grimoire"}, "--root"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			// -n 1 keeps a command that wrongly runs short; a later -n wins.
			code, out, errs := run(t, append([]string{"simulate", "-n", "1"}, tt.args...)...)
			if code != ExitUsage {
				t.Errorf("exit %d; want 2\n%s%s", code, out, errs)
			}
			if !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q lacks %q", errs, tt.want)
			}
		})
	}
}

func TestSimulateHelp(t *testing.T) {
	code, out, _ := run(t, "help")
	if code != ExitOK || !strings.Contains(out, "  simulate ") || !strings.Contains(out, "  replay ") {
		t.Errorf("usage lacks simulate and replay:\n%s", out)
	}
	for _, cmd := range []string{"simulate", "replay"} {
		code, out, _ := run(t, cmd, "--help")
		if code != ExitOK || strings.Count(out, "Usage: grimoire "+cmd) != 1 {
			t.Errorf("%s --help: exit %d\n%s", cmd, code, out)
		}
	}
}

// simulateLog runs simulate with --log and returns the log's path.
func simulateLog(t *testing.T, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "games.jsonl")
	code, _, errs := run(t, "simulate", "--game", "warlock", "-n", fmt.Sprint(n), "--players", "3", "--bots", "greedy,random", "--set", "days=2", "--log", file)
	if code != ExitOK {
		t.Fatalf("simulate: exit %d: %s", code, errs)
	}
	return file
}

func TestReplay(t *testing.T) {
	file := simulateLog(t, 3)
	code, out, errs := run(t, "replay", file)
	if code != ExitOK || !regexp.MustCompile(`^ok: 3 games, \d+ actions\n$`).MatchString(out) {
		t.Fatalf("replay: exit %d\n%s%s", code, out, errs)
	}

	one := simulateLog(t, 1)
	data, err := os.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var foot engine.LogFooter
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &foot); err != nil || !foot.End {
		t.Fatalf("last line %s: %v", lines[len(lines)-1], err)
	}
	var header engine.LogHeader
	if err := json.Unmarshal([]byte(lines[0]), &header); err != nil || header.Game != "warlock" || header.Set[0] != "days=2" {
		t.Fatalf("header %s: %v", lines[0], err)
	}
	want := fmt.Sprintf("ok: %d actions, returns %s\n", foot.Length, formatReturns(foot.Returns))
	code, out, errs = run(t, "replay", one)
	if code != ExitOK || out != want {
		t.Fatalf("replay: exit %d\n%s%s\nwant %s", code, out, errs, want)
	}

	// Flags after the file work too.
	if code, _, errs := run(t, "replay", one, "--root", "../../../.."); code != ExitOK {
		t.Errorf("replay FILE --root: exit %d: %s", code, errs)
	}

	// Tampering with the hash of turn 10 (line 12) is found at turn 10.
	tampered := append([]string(nil), lines...)
	hash := regexp.MustCompile(`"hash":"[0-9a-f]{16}"`)
	tampered[11] = hash.ReplaceAllString(tampered[11], `"hash":"00000000deadbeef"`)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Join(tampered, "\n")+"\n"), 0o644)
	code, out, errs = run(t, "replay", bad)
	if code != ExitFail || !strings.Contains(errs, "mismatch at turn 10: hash ") || !strings.Contains(errs, "the log says 00000000deadbeef") || out != "" {
		t.Errorf("tampered log: exit %d\n%s%s", code, out, errs)
	}

	// Without its footer and last actions, the log replays as far as it
	// goes and says it is truncated.
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	os.WriteFile(cut, []byte(strings.Join(lines[:21], "\n")+"\n"), 0o644)
	code, _, errs = run(t, "replay", cut)
	if code != ExitFail || !strings.Contains(errs, "line 22: log truncated: cut inside a game after 0 complete games and 20 actions of the next; what it holds replays right") {
		t.Errorf("truncated log: exit %d\n%s", code, errs)
	}
}

func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, ExitUsage, "a FILE argument is required"},
		{[]string{filepath.Join(dir, "missing.jsonl")}, ExitFail, "no such file"},
		{[]string{"a", "b"}, ExitUsage, `unexpected argument "b"`},
		{[]string{write("junk", "hello\n")}, ExitFail, "junk: line 1: invalid character"},
		{[]string{write("other", `{"log":"grimoire","version":1,"game":"chess","players":2,"seed":1,"set":[],"bots":[]}`+"\n")}, ExitFail, `no game "chess" (games: bellum_magica, hearts, warlock, warriors)`},
		{[]string{write("set", `{"log":"grimoire","version":1,"game":"warlock","players":3,"seed":1,"set":["nosuch=1"],"bots":[]}`+"\n")}, ExitFail, "1 error"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := run(t, append([]string{"replay"}, tt.args...)...)
			if code != tt.code || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d (want %d)\n%s%s\nwant %q", code, tt.code, out, errs, tt.want)
			}
		})
	}
}

// TestGameIDDashes: --game takes dashes for underscores, for every command
// that names a game.
func TestGameIDDashes(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "--game", "bellum-magica", "-n", "4", "--players", "5"},
		{"check", "--game", "bellum-magica"},
		{"export", "--game", "bellum-magica", "-o", filepath.Join(t.TempDir(), "bellum_magica.json")},
		{"score", "--game", "bellum-magica", "../../../../engine/bellummagica/testdata/score/example.toml"},
	} {
		if code, out, errs := run(t, args...); code != ExitOK {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
}

// TestSimulateInterrupted: a run stopped by its context (SIGINT in the
// command) exits 130 and keeps a log that says it was interrupted, which
// replay verifies.
func TestSimulateInterrupted(t *testing.T) {
	for _, name := range []string{"run.jsonl", "run.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), name)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			var out, errb bytes.Buffer
			code := RunContext(ctx, []string{"simulate", "--game", "warriors", "-n", "50", "--log", log, "--log-format", "compact"}, strings.NewReader(""), &out, &errb)
			if code != ExitInterrupted || !strings.Contains(errb.String(), "interrupted after 0 complete games; "+log+" holds them") {
				t.Fatalf("exit %d\n%s", code, errb.String())
			}
			code, stdout, errs := run(t, "replay", log)
			if code != ExitFail || !strings.Contains(errs, "no game in the log") || stdout != "" {
				t.Errorf("replay: exit %d\n%s%s", code, stdout, errs)
			}
		})
	}
}

// TestSimulateCompactLog: a compact, gzip-compressed log replays.
func TestSimulateCompactLog(t *testing.T) {
	log := filepath.Join(t.TempDir(), "run.jsonl.gz")
	if code, _, errs := run(t, "simulate", "--game", "warriors", "-n", "20", "--log", log, "--log-format", "compact"); code != ExitOK {
		t.Fatalf("simulate: exit %d\n%s", code, errs)
	}
	code, out, errs := run(t, "replay", log)
	if code != ExitOK || !strings.Contains(out, "ok: 20 games") {
		t.Errorf("replay: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := run(t, "simulate", "--game", "warriors", "--log-format", "compact"); code != ExitUsage || !strings.Contains(errs, "--log-format does not apply without --log") {
		t.Errorf("--log-format alone: exit %d\n%s", code, errs)
	}
}

// TestEnginesWriteOneLog: a game with both engines plays the same games
// on each from one seed, random bots and chance alike, and both write the
// same log, action numbers and hashes included; each engine replays the
// other's log.
func TestEnginesWriteOneLog(t *testing.T) {
	for _, tc := range []struct{ game, variant string }{
		{"bellum_magica", ""},
		{"warlock", ""},
		{"warriors", ""},
		{"warriors", "dragon-hordes"},
	} {
		t.Run(tc.game+tc.variant, func(t *testing.T) {
			t.Parallel()
			logs := map[string][]byte{}
			for _, use := range []string{engineGo, engineRules} {
				file := filepath.Join(t.TempDir(), use+".jsonl")
				args := []string{"simulate", "--game", tc.game, "-n", "4", "--seed", "1", "--engine", use, "--log", file}
				if tc.variant != "" {
					args = append(args, "--variant", tc.variant)
				}
				if code, _, errs := run(t, args...); code != ExitOK {
					t.Fatalf("%s: exit %d: %s", use, code, errs)
				}
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				logs[use] = data
				other := engineRules
				if use == engineRules {
					other = engineGo
				}
				if code, out, errs := run(t, "replay", "--engine", other, file); code != ExitOK || !strings.HasPrefix(out, "ok: 4 games") {
					t.Errorf("the %s engine's log replayed by the %s engine: exit %d\n%s%s", use, other, code, out, errs)
				}
			}
			a, b := strings.Split(string(logs[engineGo]), "\n"), strings.Split(string(logs[engineRules]), "\n")
			for i := range min(len(a), len(b)) {
				if a[i] != b[i] {
					t.Fatalf("the logs part at line %d:\ngo:    %s\nrules: %s", i+1, a[i], b[i])
				}
			}
			if len(a) != len(b) {
				t.Fatalf("the logs have %d and %d lines", len(a), len(b))
			}
		})
	}
}

// TestCompiledRules: a shipped game's rules run compiled to Go (grimoire
// gen), and the same game edited runs by the interpreter: both play the
// same games, to the same summary.
func TestCompiledRules(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"cards/hearts", "locales/hearts"} {
		if err := os.CopyFS(filepath.Join(root, dir), os.DirFS(filepath.Join("../../../..", dir))); err != nil {
			t.Fatal(err)
		}
	}
	star := filepath.Join(root, "cards/hearts/rules.star")
	src, err := os.ReadFile(star)
	if err != nil {
		t.Fatal(err)
	}
	// A comment changes the data, not the rules.
	if err := os.WriteFile(star, append(src, "# edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, extra := range [][]string{nil, {"--root", root}} {
		args := append([]string{"simulate", "--game", "hearts", "-n", "30", "--seed", "4", "--bots", "greedy,random", "--format", "json"}, extra...)
		code, out, errs := run(t, args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", extra, code, errs)
		}
		out = timing.ReplaceAllString(out, "")
		out = regexp.MustCompile(`"data": "[0-9a-f]+"`).ReplaceAllString(out, "")
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("compiled and interpreted rules summarise differently:\n%s\n%s", outs[0], outs[1])
	}
}
