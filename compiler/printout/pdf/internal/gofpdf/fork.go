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
//   - Deflaters lend documents a zlib compressor while they are written;
//     each document reuses one compressor for all its streams, and one
//     CIDToGIDMap buffer for all its fonts.
//   - A font table's checksum no longer pads the table in place, which
//     wrote into the font's bytes that documents share.
//   - Two calls that passed text as a format string pass it as text.
//   - A stream is written to the document as bytes, not first copied into
//     a string.
//
// Nothing else is changed but gofmt's layout, so that a diff against
// upstream shows these changes alone.
package gofpdf
