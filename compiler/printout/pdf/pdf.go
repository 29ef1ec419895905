// Package pdf writes PDF documents for the printouts. It is the one package
// that knows the PDF library (gofpdf, archived upstream, forked in
// internal/gofpdf so that a font is parsed once for every document), so
// that moving to another touches nothing else. It embeds the DejaVu Sans
// Condensed fonts (see fonts/LICENSE) and measures and draws in millimetres.
package pdf

import (
	_ "embed"
	"fmt"
	"io"
	"time"

	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf/internal/gofpdf"
)

// Fonts, embedded so every character of the three languages prints
// wherever the binary runs.
var (
	//go:embed fonts/DejaVuSansCondensed.ttf
	regularTTF []byte
	//go:embed fonts/DejaVuSansCondensed-Bold.ttf
	boldTTF []byte
	//go:embed fonts/DejaVuSansCondensed-Oblique.ttf
	italicTTF []byte
)

// Style is a font style.
type Style int8

const (
	Regular Style = iota
	Bold
	Italic
)

const family = "dejavu"

// epoch is every document's creation and modification date: the same
// input must give the same bytes.
var epoch = time.Date(2013, 1, 1, 0, 0, 0, 0, time.UTC)

// Color is an RGB colour.
type Color struct{ R, G, B uint8 }

// Point is a position on the page, in millimetres from the top left.
type Point struct{ X, Y float64 }

// PtToMM converts a font size in points to millimetres.
const PtToMM = 25.4 / 72

// Meta describes a document for its properties.
type Meta struct {
	Title, Subject string
	// Lang is the language of the document's text, a language tag; the
	// catalog's /Lang gives it in BCP 47 form.
	Lang string
	// Author is who wrote what the document prints; none when empty.
	Author string
}

// Doc is a PDF document being drawn. The first error sticks; Write reports
// it.
type Doc struct {
	f      *gofpdf.Fpdf
	w, h   float64
	style  Style
	size   float64
	widths map[widthKey]float64
	// latin holds the widths of the first 256 characters, which most
	// texts are made of, once known: looking them up in widths was most
	// of the time spent wrapping lines. Each is measured once, as in
	// widths: measuring writes to the page.
	latin [3][256]float64
	known [3][4]uint64 // which of latin are measured, a bit each
	// selected is set once a font is: the library's current font is then
	// style's.
	selected bool
	strokeW  float64
	pts      []gofpdf.PointType // a polygon's points, reused for each
}

type widthKey struct {
	style Style
	r     rune
}

// Fonts are the embedded fonts, parsed, and the characters they cover.
// Parsing them is most of the cost of a small document: a program that
// writes many parses them once, and its documents, in any goroutines,
// share them. They also lend each document, from a pool, its page and
// document buffers, and the compressor and scratch space it writes with:
// made anew for each document, these were most of what it allocated.
type Fonts struct {
	styles [3]*gofpdf.UTF8Font
	cov    *Coverage
	pool   gofpdf.Pool
}

// ParseFonts parses the embedded fonts.
func ParseFonts() (*Fonts, error) {
	fs := &Fonts{}
	for s, ttf := range [][]byte{regularTTF, boldTTF, italicTTF} {
		f, err := gofpdf.ParseUTF8Font(family, styleStr(Style(s)), ttf)
		if err != nil {
			return nil, err
		}
		fs.styles[s] = f
	}
	cov, err := NewCoverage()
	if err != nil {
		return nil, err
	}
	fs.cov = cov
	return fs, nil
}

// Coverage tells which characters the fonts can print.
func (fs *Fonts) Coverage() *Coverage { return fs.cov }

// New starts a document whose pages are w × h millimetres, parsing the
// fonts for it alone.
func New(w, h float64, m Meta) *Doc { return newDoc(nil, w, h, m) }

// New starts a document whose pages are w × h millimetres, with these
// fonts. It writes the same bytes as New.
func (fs *Fonts) New(w, h float64, m Meta) *Doc { return newDoc(fs, w, h, m) }

