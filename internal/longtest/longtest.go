// Package longtest gives tests the -long flag. The everyday `go test ./...`
// answers in minutes; the slow seeded studies (mutation benchmarks,
// thousands of random games) run in full only with -long, which CI passes
// to every package that imports this one.
package longtest

import (
	"flag"
	"testing"
)

var (
	enabled = flag.Bool("long", false, "run the slow seeded studies in full")
	fullRun = flag.Bool("full", false, "run the studies that are too slow for CI at their full size (implies -long)")
)

// Enabled reports whether -long was given.
func Enabled() bool { return *enabled || *fullRun }

// Skip skips a test that only runs with -long.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a slow seeded study: run with -long")
	}
}

// Size is short in the everyday run and long with -long: the number of
// games or edits a study plays.
func Size(short, long int) int {
	if Enabled() {
		return long
	}
	return short
}

// Sizes is Size for a study whose full size is too slow even for CI: it
// runs at long with -long, and at full only with -full.
func Sizes(short, long, full int) int {
	if *fullRun {
		return full
	}
	return Size(short, long)
}
