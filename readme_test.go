package grimoire_test

import (
	"os"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// TestReadme keeps the README true: its example game is the tested tiny
// game, every diagnostic code is in its table, and CI runs its commands.
func TestReadme(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, f := range []string{"cards/tiny/game.toml", "cards/tiny/variant.toml", "cards/tiny/deck.toml", "locales/tiny/en.toml", "locales/tiny/fr.toml"} {
		src, err := os.ReadFile("compiler/testdata/tiny/" + f)
		if err != nil {
			t.Fatal(err)
		}
		block := "`mygames/" + f + "`:\n\n```toml\n" + string(src) + "```"
		if !strings.Contains(readme, block) {
			t.Errorf("README does not show compiler/testdata/tiny/%s as it is", f)
		}
	}
	for _, c := range diag.Codes() {
		if !strings.Contains(readme, "| `"+string(c.Code)+"` | "+c.Summary+" |") {
			t.Errorf("README's code table lacks %s (%s)", c.Code, c.Summary)
		}
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"go test ./...", "go run ./cmd/grimoire build"} {
		if !strings.Contains(readme, "```sh\n"+cmd) {
			t.Errorf("README's set-up commands lack %q", cmd)
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
