package rulebook

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// reading is a book read against a game in the book's language: its
// tokens, the concepts it names, and where each section of the rules lies.
type reading struct {
	b      *Book
	ix     *index
	tokens []token
	ments  []mention
	at     [][]string // concepts named at each token
	spans  map[string]span
	placed []placed
	noisy  map[int]bool // lines of OCR debris, tables and figure labels
	furn   map[int]bool // lines of page furniture (running titles)
	heads  map[int]bool // lines where a section is placed at a heading
	short  map[int]int  // lines of a page shorter than most, by how many lines: it lost lines
	rows   map[int]int  // lines of a page, how many lines more than most it holds
	width  int          // the length of the book's longest line of prose
	tail   map[int]bool // lines of a page whose text ends higher than most: it lost its last lines
	// headed is whether the book prints the rules' numbered headings: a
	// numbered section it has no heading for lost its heading.
	headed bool
}

// span is the tokens [lo, hi) of a section in a book.
type span struct{ lo, hi int }

// placed is where a section of the rules starts in a book: at a heading,
// or where the book's text matches the start of the section's text.
type placed struct {
	id        string
	line, col int
	heading   bool
	title     string // the heading as written, or the words found
}

func (ix *index) read(b *Book) *reading {
	r := &reading{b: b, ix: ix, spans: map[string]span{}}
	r.tokens = tokenize(ix.lang, b.lines)
	r.ments, r.at = ix.mentions(r.tokens)
	r.noisy, r.furn = ix.debris(b, r.tokens)
	r.placed, r.headed = ix.layout(b, r.tokens, func(line int) bool {
		i := line - 1
		return i < 1 || r.void(i-1) || b.PageStart[i]
	})
	r.heads = map[int]bool{}
	r.short = shortPages(b)
	r.rows = pageMeasures(b, func(lo, hi int) int { return hi - lo })
	r.width = proseWidth(b, r.furn)
	r.tail = lostTails(b, r.furn)
	for i, p := range r.placed {
		r.heads[p.line] = r.heads[p.line] || p.heading
		lo := firstToken(r.tokens, p.line, p.col)
		hi := len(r.tokens)
		if i+1 < len(r.placed) {
			hi = firstToken(r.tokens, r.placed[i+1].line, r.placed[i+1].col)
		}
		r.spans[p.id] = span{lo, hi}
	}
	return r
}

// firstToken returns the index of the first token at or after a position.
func firstToken(ts []token, line, col int) int {
	i, _ := slices.BinarySearchFunc(ts, [2]int{line, col}, func(t token, p [2]int) int {
		if t.line != p[0] {
			return t.line - p[0]
		}
		return t.col - p[1]
	})
	return i
}

// candidate is a line that may start a section.
type candidate struct {
	Section
	caps  bool
	words []string // the title's words, folded
	// misnumbered is a line numbered as a heading whose number does not
	// follow the book's numbering: more likely a heading than a line of
	// text that reads like a title. item is a list item: less likely
	// one.
	misnumbered, item bool
}

// layout places the sections of the rules in a book: headings are matched
// to sections in order by number and title (dynamic programming over both
// sequences), then each section left over is looked for by its opening
// words between its neighbours. It reports whether the book prints the
// numbered headings: then a numbered section it has no heading for is
// placed by its opening words only on a line for which parted returns
// true, one that starts a paragraph or a page, since the opening words of a
// section that lost its heading are as often a later sentence's.
func (ix *index) layout(b *Book, ts []token, parted func(line int) bool) ([]placed, bool) {
	cands := ix.candidates(b)
	secs := ix.sections
	n, m := len(cands), len(secs)
	score := make([][]float64, n+1)
	for i := range score {
		score[i] = make([]float64, m+1)
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			best := max(score[i-1][j], score[i][j-1])
			if s := ix.headingScore(cands[i-1], secs[j-1]); s > 0 {
				best = max(best, score[i-1][j-1]+s)
			}
			score[i][j] = best
		}
	}
	found := make([]*placed, m)
	for i, j := n, m; i > 0 && j > 0; {
		switch {
		case score[i][j] == score[i-1][j]:
			i--
		case score[i][j] == score[i][j-1]:
			j--
		default:
			c := cands[i-1]
			found[j-1] = &placed{id: secs[j-1].sec.ID, line: c.Line, col: c.Col, heading: true, title: c.Title}
			i--
			j--
		}
	}
	numbered, headed := 0, 0
	for j, s := range secs {
		if s.sec.Number != "" {
			numbered++
			if found[j] != nil {
				headed++
			}
		}
	}
	printsHeadings := numbered >= minHeadings && float64(headed) >= headedShare*float64(numbered)
	ix.anchor(b, ts, found, printsHeadings, parted)
	var out []placed
	for _, p := range found {
		if p != nil {
			out = append(out, *p)
		}
	}
	slices.SortFunc(out, func(a, b placed) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return a.col - b.col
	})
	return out, printsHeadings
}

