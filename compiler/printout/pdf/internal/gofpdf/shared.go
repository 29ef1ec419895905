package gofpdf

import (
	"bytes"
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

// Pool lends documents what they need only while they are drawn and
// written, and then give back: buffers for their pages and for the
// document itself, and, while a document is written, a compressor and the
// scratch space of compressed streams, font subsets and CIDToGIDMaps. A
// new compressor costs more than most of the streams it compresses, and
// buffers grown anew for each document were most of what a document
// allocated. A Pool may be shared by documents drawn and written at the
// same time, and keeps as much as was ever in use at once (not a
// sync.Pool, which drops it at each collection).
type Pool struct {
	mu sync.Mutex
	// Pages and documents apart: a document's buffer outgrows any page's,
	// and would grow again from a page's.
	pages, docs [][]byte
	scratch     []*scratch
}

// scratch is what a document uses while it is written.
type scratch struct {
	zw *zlib.Writer
	// z holds a compressed stream until it is copied into the document;
	// zfont a font file's, which waits while other objects are written.
	z, zfont bytes.Buffer
	cidToGid []byte
	cut      cutScratch
}

// buffer returns an empty buffer for a page, or for a whole document,
// with the room of one given back.
func (p *Pool) buffer(doc bool) *bytes.Buffer {
	if p == nil {
		return new(bytes.Buffer)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	free := &p.pages
	if doc {
		free = &p.docs
	}
	n := len(*free)
	if n == 0 {
		return new(bytes.Buffer)
	}
	// The largest: a buffer grown again is the cost saved.
	i := 0
	for j, b := range *free {
		if cap(b) > cap((*free)[i]) {
			i = j
		}
	}
	b := (*free)[i]
	(*free)[i] = (*free)[n-1]
	*free = (*free)[:n-1]
	return bytes.NewBuffer(b)
}

// give takes back the room of buffers no longer used, of pages or of a
// document.
func (p *Pool) give(doc bool, bufs ...*bytes.Buffer) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	free := &p.pages
	if doc {
		free = &p.docs
	}
	for _, b := range bufs {
		if b != nil && b.Cap() > 0 {
			b.Reset()
			*free = append(*free, b.AvailableBuffer())
		}
	}
}

func (p *Pool) getScratch() *scratch {
	if p == nil {
		return new(scratch)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.scratch)
	if n == 0 {
		return new(scratch)
	}
	s := p.scratch[n-1]
	p.scratch = p.scratch[:n-1]
	return s
}

func (p *Pool) putScratch(s *scratch) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.scratch = append(p.scratch, s)
}

// SetPool makes the document borrow from p. It must be called before the
// first page.
func (f *Fpdf) SetPool(p *Pool) { f.pool = p }

// Release gives what the document borrowed back to its pool, once it has
// been output; the document cannot be used afterwards.
func (f *Fpdf) Release() {
	if f.pool == nil || f.state != 3 {
		return
	}
	f.pool.give(true, &f.buffer.Buffer)
	f.buffer = fmtBuffer{}
}
