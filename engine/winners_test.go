package engine_test

import (
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func TestWinners(t *testing.T) {
	tests := []struct {
		returns []float64
		want    []int
	}{
		{nil, nil},
		{[]float64{3}, []int{0}},
		{[]float64{1, 5, 2}, []int{1}},
		{[]float64{5, 1, 5, 5}, []int{0, 2, 3}},
		{[]float64{0, 0}, []int{0, 1}},
	}
	for _, tt := range tests {
		if got := engine.Winners(tt.returns); !slices.Equal(got, tt.want) {
			t.Errorf("Winners(%v) = %v; want %v", tt.returns, got, tt.want)
		}
	}
}
