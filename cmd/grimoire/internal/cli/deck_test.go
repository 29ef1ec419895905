package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSheetDeck prints decks with sheet --kind deck: every copy or one of
// each, at the declared size or another, with or without bleed; --unique
// applies to a deck alone.
func TestSheetDeck(t *testing.T) {
	dir := t.TempDir()
	tiny := filepath.Join("..", "..", "..", "..", "compiler", "testdata", "tiny")
	// The tiny game without its deck data has no face to lay out.
	faceless := copyTree(t, tiny)
	if err := os.Remove(filepath.Join(faceless, "cards", "tiny", "deck.toml")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--game", "warlock", "--kind", "deck", "--unique", "--lang", "fr", "-o", "x.pdf"}, ExitOK, ""},
		{[]string{"--root", tiny, "--game", "tiny", "--kind", "deck", "--bleed", "--card", "70x100", "--paper", "letter", "-o", "x.pdf"}, ExitOK, ""},
		{[]string{"--root", tiny, "--game", "tiny", "--kind", "deck", "--variant", "starfall", "-o", "x.pdf"}, ExitOK, ""},
		{[]string{"--root", tiny, "--game", "tiny", "--kind", "deck", "--bleed=false", "--unique", "-o", "x.pdf"}, ExitOK, ""},
		{[]string{"--game", "warlock", "--kind", "rules", "--unique", "-o", "x.pdf"}, ExitUsage, "--unique does not apply to --kind rules"},
		{[]string{"--root", faceless, "--game", "tiny", "--kind", "deck", "-o", "x.pdf"}, ExitFail, "has no cards to print in a deck"},
	} {
		sheetCase(t, c.args, filepath.Join(dir, strings.Join(c.args[len(c.args)-6:], "_")+".pdf"), c.code, c.msg)
	}
}
