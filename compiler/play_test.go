package compiler_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

// TestLoadPlay: loading a game without the checks, as the commands that
// play it do, leaves its translations uncompared (a French text left in
// English is no finding) but reports the data's errors, and
// gives the same game as loading with every check, source hash included.
func TestLoadPlay(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("translation", "testdata", "diag", "G109-untranslated.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	tree := tinyTree(t)
	for _, f := range txtar.Parse(data).Files {
		if f.Name != "want" {
			tree[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	full, d := load(tree, compiler.Options{})
	if !strings.Contains(d.String(), "[G109]") {
		t.Fatalf("the fixture's finding is gone:\n%s", d)
	}
	played, d := compiler.Load(tree, compiler.Options{})
	if len(d) > 0 {
		t.Errorf("loaded to play, diagnostics:\n%s", d)
	}
	if len(full.Games) != 1 || len(played.Games) != 1 {
		t.Fatalf("games: %d loaded, %d to play", len(full.Games), len(played.Games))
	}
	// DeepEqual, not cmp: the model has unexported fields.
	if c, p := full.Games[0], played.Games[0]; !reflect.DeepEqual(c, p) {
		t.Errorf("the game loaded to play differs from the checked one (source hash %s, %s)", c.SourceHash, p.SourceHash)
	}

	g := tree["cards/tiny/game.toml"]
	g.Data = []byte(strings.Replace(string(g.Data), "power = 2", "power = \"two\"", 1))
	if _, d := compiler.Load(tree, compiler.Options{}); !d.HasErrors() {
		t.Errorf("a card's wrong value loads clean to play:\n%s", d)
	}
}