// A book that has headings for headedShare of the rules' numbered
// sections, and for minHeadings at least, prints them all.
const (
	headedShare = 0.75
	minHeadings = 4
)

// candidates returns the book's headings and the short lines that read
// like a title of the rules ("Purpose of the game", "Final scoring").
func (ix *index) candidates(b *Book) []candidate {
	var out []candidate
	heads := map[int]bool{}
	for _, s := range b.Sections {
		heads[s.Line] = true
	}
	k := 0
	for i, l := range b.lines {
		for k < len(b.Sections) && b.Sections[k].Line == i+1 {
			out = append(out, candidate{Section: b.Sections[k], caps: b.Sections[k].Number == "", words: titleWords(b.Sections[k].Title)})
			k++
		}
		if heads[i+1] {
			continue
		}
		t := cleanTitle(strings.TrimSpace(l.text))
		words := strings.Fields(t)
		// A title starts with a capital; a line in lower case that reads
		// like one is an item of a list of the steps the headings name.
		if first, _ := utf8.DecodeRuneInString(t); len(words) == 0 || len(words) > 8 || len([]rune(t)) > 60 || unicode.IsLower(first) {
			continue
		}
		// A line that ends a sentence the line before left open ("… (see"
		// then "“Powers and skills”).") quotes a title; it is none. Nor
		// is one whose sentence the next line goes on with in lower case
		// ("Ces cartes" then "forment votre main").
		if strings.ContainsAny(lastRune(l.text), ".!?;)") && leftOpen(b, i) || leftOpen(b, i+1) && lowerBelow(b, i) {
			continue
		}
		tw := titleWords(t)
		n := len(strings.Join(tw, ""))
		for _, s := range ix.sections {
			// Titles of very different lengths are not alike: skip the
			// comparison.
			if m := len(strings.Join(s.words, "")); n > 2*m || m > 2*n {
				continue
			}
			// A line that says more than a title and leads in what
			// follows with a colon ("Un nouveau jour commence :") is a
			// sentence.
			if len(tw) > len(s.words) && strings.HasSuffix(strings.TrimSpace(l.text), ":") {
				continue
			}
			if titleSim(tw, s.words) >= 0.7 {
				trimmed := strings.TrimSpace(l.text)
				m := numbered.FindStringSubmatch(trimmed)
				if m == nil {
					m = undotted.FindStringSubmatch(trimmed)
				}
				out = append(out, candidate{Section: Section{Line: i + 1, Col: b.lineStart(i + 1).Col, Title: t}, words: tw,
					misnumbered: m != nil && titleLike(m[2]), item: bullet(l.text)})
				break
			}
		}
	}
	return out
}

// leftOpen reports whether line i (0-based) of a book goes on with a
// sentence the line before it left open: that line, on the same page,
// ends with a letter, a comma or an opening bracket.
func leftOpen(b *Book, i int) bool {
	if i == 0 || i >= len(b.lines) || i < len(b.PageStart) && b.PageStart[i] || b.lines[i-1].heading {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(b.lines[i-1].text))
	return unicode.IsLetter(r) || r == ',' || r == '('
}

