package pdf

import (
	"bytes"
	"io"
	"testing"

	upstream "github.com/jung-kurt/gofpdf"
)

// drawer is what the fork and gofpdf itself share of what the test draws.
type drawer interface {
	AddPage()
	SetFont(family, style string, size float64)
	Text(x, y float64, s string)
	Circle(x, y, r float64, style string)
	Rect(x, y, w, h float64, style string)
	Line(x1, y1, x2, y2 float64)
	SetFillColor(r, g, b int)
	SetDashPattern(dashArray []float64, dashPhase float64)
	Bookmark(txt string, level int, y float64)
	AddLink() int
	SetLink(link int, y float64, page int)
	Link(x, y, w, h float64, link int)
	Output(io.Writer) error
}

// drawSample draws pages in every style, with the characters of the three
// languages, so that every font is subset and every stream compressed.
func drawSample(t *testing.T, f drawer) []byte {
	t.Helper()
	texts := []string{
		"Attaque : « ça » œuvre – 10 pièces d’or…",
		"Größe „Zwerg“ ß Übersicht: Spielhilfe",
		"Warlock: Maldorf's Curse 0123456789",
	}
	for page := range 3 {
		f.AddPage()
		for i, s := range []string{"", "B", "I"} {
			f.SetFont(family, s, 8+float64(page+i))
			f.Text(5, 10+10*float64(i), texts[i]) // each style its own characters
		}
		f.SetFillColor(200, 30*page, 40)
		f.Circle(20, 50, 5, "FD")
		f.SetDashPattern([]float64{1, 0.5}, 0)
		f.Rect(5, 60, 40, 10, "D")
		f.SetDashPattern(nil, 0)
		f.Line(0, 0, 63, 88)
		f.Bookmark(texts[page], 0, 0)
	}
	l := f.AddLink()
	f.SetLink(l, 10, 1)
	f.Link(5, 5, 20, 5, l)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSameBytesAsUpstream holds the fork to writing what gofpdf writes,
// byte for byte, with the fonts parsed for the document and shared, and
// with shared fonts and compressors reused by a second document: with
// what it writes beyond gofpdf (/Lang, subset tags) turned off, which
// TestLangAndTags checks apart.
func TestSameBytesAsUpstream(t *testing.T) {
	meta := Meta{Title: "Référence – Spielhilfe", Subject: "test", Lang: "fr", Author: "Fabrice Vandenbogaerde"}
	up := upstream.NewCustom(&upstream.InitType{UnitStr: "mm", Size: upstream.SizeType{Wd: 63, Ht: 88}})
	setUp(up, meta)
	up.AddUTF8FontFromBytes(family, "", regularTTF)
	up.AddUTF8FontFromBytes(family, "B", boldTTF)
	up.AddUTF8FontFromBytes(family, "I", italicTTF)
	up.SetFont(family, "", 10) // as New does
	want := drawSample(t, up)

	fonts, err := ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		doc  func() *Doc
	}{
		{"own fonts", func() *Doc { return New(63, 88, meta) }},
		{"shared fonts", func() *Doc { return fonts.New(63, 88, meta) }},
		{"shared fonts, again", func() *Doc { return fonts.New(63, 88, meta) }},
	} {
		f := tc.doc().f
		f.SetLang("")
		f.SetSubsetTags(false)
		if got := drawSample(t, f); !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, gofpdf wrote %d; want the same bytes", tc.name, len(got), len(want))
		}
	}
}

// TestWidthsAsUpstream holds the fork's parse of each font to gofpdf's:
// every character of the Basic Multilingual Plane measures the same in
// every style, with the fonts shared.
func TestWidthsAsUpstream(t *testing.T) {
	up := upstream.NewCustom(&upstream.InitType{UnitStr: "mm", Size: upstream.SizeType{Wd: 63, Ht: 88}})
	up.AddUTF8FontFromBytes(family, "", regularTTF)
	up.AddUTF8FontFromBytes(family, "B", boldTTF)
	up.AddUTF8FontFromBytes(family, "I", italicTTF)
	fonts, err := ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	fork := fonts.New(63, 88, Meta{}).f
	for _, style := range []string{"", "B", "I"} {
		up.SetFont(family, style, 10)
		fork.SetFont(family, style, 10)
		bad := 0
		for r := rune(0); r <= 0xFFFF; r++ {
			s := string(r)
			if got, want := fork.GetStringSymbolWidth(s), up.GetStringSymbolWidth(s); got != want && bad < 5 {
				bad++
				t.Errorf("style %q: %U measures %d; gofpdf measures %d", style, r, got, want)
			}
		}
	}
}
