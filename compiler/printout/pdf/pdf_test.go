package pdf

import (
	"bytes"
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