// lowerBelow reports whether the line after line i (0-based) of a book,
// on the same page, starts in lower case: it goes on with a sentence.
func lowerBelow(b *Book, i int) bool {
	return i+1 < len(b.lines) && !b.PageStart[i+1] && lowerStart(b.lines[i+1].text)
}

// headingScore says how well a candidate heading fits a section: its
// title, its number, its typography. Only a positive score is a match.
func (ix *index) headingScore(c candidate, s *gameSection) float64 {
	sim := titleSim(c.words, s.words)
	sc := 3*sim - 1.5
	switch {
	case c.item && c.Number == "" && s.sec.Number != "":
		// An item of a list that names the steps is no heading of a
		// numbered section, however alike their words: the list
		// repeats the titles of the headings that follow.
		sc -= 1.5
	case c.item:
		sc -= 0.5
	}
	switch {
	case c.Number != "" && c.Number == s.sec.Number:
		sc += 2.5
	case c.Number != "" && s.sec.Number != "" && sim >= headingSim:
		// A section's very title, numbered otherwise: that section,
		// whose number the headings check reports.
		sc--
	case c.Number != "" && s.sec.Number != "":
		sc -= 3
	case c.Number != "":
		sc--
	case c.caps && s.sec.Number == "":
		sc += 0.9
	case c.misnumbered && s.sec.Number != "":
		sc += 0.5
	}
	return sc
}

// titleSim compares two titles, as titleWords gives them, from 0 to 1:
// the better of the share of words in common (one letter may differ, for
// OCR) and the likeness of their letters.
func titleSim(wa, wb []string) float64 {
	if len(wa) == 0 || len(wb) == 0 {
		return 0
	}
	common := 0
	used := make([]bool, len(wb))
	for _, x := range wa {
		for j, y := range wb {
			if !used[j] && editdist.Distance(x, y, max(1, len([]rune(y))/5)) <= max(1, len([]rune(y))/5) {
				used[j] = true
				common++
				break
			}
		}
	}
	words := 2 * float64(common) / float64(len(wa)+len(wb))
	la, lb := strings.Join(wa, ""), strings.Join(wb, "")
	long := max(len([]rune(la)), len([]rune(lb)))
	// Below one half, likeness of letters matters to no caller.
	chars := 1 - float64(min(editdist.Distance(la, lb, long/2), long))/float64(long)
	return max(words, chars)
}

// titleWords returns the folded words of a title of more than two letters.
func titleWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(fold(s), notLetter) {
		if len([]rune(w)) > 2 {
			out = append(out, w)
		}
	}
	return out
}

// anchor places the sections no heading announced (a prologue, "A new
// day") where the book's words match the opening words of the section's
// text, between the sections placed before and after it.
func (ix *index) anchor(b *Book, ts []token, found []*placed, headed bool, parted func(line int) bool) {
	starts := map[int][]string{} // opening words of each line, as needed
	for j, p := range found {
		if p != nil {
			continue
		}
		var para func(int) bool
		if headed && ix.sections[j].sec.Number != "" {
			para = parted
		}
		lo, hi := 1, len(b.lines)+1
		for k := j - 1; k >= 0; k-- {
			if found[k] != nil {
				lo = found[k].line + 1
				// A section at a heading, with text of its own, has its
				// first line: the next cannot start there, though the
				// words of both may be alike ("Pouvoir : prenez une
				// carte …", "Pouvoir : placez … une carte").
				if found[k].heading && titleEnd(ix.sections[k].tokens) < len(ix.sections[k].tokens) {
					lo++
				}
				break
			}
		}
		for k := j + 1; k < len(found); k++ {
			if found[k] != nil {
				hi = found[k].line
				break
			}
		}
		var before *gameSection
		if j > 0 {
			before = ix.sections[j-1]
		}
		found[j] = ix.opening(ts, ix.sections[j], before, lo, hi, starts, para)
	}
}

// openingWords is how many content words of a section's text are looked
// for, and openingMatch how many of them must be found.
const (
	openingWords = 12
	openingMatch = 5
)

