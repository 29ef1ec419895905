package rulebook

import "testing"

// TestNumberMark finds the mark a number carries, in a table's cell or in
// the text, and no sign of numbers or debris.
func TestNumberMark(t *testing.T) {
	tests := []struct {
		line string
		want rune
	}{
		{"4 †", '†'},
		{"wählt der Angreifer 3† oder 4† Fußsoldaten", '†'},
		{"Mit 4 † Schilden", 0}, // a space apart is a cell's only
		{"7 – 9", 0},
		{"2½", 0},
		{"‘ 12", 0}, // OCR debris before the number
		{"3 points", 0},
	}
	for _, tt := range tests {
		if got := numberMark(tt.line); got != tt.want {
			t.Errorf("numberMark(%q) = %q; want %q", tt.line, got, tt.want)
		}
	}
}