func newDoc(fs *Fonts, w, h float64, m Meta) *Doc {
	f := gofpdf.NewCustom(&gofpdf.InitType{
		UnitStr: "mm",
		Size:    gofpdf.SizeType{Wd: w, Ht: h},
	})
	setUp(f, m)
	f.SetLang(bcp47(m.Lang))
	f.SetSubsetTags(true)
	if fs != nil {
		for _, font := range fs.styles {
			f.AddParsedUTF8Font(font)
		}
		f.SetPool(&fs.pool)
	} else {
		f.AddUTF8FontFromBytes(family, styleStr(Regular), regularTTF)
		f.AddUTF8FontFromBytes(family, styleStr(Bold), boldTTF)
		f.AddUTF8FontFromBytes(family, styleStr(Italic), italicTTF)
	}
	d := &Doc{f: f, w: w, h: h, widths: map[widthKey]float64{}}
	d.SetFont(Regular, 10)
	return d
}

// settings are the document settings New makes; the fork of gofpdf and
// gofpdf itself both have them, which the tests use to compare the two.
type settings interface {
	SetCatalogSort(bool)
	SetCreationDate(time.Time)
	SetModificationDate(time.Time)
	SetAutoPageBreak(bool, float64)
	SetMargins(left, top, right float64)
	SetCellMargin(float64)
	SetProducer(string, bool)
	SetCreator(string, bool)
	SetTitle(string, bool)
	SetSubject(string, bool)
	SetKeywords(string, bool)
	SetAuthor(string, bool)
}

func setUp(f settings, m Meta) {
	f.SetCatalogSort(true)
	f.SetCreationDate(epoch)
	f.SetModificationDate(epoch)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.SetCellMargin(0)
	f.SetProducer("Grimoire", true)
	f.SetCreator("Grimoire", true)
	f.SetTitle(m.Title, true)
	f.SetSubject(m.Subject, true)
	if m.Lang != "" {
		f.SetKeywords("lang:"+m.Lang, true)
	}
	if m.Author != "" {
		f.SetAuthor(m.Author, true)
	}
}

// bcp47 is a language tag in BCP 47 form (pt_BR is pt-BR); "" when it is
// none.
func bcp47(tag string) string {
	t, err := language.Parse(tag)
	if err != nil {
		return ""
	}
	return t.String()
}

// SetTrim gives the current page and those added after it a TrimBox, the
// rectangle (in millimetres from the top left) that is left once the
// sheet is cut, and a BleedBox that many millimetres wider on every
// side, which the printing may fill past the cut. Print shops' preflight
// reads them.
func (d *Doc) SetTrim(x, y, w, h, bleed float64) {
	// The boxes count from the bottom left, as PDF does.
	d.f.SetPageBox("TrimBox", x, d.h-y-h, w, h)
	d.f.SetPageBox("BleedBox", x-bleed, d.h-y-h-bleed, w+2*bleed, h+2*bleed)
}

// Size returns the page size in millimetres.
func (d *Doc) Size() (w, h float64) { return d.w, d.h }

// AddPage starts a new page and makes it current.
func (d *Doc) AddPage() {
	d.f.AddPage()
	d.SetFont(d.style, d.size)
}

// SetPage makes an earlier page current, to draw on it again (page numbers,
// a table of contents); pages count from 1.
func (d *Doc) SetPage(n int) { d.f.SetPage(n) }

// Pages returns the number of pages.
func (d *Doc) Pages() int { return d.f.PageCount() }

// SetFont sets the style and size (in points) of the text drawn next.
func (d *Doc) SetFont(s Style, size float64) {
	if d.selected && s == d.style && size > 0 {
		// The library's SetFont with the style it has writes what
		// SetFontSize writes, and made strings to find the font again.
		d.size = size
		d.f.SetFontSize(size)
		return
	}
	d.style, d.size, d.selected = s, size, true
	d.f.SetFont(family, styleStr(s), size)
}

// Font returns the current style and size.
func (d *Doc) Font() (Style, float64) { return d.style, d.size }

func styleStr(s Style) string {
	switch s {
	case Bold:
		return "B"
	case Italic:
		return "I"
	}
	return ""
}

// Width returns the width of s in the current font, in millimetres.
func (d *Doc) Width(s string) float64 { return d.Measure(0, s) * d.size }

// Measure adds the widths of the characters of s at 1 pt in the current
// style to sum, one after another, and returns it: Width(a + b) is
// exactly Measure(Measure(0, a), b) times the size, so a line can be
// measured word by word as it grows without making its string.
func (d *Doc) Measure(sum float64, s string) float64 {
	for _, r := range s {
		sum = d.advance(sum, r)
	}
	return sum
}

// MeasureRune is Measure of one character.
func (d *Doc) MeasureRune(sum float64, r rune) float64 { return d.advance(sum, r) }

