package compiler

import (
	"github.com/grimoire-games/grimoire/compiler/colour"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// minColourDiff is the smallest CIEDE2000 difference allowed between two
// colours of one enum, with normal vision and as simulated for protanopia
// and deuteranopia. 1 ΔE00 is about the least difference seen between two
// large patches side by side; the printouts draw 4 mm discs, which must be
// named apart one at a time, and a print run shifts a colour by 2 to 5 ΔE00.
// 12 keeps two colours at least twice the worst drift apart.
const minColourDiff = 12

// checkPalette warns when two colours of an enum could be taken for each
// other, at the colour of the later value.
func checkPalette(g *model.Game, srcs []*source, d *diag.List) {
	where := colourPositions(srcs)
	for _, e := range g.Enums {
		type swatch struct {
			v *model.EnumValue
			c colour.RGB
		}
		var sw []swatch
		for _, v := range e.Values {
			if c, err := colour.Parse(v.Color); err == nil {
				sw = append(sw, swatch{v, c})
			}
		}
		for j := range sw {
			for i := range j {
				worst, diff, ok := leastApart(sw[i].c, sw[j].c)
				if ok {
					continue
				}
				pos, ok := where[sw[j].v.Pos]
				if !ok {
					pos = sw[j].v.Pos
				}
				d.Warnf(pos, diag.Palette, "enum %s: the colours of %s (%s) and %s (%s) are %.1f ΔE00 apart with %s; want at least %d",
					e.ID, sw[i].v.ID, sw[i].v.Color, sw[j].v.ID, sw[j].v.Color, diff, worst, minColourDiff)
			}
		}
	}
}

// leastApart returns the vision under which a and b are least apart, and
// whether they are far enough apart for every vision. Normal vision comes
// first: two colours everyone confuses are not a colour-blindness problem.
func leastApart(a, b colour.RGB) (colour.Vision, float64, bool) {
	worst, diff := colour.Normal, colour.Normal.Diff(a, b)
	if diff < minColourDiff {
		return worst, diff, false
	}
	for _, vis := range colour.Visions() {
		if d := vis.Diff(a, b); d < diff {
			worst, diff = vis, d
		}
	}
	return worst, diff, diff >= minColourDiff
}

// colourPositions maps the position of each enum value to that of its
// colour: the model keeps only the former.
func colourPositions(srcs []*source) map[diag.Pos]diag.Pos {
	out := map[diag.Pos]diag.Pos{}
	var ignored diag.List // the loader has reported any malformed table
	for _, s := range srcs {
		for _, en := range tables(s, "enum", &ignored) {
			m, _ := en.v.(map[string]any)
			vs, ok := m["value"]
			if !ok {
				continue
			}
			for _, vn := range elems(node{src: s, path: tomlpos.Join(en.path, "value"), v: vs}, &ignored) {
				if _, ok := s.idx.Value(tomlpos.Join(vn.path, "color")); ok {
					out[vn.keyPos()] = node{src: s, path: tomlpos.Join(vn.path, "color")}.pos()
				}
			}
		}
	}
	return out
}
