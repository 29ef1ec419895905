package cli

import (
	"bytes"
	"os"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestBuildProgress: on each tick the build rewrites one line with the
// outputs made of those queued, and clears it when done.
func TestBuildProgress(t *testing.T) {
	o := newOutputs(printout.Papers()[0], 2, nil)
	var before bytes.Buffer
	tick0, done0, finished0 := make(chan time.Time), make(chan struct{}), make(chan struct{})
	go func() { o.progress(&before, tick0, done0); close(finished0) }()
	tick0 <- time.Time{}
	close(done0)
	<-finished0
	if want := "\r\x1b[Kbuilding: checking the games\r\x1b[K"; before.String() != want {
		t.Errorf("before any output: %q; want %q", before.String(), want)
	}
	release := make(chan struct{})
	o.run(func() {})
	o.run(func() {})
	o.run(func() { <-release })
	for o.finished.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	var w bytes.Buffer
	tick, done := make(chan time.Time), make(chan struct{})
	finished := make(chan struct{})
	go func() { o.progress(&w, tick, done); close(finished) }()
	tick <- time.Time{}
	close(release)
	o.wg.Wait()
	tick <- time.Time{}
	close(done)
	<-finished
	want := "\r\x1b[Kbuilding: 2 of 3 outputs made\r\x1b[Kbuilding: 3 of 3 outputs made\r\x1b[K"
	if w.String() != want {
		t.Errorf("progress wrote %q; want %q", w.String(), want)
	}
}

// TestProgressOnTerminal: progress goes to standard error on a terminal
// only, never into a pipe or a file.
func TestProgressOnTerminal(t *testing.T) {
	var buf bytes.Buffer
	if w := (&env{stderr: &buf}).progress(); w != nil {
		t.Error("progress into a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if w := (&env{stderr: f}).progress(); w != nil {
		t.Error("progress into a file")
	}
	if w := (&env{stderr: &buf, terminal: func() bool { return true }}).progress(); w != &buf {
		t.Error("no progress on a terminal")
	}
}
