package compiler_test

import (
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
)

// TestLoadWithout: a translation left out loads as a game with no
// translation in that language yet, whatever its file holds.
func TestLoadWithout(t *testing.T) {
	tree := tinyTree(t)
	tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: []byte("[card.comet = \n")}
	if _, d := compiler.Load(tree, compiler.Options{}); !d.HasErrors() {
		t.Fatal("the broken locale loads clean")
	}
	games, d := compiler.Load(tree, compiler.Options{Without: []string{"locales/tiny/fr.toml"}})
	if d.HasErrors() {
		t.Fatalf("without the broken locale:\n%s", d)
	}
	g := games.Game("tiny")
	if g == nil || g.Locale("fr") != nil || g.Locale("en") == nil {
		t.Fatalf("game %v: want its English locale and no French one", g)
	}
}
