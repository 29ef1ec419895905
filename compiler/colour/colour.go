// Package colour converts sRGB colours to CIELAB, measures how far apart two
// colours look (CIEDE2000), simulates how they look to a dichromat, and
// measures the contrast of text on a colour (WCAG 2).
package colour

import (
	"fmt"
	"math"
	"strconv"
)

// RGB is a colour with 8-bit sRGB components.
type RGB struct{ R, G, B uint8 }

// Parse reads "#rrggbb".
func Parse(s string) (RGB, error) {
	if len(s) != 7 || s[0] != '#' {
		return RGB{}, fmt.Errorf("colour %q must be #rrggbb", s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return RGB{}, fmt.Errorf("colour %q must be #rrggbb: %w", s, err)
	}
	return RGB{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

func (c RGB) String() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// Linear is a colour in linear-light sRGB, each component in [0, 1].
type Linear [3]float64

// toLinear undoes the sRGB transfer curve (IEC 61966-2-1).
func toLinear(u uint8) float64 {
	c := float64(u) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// fromLinear applies the sRGB transfer curve, clamping to the gamut.
func fromLinear(c float64) uint8 {
	c = min(max(c, 0), 1)
	if c <= 0.0031308 {
		c *= 12.92
	} else {
		c = 1.055*math.Pow(c, 1/2.4) - 0.055
	}
	return uint8(math.Round(c * 255))
}

// Linear returns c in linear light.
func (c RGB) Linear() Linear { return Linear{toLinear(c.R), toLinear(c.G), toLinear(c.B)} }

// RGB returns l in 8-bit sRGB, clamped to the gamut.
func (l Linear) RGB() RGB { return RGB{fromLinear(l[0]), fromLinear(l[1]), fromLinear(l[2])} }

// Lab is a CIELAB colour (D65 white, 2° observer).
type Lab struct{ L, A, B float64 }

// The D65 white point in XYZ, Y = 1.
const (
	whiteX = 0.95047
	whiteY = 1.0
	whiteZ = 1.08883
)

// Lab returns l in CIELAB, through XYZ with the sRGB primaries.
func (l Linear) Lab() Lab {
	x := 0.4124564*l[0] + 0.3575761*l[1] + 0.1804375*l[2]
	y := 0.2126729*l[0] + 0.7151522*l[1] + 0.0721750*l[2]
	z := 0.0193339*l[0] + 0.1191920*l[1] + 0.9503041*l[2]
	fx, fy, fz := labF(x/whiteX), labF(y/whiteY), labF(z/whiteZ)
	return Lab{L: 116*fy - 16, A: 500 * (fx - fy), B: 200 * (fy - fz)}
}

// Lab returns c in CIELAB.
func (c RGB) Lab() Lab { return c.Linear().Lab() }

func labF(t float64) float64 {
	const d = 6.0 / 29
	if t > d*d*d {
		return math.Cbrt(t)
	}
	return t/(3*d*d) + 4.0/29
}

// Luminance is the relative luminance of WCAG 2: 0 for black, 1 for white.
func (c RGB) Luminance() float64 {
	l := c.Linear()
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Contrast is the WCAG 2 contrast ratio of two colours, from 1 to 21.
func Contrast(a, b RGB) float64 {
	la, lb := a.Luminance(), b.Luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Vision is a kind of colour vision.
type Vision int

const (
	Normal Vision = iota
	Protanopia
	Deuteranopia
)

// Visions lists every vision the palette check simulates.
func Visions() []Vision { return []Vision{Normal, Protanopia, Deuteranopia} }

func (v Vision) String() string {
	switch v {
	case Protanopia:
		return "protanopia"
	case Deuteranopia:
		return "deuteranopia"
	}
	return "normal vision"
}

// matrix returns the simulation matrix of v in linear sRGB, from Machado,
// Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
// Color Vision Deficiency", IEEE TVCG 15(6), 2009, table of severity 1.0.
// Each row sums to 1, so greys look the same to everyone.
func (v Vision) matrix() [3][3]float64 {
	switch v {
	case Protanopia:
		return [3][3]float64{
			{0.152286, 1.052583, -0.204868},
			{0.114503, 0.786281, 0.099216},
			{-0.003882, -0.048116, 1.051998},
		}
	case Deuteranopia:
		return [3][3]float64{
			{0.367322, 0.860646, -0.227968},
			{0.280085, 0.672501, 0.047413},
			{-0.011820, 0.042940, 0.968881},
		}
	}
	return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
}

// Simulate returns how c looks with vision v, clamped to the sRGB gamut.
func (v Vision) Simulate(c RGB) Linear {
	m, l := v.matrix(), c.Linear()
	var out Linear
	for i := range 3 {
		out[i] = min(max(m[i][0]*l[0]+m[i][1]*l[1]+m[i][2]*l[2], 0), 1)
	}
	return out
}

// Diff is the CIEDE2000 colour difference ΔE00 between two colours as seen
// with vision v.
func (v Vision) Diff(a, b RGB) float64 {
	return DeltaE2000(v.Simulate(a).Lab(), v.Simulate(b).Lab())
}

// DeltaE2000 is the CIEDE2000 colour difference, with kL = kC = kH = 1, as
// written out in Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference
// Formula: Implementation Notes, Supplementary Test Data, and Mathematical
// Observations", Color Research and Application 30(1), 2005.
func DeltaE2000(x, y Lab) float64 {
	const deg = math.Pi / 180
	c1 := math.Hypot(x.A, x.B)
	c2 := math.Hypot(y.A, y.B)
	cm := (c1 + c2) / 2
	cm7 := math.Pow(cm, 7)
	g := 0.5 * (1 - math.Sqrt(cm7/(cm7+math.Pow(25, 7))))
	a1, a2 := (1+g)*x.A, (1+g)*y.A
	c1p, c2p := math.Hypot(a1, x.B), math.Hypot(a2, y.B)
	h1p, h2p := hueDeg(a1, x.B), hueDeg(a2, y.B)

	dL := y.L - x.L
	dC := c2p - c1p
	var dh float64
	switch {
	case c1p*c2p == 0:
		dh = 0
	case math.Abs(h2p-h1p) <= 180:
		dh = h2p - h1p
	case h2p-h1p > 180:
		dh = h2p - h1p - 360
	default:
		dh = h2p - h1p + 360
	}
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh/2*deg)

	lm := (x.L + y.L) / 2
	cmp := (c1p + c2p) / 2
	var hm float64
	switch {
	case c1p*c2p == 0:
		hm = h1p + h2p
	case math.Abs(h1p-h2p) <= 180:
		hm = (h1p + h2p) / 2
	case h1p+h2p < 360:
		hm = (h1p + h2p + 360) / 2
	default:
		hm = (h1p + h2p - 360) / 2
	}
	t := 1 - 0.17*math.Cos((hm-30)*deg) + 0.24*math.Cos(2*hm*deg) +
		0.32*math.Cos((3*hm+6)*deg) - 0.20*math.Cos((4*hm-63)*deg)
	dTheta := 30 * math.Exp(-math.Pow((hm-275)/25, 2))
	cmp7 := math.Pow(cmp, 7)
	rc := 2 * math.Sqrt(cmp7/(cmp7+math.Pow(25, 7)))
	l50 := (lm - 50) * (lm - 50)
	sl := 1 + 0.015*l50/math.Sqrt(20+l50)
	sc := 1 + 0.045*cmp
	sh := 1 + 0.015*cmp*t
	rt := -math.Sin(2*dTheta*deg) * rc
	tl, tc, th := dL/sl, dC/sc, dH/sh
	return math.Sqrt(tl*tl + tc*tc + th*th + rt*tc*th)
}

// hueDeg is the hue angle of (a, b) in degrees, in [0, 360).
func hueDeg(a, b float64) float64 {
	if a == 0 && b == 0 {
		return 0
	}
	h := math.Atan2(b, a) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	return h
}

// Legible returns the ink of inks with the highest WCAG contrast on ground,
// the first of equals; ground itself when inks is empty.
func Legible(ground RGB, inks ...RGB) RGB {
	best, bestC := ground, 0.0
	for _, c := range inks {
		if r := Contrast(c, ground); r > bestC {
			best, bestC = c, r
		}
	}
	return best
}
