package colour

import (
	"math"
	"testing"
)

// TestDeltaE2000 runs the 34 pairs of Sharma, Wu and Dalal (2005), table 1:
// the set that catches a wrong mean hue across 0°, a wrong rotation term or
// a hue difference taken the long way round.
func TestDeltaE2000(t *testing.T) {
	tests := []struct {
		a, b Lab
		want float64
	}{
		{Lab{50, 2.6772, -79.7751}, Lab{50, 0, -82.7485}, 2.0425},
		{Lab{50, 3.1571, -77.2803}, Lab{50, 0, -82.7485}, 2.8615},
		{Lab{50, 2.8361, -74.0200}, Lab{50, 0, -82.7485}, 3.4412},
		{Lab{50, -1.3802, -84.2814}, Lab{50, 0, -82.7485}, 1.0000},
		{Lab{50, -1.1848, -84.8006}, Lab{50, 0, -82.7485}, 1.0000},
		{Lab{50, -0.9009, -85.5211}, Lab{50, 0, -82.7485}, 1.0000},
		{Lab{50, 0, 0}, Lab{50, -1, 2}, 2.3669},
		{Lab{50, -1, 2}, Lab{50, 0, 0}, 2.3669},
		{Lab{50, 2.49, -0.001}, Lab{50, -2.49, 0.0009}, 7.1792},
		{Lab{50, 2.49, -0.001}, Lab{50, -2.49, 0.0010}, 7.1792},
		{Lab{50, 2.49, -0.001}, Lab{50, -2.49, 0.0011}, 7.2195},
		{Lab{50, 2.49, -0.001}, Lab{50, -2.49, 0.0012}, 7.2195},
		{Lab{50, -0.001, 2.49}, Lab{50, 0.0009, -2.49}, 4.8045},
		{Lab{50, -0.001, 2.49}, Lab{50, 0.0010, -2.49}, 4.8045},
		{Lab{50, -0.001, 2.49}, Lab{50, 0.0011, -2.49}, 4.7461},
		{Lab{50, 2.5, 0}, Lab{50, 0, -2.5}, 4.3065},
		{Lab{50, 2.5, 0}, Lab{73, 25, -18}, 27.1492},
		{Lab{50, 2.5, 0}, Lab{61, -5, 29}, 22.8977},
		{Lab{50, 2.5, 0}, Lab{56, -27, -3}, 31.9030},
		{Lab{50, 2.5, 0}, Lab{58, 24, 15}, 19.4535},
		{Lab{50, 2.5, 0}, Lab{50, 3.1736, 0.5854}, 1.0000},
		{Lab{50, 2.5, 0}, Lab{50, 3.2972, 0}, 1.0000},
		{Lab{50, 2.5, 0}, Lab{50, 1.8634, 0.5757}, 1.0000},
		{Lab{50, 2.5, 0}, Lab{50, 3.2592, 0.3350}, 1.0000},
		{Lab{60.2574, -34.0099, 36.2677}, Lab{60.4626, -34.1751, 39.4387}, 1.2644},
		{Lab{63.0109, -31.0961, -5.8663}, Lab{62.8187, -29.7946, -4.0864}, 1.2630},
		{Lab{61.2901, 3.7196, -5.3901}, Lab{61.4292, 2.2480, -4.9620}, 1.8731},
		{Lab{35.0831, -44.1164, 3.7933}, Lab{35.0232, -40.0716, 1.5901}, 1.8645},
		{Lab{22.7233, 20.0904, -46.6940}, Lab{23.0331, 14.9730, -42.5619}, 2.0373},
		{Lab{36.4612, 47.8580, 18.3852}, Lab{36.2715, 50.5065, 21.2231}, 1.4146},
		{Lab{90.8027, -2.0831, 1.4410}, Lab{91.1528, -1.6435, 0.0447}, 1.4441},
		{Lab{90.9257, -0.5406, -0.9208}, Lab{88.6381, -0.8985, -0.7239}, 1.5381},
		{Lab{6.7747, -0.2908, -2.4247}, Lab{5.8714, -0.0985, -2.2286}, 0.6377},
		{Lab{2.0776, 0.0795, -1.1350}, Lab{0.9033, -0.0636, -0.5514}, 0.9082},
	}
	for i, tt := range tests {
		for _, swap := range []bool{false, true} {
			a, b := tt.a, tt.b
			if swap {
				a, b = b, a
			}
			if got := DeltaE2000(a, b); math.Abs(got-tt.want) > 5e-5 {
				t.Errorf("pair %d (swapped %v): DeltaE2000(%v, %v) = %.4f; want %.4f", i+1, swap, a, b, got, tt.want)
			}
		}
	}
}

