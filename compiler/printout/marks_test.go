package printout_test

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// markedEdits give the tiny game a parameter with one reconstructed entry
// (3 players: 4 villages) and one printed (2 players: 3 villages), shown
// as a table on the sheet, a card and after the rules, and named by a text
// on the sheet; marked is false to print the same game with no mark.
func markedEdits(marked bool) [][3]string {
	rec := ""
	if marked {
		rec = "reconstructed = [3]\n"
	}
	return [][3]string{
		{"cards/tiny/marks.toml", "", "[[param]]\nid = \"villages\"\ntype = \"map<int,int>\"\nvalue = { 2 = 3, 3 = 4, 4 = 6 }\n" + rec},
		{"cards/tiny/print.toml", "", `
[[block]]
id = "villages"
param = "villages"
on = ["sheet", "card:sunburst", "rules:play"]

[[block]]
id = "count"
text = true
on = ["sheet"]
`},
		{"locales/tiny/en.toml", "", `
[block.villages]
title = "Villages"
key = "Players"
value = "Villages"

[block.count]
title = "Count"
text = 'Three players take {{index .Param.villages "3"}} villages, two take {{index .Param.villages "2"}}.'
`},
		{"locales/tiny/fr.toml", "", `
[block.villages]
title = "Villages"
key = "Joueurs"
value = "Villages"

[block.count]
title = "Décompte"
text = 'À trois joueurs, prenez {{index .Param.villages "3"}} villages` + "\u00a0" + `; à deux, {{index .Param.villages "2"}}.'
`},
	}
}

// TestReconstructedMarks: every printout marks a reconstructed value with
// a dagger, in its tables and in the texts that print it, and carries the
// legend in its language; a value the rulebook prints has no mark, and a
// printout with no mark has no legend. The reference sheet and cards say
// they are aids made with Grimoire.
func TestReconstructedMarks(t *testing.T) {
	poppler(t, "pdftotext")
	const (
		legendEN = "† reconstructed: not printed in the rulebook"
		legendFR = "† valeur reconstituée : elle n’est pas imprimée dans la règle du jeu"
		aidEN    = "Aid made with Grimoire – not part of the game box"
		aidFR    = "Aide réalisée avec Grimoire – elle ne fait pas partie de la boîte du jeu"
	)
	tests := []struct {
		marked     bool
		kind       printout.Kind
		lang       string
		has, lacks []string
	}{
		{true, printout.Reference, "en", []string{"Players 2 3 4 Villages 3 4† 6", "Three players take 4† villages, two take 3.", legendEN, aidEN}, []string{"3†", "6†"}},
		{true, printout.Reference, "fr", []string{"Joueurs 2 3 4 Villages 3 4† 6", "À trois joueurs, prenez 4† villages ; à deux, 3.", legendFR, aidFR}, []string{"3†", "6†"}},
		{true, printout.Cards, "en", []string{"Players 2 3 4 Villages 3 4† 6", legendEN, aidEN}, []string{"3†"}},
		{true, printout.Rules, "fr", []string{"Joueurs 2 3 4 Villages 3 4† 6", legendFR}, []string{"3†", aidFR}},
		{false, printout.Reference, "en", []string{"Players 2 3 4 Villages 3 4 6", "Three players take 4 villages, two take 3.", aidEN}, []string{"†", "reconstructed"}},
		{false, printout.Cards, "fr", []string{"Joueurs 2 3 4 Villages 3 4 6", aidFR}, []string{"†", "reconstituée"}},
		{false, printout.Rules, "en", []string{"Players 2 3 4 Villages 3 4 6"}, []string{"†", "reconstructed"}},
	}
	for _, tt := range tests {
		name := tt.kind.String() + " " + tt.lang
		if !tt.marked {
			name += " unmarked"
		}
		t.Run(name, func(t *testing.T) {
			games, d := load(tinyTree(t, markedEdits(tt.marked)...), compiler.Options{})
			if d.HasErrors() {
				t.Fatal(d.String())
			}
			pdf := write(t, games.Games[0], printout.Options{Kind: tt.kind, Lang: tt.lang})
			text := squash(strings.ReplaceAll(string(run(t, pdf, "pdftotext", "-layout")), "\u00a0", " "))
			hasLacks(t, text, tt.has, tt.lacks)
		})
	}
}

// TestDeckParamMarks: a card region that shows a parameter's entry at the
// card's value marks the entry the rulebook does not print, and only that
// one, and the deck then carries the legend.
func TestDeckParamMarks(t *testing.T) {
	poppler(t, "pdftotext")
	tests := []struct {
		rec        string
		has, lacks []string
	}{
		{"reconstructed = [\"sun\"]\n", []string{"Sunburst 5†", "Eclipse 7", "† reconstructed"}, []string{"7†"}},
		{"", []string{"Sunburst 5", "Eclipse 7"}, []string{"†", "reconstructed"}},
	}
	for _, tt := range tests {
		t.Run(strings.TrimSpace(tt.rec), func(t *testing.T) {
			games, d := load(tinyTree(t,
				[3]string{"cards/tiny/marks.toml", "", "[[param]]\nid = \"glow\"\ntype = \"map<enum:suit,int>\"\nvalue = { sun = 5, moon = 7 }\n" + tt.rec},
				[3]string{"cards/tiny/deck.toml", "", "\n  [[face.region]]\n  kind = \"number\"\n  field = \"suit\"\n  param = \"glow\"\n  at = [48, 2, 12, 8]\n  size = 12\n"},
			), compiler.Options{})
			if d.HasErrors() {
				t.Fatal(d.String())
			}
			g, err := games.Games[0].Play("")
			if err != nil {
				t.Fatal(err)
			}
			pdf := write(t, g, printout.Options{Kind: printout.Deck, Lang: "en", Unique: true})
			text := squash(string(run(t, pdf, "pdftotext", "-layout")))
			hasLacks(t, text, tt.has, tt.lacks)
		})
	}
}