// opening finds the line in [lo, hi) whose first words best match the
// first words of a section's text, or nil. Words found late in the window
// count for less, so that the line where the match starts wins. starts
// caches the first words of lines. A non-nil para says which lines may
// start the section. before is the section before it in the rules, or
// nil.
func (ix *index) opening(ts []token, s, before *gameSection, lo, hi int, starts map[int][]string, para func(line int) bool) *placed {
	want := ix.stemList(s.tokens, titleEnd(s.tokens), len(s.tokens), openingWords)
	if len(want) < openingMatch {
		return nil
	}
	var best *placed
	bestScore := 0.0
	for i := firstToken(ts, lo, 0); i < len(ts) && ts[i].line < hi; i++ {
		// Only lines that start with a word, after a list's mark if any
		// (a section may open with a list), or with a number that counts
		// words after it ("Une fois", "84 Kriegerkarten"), not a table's
		// cell.
		if ts[i].kind == punct || !lineOpens(ts, i) || ts[i].kind == number && !counts(ts, i) {
			continue
		}
		if para != nil && !para(ts[i].line) {
			continue
		}
		if before != nil && ix.sentenceOf(ts, i, before) {
			continue
		}
		got, ok := starts[i]
		if !ok {
			got = ix.stemList(ts, i, i+reach, openingWords)
			starts[i] = got
		}
		// The words in the same order: a line that starts the section
		// has them in its order, one that repeats its words or names
		// them otherwise ("A new auction" for "after each auction, a new
		// day") fewer.
		n, first := inOrder(got, want), slices.IndexFunc(got, func(w string) bool { return slices.Contains(want, w) })
		if score := float64(n) - 0.25*float64(first); n >= openingMatch && score > bestScore {
			bestScore = score
			best = &placed{id: s.sec.ID, line: ts[i].line, col: ts[i].col, title: ts[i].text}
		}
	}
	// A line found where the book has the section's later words before
	// it, in their order, repeats the section's opening further on: the
	// book lost the opening itself ("If a dragon loses a comparison of
	// dice", in the last paragraph of a section whose first sentence
	// says "when a dragon loses a comparison of dice"). Words the section
	// before uses too tell nothing: sections alike ("POWER: … SKILL: …")
	// share them.
	if best != nil {
		body := ix.stemList(s.tokens, titleEnd(s.tokens), len(s.tokens), openingWords+bodyWords)
		if len(body) > openingWords {
			var shared []string
			if before != nil {
				shared = ix.stemList(before.tokens, 0, len(before.tokens), len(before.tokens))
			}
			rest := slices.DeleteFunc(slices.Clone(body[openingWords:]), func(w string) bool { return slices.Contains(shared, w) })
			ahead := ix.stemList(ts, firstToken(ts, lo, 0), firstToken(ts, best.line, best.col), 2*(openingWords+bodyWords))
			if n := inOrder(ahead, rest); n >= bodyMatch && 3*n >= len(rest) {
				return nil
			}
		}
	}
	return best
}

// sentenceOf reports whether the sentence of the book's tokens ts that
// starts at token i is one of section gs's, word for word: it goes on
// that section, and the section after it does not open there, though
// its words may open alike ("At the end of the current round, all
// surviving wizards are discarded." before "At the end of the last
// round", the next section's opening, which a book left out).
func (ix *index) sentenceOf(ts []token, i int, gs *gameSection) bool {
	j := i
	for j < len(ts) && !ts[j].stop && ts[j].line-ts[i].line < 3 {
		j++
	}
	if j == len(ts) || !ts[j].stop {
		return false
	}
	seq := func(ts []token, i, j int) []string {
		var out []string
		for ; i < j; i++ {
			if ts[i].kind == word && ix.lang.Content(ts[i].norm) {
				out = append(out, text.Stem(ts[i].norm))
			}
		}
		return out
	}
	sent := seq(ts, i, j+1)
	if len(sent) < openingMatch {
		return false
	}
	all := seq(gs.tokens, 0, len(gs.tokens))
	for k := 0; k+len(sent) <= len(all); k++ {
		if slices.Equal(all[k:k+len(sent)], sent) {
			return true
		}
	}
	return false
}

