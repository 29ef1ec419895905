package translation_test

import (
	"bytes"
	"maps"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

// TestFreeTextJoined: Warlock's prologue is a free translation, whose
// sentences the French joins and splits its own way but whose paragraphs
// it keeps. Two more of its sentences joined with a semicolon leave no
// source sentence without a translation: pairs stay within their
// paragraph, and a paragraph as long as its own wording makes it says
// what four source sentences do in one. A sentence left out is still
// reported (with, at its neighbour, what its absence makes of the pairs).
func TestFreeTextJoined(t *testing.T) {
	const file = "locales/warlock/fr.toml"
	tests := []struct {
		name, old, new string
		omitted        bool
	}{
		{"a sentence joined to the one before", "sort du tombeau. Un souffle glacial", "sort du tombeau ; un souffle glacial", false},
		{"four source sentences in one", "son hôte. Une fois réveillée", "son hôte ; une fois réveillée", false},
		{"a sentence left out", "La plus flegmatique du groupe réussit toutefois à rallumer sa torche, mais elle a le souffle coupé et reste paralysée…", "", true},
	}
	base := txtar.Tree(t, grimoire.Games())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := base[file].Data
			if bytes.Count(data, []byte(tt.old)) != 1 {
				t.Fatalf("%q is not once in %s", tt.old, file)
			}
			tree := maps.Clone(base)
			tree[file] = &fstest.MapFile{Data: bytes.Replace(data, []byte(tt.old), []byte(tt.new), 1)}
			_, d := compiler.Load(tree, checked("warlock"))
			omitted := false
			for _, x := range d {
				if x.Pos.File != file {
					continue
				}
				omitted = omitted || x.Code == diag.Omission
				if !tt.omitted {
					t.Errorf("false alarm: %s", x)
				}
			}
			if omitted != tt.omitted {
				t.Errorf("a sentence without translation reported: %v, want %v", omitted, tt.omitted)
			}
		})
	}
}
