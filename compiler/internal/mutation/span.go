package mutation

import (
	"math/rand/v2"
	"strings"
)

// The generic span edits: they name no kind of mistake, only what is done
// to a run of words, so that a checker cannot be tuned to a list of
// kinds.
const (
	// SpanDrop leaves out a run of one to five words of a sentence of
	// six words or more.
	SpanDrop Kind = "span_drop"
	// SpanRepeat writes a run of one to five words of a sentence a second
	// time, right after itself.
	SpanRepeat Kind = "span_repeat"
	// SpanSwap swaps two runs of one to three words of a sentence.
	SpanSwap Kind = "span_swap"
)

// maxSpan is the longest run a span edit takes; maxSwap, the longest run
// of a swap.
const (
	maxSpan = 5
	maxSwap = 3
)

// sentenceWords returns the words of each sentence of t, outside actions,
// for sentences with no control action (a block of a template).
func (t *text) sentenceWords() [][]span {
	var out [][]span
	for _, sent := range t.sentences() {
		if t.hasControl(sent.start, sent.end) {
			continue
		}
		var ws []span
		for _, w := range t.words() {
			if w.start >= sent.start && w.end <= sent.end {
				ws = append(ws, w)
			}
		}
		out = append(out, ws)
	}
	return out
}

// spanSites are the sentences of six words or more: each gives one span
// edit of kind, at a random place.
func spanSites(t *text, kind Kind) []site {
	var out []site
	s := t.s
	for _, ws := range t.sentenceWords() {
		if len(ws) < 6 {
			continue
		}
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			switch kind {
			case SpanDrop, SpanRepeat:
				n := 1 + r.IntN(maxSpan)
				i := r.IntN(len(ws) - n + 1)
				first, last := ws[i], ws[i+n-1]
				if t.overlapsAction(first.start, last.end) {
					return change{}, false
				}
				run := s[first.start:last.end]
				if kind == SpanRepeat {
					return change{span{last.end, last.end}, " " + run, "repeat " + quote(run)}, true
				}
				cut := span{first.start, 0}
				if i+n < len(ws) {
					cut.end = ws[i+n].start
				} else {
					cut = span{ws[i-1].end, last.end}
				}
				if t.overlapsAction(cut.start, cut.end) {
					return change{}, false
				}
				return change{cut, "", "drop " + quote(run)}, true
			}
			n1, n2 := 1+r.IntN(maxSwap), 1+r.IntN(maxSwap)
			if n1+n2+1 > len(ws) {
				return change{}, false
			}
			// A word at least between the two runs, so that the swap is
			// not of one run with the next.
			i := r.IntN(len(ws) - n1 - n2)
			lo, hi := i+n1+1, len(ws)-n2
			j := lo + r.IntN(hi-lo+1)
			a := span{ws[i].start, ws[i+n1-1].end}
			b := span{ws[j].start, ws[j+n2-1].end}
			if t.overlapsAction(a.start, b.end) {
				return change{}, false
			}
			x, y := s[a.start:a.end], s[b.start:b.end]
			if strings.EqualFold(x, y) {
				return change{}, false
			}
			return change{span{a.start, b.end}, y + s[a.end:b.start] + x, "swap " + quote(x) + " and " + quote(y)}, true
		}})
	}
	return out
}
