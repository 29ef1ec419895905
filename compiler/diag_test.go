package compiler_test

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
)

var update = flag.Bool("update", false, "rewrite golden files and the want sections of fixtures")

// archive is a txtar-style fixture: a comment, then "-- name --" sections.
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data []byte
}

func parseArchive(data []byte) archive {
	var a archive
	cur := -1
	for _, line := range strings.SplitAfter(string(data), "\n") {
		t := strings.TrimRight(line, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			a.files = append(a.files, archiveFile{name: strings.TrimSpace(t[3 : len(t)-3])})
			cur = len(a.files) - 1
			continue
		}
		if cur < 0 {
			a.comment += line
		} else {
			a.files[cur].data = append(a.files[cur].data, line...)
		}
	}
	return a
}

func (a archive) format() []byte {
	var b bytes.Buffer
	b.WriteString(a.comment)
	for _, f := range a.files {
		b.WriteString("-- " + f.name + " --\n")
		b.Write(f.data)
	}
	return b.Bytes()
}

// tinyTree returns the tiny example game as an in-memory tree.
func tinyTree(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	root := filepath.Join("testdata", "tiny")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		m[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestTinyIsClean keeps the base of every fixture (and the README's example
// game) free of diagnostics.
func TestTinyIsClean(t *testing.T) {
	games, d := compiler.Load(tinyTree(t), compiler.Options{})
	if len(d) > 0 || len(games.Games) != 1 {
		t.Fatalf("tiny game: %d games, diagnostics:\n%s", len(games.Games), d)
	}
}

// TestDiagnostics loads each fixture in testdata/diag: the tiny game with the
// fixture's files laid over it (a file named "delete" lists paths to remove),
// and compares every diagnostic with the fixture's "want" section.
func TestDiagnostics(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no fixtures")
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(data)
			tree := tinyTree(t)
			want := -1
			for i, f := range a.files {
				switch f.name {
				case "want":
					want = i
				case "delete":
					for _, name := range strings.Fields(string(f.data)) {
						delete(tree, name)
					}
				default:
					tree[f.name] = &fstest.MapFile{Data: f.data}
				}
			}
			_, d := compiler.Load(tree, compiler.Options{})
			got := d.String()
			if *update {
				if want < 0 {
					a.files = append(a.files, archiveFile{name: "want"})
					want = len(a.files) - 1
				}
				a.files[want].data = []byte(got)
				if err := os.WriteFile(p, a.format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want < 0 {
				t.Fatal("fixture has no want section (run with -update)")
			}
			if diff := cmp.Diff(string(a.files[want].data), got); diff != "" {
				t.Errorf("diagnostics differ (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryCodeHasFixture makes sure each diagnostic code is triggered by
// some fixture, so no code is documented but untested.
func TestEveryCodeHasFixture(t *testing.T) {
	// The rulebook checker keeps its fixtures beside it.
	paths, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.txtar"))
	more, _ := filepath.Glob(filepath.Join("rulebook", "testdata", "*", "*.txtar"))
	more2, _ := filepath.Glob(filepath.Join("rulebook", "testdata", "*.txtar"))
	paths = slices.Concat(paths, more, more2)
	var all []byte
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		for _, f := range parseArchive(data).files {
			if f.name == "want" {
				all = append(all, f.data...)
			}
		}
	}
	for _, c := range diag.Codes() {
		if !bytes.Contains(all, []byte("["+string(c.Code)+"]")) {
			t.Errorf("no fixture in testdata/diag reports %s (%s)", c.Code, c.Summary)
		}
	}
	codes := make([]diag.Code, 0)
	for _, c := range diag.Codes() {
		codes = append(codes, c.Code)
	}
	if !slices.IsSorted(codes) {
		t.Errorf("diag.Codes() is not in code order: %v", codes)
	}
}
