package grimoire_test

import (
	"os"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// TestChecksDocumented keeps docs/checks.md in step with the codes: each
// has its section or table row there.
func TestChecksDocumented(t *testing.T) {
	doc, err := os.ReadFile("docs/checks.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range diag.Codes() {
		code := string(c.Code)
		if !strings.Contains(string(doc), "\n### "+code+"\n") && !strings.Contains(string(doc), "\n| "+code+" |") {
			t.Errorf("docs/checks.md does not document %s (%s)", code, c.Summary)
		}
	}
}
