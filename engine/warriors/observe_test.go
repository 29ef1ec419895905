package warriors

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRulingsDocumented: the README's table of Warriors rulings and the
// rulings the code names are the same set.
func TestRulingsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(readme), "### Warriors rulings")
	if !ok {
		t.Fatal("README has no Warriors rulings section")
	}
	table, _, _ = strings.Cut(table, "\n#")
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\|").FindAllStringSubmatch(table, -1) {
		documented = append(documented, m[1])
	}
	var named []string
	files, _ := os.ReadDir(".")
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		src, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`ruling ([a-z]+(?:-[a-z]+)+)`).FindAllStringSubmatch(string(src), -1) {
			if !slices.Contains(named, m[1]) {
				named = append(named, m[1])
			}
		}
	}
	slices.Sort(documented)
	slices.Sort(named)
	if !slices.Equal(documented, named) {
		t.Errorf("README documents %v; the code names %v", documented, named)
	}
}