// bodyWords is how many content words of a section's text after its
// opening words are looked for ahead of the line found to open it, and
// bodyMatch how many of them, in order, tell that the section started
// before.
const (
	bodyWords = 30
	bodyMatch = 8
)

// counts reports whether number token i is written in letters or goes
// on, on its line, with a word.
func counts(ts []token, i int) bool {
	if r, _ := utf8.DecodeRuneInString(ts[i].text); unicode.IsLetter(r) {
		return true
	}
	return i+1 < len(ts) && ts[i+1].line == ts[i].line && ts[i+1].kind == word
}

// lineOpens reports whether token i is the first of its line but for a
// list's mark.
func lineOpens(ts []token, i int) bool {
	for j := i - 1; j >= 0 && ts[j].line == ts[i].line; j-- {
		if ts[j].kind != punct || !strings.Contains(bullets+"·>", ts[j].text) {
			return false
		}
	}
	return true
}

// titleEnd returns the index of the first token after a section's title.
func titleEnd(ts []token) int {
	if len(ts) == 0 {
		return 0
	}
	for i, t := range ts {
		if t.line != ts[0].line {
			return i
		}
	}
	return len(ts)
}

// stemList returns the first n stems of content words among tokens
// [i, end), in order, each once: a sentence that repeats its words ("3
// cards from the draw pile … a card from the draw pile") matches as many
// of a section's first words as the lines after it.
func (ix *index) stemList(ts []token, i, end, n int) []string {
	var out []string
	for end = min(len(ts), end); i < end && len(out) < n; i++ {
		if ts[i].kind == word && ix.lang.Content(ts[i].norm) {
			if s := text.Stem(ts[i].norm); !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// inOrder returns the length of the longest list of words that a and b
// both have in that order.
func inOrder(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// debris finds the lines of OCR debris (mostly stray letters and symbols)
// and of page furniture (running titles such as "Warlock: la malédiction
// de Maldorf", however the scan garbled them, and the game's notes at a
// page's foot).
func (ix *index) debris(b *Book, ts []token) (noisy, furn map[int]bool) {
	noisy, furn = map[int]bool{}, map[int]bool{}
	total, junk := map[int]int{}, map[int]int{}
	for _, t := range ts {
		total[t.line]++
		if ix.junk(t) {
			junk[t.line]++
		}
	}
	for line, n := range total {
		if n >= 2 && junk[line]*5 >= n*2 {
			noisy[line] = true
		}
	}
	for line := range labels(b) {
		noisy[line] = true
	}
	for i, l := range b.lines {
		s := letters(fold(l.text))
		if _, ok := ix.notes[s]; ok {
			furn[i+1] = true
			continue
		}
		if ix.nearNote(s) != "" {
			furn[i+1] = true
			continue
		}
		for _, title := range ix.titles {
			// A list item is text, though it names the game ("• la dame
			// de pique : 13 points", in Dame de pique).
			if s == "" || len(s) > 2*len(title) || bullet(l.text) {
				continue
			}
			long := max(len([]rune(s)), len([]rune(title)))
			if 1-float64(editdist.Distance(s, title, long))/float64(long) >= 0.55 {
				furn[i+1] = true
			}
		}
	}
	return noisy, furn
}

// nearNote returns the game's note that the folded letters of a line
// render with a few letters changed ("n'est pas" made "est"), or "".
func (ix *index) nearNote(s string) string {
	if s == "" {
		return ""
	}
	for k, note := range ix.notes {
		long := max(len([]rune(s)), len([]rune(k)))
		if k != s && 1-float64(editdist.Distance(s, k, long))/float64(long) >= noteSim {
			return note
		}
	}
	return ""
}

// noteSim is how alike a line must be to a note to be read as it.
const noteSim = 0.75

// junk reports whether a token looks like OCR debris: a stray letter or
// symbol, or a word with a capital inside ("MafSorf").
func (ix *index) junk(t token) bool {
	switch t.kind {
	case punct:
		return !strings.Contains(".,;:!?()'\"«»‘’“”„–—-•/=+", t.text)
	case number:
		return t.skip
	}
	rs := []rune(t.text)
	if len(rs) <= 2 {
		return !ix.lang.Stopword(t.norm) && !ix.known[t.norm]
	}
	for i, r := range rs[1:] {
		if unicode.IsUpper(r) && unicode.IsLower(rs[i]) {
			return true
		}
	}
	return false
}

// labels returns the lines of tables and figures: rows with cells split by
// bars or tabs, and short lines between short lines ("Castle", "Giants",
// "6" in a scanned table), where words have no sentence around them.
func labels(b *Book) map[int]bool {
	out := map[int]bool{}
	short := func(s string) bool {
		return len(strings.Fields(s)) <= 3 && !strings.ContainsAny(s, ".,;:!?")
	}
	nexts := make([]int, len(b.lines)) // the next line with text, or -1
	for i, next := len(b.lines)-1, -1; i >= 0; i-- {
		nexts[i] = next
		if strings.TrimSpace(b.lines[i].text) != "" {
			next = i
		}
	}
	prev := -1 // the last line with text
	for i, l := range b.lines {
		if strings.Count(l.text, "|") >= 2 || strings.Count(l.text, "\t") >= 2 {
			out[i+1] = true
		}
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		next := nexts[i]
		if short(l.text) && prev >= 0 && short(b.lines[prev].text) && next >= 0 && short(b.lines[next].text) {
			out[i+1] = true
		}
		prev = i
	}
	return out
}

// shortPages returns the lines of the pages of a book that hold fewer
// lines than most of its pages, its first and last aside, and by how
// many: a converted PDF sets as many lines on every full page, blank ones
// included, so a page that lost lines is short.
func shortPages(b *Book) map[int]int {
	out := map[int]int{}
	for line, n := range pageMeasures(b, func(lo, hi int) int { return hi - lo }) {
		if n < -shortBy {
			out[line] = -n
		}
	}
	return out
}

// lostTails returns the lines of the pages of a book whose text ends
// more blank lines above the page's end than on most of its pages, its
// first and last aside: a converted PDF pads every page to its foot, so
// a page whose last lines were left out ends higher. Page furniture
// (furn, lines from 1) counts as blank.
func lostTails(b *Book, furn map[int]bool) map[int]bool {
	blankTail := func(lo, hi int) int {
		n := 0
		for i := hi - 1; i >= lo && (strings.TrimSpace(b.lines[i].text) == "" || furn[i+1]); i-- {
			n++
		}
		return n
	}
	out := map[int]bool{}
	for line, n := range pageMeasures(b, blankTail) {
		if n > 0 {
			out[line] = true
		}
	}
	return out
}

// pageMeasures returns, for the lines (from 1) of the full pages of a
// book, all but the first and the last, how far their page's measure of
// lines [lo, hi) lies above the median of those pages' measures.
func pageMeasures(b *Book, measure func(lo, hi int) int) map[int]int {
	var starts []int
	for i, ps := range b.PageStart {
		if ps {
			starts = append(starts, i)
		}
	}
	if len(starts) < 3 {
		return nil
	}
	ns := make([]int, len(starts)-1)
	for k := range ns {
		ns[k] = measure(starts[k], starts[k+1])
	}
	sorted := slices.Clone(ns)
	slices.Sort(sorted)
	median := sorted[len(sorted)/2]
	out := map[int]int{}
	for k, n := range ns {
		for i := starts[k]; i < starts[k+1]; i++ {
			out[i+1] = n - median
		}
	}
	return out
}

// shortBy is how many lines fewer than most a page must hold to be
// short: full pages differ by a few lines with what they hold.
const shortBy = 1

// proseWidth returns the length, in runes from the line's start, of the
// longest line of a book that reads as prose: not furniture (furn, lines
// from 1), not a table's row laid out with wide gaps.
func proseWidth(b *Book, furn map[int]bool) int {
	n := 0
	for i, l := range b.lines {
		t := strings.TrimRightFunc(l.text, unicode.IsSpace)
		if l.skip || furn[i+1] || strings.Contains(strings.TrimSpace(t), "  ") {
			continue
		}
		n = max(n, l.offset+utf8.RuneCountInString(t))
	}
	return n
}
