package compiler_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// withDeck is the tiny game's tree with its deck.toml replaced by deck.
func withDeck(t *testing.T, deck string) fstest.MapFS {
	t.Helper()
	tree := tinyTree(t)
	tree["cards/tiny/deck.toml"] = &fstest.MapFile{Data: []byte(deck)}
	return tree
}

// TestFaceRepeat: a repeated region is count regions, each one step further
// than the one before, with its number in place of {i} in its id, field,
// icon and conditions.
func TestFaceRepeat(t *testing.T) {
	games, d := load(withDeck(t, `
[[face]]
type = "spell"

  [[face.region]]
  id = "cost{i}"
  kind = "icons"
  field = "cost[{i}]"
  icon = "die{i}"
  when = { "cost[{i}]" = "moon" }
  at = [4, 10, 20, 8]
  repeat = { count = 3, step = [1.5, 10] }

  [[face.region]]
  kind = "box"
  icon = "star"
  at = [50, 2, 5, 5]
  repeat = { count = 2, step = [0, 6] }
`), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	var got []string
	for _, r := range games.Games[0].Deck.Faces[0].Regions {
		when := ""
		for _, c := range r.When {
			when += fmt.Sprintf(" when %s[%d]=%v", c.Field, c.Item, c.Values)
		}
		got = append(got, fmt.Sprintf("%s %s[%d] %s at %g,%g%s", r.ID, r.Field, r.Item, r.Icon, r.X, r.Y, when))
	}
	want := []string{
		"cost1 cost[1] die1 at 4,10 when cost[1]=[moon]",
		"cost2 cost[2] die2 at 5.5,20 when cost[2]=[moon]",
		"cost3 cost[3] die3 at 7,30 when cost[3]=[moon]",
		"2 (box)[1] [0] star at 50,2",
		"2 (box)[2] [0] star at 50,8",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("regions\n%q\nwant\n%q", got, want)
	}
}

// TestFaceParam: a region with param shows the map parameter's value at
// the card's field: the model holds the parameter, and the value is the
// entry of the card's key.
func TestFaceParam(t *testing.T) {
	games, d := load(withDeck(t, `
[[param]]
id = "rival"
type = "map<enum:suit,enum:suit>"
value = { sun = "moon" }

[[face]]
type = "spell"

  [[face.region]]
  kind = "band"
  field = "suit"
  param = "rival"
  at = [0, 0, "100%", 12]
`), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g := games.Games[0]
	var spell *model.Type
	for _, ty := range g.Types {
		if ty.ID == "spell" {
			spell = ty
		}
	}
	r := g.Deck.Faces[0].Regions[0]
	if r.Param == nil || r.Param.ID != "rival" {
		t.Fatalf("region param = %v; want rival", r.Param)
	}
	for _, c := range g.Cards {
		vt, v, set := r.Value(spell, c)
		got := "unset"
		if set {
			got = vt.Format(v)
		}
		want := map[string]string{"sunburst": "moon", "eclipse": "unset", "comet": "moon"}[c.ID]
		if got != want {
			t.Errorf("%s: region shows %s; want %s", c.ID, got, want)
		}
	}
}

// TestSourceHashImages: the bytes of an image a card face prints are part
// of the game's source hash, as the data and the locales are.
func TestSourceHashImages(t *testing.T) {
	png := func(last byte) []byte {
		return append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), last)
	}
	hash := func(img []byte) string {
		tree := withDeck(t, `
[[face]]
type = "spell"

  [[face.region]]
  kind = "image"
  file = "art/seal.png"
  at = [20, 60, 20, 20]
`)
		tree["cards/tiny/art/seal.png"] = &fstest.MapFile{Data: img}
		games, d := load(tree, compiler.Options{})
		if len(games.Games) != 1 {
			t.Fatal(d)
		}
		return games.Games[0].SourceHash
	}
	a, again, b := hash(png(1)), hash(png(1)), hash(png(2))
	if a != again {
		t.Errorf("the same image gives hashes %s and %s", a, again)
	}
	if a == b {
		t.Errorf("two images give one hash %s", a)
	}
}
