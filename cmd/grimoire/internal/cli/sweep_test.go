package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

func TestParseAxis(t *testing.T) {
	tests := []struct {
		in   string
		name string
		want []string
		err  string
	}{
		{"days=2,3,4", "days", []string{"2", "3", "4"}, ""},
		{" days = 4 ", "days", []string{"4"}, ""},
		{"majority_bonus.giant=4..8", "majority_bonus.giant", []string{"4", "5", "6", "7", "8"}, ""},
		{"x=2..10/4", "x", []string{"2", "6", "10"}, ""},
		{"x=2..11/4", "x", []string{"2", "6", "10"}, ""},
		{"x=-2..1", "x", []string{"-2", "-1", "0", "1"}, ""},
		{"x=1, 3..4, 9", "x", []string{"1", "3", "4", "9"}, ""},
		{"x=5..5", "x", []string{"5"}, ""},
		{"chest=metal,wooden", "chest", []string{"metal", "wooden"}, ""},
		{"farms={2 = 3, 3 = 4}", "farms", []string{"{2 = 3, 3 = 4}"}, ""},
		{"days", "", nil, `has no "="`},
		{"=3", "", nil, `no name before "="`},
		{"days=", "", nil, `no value after "="`},
		{"days=2,,3", "", nil, "empty value"},
		{"days=4..2", "", nil, "runs backwards"},
		{"days=a..b", "", nil, "want whole numbers"},
		{"days=2..", "", nil, "want whole numbers"},
		{"days=1..3/0", "", nil, "positive whole number"},
		{"days=1..3/x", "", nil, "positive whole number"},
		{"days=2,3,2", "", nil, "names 2 twice"},
		{"days=1,1..3", "", nil, "names 1 twice"},
		{"days=0..5000", "", nil, "more than 1000 values"},
	}
	for _, tt := range tests {
		got, err := parseAxis(tt.in)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseAxis(%q) = %v, %v; want error with %q", tt.in, got, err, tt.err)
			}
		case err != nil:
			t.Errorf("parseAxis(%q): %v", tt.in, err)
		case got.name != tt.name || !slices.Equal(got.values, tt.want):
			t.Errorf("parseAxis(%q) = %s %q; want %s %q", tt.in, got.name, got.values, tt.name, tt.want)
		}
	}
}

func TestGrid(t *testing.T) {
	got := grid([]axis{{"a", []string{"1", "2"}}, {"b", []string{"x", "y", "z"}}})
	want := [][]string{{"1", "x"}, {"1", "y"}, {"1", "z"}, {"2", "x"}, {"2", "y"}, {"2", "z"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("grid = %q; want %q", got, want)
	}
}

// TestSweepUsage: a command line that cannot be a sweep exits 2 before
// any game; a value the game refuses exits as simulate does, with the
// same words.
func TestSweepUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--set", "days=2,3"}, ExitUsage, "--game is required"},
		{[]string{"--game", "warlock"}, ExitUsage, "nothing to sweep"},
		{[]string{"--game", "warlock", "--set", "days=4"}, ExitUsage, "nothing to sweep"},
		{[]string{"--game", "warlock", "--set", "days=4..2"}, ExitUsage, `grimoire sweep: --set "days=4..2": range "4..2" runs backwards`},
		{[]string{"--game", "warlock", "--set", "days=2,3", "--set", "days=4"}, ExitUsage, "--set names days twice"},
		{[]string{"--game", "warlock", "--set", "days=x..3"}, ExitUsage, "want whole numbers"},
		{[]string{"--game", "warlock", "--set", "days=1..200", "--set", "cards_dealt=1..60"}, ExitUsage, "the grid has more than 10000 points"},
		{[]string{"--game", "warlock", "--set", "days=2,3", "--format", "yaml"}, ExitUsage, `unknown --format "yaml"`},
		{[]string{"--game", "warlock", "--set", "days=2,3", "-n", "0"}, ExitUsage, "want at least one game"},
		{[]string{"--game", "chess", "--set", "days=2,3"}, ExitUsage, `no game "chess" (games: bellum_magica, hearts, warlock, warriors)`},
		{[]string{"--game", "warlock", "--set", "days=2,3", "--bots", "genius"}, ExitUsage, `unknown bot "genius"`},
		{[]string{"--game", "warlock", "--set", "days=2,3", "--players", "9"}, ExitUsage, "--players 9: warlock with days=2 is for"},
		{[]string{"--game", "warlock", "--set", "days=2,3", "--variant", "nope"}, ExitUsage, "--variant"},
	}
	for _, tt := range tests {
		code, out, errs := run(t, append([]string{"sweep"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("sweep %q: exit %d, stderr %q, stdout %q; want exit %d, stderr with %q, no stdout", tt.args, code, errs, out, tt.code, tt.want)
		}
	}
	// A parameter the game lacks reads as it does for simulate.
	scode, _, serr := run(t, "simulate", "--game", "warlock", "-n", "1", "--set", "dayz=2")
	code, _, errs := run(t, "sweep", "--game", "warlock", "-n", "1", "--set", "dayz=2,3")
	if code != scode || strings.ReplaceAll(errs, "sweep", "simulate") != serr {
		t.Errorf("sweep --set dayz=2,3: exit %d, stderr\n%s\nwant exit %d and simulate's\n%s", code, errs, scode, serr)
	}
}

// sweepFiles is what sweep --out writes for a sweep of the given axes.
func sweepFiles(axes ...string) []string {
	out := []string{"index.html", "length.png", "length.svg", "scores.png", "scores.svg", "table.csv", "table.json", "table.txt"}
	for _, a := range axes {
		out = append(out, "score-"+a+".png", "score-"+a+".svg", "winrate-"+a+".png", "winrate-"+a+".svg")
	}
	slices.Sort(out)
	return out
}

func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = data
	}
	return files
}

