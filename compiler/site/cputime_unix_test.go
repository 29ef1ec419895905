//go:build unix

package site_test

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used, user and system: on a
// shared machine it moves less with the others' load than the wall time.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
