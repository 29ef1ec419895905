package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// readTree reads every file below dir, keyed by its slash path below dir.
func readTree(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestBuildDeterministic holds build to the same files, the same standard
// output and the same diagnostics, in the same order, whatever the number
// of cores it runs on: games load, and printouts are laid out, at once.
func TestBuildDeterministic(t *testing.T) {
	for _, root := range []string{"", tiny} {
		t.Run(strings.TrimLeft(filepath.Base(root), "."), func(t *testing.T) {
			type result struct {
				files          map[string][]byte
				stdout, stderr string
			}
			build := func(procs int) result {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				out := t.TempDir()
				args := []string{"build", "-o", out}
				if root != "" {
					args = append(args, "--root", root)
				}
				code, stdout, stderr := run(t, args...)
				if code != ExitOK {
					t.Fatalf("GOMAXPROCS=%d: build: exit %d\n%s%s", procs, code, stdout, stderr)
				}
				return result{readTree(t, out), strings.ReplaceAll(stdout, out, "OUT"), stderr}
			}
			one, two := build(1), build(2)
			if len(one.files) == 0 {
				t.Fatal("build wrote nothing")
			}
			for p, b := range one.files {
				if !bytes.Equal(two.files[p], b) {
					t.Errorf("%s: %d bytes with GOMAXPROCS=2, %d with 1; want the same bytes", p, len(two.files[p]), len(b))
				}
			}
			for p := range two.files {
				if _, ok := one.files[p]; !ok {
					t.Errorf("%s: written with GOMAXPROCS=2 only", p)
				}
			}
			if two.stdout != one.stdout || two.stderr != one.stderr {
				t.Errorf("GOMAXPROCS=2 printed\n%s%s\nGOMAXPROCS=1 printed\n%s%s", two.stdout, two.stderr, one.stdout, one.stderr)
			}
		})
	}
}

// BenchmarkBuildShipped is grimoire build of the built-in games: load and
// check them, generate their Go, write every export and printout.
func BenchmarkBuildShipped(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var out, errs bytes.Buffer
		if code := Run([]string{"build", "-o", b.TempDir()}, strings.NewReader(""), &out, &errs); code != ExitOK {
			b.Fatalf("build: exit %d\n%s%s", code, out.String(), errs.String())
		}
	}
}

// TestWriteAllMany: files written at once all land whole, and a failure
// among them leaves nothing behind, not even the files written before it.
func TestWriteAllMany(t *testing.T) {
	files := map[string][]byte{}
	for i := range 40 {
		files[fmt.Sprintf("d%d/sub/f%02d.txt", i%3, i)] = bytes.Repeat([]byte{byte('a' + i%26)}, 1000+i)
	}
	dir := t.TempDir()
	if err := writeAll(dir, files); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, dir)
	if len(got) != len(files) {
		t.Errorf("wrote %d files; want %d (temporary files left?)", len(got), len(files))
	}
	for p, b := range files {
		if !bytes.Equal(got[p], b) {
			t.Errorf("%s: %d bytes; want %d", p, len(got[p]), len(b))
		}
	}

	bad := t.TempDir()
	if err := os.MkdirAll(filepath.Join(bad, "d1", "sub", "f19.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := writeAll(bad, files)
	if err == nil || !strings.Contains(err.Error(), "f19.txt: is a directory") {
		t.Fatalf("writeAll over a directory: %v; want an error naming it", err)
	}
	if left := readTree(t, bad); len(left) != 0 {
		t.Errorf("a failed writeAll left %d files: %q", len(left), slices.Sorted(maps.Keys(left)))
	}
}
