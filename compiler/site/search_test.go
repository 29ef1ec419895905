package site_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/site"
)

// TestSearchIndexJSON checks the index the site writes: the same as
// SearchIndex gives, valid JSON behind its assignment, the same bytes
// twice.
func TestSearchIndexJSON(t *testing.T) {
	g := tiny(t)
	a, b := build(t, g), build(t, g)
	for _, lang := range g.Languages {
		p := "tiny/" + lang + "/search-index.js"
		js, ok := a[p]
		if !ok {
			t.Fatalf("no %s", p)
		}
		if !bytes.Equal(js, b[p]) {
			t.Errorf("%s differs between two builds", p)
		}
		_, data, ok := bytes.Cut(js, []byte("window.grimoireSearchIndex = "))
		if !ok {
			t.Fatalf("%s assigns no index:\n%s", p, js)
		}
		var got, want any
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		ix, err := site.SearchIndex(g, lang)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(ix, &want); err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(got, want) {
			t.Errorf("%s is not SearchIndex(tiny, %s)", p, lang)
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// TestSearch runs the query syntax of assets/search.js in node over the
// indexes of the tiny game and of Warlock. Without node it skips, unless
// GRIMOIRE_NODE=required.
func TestSearch(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("GRIMOIRE_NODE") == "required" {
			t.Fatal("GRIMOIRE_NODE=required and no node: ", err)
		}
		t.Skip("no node")
	}
	shipped, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	var warlock *model.Game
	for _, g := range shipped.Games {
		if g.ID == "warlock" {
			warlock = g
		}
	}
	indexes := map[string]json.RawMessage{}
	for name, gl := range map[string]struct {
		g    *model.Game
		lang string
	}{"tiny-en": {tiny(t), "en"}, "tiny-fr": {tiny(t), "fr"}, "warlock-en": {warlock, "en"}, "warlock-fr": {warlock, "fr"}} {
		ix, err := site.SearchIndex(gl.g, gl.lang)
		if err != nil {
			t.Fatal(err)
		}
		indexes[name] = ix
	}
	giants := []string{"giant_1", "giant_2", "giant_3", "giant_4"}
	tests := []struct {
		index, query    string
		cards, sections []string
		unknown         []string
	}{
		{"tiny-en", "", nil, nil, nil},
		{"tiny-en", "suit:sun", []string{"sunburst", "comet"}, nil, nil},
		{"tiny-en", "suit:moon", []string{"eclipse"}, nil, nil},
		{"tiny-fr", "suit:LUNE", []string{"eclipse"}, nil, nil},
		{"tiny-en", "-suit:moon", []string{"sunburst", "comet"}, []string{"play"}, nil},
		{"tiny-en", "power>=3", []string{"eclipse", "comet"}, nil, nil},
		{"tiny-en", "power>3", []string{"comet"}, nil, nil},
		{"tiny-en", "power<=3 suit:sun", []string{"sunburst"}, nil, nil},
		{"tiny-en", "power<3", []string{"sunburst"}, nil, nil},
		{"tiny-en", "power=2", []string{"sunburst"}, nil, nil},
		{"tiny-en", "power>x", nil, nil, nil},
		{"tiny-en", "type:spell", []string{"sunburst", "eclipse", "comet"}, nil, nil},
		{"tiny-en", "cost:moon", []string{"sunburst", "comet"}, nil, nil},
		{"tiny-en", "cost:any", []string{"eclipse"}, nil, nil},
		{"tiny-en", "eclipse", []string{"eclipse"}, nil, nil},
		{"tiny-en", "draw", nil, []string{"play"}, nil},
		{"tiny-en", `"up to"`, nil, []string{"play"}, nil},
		{"tiny-en", `"to up"`, nil, nil, nil},
		{"tiny-en", "draw -deck", nil, nil, nil},
		{"tiny-en", "draw -suit:moon", nil, []string{"play"}, nil},
		{"tiny-en", "draw suit:moon", nil, nil, nil},
		{"tiny-en", "colour:red sunb", []string{"sunburst"}, nil, []string{"colour"}},
		{"tiny-en", `-"sunburst"`, []string{"eclipse", "comet"}, []string{"play"}, nil},
		{"warlock-en", "race:giant", giants, nil, nil},
		{"warlock-en", "type:creature race:Giant", giants, nil, nil},
		{"warlock-fr", "race:geant", giants, nil, nil},
		{"warlock-fr", "type:créature race:géant gold<2", []string{"giant_2", "giant_4"}, nil, nil},
		{"warlock-en", "race:giant gold>=2", []string{"giant_1", "giant_3"}, nil, nil},
		{"warlock-en", "race:dragon", nil, nil, nil},
		{"warlock-fr", "créature:géant or>=2", []string{"giant_1", "giant_3"}, nil, nil},
		{"warlock-fr", "points_de_victoire>=3 race:giant", []string{"giant_2", "giant_3", "giant_4"}, nil, nil},
		{"warlock-en", "race:wizard cost:giant", []string{"wizard_1", "wizard_4"}, nil, nil},
	}
	type query [2]string
	in := struct {
		Script  string                     `json:"script"`
		Indexes map[string]json.RawMessage `json:"indexes"`
		Queries []query                    `json:"queries"`
	}{Indexes: indexes}
	if in.Script, err = filepath.Abs(filepath.Join("assets", "search.js")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		in.Queries = append(in.Queries, query{tt.index, tt.query})
	}
	stdin, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "search-harness.js"))
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got []struct{ Cards, Sections, Unknown []string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node's answer %s: %v", out, err)
	}
	if len(got) != len(tests) {
		t.Fatalf("%d answers to %d queries", len(got), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.index+" "+tt.query, func(t *testing.T) {
			g := got[i]
			if !slices.Equal(g.Cards, tt.cards) || !slices.Equal(g.Sections, tt.sections) || !slices.Equal(g.Unknown, tt.unknown) {
				t.Errorf("search(%q) = cards %v, sections %v, unknown %v; want %v, %v, %v",
					tt.query, g.Cards, g.Sections, g.Unknown, tt.cards, tt.sections, tt.unknown)
			}
		})
	}
}
