package rules

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreFile scores the first scoring example of the Hearts rulebook
// from its score file, and the moon shot of the second.
func TestScoreFile(t *testing.T) {
	g := shipped(t, "hearts")
	name := filepath.Join("testdata", "score", "hearts.toml")
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	d, err := g.ScoreFile(&out, name, src, "en")
	if err != nil || len(d) > 0 {
		t.Fatalf("diagnostics %v, error %v", d, err)
	}
	want := `                               Anna  Ben  Clara  Daniel
                        Total     4   15      7       0
  Result (the total, negated)    -4  -15     -7       0
Winner: Daniel
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}

	moon := `
[[player]]
name = "Anna"
score = 10
[[player]]
name = "Ben"
[[player]]
name = "Clara"
won = ["queen_of_spades", "two_of_hearts", "three_of_hearts", "four_of_hearts", "five_of_hearts", "six_of_hearts", "seven_of_hearts", "eight_of_hearts", "nine_of_hearts", "ten_of_hearts", "jack_of_hearts", "queen_of_hearts", "king_of_hearts", "ace_of_hearts"]
[[player]]
name = "Daniel"
`
	out.Reset()
	if d, err := g.ScoreFile(&out, "moon.toml", []byte(moon), "en"); err != nil || len(d) > 0 {
		t.Fatalf("diagnostics %v, error %v", d, err)
	}
	if !strings.Contains(out.String(), "Total    36   26      0      26") || !strings.HasSuffix(out.String(), "Winner: Clara\n") {
		t.Errorf("moon shot:\n%s", out.String())
	}
}

// TestScoreFileErrors: each mistake of a score file is reported at its
// place, and nothing is scored.
func TestScoreFileErrors(t *testing.T) {
	g := shipped(t, "hearts")
	for _, tc := range []struct{ src, want string }{
		{"[[player]]\n[[player]]\n", "f.toml:2:1: error: hearts is played by 4 to 4 players; the file has 2 [G010]"},
		{"x = 1\n", "f.toml:1:1: error: no [[player]] tables"},
		{strings.Repeat("[[player]]\n", 3) + "[[player]]\nwon = [\"ace_of_swords\"]\n", `f.toml:5:8: error: no card "ace_of_swords" the game is played with [G008]`},
		{strings.Repeat("[[player]]\n", 3) + "[[player]]\nwon = [\"round_aid\"]\n", `f.toml:5:8: error: no card "round_aid" the game is played with [G008]`},
		{strings.Repeat("[[player]]\nwon = [\"ace_of_spades\"]\n", 2) + "[[player]]\n[[player]]\n", `f.toml:4:8: error: more Ace of Spades than the game has (1) [G010]`},
		{strings.Repeat("[[player]]\n", 3) + "[[player]]\nscore = \"ten\"\n", `f.toml:5:9: error: score is a whole number [G003]`},
		{strings.Repeat("[[player]]\n", 3) + "[[player]]\npoints = 3\n", `f.toml:5:1: error: unknown key "points" (keys: name, score, hand, chosen, won) [G002]`},
		{"rounds = true\n" + strings.Repeat("[[player]]\n", 4), `f.toml:1:10: error: rounds is a whole number [G003]`},
	} {
		var out bytes.Buffer
		d, err := g.ScoreFile(&out, "f.toml", []byte(tc.src), "en")
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
		}
		if !strings.Contains(d.String(), tc.want) {
			t.Errorf("%q: diagnostics\n%s\nwant %s", tc.src, d, tc.want)
		}
		if out.Len() > 0 {
			t.Errorf("%q: scored despite errors:\n%s", tc.src, out.String())
		}
	}
}
