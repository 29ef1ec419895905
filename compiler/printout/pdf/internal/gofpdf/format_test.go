package gofpdf

import (
	"fmt"
	"math"
	"testing"
)

// TestAppendf holds appendf to writing what fmt.Sprintf writes, for the
// verbs it writes itself and for those it leaves to fmt.
func TestAppendf(t *testing.T) {
	for _, tc := range []struct {
		format string
		args   []any
	}{
		{"%.2f %.2f m %.2f %.2f l S", []any{1.005, -0.001, 123456.789, 0.0}},
		{"%.5f %.3f %.4F", []any{math.Pi, -2.5, 1e-7}},
		{"%.2f", []any{math.Inf(-1)}},
		{"%.2f", []any{math.NaN()}},
		{"%.2f", []any{3}}, // not a float: fmt's complaint
		{"%d 0 obj", []any{12}},
		{"%d", []any{int64(-42)}},
		{"%010d 00000 n ", []any{1234}},
		{"%010d", []any{-56}},
		{"%03d", []any{123456}},
		{"BT /F%s %.2f Tf ET", []any{"a1b2", 9.5}},
		{"%s", []any{[]byte("bytes")}},
		{"%%PDF-%s", []any{"1.3"}},
		{"/Count %d", []any{"x"}}, // not an integer
		{"%v %x %40s %5d %-4d|%+d", []any{7, 255, "r", 3, 4, 5}},
		{"%d %d", []any{1}},       // missing
		{"%d", []any{1, 2}},       // extra
		{"%[1]d %[1]d", []any{1}}, // index
		{"%*d", []any{3, 1}},      // star
		{"end %", []any{}},        // dangling
		{"%d", []any{struct{}{}}}, // unsupported type
		{"no verbs", nil},
	} {
		want := fmt.Sprintf(tc.format, tc.args...)
		if tc.format == "%d" && len(tc.args) == 1 {
			if _, ok := tc.args[0].(struct{}); ok {
				want = "%!d(string=%!(unsupported type))"
			}
		}
		if got := string(appendf([]byte("pre "), tc.format, tc.args...)); got != "pre "+want {
			t.Errorf("appendf(%q, %v) = %q, want %q", tc.format, tc.args, got, "pre "+want)
		}
	}
}

// TestAppendfAllocs holds the formatting of a line of drawing to no
// allocation once its buffer has room: fmt made a string and boxed each
// number on the heap.
func TestAppendfAllocs(t *testing.T) {
	b := make([]byte, 0, 256)
	x, y := 12.5, 99.25
	if n := testing.AllocsPerRun(100, func() {
		b = appendf(b[:0], "%.2f %.2f m %.5f %.5f l %d %s", x, y, x*2, y*2, 7, "S")
	}); n != 0 {
		t.Errorf("appendf allocates %v times a line, want 0", n)
	}
}
