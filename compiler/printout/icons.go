package printout

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Icons are drawn, not taken from a font, so they print the same in every
// language and stay apart in black and white: an enum value's icon is a
// pictogram on a disc of its colour; the other icons stand for the kinds of
// numbers (gold, victory points, costs, copies).

// shapeTable is built once: icons are drawn by the thousand, and the table
// is read only.
var shapeTable = sync.OnceValue(shapes)

// shapes are the pictograms, in a unit square from -1 to 1 (y down).
func shapes() map[string][][]pdf.Point {
	pt := func(xy ...float64) []pdf.Point {
		out := make([]pdf.Point, 0, len(xy)/2)
		for i := 0; i+1 < len(xy); i += 2 {
			out = append(out, pdf.Point{X: xy[i], Y: xy[i+1]})
		}
		return out
	}
	return map[string][][]pdf.Point{
		"club":    {pt(-0.14, 0.8, 0.14, 0.8, 0.42, -0.42, 0.3, -0.72, 0, -0.82, -0.3, -0.72, -0.42, -0.42)},
		"hat":     {pt(-0.5, 0.38, 0.5, 0.38, 0.18, -0.35, 0.45, -0.8, -0.1, -0.45), pt(-0.78, 0.38, 0.78, 0.38, 0.78, 0.6, -0.78, 0.6)},
		"sword":   {pt(-0.1, 0.3, 0.1, 0.3, 0.1, -0.6, 0, -0.85, -0.1, -0.6), pt(-0.45, 0.28, 0.45, 0.28, 0.45, 0.43, -0.45, 0.43), pt(-0.08, 0.43, 0.08, 0.43, 0.08, 0.82, -0.08, 0.82)},
		"axe":     {pt(-0.2, 0.82, -0.06, 0.82, 0.12, -0.82, -0.02, -0.82), pt(0.02, -0.62, 0.62, -0.85, 0.72, -0.3, 0.62, 0.15, 0.0, -0.12)},
		"pickaxe": {pt(-0.08, -0.48, 0.08, -0.48, 0.08, 0.85, -0.08, 0.85), pt(-0.85, -0.2, -0.4, -0.55, 0, -0.66, 0.4, -0.55, 0.85, -0.2, 0.4, -0.42, 0, -0.48, -0.4, -0.42)},
		"jester":  {pt(-0.72, 0.55, 0.72, 0.55, 0.82, -0.55, 0.3, 0.0, 0, -0.8, -0.3, 0.0, -0.82, -0.55)},
		"crown":   {pt(-0.8, 0.55, 0.8, 0.55, 0.9, -0.5, 0.42, -0.05, 0, -0.75, -0.42, -0.05, -0.9, -0.5)},
		"hammer":  {pt(-0.08, -0.3, 0.08, -0.3, 0.08, 0.85, -0.08, 0.85), pt(-0.62, -0.78, 0.45, -0.78, 0.62, -0.6, 0.45, -0.3, -0.62, -0.3)},
		"plus":    {pt(-0.2, -0.8, 0.2, -0.8, 0.2, -0.2, 0.8, -0.2, 0.8, 0.2, 0.2, 0.2, 0.2, 0.8, -0.2, 0.8, -0.2, 0.2, -0.8, 0.2, -0.8, -0.2, -0.2, -0.2)},
		"cards":   {pt(-0.75, -0.45, 0.15, -0.75, 0.45, 0.45, -0.45, 0.75), pt(-0.25, -0.85, 0.55, -0.85, 0.55, 0.5, -0.25, 0.5)},
		"star":    star(),
		// A heater shield with a raised boss, apart from the hat's brim.
		"shield": {pt(-0.72, -0.82, 0.72, -0.82, 0.72, -0.05, 0.5, 0.42, 0, 0.88, -0.5, 0.42, -0.72, -0.05)},
		"bow":    bow(),
		// A horse's head facing left, ears up, the neck cut square.
		"horse": {pt(0.02, -0.95, 0.2, -0.6, 0.55, -0.42, 0.78, 0.1, 0.82, 0.9, 0.05, 0.9, 0.02, 0.45, -0.28, 0.3, -0.62, 0.44, -0.88, 0.3, -0.9, 0.08, -0.6, -0.32, -0.22, -0.62, -0.1, -0.7)},
		// A dragon's head facing left: horn, open jaws, a spiked neck.
		"dragon": {pt(0.38, -0.97, 0.42, -0.55, 0.78, -0.35, 0.98, -0.12, 0.8, 0.02, 0.98, 0.3, 0.82, 0.42, 0.98, 0.7, 0.84, 0.9, 0.18, 0.9, 0.05, 0.5, -0.55, 0.62, -0.58, 0.45, -0.05, 0.24, -0.92, 0.06, -0.86, -0.16, -0.35, -0.32, 0.0, -0.55)},
		// A flame: a drop with a flicker.
		"flame": {pt(0, -0.95, 0.22, -0.55, 0.5, -0.28, 0.68, 0.12, 0.62, 0.5, 0.36, 0.8, 0, 0.9, -0.36, 0.8, -0.62, 0.5, -0.68, 0.16, -0.46, -0.2, -0.36, 0.1, -0.18, -0.35)},
		// A catapult: its frame, the arm thrown back and the stone.
		"catapult": {pt(-0.9, 0.5, 0.9, 0.5, 0.9, 0.7, -0.9, 0.7), pt(-0.3, 0.5, -0.12, 0.5, 0.08, 0.05, -0.1, 0.05), pt(0.2, 0.5, 0.38, 0.5, 0.18, 0.05, 0.0, 0.05), pt(-0.05, 0.2, 0.08, 0.08, -0.62, -0.6, -0.75, -0.48), pt(-0.92, -0.62, -0.7, -0.84, -0.48, -0.62, -0.7, -0.4), pt(-0.7, 0.92, -0.5, 0.92, -0.5, 0.7, -0.7, 0.7), pt(0.5, 0.92, 0.7, 0.92, 0.7, 0.7, 0.5, 0.7)},
	}
}

