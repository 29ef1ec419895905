package chart

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/grimoire-games/grimoire/engine"
)

// seriesColor is the color of series i: the Okabe–Ito palette, which
// colour-blind readers tell apart, without its yellow (faint on white).
func seriesColor(i int) color.Color {
	p := [...]color.RGBA{
		{0, 114, 178, 255},   // blue
		{213, 94, 0, 255},    // vermillion
		{0, 158, 115, 255},   // bluish green
		{204, 121, 167, 255}, // reddish purple
		{230, 159, 0, 255},   // orange
		{86, 180, 233, 255},  // sky blue
		{0, 0, 0, 255},       // black
	}
	return p[i%len(p)]
}

// glyphShape is the marker of series i, so that series differ in print too.
func glyphShape(i int) draw.GlyphDrawer {
	switch i % 4 {
	case 1:
		return draw.SquareGlyph{}
	case 2:
		return draw.TriangleGlyph{}
	case 3:
		return draw.PyramidGlyph{}
	}
	return draw.CircleGlyph{}
}

// newPlot is a plot in a sans-serif face, which reads better than the
// default serif at small sizes, with horizontal grid lines.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	for _, st := range []*draw.TextStyle{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle, &p.X.Tick.Label, &p.Y.Tick.Label, &p.Legend.TextStyle} {
		st.Font.Variant = "Sans"
	}
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(8)
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	p.X.Tick.Label.Font.Size = vg.Points(10)
	p.Y.Tick.Label.Font.Size = vg.Points(10)
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Y.Tick.Marker = niceTicks{}
	p.X.Tick.Marker = niceTicks{}
	g := plotter.NewGrid()
	g.Vertical.Color = nil
	g.Horizontal.Color = color.Gray{Y: 225}
	p.Add(g)
	return p
}

// plotFigure is a figure of one plot.
func plotFigure(name, caption string, w, h vg.Length, p *plot.Plot) figure {
	return figure{name: name, caption: caption, w: w, h: h, draw: func(c draw.Canvas) {
		c.SetColor(color.White)
		c.Fill(c.Rectangle.Path())
		// A margin, so that the title and the tick labels do not touch
		// the edge.
		m := vg.Points(8)
		p.Draw(draw.Crop(c, m, -m, m/2, -m))
	}}
}

// evenLine is a dashed line at the win rate of an even match, in percent.
func evenLine(players int) *plotter.Function {
	even := 100 / float64(players)
	f := plotter.NewFunction(func(float64) float64 { return even })
	f.Color = color.Gray{Y: 120}
	f.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	f.Width = vg.Points(1)
	return f
}

// withErrors is points with an interval each, absolute [lo, hi].
type withErrors struct {
	x, y, lo, hi []float64
}

func (w *withErrors) add(x, y, lo, hi float64) {
	w.x, w.y, w.lo, w.hi = append(w.x, x), append(w.y, y), append(w.lo, lo), append(w.hi, hi)
}

func (w *withErrors) Len() int                    { return len(w.x) }
func (w *withErrors) XY(i int) (float64, float64) { return w.x[i], w.y[i] }

// YError is relative to Y, as plotter.YErrorer wants it.
func (w *withErrors) YError(i int) (float64, float64) { return w.y[i] - w.lo[i], w.hi[i] - w.y[i] }

// boxes draws one box per distribution at x = 0, 1, ...: the box spans
// the quartiles, a bar marks the median, whiskers reach the 5th and 95th
// percentiles, a diamond marks the mean, and small dashes the extremes.
type boxes struct {
	stats []engine.DistStats
	color func(i int) color.Color
}

func (b boxes) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	half := (trX(1) - trX(0)) * 0.28
	for i, s := range b.stats {
		col := b.color(i)
		x := trX(float64(i))
		line := draw.LineStyle{Color: col, Width: vg.Points(1.2)}
		lo, hi := trY(s.P25), trY(s.P75)
		fill := color.NRGBAModel.Convert(col).(color.NRGBA)
		fill.A = 60
		box := vg.Path{}
		box.Move(vg.Point{X: x - half, Y: lo})
		box.Line(vg.Point{X: x + half, Y: lo})
		box.Line(vg.Point{X: x + half, Y: hi})
		box.Line(vg.Point{X: x - half, Y: hi})
		box.Close()
		c.SetColor(fill)
		c.Fill(box)
		c.StrokeLines(line, []vg.Point{{X: x - half, Y: lo}, {X: x + half, Y: lo}, {X: x + half, Y: hi}, {X: x - half, Y: hi}, {X: x - half, Y: lo}})
		c.StrokeLine2(draw.LineStyle{Color: col, Width: vg.Points(2.5)}, x-half, trY(s.P50), x+half, trY(s.P50))
		c.StrokeLine2(line, x, lo, x, trY(s.P5))
		c.StrokeLine2(line, x, hi, x, trY(s.P95))
		c.StrokeLine2(line, x-half/2, trY(s.P5), x+half/2, trY(s.P5))
		c.StrokeLine2(line, x-half/2, trY(s.P95), x+half/2, trY(s.P95))
		thin := draw.LineStyle{Color: col, Width: vg.Points(0.8)}
		c.StrokeLine2(thin, x-half/4, trY(s.Min), x+half/4, trY(s.Min))
		c.StrokeLine2(thin, x-half/4, trY(s.Max), x+half/4, trY(s.Max))
		c.DrawGlyph(draw.GlyphStyle{Color: color.Black, Radius: vg.Points(3), Shape: draw.RingGlyph{}}, vg.Point{X: x, Y: trY(s.Mean)})
	}
}

func (b boxes) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, s := range b.stats {
		ymin, ymax = min(ymin, s.Min), max(ymax, s.Max)
	}
	return -0.5, float64(len(b.stats)) - 0.5, ymin, ymax
}

// boxCaption explains boxes' marks.
const boxCaption = "Box: 25th to 75th percentile; thick bar: median; whiskers: 5th and 95th percentiles; short dashes: extremes; ring: mean."

// histogram is a plotter.Histogram of integer values with their counts,
// in bins of a whole number of units, at most about maxBins of them.
func histogram(values []float64, counts []int64, col color.Color) *plotter.Histogram {
	const maxBins = 40
	lo, hi := math.Floor(values[0]), math.Floor(values[len(values)-1])
	width := math.Max(1, math.Ceil((hi-lo+1)/maxBins))
	n := int((hi-lo)/width) + 1
	bins := make([]plotter.HistogramBin, n)
	for i := range bins {
		bins[i].Min = lo + float64(i)*width - 0.5
		bins[i].Max = bins[i].Min + width
	}
	for i, v := range values {
		bins[int((math.Floor(v)-lo)/width)].Weight += float64(counts[i])
	}
	h := &plotter.Histogram{Bins: bins, Width: width, FillColor: col}
	h.LineStyle = draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}
	return h
}

// niceTicks marks round values, 1, 2 or 5 times a power of ten apart, about
// six of them, and writes them without trailing zeros.
type niceTicks struct{}

func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'f', -1, 64)}}
	}
	raw := (hi - lo) / 6
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{2, 5, 10} {
		if step >= raw {
			break
		}
		step = m * mag
	}
	places := max(0, -int(math.Floor(math.Log10(step))))
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		label := strconv.FormatFloat(v, 'f', places, 64)
		if label == "-0" {
			label = "0"
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
		// A minor tick halfway, unlabeled.
		if mid := v + step/2; mid <= hi {
			ticks = append(ticks, plot.Tick{Value: mid})
		}
	}
	return ticks
}
