package text

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Calibration is how the lengths of a language pair's sentences relate:
// a translation of x characters of the source has about Ratio·x
// characters, and the log of the ratio varies by Spread + Short/x: short
// sentences vary more, long ones by a share of their length.
type Calibration struct {
	Ratio, Spread, Short float64
	Pairs                int // the sentence pairs it was measured on
	// Lexicon, when not nil, says which words translate which (Learn).
	Lexicon *Lexicon
	// Joins lets Align pair three sentences of one side with one or two
	// of the other, and weigh the blank lines inside a pair: for texts
	// whose paragraphs translators keep, as message files; without it a
	// pair joins two sentences at most, wherever they stand.
	Joins bool
}

// DefaultCalibration is used where a game has too few texts to measure
// its own: close to the figures of Gale and Church for European
// languages.
func DefaultCalibration() Calibration { return Calibration{Ratio: 1, Spread: 0.01, Short: 6.8} }

// Prior is the calibration of a language pair before a game's texts
// measure it: DefaultCalibration with the ratio of the two languages'
// usual lengths, where their files give them. Without it, a short
// sentence a translation leaves out reads as the source running long.
func Prior(a, b *Language) Calibration {
	c := DefaultCalibration()
	if a != nil && b != nil && a.Length > 0 && b.Length > 0 {
		c.Ratio = b.Length / a.Length
	}
	return c
}

// Calibrate measures a language pair on texts known to be translations of
// one another: the sentences of each pair of documents with as many
// sentences on both sides, less the outliers.
func Calibrate(pairs [][2]*Doc) Calibration {
	var xs, ys []float64
	for _, p := range pairs {
		a, b := p[0], p[1]
		if len(a.Sentences) != len(b.Sentences) {
			continue
		}
		for k := range a.Sentences {
			x, y := float64(a.Len(a.Sentences[k].Span)), float64(b.Len(b.Sentences[k].Span))
			if x >= 20 && y >= 20 {
				xs, ys = append(xs, x), append(ys, y)
			}
		}
	}
	if len(xs) < 20 {
		if len(pairs) > 0 {
			return Prior(pairs[0][0].Vocab.Lang, pairs[0][1].Vocab.Lang)
		}
		return DefaultCalibration()
	}
	keep := make([]bool, len(xs))
	for k := range keep {
		keep[k] = true
	}
	c := DefaultCalibration()
	for round := 0; round < 4; round++ {
		var sum float64
		n := 0
		for k := range xs {
			if keep[k] {
				sum += math.Log(ys[k] / xs[k])
				n++
			}
		}
		if n < 10 {
			break
		}
		mu := sum / float64(n)
		// Least squares of the squared residual on 1/x: r² ≈ Spread + Short/x.
		var su, sv, suu, suv float64
		for k := range xs {
			if keep[k] {
				r := math.Log(ys[k]/xs[k]) - mu
				u := 1 / xs[k]
				su, sv, suu, suv = su+u, sv+r*r, suu+u*u, suv+u*r*r
			}
		}
		fn := float64(n)
		den := fn*suu - su*su
		short, spread := 0.0, sv/fn
		if den > 0 {
			short = (fn*suv - su*sv) / den
			spread = (sv - short*su) / fn
		}
		c = Calibration{Ratio: math.Exp(mu), Spread: max(spread, 0.002), Short: max(short, 0.5), Pairs: n}
		for k := range xs {
			keep[k] = math.Abs(c.delta(xs[k], ys[k])) <= 3
		}
	}
	return c
}

// delta is how many standard deviations a translation's length y lies
// from what the source's length x leads to expect.
func (c Calibration) delta(x, y float64) float64 {
	x, y = max(x, 1), max(y, 1)
	return (math.Log(y/x) - math.Log(c.Ratio)) / math.Sqrt(c.Spread+c.Short/x)
}

// Delta is delta for two spans.
func (c Calibration) Delta(a *Doc, sa Span, b *Doc, sb Span) float64 {
	return c.delta(float64(a.Len(sa)), float64(b.Len(sb)))
}

