package cli

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulebookPDF checks a printed rulebook given as a PDF: the rulebook
// of the game agrees with it.
func TestRulebookPDF(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("GRIMOIRE_POPPLER") == "required" {
			t.Fatal("pdftotext not found: install poppler-utils")
		}
		t.Skip("pdftotext not found: install poppler-utils to read PDFs")
	}
	file := filepath.Join(t.TempDir(), "regles.pdf")
	if code, out, errs := run(t, "sheet", "--game", "warlock", "--lang", "fr", "--kind", "rules", "-o", file); code != ExitOK {
		t.Fatalf("sheet: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := run(t, "rulebook", "--game", "warlock", "--lang", "fr", file)
	if code != ExitOK || errs != "" || !strings.Contains(out, "regles.pdf: no disagreement with game warlock found") {
		t.Errorf("exit %d; want 0 and no disagreement\n%s%s", code, out, errs)
	}
}

// TestRulebookRefused checks files that are no rulebook in the language
// given, as the book and as the one to compare with.
func TestRulebookRefused(t *testing.T) {
	const dir = "../../../../compiler/rulebook/testdata/"
	tmp := t.TempDir()
	empty := filepath.Join(tmp, "empty.txt")
	random := filepath.Join(tmp, "random.txt")
	r := rand.New(rand.NewPCG(3, 4))
	noise := make([]byte, 2048)
	for i := range noise {
		noise[i] = byte(r.UintN(256))
	}
	// The first page of the English rulebook: too little of the game.
	excerpt := filepath.Join(tmp, "excerpt.txt")
	en, err := os.ReadFile(dir + "warlock-en.txt")
	if err != nil {
		t.Fatal(err)
	}
	first := strings.Join(strings.SplitAfterN(string(en), "\n", 61)[:60], "")
	for f, data := range map[string][]byte{empty: nil, random: noise, excerpt: []byte(first)} {
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"empty file", []string{empty}, "grimoire rulebook: " + empty + ": empty file\n"},
		{"random bytes", []string{random}, "grimoire rulebook: " + random + ": not a text or PDF file: "},
		{"German as French", []string{dir + "warlock-de.txt"},
			"grimoire rulebook: " + dir + "warlock-de.txt: the text reads as German, not French (--lang fr)\n"},
		{"an empty file to compare with", []string{"--against", "en=" + empty, dir + "warlock-fr.txt"},
			"grimoire rulebook: " + empty + ": empty file\n"},
		{"German as English to compare with", []string{"--against", "en=" + dir + "warlock-de.txt", dir + "warlock-fr.txt"},
			"grimoire rulebook: " + dir + "warlock-de.txt: the text reads as German, not English (--against en=" + dir + "warlock-de.txt)\n"},
		{"another game's rulebook", []string{"--game", "bellum_magica", dir + "warlock-fr.txt"},
			"grimoire rulebook: " + dir + "warlock-fr.txt: the text matches too little of game bellum_magica to check: "},
		{"an excerpt to compare with", []string{"--against", "en=" + excerpt, dir + "warlock-fr.txt"},
			"grimoire rulebook: " + excerpt + ": the text matches too little of game warlock to check: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"rulebook", "--game", "warlock", "--lang", "fr"}, tt.args...)
			code, out, errs := run(t, args...)
			if code != ExitFail || out != "" || !strings.HasPrefix(errs, tt.want) {
				t.Errorf("exit %d; want 1 and %q on stderr\nstdout: %s\nstderr: %s", code, tt.want, out, errs)
			}
		})
	}
}
