// Package raster draws the printouts' shapes and text into images, with
// the same calls, in millimetres, as package pdf takes: a card drawn on
// a Canvas looks as it does on the PDF page. It is the one package that
// knows the 2D library, golang.org/x/image (vector for antialiased
// shapes, font/sfnt for the glyphs' outlines, draw for scaled images):
// pure Go, kept by the Go team, and already a dependency of the plots,
// so no C and nothing new to vet. The glyphs are the PDF's own, from the
// same TTF files, and advance by the PDF's widths (Measurer), so a line
// breaks and aligns where it does on paper.
package raster

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // images of the game's tree
	_ "image/png"
	"math"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Fonts are the three styles of the printouts' font, parsed.
type Fonts struct{ styles [3]*sfnt.Font }

// ParseFonts parses the regular, bold and italic TTF files, in the
// order of pdf.Style.
func ParseFonts(regular, bold, italic []byte) (*Fonts, error) {
	fs := &Fonts{}
	for i, b := range [][]byte{regular, bold, italic} {
		f, err := sfnt.Parse(b)
		if err != nil {
			return nil, fmt.Errorf("parsing font %d: %w", i, err)
		}
		fs.styles[i] = f
	}
	return fs, nil
}

// Measurer gives the width of a text as the PDF sets it: the layout was
// made with these widths, and the glyphs advance by them.
type Measurer interface {
	SetFont(s pdf.Style, size float64)
	Width(s string) float64
}

// Canvas draws on part of an RGBA image: a card's cell on a sheet.
// Nothing it draws leaves its clip.
type Canvas struct {
	dst    *image.RGBA
	clip   image.Rectangle
	ox, oy float64 // the pixel position of (0 mm, 0 mm)
	sx, sy float64 // pixels per mm
	fonts  *Fonts
	m      Measurer

	style       pdf.Style
	size        float64
	fill, line  color.RGBA
	text        color.RGBA
	lineW       float64
	ras         vector.Rasterizer
	buf         sfnt.Buffer
	path        []seg
	images      map[*byte]image.Image
	decodeError error
	vectorOnly  bool // the tests' reference: every shape through the rasterizer
}

// New is a canvas on dst, drawing within clip, where (0, 0) mm is pixel
// (ox, oy) and a mm is sx pixels across and sy down.
func New(dst *image.RGBA, clip image.Rectangle, ox, oy, sx, sy float64, fonts *Fonts, m Measurer) *Canvas {
	return &Canvas{dst: dst, clip: clip.Intersect(dst.Bounds()), ox: ox, oy: oy, sx: sx, sy: sy, fonts: fonts, m: m,
		fill: opaque(pdf.Color{}), line: opaque(pdf.Color{}), text: opaque(pdf.Color{}), lineW: 0.2, size: 10, images: map[*byte]image.Image{}}
}

// Reset makes c the canvas New(dst, clip, ...) makes, keeping the
// rasterizer's buffers: a canvas per card allocated them anew each time,
// and a large card's are large.
func (c *Canvas) Reset(dst *image.RGBA, clip image.Rectangle, ox, oy, sx, sy float64, fonts *Fonts, m Measurer) {
	n := New(dst, clip, ox, oy, sx, sy, fonts, m)
	n.ras, n.buf, n.path = c.ras, c.buf, c.path[:0]
	*c = *n
}

// Err is the first image that could not be decoded.
func (c *Canvas) Err() error { return c.decodeError }

func opaque(c pdf.Color) color.RGBA { return color.RGBA{R: c.R, G: c.G, B: c.B, A: 0xff} }

// SetFont sets the style and size (in points) of the text drawn next.
func (c *Canvas) SetFont(s pdf.Style, size float64) {
	c.style, c.size = s, size
	c.m.SetFont(s, size)
}

// Width is the width of s in the current font, in mm, as the PDF has it.
func (c *Canvas) Width(s string) float64 { return c.m.Width(s) }

// SetTextColor sets the colour of text.
func (c *Canvas) SetTextColor(col pdf.Color) { c.text = opaque(col) }

// SetFillColor sets the colour shapes are filled with.
func (c *Canvas) SetFillColor(col pdf.Color) { c.fill = opaque(col) }

// SetStrokeColor sets the colour of lines and outlines.
func (c *Canvas) SetStrokeColor(col pdf.Color) { c.line = opaque(col) }

// SetLineWidth sets the width of lines, in mm.
func (c *Canvas) SetLineWidth(w float64) { c.lineW = w }

// SetDash is accepted for the PDF's sake; lines draw solid, as every
// face and icon draws them.
func (c *Canvas) SetDash(on, off float64) {}

