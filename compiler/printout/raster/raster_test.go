package raster_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
	"github.com/grimoire-games/grimoire/compiler/printout/raster"
)

func fonts(t *testing.T) *raster.Fonts {
	t.Helper()
	var ttf [3][]byte
	for i, n := range []string{"DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Oblique.ttf"} {
		b, err := os.ReadFile(filepath.Join("..", "pdf", "fonts", n))
		if err != nil {
			t.Fatal(err)
		}
		ttf[i] = b
	}
	f, err := raster.ParseFonts(ttf[0], ttf[1], ttf[2])
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// mono measures every character 0.5 em wide.
type mono struct{ size float64 }

func (m *mono) SetFont(_ pdf.Style, size float64) { m.size = size }
func (m *mono) Width(s string) float64 {
	return float64(len([]rune(s))) * m.size * pdf.PtToMM * 0.5
}

// ink is how much of each pixel is not white, summed: the area drawn,
// in pixels.
func ink(img *image.RGBA, r image.Rectangle) float64 {
	sum := 0.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += float64(255-img.RGBAAt(x, y).G) / 255
		}
	}
	return sum
}

func white(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	return img
}

// TestShapes draws each shape black on white at 10 pixels a mm, inside
// a clip, and measures the area it covers.
func TestShapes(t *testing.T) {
	f := fonts(t)
	tests := []struct {
		name string
		draw func(c *raster.Canvas)
		area float64 // in mm²
		tol  float64
	}{
		{"filled rect", func(c *raster.Canvas) { c.Rect(2, 2, 3, 4, pdf.Fill) }, 12, 0.01},
		// A stroke is centred on its outline: 0.4 mm wide, half of it
		// outside.
		{"stroked rect", func(c *raster.Canvas) { c.SetLineWidth(0.4); c.Rect(2, 2, 3, 4, pdf.Stroke) }, 3.4*4.4 - 2.6*3.6, 0.02},
		{"filled circle", func(c *raster.Canvas) { c.Circle(5, 5, 2, pdf.Fill) }, math.Pi * 4, 0.03},
		{"stroked circle", func(c *raster.Canvas) { c.SetLineWidth(0.5); c.Circle(5, 5, 2, pdf.Stroke) }, math.Pi * (2.25*2.25 - 1.75*1.75), 0.05},
		{"line", func(c *raster.Canvas) { c.SetLineWidth(0.5); c.Line(1, 1, 7, 1) }, 3, 0.01},
		{"polygon", func(c *raster.Canvas) {
			c.Polygon([]pdf.Point{{X: 1, Y: 1}, {X: 5, Y: 1}, {X: 1, Y: 5}}, pdf.Fill)
		}, 8, 0.01},
		// The clip keeps the rectangle to the 10 × 10 mm cell.
		{"clipped", func(c *raster.Canvas) { c.Rect(-5, -5, 10, 20, pdf.Fill) }, 50, 0.01},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := white(300, 300)
			cell := image.Rect(100, 100, 200, 200)
			c := raster.New(img, cell, 100, 100, 10, 10, f, &mono{})
			tt.draw(c)
			if got := ink(img, img.Bounds()) / 100; math.Abs(got-tt.area) > tt.tol*tt.area+0.01 {
				t.Errorf("area %.3f mm²; want %.3f", got, tt.area)
			}
			if out := ink(img, img.Bounds()) - ink(img, cell); out > 0 {
				t.Errorf("%.1f pixels drawn outside the clip", out)
			}
		})
	}
}

// TestText draws a word: its glyphs stand on the baseline, start at the
// pen and advance by the measurer's widths, in the colour set.
func TestText(t *testing.T) {
	img := white(400, 200)
	m := &mono{}
	c := raster.New(img, img.Bounds(), 0, 0, 10, 10, fonts(t), m)
	c.SetFont(pdf.Bold, 20)
	c.SetTextColor(pdf.Color{R: 0xff})
	c.Text(2, 10, "HH")
	// Box of what was drawn.
	box := image.Rectangle{Min: image.Pt(400, 200)}
	for y := range 200 {
		for x := range 400 {
			if px := img.RGBAAt(x, y); px.G < 128 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
				if px.R < 200 {
					t.Fatalf("pixel %d,%d is %v: not red", x, y, px)
				}
			}
		}
	}
	// An H of DejaVu Sans Bold is about 0.73 em high; 20 pt is 7.06 mm.
	em := 20 * pdf.PtToMM * 10
	if h := float64(box.Dy()); math.Abs(h-0.73*em) > 3 {
		t.Errorf("glyphs %v px high; want about %.0f", box.Dy(), 0.73*em)
	}
	if box.Max.Y < 98 || box.Max.Y > 101 {
		t.Errorf("glyphs end at y = %d; want the baseline, 100", box.Max.Y)
	}
	// The second H starts half an em after the first.
	if w := float64(box.Dx()); w < 0.5*em || w > 0.5*em+0.8*em {
		t.Errorf("two glyphs %d px wide; want the second 0.5 em after the first", box.Dx())
	}
	// An H's left side bearing is about a tenth of an em.
	if box.Min.X < 20 || float64(box.Min.X) > 20+0.15*em {
		t.Errorf("text starts at x = %d; want just after the pen, 20", box.Min.X)
	}
}