// Pair is a group of source sentences aligned with a group of translated
// ones; an empty side is a sentence with no counterpart.
type Pair struct {
	A, B []int // sentence indices
}

// Costs of the alignment moves, in the spirit of Gale and Church: minus
// the log of how often translators make each move.
const (
	costOne   = 0.1 // 1–1
	costMerge = 4.0 // 2–1 and 1–2
	costSkip  = 5.0 // 1–0 and 0–1
	costTwo   = 4.5 // 2–2
	costThree = 4.5 // 3–1, 1–3, 3–2 and 2–3
)

// move is an alignment move: how many sentences of each side a pair
// takes, and what it costs besides lengths and anchors.
type move struct {
	di, dj int
	cost   float64
}

// moves returns the alignment moves; joins adds those of three
// sentences.
func moves(joins bool) []move {
	mv := []move{
		{1, 1, costOne}, {1, 0, 0}, {0, 1, 0},
		{2, 1, costMerge}, {1, 2, costMerge}, {2, 2, costTwo},
	}
	if joins {
		mv = append(mv, move{3, 1, costThree}, move{1, 3, costThree}, move{3, 2, costThree}, move{2, 3, costThree})
	}
	return mv
}

// maxRun is the most sentences of one side a pair takes.
const maxRun = 3

// costBlock is what a pair costs for each blank line inside one of its
// sides: a translator joins sentences of a paragraph, seldom paragraphs.
const costBlock = 3.0

// costItem is what a pair costs for each list item or example it takes
// in after its first sentence, and for a first sentence that opens one
// on one side only: a translation keeps its source's list items.
const costItem = 5.0

// groups holds, for a text, the length, anchors and blank lines of every
// run of up to maxRun consecutive sentences.
type groups struct {
	lens   [][maxRun]float64 // at [i][d-1]: sentences i-d … i-1
	anch   [][maxRun]anchors
	blocks [][maxRun]int
	items  [][maxRun]int // list items opened after the first sentence
	opens  []bool        // by sentence: it opens a list item
}

func groupsOf(d *Doc, an []anchors) groups {
	n := len(d.Sentences)
	g := groups{make([][maxRun]float64, n+1), make([][maxRun]anchors, n+1), make([][maxRun]int, n+1), make([][maxRun]int, n+1), make([]bool, n)}
	for i := range n {
		g.opens[i] = opensItem(d, i)
	}
	for i := 1; i <= n; i++ {
		for k := 1; k <= maxRun && k <= i; k++ {
			g.lens[i][k-1] = float64(d.Len(d.Sentences[i-1].Span))
			if k > 1 {
				g.lens[i][k-1] += g.lens[i-1][k-2] + 1
			}
			g.anch[i][k-1] = merge(an[i-k : i])
			g.blocks[i][k-1] = d.Sentences[i-1].Block - d.Sentences[i-k].Block
			if k > 1 {
				g.items[i][k-1] = g.items[i-1][k-2]
				if g.opens[i-1] {
					g.items[i][k-1]++
				}
			}
		}
	}
	return g
}

