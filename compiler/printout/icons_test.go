package printout

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// recorder is a surface that keeps what is drawn on it, as text, and the
// box that its filled shapes cover.
type recorder struct {
	ops                    []string
	minX, minY, maxX, maxY float64
}

func (r *recorder) cover(x, y float64) {
	r.minX, r.maxX = min(r.minX, x), max(r.maxX, x)
	r.minY, r.maxY = min(r.minY, y), max(r.maxY, y)
}

func (r *recorder) SetFont(pdf.Style, float64)                       {}
func (r *recorder) Width(s string) float64                           { return float64(len(s)) }
func (r *recorder) Text(x, y float64, s string)                      { r.ops = append(r.ops, "text "+s) }
func (r *recorder) SetTextColor(pdf.Color)                           {}
func (r *recorder) SetFillColor(c pdf.Color)                         { r.ops = append(r.ops, fmt.Sprint("fill ", c)) }
func (r *recorder) SetStrokeColor(pdf.Color)                         {}
func (r *recorder) SetLineWidth(float64)                             {}
func (r *recorder) SetDash(float64, float64)                         {}
func (r *recorder) Line(x1, y1, x2, y2 float64)                      { r.ops = append(r.ops, "line") }
func (r *recorder) Image([]byte, float64, float64, float64, float64) {}
func (r *recorder) Rect(x, y, w, h float64, p pdf.Paint) {
	r.ops = append(r.ops, fmt.Sprintf("rect %.3f %.3f %.3f %.3f", x, y, w, h))
	r.cover(x, y)
	r.cover(x+w, y+h)
}
func (r *recorder) Circle(x, y, rad float64, p pdf.Paint) {
	r.ops = append(r.ops, fmt.Sprintf("circle %.3f %.3f %.3f", x, y, rad))
	r.cover(x-rad, y-rad)
	r.cover(x+rad, y+rad)
}
func (r *recorder) Polygon(pts []pdf.Point, p pdf.Paint) {
	s := "polygon"
	for _, q := range pts {
		s += fmt.Sprintf(" %.3f,%.3f", q.X, q.Y)
		r.cover(q.X, q.Y)
	}
	r.ops = append(r.ops, s)
}

// TestIconsDrawn draws every icon a game may name, plain and on a disc:
// each draws something, within its square, and no two alike, so that a
// troop's or a row's symbol reads apart from the others. The printouts
// draw exactly the model's icons.
func TestIconsDrawn(t *testing.T) {
	names := model.IconNames()
	if got := drawn(); !slices.Equal(got, names) {
		t.Errorf("the printouts draw %v; the model's icons are %v", got, names)
	}
	for _, want := range []string{"shield", "bow", "horse", "dragon", "flame", "catapult", "die1", "die6"} {
		if !slices.Contains(names, want) {
			t.Errorf("model.IconNames() = %v; want %s among them", names, want)
		}
	}
	for _, disc := range []pdf.Color{{}, {R: 0xf7, G: 0xf1, B: 0xe3}} {
		seen := map[string]string{}
		for _, name := range names {
			const size = 10
			r := &recorder{minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
			iconOn(r, name, 0, 0, size, disc)
			if len(r.ops) == 0 {
				t.Errorf("%s draws nothing", name)
				continue
			}
			if r.minX < -size/2 || r.minY < -size/2 || r.maxX > size/2 || r.maxY > size/2 {
				t.Errorf("%s (disc %v) covers (%.2f, %.2f)–(%.2f, %.2f): beyond its %d mm square", name, disc, r.minX, r.minY, r.maxX, r.maxY, size)
			}
			key := fmt.Sprint(r.ops)
			if other, dup := seen[key]; dup {
				t.Errorf("%s draws as %s does", name, other)
			}
			seen[key] = name
		}
	}
}

// drawn lists the icons iconOn draws, sorted: the model's IconNames, which
// TestIconsDrawn holds them to.
func drawn() []string {
	names := []string{iconCoin, iconChain, iconRaces, iconAny}
	for i := 1; i <= dieFaces; i++ {
		names = append(names, iconDie+strconv.Itoa(i))
	}
	for n := range shapeTable() {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
