package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler/diag"
)

// sarifResults runs a command that writes SARIF and returns its results.
func sarifResults(t *testing.T, args ...string) []map[string]any {
	t.Helper()
	_, out, errs := run(t, args...)
	var log struct {
		Runs []struct {
			ColumnKind string           `json:"columnKind"`
			Results    []map[string]any `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, errs)
	}
	if log.Runs[0].ColumnKind != "unicodeCodePoints" {
		t.Errorf("%s: columnKind %q", args[0], log.Runs[0].ColumnKind)
	}
	return log.Runs[0].Results
}

// region is a result's line and column.
func region(r map[string]any) (line, col int) {
	reg := r["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)
	return int(reg["startLine"].(float64)), int(reg["startColumn"].(float64))
}

// TestColumnsAreCharacters: check and rulebook count a column in
// characters, so an accented letter before a finding counts one; each is
// checked on a French line with accents.
func TestColumnsAreCharacters(t *testing.T) {
	// check: two spaces after "jusqu’à", in a copy of the tiny game.
	dir := copyTree(t, tiny)
	fr := filepath.Join(dir, "locales", "tiny", "fr.toml")
	src, err := os.ReadFile(fr)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "jusqu’à {{", "jusqu’à  {{", 1)
	if err := os.WriteFile(fr, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range sarifResults(t, "check", "--root", dir, "--format", "sarif") {
		if r["ruleId"] != "G120" {
			continue
		}
		line, col := region(r)
		text := strings.Split(edited, "\n")[line-1]
		if want := utf8.RuneCountInString(text[:strings.Index(text, "à  ")+len("à")]) + 1; col != want {
			t.Errorf("check: G120 at column %d of %q; want %d, in characters", col, text, want)
		}
		found = true
	}
	if !found {
		t.Error("check: no G120 for the two spaces")
	}

	// rulebook: the French book's "20 magiciens", after "géants".
	book := filepath.Join("..", "..", "..", "..", "compiler", "rulebook", "testdata", "warlock-fr.txt")
	raw, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	found = false
	for _, r := range sarifResults(t, "rulebook", "--game", "warlock", "--lang", "fr", "--format", "sarif", book) {
		line, col := region(r)
		text := strings.Split(string(raw), "\n")[line-1]
		if r["ruleId"] != "G301" || !strings.Contains(text, "géants (bleus), 20 magiciens") {
			continue
		}
		if want := utf8.RuneCountInString(text[:strings.Index(text, "20 magiciens")]) + 1; col != want {
			t.Errorf("rulebook: G301 at column %d of %q; want %d, in characters", col, text, want)
		}
		found = true
	}
	if !found {
		t.Error("rulebook: no G301 for 20 wizards")
	}
}

// TestRuleDocs: SARIF gives every code its level, a full description and
// help, from docs/checks.md.
func TestRuleDocs(t *testing.T) {
	docs := ruleDocs(grimoire.ChecksDoc())
	for _, c := range diag.Codes() {
		d := docs[c.Code]
		if d.Full == "" || d.HelpText == "" || d.Help == "" || (d.Level != "error" && d.Level != "warning") {
			t.Errorf("%s: %+v", c.Code, d)
		}
		if strings.Contains(d.HelpText, "**") || strings.Contains(d.HelpText, "`") {
			t.Errorf("%s: help text with Markdown: %q", c.Code, d.HelpText)
		}
	}
}