// Align aligns the sentences of a text with those of its translation: a
// dynamic programme over both sequences whose cost weighs lengths against
// the calibration and anchors (numbers, placeholders, concepts, names)
// shared or not. With c.Joins, a pair joins up to three sentences of one
// side with up to two of the other (a translator may join three
// sentences into one), seldom across a blank line.
func Align(a, b *Doc, c Calibration) []Pair {
	n, m := len(a.Sentences), len(b.Sentences)
	type cell struct {
		cost   float64
		di, dj int
	}
	dp := make([][]cell, n+1)
	for i := range dp {
		dp[i] = make([]cell, m+1)
		for j := range dp[i] {
			dp[i][j].cost = math.Inf(1)
		}
	}
	dp[0][0].cost = 0
	anchA, anchB := anchorsOf(a, namesIn(a, b)), anchorsOf(b, namesIn(b, a))
	ga, gb := groupsOf(a, anchA), groupsOf(b, anchB)
	mvs := moves(c.Joins)
	block, item := 0.0, 0.0
	if c.Joins {
		block, item = costBlock, costItem
	}
	// Where both texts have as many paragraphs, the translator kept
	// them: a pair starts and ends in the same paragraphs on both sides.
	across := c.Joins && n > 0 && m > 0 && a.Sentences[n-1].Para == b.Sentences[m-1].Para
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if i == 0 && j == 0 {
				continue
			}
			best := cell{cost: math.Inf(1)}
			for _, mv := range mvs {
				di, dj := mv.di, mv.dj
				if i < di || j < dj || math.IsInf(dp[i-di][j-dj].cost, 1) {
					continue
				}
				var cost float64
				switch {
				case di == 0 || dj == 0:
					cost = costSkip
				default:
					d := c.delta(ga.lens[i][di-1], gb.lens[j][dj-1])
					cost = mv.cost + lengthCost(d) + anchorCost(ga.anch[i][di-1], gb.anch[j][dj-1]) +
						block*float64(ga.blocks[i][di-1]+gb.blocks[j][dj-1]) +
						item*float64(ga.items[i][di-1]+gb.items[j][dj-1])
					if ga.opens[i-di] != gb.opens[j-dj] {
						cost += item
					}
					if across && (a.Sentences[i-di].Para != b.Sentences[j-dj].Para || a.Sentences[i-1].Para != b.Sentences[j-1].Para) {
						continue
					}
				}
				if cost += dp[i-di][j-dj].cost; cost < best.cost {
					best = cell{cost, di, dj}
				}
			}
			dp[i][j] = best
		}
	}
	var out []Pair
	for i, j := n, m; i > 0 || j > 0; {
		c := dp[i][j]
		p := Pair{}
		for k := i - c.di; k < i; k++ {
			p.A = append(p.A, k)
		}
		for k := j - c.dj; k < j; k++ {
			p.B = append(p.B, k)
		}
		out = append(out, p)
		i, j = i-c.di, j-c.dj
	}
	slices.Reverse(out)
	return moved(a, b, c, out, anchA, anchB)
}

// opensItem reports whether sentence k opens a list item or an example:
// its first token is a list mark at the start of its line.
func opensItem(d *Doc, k int) bool {
	t := &d.Tokens[d.Sentences[k].Lo]
	if t.Kind != Punct {
		return false
	}
	ls := strings.LastIndexByte(d.Src[:t.Off], '\n') + 1
	return strings.TrimSpace(d.Src[ls:t.Off]) == "" && item(d.Src[t.Off:])
}

// moved pairs a sentence left alone on each side when the two state the
// same things: a translation may move a sentence, or a list item, to
// another place of the text.
func moved(a, b *Doc, c Calibration, pairs []Pair, anchA, anchB []anchors) []Pair {
	var lonelyB []int
	for k, p := range pairs {
		if len(p.A) == 0 {
			lonelyB = append(lonelyB, k)
		}
	}
	if len(lonelyB) == 0 {
		return pairs
	}
	drop := map[int]bool{}
	for k := range pairs {
		p := &pairs[k]
		if len(p.B) != 0 || len(p.A) != 1 {
			continue
		}
		best, bestCost := -1, 0.0
		for _, kb := range lonelyB {
			if drop[kb] {
				continue
			}
			i, j := p.A[0], pairs[kb].B[0]
			shared, _ := overlap(anchA[i], anchB[j])
			cost := lengthCost(c.Delta(a, a.Sentences[i].Span, b, b.Sentences[j].Span)) + anchorCost(anchA[i], anchB[j])
			if shared >= 2 && cost < 0 && (best < 0 || cost < bestCost) {
				best, bestCost = kb, cost
			}
		}
		if best >= 0 {
			p.B = pairs[best].B
			drop[best] = true
		}
	}
	var out []Pair
	for k, p := range pairs {
		if !drop[k] {
			out = append(out, p)
		}
	}
	return out
}