// TestSweepGames plays a 2×2 sweep of every game and writes it out twice,
// on one worker and on two: the same bytes, every file; the JSON matches
// its schema, and stdout is the table the files hold.
func TestSweepGames(t *testing.T) {
	sch := compileSchemas(t)
	tests := []struct {
		game string
		sets []string
		axes []string
	}{
		{"warlock", []string{"days=2,3", "majority_bonus.giant=4..8/4"}, []string{"days", "majority_bonus.giant"}},
		{"warriors", []string{"rounds=2,3", "attack_dice=2..3", "bow_bonus=1"}, []string{"rounds", "attack_dice"}},
		{"bellum_magica", []string{"end_chests=8,10", `scout_chest="metal","wooden"`}, []string{"end_chests", "scout_chest"}},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			var dirs []string
			for _, w := range []string{"1", "2"} {
				dir := filepath.Join(t.TempDir(), "out")
				args := []string{"sweep", "--game", tt.game, "-n", "3", "--bots", "random", "--workers", w, "--format", "json", "--out", dir}
				for _, s := range tt.sets {
					args = append(args, "--set", s)
				}
				code, out, errs := run(t, args...)
				if code != ExitOK {
					t.Fatalf("exit %d: %s", code, errs)
				}
				files := readDir(t, dir)
				if got, want := slices.Sorted(mapsKeys(files)), sweepFiles(tt.axes...); !slices.Equal(got, want) {
					t.Fatalf("files %q; want %q", got, want)
				}
				if out != string(files["table.json"]) {
					t.Errorf("stdout is not table.json:\n%s", out)
				}
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(files["table.json"]))
				if err != nil {
					t.Fatal(err)
				}
				if err := sch.Validate(v); err != nil {
					t.Errorf("table.json does not match the schema: %v", err)
				}
				dirs = append(dirs, dir)
			}
			one, two := readDir(t, dirs[0]), readDir(t, dirs[1])
			for name, data := range one {
				if !bytes.Equal(data, two[name]) {
					t.Errorf("%s differs between two runs of the same sweep", name)
				}
			}
			if !strings.Contains(string(one["index.html"]), `<img src="winrate-`+tt.axes[1]+`.svg"`) {
				t.Errorf("index.html does not show the win rate against %s", tt.axes[1])
			}
		})
	}
}

func mapsKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// compileSchemas compiles docs/sweep.schema.json, which refers to
// simulate's.
func compileSchemas(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	for _, name := range []string{"simulate.schema.json", "sweep.schema.json"} {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(simulateSchema), name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s is not JSON: %v", name, err)
		}
		if err := c.AddResource("https://github.com/grimoire-games/grimoire/blob/main/docs/"+name, doc); err != nil {
			t.Fatal(err)
		}
	}
	sch, err := c.Compile("https://github.com/grimoire-games/grimoire/blob/main/docs/sweep.schema.json")
	if err != nil {
		t.Fatalf("schema does not compile: %v", err)
	}
	return sch
}