// TestImage stretches a 2 × 2 image over a rectangle.
func TestImage(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for i := range 4 {
		src.Set(i%2, i/2, color.RGBA{A: 0xff})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, src); err != nil {
		t.Fatal(err)
	}
	img := white(100, 100)
	c := raster.New(img, img.Bounds(), 0, 0, 10, 10, fonts(t), &mono{})
	c.Image(b.Bytes(), 1, 2, 3, 4)
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if got := ink(img, img.Bounds()) / 100; math.Abs(got-12) > 0.01 {
		t.Errorf("image covers %.2f mm²; want 12", got)
	}
	c.Image([]byte("not an image"), 1, 2, 3, 4)
	if c.Err() == nil {
		t.Error("no error for bytes that are not an image")
	}
}

// TestRectShortcut fills rectangles, their edges on whole pixels or not,
// some beyond the clip, some of negative size, over noise, at scales
// where the rasterizer uses fixed-point math and where it uses floating
// point: the same pixels as the rasterizer alone draws.
func TestRectShortcut(t *testing.T) {
	f := fonts(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []image.Point{{300, 200}, {1300, 700}} {
		for _, scale := range []float64{1, 6, 8} {
			noise := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
			for i := range noise.Pix {
				noise.Pix[i] = uint8(rng.IntN(256))
			}
			clip := image.Rect(size.X/10, size.Y/7, size.X-size.X/9, size.Y-size.Y/11)
			fast := image.NewRGBA(noise.Rect)
			slow := image.NewRGBA(noise.Rect)
			copy(fast.Pix, noise.Pix)
			copy(slow.Pix, noise.Pix)
			a := raster.New(fast, clip, 3, 5, scale, scale, f, &mono{})
			b := raster.New(slow, clip, 3, 5, scale, scale, f, &mono{})
			raster.VectorOnly(b)
			// A coordinate in mm that falls on a whole pixel, or a
			// quarter of one off.
			coord := func(n int) float64 {
				px := float64(rng.IntN(n+80) - 40)
				if rng.IntN(3) == 0 {
					px += float64(rng.IntN(3)+1) / 4
				}
				return px / scale
			}
			for range 300 {
				col := pdf.Color{R: uint8(rng.IntN(256)), G: uint8(rng.IntN(256)), B: uint8(rng.IntN(256))}
				x, y, x2, y2 := coord(size.X), coord(size.Y), coord(size.X), coord(size.Y)
				for _, c := range []*raster.Canvas{a, b} {
					c.SetFillColor(col)
					c.Rect(x, y, x2-x, y2-y, pdf.Fill)
				}
			}
			if !bytes.Equal(fast.Pix, slow.Pix) {
				for i := range fast.Pix {
					if fast.Pix[i] != slow.Pix[i] {
						p := i / 4
						t.Fatalf("%v at %v px/mm: pixel %d,%d is %v; the rasterizer draws %v", size, scale,
							p%size.X, p/size.X, fast.RGBAAt(p%size.X, p/size.X), slow.RGBAAt(p%size.X, p/size.X))
					}
				}
			}
		}
	}
}

// TestReset draws a scene on a canvas that drew another, larger, before
// it was reset: the same pixels as a new canvas draws.
func TestReset(t *testing.T) {
	f := fonts(t)
	scene := func(c *raster.Canvas, shift float64) {
		c.SetFillColor(pdf.Color{R: 200, G: 40, B: 90})
		c.Rect(1.3+shift, 2.1, 30.7, 20.2, pdf.Fill)
		c.SetLineWidth(0.3)
		c.Rect(2+shift, 3, 40, 50, pdf.Stroke)
		c.Circle(20+shift, 20, 7.7, pdf.Fill|pdf.Stroke)
		c.SetFont(pdf.Bold, 12)
		c.Text(5+shift, 30, "Reset")
	}
	want := white(600, 500)
	scene(raster.New(want, want.Bounds(), 0, 0, 10, 10, f, &mono{}), 0)
	big := white(1300, 700)
	c := raster.New(big, big.Bounds(), 0, 0, 10, 10, f, &mono{})
	scene(c, 50)
	got := white(600, 500)
	c.Reset(got, got.Bounds(), 0, 0, 10, 10, f, &mono{})
	scene(c, 0)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("a canvas reset draws other pixels than a new one")
	}
}
