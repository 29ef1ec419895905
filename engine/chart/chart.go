// Package chart draws the plots of a simulation study, as SVG and PNG,
// and the HTML page that shows them with the study's table. A study is
// one simulation run, or a sweep: runs of the same games over a grid of
// rule parameters. The same study always gives the same bytes.
package chart

import (
	"bytes"
	"fmt"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/grimoire-games/grimoire/engine"
)

// Axis is a swept parameter: its name as --set takes it, and its values
// in the order played.
type Axis struct {
	Name   string
	Values []string
}

// Point is one run of a study: the value of each axis, and its summary.
type Point struct {
	Values  []string // by axis
	Summary *engine.Summary
}

// Table is the study's table as the page shows it: cells already written.
type Table struct {
	Header []string
	Rows   [][]string
}

// Study is what the plots and the page show.
type Study struct {
	// Game names the game in titles: its id, and its variant if any.
	Game string
	// About is a line under the page's title: the players, games, seed
	// and bots.
	About string
	// Axes are the swept parameters, none for a single run.
	Axes   []Axis
	Points []Point // the first axis varies slowest
	Table  Table
}

// pngDPI is the resolution of the PNG plots: sharp on a screen, small on
// disk.
const pngDPI = 110

// figure is one plot file, drawn on a canvas of its size.
type figure struct {
	name    string // file name without extension
	caption string
	w, h    vg.Length
	draw    func(c draw.Canvas)
}

// File is a file of a study's plots and page.
type File struct {
	Name string // a plain file name, no directory
	Data []byte
}

// Render draws the study's plots, each as name.svg and name.png, and
// the page that shows them, index.html, whose images are those files
// beside it.
func Render(s Study) ([]File, error) {
	if len(s.Points) == 0 {
		return nil, fmt.Errorf("no runs to plot")
	}
	figs, err := figures(s)
	if err != nil {
		return nil, err
	}
	var files []File
	for _, f := range figs {
		svg, png, err := render(f)
		if err != nil {
			return nil, fmt.Errorf("plot %s: %w", f.name, err)
		}
		files = append(files, File{f.name + ".svg", svg}, File{f.name + ".png", png})
	}
	page, err := page(s, figs)
	if err != nil {
		return nil, err
	}
	return append(files, File{"index.html", page}), nil
}

// figures lists the study's plots: a single run's, or a sweep's.
func figures(s Study) ([]figure, error) {
	if len(s.Axes) == 0 {
		return runFigures(s.Game, s.Points[0].Summary)
	}
	return sweepFigures(s)
}

// render draws f as SVG and as PNG.
func render(f figure) (svg, png []byte, err error) {
	sc := vgsvg.New(f.w, f.h)
	f.draw(draw.New(sc))
	var sb bytes.Buffer
	if _, err := sc.WriteTo(&sb); err != nil {
		return nil, nil, err
	}
	ic := vgimg.NewWith(vgimg.UseWH(f.w, f.h), vgimg.UseDPI(pngDPI))
	f.draw(draw.New(ic))
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: ic}).WriteTo(&pb); err != nil {
		return nil, nil, err
	}
	return sb.Bytes(), pb.Bytes(), nil
}

// fileName makes a parameter's name safe in a file name.
func fileName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, s)
}
