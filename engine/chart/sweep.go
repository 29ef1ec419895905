package chart

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/grimoire-games/grimoire/engine"
)

// sweepFigures are the plots of a sweep: for each swept parameter, the
// win rate by seat and the mean score against it; then the scores and
// the length of every grid point.
func sweepFigures(s Study) ([]figure, error) {
	first := s.Points[0].Summary
	games := plural(first.Games, "game") + " a point"
	// Every win rate panel has the same scale, so that panels compare at
	// a glance.
	top := 100 / float64(first.Players)
	for _, pt := range s.Points {
		for _, st := range pt.Summary.Seats {
			top = max(top, 100*st.WinInterval[1])
		}
	}
	top = math.Min(100, top*1.05)
	var figs []figure
	for a, ax := range s.Axes {
		x := xAxis(ax)
		others := combos(s.Axes, a)
		var panels []*plot.Plot
		for _, o := range others {
			if !s.has(o, a) {
				continue // an interrupted sweep's
			}
			p := newPlot(o.label, ax.Name, "win rate (%)")
			for seat := range first.Players {
				var iv withErrors
				for i, v := range ax.Values {
					pt, ok := s.point(o.with(a, v))
					if !ok {
						continue
					}
					r := pt.Summary.Seats[seat].Record
					iv.add(x.at(i)+x.dodge(seat, first.Players), 100*r.WinRate, 100*r.WinInterval[0], 100*r.WinInterval[1])
				}
				if err := addSeries(p, &iv, seat, x.numeric); err != nil {
					return nil, err
				}
			}
			p.Add(evenLine(first.Players))
			x.apply(p)
			p.Y.Min, p.Y.Max = 0, top
			panels = append(panels, p)
		}
		var seats []string
		for seat := range first.Players {
			seats = append(seats, "seat "+strconv.Itoa(seat))
		}
		figs = append(figs, panelFigure("winrate-"+fileName(ax.Name),
			winCaption("Points", first.Players)+" The points of a seat are shifted sideways a little so that intervals do not overlap.",
			fmt.Sprintf("%s: win rate by seat against %s, %s", s.Game, ax.Name, games), seats, panels))

		p := newPlot("", ax.Name, "mean final score")
		var names []string
		for k, o := range others {
			var iv withErrors
			for i, v := range ax.Values {
				pt, ok := s.point(o.with(a, v))
				if !ok {
					continue
				}
				sc := pt.Summary.Overall.Score
				half := z95 * sc.StdDev / math.Sqrt(float64(pt.Summary.Games*pt.Summary.Players))
				iv.add(x.at(i)+x.dodge(k, len(others)), sc.Mean, sc.Mean-half, sc.Mean+half)
			}
			if iv.Len() > 0 {
				if err := addSeries(p, &iv, k, x.numeric); err != nil {
					return nil, err
				}
			}
			names = append(names, o.label)
		}
		x.apply(p)
		if len(others) == 1 {
			names = []string{"all seats"}
		}
		figs = append(figs, panelFigure("score-"+fileName(ax.Name),
			"Mean final score over every seat; error bars: 95% interval of the mean (normal approximation).",
			fmt.Sprintf("%s: mean final score against %s, %s", s.Game, ax.Name, games), names, []*plot.Plot{p}))
	}

	var names []string
	var scores, lengths []engine.DistStats
	for _, pt := range s.Points {
		names = append(names, strings.Join(pt.Values, ", "))
		scores = append(scores, pt.Summary.Overall.Score)
		lengths = append(lengths, pt.Summary.Overall.Length)
	}
	var axisNames []string
	for _, ax := range s.Axes {
		axisNames = append(axisNames, ax.Name)
	}
	xLabel := strings.Join(axisNames, ", ")
	// A box per point, colored by the first parameter's value.
	stride := 1
	for _, ax := range s.Axes[1:] {
		stride *= len(ax.Values)
	}
	firstValue := func(i int) color.Color { return seriesColor(i / stride) }
	w := max(plotW, vg.Length(len(s.Points))*0.55*vg.Inch)
	sp := newPlot(fmt.Sprintf("%s: final score by grid point, %s", s.Game, games), xLabel, "final score, all seats")
	sp.Add(boxes{stats: scores, color: firstValue})
	sp.NominalX(names...)
	slant(sp, names)
	lp := newPlot(fmt.Sprintf("%s: game length by grid point, %s", s.Game, games), xLabel, "length (actions, chance included)")
	lp.Add(boxes{stats: lengths, color: firstValue})
	lp.NominalX(names...)
	slant(lp, names)
	figs = append(figs,
		plotFigure("scores", boxCaption, w, plotH, sp),
		plotFigure("length", boxCaption+" Length counts every action, chance included.", w, plotH, lp))
	return figs, nil
}