// TestSweepSchemaRejects: the schema is no blank check.
func TestSweepSchemaRejects(t *testing.T) {
	sch := compileSchemas(t)
	code, out, errs := run(t, "sweep", "--game", "warriors", "-n", "2", "--set", "rounds=2,3", "--format", "json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, tt := range []struct{ from, to string }{
		{`"games_per_point": 2`, `"games_per_point": 0`},
		{`"rounds": 2`, `"rounds": 2.5`},
		{`"axes": [`, `"stray": 1, "axes": [`},
		{`"win_rate": `, `"win_rate": 7, "x": `},
	} {
		bad := strings.Replace(out, tt.from, tt.to, 1)
		if bad == out {
			t.Fatalf("no %s in the output", tt.from)
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(v) == nil {
			t.Errorf("schema accepts %s", tt.to)
		}
	}
}

// TestSweepCSVGolden pins the CSV of a tiny sweep: its columns and the
// rounding of every figure. go test -run SweepCSVGolden -update rewrites
// it after a deliberate change of the engine or the statistics.
func TestSweepCSVGolden(t *testing.T) {
	code, out, errs := run(t, "sweep", "--game", "warlock", "-n", "4", "--players", "3", "--bots", "random", "--set", "days=2,3", "--set", "majority_bonus.giant=4,6", "--format", "csv")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden := filepath.Join("testdata", "sweep.csv")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("sweep CSV differs from %s (go test -run SweepCSVGolden -update after a deliberate change):\ngot\n%s\nwant\n%s", golden, out, want)
	}
}

// TestSweepPointIsSimulate: each point is the run simulate makes with the
// same flags and its parameters, the same seed at every point.
func TestSweepPointIsSimulate(t *testing.T) {
	common := []string{"--game", "warriors", "-n", "5", "--seed", "9", "--bots", "greedy,random", "--format", "json", "--set", "bow_bonus=2"}
	code, out, errs := run(t, append([]string{"sweep", "--set", "rounds=2,3"}, common...)...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sw struct {
		Points []struct {
			Params  map[string]any  `json:"params"`
			Seats   json.RawMessage `json:"seats"`
			ByBot   json.RawMessage `json:"by_bot"`
			Overall json.RawMessage `json:"overall"`
		} `json:"points"`
	}
	if err := json.Unmarshal([]byte(out), &sw); err != nil {
		t.Fatal(err)
	}
	for i, rounds := range []string{"2", "3"} {
		code, out, errs := run(t, append([]string{"simulate", "--set", "rounds=" + rounds}, common...)...)
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var sim struct {
			Seats   json.RawMessage `json:"seats"`
			ByBot   json.RawMessage `json:"by_bot"`
			Overall json.RawMessage `json:"overall"`
		}
		if err := json.Unmarshal([]byte(out), &sim); err != nil {
			t.Fatal(err)
		}
		pt := sw.Points[i]
		if fmt.Sprint(pt.Params["rounds"]) != rounds {
			t.Fatalf("point %d has params %v; want rounds %s", i, pt.Params, rounds)
		}
		for _, c := range []struct {
			what      string
			got, want json.RawMessage
		}{{"seats", pt.Seats, sim.Seats}, {"by_bot", pt.ByBot, sim.ByBot}, {"overall", pt.Overall, sim.Overall}} {
			if !jsonEqual(t, c.got, c.want) {
				t.Errorf("rounds=%s: the sweep's %s differ from simulate's:\n%s\nwant\n%s", rounds, c.what, c.got, c.want)
			}
		}
	}
}

func jsonEqual(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

// TestSweepInterrupted: a sweep stopped before its first point is played
// exits 130 and writes nothing.
func TestSweepInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := filepath.Join(t.TempDir(), "out")
	var out, errs bytes.Buffer
	code := RunContext(ctx, []string{"sweep", "--game", "warriors", "-n", "50", "--set", "rounds=2,3", "--out", dir}, strings.NewReader(""), &out, &errs)
	if code != ExitInterrupted || !strings.Contains(errs.String(), "interrupted after 0 complete grid points of 2") || out.Len() > 0 {
		t.Errorf("exit %d, stdout %q, stderr %q; want 130, nothing, interrupted after 0 points", code, out.String(), errs.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s written by an interrupted sweep of no complete point", dir)
	}
}
