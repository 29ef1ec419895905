package pdf

import (
	"bytes"
	"io"
	"runtime"
	"sync"
	"testing"
)

// drawDoc draws a document of every kind of thing the printouts draw,
// on pages long enough to outgrow a fresh buffer, and writes it.
func drawDoc(t testing.TB, fonts *Fonts) {
	d := fonts.New(210, 297, Meta{Title: "Référence – Spielhilfe", Lang: "fr"})
	tri := []Point{{10, 10}, {20, 10}, {15, 18}}
	// A few colours, again and again, as the printouts use them.
	palette := []Color{{R: 0x22, G: 0x22, B: 0x22}, {R: 0xe8, G: 0xc3, B: 0x4a}, {R: 0xff, G: 0xff, B: 0xff}, {R: 0x8a, G: 0x1c, B: 0x1c}}
	for range 4 {
		d.AddPage()
		for i := range 60 {
			y := 5 + 4.5*float64(i)
			d.SetFont(Style(i%3), 8+float64(i%4))
			d.SetTextColor(palette[i%2])
			d.Text(5, y, "Attaque : « ça » œuvre – 10 pièces d’or… Größe „Zwerg“ (1)")
			d.SetFillColor(palette[i%4])
			d.SetStrokeColor(palette[(i+1)%4])
			d.SetLineWidth(0.2)
			d.SetDash(float64(i%2), 0.5*float64(i%2))
			d.Rect(150, y-3, 10, 3, Fill|Stroke)
			d.Circle(170, y-1.5, 1.5, Fill)
			d.Line(180, y, 200, y)
			d.Polygon(tri, Fill)
		}
		d.Bookmark("Référence", 0, 0)
	}
	if err := d.Write(io.Discard); err != nil {
		t.Fatal(err)
	}
}

// TestSharedDocAllocs holds what a document costs the PDF library, with
// shared fonts, once their pool has lent it what it needs before: its
// pages, its own buffer, the compressor, the font subsets' scratch space,
// its formatted lines and colours. It was 2,370 KB in 29,000 allocations
// before the pool and the formatting without fmt, then about 160 KB in
// 2,200; it is about 163 KB in 1,300 since a width range of a font
// subset is made in one allocation and its maps at their size (most of
// the rest is widths and font subsetting).
func TestSharedDocAllocs(t *testing.T) {
	fonts, err := ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	drawDoc(t, fonts) // the pool's first loan grows what it lends
	const runs = 5
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	allocs := testing.AllocsPerRun(runs, func() { drawDoc(t, fonts) })
	runtime.ReadMemStats(&after)
	// AllocsPerRun runs once more, to warm up.
	bytes := (after.TotalAlloc - before.TotalAlloc) / (runs + 1)
	const maxBytes, maxAllocs = 190 << 10, 1500
	if bytes > maxBytes || allocs > maxAllocs {
		t.Errorf("a document allocates %d KB in %.0f allocations; want at most %d KB and %d", bytes>>10, allocs, maxBytes>>10, maxAllocs)
	}
	t.Logf("%d KB, %.0f allocations a document", bytes>>10, allocs)
}

// TestSharedFontsConcurrent: documents drawn at the same time with the
// same fonts, borrowing from one pool, come out as each does alone.
func TestSharedFontsConcurrent(t *testing.T) {
	fonts, err := ParseFonts()
	if err != nil {
		t.Fatal(err)
	}
	draw := func(i int) []byte {
		d := fonts.New(63, 88, Meta{Title: "Référence", Lang: "fr"})
		for p := range 1 + i%3 {
			d.AddPage()
			d.SetFont(Style(p%3), 8+float64(i))
			d.Text(5, 10, "Attaque : « ça » œuvre ß „Zwerg“")
			d.Circle(20, 30, float64(1+i), Fill|Stroke)
		}
		var b bytes.Buffer
		if err := d.Write(&b); err != nil {
			t.Error(err)
		}
		return b.Bytes()
	}
	const n = 8
	var want [n][]byte
	for i := range n {
		want[i] = draw(i)
	}
	var got [n][]byte
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i] = draw(i) })
	}
	wg.Wait()
	for i := range n {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("document %d: %d bytes drawn alongside others, %d alone", i, len(got[i]), len(want[i]))
		}
	}
}