// seg is a piece of a path in pixels: a move, a line, a quadratic or a
// cubic curve to its last point.
type seg struct {
	op  sfnt.SegmentOp
	pts [3][2]float32
}

func (c *Canvas) px(x, y float64) [2]float32 {
	return [2]float32{float32(c.ox + x*c.sx), float32(c.oy + y*c.sy)}
}

// poly adds a closed polygon, in mm, to the path.
func (c *Canvas) poly(pts []pdf.Point) {
	for i, q := range pts {
		op := sfnt.SegmentOpLineTo
		if i == 0 {
			op = sfnt.SegmentOpMoveTo
		}
		c.path = append(c.path, seg{op: op, pts: [3][2]float32{c.px(q.X, q.Y)}})
	}
}

// paint fills the path with col, antialiased, and clears it. Where
// polygons overlap the path is covered once; a polygon wound the other
// way inside another cuts a hole in it.
func (c *Canvas) paint(col color.RGBA) {
	defer func() { c.path = c.path[:0] }()
	if len(c.path) == 0 {
		return
	}
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, s := range c.path {
		n := 1
		switch s.op {
		case sfnt.SegmentOpQuadTo:
			n = 2
		case sfnt.SegmentOpCubeTo:
			n = 3
		}
		for _, p := range s.pts[:n] {
			minX, minY = min(minX, p[0]), min(minY, p[1])
			maxX, maxY = max(maxX, p[0]), max(maxY, p[1])
		}
	}
	r := image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))), int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY)))).Intersect(c.clip)
	if r.Empty() {
		return
	}
	dx, dy := float32(r.Min.X), float32(r.Min.Y)
	c.ras.Reset(r.Dx(), r.Dy())
	open := false
	for _, s := range c.path {
		p := s.pts
		switch s.op {
		case sfnt.SegmentOpMoveTo:
			if open {
				c.ras.ClosePath()
			}
			c.ras.MoveTo(p[0][0]-dx, p[0][1]-dy)
			open = true
		case sfnt.SegmentOpLineTo:
			c.ras.LineTo(p[0][0]-dx, p[0][1]-dy)
		case sfnt.SegmentOpQuadTo:
			c.ras.QuadTo(p[0][0]-dx, p[0][1]-dy, p[1][0]-dx, p[1][1]-dy)
		case sfnt.SegmentOpCubeTo:
			c.ras.CubeTo(p[0][0]-dx, p[0][1]-dy, p[1][0]-dx, p[1][1]-dy, p[2][0]-dx, p[2][1]-dy)
		}
	}
	if open {
		c.ras.ClosePath()
	}
	c.ras.Draw(c.dst, r, image.NewUniform(col), image.Point{})
}

// Rect draws a rectangle.
func (c *Canvas) Rect(x, y, w, h float64, p pdf.Paint) {
	if p&pdf.Fill != 0 && !c.fillWhole(x, y, w, h) {
		c.poly(rect(x, y, w, h))
		c.paint(c.fill)
	}
	if p&pdf.Stroke != 0 || p == 0 {
		// A stroke is centred on the outline, with square corners.
		hw := c.lineW / 2
		c.poly(rect(x-hw, y-hw, w+2*hw, h+2*hw))
		if w > 2*hw && h > 2*hw {
			c.poly(reversed(rect(x+hw, y+hw, w-2*hw, h-2*hw)))
		}
		c.paint(c.line)
	}
}

// fillWhole fills the rectangle straight into the image when its edges
// fall on whole pixels, and says whether it did. The rasterizer covers
// such a rectangle's pixels wholly or not at all, and an opaque colour
// over a pixel wholly covered is that colour: the pixels are the same,
// without the rasterizer's pass over every pixel of the rectangle.
func (c *Canvas) fillWhole(x, y, w, h float64) bool {
	if c.vectorOnly {
		return false
	}
	a, b := c.px(x, y), c.px(x+w, y+h)
	for _, v := range [4]float32{a[0], a[1], b[0], b[1]} {
		// Beyond ±2^24 a float32 is a whole number that an int may not
		// hold without care: leave those to the rasterizer.
		if v != float32(math.Trunc(float64(v))) || math.Abs(float64(v)) > 1<<24 {
			return false
		}
	}
	r := image.Rect(int(a[0]), int(a[1]), int(b[0]), int(b[1])).Intersect(c.clip)
	if r.Empty() {
		return true
	}
	col := [4]uint8{c.fill.R, c.fill.G, c.fill.B, c.fill.A}
	row := c.dst.Pix[c.dst.PixOffset(r.Min.X, r.Min.Y):]
	n := 4 * r.Dx()
	for i := 0; i < n; i += 4 {
		copy(row[i:i+4], col[:])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(row[(y-r.Min.Y)*c.dst.Stride:][:n], row[:n])
	}
	return true
}

