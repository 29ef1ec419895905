package pdf

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestCoverage(t *testing.T) {
	c, err := NewCoverage()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'a', true}, {'é', true}, {'œ', true}, {'«', true}, {'ß', true}, {'„', true}, {'“', true},
		{'\u00a0', true}, {'\u202f', true}, {'…', true}, {'–', true},
		{'\u4e2d', false},     // CJK: not in DejaVu Sans
		{'\U0001F0A1', false}, // beyond the BMP: the PDF library fails on it
	} {
		for _, s := range []Style{Regular, Bold, Italic} {
			if got := c.Has(s, tc.r); got != tc.want {
				t.Errorf("Has(%d, %U) = %v, want %v", s, tc.r, got, tc.want)
			}
		}
	}
}

func TestWidth(t *testing.T) {
	d := New(210, 297, Meta{})
	d.SetFont(Regular, 10)
	w10 := d.Width("Hubba's bar")
	d.SetFont(Regular, 20)
	if w20 := d.Width("Hubba's bar"); w20 < 1.99*w10 || w20 > 2.01*w10 {
		t.Errorf("width at 20 pt = %v, want twice %v", w20, w10)
	}
	d.SetFont(Bold, 10)
	if wb := d.Width("Hubba's bar"); wb <= w10 {
		t.Errorf("bold width %v not wider than regular %v", wb, w10)
	}
}

func TestDeterministic(t *testing.T) {
	draw := func() []byte {
		d := New(63, 88, Meta{Title: "Référence", Lang: "fr"})
		d.AddPage()
		d.SetFont(Bold, 9)
		d.Text(5, 10, "Attaque : « ça » œuvre ß „Zwerg“")
		d.Circle(20, 30, 5, Fill|Stroke)
		d.Bookmark("Référence", 0, 0)
		var b bytes.Buffer
		if err := d.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := draw(), draw()
	if !bytes.Equal(a, b) {
		t.Fatal("two runs gave different bytes")
	}
}

// TestSetFontAgain: setting the style a document has, at any size, writes
// what the library's own SetFont writes, without looking the font up.
func TestSetFontAgain(t *testing.T) {
	fonts, err := ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	draw := func(set func(d *Doc, s Style, size float64)) []byte {
		d := fonts.New(63, 88, Meta{})
		d.AddPage()
		for i, s := range []Style{Bold, Bold, Bold, Italic, Italic, Regular, Regular, Bold} {
			set(d, s, 8+float64(i%3))
			d.Text(5, 5+float64(i)*8, "Größe « ça »")
			d.Width("ÿ€") // measured at 1000 pt, and back
		}
		var b bytes.Buffer
		if err := d.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	want := draw(func(d *Doc, s Style, size float64) {
		d.style, d.size = s, size
		d.f.SetFont(family, styleStr(s), size)
	})
	if got := draw((*Doc).SetFont); !bytes.Equal(got, want) {
		t.Errorf("SetFont wrote %d bytes; the library's SetFont %d", len(got), len(want))
	}
	d := fonts.New(63, 88, Meta{})
	d.AddPage()
	d.SetFont(Bold, 9)
	if n := testing.AllocsPerRun(10, func() { d.SetFont(Bold, 9) }); n != 0 {
		t.Errorf("setting the style again allocates %.0f times; want 0", n)
	}
}

// TestLangAndTags checks what a document writes beyond gofpdf: its
// language in BCP 47 form, its author, and a tag on each font subset
// that depends on the characters it holds alone.
func TestLangAndTags(t *testing.T) {
	tagged := regexp.MustCompile(`/BaseFont /([A-Z]{6})\+utf8dejavu`)
	draw := func(m Meta, text string) []byte {
		d := New(63, 88, m)
		d.AddPage()
		d.Text(5, 10, text)
		var b bytes.Buffer
		if err := d.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	tests := []struct {
		meta       Meta
		lang       string // the /Lang written; "" for none
		author     bool
		text, same string // same tags as text, another text with the same characters
	}{
		{Meta{Lang: "fr", Author: "Frédéric Guérard"}, "/Lang (fr)", true, "Attaque", "taqueAt"},
		{Meta{Lang: "pt_BR"}, "/Lang (pt-BR)", false, "Größe", "eßörG"},
		{Meta{Lang: "de-DE"}, "/Lang (de-DE)", false, "Zwerg", "Zwerg"},
		{Meta{}, "", false, "abc", "cba"},
	}
	for _, tt := range tests {
		t.Run(tt.meta.Lang, func(t *testing.T) {
			b := draw(tt.meta, tt.text)
			if got := bytes.Contains(b, []byte("/Lang ")); got != (tt.lang != "") || tt.lang != "" && !bytes.Contains(b, []byte(tt.lang)) {
				t.Errorf("/Lang: want %q", tt.lang)
			}
			if got := bytes.Contains(b, []byte("/Author ")); got != tt.author {
				t.Errorf("/Author written = %v; want %v", got, tt.author)
			}
			tags := tagged.FindAllSubmatch(b, -1)
			if len(tags) == 0 || bytes.Contains(b, []byte("/BaseFont /utf8")) {
				t.Fatalf("fonts without a subset tag")
			}
			again := tagged.FindAllSubmatch(draw(tt.meta, tt.same), -1)
			other := tagged.FindAllSubmatch(draw(tt.meta, tt.text+"xyz"), -1)
			if string(again[0][1]) != string(tags[0][1]) {
				t.Errorf("tag %s for %q, %s for %q; want the same for the same characters", tags[0][1], tt.text, again[0][1], tt.same)
			}
			if string(other[0][1]) == string(tags[0][1]) {
				t.Errorf("tag %s for %q and for more characters; want another", tags[0][1], tt.text)
			}
		})
	}
}

// TestTrim checks the boxes a page with bleed declares, in points from
// the bottom left, in name order.
func TestTrim(t *testing.T) {
	d := New(100, 200, Meta{})
	d.SetTrim(10, 20, 63, 88, 3)
	d.AddPage()
	d.AddPage()
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		t.Fatal(err)
	}
	want := "/BleedBox [19.84 252.28 215.43 518.74]\n/TrimBox [28.35 260.79 206.93 510.24]"
	if n := strings.Count(b.String(), want); n != 2 {
		t.Errorf("%d pages have %q; want 2", n, want)
	}
}
