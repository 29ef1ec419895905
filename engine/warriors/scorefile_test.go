package warriors

import (
	"os"
	"strings"
	"testing"
)

func TestScoreFile(t *testing.T) {
	r := shipped(t, VariantHordes)
	src, err := os.ReadFile("testdata/score/example.toml")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	d, err := (&Game{Rules: r}).ScoreFile(&out, "example.toml", src, "fr")
	if err != nil || len(d) > 0 {
		t.Fatalf("%v %v", d, err)
	}
	// The totals of TestScoring: 40, 35 and 0.
	for _, want := range []string{"40", "35", "Anne"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("breakdown lacks %q:\n%s", want, out.String())
		}
	}
}

// two is a second player, so that files are of a number of players the
// game is played by.
const two = "[[player]]\nname = \"B\"\n"

func TestScoreFileDiagnostics(t *testing.T) {
	rules := map[string]*Rules{"": shipped(t, ""), VariantHordes: shipped(t, VariantHordes)}
	for _, tc := range []struct{ variant, src, want string }{
		{"", "[[player]]\nfactions = { elves = 2 }\n" + two, `x.toml:2:14: error: no people "elves"`},
		{"", "[[player]]\nvictory_pile = -1\n" + two, "x.toml:2:16: error: victory_pile must be from 0"},
		{"", "[[player]]\ndragons = 1\n" + two, "x.toml:2:1: error: dragons count only with the Dragon Hordes"},
		{"", "[[player]]\nfactions = { undead = 12 }\n" + two, "x.toml:2:23: error: faction undead must be from 0 to 11"},
		{"", "[[player]]\ncolour = 1\n" + two, `x.toml:2:1: error: unknown key "colour"`},
		{"", "player = 1\n", "no [[player]] tables"},
		{"", "[[player]\n", "error: toml:"},
		// A victory pile holds warriors and dragons; the base game has 84.
		{"", "[[player]]\nvictory_pile = 999\n" + two, "x.toml:2:16: error: victory_pile must be from 0 to 84, not 999 [G010]"},
		{"", "[[player]]\nvictory_pile = 85\n" + two, "x.toml:2:16: error: victory_pile must be from 0 to 84, not 85 [G010]"},
		{VariantHordes, "[[player]]\nvictory_pile = 100\n" + two, "x.toml:2:16: error: victory_pile must be from 0 to 99, not 100 [G010]"},
		// Each count may be possible while the players' together are not.
		{"", "[[player]]\nvictory_pile = 80\n[[player]]\nvictory_pile = 4\nfactions = { elf = 1 }\n", "x.toml:5:20: error: victory piles, factions and living dragons hold 85 cards together; the game has 84 warriors and dragons [G010]"},
		{"", "[[player]]\nfactions = { undead = 6 }\n[[player]]\nfactions = { undead = 6 }\n", "x.toml:4:23: error: the factions of undead hold 12 cards together; the game has 11 [G010]"},
		{VariantHordes, "[[player]]\ndragons = 15\n[[player]]\ndragons = 1\n", "x.toml:4:11: error: the players have 16 living dragons together; the game has 15 [G010]"},
		{VariantHordes, "[[player]]\ndragons = 16\n" + two, "x.toml:2:11: error: dragons must be from 0 to 15, not 16 [G010]"},
		// Players: 2 to 4, or 2 to 6 with the expansion.
		{"", "[[player]]\nname = \"A\"\n", "x.toml:1:1: error: warriors is played by 2 to 4 players; the file has 1 [G010]"},
		{"", strings.Repeat(two, 5), "x.toml:9:1: error: warriors is played by 2 to 4 players; the file has 5 [G010]"},
		{VariantHordes, strings.Repeat(two, 7), "x.toml:13:1: error: warriors with the Dragon Hordes is played by 2 to 6 players; the file has 7 [G010]"},
	} {
		players, d := rules[tc.variant].ParseScoreFile("x.toml", []byte(tc.src))
		if !strings.Contains(d.String(), tc.want) {
			t.Errorf("%q: got\n%v\nwant %q", tc.src, d, tc.want)
		}
		if players != nil {
			t.Errorf("%q: players despite errors", tc.src)
		}
	}
	// Files within every bound are accepted.
	for _, tc := range []struct{ variant, src string }{
		{"", "[[player]]\nvictory_pile = 84\n" + two},
		{"", strings.Repeat(two, 4)},
		{VariantHordes, strings.Repeat(two, 6)},
		{VariantHordes, "[[player]]\ndragons = 14\n[[player]]\ndragons = 1\n"},
	} {
		if _, d := rules[tc.variant].ParseScoreFile("x.toml", []byte(tc.src)); len(d) > 0 {
			t.Errorf("%q: %v", tc.src, d)
		}
	}
}
