package compiler_test

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
)

// TestAuthors reads [game] authors, which the printouts name as their
// author: optional, and an array of strings.
func TestAuthors(t *testing.T) {
	langs := "languages = [\"en\", \"fr\"]"
	tests := []struct {
		name  string
		edits []edit
		want  []string
		diags string
	}{
		{"none", nil, nil, ""},
		{"two", []edit{put(gameFile, langs, langs+"\nauthors = [\"Alan R. Moon\", \"Richard Borg\"]")}, []string{"Alan R. Moon", "Richard Borg"}, ""},
		{"not strings", []edit{put(gameFile, langs, langs+"\nauthors = [\"Moon\", 2]")}, nil,
			"cards/tiny/game.toml:6:20: error: authors must hold strings, not integer [G003]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, d := load(apply(t, tt.edits), compiler.Options{})
			if got := d.String(); got != tt.diags {
				t.Fatalf("diagnostics:\n%s\nwant:\n%s", got, tt.diags)
			}
			if tt.diags != "" {
				return
			}
			if got := games.Game("tiny").Authors; !slices.Equal(got, tt.want) {
				t.Errorf("Authors = %q; want %q", got, tt.want)
			}
		})
	}
}
