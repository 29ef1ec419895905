package printout

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/colour"
)

func TestShortNames(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"Undead", "Dwarf", "Troll", "Elf", "Goblin", "Barbarian", "Dragon"}, []string{"U", "Dw", "T", "E", "G", "B", "Dr"}},
		{[]string{"Mort-vivant", "Nain", "Troll", "Elfe", "Gobelin", "Barbare", "Dragon"}, []string{"M", "N", "T", "E", "G", "B", "D"}},
		{[]string{"Élan", "Elan"}, []string{"É", "E"}},
		{[]string{"Sun", "sunset"}, []string{"Sun", "suns"}}, // a prefix of another stays whole
		{[]string{"Sun", "Sun"}, []string{"Sun", "Sun"}},
		{[]string{"Sea Serpent", "Sea Sprite"}, []string{"Sea Se", "Sea Sp"}},
		{[]string{"Sea Serpent", "Seal"}, []string{"Sea", "Seal"}},
		{[]string{"Moon"}, []string{"M"}},
		{nil, []string{}},
	}
	for _, tt := range tests {
		if got := shortNames(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("shortNames(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestSwatchInk checks that the letters reach WCAG's 4.5:1 on every colour
// of a 16-step cube, and pick the better of black and white.
func TestSwatchInk(t *testing.T) {
	black, white := colour.RGB{}, colour.RGB{R: 255, G: 255, B: 255}
	for r := 0; r < 256; r += 17 {
		for g := 0; g < 256; g += 17 {
			for b := 0; b < 256; b += 17 {
				c := colour.RGB{R: uint8(r), G: uint8(g), B: uint8(b)}
				ink := swatchInk(c)
				if got := colour.Contrast(ink, c); got < 4.5 {
					t.Fatalf("swatchInk(%v) = %v: contrast %.2f; want at least 4.5", c, ink, got)
				}
				if other := map[colour.RGB]colour.RGB{black: white, white: black}[ink]; colour.Contrast(other, c) > colour.Contrast(ink, c) {
					t.Fatalf("swatchInk(%v) = %v; %v contrasts more", c, ink, other)
				}
			}
		}
	}
}
