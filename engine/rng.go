package engine

import (
	"math/bits"
	"math/rand/v2"
)

// RNG is a seeded random number generator a state owns. It is a value:
// copying it (as Clone does) gives an independent generator in the same
// position, so clones and replays draw the same numbers.
type RNG struct {
	pcg rand.PCG
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Uint64 returns a uniformly random number.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniformly random number in [0, n); n must be positive.
// It is Lemire's multiply-and-reject method, as in math/rand/v2, without
// the allocation of a rand.Rand.
func (r *RNG) IntN(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), un)
		}
	}
	return int(hi)
}

// Shuffle puts n elements in random order, swapping them with swap.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// ShuffleSlice puts the elements of s in random order: the order Shuffle
// gives, drawing the same numbers, without a call per swap.
func ShuffleSlice[T any](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// Seed derives the seed of game i of a run from the run's seed, so that
// every game of a run is the same whichever worker plays it.
func Seed(run uint64, i int) uint64 {
	// SplitMix64 of the pair.
	z := run + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
