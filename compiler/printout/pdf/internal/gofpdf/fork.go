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
// Nothing else is changed but gofmt's layout, so that a diff against
// upstream shows these changes alone.
package gofpdf
