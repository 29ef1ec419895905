package bellummagica

import (
	"os"
	"strings"
	"testing"
)

func TestScoreFile(t *testing.T) {
	r := shipped(t)
	src, err := os.ReadFile("testdata/score/example.toml")
	if err != nil {
		t.Fatal(err)
	}
	players, d := r.ParseScoreFile("example.toml", src)
	if len(d) > 0 {
		t.Fatal(d)
	}
	want := []Score{{25, 6}, {25, 9}, {20, 5}}
	for i, p := range players {
		if p.Score != want[i] {
			t.Errorf("%s: %+v, want %+v", p.Name, p.Score, want[i])
		}
	}
	var out strings.Builder
	if d, err := (&Game{Rules: r}).ScoreFile(&out, "example.toml", src, "en"); err != nil || len(d) > 0 {
		t.Fatalf("%v %v", d, err)
	}
	last := strings.TrimSpace(out.String())
	if last = last[strings.LastIndex(last, "\n")+1:]; !strings.Contains(last, "Bruno") || strings.Contains(last, "Anne") {
		t.Errorf("winner line %q, want Bruno alone:\n%s", last, out.String())
	}
}

// two is a second player, so that files are of a number of players the
// game is played by.
const two = "[[player]]\nname = \"B\"\n"

func TestScoreFileDiagnostics(t *testing.T) {
	r := shipped(t)
	for _, tc := range []struct{ src, want string }{
		{"[[player]]\nwooden = [1, 0]\n" + two, "x.toml:2:14: error: a chest is worth 1 to 99, not 0"},
		{"[[player]]\nwooden = [-2]\n" + two, "x.toml:2:11: error: a chest is worth 1 to 99, not -2"},
		{"[[player]]\nmetal = [100]\n" + two, "x.toml:2:10: error: a chest is worth 1 to 99, not 100"},
		{"[[player]]\ngold = [" + strings.Repeat("8, ", 10) + "8]\n" + two, "x.toml:2:39: error: more gold chests than the game's 10"},
		{"[[player]]\ngold = [8, 8, 8, 8, 8, 8]\n[[player]]\ngold = [8, 8, 8, 8, 8]\n", "x.toml:4:21: error: more gold chests than the game's 10"},
		{"[[player]]\nmetal = 4\n" + two, "x.toml:2:9: error: metal must be a list of chest values"},
		{"[[player]]\nmetal = [\"4\"]\n" + two, "x.toml:2:10: error: a chest value must be a whole number"},
		{"[[player]]\nsilver = [1]\n" + two, `x.toml:2:1: error: unknown key "silver"`},
		{"player = 1\n", "no [[player]] tables"},
		{"[[player]\n", "error: toml:"},
		// Bellum Magica is played by 2 to 5 players.
		{"[[player]]\nwooden = [1]\n", "x.toml:1:1: error: bellum magica is played by 2 to 5 players; the file has 1 [G010]"},
		{strings.Repeat(two, 6), "x.toml:11:1: error: bellum magica is played by 2 to 5 players; the file has 6 [G010]"},
	} {
		players, d := r.ParseScoreFile("x.toml", []byte(tc.src))
		if !strings.Contains(d.String(), tc.want) {
			t.Errorf("%q: got\n%v\nwant %q", tc.src, d.String(), tc.want)
		}
		if players != nil {
			t.Errorf("%q: players despite errors", tc.src)
		}
	}
	for _, src := range []string{strings.Repeat(two, 2), strings.Repeat(two, 5),
		// Values the reconstructed chests do not have: the real box's.
		"[[player]]\nwooden = [4, 9]\nmetal = [2]\ngold = [15, 8, 8]\n" + two} {
		if _, d := r.ParseScoreFile("x.toml", []byte(src)); len(d) > 0 {
			t.Errorf("%q: %v", src, d)
		}
	}
}

// TestScoreFileAnyValue: chest values no shipped chest has are scored as
// found, since the shipped values are reconstructed.
func TestScoreFileAnyValue(t *testing.T) {
	r := shipped(t)
	players, d := r.ParseScoreFile("x.toml", []byte("[[player]]\nwooden = [4, 9]\ngold = [15]\n"+two))
	if len(d) > 0 {
		t.Fatal(d)
	}
	if got, want := players[0].Score, (Score{28, 3}); got != want {
		t.Errorf("score %+v, want %+v", got, want)
	}
}
