package export

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/l10n"
)

// TestFilesWithSharedCache: the exports of a game and of its variant,
// rendered through one cache, are byte for byte those JSON and CSV write
// on their own.
func TestFilesWithSharedCache(t *testing.T) {
	c := l10n.NewCache()
	for _, v := range []string{"", "night", ""} {
		g := played(t, v)
		files, err := FilesWith(g, c)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("variant %q: no files", v)
		}
		for _, f := range files {
			name := strings.TrimPrefix(f.Path, Dir(g)+"/")
			parts := strings.Split(strings.TrimPrefix(name, g.ID), ".")
			var want bytes.Buffer
			switch {
			case len(parts) == 2: // .json
				err = JSON(&want, g, "")
			case parts[len(parts)-1] == "json":
				err = JSON(&want, g, parts[1])
			default:
				err = CSV(&want, g, parts[1], parts[2])
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(f.Content, want.Bytes()) {
				t.Errorf("variant %q: %s: %d bytes through a shared cache, %d alone; want the same", v, f.Path, len(f.Content), want.Len())
			}
		}
	}
}

// TestJoin gathers parts with the schema, sorted, and refuses a name
// given twice.
func TestJoin(t *testing.T) {
	a := []File{{Path: "b.json"}, {Path: "z/a.json"}}
	b := []File{{Path: "a.csv"}}
	files, err := Join(a, b)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	want := []string{"a.csv", "b.json", SchemaFile, "z/a.json"}
	slices.Sort(want)
	if !slices.Equal(paths, want) {
		t.Errorf("Join = %q; want %q", paths, want)
	}
	if _, err := Join(a, []File{{Path: "b.json"}}); err == nil || !strings.Contains(err.Error(), "two files named b.json") {
		t.Errorf("Join of a name twice: %v; want an error naming it", err)
	}
}