// bow is a bow drawn to the left, its string and an arrow pointing right.
func bow() [][]pdf.Point {
	var arc []pdf.Point
	const cx, outer, inner = -0.55, 1.05, 0.88
	for i := 0; i <= 12; i++ {
		a := -1.0 + float64(i)/12*2.0
		arc = append(arc, pdf.Point{X: cx + outer*math.Cos(a), Y: outer * math.Sin(a)})
	}
	for i := 12; i >= 0; i-- {
		a := -1.0 + float64(i)/12*2.0
		arc = append(arc, pdf.Point{X: cx + inner*math.Cos(a), Y: inner * math.Sin(a)})
	}
	tipX := cx + outer*math.Cos(1.0) - 0.02
	tipY := outer * math.Sin(1.0)
	return [][]pdf.Point{
		arc,
		{{X: tipX - 0.05, Y: -tipY}, {X: tipX + 0.05, Y: -tipY}, {X: tipX + 0.05, Y: tipY}, {X: tipX - 0.05, Y: tipY}},
		{{X: -0.9, Y: -0.06}, {X: 0.55, Y: -0.06}, {X: 0.55, Y: 0.06}, {X: -0.9, Y: 0.06}},
		{{X: 0.5, Y: -0.24}, {X: 0.95, Y: 0}, {X: 0.5, Y: 0.24}},
		{{X: -0.95, Y: -0.22}, {X: -0.75, Y: -0.06}, {X: -0.75, Y: 0.06}, {X: -0.95, Y: 0.22}, {X: -0.82, Y: 0}},
	}
}

func star() [][]pdf.Point {
	var pts []pdf.Point
	for i := range 10 {
		r := 0.85
		if i%2 == 1 {
			r = 0.38
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, pdf.Point{X: r * math.Cos(a), Y: r * math.Sin(a)})
	}
	return [][]pdf.Point{pts}
}

// Icon names besides the pictograms: drawn from circles.
const (
	iconCoin  = "coin"  // gold
	iconChain = "chain" // linked rings: a chain of cities
	iconRaces = "races" // three discs: several races
	iconAny   = "any"   // a wildcard in a cost: a card of any kind
	// iconDie is the prefix of a die's faces, die1 to die6: a die's
	// result, such as the row of a table it picks.
	iconDie  = "die"
	dieFaces = 6
)

// diePips are the pips of each face of a die, in a square from -1 to 1.
func diePips(n int) [][2]float64 {
	const a = 0.5
	switch n {
	case 1:
		return [][2]float64{{0, 0}}
	case 2:
		return [][2]float64{{-a, -a}, {a, a}}
	case 3:
		return [][2]float64{{-a, -a}, {0, 0}, {a, a}}
	case 4:
		return [][2]float64{{-a, -a}, {a, -a}, {-a, a}, {a, a}}
	case 5:
		return [][2]float64{{-a, -a}, {a, -a}, {0, 0}, {-a, a}, {a, a}}
	}
	return [][2]float64{{-a, -a}, {a, -a}, {-a, 0}, {a, 0}, {-a, a}, {a, a}}
}

