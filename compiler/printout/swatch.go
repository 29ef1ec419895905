package printout

import (
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/colour"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// valueIcon is the glyph that stands for an enum value: its own symbol,
// else its letters on a disc of its colour (so that colour is never the
// only cue), else none.
func (p *printer) valueIcon(enum string, v *model.EnumValue) glyph {
	g := glyph{name: v.Icon, color: parseColor(v.Color)}
	if v.Icon != "" || v.Color == "" {
		return g
	}
	e := p.enum(enum)
	names := make([]string, len(e.Values))
	at := -1
	for i, w := range e.Values {
		names[i] = capitalize(p.name(w.Message, 1))
		if w.ID == v.ID {
			at = i
		}
	}
	if at >= 0 {
		g.letters = shortNames(names)[at]
	}
	return g
}

// shortNames gives each name its shortest prefix that no other name starts
// with, ignoring case: "Dwarf" and "Dragon" become "Dw" and "Dr". A name
// that is a prefix of another (or equal to it) stays whole.
func shortNames(names []string) []string {
	folded := make([][]rune, len(names))
	for i, n := range names {
		folded[i] = []rune(strings.ToLower(n))
	}
	out := make([]string, len(names))
	for i, n := range names {
		rs := []rune(n)
		out[i] = n
		for k := 1; k <= len(rs); k++ {
			pre := string(folded[i][:k])
			unique := true
			for j, o := range folded {
				if j != i && strings.HasPrefix(string(o), pre) {
					unique = false
					break
				}
			}
			if unique {
				out[i] = strings.TrimRightFunc(string(rs[:k]), unicode.IsSpace)
				break
			}
		}
	}
	return out
}

// minDisc is the least width in mm of a disc with letters on it, and
// minSwatch the least swatch size that draws it: smaller, its letters
// cannot be read.
const (
	minDisc   = 3
	minSwatch = minDisc / 0.95
)

// swatchOn draws a swatch on any surface: a disc 0.95 of size wide, and
// no less than minDisc when it has letters.
func swatchOn(d surface, letters string, x, y, size float64, c pdf.Color) {
	if letters != "" {
		size = max(size, minSwatch)
	}
	r := size / 2
	d.SetLineWidth(size * 0.05)
	d.SetDash(0, 0)
	d.SetFillColor(c)
	d.SetStrokeColor(ink)
	d.Circle(x, y, r*0.95, pdf.Fill|pdf.Stroke)
	if letters == "" {
		return
	}
	// Capitals are about 0.73 em high in the font: they fill half the disc,
	// and two or three letters shrink to fit its width.
	pt := size * 0.5 / 0.73 / pdf.PtToMM
	d.SetFont(pdf.Bold, pt)
	if w, room := d.Width(letters), size*0.78; w > room {
		pt *= room / w
		d.SetFont(pdf.Bold, pt)
	}
	d.SetTextColor(pdf.Color(swatchInk(colour.RGB(c))))
	d.Text(x-d.Width(letters)/2, y+pt*pdf.PtToMM*0.73/2, letters)
}

// swatchInk is the letters' colour on a swatch of colour c.
func swatchInk(c colour.RGB) colour.RGB {
	return colour.Legible(c, colour.RGB{}, colour.RGB{R: 0xff, G: 0xff, B: 0xff})
}
