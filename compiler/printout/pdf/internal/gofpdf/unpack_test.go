package gofpdf

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"
)

// readAll is how upstream unpacked: a reader, a number at a time, the
// answer grown from one element.
func readAll(data []byte, size int) []int {
	answer := make([]int, 1)
	r := bytes.NewReader(data)
	bs := make([]byte, size)
	for c, e := r.Read(bs); e == nil && c > 0; c, e = r.Read(bs) {
		if size == 2 {
			answer = append(answer, int(binary.BigEndian.Uint16(bs)))
		} else {
			answer = append(answer, int(binary.BigEndian.Uint32(bs)))
		}
	}
	return answer
}

// TestUnpack: the arrays made at their size read what upstream read,
// odd ends included, in one allocation.
func TestUnpack(t *testing.T) {
	data := []byte{0x12, 0x34, 0xff, 0xfe, 0x00, 0x01, 0x80, 0x00, 0x7f}
	for n := range len(data) + 1 {
		if got, want := unpackUint16Array(data[:n]), readAll(data[:n], 2); !slices.Equal(got, want) {
			t.Errorf("unpackUint16Array(% x) = %v; want %v", data[:n], got, want)
		}
		if got, want := unpackUint32Array(data[:n]), readAll(data[:n], 4); !slices.Equal(got, want) {
			t.Errorf("unpackUint32Array(% x) = %v; want %v", data[:n], got, want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { unpackUint16Array(data) }); n != 1 {
		t.Errorf("unpackUint16Array allocates %.0f times; want 1", n)
	}
}
