package warlock

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestScoreFileExample(t *testing.T) {
	r := shipped(t)
	src, err := os.ReadFile("testdata/score/example.toml")
	if err != nil {
		t.Fatal(err)
	}
	players, d := r.ParseScoreFile("example.toml", src)
	if len(d) > 0 {
		t.Fatal(d)
	}
	var empires []Empire
	for _, p := range players {
		empires = append(empires, p.Empire)
	}
	scores := ScoreEmpires(&r.Params, empires)
	if players[0].Name != "Scott" || scores[0].Total != 54 {
		t.Errorf("%s scores %d; the rulebook says 54", players[0].Name, scores[0].Total)
	}
	g := &Game{Rules: r}
	for _, lang := range []string{"en", "fr", "de"} {
		var out bytes.Buffer
		if d, err := g.ScoreFile(&out, "example.toml", src, lang); err != nil || len(d) > 0 {
			t.Fatal(d, err)
		}
		if !strings.Contains(out.String(), "54") || !strings.Contains(out.String(), "Scott") {
			t.Errorf("%s report lacks Scott's 54:\n%s", lang, out.String())
		}
		if strings.Contains(out.String(), "score.") {
			t.Errorf("%s report has an unrendered message:\n%s", lang, out.String())
		}
	}
}

// TestScoreFileErrors: an empire that cannot exist gets a diagnostic at
// its line and column, and no score.
func TestScoreFileErrors(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct {
		name, src, want string
	}{
		{"syntax", "[[player]\n", "f.toml:2:9: error: toml: line 2: expected end of table array name delimiter"},
		{"no players", "x = 1\n", "f.toml:1:1: error: unknown key \"x\""},
		{"unknown race", "[[player]]\nempire = [\"giant:4 elf:3\"]\n", "f.toml:2:20: error: unknown race \"elf\""},
		{"no such card", "[[player]]\nempire = [\"giant:7\"]\n", "f.toml:2:12: error: no giant card is worth 7 points (giant cities are worth 2, 3, 4) [G010]"},
		{"bad field", "[[player]]\nempire = [\"giant\"]\n", "f.toml:2:12: error: field \"giant\""},
		{"too wide", "[[player]]\nempire = [\"gnome:1 gnome:1 gnome:1 gnome:1 gnome:1\"]\n", "f.toml:2:44: error: an empire is 4 fields wide"},
		{"too many rows", "[[player]]\nempire = [\".\", \".\", \".\", \".\", \"gnome:1\"]\n", "f.toml:2:31: error: an empire has 4 rows, not 5"},
		{"four dragons", "[[player]]\nempire = [\"dragon dragon dragon dragon\"]\n", "f.toml:2:33: error: Player 1's empire has more than 3 dragons"},
		{"not adjacent", "[[player]]\nempire = [\"gnome:1\", \".\", \"gnome:1\"]\n", "f.toml:2:28: error: this field of player 1's empire is not joined"},
		{"floating", "[[player]]\nempire = [\".\", \"gnome:1\"]\n", "f.toml:2:17: error: this field"},
		{"too many copies", "[[player]]\nempire = [\"goblin:2 goblin:2 goblin:2 goblin:2\", \"goblin:2 goblin:2 goblin:2 goblin:2\", \"goblin:2 goblin:2 goblin:2 goblin:2\", \"goblin:2 goblin:2 goblin:2 goblin:2\"]\n", "error: the game has 15 goblin cards worth 2"},
		{"empire missing", "[[player]]\nname = \"Scott\"\n", "f.toml:1:1: error: player Scott has no empire [G004]"},
		{"unknown key", "[[player]]\nempir = []\n", "f.toml:2:1: error: unknown key \"empir\""},
		// The cards of an empire form one group: a second one touching the
		// player board is no more possible than one floating.
		{"two groups", "[[player]]\nempire = [\"gnome:1 . gnome:1\"]\n", "f.toml:2:22: error: this field of player 1's empire is not joined to the others: an empire is one group of cards, each built next to one already there [G010]"},
		{"smaller group", "[[player]]\nempire = [\"gnome:1 . gnome:1 gnome:1\"]\n", "f.toml:2:12: error: this field of player 1's empire is not joined to the others: an empire"},
		{"two groups below", "[[player]]\nempire = [\"gnome:1 . . gnome:1\", \"gnome:1 . . gnome:1\"]\n", "f.toml:2:24: error: this field of player 1's empire is not joined to the others: an empire"},
		// Warlock is played by 3 to 5 players.
		{"one player", "[[player]]\nempire = []\n", "f.toml:1:1: error: warlock is played by 3 to 5 players; the file has 1 [G010]"},
		{"two players", strings.Repeat("[[player]]\nempire = []\n", 2), "f.toml:3:1: error: warlock is played by 3 to 5 players; the file has 2 [G010]"},
		{"six players", strings.Repeat("[[player]]\nempire = []\n", 6), "f.toml:11:1: error: warlock is played by 3 to 5 players; the file has 6 [G010]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			players, d := r.ParseScoreFile("f.toml", []byte(tc.src))
			if players != nil {
				t.Error("players returned despite errors")
			}
			if !strings.Contains(strings.ToLower(d.String()), strings.ToLower(tc.want)) {
				t.Errorf("diagnostics:\n%s\nwant %q", d.String(), tc.want)
			}
		})
	}
}

// TestScoreFileAccepted: empires the rules can produce, by as many players
// as the game is played by, are accepted.
func TestScoreFileAccepted(t *testing.T) {
	r := shipped(t)
	empty := "[[player]]\nempire = []\n"
	for _, src := range []string{
		strings.Repeat(empty, 3),
		strings.Repeat(empty, 5),
		"[[player]]\nempire = [\"gnome:1 human:1 human:1 gnome:1\", \"gnome:1 . . human:1\", \"gnome:1 dragon . human:1\"]\n" + strings.Repeat(empty, 2),
	} {
		if _, d := r.ParseScoreFile("f.toml", []byte(src)); len(d) > 0 {
			t.Errorf("%q: %v", src, d)
		}
	}
}
