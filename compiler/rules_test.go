package compiler_test

import (
	"maps"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestRulesLoaded: a game's .star files are its rules, in name order, each
// with its path as diagnostics print it; they count in the game's source
// hash as its data files do, so a log or a shard of other rules does not
// pass for this game's.
func TestRulesLoaded(t *testing.T) {
	base := tinyTree(t)
	without, d := compiler.Load(base, compiler.Options{Prefix: "mygames/"})
	if d.HasErrors() || len(without.Games[0].Rules) != 0 {
		t.Fatalf("the tiny game without rules: %d rules files, diagnostics:\n%s", len(without.Games[0].Rules), d)
	}
	tree := maps.Clone(base)
	tree["cards/tiny/turn.star"] = &fstest.MapFile{Data: []byte("def turn(game):\n    pass\n")}
	tree["cards/tiny/setup.star"] = &fstest.MapFile{Data: []byte("def setup(game):\n    pass\n")}
	with, d := compiler.Load(tree, compiler.Options{Prefix: "mygames/"})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g := with.Games[0]
	if len(g.Rules) != 2 || g.Rules[0].Name != "mygames/cards/tiny/setup.star" || g.Rules[1].Name != "mygames/cards/tiny/turn.star" {
		t.Fatalf("rules files %v; want setup.star, then turn.star", g.Rules)
	}
	if g.Rules[1].Src != "def turn(game):\n    pass\n" {
		t.Errorf("turn.star reads %q", g.Rules[1].Src)
	}
	if g.SourceHash == without.Games[0].SourceHash {
		t.Error("the rules do not count in the source hash")
	}
	tree["cards/tiny/turn.star"] = &fstest.MapFile{Data: []byte("def turn(game):\n    return\n")}
	edited, _ := compiler.Load(tree, compiler.Options{})
	if edited.Games[0].SourceHash == g.SourceHash {
		t.Error("an edited rules file keeps the source hash")
	}
}

// TestZonesLoaded: a game's [[zone]] tables are its zones, in the order
// declared, each named by its message zone.<id> in every locale.
func TestZonesLoaded(t *testing.T) {
	tree := tinyTree(t)
	tree["cards/tiny/zones.toml"] = &fstest.MapFile{Data: []byte(`
[[zone]]
id = "hand"
owner = "player"
visible = "owner"
section = "play"
doc = "The cards a player holds."

[[zone]]
id = "pile"
owner = "table"
visible = "none"
`)}
	names := map[string]string{
		"en": "\n[zone.hand]\none = \"hand\"\nother = \"hands\"\n\n[zone.pile]\none = \"pile\"\nother = \"piles\"\n",
		"fr": "\n[zone.hand]\none = \"main\"\nmany = \"mains\"\nother = \"mains\"\n\n[zone.pile]\none = \"pioche\"\nmany = \"pioches\"\nother = \"pioches\"\n",
	}
	for lang, add := range names {
		f := "locales/tiny/" + lang + ".toml"
		tree[f] = &fstest.MapFile{Data: append(slices.Clone(tree[f].Data), add...)}
	}
	games, d := load(tree, compiler.Options{})
	if len(d) > 0 {
		t.Fatal(d)
	}
	want := []*model.Zone{
		{ID: "hand", Owner: model.ZonePlayer, Visible: model.ZoneOwner, Section: "play", Doc: "The cards a player holds.", Message: "zone.hand"},
		{ID: "pile", Owner: model.ZoneTable, Visible: model.ZoneNone, Message: "zone.pile"},
	}
	if diff := cmp.Diff(want, games.Games[0].Zones, cmpopts.IgnoreFields(model.Zone{}, "Pos")); diff != "" {
		t.Errorf("zones (-want +got):\n%s", diff)
	}
}