// anchors are what a sentence states that translations keep: numbers,
// placeholders, concepts, names; sorted, each with how often it occurs,
// so that two sentences compare in one walk.
type anchors []anchor

type anchor struct {
	key string
	n   int
}

// namesIn returns, by token, the names of d that other writes the same:
// words capitalised inside a sentence, outside mentions ("Norah",
// "Citopia"), which a translation keeps as they are. Both texts must
// capitalise them so: a German noun ("Gold") is no name where English
// writes it in lower case.
func namesIn(d, other *Doc) map[int]bool {
	out := map[int]bool{}
	for i := range d.caps {
		if other.capText[d.Tokens[i].Text] {
			out[i] = true
		}
	}
	return out
}

// capitalised returns the words of d capitalised inside a sentence,
// outside mentions, of three letters or more.
func capitalised(d *Doc) map[int]bool {
	out := map[int]bool{}
	inMention := mentionTokens(d, Span{0, len(d.Tokens)})
	for k := range d.Sentences {
		s := &d.Sentences[k]
		for i := s.Lo + 1; i < s.Hi; i++ {
			t := &d.Tokens[i]
			if t.Kind != Word || inMention[i] || utf8.RuneCountInString(t.Text) < 3 || d.Vocab.Lang.Stopword(t.Norm) {
				continue
			}
			if r, _ := utf8.DecodeRuneInString(t.Text); unicode.IsUpper(r) {
				out[i] = true
			}
		}
	}
	return out
}

func anchorsOf(d *Doc, names map[int]bool) []anchors {
	out := make([]anchors, len(d.Sentences))
	for k := range d.Sentences {
		s := &d.Sentences[k]
		var keys []string
		for i := s.Lo; i < s.Hi; i++ {
			if names[i] {
				keys = append(keys, "w:"+d.Tokens[i].Text)
			}
		}
		for _, i := range s.Numbers {
			keys = append(keys, "n:"+strconv.FormatFloat(d.Tokens[i].Value, 'f', -1, 64))
		}
		for _, i := range s.Placeholders {
			keys = append(keys, "p:"+d.Tokens[i].Key)
		}
		for _, m := range s.Mentions {
			keys = append(keys, "c:"+d.Mentions[m].Concept)
		}
		out[k] = count(keys)
	}
	return out
}

// count turns keys into sorted anchors.
func count(keys []string) anchors {
	slices.Sort(keys)
	var a anchors
	for _, k := range keys {
		if n := len(a); n > 0 && a[n-1].key == k {
			a[n-1].n++
			continue
		}
		a = append(a, anchor{k, 1})
	}
	return a
}

// merge joins the anchors of consecutive sentences.
func merge(list []anchors) anchors {
	if len(list) == 1 {
		return list[0]
	}
	var keys []string
	for _, a := range list {
		for _, x := range a {
			for range x.n {
				keys = append(keys, x.key)
			}
		}
	}
	return count(keys)
}

// overlap counts the anchors two sentences share and those of one only.
func overlap(a, b anchors) (shared, only int) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || i < len(a) && a[i].key < b[j].key:
			only += a[i].n
			i++
		case i >= len(a) || b[j].key < a[i].key:
			only += b[j].n
			j++
		default:
			shared += min(a[i].n, b[j].n)
			only += max(a[i].n, b[j].n) - min(a[i].n, b[j].n)
			i, j = i+1, j+1
		}
	}
	return shared, only
}

// anchorCost is low when two sentences state the same things: each anchor
// in common lowers it, each one on one side only raises it.
func anchorCost(a, b anchors) float64 {
	shared, only := overlap(a, b)
	return 0.8*float64(only) - 0.8*float64(shared)
}

// lengthCost weighs how far a pair's lengths lie from the expected, as the
// log of a normal density; capped, so that a sentence that lost a clause
// still pairs with its source rather than counting as two unpaired ones.
func lengthCost(delta float64) float64 { return min(delta*delta/2, 6) }