// slant tilts long tick labels so that they do not run into each other.
func slant(p *plot.Plot, names []string) {
	long := 0
	for _, n := range names {
		long = max(long, len(n))
	}
	if long*len(names) > 90 {
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	}
}

// addSeries adds points joined by a line with their error bars, in the
// color and marker of series i; joined draws the line, which only
// numbers on the x axis call for.
func addSeries(p *plot.Plot, iv *withErrors, i int, joined bool) error {
	l, pts, err := plotter.NewLinePoints(iv)
	if err != nil {
		return err
	}
	l.Color = seriesColor(i)
	l.Width = vg.Points(1.2)
	if joined {
		p.Add(l)
	}
	pts.Color = seriesColor(i)
	pts.Shape = glyphShape(i)
	pts.Radius = vg.Points(3)
	eb, err := plotter.NewYErrorBars(iv)
	if err != nil {
		return err
	}
	eb.Color = seriesColor(i)
	eb.CapWidth = vg.Points(6)
	p.Add(eb, pts)
	return nil
}

// point is the run of the given values, one per axis; an interrupted
// sweep lacks some.
func (s Study) point(values []string) (Point, bool) {
	for _, pt := range s.Points {
		if slices.Equal(pt.Values, values) {
			return pt, true
		}
	}
	return Point{}, false
}

// has reports whether the study played any point of c, free axis free.
func (s Study) has(c combo, free int) bool {
	for _, v := range s.Axes[free].Values {
		if _, ok := s.point(c.with(free, v)); ok {
			return true
		}
	}
	return false
}

// combo is a choice of a value for every axis but one.
type combo struct {
	values []string // by axis, the free one ""
	label  string   // "name = value, ..."; "" when no other axis
}

func (c combo) with(axis int, v string) []string {
	out := append([]string(nil), c.values...)
	out[axis] = v
	return out
}

