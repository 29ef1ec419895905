package printout_test

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/printout"
)

// TestImpose checks the card grid on both papers, with and without bleed.
func TestImpose(t *testing.T) {
	cases := []struct {
		paper        string
		bleed        float64
		cols, rows   int
		x, y         float64 // the first card's trim box
		cutsX, cutsY int
	}{
		{"a4", 0, 3, 3, 10.5, 16.5, 4, 4},
		{"letter", 0, 3, 3, 13.45, 7.7, 4, 4},
		// A 3 mm bleed gives each card its own cut lines, and fewer fit.
		{"a4", 3, 2, 3, 39, 10.5, 4, 6},
		{"letter", 3, 2, 2, 41.95, 45.7 + 3, 4, 4},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%g", c.paper, c.bleed), func(t *testing.T) {
			paper, _ := printout.ParsePaper(c.paper)
			g, err := printout.Impose(paper, 63, 88, c.bleed)
			if err != nil {
				t.Fatal(err)
			}
			if g.Cols != c.cols || g.Rows != c.rows {
				t.Fatalf("grid %d × %d, want %d × %d", g.Cols, g.Rows, c.cols, c.rows)
			}
			near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
			if x, y := g.Cell(0, 0, false); !near(x, c.x) || !near(y, c.y) {
				t.Errorf("first card at (%g, %g), want (%g, %g)", x, y, c.x, c.y)
			}
			// Centred, with at least 5 mm to every edge.
			left, top := (paper.W-g.GridW)/2, (paper.H-g.GridH)/2
			if left < 5 || top < 5 || !near(g.X-g.Bleed, left) || !near(g.Y-g.Bleed, top) {
				t.Errorf("grid at (%g, %g), margins %g and %g", g.X, g.Y, left, top)
			}
			if len(g.CutsX()) != c.cutsX || len(g.CutsY()) != c.cutsY {
				t.Errorf("%d and %d cut lines, want %d and %d", len(g.CutsX()), len(g.CutsY()), c.cutsX, c.cutsY)
			}
			// A back lies behind its front once the sheet is turned over
			// its long edge: the columns mirror.
			for col := range g.Cols {
				fx, fy := g.Cell(col, 0, false)
				bx, by := g.Cell(col, 0, true)
				if !near(bx+g.W, paper.W-fx) || !near(by, fy) {
					t.Errorf("column %d: back at %g, front at %g", col, bx, fx)
				}
			}
		})
	}
	if _, err := printout.Impose(printout.Papers()[0], 300, 88, 0); err == nil {
		t.Error("a card wider than the paper was imposed")
	}
}

// gray is a page rendered by pdftoppm -gray: one byte a pixel.
type gray struct {
	w, h int
	px   []byte
	dpmm float64
}

// at returns the darkness (0 white, 255 black) at (x, y) mm.
func (g gray) at(x, y float64) int {
	i, j := int(x*g.dpmm), int(y*g.dpmm)
	if i < 0 || j < 0 || i >= g.w || j >= g.h {
		return -1
	}
	return 255 - int(g.px[j*g.w+i])
}

// darkest returns the darkest pixel within r mm of (x, y).
func (g gray) darkest(x, y, r float64) int {
	best := 0
	for dx := -r; dx <= r; dx += 1 / g.dpmm {
		for dy := -r; dy <= r; dy += 1 / g.dpmm {
			best = max(best, g.at(x+dx, y+dy))
		}
	}
	return best
}

func render(t *testing.T, pdf []byte, page int) gray {
	const dpi = 150
	out := run(t, pdf, "pdftoppm", "-gray", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(page), "-l", strconv.Itoa(page))
	// A binary PGM: "P5\n<w> <h>\n255\n" then the pixels.
	var w, h, maxv int
	var magic string
	n, err := fmt.Fscan(bytes.NewReader(out), &magic, &w, &h, &maxv)
	if err != nil || n != 4 || magic != "P5" {
		t.Fatalf("not a PGM: %v", err)
	}
	hdr := len(fmt.Sprintf("P5\n%d %d\n%d\n", w, h, maxv))
	return gray{w: w, h: h, px: out[hdr:], dpmm: dpi / 25.4}
}

// TestCropMarks renders card sheets and looks for the crop marks outside
// the grid at each cut line, blank paper between them, and the bleed.
func TestCropMarks(t *testing.T) {
	g := shipped(t).Game("warlock")
	for _, bleed := range []bool{false, true} {
		for _, paper := range printout.Papers() {
			t.Run(fmt.Sprintf("%s/bleed=%v", paper.Name, bleed), func(t *testing.T) {
				pdf := write(t, g, printout.Options{Kind: printout.Cards, Lang: "en", Paper: paper, Bleed: bleed})
				b := 0.0
				if bleed {
					b = printout.BleedMM
				}
				grid, _ := printout.Impose(paper, 63, 88, b)
				for _, page := range []int{1, 2} { // a front and its back
					img := render(t, pdf, page)
					top := (paper.H - grid.GridH) / 2
					left := (paper.W - grid.GridW) / 2
					for _, x := range grid.CutsX() {
						if d := img.darkest(x, top-3, 0.3); d < 100 {
							t.Errorf("page %d: no crop mark above the cut at x = %.1f (darkness %d)", page, x, d)
						}
					}
					for _, y := range grid.CutsY() {
						if d := img.darkest(left-3, y, 0.3); d < 100 {
							t.Errorf("page %d: no crop mark left of the cut at y = %.1f (darkness %d)", page, y, d)
						}
					}
					// Between two marks the margin is blank.
					if d := img.darkest(left-3, grid.Y+grid.H/2, 0.5); d > 10 {
						t.Errorf("page %d: ink in the margin between crop marks (darkness %d)", page, d)
					}
					// The card's ground reaches into the bleed, and not past it.
					x0, y0 := grid.Cell(0, 0, false)
					inBleed := img.at(x0-b/2, y0+grid.H/2)
					if bleed && inBleed < 5 {
						t.Errorf("page %d: the bleed is blank (darkness %d)", page, inBleed)
					}
					if d := img.at(x0-b-1, y0+grid.H/2); d > 5 {
						t.Errorf("page %d: ink 1 mm outside the bleed box (darkness %d)", page, d)
					}
				}
			})
		}
	}
}
