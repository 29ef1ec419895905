// Package rulings keeps an engine's rulings and the game's data in step:
// each ruling the code names in a comment ("ruling NAME") is a [[ruling]]
// of the game, whose text the rulebook prints, and each [[ruling]] is
// named in the code.
package rulings

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Check compares the rulings of the shipped game id with those named in
// the non-test Go files and the rules files (.star) of dir. The code
// writes a ruling's id with dashes for underscores: ruling short-deal is
// the [[ruling]] short_deal.
func Check(t testing.TB, id, dir string) {
	t.Helper()
	games, _ := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{id}})
	g := games.Game(id)
	if g == nil {
		t.Fatalf("game %s does not load", id)
		return
	}
	var declared []string
	for _, r := range g.Rulings {
		declared = append(declared, r.ID)
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
		for _, r := range model.RulingsNamed(string(code)) {
			if !slices.Contains(named, r) {
				named = append(named, r)
			}
		}
	}
	slices.Sort(declared)
	slices.Sort(named)
	if !slices.Equal(declared, named) {
		t.Errorf("the [[ruling]] tables of %s: %v\nrulings the code in %s names: %v", id, declared, dir, named)
	}
}
