package printout

import (
	"github.com/grimoire-games/grimoire/compiler/colour"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// The WCAG 2 AA contrast ratios (success criteria 1.4.3 and 1.4.11): text
// below large size, large text, and the symbols that carry meaning.
const (
	textContrast   = 4.5
	largeContrast  = 3
	symbolContrast = 3
	// Large text is 18 pt, or 14 pt in bold.
	largeText, largeBold = 18.0, 14.0
)

// checkContrast warns when what region r drew on a face, ops[start:],
// does not stand out from what lies under it: text against WCAG AA's
// ratio for its size, a symbol against the ratio for graphics. The ground
// is the last filled rectangle drawn under the point; an image under it
// is not judged. Each finding names the colours, so a region that fails
// on many cards is reported once.
func (p *printer) checkContrast(r *model.Region, f *model.Face, ops []faceOp, start int) {
	for k := start; k < len(ops); k++ {
		o := ops[k].op
		if ops[k].image != nil || ops[k].back {
			continue
		}
		var x, y float64
		switch o.kind {
		case opText:
			// Inside the letters: above the baseline by a third of the size.
			x, y = o.x+o.size*pdf.PtToMM*0.3, o.y-o.size*pdf.PtToMM*0.35
		case opIcon:
			x, y = o.x, o.y
		default:
			continue
		}
		ground, ok := groundAt(ops[:k], x, y)
		if !ok {
			continue
		}
		g := colour.RGB(ground)
		side := "face"
		if f.Back {
			side = "back"
		}
		switch o.kind {
		case opText:
			want := textContrast
			if o.size >= largeText || o.style == pdf.Bold && o.size >= largeBold {
				want = largeContrast
			}
			if c := colour.Contrast(colour.RGB(o.color), g); c < want {
				p.d.Warnf(r.Pos, diag.LowContrast, "%s of %s, region %s: text in %s on %s has a contrast of %.2f:1; WCAG AA asks %g:1 for text of %.3g pt: set the region's color, or the ground's",
					side, f.Type, r.ID, colour.RGB(o.color), g, c, want, o.size)
			}
		case opIcon:
			inks := iconInks(o)
			best := 0.0
			for _, ink := range inks {
				best = max(best, colour.Contrast(colour.RGB(ink), g))
			}
			if len(inks) > 0 && best < symbolContrast {
				p.d.Warnf(r.Pos, diag.LowContrast, "%s of %s, region %s: symbol %q in %s on %s has a contrast of %.2f:1; WCAG AA asks %g:1 for a symbol: give it a color, or change the ground",
					side, f.Type, r.ID, o.s, colour.RGB(inks[0]), g, best, float64(symbolContrast))
			}
		}
	}
}

// groundAt is the colour of the last filled rectangle of ops under (x, y),
// and false when there is none or an image lies over it.
func groundAt(ops []faceOp, x, y float64) (pdf.Color, bool) {
	for i := len(ops) - 1; i >= 0; i-- {
		o := ops[i]
		inside := x >= o.x && x <= o.x+o.w && y >= o.y && y <= o.y+o.h
		switch {
		case !inside:
		case o.image != nil || o.back:
			return pdf.Color{}, false
		case o.kind == opRect && o.paint&pdf.Fill != 0:
			return o.color, true
		}
	}
	return pdf.Color{}, false
}

// iconInks are the colours an icon is painted in, found by drawing it, so
// they follow the drawing: any of them standing out from the ground
// makes the symbol visible.
func iconInks(o op) []pdf.Color {
	var s paints
	drawOn(&s, o, 0, 0)
	return s.colors
}

// paints is a surface that keeps the colours drawn on it, once each, in
// the order first used.
type paints struct {
	fill, stroke, text pdf.Color
	colors             []pdf.Color
}

func (s *paints) use(c pdf.Color) {
	for _, have := range s.colors {
		if have == c {
			return
		}
	}
	s.colors = append(s.colors, c)
}

func (s *paints) paint(p pdf.Paint) {
	if p&pdf.Fill != 0 {
		s.use(s.fill)
	}
	if p&pdf.Stroke != 0 {
		s.use(s.stroke)
	}
}

func (s *paints) SetFont(pdf.Style, float64)                       {}
func (s *paints) Width(string) float64                             { return 0 }
func (s *paints) Text(float64, float64, string)                    { s.use(s.text) }
func (s *paints) SetTextColor(c pdf.Color)                         { s.text = c }
func (s *paints) SetFillColor(c pdf.Color)                         { s.fill = c }
func (s *paints) SetStrokeColor(c pdf.Color)                       { s.stroke = c }
func (s *paints) SetLineWidth(float64)                             {}
func (s *paints) SetDash(float64, float64)                         {}
func (s *paints) Line(float64, float64, float64, float64)          { s.use(s.stroke) }
func (s *paints) Rect(_, _, _, _ float64, p pdf.Paint)             { s.paint(p) }
func (s *paints) Circle(_, _, _ float64, p pdf.Paint)              { s.paint(p) }
func (s *paints) Polygon(_ []pdf.Point, p pdf.Paint)               { s.paint(p) }
func (s *paints) Image([]byte, float64, float64, float64, float64) {}