func (d *Doc) advance(total float64, r rune) float64 {
	if r < 256 && d.style >= 0 && int(d.style) < len(d.latin) {
		if bit := uint64(1) << (r % 64); d.known[d.style][r/64]&bit == 0 {
			d.latin[d.style][r] = d.measure(r)
			d.known[d.style][r/64] |= bit
		}
		return total + d.latin[d.style][r]
	}
	k := widthKey{d.style, r}
	w, ok := d.widths[k]
	if !ok {
		w = d.measure(r)
		d.widths[k] = w
	}
	return total + w
}

// measure returns the width of r at 1 pt in the current style.
func (d *Doc) measure(r rune) float64 {
	// Measured at 1000 pt: the library rounds widths to 1/100 mm.
	d.f.SetFontSize(1000)
	w := d.f.GetStringWidth(string(r)) / 1000
	d.f.SetFontSize(d.size)
	return w
}

// Text draws s with its baseline starting at (x, y).
func (d *Doc) Text(x, y float64, s string) { d.f.Text(x, y, s) }

// SetTextColor sets the colour of text.
func (d *Doc) SetTextColor(c Color) { d.f.SetTextColor(int(c.R), int(c.G), int(c.B)) }

// SetFillColor sets the colour shapes are filled with.
func (d *Doc) SetFillColor(c Color) { d.f.SetFillColor(int(c.R), int(c.G), int(c.B)) }

// SetStrokeColor sets the colour of lines and outlines.
func (d *Doc) SetStrokeColor(c Color) { d.f.SetDrawColor(int(c.R), int(c.G), int(c.B)) }

// SetLineWidth sets the width of lines, in millimetres.
func (d *Doc) SetLineWidth(w float64) {
	d.strokeW = w
	d.f.SetLineWidth(w)
}

// SetDash draws the following lines dashed (on, off in millimetres), or
// solid when both are 0.
func (d *Doc) SetDash(on, off float64) {
	if on == 0 && off == 0 {
		d.f.SetDashPattern(nil, 0)
		return
	}
	d.f.SetDashPattern([]float64{on, off}, 0)
}

// Paint says how a shape is drawn.
type Paint uint8

const (
	Stroke Paint = 1 << iota
	Fill
)

func paint(p Paint) string {
	switch p {
	case Fill:
		return "F"
	case Fill | Stroke:
		return "FD"
	}
	return "D"
}

// Line draws a line.
func (d *Doc) Line(x1, y1, x2, y2 float64) { d.f.Line(x1, y1, x2, y2) }

// Rect draws a rectangle.
func (d *Doc) Rect(x, y, w, h float64, p Paint) { d.f.Rect(x, y, w, h, paint(p)) }

// Circle draws a circle.
func (d *Doc) Circle(x, y, r float64, p Paint) { d.f.Circle(x, y, r, paint(p)) }

// Polygon draws a closed polygon.
func (d *Doc) Polygon(pts []Point, p Paint) {
	d.pts = d.pts[:0]
	for _, q := range pts {
		d.pts = append(d.pts, gofpdf.PointType{X: q.X, Y: q.Y})
	}
	d.f.Polygon(d.pts, paint(p))
}

// Polyline draws connected line segments.
func (d *Doc) Polyline(pts []Point) {
	for i := 1; i < len(pts); i++ {
		d.f.Line(pts[i-1].X, pts[i-1].Y, pts[i].X, pts[i].Y)
	}
}

// Bookmark adds an entry to the document outline at height y of the
// current page; levels start at 0 and go down one at a time.
func (d *Doc) Bookmark(title string, level int, y float64) { d.f.Bookmark(title, level, y) }

// Link makes the area a link to height y of page.
func (d *Doc) Link(x, y, w, h float64, page int, toY float64) {
	l := d.f.AddLink()
	d.f.SetLink(l, toY, page)
	d.f.Link(x, y, w, h, l)
}

// Write writes the document, in one call to w.Write and only when it is
// complete. The same drawing gives the same bytes. It gives its fonts'
// pool back what the document borrowed: the document is done with.
func (d *Doc) Write(w io.Writer) error {
	// Output writes what it has even when closing the document fails.
	d.f.Close()
	if err := d.f.Error(); err != nil {
		return fmt.Errorf("writing the pdf: %w", err)
	}
	err := d.f.Output(w)
	d.f.Release()
	if err != nil {
		return fmt.Errorf("writing the pdf: %w", err)
	}
	return nil
}

// Err returns the first error the library met while drawing.
func (d *Doc) Err() error { return d.f.Error() }
