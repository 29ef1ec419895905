package gofpdf

import (
	"compress/zlib"
	"fmt"
	"sync"
)

// UTF8Font is a UTF-8 TrueType font parsed once for a family and style, to
// be added to any number of documents, from any number of goroutines:
// nothing in it changes once parsed. Parsing the font and hashing its
// widths into the font's identifier cost far more than laying out a page.
type UTF8Font struct {
	key  string
	data []byte
	def  fontDefType // without the parts a document changes
	cut  *cutTables
}

// ParseUTF8Font parses a TrueType font with UTF-8 symbols for
// AddParsedUTF8Font. familyStr and styleStr are those
// AddUTF8FontFromBytes takes. utf8Bytes must not change while the font is
// in use.
func ParseUTF8Font(familyStr, styleStr string, utf8Bytes []byte) (*UTF8Font, error) {
	return parseUTF8Font(fontFamilyEscape(familyStr), styleStr, utf8Bytes)
}

// parseUTF8Font is ParseUTF8Font with the family already escaped.
func parseUTF8Font(familyStr, styleStr string, utf8Bytes []byte) (*UTF8Font, error) {
	fontkey := getFontKey(familyStr, styleStr)
	utf8File := newUTF8Font(&fileReader{readerPosition: 0, array: utf8Bytes})
	if err := utf8File.parseFile(); err != nil {
		return nil, fmt.Errorf("parsing font %s: %w", fontkey, err)
	}
	def := fontDefType{
		Tp:   "UTF8",
		Name: fontkey,
		Desc: FontDescType{
			Ascent:       int(utf8File.Ascent),
			Descent:      int(utf8File.Descent),
			CapHeight:    utf8File.CapHeight,
			Flags:        utf8File.Flags,
			FontBBox:     utf8File.Bbox,
			ItalicAngle:  utf8File.ItalicAngle,
			StemV:        utf8File.StemV,
			MissingWidth: round(utf8File.DefaultWidth),
		},
		Up: int(round(utf8File.UnderlinePosition)),
		Ut: round(utf8File.UnderlineThickness),
		Cw: utf8File.CharWidths,
	}
	var err error
	if def.i, err = generateFontID(def); err != nil {
		return nil, fmt.Errorf("font %s: %w", fontkey, err)
	}
	// The steps of GenerateCutFont before it reads the cut tables.
	utf8File.fileReader.readerPosition = 0
	utf8File.skip(4)
	utf8File.generateTableDescriptions()
	utf8File.SeekTable("head")
	utf8File.skip(50)
	locaFormat := utf8File.readUint16()
	utf8File.SeekTable("maxp")
	utf8File.skip(4)
	cut := utf8File.readCutTables(locaFormat, utf8File.readUint16())
	if cut == nil {
		return nil, fmt.Errorf("font %s has no Unicode character map", fontkey)
	}
	return &UTF8Font{key: fontkey, data: utf8Bytes, def: def, cut: cut}, nil
}

// AddParsedUTF8Font makes a parsed font available to the document, as
// AddUTF8FontFromBytes does with the same bytes.
func (f *Fpdf) AddParsedUTF8Font(font *UTF8Font) {
	if f.err != nil {
		return
	}
	if _, ok := f.fonts[font.key]; ok {
		return
	}
	def := font.def
	if f.aliasNbPagesStr == "" {
		def.usedRunes = makeSubsetRange(57)
	} else {
		def.usedRunes = makeSubsetRange(32)
	}
	// Subsetting the font when the document is written moves a reader
	// and keeps tables: each document has its own.
	def.utf8File = newUTF8Font(&fileReader{readerPosition: 0, array: font.data})
	def.utf8File.cut = font.cut
	f.fonts[font.key] = def
}

// Deflaters lend zlib compressors to documents while they are written,
// which is when a document needs one; a new one costs more than most of
// the streams it compresses. They may be shared by documents written at
// the same time, and keep as many compressors as were ever in use at once
// (not a sync.Pool, which drops them at each collection).
type Deflaters struct {
	mu   sync.Mutex
	free []*zlib.Writer
}

func (d *Deflaters) get() *zlib.Writer {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := len(d.free)
	if n == 0 {
		return nil
	}
	zw := d.free[n-1]
	d.free = d.free[:n-1]
	return zw
}

func (d *Deflaters) put(zw *zlib.Writer) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.free = append(d.free, zw)
}

// SetDeflaters makes the document borrow its compressor from d.
func (f *Fpdf) SetDeflaters(d *Deflaters) { f.deflaters = d }
