package grimoire_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

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
// dashes, code marks and punctuation other than dashes and underscores
// left out.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocLinks keeps the links between the docs whole: every relative link
// of README.md and docs/*.md names a file that exists and, in a Markdown
// file, a heading it has.
func TestDocLinks(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, doc := range append([]string{"README.md"}, docs...) {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(withoutCode(string(data)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := doc
			if file != "" {
				path = filepath.Join(filepath.Dir(doc), filepath.FromSlash(file))
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s links to %s, which does not exist", doc, target)
				continue
			}
			if anchor == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			to, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(headings(withoutCode(string(to))), anchor) {
				t.Errorf("%s links to %s, whose file has no heading #%s", doc, target, anchor)
			}
		}
	}
}

// withoutCode is a Markdown text without its fenced blocks.
func withoutCode(md string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// headings returns the anchors of a Markdown text's headings.
func headings(md string) []string {
	var anchors []string
	for _, h := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(md, -1) {
		anchors = append(anchors, slug(h[1]))
	}
	return anchors
}
