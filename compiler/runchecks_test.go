package compiler_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
)

// TestRunChecks finds in a game loaded without checks what loading it with
// them finds, at the same places, columns in characters.
func TestRunChecks(t *testing.T) {
	tree := tinyTree(t)
	f := tree["locales/tiny/fr.toml"]
	f.Data = bytes.Replace(f.Data, []byte("Piochez jusqu’à {{.Param.hand_size}} cartes. Le paquet compte"), []byte("Piochez jusqu’à 12 cartes. Le paquet ne compte pas"), 1)
	_, want := compiler.Load(tree, compiler.Options{Checks: checks.All(nil)})
	if len(want) == 0 {
		t.Fatal("the planted mistakes are not found")
	}
	games, d := compiler.Load(tree, compiler.Options{})
	if len(d) > 0 || len(games.Games) != 1 {
		t.Fatalf("without checks: %d games, diagnostics:\n%s", len(games.Games), d)
	}
	got := compiler.RunChecks(tree, games.Games, compiler.Options{Checks: checks.All(nil)})
	if diff := cmp.Diff(want.String(), got.String()); diff != "" {
		t.Errorf("RunChecks differs from Load (-want +got):\n%s", diff)
	}
}
