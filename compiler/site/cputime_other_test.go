//go:build !unix

package site_test

import (
	"testing"
	"time"
)

// cpuTime is 0 where the process's CPU time is not read: the benchmarks
// then report none.
func cpuTime(*testing.B) time.Duration { return 0 }
