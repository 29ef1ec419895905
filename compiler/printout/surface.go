package printout

import (
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// surface is what a card face is drawn on: a PDF page (*pdf.Doc) or a
// raster image, so that a deck's PDF and its Tabletop Simulator sheets
// come from the same drawing calls. Lengths are in mm from the top left.
type surface interface {
	SetFont(s pdf.Style, size float64)
	Width(s string) float64
	Text(x, y float64, s string)
	SetTextColor(c pdf.Color)
	SetFillColor(c pdf.Color)
	SetStrokeColor(c pdf.Color)
	SetLineWidth(w float64)
	SetDash(on, off float64)
	Line(x1, y1, x2, y2 float64)
	Rect(x, y, w, h float64, p pdf.Paint)
	Circle(x, y, r float64, p pdf.Paint)
	Polygon(pts []pdf.Point, p pdf.Paint) // must not keep pts
	Image(data []byte, x, y, w, h float64)
}

var _ surface = (*pdf.Doc)(nil)

// drawFaceOn draws a face's operations on s with their origin at (x, y).
func (p *printer) drawFaceOn(s surface, ops []faceOp, x, y float64) {
	for _, o := range ops {
		switch {
		case o.back:
			p.cardBackOn(s, x, y, Grid{W: o.w, H: o.h, Bleed: o.lw})
		case o.image != nil:
			s.Image(o.image, x+o.x, y+o.y, o.w, o.h)
		default:
			drawOn(s, o.op, x, y)
		}
	}
}
