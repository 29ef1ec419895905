package grimoire_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// TestChecksDocumented keeps docs/checks.md in step with the codes: each
// has its row in the index at the top, linking to a heading of the page,
// and its section or table row below.
func TestChecksDocumented(t *testing.T) {
	data, err := os.ReadFile("docs/checks.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	_, rest, ok := strings.Cut(doc, "\n## Index\n")
	if !ok {
		t.Fatal("docs/checks.md has no ## Index")
	}
	index, body, _ := strings.Cut(rest, "\n## ")
	anchors := map[string]bool{}
	for _, h := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(doc, -1) {
		anchors["#"+slug(h[1])] = true
	}
	rows := map[string]string{} // code: its index row's link and meaning
	for _, m := range regexp.MustCompile("(?m)^\\| \\[`(G\\d{3})`\\]\\((#[^)]*)\\) \\| (.*) \\|$").FindAllStringSubmatch(index, -1) {
		rows[m[1]] = m[3]
		if !anchors[m[2]] {
			t.Errorf("docs/checks.md's index links %s to %s, which is no heading of the page", m[1], m[2])
		}
	}
	for _, c := range diag.Codes() {
		code := string(c.Code)
		if got, ok := rows[code]; !ok {
			t.Errorf("docs/checks.md's index lacks %s (%s)", code, c.Summary)
		} else if got != c.Summary {
			t.Errorf("docs/checks.md's index says %s is %q; want %q", code, got, c.Summary)
		}
		if !strings.Contains(body, "\n### "+code+"\n") && !strings.Contains(body, "\n| "+code+" |") {
			t.Errorf("docs/checks.md does not document %s (%s)", code, c.Summary)
		}
		delete(rows, code)
	}
	for code := range rows {
		t.Errorf("docs/checks.md's index lists %s, which is no code", code)
	}
}

// slug is the anchor GitHub gives a heading: lower case, spaces as
// dashes, punctuation other than dashes and underscores left out.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}