func TestLab(t *testing.T) {
	tests := []struct {
		in   string
		want Lab
	}{
		{"#ffffff", Lab{100, 0, 0}},
		{"#000000", Lab{0, 0, 0}},
		{"#808080", Lab{53.585, 0, 0}},
		{"#ff0000", Lab{53.2408, 80.0925, 67.2032}},
		{"#00ff00", Lab{87.7347, -86.1827, 83.1793}},
		{"#0000ff", Lab{32.2970, 79.1875, -107.8602}},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		got := c.Lab()
		if math.Abs(got.L-tt.want.L) > 0.01 || math.Abs(got.A-tt.want.A) > 0.01 || math.Abs(got.B-tt.want.B) > 0.01 {
			t.Errorf("%s.Lab() = %+v; want %+v", tt.in, got, tt.want)
		}
	}
}

// TestSimulate checks Machado et al.'s matrices at points known from
// outside: greys do not change, and red and green, which a dichromat of
// either kind confuses, come out far closer than they went in.
func TestSimulate(t *testing.T) {
	red, green := RGB{0xd0, 0x30, 0x30}, RGB{0x50, 0x90, 0x30}
	for _, v := range []Vision{Protanopia, Deuteranopia} {
		for _, g := range []uint8{0, 0x40, 0x80, 0xc0, 0xff} {
			grey := RGB{g, g, g}
			if got := v.Simulate(grey).RGB(); got != grey {
				t.Errorf("%v.Simulate(%v) = %v; want it unchanged", v, grey, got)
			}
		}
		if n, s := Normal.Diff(red, green), v.Diff(red, green); s > n/3 {
			t.Errorf("%v: red–green ΔE00 %.1f simulated, %.1f normal; want under a third", v, s, n)
		}
	}
	// Blue and yellow stay apart for both: their axis is the one a red–green
	// dichromat keeps.
	blue, yellow := RGB{0x2f, 0x5f, 0xb3}, RGB{0xe3, 0xc5, 0x05}
	for _, v := range Visions() {
		if d := v.Diff(blue, yellow); d < 40 {
			t.Errorf("%v: blue–yellow ΔE00 = %.1f; want at least 40", v, d)
		}
	}
	// Machado's protanopia of pure red, worked by hand from the matrix:
	// linear (0.152286, 0.114503, 0) in sRGB.
	want := Linear{0.152286, 0.114503, 0}.RGB()
	if got := Protanopia.Simulate(RGB{255, 0, 0}).RGB(); got != want {
		t.Errorf("Protanopia.Simulate(red) = %v; want %v", got, want)
	}
}

func TestContrast(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#777777", "#ffffff", 4.48}, // WCAG's well-known just-failing grey
		{"#767676", "#ffffff", 4.54},
	}
	for _, tt := range tests {
		a, _ := Parse(tt.a)
		b, _ := Parse(tt.b)
		if got := Contrast(a, b); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("Contrast(%s, %s) = %.3f; want %.2f", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestLegible(t *testing.T) {
	black, white := RGB{}, RGB{255, 255, 255}
	tests := []struct {
		ground string
		want   RGB
	}{
		{"#ffffff", black},
		{"#e3c505", black},
		{"#2f5fb3", white},
		{"#7b3fa0", white},
		{"#8c8c8c", black},
	}
	for _, tt := range tests {
		g, _ := Parse(tt.ground)
		if got := Legible(g, black, white); got != tt.want {
			t.Errorf("Legible(%s) = %v; want %v", tt.ground, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"", "#12345", "123456", "#12345g", "#1234567"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	if c, err := Parse("#2E6b2e"); err != nil || c != (RGB{0x2e, 0x6b, 0x2e}) || c.String() != "#2e6b2e" {
		t.Errorf("Parse(#2E6b2e) = %v, %v", c, err)
	}
}
