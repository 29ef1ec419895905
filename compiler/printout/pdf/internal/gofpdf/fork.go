// Package gofpdf is github.com/jung-kurt/gofpdf v1.16.2 (MIT licence, see
// LICENSE), archived upstream, cut down to the files the printouts need
// and changed only so that documents written one after another, or at the
// same time, share what does not change between them:
//
//   - ParseUTF8Font parses a UTF-8 TrueType font, its widths, identifier
//     and the tables subsetting reads, once; AddParsedUTF8Font adds it to a
//     document, which then writes the same bytes as with
//     AddUTF8FontFromBytes (which now goes through the same two steps).
//     Subsetting no longer reads the font's widths again, unused.
//   - A Pool lends documents what they need only while drawn and
//     written: page buffers (a page's, when the pool has none as large,
//     made at once as large as the page before), the document's own buffer (given back by
//     Release, after Output), and, while a document is written, a zlib
//     compressor, the buffers of compressed streams, a CIDToGIDMap and the
//     room a font subset is built in (GenerateCutFont takes it; the subset
//     is assembled in one piece, its glyphs changed in the copy rather than
//     spliced). One compressor serves all of a document's streams.
//   - Lines are formatted by appendf straight into the page or document
//     (fmt for verbs other than %d, %s, %.Nf and %0Nd), Text converts and
//     escapes its text in place, colours are made once a document, and a
//     dash pattern goes out as bytes: fmt made a string for each line and
//     put each number on the heap.
//   - The widths of a CID font are written without fmt, and the keys of
//     its width ranges are numbers, not interfaces; a range is made with
//     room for four widths in one allocation.
//   - Parsing a font keeps the character map it read, which the subsetting
//     tables read again. The characters of each glyph are read into two
//     flat lists, not a map of slices (one slice a glyph), and the map of
//     each character's glyph is made at its size, as are the maps a font
//     subset is made with. Arrays of numbers read from a font are made
//     at their size.
//   - A font table's checksum reads its last bytes as if padded, neither
//     padding the table in place (which wrote into the font's bytes that
//     documents share) nor copying it.
//   - Two calls that passed text as a format string pass it as text.
//   - A stream is written to the document as bytes, not first copied into
//     a string.
//
// It also writes what printers and accessibility checkers ask of a PDF,
// each off unless asked for, so that with them off it writes what
// upstream writes:
//
//   - SetLang writes the document's language as the catalog's /Lang.
//   - SetSubsetTags names each font subset with a tag made from the
//     characters it holds (ABCDEF+name).
//   - The page boxes (TrimBox, BleedBox...) are written in name order, not
//     in a map's order, so that the same document has the same bytes.
//
// Nothing else is changed but gofmt's layout, so that a diff against
// upstream shows these changes alone.
package gofpdf

import (
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"slices"
)

// SetLang sets the document's natural language, written as the catalog's
// /Lang (PDF 14.9.2): a BCP 47 tag such as "fr" or "pt-BR". Empty, the
// default, writes none, as upstream.
func (f *Fpdf) SetLang(tag string) { f.lang = tag }

// SetSubsetTags names each embedded font subset with a tag, six capital
// letters and a plus sign before its name (PDF 9.6.4), as preflight and
// accessibility checkers expect. Off, the default, names them as upstream.
func (f *Fpdf) SetSubsetTags(on bool) { f.subsetTags = on }

// subsetTag is the tag of a font subset: six capital letters taken from a
// hash of the font's name and the characters it holds, so that the same
// document has the same bytes, and two subsets have different tags.
func subsetTag(name string, runes map[int]int) string {
	h := sha256.New()
	h.Write([]byte(name))
	var b [4]byte
	for _, r := range slices.Sorted(maps.Keys(runes)) {
		binary.BigEndian.PutUint32(b[:], uint32(r))
		h.Write(b[:])
	}
	sum := h.Sum(nil)
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return string(tag)
}
