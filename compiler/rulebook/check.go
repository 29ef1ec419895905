package rulebook

import (
	"github.com/grimoire-games/grimoire/compiler/internal/editdist"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Thresholds of context overlap (see overlap) below which a number or a
// people is not compared: a finding needs strong evidence that the book
// and the rules speak of the same thing.
const (
	paramMin  = 2.5
	peopleMin = 2.5
	// otherMargin is how much better a place of the rules without a number
	// must fit a book's number for the number to count as one the rules do
	// not give ("keeps the other three cards").
	otherMargin = 0.5
	// numberReach is how many counted tokens around a number of the rules
	// belong to its place, and do not count as a place without number.
	numberReach = 4
)

// Check reads a rulebook against a game: component counts (G301), rule
// parameters (G302), proper names (G303) and peoples (G304). The book's
// language must be one of the game's for all but names to be checked.
func Check(g *model.Game, b *Book) diag.List {
	var d diag.List
	v, err := loadVocab()
	if err != nil {
		d.Errorf(diag.Pos{File: b.Name}, diag.RulebookConcept, "cannot read the checker's vocabulary: %v", err)
		return d
	}
	ix := newIndex(g, v, b.Lang)
	c := &checker{r: ix.read(b), ix: ix, d: &d}
	c.names()
	for _, gs := range ix.sections {
		bt, ok := c.r.section(gs.sec.ID)
		if !ok || gs.front {
			continue
		}
		c.counts(gs, bt)
		c.params(gs, bt)
		c.peoples(gs, bt)
	}
	return d.Sort()
}

// checker holds one check of a book against a game.
type checker struct {
	r  *reading
	ix *index
	d  *diag.List
}

func (c *checker) pos(t token) diag.Pos {
	return diag.Pos{File: c.r.b.Name, Line: t.line, Col: t.col}
}

// quiet reports whether a token lies on a line of OCR debris or page
// furniture, where findings would be noise.
func (r *reading) quiet(t token) bool { return r.noisy[t.line] || r.furn[t.line] }

// formatNumber formats a number for messages.
func formatNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// counts reports component counts that disagree with the data (G301): a
// number before a concept the data counts, in a section where the rules
// state that count, or after "each player".
func (c *checker) counts(gs *gameSection, bt text) {
	game := gs.run(c.ix.lang)
	stated := map[string]map[float64]bool{}
	for j, t := range game.ts {
		if t.kind != number || t.weak {
			continue
		}
		if x, _ := c.ix.quantTarget(game, j); x != "" {
			if stated[x] == nil {
				stated[x] = map[float64]bool{}
			}
			if isCount(t.src) {
				stated[x][-1] = true // the rules state this count here
			}
			stated[x][t.value] = true
		}
	}
	for i := bt.lo; i < bt.hi; i++ {
		t := bt.ts[i]
		if !t.explicit() || c.r.quiet(t) {
			continue
		}
		x, end := c.ix.quantTarget(bt, i)
		k := c.ix.concepts[x]
		if k == nil || k.count < 0 {
			continue
		}
		quote := bt.snippet(i, end)
		if c.ix.eachBefore(bt, i) && k.perPlayer >= 0 && !c.ix.afterPartitive(bt, i) {
			if t.value != float64(k.perPlayer) {
				c.d.Errorf(c.pos(t), diag.RulebookCount, "each player gets %s %s (%q); the game gives each player %d, one of each design",
					formatNumber(t.value), k.name(t.value), quote, k.perPlayer)
			}
			continue
		}
		if !stated[x][-1] {
			continue
		}
		ok := stated[x][t.value] || t.value == float64(k.count) || t.value == float64(k.designs) || t.value == float64(k.perPlayer)
		if !ok {
			c.d.Errorf(c.pos(t), diag.RulebookCount, "%s %s (%q); the game has %d", formatNumber(t.value), k.name(t.value), quote, k.count)
		}
	}
}

// quantTarget returns the concept a number counts and the end of the words
// naming it: the first concept after it ("25 géants"), over a few
// adjectives and a partitive ("one of the 3 different reference cards");
// for cards, what kind of card ("15 cartes ‘dragon’", "Karten mit
// Drachen"). It returns "" when the number counts nothing known.
func (ix *index) quantTarget(x text, i int) (string, int) {
	words, stops, part := 0, 0, false // adjectives and small words passed
	for j := i + 1; j < min(x.hi, i+reach); j++ {
		if x.ts[j-1].stop {
			break
		}
		t := x.ts[j]
		switch {
		case len(x.at[j]) > 0:
			target, end := x.at[j][0], mentionEnd(x, j)
			if target == "card" {
				if k, e := ix.cardKind(x, end); k != "" {
					return k, e
				}
			}
			return target, end
		case t.kind == punct:
			if t.text == "," {
				return "", j
			}
		case t.kind == number:
			// "1+2+3 points" counts points with each number.
			if !ix.afterPartitive(x, j) && x.ts[j-1].text != "+" {
				return "", j
			}
		case ix.lang.times[t.norm]:
			return "", j // "three times as many cards"
		case ix.lang.partitive[t.norm]:
			// Only "of the 3": "autant de cartes", "von das Ablagestapel"
			// count no cards and no pile.
			part = true
			if stops++; stops > 3 || !numberAhead(x, j) {
				return "", j
			}
		case ix.lang.stop[t.norm]:
			// "of the 3": an article after a partitive; but "two from the
			// discard pile" counts no pile.
			if stops++; !part || stops > 3 {
				return "", j
			}
		default:
			if words++; words > 2 {
				return "", j
			}
		}
	}
	return "", i + 1
}

// numberAhead reports whether a number follows token j over stopwords.
func numberAhead(x text, j int) bool {
	for k := j + 1; k < x.hi && k <= j+3; k++ {
		switch t := x.ts[k]; {
		case t.kind == number:
			return true
		case t.kind == punct || !x.lang.stop[t.norm]:
			return false
		}
	}
	return false
}

// mentionEnd returns the end of the concept named at token j.
func mentionEnd(x text, j int) int {
	c := x.at[j][0]
	for j < x.hi && len(x.at[j]) > 0 && x.at[j][0] == c {
		j++
	}
	return j
}

// cardKind returns what kind of card follows the word "card(s)" from token
// i: a concept counted in cards ("cartes ‘dragon’", "Karten mit Drachen";
// not "cartes du bar"), after at most two small words.
func (ix *index) cardKind(x text, i int) (string, int) {
	for j, n := i, 0; j < min(x.hi, i+reach) && n < 3; j++ {
		if x.ts[j].kind == punct {
			if x.ts[j].stop || x.ts[j].text == "," {
				break
			}
			continue
		}
		if len(x.at[j]) > 0 {
			if k := ix.concepts[x.at[j][0]]; k != nil && k.cards {
				return k.id, mentionEnd(x, j)
			}
			return "", 0
		}
		n++
	}
	return "", 0
}

// unitOf is quantTarget, but a number that counts nothing written after
// it counts what the number before it in its sentence counts: "one card
// from the draw pile and two from the discard pile".
func (ix *index) unitOf(x text, i int) (string, int) {
	u, end := ix.quantTarget(x, i)
	if u != "" || i+1 >= x.hi || x.ts[i].stop {
		return u, end
	}
	if next := x.ts[i+1]; next.kind != word || !ix.lang.stop[next.norm] && !ix.lang.partitive[next.norm] {
		return "", end
	}
	if i == x.lo || !ix.lang.joins[x.ts[i-1].norm] {
		return "", end // only "… and two from": a list left unfinished
	}
	lo, _ := x.sentence(i)
	for j := i - 1; j >= lo; j-- {
		if x.ts[j].kind == number {
			if u, _ := ix.quantTarget(x, j); u != "" {
				return u, i + 1
			}
		}
	}
	return "", end
}

// partitive reports whether number i is the part or the whole of a
// partitive ("1 der nächsten 2 Handlungen", "une des deux actions"),
// which translations phrase too freely to compare.
func (ix *index) partitive(x text, i int) bool {
	if ix.afterPartitive(x, i) {
		return true
	}
	for j := i + 1; j < min(x.hi, i+reach); j++ {
		if x.ts[j].kind == punct {
			if x.ts[j].stop {
				return false
			}
			continue
		}
		return ix.lang.partitive[x.ts[j].norm] && numberAhead(x, j)
	}
	return false
}

// eachBefore reports whether the sentence of token i says "each player"
// before it.
func (ix *index) eachBefore(x text, i int) bool {
	lo, _ := x.sentence(i)
	for j := lo; j < i; j++ {
		for _, p := range ix.lang.each {
			if phraseAt(x, j, i, p) {
				return true
			}
		}
	}
	return false
}

func phraseAt(x text, j, end int, p []string) bool {
	for k, w := range p {
		if j+k >= end || x.ts[j+k].norm != w {
			return false
		}
	}
	return len(p) > 0
}

// afterPartitive reports whether number i is the whole of a partitive:
// "one of the [3]", "une des [trois]", "1 der nächsten [2]".
func (ix *index) afterPartitive(x text, i int) bool {
	seen, adjective := false, false
	for j, n := i-1, 0; j >= x.lo && n < 4; j-- {
		t := x.ts[j]
		switch {
		case t.kind == punct:
			return false
		case t.kind == number:
			return seen
		case ix.lang.partitive[t.norm]:
			seen = true
		case ix.lang.stop[t.norm]:
		case !seen && !adjective:
			adjective = true
		default:
			return false
		}
		n++
	}
	return false
}

// params reports numbers that differ from the rule parameter the rules
// give at the same place (G302). The place is found by context: the book's
// number must share its unit and strong context with a number of the
// rules that comes from a parameter, and no other place of the rules may
// fit better.
func (c *checker) params(gs *gameSection, bt text) {
	game := gs.run(c.ix.lang)
	bags := make([]bag, len(game.ts))
	units := make([]map[string]bool, len(game.ts))
	near := make([]bool, len(game.ts)) // within a few words of a number
	for j := range game.ts {
		if game.counts(j) {
			bags[j] = game.context(j, j+1, true)
		}
		if game.ts[j].kind == number && !game.ts[j].weak {
			units[j] = game.unit(j, true)
			for k := max(0, j-12); k <= min(len(near)-1, j+12); k++ {
				near[k] = near[k] || game.counted(j, k, numberReach) <= numberReach
			}
		}
	}
	for i := bt.lo; i < bt.hi; i++ {
		t := bt.ts[i]
		if !t.explicit() || c.r.quiet(t) {
			continue
		}
		bb, bu := bt.context(i, i+1, true), bt.unit(i, true)
		best, bestOther, bestScore := -1, 0.0, 0.0
		for j, gb := range bags {
			if gb == nil {
				continue
			}
			s := overlap(bb, gb)
			switch gt := game.ts[j]; {
			case gt.kind == number && isParam(gt.src) && shares(bu, units[j]):
				if s > bestScore {
					best, bestScore = j, s
				}
			case gt.kind != number && !near[j]:
				bestOther = max(bestOther, s)
			}
		}
		if best < 0 || bestScore < paramMin || bestOther >= bestScore+otherMargin || game.ts[best].value == t.value {
			continue
		}
		if supported(game, bags, bb, best, t.value, bestScore) {
			continue
		}
		g := game.ts[best]
		what := formatNumber(t.value)
		if u, _ := c.ix.unitOf(bt, i); u != "" {
			what += " " + c.ix.concepts[u].name(t.value)
		}
		c.d.Errorf(c.pos(t), diag.RulebookParam, "%s (%q) where the rules have %s (%s, in %q)",
			what, bt.snippet(i, min(bt.hi, i+4)), formatNumber(g.value), paramName(g.src), game.snippet(max(0, best-2), min(game.hi, best+4)))
	}
}

// supported reports whether the rules have the book's value at a place
// that fits nearly as well as the best one, or close to it: a list, a sum,
// values given in another order ("6 … 4 points").
func supported(game text, bags []bag, bb bag, best int, v, score float64) bool {
	for j, gb := range bags {
		if gb == nil || game.ts[j].kind != number || game.ts[j].value != v {
			continue
		}
		if overlap(bb, gb) >= 0.75*score || game.counted(j, best, contextWindow) <= contextWindow {
			return true
		}
	}
	return false
}

// peoples reports a race or people the book names where the rules, at
// the same place, name another (G304): "15 nains (rouges)" where the rules
// have "15 gnomes (rouges)".
func (c *checker) peoples(gs *gameSection, bt text) {
	game := gs.run(c.ix.lang)
	bags := make([]bag, len(gs.ments))
	for k, gm := range gs.ments {
		if c.ix.v.groupOf[gm.concept] == "people" {
			bags[k] = game.context(gm.tok, gm.end, true)
		}
	}
	for _, m := range c.r.ments {
		if m.tok < bt.lo || m.tok >= bt.hi || c.r.quiet(bt.ts[m.tok]) || c.ix.v.groupOf[m.concept] != "people" {
			continue
		}
		bb := bt.context(m.tok, m.end, true)
		var best *mention
		bestScore, same := 0.0, 0.0
		for k := range gs.ments {
			gm := &gs.ments[k]
			if bags[k] == nil {
				continue
			}
			s := overlap(bb, bags[k])
			if gm.concept == m.concept {
				same = max(same, s)
			} else if s > bestScore {
				best, bestScore = gm, s
			}
		}
		if best == nil || bestScore < peopleMin || same >= 0.8*bestScore || game.names(best.tok, m.concept) {
			continue
		}
		x, y := c.ix.concepts[m.concept], c.ix.concepts[best.concept]
		c.d.Errorf(c.pos(bt.ts[m.tok]), diag.RulebookConcept, "%s (%q) where the rules name %s (%q)",
			x.other, bt.snippet(m.tok, m.end), y.other, game.snippet(best.tok, best.end))
	}
}

// names reports words that misspell a proper name of the glossary (G303):
// "Waldorf" for "Maldorf". Lines of OCR debris and running titles are
// left alone, as are words stuck together ("deHubba").
func (c *checker) names() {
	for _, t := range c.r.tokens {
		if t.kind != word || c.r.quiet(t) {
			continue
		}
		if name, ok := c.ix.misspelt(t); ok {
			c.d.Errorf(c.pos(t), diag.RulebookName, "%q misspells the proper name %q", t.text, name)
		}
	}
}

// misspelt returns the proper name a word misspells, if any.
func (ix *index) misspelt(t token) (string, bool) {
	rs := []rune(t.text)
	if len(rs) < 4 || !unicode.IsUpper(rs[0]) || ix.names[t.norm] != nil || ix.known[t.norm] {
		return "", false
	}
	for i := 1; i < len(rs); i++ {
		if !unicode.IsLetter(rs[i]) || unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
			return "", false // OCR debris, or words stuck together
		}
	}
	best, bestD := "", 3
	for _, n := range sortedNames(ix.names) {
		k := ix.names[n]
		l := len([]rune(n))
		limit := 1
		if l >= 7 {
			limit = 2
		}
		if d := editdist.Distance(t.norm, n, limit); d <= limit && d < bestD && d > 0 {
			best, bestD = k.one, d
		}
		if strings.HasSuffix(t.norm, n) && l >= 4 {
			return "", false
		}
	}
	return best, best != ""
}

func sortedNames(m map[string]*concept) []string {
	out := make([]string, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
