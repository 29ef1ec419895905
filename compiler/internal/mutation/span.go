package mutation

import (
	"math/rand/v2"
	"slices"
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
	// NumberMove moves a number (written out, or an action that prints
	// one) to another place of its sentence, before a word two words
	// away or more, so that it counts another thing.
	NumberMove Kind = "number_move"
)

// moveGap is the fewest words a moved number crosses: one word is "2 red
// cards" said "red 2 cards", the same.
const moveGap = 2

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

// numberMoveSites are the numbers of sentences of four words or more,
// each of which moves before another word of its sentence; a number that
// starts its sentence, or stands in a list or a sum, stays.
func numberMoveSites(t *text, m *matcher) []site {
	s := t.s
	nums := append(writtenNumbers(t, m), printedNumbers(t)...)
	var out []site
	for _, sent := range t.sentences() {
		if t.hasControl(sent.start, sent.end) {
			continue
		}
		// The sentence's words and numbers, in order.
		var toks []span
		for _, w := range t.words() {
			if sent.start <= w.start && w.end <= sent.end {
				toks = append(toks, w)
			}
		}
		for _, a := range t.actions {
			if sent.start <= a.start && a.end <= sent.end {
				toks = append(toks, a)
			}
		}
		slices.SortFunc(toks, func(x, y span) int { return x.start - y.start })
		if len(toks) < 4 {
			continue
		}
		for i, tok := range toks {
			if i == 0 || !slices.Contains(nums, tok) {
				continue
			}
			// Only a number with a space and a word on each side leaves no
			// punctuation behind.
			prev := toks[i-1]
			if s[prev.end:tok.start] != " " || slices.Contains(nums, prev) {
				continue
			}
			cut := span{prev.end, tok.end}
			if i+1 < len(toks) {
				next := toks[i+1]
				if s[tok.end:next.start] != " " || slices.Contains(nums, next) {
					continue
				}
				cut = span{tok.start, next.start}
			}
			num := s[tok.start:tok.end]
			var to []int // the words it may go before, after no number
			for k := 1; k < len(toks); k++ {
				if (k >= i+1+moveGap || k <= i-moveGap) && !slices.Contains(nums, toks[k]) && !slices.Contains(nums, toks[k-1]) && !t.overlapsAction(toks[k].start, toks[k].end) {
					to = append(to, k)
				}
			}
			if len(to) == 0 {
				continue
			}
			out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
				k := to[r.IntN(len(to))]
				at := toks[k].start
				desc := "move " + quote(num) + " before " + quote(s[toks[k].start:toks[k].end])
				if at < cut.start {
					return change{span{at, cut.end}, num + " " + s[at:cut.start], desc}, true
				}
				return change{span{cut.start, at}, s[cut.end:at] + num + " ", desc}, true
			}})
		}
	}
	return out
}
