// Package txtar reads and writes the fixture archives of the compiler's
// tests: a comment, then files each opened by a "-- name --" line (the
// format of golang.org/x/tools/txtar, which is not worth a dependency).
package txtar

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// Archive is a comment and named files.
type Archive struct {
	Comment string
	Files   []File
}

// File is one file of an archive.
type File struct {
	Name string
	Data []byte
}

// Parse reads an archive; text before the first file is the comment.
func Parse(data []byte) Archive {
	var a Archive
	cur := -1
	for _, line := range strings.SplitAfter(string(data), "\n") {
		t := strings.TrimRight(line, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			a.Files = append(a.Files, File{Name: strings.TrimSpace(t[3 : len(t)-3])})
			cur = len(a.Files) - 1
			continue
		}
		if cur < 0 {
			a.Comment += line
		} else {
			a.Files[cur].Data = append(a.Files[cur].Data, line...)
		}
	}
	return a
}

// Format writes an archive back as Parse reads it.
func (a Archive) Format() []byte {
	var b bytes.Buffer
	b.WriteString(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
	}
	return b.Bytes()
}

// Run runs produce on each archive that pattern matches, as a subtest
// named after the file, and compares what it returns with the archive's
// "want" file; with update it writes the result there instead. produce gets
// every file but "want".
func Run(t *testing.T, pattern string, update bool, produce func(t *testing.T, files []File) string) {
	t.Helper()
	paths, _ := filepath.Glob(pattern)
	if len(paths) == 0 {
		t.Fatalf("no fixtures match %s", pattern)
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := Parse(data)
			want := -1
			var files []File
			for i, f := range a.Files {
				if f.Name == "want" {
					want = i
				} else {
					files = append(files, f)
				}
			}
			got := produce(t, files)
			if update {
				if want < 0 {
					a.Files = append(a.Files, File{Name: "want"})
					want = len(a.Files) - 1
				}
				a.Files[want].Data = []byte(got)
				if err := os.WriteFile(p, a.Format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want < 0 {
				t.Fatal("fixture has no want section (run with -update)")
			}
			if w := string(a.Files[want].Data); w != got {
				t.Errorf("diagnostics differ:\n--- want\n%s--- got\n%s", w, got)
			}
		})
	}
}

// Tree copies a tree into memory, where tests can change its files.
func Tree(t testing.TB, fsys fs.FS) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(fsys, ".", func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Overlay lays a fixture's files over a tree: each file replaces or adds
// the file of its name, except one named "delete", which lists paths to
// remove. The "want" section is not a file of the tree.
func Overlay(tree fstest.MapFS, files []File) {
	for _, f := range files {
		switch f.Name {
		case "want":
		case "delete":
			for _, name := range strings.Fields(string(f.Data)) {
				delete(tree, name)
			}
		default:
			tree[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
}
