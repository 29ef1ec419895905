// Package rulings keeps an engine's rulings and their documentation in
// step: each ruling the code names in a comment ("ruling NAME") has a row
// in the engine's table of rulings in docs/engines.md, and each row a
// ruling in the code.
package rulings

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var (
	row    = regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\|")
	ruling = regexp.MustCompile(`ruling ([a-z]+(?:-[a-z]+)+)`)
)

// Check compares the rulings tabled under heading (up to the next heading)
// in the Markdown file doc with those named in the non-test Go files and
// the rules files (.star) of dir.
func Check(t testing.TB, doc, heading, dir string) {
	t.Helper()
	src, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(src), heading)
	if !ok {
		t.Fatalf("%s has no section %q", doc, heading)
	}
	table, _, _ = strings.Cut(table, "\n#")
	var documented []string
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		documented = append(documented, m[1])
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	// A game played by its rules names its rulings in its rules files.
	star, err := filepath.Glob(filepath.Join(dir, "*.star"))
	files = append(files, star...)
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		code, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ruling.FindAllStringSubmatch(string(code), -1) {
			if !slices.Contains(named, m[1]) {
				named = append(named, m[1])
			}
		}
	}
	slices.Sort(documented)
	slices.Sort(named)
	if !slices.Equal(documented, named) {
		t.Errorf("rulings under %q in %s: %v\nrulings the code names: %v", heading, doc, documented, named)
	}
}
