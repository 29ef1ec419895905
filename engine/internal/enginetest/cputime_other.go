//go:build !unix

package enginetest

import (
	"testing"
	"time"
)

// cpuTime is 0 where the process's CPU time is not read: the benchmarks
// then leave out what they derive from it.
func cpuTime(*testing.B) time.Duration { return 0 }
