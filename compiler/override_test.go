package compiler_test

import (
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// snapshot saves every param value of g and returns a function restoring
// them, so one loaded game serves many overrides.
func snapshot(g *model.Game) func() {
	saved := make([]model.Value, len(g.Params))
	for i, p := range g.Params {
		saved[i] = p.Value
	}
	return func() {
		for i, p := range g.Params {
			p.Value = saved[i]
		}
	}
}

// formatParams prints every param as id=value, for comparing before and after.
func formatParams(g *model.Game) string {
	var b strings.Builder
	for _, p := range g.Params {
		b.WriteString(p.ID + "=" + p.Type.Format(p.Value) + "\n")
	}
	return b.String()
}

func TestOverride(t *testing.T) {
	g := warlock(t)
	restore := snapshot(g)
	pristine := formatParams(g)
	tests := []struct {
		set   string
		param string // the param to look at
		want  string // its value afterwards, as model.ValueType.Format prints it
		diags string
	}{
		{set: "days=4", param: "days", want: "4"},
		{set: " days = 5 ", param: "days", want: "5"},
		{set: "days=4 # a comment", param: "days", want: "4"},
		{set: "human_chain_points=[1,2,3,4,5,6,7]", param: "human_chain_points", want: "1|2|3|4|5|6|7"},
		{set: "majority_bonus={goblin=1,giant=8,wizard=6,human=4,orc=4,gnome=2}", param: "majority_bonus", want: "giant=8|wizard=6|human=4|orc=4|gnome=2|goblin=1"},
		{set: "majority_bonus.giant=8", param: "majority_bonus", want: "giant=8|wizard=6|human=4|orc=4|gnome=2|goblin=2"},
		{set: "variety_bonus.6=10", param: "variety_bonus", want: "3=1|4=2|5=4|6=10"},
		{set: "variety_bonus.2=0", param: "variety_bonus", want: "2=0|3=1|4=2|5=4|6=8"},
		{set: "variety_bonus.10=20", param: "variety_bonus", want: "3=1|4=2|5=4|6=8|10=20"},
		{
			set:   "days",
			diags: `--set:1:1: error: an assignment is name=value, such as days=4; "days" has no "=" [G001]`,
		},
		{
			set:   " =4",
			diags: `--set:1:2: error: an assignment is name=value, such as days=4; " =4" has no name before "=" [G001]`,
		},
		{
			set:   "days=",
			diags: `--set:1:6: error: param days: the value is not TOML: unexpected EOF; expected value [G001]`,
		},
		{
			set:   "days=4 x",
			diags: `--set:1:8: error: param days: the value is not TOML: expected a top-level item to end with a newline, comment, or EOF, but got 'x' instead [G001]`,
		},
		{
			set:   "days=4\nmax_dragons=5",
			diags: `--set:1:6: error: param days: the value must be one TOML value, not "4\nmax_dragons=5" [G001]`,
		},
		{
			set:   "dayz=4",
			diags: `--set:1:1: error: unknown parameter "dayz" of game warlock (did you mean "days"?) [G002]`,
		},
		{
			set:   "majority_bonos.giant=4",
			diags: `--set:1:1: error: unknown parameter "majority_bonos" of game warlock (did you mean "majority_bonus"?) [G002]`,
		},
		{
			set:   "days.x=4",
			diags: `--set:1:6: error: param days is of type int, not a map: it has no key "x"; set it whole (days=...) [G002]`,
		},
		{
			set:   `days="x"`,
			diags: `--set:1:6: error: param days must be an integer, not string [G003]`,
		},
		{
			set:   `human_chain_points=[1,2,"x"]`,
			diags: `--set:1:25: error: param human_chain_points must be an integer, not string [G003]`,
		},
		{
			set:   "variety_bonus.six=10",
			diags: `--set:1:15: error: param variety_bonus: key "six" must be an integer [G003]`,
		},
		{
			set:   "majority_bonus.giants=8",
			diags: `--set:1:16: error: param majority_bonus: key "giants" is not a value of enum race (did you mean "giant"?) (allowed: giant, wizard, human, orc, gnome, goblin) [G006]`,
		},
		{
			set:   "majority_bonus={giant=8,elf=2}",
			diags: `--set:1:25: error: param majority_bonus: key "elf" is not a value of enum race (allowed: giant, wizard, human, orc, gnome, goblin) [G006]`,
		},
		{
			set:   "majority_bonus.giant=x",
			diags: `--set:1:22: error: param majority_bonus.giant: the value is not TOML: expected value but found "x" instead [G001]`,
		},
		{set: "variety_bonus.6=1000000", param: "variety_bonus", want: "3=1|4=2|5=4|6=1000000"},
		{set: "days=-1000000", param: "days", want: "-1000000"},
		{
			set:   "majority_bonus.giant=9223372036854775807",
			diags: `--set:1:22: error: param majority_bonus.giant: 9223372036854775807 is out of range: a parameter set with --set must lie between -1,000,000 and 1,000,000, so that no score can overflow [G010]`,
		},
		{
			set:   "majority_bonus={giant=1000001,wizard=6,human=4,orc=4,gnome=2,goblin=2}",
			diags: `--set:1:23: error: param majority_bonus: 1000001 is out of range: a parameter set with --set must lie between -1,000,000 and 1,000,000, so that no score can overflow [G010]`,
		},
		{
			set:   "human_chain_points=[1,2,3,5,7,-1000001]",
			diags: `--set:1:31: error: param human_chain_points: -1000001 is out of range: a parameter set with --set must lie between -1,000,000 and 1,000,000, so that no score can overflow [G010]`,
		},
		{
			set:   "days=1000001",
			diags: `--set:1:6: error: param days: 1000001 is out of range: a parameter set with --set must lie between -1,000,000 and 1,000,000, so that no score can overflow [G010]`,
		},
		{
			set:   "days=" + strings.Repeat("[", 3_000_000),
			diags: `--set:1:38: error: param days: arrays and inline tables nested more than 32 deep [G012]`,
		},
		{
			set:   "majority_bonus={" + strings.TrimSuffix(strings.Repeat("k.", 10_000), ".") + "=1}",
			diags: `--set:1:81: error: param majority_bonus: a key of more than 32 dotted parts [G012]`,
		},
		{
			// The rulebook prints the sixth value of the series.
			set:   "human_chain_points=[1,2]",
			diags: "--set:1:20: error: param human_chain_points: with this value, message rules.scoring_example.text (de, other) at locales/warlock/de.toml:",
		},
	}
	for _, tt := range tests {
		t.Run(tt.set, func(t *testing.T) {
			defer restore()
			d := compiler.Override(g, tt.set)
			got := strings.TrimSpace(d.String())
			if tt.diags == "" && got != "" || !strings.HasPrefix(got, tt.diags) {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, tt.diags)
			}
			if d.HasErrors() {
				if after := formatParams(g); after != pristine {
					t.Errorf("params changed despite errors:\n%s", after)
				}
				return
			}
			for _, p := range g.Params {
				if p.ID == tt.param {
					if v := p.Type.Format(p.Value); v != tt.want {
						t.Errorf("%s = %s; want %s", p.ID, v, tt.want)
					}
					if !strings.Contains(tt.set, ".") && p.Value.Pos.File != "--set" {
						t.Errorf("value position %v; want one in --set", p.Value.Pos)
					}
				}
			}
		})
	}
}

