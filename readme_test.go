package grimoire_test

import (
	"os"
	"strings"
	"testing"
)

// TestReadme keeps the README a front door: short, with the two set-up
// commands, each in a block of its own, which CI runs.
func TestReadme(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	if n := strings.Count(readme, "\n"); n > 300 {
		t.Errorf("README.md has %d lines; a front door has at most 300", n)
	}
	// The Go it asks for is the one go.mod needs.
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(l, "go "); ok && !strings.Contains(readme, "You need Go "+v+" or later.") {
			t.Errorf("README.md does not say it needs Go %s, as go.mod does", v)
		}
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"go run ./cmd/grimoire build", "go test ./..."} {
		if !strings.Contains(readme, "```sh\n"+cmd+"\n```") {
			t.Errorf("README's set-up commands lack a block of %q", cmd)
		}
		if !strings.Contains(string(ci), cmd) {
			t.Errorf(".ci/run does not run the README's %q", cmd)
		}
	}
}

// TestGuidesShowTiny keeps the guides' example game the tested tiny game:
// each file they show is shown as compiler/testdata/tiny has it.
func TestGuidesShowTiny(t *testing.T) {
	for doc, files := range map[string][]string{
		"docs/own-game.md": {"cards/tiny/game.toml", "cards/tiny/variant.toml", "locales/tiny/en.toml", "locales/tiny/fr.toml"},
		"docs/printing.md": {"cards/tiny/deck.toml"},
	} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile("compiler/testdata/tiny/" + f)
			if err != nil {
				t.Fatal(err)
			}
			block := "`mygames/" + f + "`:\n\n```toml\n" + string(src) + "```"
			if !strings.Contains(string(data), block) {
				t.Errorf("%s does not show compiler/testdata/tiny/%s as it is", doc, f)
			}
		}
	}
}
