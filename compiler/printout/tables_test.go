package printout_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestRuleTables checks the text of tables the rulebook prints, which the
// rulebook checker compares books with.
func TestRuleTables(t *testing.T) {
	games := shipped(t)
	tests := []struct {
		game, lang, block string
		want              printout.RuleTable
	}{
		{"warriors", "fr", "hordes_initial_deal", printout.RuleTable{
			Section: "hordes_setup", Block: "hordes_initial_deal", Title: "Distribution initiale (extension)", Side: true,
			Cells: [][]string{{"Joueurs", "2", "3", "4", "5", "6"}, {"Cartes distribuées", "14", "14", "14", "11", "11"}},
		}},
		{"warlock", "en", "human_chain", printout.RuleTable{
			Section: "final_scoring", Block: "human_chain", Title: "Chains of human cities", Side: true,
			Cells: [][]string{{"City of the chain", "1", "2", "3", "4", "5", "6"}, {"Victory points", "1", "2", "3", "5", "7", "9"}},
		}},
	}
	for _, tt := range tests {
		tabs, err := printout.RuleTables(games.Game(tt.game), tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		var got *printout.RuleTable
		for i := range tabs {
			if tabs[i].Block == tt.block {
				got = &tabs[i]
			}
		}
		if got == nil {
			t.Errorf("%s %s: no table %s among %d", tt.game, tt.lang, tt.block, len(tabs))
			continue
		}
		if diff := cmp.Diff(tt.want, *got); diff != "" {
			t.Errorf("%s %s %s (-want +got):\n%s", tt.game, tt.lang, tt.block, diff)
		}
	}
}

// TestNameColumn: a table of cards may show each card's name, as a face
// may, so that cards alike in the other columns are told apart.
func TestNameColumn(t *testing.T) {
	tree := tinyTree(t,
		[3]string{"cards/tiny/print.toml", "", "[[block]]\nid = \"spells\"\ncards = \"spell\"\nfields = [\"name\", \"power\"]\non = [\"rules:play\"]\n"},
		[3]string{"locales/tiny/en.toml", "", "\n[block.spells]\ntitle = \"Spells\"\nname = \"Spell\"\npower = \"Power\"\n"},
		[3]string{"locales/tiny/fr.toml", "", "\n[block.spells]\ntitle = \"Sorts\"\nname = \"Sort\"\npower = \"Puissance\"\n"},
	)
	games, d := load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatalf("diagnostics:\n%s", d)
	}
	for lang, want := range map[string][][]string{
		"en": {{"Spell", "Power"}, {"Sunburst", "2"}, {"Eclipse", "3"}, {"Comet", "4"}},
		"fr": {{"Sort", "Puissance"}, {"Éclat solaire", "2"}, {"Éclipse", "3"}, {"Comète", "4"}},
	} {
		tabs, err := printout.RuleTables(games.Games[0], lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(tabs) != 1 {
			t.Fatalf("%s: %d tables", lang, len(tabs))
		}
		if diff := cmp.Diff(want, tabs[0].Cells); diff != "" {
			t.Errorf("%s (-want +got):\n%s", lang, diff)
		}
	}
}