// combos lists the choices of values for the axes other than free, in
// grid order.
func combos(axes []Axis, free int) []combo {
	out := []combo{{values: make([]string, len(axes))}}
	for a, ax := range axes {
		if a == free {
			continue
		}
		var next []combo
		for _, c := range out {
			for _, v := range ax.Values {
				n := combo{values: append([]string(nil), c.values...), label: c.label}
				n.values[a] = v
				if n.label != "" {
					n.label += ", "
				}
				n.label += ax.Name + " = " + v
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}

// xScale places an axis's values: at their numbers when all are numbers,
// else evenly as categories.
type xScale struct {
	pos     []float64
	labels  []string
	step    float64 // the smallest gap between neighbours
	numeric bool    // the values are numbers, placed at their value
}

func xAxis(ax Axis) xScale {
	x := xScale{labels: ax.Values, step: math.Inf(1)}
	for i, v := range ax.Values {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			x.pos = nil
			break
		}
		x.pos = append(x.pos, f)
		if i > 0 {
			x.step = min(x.step, math.Abs(f-x.pos[i-1]))
		}
	}
	x.numeric = x.pos != nil
	if x.pos == nil {
		for i := range ax.Values {
			x.pos = append(x.pos, float64(i))
		}
	}
	if !x.numeric || math.IsInf(x.step, 1) || x.step == 0 {
		x.step = 1
	}
	return x
}

func (x xScale) at(i int) float64 { return x.pos[i] }

// dodge shifts series k of n sideways, so that their error bars stand
// apart.
func (x xScale) dodge(k, n int) float64 {
	return (float64(k) - float64(n-1)/2) * x.step * 0.05
}

// apply puts ticks at the values, and room around them.
func (x xScale) apply(p *plot.Plot) {
	var ticks plot.ConstantTicks
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, v := range x.pos {
		ticks = append(ticks, plot.Tick{Value: v, Label: x.labels[i]})
		lo, hi = min(lo, v), max(hi, v)
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = lo-x.step/2, hi+x.step/2
}

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Panel layout.
const (
	panelW    = 4.2 * vg.Inch
	panelH    = 3.2 * vg.Inch
	panelCols = 3
)

// panelFigure lays out panels in a grid under a title and a legend of the
// series, drawn once for all panels.
func panelFigure(name, caption, title string, series []string, panels []*plot.Plot) figure {
	cols := min(panelCols, len(panels))
	rows := (len(panels) + cols - 1) / cols
	w, h := vg.Length(cols)*panelW, vg.Length(rows)*panelH
	if len(panels) == 1 {
		w, h = plotW, plotH
	}
	titleStyle := newPlot("", "", "").Title.TextStyle
	titleStyle.XAlign, titleStyle.YAlign = draw.XCenter, draw.YTop
	legendStyle := newPlot("", "", "").Legend.TextStyle
	legendStyle.YAlign = draw.YCenter
	lines := legendLines(legendStyle, series, w-vg.Inch)
	lineH := legendStyle.Font.Size * 1.6
	header := vg.Points(6) + titleStyle.Rectangle(title).Size().Y + vg.Points(8) + vg.Length(len(lines))*lineH + vg.Points(10)
	h += header
	grid := make([][]*plot.Plot, rows)
	for r := range grid {
		grid[r] = make([]*plot.Plot, cols)
		for c := range cols {
			if i := r*cols + c; i < len(panels) {
				grid[r][c] = panels[i]
			}
		}
	}
	return figure{name: name, caption: caption, w: w, h: h, draw: func(c draw.Canvas) {
		c.SetColor(color.White)
		c.Fill(c.Rectangle.Path())
		top := c.Max.Y - vg.Points(6)
		c.FillText(titleStyle, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: top}, title)
		y := top - titleStyle.Rectangle(title).Size().Y - vg.Points(8) - lineH/2
		for _, line := range lines {
			drawLegendLine(c, legendStyle, series, line, y)
			y -= lineH
		}
		body := draw.Crop(c, 0, 0, 0, -header)
		tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(12), PadY: vg.Points(12), PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(12)}
		canvases := plot.Align(grid, tiles, body)
		for r := range grid {
			for k, p := range grid[r] {
				if p != nil {
					p.Draw(canvases[r][k])
				}
			}
		}
	}}
}

// Legend entries: a marker on a short line, then the name.
const (
	legendMark = 22 // points, the marker's line and the space after it
	legendGap  = 18 // points between entries
)

func legendEntryWidth(st draw.TextStyle, name string) vg.Length {
	return vg.Points(legendMark) + st.Rectangle(name).Size().X
}

// legendLines splits the series into lines no wider than width, keeping
// their order; each line lists the series' indexes.
func legendLines(st draw.TextStyle, names []string, width vg.Length) [][]int {
	var lines [][]int
	var used vg.Length
	for i, n := range names {
		ew := legendEntryWidth(st, n)
		if len(lines) == 0 || used+vg.Points(legendGap)+ew > width {
			lines = append(lines, nil)
			used = -vg.Points(legendGap)
		}
		lines[len(lines)-1] = append(lines[len(lines)-1], i)
		used += vg.Points(legendGap) + ew
	}
	return lines
}

// drawLegendLine draws the entries of one legend line, centred at height y.
func drawLegendLine(c draw.Canvas, st draw.TextStyle, names []string, line []int, y vg.Length) {
	width := -vg.Points(legendGap)
	for _, i := range line {
		width += vg.Points(legendGap) + legendEntryWidth(st, names[i])
	}
	x := (c.Min.X+c.Max.X)/2 - width/2
	mark := vg.Points(legendMark - 6)
	for _, i := range line {
		c.StrokeLine2(draw.LineStyle{Color: seriesColor(i), Width: vg.Points(1.2)}, x, y, x+mark, y)
		c.DrawGlyph(draw.GlyphStyle{Color: seriesColor(i), Radius: vg.Points(3), Shape: glyphShape(i)}, vg.Point{X: x + mark/2, Y: y})
		c.FillText(st, vg.Point{X: x + vg.Points(legendMark), Y: y}, names[i])
		x += vg.Points(legendMark+legendGap) + st.Rectangle(names[i]).Size().X
	}
}
