package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommandReference keeps docs/commands.md what Reference makes of the
// commands' own flags: a flag added, removed or reworded without it
// fails here. Run with -update to rewrite it.
func TestCommandReference(t *testing.T) {
	var b bytes.Buffer
	if err := Reference(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "..", "..", "docs", "commands.md")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("docs/commands.md is stale: run go test ./cmd/grimoire/internal/cli -run TestCommandReference -update")
	}
}