// iconOn draws a named icon of size mm centred on (x, y) on any surface. A
// colour other than black puts the pictogram on a disc of that colour.
func iconOn(d surface, name string, x, y, size float64, c pdf.Color) {
	r := size / 2
	d.SetLineWidth(size * 0.05)
	d.SetDash(0, 0)
	switch name {
	case iconCoin:
		d.SetFillColor(pdf.Color{R: 0xe8, G: 0xc3, B: 0x4a})
		d.SetStrokeColor(ink)
		d.Circle(x, y, r*0.9, pdf.Fill|pdf.Stroke)
		d.Circle(x, y, r*0.6, pdf.Stroke)
		return
	case iconChain:
		d.SetStrokeColor(ink)
		d.SetLineWidth(size * 0.1)
		d.Circle(x-r*0.35, y, r*0.45, pdf.Stroke)
		d.Circle(x+r*0.35, y, r*0.45, pdf.Stroke)
		return
	case iconRaces:
		d.SetStrokeColor(ink)
		for i, dx := range []float64{-0.45, 0, 0.45} {
			g := uint8(0x50 + 0x40*i)
			d.SetFillColor(pdf.Color{R: g, G: g, B: g})
			d.Circle(x+dx*r, y+0.15*r*float64(1-i%2*2), r*0.45, pdf.Fill|pdf.Stroke)
		}
		return
	case iconAny:
		d.SetFillColor(pdf.Color{R: 0xff, G: 0xff, B: 0xff})
		d.SetStrokeColor(ink)
		d.Circle(x, y, r*0.92, pdf.Fill|pdf.Stroke)
		shapeOn(d, "star", x, y, r*0.7, ink)
		return
	}
	if n, ok := dieFace(name); ok {
		// White with black pips, or pips of contrast on a die of colour c.
		face, pip := pdf.Color{R: 0xff, G: 0xff, B: 0xff}, ink
		if c != (pdf.Color{}) {
			face, pip = c, contrast(c)
		}
		d.SetFillColor(face)
		d.SetStrokeColor(ink)
		d.Rect(x-r*0.85, y-r*0.85, r*1.7, r*1.7, pdf.Fill|pdf.Stroke)
		d.SetFillColor(pip)
		for _, q := range diePips(n) {
			d.Circle(x+q[0]*r*0.85, y+q[1]*r*0.85, r*0.17, pdf.Fill)
		}
		return
	}
	if c == (pdf.Color{}) {
		shapeOn(d, name, x, y, r, ink)
		return
	}
	d.SetFillColor(c)
	d.SetStrokeColor(ink)
	d.Circle(x, y, r*0.95, pdf.Fill|pdf.Stroke)
	shapeOn(d, name, x, y, r*0.62, contrast(c))
}

// dieFace reads the number of a die icon's name ("die1" to "die6").
func dieFace(name string) (int, bool) {
	num, ok := strings.CutPrefix(name, iconDie)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	return n, err == nil && n >= 1 && n <= dieFaces
}

func shapeOn(d surface, name string, x, y, r float64, c pdf.Color) {
	polys, ok := shapeTable()[name]
	if !ok {
		return
	}
	d.SetFillColor(c)
	longest := 0
	for _, poly := range polys {
		longest = max(longest, len(poly))
	}
	// One buffer for all the shape's polygons: a surface copies what it
	// keeps of them.
	pts := make([]pdf.Point, 0, longest)
	for _, poly := range polys {
		pts = pts[:0]
		for _, q := range poly {
			pts = append(pts, pdf.Point{X: x + q.X*r, Y: y + q.Y*r})
		}
		d.Polygon(pts, pdf.Fill)
	}
}

// contrast returns black or white, whichever reads better on c.
func contrast(c pdf.Color) pdf.Color {
	l := 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
	if l > 150 {
		return ink
	}
	return pdf.Color{R: 0xff, G: 0xff, B: 0xff}
}

// parseColor reads "#rrggbb"; black when there is none.
func parseColor(s string) pdf.Color {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return pdf.Color{}
	}
	return pdf.Color{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v)}
}

// checkIcons reports icon names the printouts cannot draw: those of enum
// values and those the blocks name.
func checkIcons(g *model.Game, d *diag.List) {
	known := model.IconNames()
	bad := func(pos diag.Pos, name, what string) {
		if name != "" && !slices.Contains(known, name) {
			d.Errorf(pos, diag.UnknownIcon, "%s: no icon %q; the printouts draw %s", what, name, strings.Join(known, ", "))
		}
	}
	for _, e := range g.Enums {
		for _, v := range e.Values {
			bad(v.Pos, v.Icon, "enum "+e.ID+" value "+v.ID)
		}
	}
	for _, b := range g.Blocks {
		for _, col := range slices.Sorted(maps.Keys(b.Icons)) {
			bad(b.Pos, b.Icons[col], "block "+b.ID+" icons."+col)
		}
	}
}
