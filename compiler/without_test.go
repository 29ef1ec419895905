package compiler_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
)

// TestLoadWithout: a translation left out loads as a game with no
// translation in that language yet, whatever its file holds.
func TestLoadWithout(t *testing.T) {
	tree := tinyTree(t)
	tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: []byte("[card.comet = \n")}
	if _, d := load(tree, compiler.Options{}); !d.HasErrors() {
		t.Fatal("the broken locale loads clean")
	}
	games, d := load(tree, compiler.Options{Without: []string{"locales/tiny/fr.toml"}})
	if d.HasErrors() {
		t.Fatalf("without the broken locale:\n%s", d)
	}
	g := games.Game("tiny")
	if g == nil || g.Locale("fr") != nil || g.Locale("en") == nil {
		t.Fatalf("game %v: want its English locale and no French one", g)
	}
}

// TestFormsNeedSource: a translation's forms of a term need the source's
// own (goi18n merge keeps only the source's ids): a warning says so.
func TestFormsNeedSource(t *testing.T) {
	tree := tinyTree(t)
	fr := tree["locales/tiny/fr.toml"]
	tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: append(append([]byte(nil), fr.Data...), "\n[forms.hand]\nother = \"main|mains\"\n"...)}
	_, d := load(tree, compiler.Options{})
	if len(d) != 1 || d[0].Code != "G106" || !strings.Contains(d[0].Message, "forms.hand is not in the source locale en") {
		t.Fatalf("want one G106 for forms.hand, got:\n%s", d)
	}
	en := tree["locales/tiny/en.toml"]
	tree["locales/tiny/en.toml"] = &fstest.MapFile{Data: append(append([]byte(nil), en.Data...), "\n[forms.hand]\nother = \"hand|hands\"\n"...)}
	if _, d := load(tree, compiler.Options{}); len(d) != 0 {
		t.Fatalf("with the source's forms:\n%s", d)
	}
}
