package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExportTTS writes a deck for Tabletop Simulator with export
// --format tts: its sheets, backs and saved object go to -o DIR, the
// images named after --base-url; what does not apply, or a game with no
// deck, writes nothing.
func TestExportTTS(t *testing.T) {
	tiny := filepath.Join("..", "..", "..", "..", "compiler", "testdata", "tiny")
	bare := copyTree(t, tiny)
	if err := os.Remove(filepath.Join(bare, "cards", "tiny", "deck.toml")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		args  []string
		code  int
		msg   string
		files []string
		json  string // in the saved object
	}{
		{"tiny", []string{"--root", tiny, "--game", "tiny"}, ExitOK, "",
			[]string{"tiny-en-back-1.png", "tiny-en-spell-1.png", "tiny-en.json"}, `"FaceURL": "tiny-en-spell-1.png"`},
		{"variant and url", []string{"--root", tiny, "--game", "tiny", "--variant", "starfall", "--lang", "fr", "--base-url", "https://example.org/d/"}, ExitOK, "",
			[]string{"tiny-starfall-fr-back-1.png", "tiny-starfall-fr-spell-1.png", "tiny-starfall-fr.json"}, `"BackURL": "https://example.org/d/tiny-starfall-fr-back-1.png"`},
		{"no directory", []string{"--root", tiny, "--game", "tiny", "-o", ""}, ExitUsage, "--format tts needs -o DIR", nil, ""},
		{"base-url elsewhere", []string{"--root", tiny, "--game", "tiny", "--format", "json", "--base-url", "x/"}, ExitUsage, "--base-url does not apply to --format json", nil, ""},
		{"no face", []string{"--root", bare, "--game", "tiny"}, ExitFail, "has no cards to print in a deck", nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "tts")
			args := append([]string{"export", "--format", "tts", "-o", dir}, c.args...)
			code, _, errs := run(t, args...)
			if code != c.code || !strings.Contains(errs, c.msg) {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, c.code, errs)
			}
			entries, _ := os.ReadDir(dir)
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if !slices.Equal(got, c.files) {
				t.Errorf("files %v; want %v", got, c.files)
			}
			if c.json == "" {
				return
			}
			b, err := os.ReadFile(filepath.Join(dir, c.files[len(c.files)-1]))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), c.json) {
				t.Errorf("the saved object has no %s:\n%.600s", c.json, b)
			}
		})
	}
}
