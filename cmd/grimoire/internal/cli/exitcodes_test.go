package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExitCodes runs every command over the same bad inputs and holds
// each to the one exit-code table: a wrong command line exits 2, an input
// or output that fails exits 1, and neither writes to standard output.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	root := copyTree(t, tiny)
	missing := filepath.Join(dir, "missing")
	adir := filepath.Join(dir, "adir")
	if err := os.Mkdir(adir, 0o755); err != nil {
		t.Fatal(err)
	}
	score := "../../../../engine/warriors/testdata/score/example.toml"
	// The cases, each an exit code and, by command, the arguments that
	// make it; a command a case cannot apply to has none.
	cases := []struct {
		name string
		code int
		args map[string][]string
	}{
		{"unknown game", ExitUsage, map[string][]string{
			"check":    {"--game", "nosuch"},
			"export":   {"--game", "nosuch"},
			"import":   {"--root", root, "--game", "nosuch", "--lang", "fr", missing + ".po"},
			"rulebook": {"--game", "nosuch", "--lang", "fr", missing},
			"stamp":    {"--root", root, "--game", "nosuch", "--lang", "fr"},
			"sheet":    {"--game", "nosuch", "-o", filepath.Join(dir, "x.pdf")},
			"site":     {"--game", "nosuch", "-o", filepath.Join(dir, "site")},
			"simulate": {"--game", "nosuch"},
			"score":    {"--game", "nosuch", score},
		}},
		{"unknown language", ExitUsage, map[string][]string{
			"export":   {"--game", "warlock", "--lang", "it"},
			"import":   {"--root", root, "--game", "tiny", "--lang", "it", missing + ".po"},
			"rulebook": {"--game", "warlock", "--lang", "it", missing},
			"stamp":    {"--root", root, "--game", "tiny", "--lang", "it"},
			"sheet":    {"--game", "warlock", "--lang", "it", "-o", filepath.Join(dir, "x.pdf")},
			"score":    {"--game", "warriors", "--lang", "it", score},
		}},
		{"unknown variant", ExitUsage, map[string][]string{
			"export":   {"--game", "warriors", "--variant", "nosuch"},
			"sheet":    {"--game", "warriors", "--variant", "nosuch", "-o", filepath.Join(dir, "x.pdf")},
			"simulate": {"--game", "warriors", "--variant", "nosuch"},
			"score":    {"--game", "warriors", "--variant", "nosuch", score},
		}},
		{"bad flag value", ExitUsage, map[string][]string{
			"build":    {"--paper", "a3", "-o", filepath.Join(dir, "out")},
			"check":    {"--format", "xml"},
			"gen":      {"--root", missing},
			"export":   {"--game", "warlock", "--format", "xml"},
			"import":   {"--root", root, "--game", "tiny", "--lang", "fr", filepath.Join(dir, "x.txt")},
			"rulebook": {"--game", "warlock", "--lang", "fr", "--format", "xml", missing},
			"stamp":    {"--root", root, "--game", "tiny", "--lang", "fr", "--id", "nosuch"},
			"sheet":    {"--game", "warlock", "--kind", "poster", "-o", filepath.Join(dir, "x.pdf")},
			"games":    {"--root", missing},
			"site":     {"--root", missing, "-o", filepath.Join(dir, "site")},
			"simulate": {"--game", "warriors", "--players", "0"},
			"merge":    {"--format", "xml", missing},
			"replay":   {"--root", missing, missing},
			"score":    {"--game", "warriors", "--root", missing, score},
		}},
		{"flag that does not apply", ExitUsage, map[string][]string{
			"export": {"--game", "warlock", "--type", "creature"},
			"sheet":  {"--game", "warlock", "--bleed", "-o", filepath.Join(dir, "x.pdf")},
		}},
		{"missing file", ExitFail, map[string][]string{
			"import":   {"--root", root, "--game", "tiny", "--lang", "fr", missing + ".po"},
			"rulebook": {"--game", "warlock", "--lang", "fr", missing},
			"merge":    {missing},
			"replay":   {missing},
			"score":    {"--game", "warriors", missing},
		}},
		{"unreadable file", ExitFail, map[string][]string{
			"import":   {"--root", root, "--game", "tiny", "--lang", "fr", adir + ".po"},
			"rulebook": {"--game", "warlock", "--lang", "fr", adir},
			"merge":    {adir},
			"replay":   {adir},
			"score":    {"--game", "warriors", adir},
		}},
		{"unwritable output", ExitFail, map[string][]string{
			"build":    {"-o", score},
			"gen":      {"--root", root, "--out", filepath.Join(score, "gen")},
			"export":   {"--game", "warlock", "-o", adir},
			"sheet":    {"--game", "warlock", "-o", adir},
			"site":     {"--root", root, "-o", score},
			"simulate": {"--game", "warriors", "-n", "1", "--log", adir},
		}},
		{"unwritable tally", ExitFail, map[string][]string{
			"simulate": {"--game", "warriors", "-n", "1", "--out", adir},
		}},
	}
	if err := os.Mkdir(adir+".po", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		for _, cmd := range commands() {
			args, ok := c.args[cmd.name]
			if !ok {
				continue
			}
			t.Run(c.name+"/"+cmd.name, func(t *testing.T) {
				code, out, errs := run(t, append([]string{cmd.name}, args...)...)
				if code != c.code {
					t.Errorf("%s %s: exit %d, want %d\n%s", cmd.name, strings.Join(args, " "), code, c.code, errs)
				}
				if out != "" && cmd.name != "build" {
					t.Errorf("stdout: %q", out)
				}
				if lines := strings.Count(strings.TrimSpace(errs), "\n") + 1; errs == "" || lines > 3 {
					t.Errorf("stderr in %d lines, want one reason:\n%s", lines, errs)
				}
			})
		}
	}
}
