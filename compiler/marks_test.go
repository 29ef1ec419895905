package compiler_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// markedTiny is the tiny game with parameters marked reconstructed, and
// the legend their mark needs.
func markedTiny(t *testing.T) *model.Game {
	t.Helper()
	tree := tinyTree(t)
	tree["cards/tiny/marks.toml"] = &fstest.MapFile{Data: []byte(`
[[param]]
id = "villages"
type = "map<int,int>"
value = { 2 = 3, 3 = 4, 4 = 6 }
reconstructed = [3, 4]

[[param]]
id = "bonus"
type = "map<enum:suit,int>"
value = { sun = 2, moon = 1 }
reconstructed = true

[[param]]
id = "chain"
type = "list<int>"
value = [1, 2, 3]
reconstructed = [2]

[[param]]
id = "rounds"
type = "int"
value = 3
reconstructed = false
`)}
	for l, legend := range legends() {
		f := tree["locales/tiny/"+l+".toml"]
		f.Data = append(f.Data, legend...)
	}
	games, d := load(tree, compiler.Options{})
	if len(d) > 0 || len(games.Games) != 1 {
		t.Fatalf("marked tiny game: diagnostics:\n%s", d)
	}
	return games.Games[0]
}

// legends are the tiny game's legend of the mark, by language.
func legends() map[string]string {
	return map[string]string{
		"en": "\n[game.reconstructed]\nother = \"reconstructed: not printed in the rulebook\"\n",
		"fr": "\n[game.reconstructed]\nother = \"valeur reconstituée\u00a0: elle n’est pas imprimée dans la règle du jeu\"\n",
	}
}

// TestLegendRequired: the legend of the mark is required when a text or
// a block prints a reconstructed value, and not otherwise; a game may
// have it all the same.
func TestLegendRequired(t *testing.T) {
	const param = "\n[[param]]\nid = \"villages\"\ntype = \"map<int,int>\"\nvalue = { 2 = 3, 3 = 4 }\n"
	tests := []struct {
		name   string
		data   string // added to the data
		text   string // replaces the play rule's {{.Param.hand_size}} in both locales
		legend bool   // the locales have the legend
		want   bool   // G101 for the legend
	}{
		{"marked entry in a text", param + "reconstructed = [3]\n", `{{index .Param.villages \"3\"}}`, false, true},
		{"marked value in a text", param + "reconstructed = true\n", `{{index .Param.villages \"2\"}}`, false, true},
		{"text reaching into .Param by a computed key", param + "reconstructed = [3]\n", `{{range .Param}}{{end}}4`, false, true},
		{"marked card in a text", "", `{{.Card.eclipse.power}}`, false, true},
		{"block of marked cards", "[[block]]\nid = \"spells\"\ncards = \"spell\"\nfields = [\"power\"]\non = [\"rules:play\"]\n", "", false, true},
		{"marked, printed by nothing", param + "reconstructed = [3]\n", "", false, false},
		{"unmarked param in a text", param, `{{index .Param.villages \"3\"}}`, false, false},
		{"a message's argument named Card", "", `{{.Arg.Card}}`, false, false},
		{"legend not needed, present", "", "", true, false},
		{"legend needed, present", param + "reconstructed = [3]\n", `{{index .Param.villages \"3\"}}`, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := tinyTree(t)
			tree["cards/tiny/extra.toml"] = &fstest.MapFile{Data: []byte(tt.data)}
			if strings.Contains(tt.data, "[[block]]") {
				for l, title := range map[string]string{"en": "Spells", "fr": "Sorts"} {
					f := tree["locales/tiny/"+l+".toml"]
					f.Data = append(f.Data, "\n[block.spells]\ntitle = \""+title+"\"\npower = \"P\"\n"...)
				}
			}
			for l, legend := range legends() {
				f := tree["locales/tiny/"+l+".toml"]
				if tt.text != "" {
					f.Data = []byte(strings.Replace(string(f.Data), "{{.Param.hand_size}}", tt.text, 1))
				}
				if tt.legend {
					f.Data = append(f.Data, legend...)
				}
			}
			_, d := load(tree, compiler.Options{})
			got := strings.Contains(d.String(), "message game.reconstructed is missing")
			if got != tt.want {
				t.Errorf("legend missing reported: %v; want %v\n%s", got, tt.want, d)
			}
			if strings.Contains(d.String(), "game.reconstructed is not used") {
				t.Errorf("a legend not needed is reported unused:\n%s", d)
			}
		})
	}
}

func TestParamMarks(t *testing.T) {
	g := markedTiny(t)
	if !g.HasReconstructed() {
		t.Error("HasReconstructed() = false; want true")
	}
	tests := []struct {
		param string
		want  []bool // EntryReconstructed of each entry
	}{
		{"villages", []bool{false, true, true}},
		{"bonus", []bool{true, true}},
		{"chain", []bool{false, false, true}},
	}
	for _, tt := range tests {
		p := g.Param(tt.param)
		var got []bool
		for i := range p.Value.List {
			got = append(got, p.EntryReconstructed(i))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: EntryReconstructed = %v; want %v", tt.param, got, tt.want)
		}
	}
	if g.Param("rounds").Reconstructed.Any() {
		t.Error("rounds: reconstructed = false marks it")
	}
}

// TestOverrideUnmarks: a value set with --set is the user's, no longer a
// guess; the entries it does not set keep their marks.
func TestOverrideUnmarks(t *testing.T) {
	tests := []struct {
		set   string
		param string
		want  model.Marks
	}{
		{"villages.3=5", "villages", model.Marks{Entries: []string{"4"}}},
		{"villages={2=1,3=2}", "villages", model.Marks{}},
		{"bonus.sun=4", "bonus", model.Marks{Entries: []string{"moon"}}},
		{"chain=[1,2,4]", "chain", model.Marks{}},
	}
	for _, tt := range tests {
		g := markedTiny(t)
		if d := compiler.Override(g, tt.set); len(d) > 0 {
			t.Fatalf("--set %s: %s", tt.set, d)
		}
		got := g.Param(tt.param).Reconstructed
		if got.All != tt.want.All || !slices.Equal(got.Entries, tt.want.Entries) {
			t.Errorf("--set %s: %s marks = %+v; want %+v", tt.set, tt.param, got, tt.want)
		}
	}
}
