package compiler_test

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
)

// TestSchemaLimits: what the exports' JSON Schema forbids, check refuses,
// at the value that breaks it. (compiler/export's TestRandomGamesValidate
// checks the other way: what check accepts, the schema accepts.)
func TestSchemaLimits(t *testing.T) {
	tests := []struct {
		name  string
		edits []edit
		want  string
	}{
		{
			// Seven levels: the schema's sectionLevel stops at 6.
			name:  "section numbered seven levels deep",
			edits: []edit{put(gameFile, "number = \"1\"", "number = \"2.1.1.1.1.1.1\"")},
			want:  "cards/tiny/game.toml:69:10: error: section play: number 2.1.1.1.1.1.1 is 7 levels deep; sections go 6 levels deep at most [G010]\n",
		},
		{
			name:  "section level seven",
			edits: []edit{put(gameFile, "number = \"1\"", "level = 7")},
			want:  "cards/tiny/game.toml:69:9: error: section play: level must be 1 to 6 [G010]\n",
		},
		{
			// A private-use tag parses, but the schema's lang does not
			// take it.
			name: "private-use language tag",
			edits: []edit{
				put(gameFile, "languages = [\"en\", \"fr\"]", "languages = [\"en\", \"x-fr\"]"),
				{file: frFile}, // no locale for it, which would say the same

			},
			want: "cards/tiny/game.toml:5:20: error: \"x-fr\" is not a language tag of the form a game's languages take (a language subtag of 2 to 8 letters first, such as en or pt-BR) [G107]\n",
		},
		{
			name:  "negative total",
			edits: []edit{put(variantFile, "count = 2", "count = -2")},
			want:  "cards/tiny/variant.toml:19:9: error: total comets: count must not be negative [G010]\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, d := load(apply(t, tt.edits), compiler.Options{})
			if got := d.String(); got != tt.want || len(games.Games) > 0 {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
