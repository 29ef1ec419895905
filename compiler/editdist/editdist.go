// Package editdist measures how far apart two words are, for suggesting
// the name a misspelling meant and for matching scanned text.
package editdist

import "fmt"

// Distance is the Levenshtein distance between a and b in runes, or max+1
// when it is more than max.
func Distance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return max + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			low = min(low, cur[j])
		}
		if low > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], max+1)
}

// Transposed reports whether a is b with two neighbouring letters swapped:
// the slip "Hbuba" for "Hubba", which Distance counts twice.
func Transposed(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) {
		return false
	}
	i := 0
	for i < len(ra) && ra[i] == rb[i] {
		i++
	}
	return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && string(ra[i+2:]) == string(rb[i+2:])
}

// Suggest is ` (did you mean "x"?)` for the known name at most two edits
// from a misspelt one (the closest, the first of equals), or "".
func Suggest(got string, known []string) string {
	const most = 2 // edits a suggestion may be away
	best, bestD := "", most+1
	for _, k := range known {
		if d := Distance(got, k, most); d < bestD {
			best, bestD = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
