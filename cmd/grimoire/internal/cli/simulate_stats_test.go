package cli

import (
	"bytes"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const simulateSchema = "../../../../docs/simulate.schema.json"

// TestSimulateSchema validates real output of every game, a variant and
// an interrupted run's shape against the documented schema.
func TestSimulateSchema(t *testing.T) {
	data, err := os.ReadFile(simulateSchema)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("simulate.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("simulate.schema.json")
	if err != nil {
		t.Fatalf("schema does not compile: %v", err)
	}
	// Digits past the rounding: a fifth decimal anywhere.
	unrounded := regexp.MustCompile(`\d\.\d{5,}`)
	for _, args := range [][]string{
		{"--game", "warlock", "-n", "8", "--bots", "greedy,random"},
		{"--game", "warriors", "-n", "8", "--bots", "greedy,random", "--variant", "dragon_hordes"},
		{"--game", "bellum_magica", "-n", "8", "--players", "5"},
		{"--game", "warlock", "-n", "8", "--shard", "1/4"},
	} {
		t.Run(args[1], func(t *testing.T) {
			code, out, errs := run(t, append([]string{"simulate", "--format", "json"}, args...)...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if m := unrounded.FindString(out); m != "" {
				t.Errorf("unrounded figure %s in:\n%s", m, out)
			}
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(out)))
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(v); err != nil {
				t.Errorf("output does not match the schema: %v\n%s", err, out)
			}
		})
	}
	// The schema rejects what it should: a win rate above 1, an unknown
	// field.
	for _, bad := range []string{`"win_rate": 1.5`, `"stray": 1, "seat": 0`} {
		code, out, _ := run(t, "simulate", "--format", "json", "--game", "warlock", "-n", "2")
		if code != ExitOK {
			t.Fatal(code)
		}
		out = regexp.MustCompile(`"win_rate": [0-9.]+|"seat": 0`).ReplaceAllLiteralString(out, bad)
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(out)))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(v) == nil {
			t.Errorf("schema accepts output with %s", bad)
		}
	}
}

func TestProgressLine(t *testing.T) {
	tests := []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 1000, time.Second, "[..............................]   0% 0/1000 0 games/s, ETA unknown"},
		{250, 1000, 2 * time.Second, "[#######.......................]  25% 250/1000 125 games/s, ETA 6s"},
		{45000, 100000, 3 * time.Second, "[#############.................]  45% 45000/100000 15.0k games/s, ETA 4s"},
		{1, 100, 90 * time.Second, "[..............................]   1% 1/100 0 games/s, ETA 2h28m30s"},
		{100, 100, time.Minute, "[##############################] 100% 100/100 2 games/s, ETA 0s"},
	}
	for _, tt := range tests {
		if got := progressLine(tt.done, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("progressLine(%d, %d, %v) =\n%q; want\n%q", tt.done, tt.total, tt.elapsed, got, tt.want)
		}
	}
}
