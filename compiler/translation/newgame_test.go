package translation_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

// armada is a game written for these tests as a new user writes one, from
// docs/own-game.md and docs/translating.md, with a glossary and correct
// French and German translations; nothing in the checks was tuned to it.
func armada(t *testing.T) fstest.MapFS {
	t.Helper()
	return txtar.Tree(t, os.DirFS(filepath.Join("testdata", "armada")))
}

// TestNewGameClean: the new game's correct translations give no finding,
// among them "die Schiffe dreier Flotten" (three fleets, inflected),
// "piochez jusqu’à avoir 5 cartes en main" (the hand a card goes to, said
// as where the cards are) and "deux fois de suite" (twice).
func TestNewGameClean(t *testing.T) {
	_, d := compiler.Load(armada(t), compiler.Options{Checks: checks.All(nil)})
	for _, x := range d {
		t.Errorf("false alarm: %s", x)
	}
}

// TestNewGameMistakes: a translator's mistakes in the new game are each
// reported, with the code that names them, at the edited line.
func TestNewGameMistakes(t *testing.T) {
	tests := []struct {
		name, file, old, new string
		code                 diag.Code
	}{
		{"left in English", "fr", "La défausse n’est jamais remélangée.", "The discard pile is never shuffled again.", diag.Untranslated},
		{"may turned into must", "fr", "Au lieu de jouer un navire, vous pouvez attaquer", "Au lieu de jouer un navire, vous devez attaquer", diag.Modality},
		{"left turned into right", "fr", "au joueur de gauche", "au joueur de droite", diag.Contrast},
		{"highest turned into lowest", "de", "die höchste Summe gewinnt", "die niedrigste Summe gewinnt", diag.Contrast},
		{"numbers swapped", "de", "1 Siegpunkt für jedes Schiff in seinem Hafen und 2 Siegpunkte für jede Flotte", "2 Siegpunkte für jedes Schiff in seinem Hafen und 1 Siegpunkt für jede Flotte", diag.NumberMismatch},
		{"the thing counted replaced", "fr", "et 2 points de victoire pour chaque flotte", "et 2 amiraux pour chaque flotte", diag.Counted},
		{"three fleets turned into four", "de", "dreier Flotten", "vierer Flotten", diag.NumberMismatch},
		{"hand turned into harbour", "fr", "les met dans sa main", "les met dans son port", diag.Destination},
		{"never dropped", "de", "Der Leviathan sinkt nie in einem Sturm.", "Der Leviathan sinkt in einem Sturm.", diag.Negation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := armada(t)
			path := "locales/armada/" + tt.file + ".toml"
			data := tree[path].Data
			if bytes.Count(data, []byte(tt.old)) != 1 {
				t.Fatalf("%q is not once in %s", tt.old, path)
			}
			line := 1 + bytes.Count(data[:bytes.Index(data, []byte(tt.old))], []byte("\n"))
			tree[path] = &fstest.MapFile{Data: bytes.Replace(data, []byte(tt.old), []byte(tt.new), 1)}
			_, d := compiler.Load(tree, compiler.Options{Checks: checks.All(nil)})
			for _, x := range d {
				if x.Code == tt.code && x.Pos.File == path && x.Pos.Line == line && (tt.code != diag.Untranslated || strings.Contains(x.Message, "English")) {
					return
				}
			}
			t.Errorf("no %s at %s:%d; got:\n%s", tt.code, path, line, d)
		})
	}
}