// TestOverrideTwice applies assignments one after the other, as repeated
// --set flags do.
func TestOverrideTwice(t *testing.T) {
	g := warlock(t)
	for _, set := range []string{"majority_bonus.giant=8", "majority_bonus.goblin=3", "days=2"} {
		if d := compiler.Override(g, set); len(d) > 0 {
			t.Fatalf("%s: %s", set, d)
		}
	}
	if got, want := param(t, g, "days").Int, int64(2); got != want {
		t.Errorf("days = %d; want %d", got, want)
	}
	mb := param(t, g, "majority_bonus")
	var got []string
	for i, k := range mb.Keys {
		got = append(got, k.Str+"="+mb.List[i].Pos.File+":"+strconv.FormatInt(mb.List[i].Int, 10))
	}
	want := "giant=--set:8 wizard=cards/warlock/game.toml:6 human=cards/warlock/game.toml:4 orc=cards/warlock/game.toml:4 gnome=cards/warlock/game.toml:2 goblin=--set:3"
	if strings.Join(got, " ") != want {
		t.Errorf("majority_bonus:\n%s\nwant:\n%s", strings.Join(got, " "), want)
	}
}

// TestOverrideNoGame: a nil game is reported, not a panic.
func TestOverrideNoGame(t *testing.T) {
	if d := compiler.Override(nil, "days=4"); !d.HasErrors() {
		t.Error("no error for a nil game")
	}
}

