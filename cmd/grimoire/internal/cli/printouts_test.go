package cli

import (
	"bytes"
	"context"
	"io"
	"maps"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestPrintoutsParallel holds build's printouts to the same files and the
// same diagnostics whatever the number of workers laying them out.
func TestPrintoutsParallel(t *testing.T) {
	tr, err := openTree("")
	if err != nil {
		t.Fatal(err)
	}
	games, ok := load(&env{ctx: context.Background(), stdout: io.Discard, stderr: io.Discard}, tr, nil)
	if !ok {
		t.Fatal("the shipped games do not load")
	}
	run := func(workers int) (map[string][]byte, string) {
		var stderr bytes.Buffer
		files, ok := printoutsWith(&env{ctx: context.Background(), stdout: io.Discard, stderr: &stderr}, games, printout.Papers()[0], workers)
		if !ok {
			t.Fatalf("%d workers: printouts failed:\n%s", workers, stderr.String())
		}
		return files, stderr.String()
	}
	one, stderr1 := run(1)
	four, stderr4 := run(4)
	if got, want := slices.Sorted(maps.Keys(four)), slices.Sorted(maps.Keys(one)); !slices.Equal(got, want) {
		t.Fatalf("4 workers wrote %q; one wrote %q", got, want)
	}
	for path, b := range one {
		if !bytes.Equal(four[path], b) {
			t.Errorf("%s: %d bytes with 4 workers, %d with one; want the same bytes", path, len(four[path]), len(b))
		}
	}
	if stderr4 != stderr1 {
		t.Errorf("4 workers printed\n%s\none printed\n%s", stderr4, stderr1)
	}
}
