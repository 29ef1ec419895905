package pdf

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Coverage tells which characters the embedded fonts have glyphs for. A
// character without one would print as an empty box, so callers check text
// before drawing it.
type Coverage struct {
	styles [3]map[rune]bool
}

// NewCoverage reads the character maps of the embedded fonts.
func NewCoverage() (*Coverage, error) {
	c := &Coverage{}
	for s, ttf := range [][]byte{regularTTF, boldTTF, italicTTF} {
		m, err := cmap(ttf)
		if err != nil {
			return nil, fmt.Errorf("font %d: %w", s, err)
		}
		c.styles[s] = m
	}
	return c, nil
}

// Has reports whether the font of style s has a glyph for r. Characters
// beyond the Basic Multilingual Plane are never printable: the PDF library
// fails on them.
func (c *Coverage) Has(s Style, r rune) bool {
	if r > 0xFFFF {
		return false
	}
	return c.styles[s][r]
}

// cmap returns the characters a TrueType font maps to a glyph, read from
// its Unicode BMP subtable (platform 3, encoding 1, format 4).
func cmap(ttf []byte) (map[rune]bool, error) {
	be := binary.BigEndian
	if len(ttf) < 12 {
		return nil, errors.New("too short")
	}
	var table []byte
	for i, n := 0, int(be.Uint16(ttf[4:])); i < n; i++ {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return nil, errors.New("truncated table directory")
		}
		if string(ttf[rec:rec+4]) == "cmap" {
			off, ln := int(be.Uint32(ttf[rec+8:])), int(be.Uint32(ttf[rec+12:]))
			if off+ln > len(ttf) {
				return nil, errors.New("truncated cmap")
			}
			table = ttf[off : off+ln]
		}
	}
	if len(table) < 4 {
		return nil, errors.New("no cmap table")
	}
	var sub []byte
	for i, n := 0, int(be.Uint16(table[2:])); i < n; i++ {
		rec := 4 + 8*i
		if rec+8 > len(table) {
			break
		}
		if be.Uint16(table[rec:]) == 3 && be.Uint16(table[rec+2:]) == 1 {
			if off := int(be.Uint32(table[rec+4:])); off < len(table) {
				sub = table[off:]
			}
		}
	}
	if len(sub) < 14 || be.Uint16(sub) != 4 {
		return nil, errors.New("no format 4 Unicode subtable")
	}
	segs := int(be.Uint16(sub[6:])) / 2
	ends, starts := 14, 14+2*segs+2
	deltas, ranges := starts+2*segs, starts+4*segs
	if ranges+2*segs > len(sub) {
		return nil, errors.New("truncated format 4 subtable")
	}
	out := map[rune]bool{}
	for i := range segs {
		end, start := int(be.Uint16(sub[ends+2*i:])), int(be.Uint16(sub[starts+2*i:]))
		delta, ro := int(be.Uint16(sub[deltas+2*i:])), int(be.Uint16(sub[ranges+2*i:]))
		for r := start; r <= end && r != 0xFFFF; r++ {
			g := 0
			if ro == 0 {
				g = (r + delta) & 0xFFFF
			} else if at := ranges + 2*i + ro + 2*(r-start); at+2 <= len(sub) {
				if g = int(be.Uint16(sub[at:])); g != 0 {
					g = (g + delta) & 0xFFFF
				}
			}
			if g != 0 {
				out[rune(r)] = true
			}
		}
	}
	return out, nil
}
