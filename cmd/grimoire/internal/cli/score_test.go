package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const scoreExample = "../../../../engine/warlock/testdata/score/example.toml"

// engineDoc is the reference of the engines, which shows the score file
// and its breakdown.
const engineDoc = "../../../../docs/engines.md"

// docBlock returns the lines of docs/engines.md from the line after marker
// to the end of the fenced block: the body of the block marker opens, or
// the output of the command marker shows.
func docBlock(t *testing.T, marker string) string {
	t.Helper()
	b, err := os.ReadFile(engineDoc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, marker)
	if i < 0 {
		t.Fatalf("docs/engines.md has no %q", marker)
	}
	s = s[i+len(marker):]
	start := strings.Index(s, "\n")
	end := strings.Index(s[start:], "\n```")
	return s[start+1 : start+end+1]
}

// TestScoreExample: the rulebook's scoring example scores 54, and
// docs/engines.md shows the very file and output.
func TestScoreExample(t *testing.T) {
	code, out, errs := run(t, "score", "--game", "warlock", scoreExample)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "54") {
		t.Errorf("no 54 in:\n%s", out)
	}
	if want := docBlock(t, "$ grimoire score --game warlock example.toml"); out != want {
		t.Errorf("docs/engines.md shows a stale output; got\n%s\nthe doc has\n%s", out, want)
	}
	file, err := os.ReadFile(scoreExample)
	if err != nil {
		t.Fatal(err)
	}
	var body []string
	for _, l := range strings.Split(string(file), "\n") {
		if !strings.HasPrefix(l, "#") {
			body = append(body, l)
		}
	}
	if want := strings.TrimSpace(strings.Join(body, "\n")); strings.TrimSpace(docBlock(t, "(`engine/warlock/testdata/score/example.toml`):\n\n```toml")) != want {
		t.Error("the score file docs/engines.md shows differs from engine/warlock/testdata/score/example.toml")
	}
	for lang, want := range map[string]string{"fr": "Victoire : Scott", "de": "Gewinner: Scott"} {
		code, out, _ := run(t, "score", "--game", "warlock", "--lang", lang, scoreExample)
		if code != ExitOK || !strings.Contains(out, want) {
			t.Errorf("--lang %s: exit %d, output lacks %q:\n%s", lang, code, want, out)
		}
	}
}

func TestScoreErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[[player]]\nempire = [\"dragon dragon dragon dragon\", \"elf:3\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"score", "--game", "warlock", bad}, ExitFail, bad + ":2:33: error: player 1's empire has more than 3 dragons [G010]"},
		{[]string{"score", "--game", "warlock", bad}, ExitFail, bad + ":2:43: error: unknown race \"elf\""},
		{[]string{"score", "--game", "warlock"}, ExitUsage, "a FILE argument is required"},
		{[]string{"score", "--game", "nope", bad}, ExitUsage, `no game "nope" (games: bellum_magica, hearts, warlock, warriors)`},
		{[]string{"score", "--game", "warlock", "--lang", "xx", scoreExample}, ExitUsage, "--lang \"xx\""},
		{[]string{"score", "--game", "warlock", filepath.Join(dir, "missing.toml")}, ExitFail, "missing.toml"},
		{[]string{"score", "--game", "warlock", "--set", "max_dragons=4", bad}, ExitFail, "unknown race"},
	} {
		code, out, errs := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
		if out != "" {
			t.Errorf("%v: output despite errors:\n%s", tc.args, out)
		}
	}
}
