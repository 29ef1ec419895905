package editdist

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		max  int
		want int
	}{
		{"waldorf", "maldorf", 2, 1},
		{"gedle", "geole", 1, 1},
		{"maldorf", "norkobia", 2, 3},
		{"", "abc", 3, 3},
		{"géant", "geant", 1, 1},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b, tt.max); got != tt.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.max, got, tt.want)
		}
	}
}

func TestTransposed(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"hbuba", "hubba", true},
		{"hubba", "hubba", false},
		{"hubab", "hubba", true},
		{"hbbua", "hubba", false},
		{"hub", "hubba", false},
	}
	for _, tt := range tests {
		if got := Transposed(tt.a, tt.b); got != tt.want {
			t.Errorf("Transposed(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