// FuzzOverride applies arbitrary assignments to Warlock. Override must never
// panic; with an error nothing changes; every diagnostic points into the
// assignment.
func FuzzOverride(f *testing.F) {
	for _, s := range []string{
		"days=4", `days="x"`, "majority_bonus.giant=8", "variety_bonus.6=10",
		"majority_bonus={giant=8,wizard=6,human=4,orc=4,gnome=2,goblin=2}",
		"human_chain_points=[1,2,3,4,5,6]", "=", "days", ".=.", "variety_bonus.=",
		"days=[[1]]", "days={a={b=1}}", "days=4\n[x]", "majority_bonus.giant.x=1",
		"days=\"\"\"\nx\"\"\"", "days=1e400", "days=9223372036854775808", "ÿ=ÿ",
	} {
		f.Add(s)
	}
	games, d := load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		f.Fatal(d)
	}
	g := games.Game("warlock")
	restore := snapshot(g)
	pristine := formatParams(g)
	f.Fuzz(func(t *testing.T, set string) {
		defer restore()
		d := compiler.Override(g, set)
		for _, x := range d {
			if x.Pos.File != "--set" || x.Pos.Line != 1 || x.Pos.Col < 1 || x.Pos.Col > len(set)+1 || x.Code == "" || x.Message == "" {
				t.Fatalf("%q: bad diagnostic %+v", set, x)
			}
		}
		if d.HasErrors() && formatParams(g) != pristine {
			t.Fatalf("%q: params changed despite errors", set)
		}
	})
}

// TestOverrideDecimalBounds: decimal params are bounded like whole ones.
func TestOverrideDecimalBounds(t *testing.T) {
	tree := tinyTree(t)
	tree["cards/tiny/rate.toml"] = &fstest.MapFile{Data: []byte("[[param]]\nid = \"rate\"\ntype = \"decimal\"\nvalue = 0.5\n")}
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g := games.Game("tiny")
	tests := []struct{ set, diags string }{
		{"rate=999999.5", ""},
		{"rate=-1e6", ""},
		{"rate=1e300", "--set:1:6: error: param rate: 1e+300 is out of range: a parameter set with --set must lie between -1,000,000 and 1,000,000, so that no score can overflow [G010]"},
	}
	for _, tt := range tests {
		if got := strings.TrimSpace(compiler.Override(g, tt.set).String()); got != tt.diags {
			t.Errorf("Override(%q):\n%s\nwant:\n%s", tt.set, got, tt.diags)
		}
	}
}

// TestWithOverrides: each copy has its own values, and the game it is
// made from keeps its own, marks included, however many copies are made.
func TestWithOverrides(t *testing.T) {
	g := warlock(t)
	pristine := formatParams(g)
	marked := param(t, g, "majority_bonus")
	tests := []struct {
		sets  []string
		param string
		want  string
		diags string
	}{
		{[]string{"days=2"}, "days", "2", ""},
		{[]string{"majority_bonus.giant=8", "majority_bonus.goblin=3"}, "majority_bonus", "giant=8|wizard=6|human=4|orc=4|gnome=2|goblin=3", ""},
		{[]string{"majority_bonus={giant=1}"}, "", "", `map has no entry for key "wizard"`},
		{[]string{"days=3", "days=x"}, "", "", "--set:1:6: error: param days: the value is not TOML"},
		{[]string{"dayz=3"}, "", "", `unknown parameter "dayz"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.sets, " "), func(t *testing.T) {
			c, d := compiler.WithOverrides(g, tt.sets)
			if tt.diags != "" {
				if c != nil || !strings.Contains(d.String(), tt.diags) {
					t.Errorf("WithOverrides(%q) = %v, %q; want nil, %q", tt.sets, c, d, tt.diags)
				}
			} else {
				if len(d) > 0 || c == nil {
					t.Fatalf("WithOverrides(%q): %s", tt.sets, d)
				}
				p := c.Param(tt.param)
				if got := p.Type.Format(p.Value); got != tt.want {
					t.Errorf("%s = %s; want %s", tt.param, got, tt.want)
				}
				if c.Loaded() != c {
					t.Error("the copy is not a game as loaded: Play would play g")
				}
			}
			if got := formatParams(g); got != pristine {
				t.Errorf("g changed:\n%s\nwant:\n%s", got, pristine)
			}
			if m := param(t, g, "majority_bonus"); m.Pos != marked.Pos || len(m.List) != len(marked.List) {
				t.Errorf("g's majority_bonus changed: %v", m)
			}
		})
	}
	a, _ := compiler.WithOverrides(g, []string{"days=2"})
	b, _ := compiler.WithOverrides(g, []string{"days=4"})
	if x, y := param(t, a, "days").Int, param(t, b, "days").Int; x != 2 || y != 4 {
		t.Errorf("two copies: days = %d and %d; want 2 and 4", x, y)
	}
}