func rect(x, y, w, h float64) []pdf.Point {
	return []pdf.Point{{X: x, Y: y}, {X: x + w, Y: y}, {X: x + w, Y: y + h}, {X: x, Y: y + h}}
}

func reversed(pts []pdf.Point) []pdf.Point {
	out := make([]pdf.Point, len(pts))
	for i, q := range pts {
		out[len(pts)-1-i] = q
	}
	return out
}

// circle is a circle as a polygon fine enough that no edge strays a
// tenth of a pixel from the arc.
func (c *Canvas) circle(x, y, r float64) []pdf.Point {
	rpx := r * max(c.sx, c.sy)
	n := 16
	for n < 1024 && rpx*(1-math.Cos(math.Pi/float64(n))) > 0.1 {
		n *= 2
	}
	pts := make([]pdf.Point, n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = pdf.Point{X: x + r*math.Cos(a), Y: y + r*math.Sin(a)}
	}
	return pts
}

// Circle draws a circle.
func (c *Canvas) Circle(x, y, r float64, p pdf.Paint) {
	if p&pdf.Fill != 0 {
		c.poly(c.circle(x, y, r))
		c.paint(c.fill)
	}
	if p&pdf.Stroke != 0 || p == 0 {
		hw := c.lineW / 2
		c.poly(c.circle(x, y, r+hw))
		if r > hw {
			c.poly(reversed(c.circle(x, y, r-hw)))
		}
		c.paint(c.line)
	}
}

// Polygon draws a closed polygon.
func (c *Canvas) Polygon(pts []pdf.Point, p pdf.Paint) {
	if p&pdf.Fill != 0 {
		c.poly(pts)
		c.paint(c.fill)
	}
	if p&pdf.Stroke != 0 || p == 0 {
		for i := range pts {
			c.segment(pts[i], pts[(i+1)%len(pts)])
		}
		c.paint(c.line)
	}
}

// Line draws a line, with butt ends as the PDF's.
func (c *Canvas) Line(x1, y1, x2, y2 float64) {
	c.segment(pdf.Point{X: x1, Y: y1}, pdf.Point{X: x2, Y: y2})
	c.paint(c.line)
}

// segment adds a line of the current width from a to b to the path.
func (c *Canvas) segment(a, b pdf.Point) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*c.lineW/2, dx/l*c.lineW/2
	c.poly([]pdf.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}})
}

// Text draws s with its baseline starting at (x, y): each glyph's
// outline, advanced by its width in the PDF.
func (c *Canvas) Text(x, y float64, s string) {
	f := c.fonts.styles[c.style]
	ppem := fixed.Int26_6(math.Round(c.size * pdf.PtToMM * c.sy * 64))
	stretch := float32(c.sx / c.sy)
	c.m.SetFont(c.style, c.size)
	pen := x
	for _, r := range s {
		gi, err := f.GlyphIndex(&c.buf, r)
		if err == nil && gi != 0 {
			segs, err := f.LoadGlyph(&c.buf, gi, ppem, nil)
			if err == nil {
				o := c.px(pen, y)
				for _, sg := range segs {
					var q seg
					q.op = sg.Op
					for i, a := range sg.Args {
						q.pts[min(i, 2)] = [2]float32{o[0] + float32(a.X)/64*stretch, o[1] + float32(a.Y)/64}
					}
					c.path = append(c.path, q)
				}
			}
		}
		pen += c.m.Width(string(r))
	}
	c.paint(c.text)
}

// Image draws a PNG or JPEG (its bytes) stretched over w × h at (x, y).
func (c *Canvas) Image(data []byte, x, y, w, h float64) {
	if len(data) == 0 {
		return
	}
	img, ok := c.images[&data[0]]
	if !ok {
		var err error
		img, _, err = image.Decode(bytes.NewReader(data))
		if err != nil {
			if c.decodeError == nil {
				c.decodeError = fmt.Errorf("decoding an image: %w", err)
			}
			return
		}
		c.images[&data[0]] = img
	}
	a, b := c.px(x, y), c.px(x+w, y+h)
	r := image.Rect(int(math.Round(float64(a[0]))), int(math.Round(float64(a[1]))), int(math.Round(float64(b[0]))), int(math.Round(float64(b[1]))))
	dst := c.dst.SubImage(c.clip).(*image.RGBA)
	xdraw.BiLinear.Scale(dst, r, img, img.Bounds(), draw.Over, nil)
}
