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

func TestScoreFileDiagnostics(t *testing.T) {
	base := shipped(t, "")
	for _, tc := range []struct{ src, want string }{
		{"[[player]]\nfactions = { elves = 2 }\n", `x.toml:2:14: error: no people "elves"`},
		{"[[player]]\nvictory_pile = -1\n", "x.toml:2:16: error: victory_pile must be from 0"},
		{"[[player]]\ndragons = 1\n", "x.toml:2:1: error: dragons count only with the Dragon Hordes"},
		{"[[player]]\nfactions = { undead = 12 }\n", "x.toml:2:23: error: faction undead must be from 0 to 11"},
		{"[[player]]\ncolour = 1\n", `x.toml:2:1: error: unknown key "colour"`},
		{"player = 1\n", "no [[player]] tables"},
		{"[[player]\n", "error: toml:"},
	} {
		_, d := base.ParseScoreFile("x.toml", []byte(tc.src))
		if !strings.Contains(d.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, d, tc.want)
		}
	}
}
