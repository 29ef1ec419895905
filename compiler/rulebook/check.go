package rulebook

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// Check reads a rulebook against a game: component counts (G301), rule
// parameters and the tables of the data (G302), proper names (G303),
// peoples (G304), the numbers of headings (G310), and the rules sentence
// by sentence (G308, G309). The book's language must be one of the
// game's for all but names to be checked.
func Check(g *model.Game, b *Book) diag.List {
	var d diag.List
	v, err := loadLanguages()
	if err != nil {
		d.Errorf(diag.Pos{File: b.Name}, diag.RulebookConcept, "cannot read the checker's vocabulary: %v", err)
		return d
	}
	ix := newIndex(g, v, b.Lang)
	c := &checker{r: ix.read(b), ix: ix, d: &d}
	if tv, err := textVocab(g, b.Lang); err == nil && g.Locale(b.Lang) != nil {
		c.tv = tv
	}
	c.names()
	for _, gs := range ix.sections {
		bt, ok := c.r.section(gs.sec.ID)
		if !ok || gs.front {
			continue
		}
		c.counts(gs, bt)
	}
	c.tables()
	c.notes()
	c.pageNotes()
	c.headings()
	c.rules()
	if c.verbatim {
		for _, u := range c.uneven {
			if len(u.got) == 0 {
				c.allLost(u)
				continue
			}
			c.lostCells(u.got, u.want, true)
		}
	}
	return d.Sort()
}

// rules compares each section of the book with the same section of the
// game's rules in the book's language, sentence by sentence: numbers that
// differ (G301 for a count, G302 for a parameter), a concept named for its
// sibling (G304), a rule negated, turned face up or sent elsewhere (G308),
// and, where the book renders the rules closely, sentences left out
// (G309).
func (c *checker) rules() {
	loc := c.ix.g.Locale(c.r.b.Lang)
	if loc == nil {
		return
	}
	tv, err := textVocab(c.ix.g, c.r.b.Lang)
	if err != nil {
		c.d.Errorf(diag.Pos{File: c.r.b.Name}, diag.RulebookRule, "%v", err)
		return
	}
	rp := &reporter{ix: c.ix, d: c.d, other: fmt.Sprintf("the rules (%s)", c.r.b.Lang), rules: true, headed: c.r.headed, seen: map[diag.Pos]bool{}}
	for _, d := range *c.d {
		rp.seen[d.Pos] = true
	}
	spans := c.r.bookSections()
	cal := sameLanguage()
	var lost []lostSection
	byID := placedByID(c.r.placed)
	close, compared := 0, 0
	for k, gs := range c.ix.sections {
		gp := c.ix.gamePassage(tv, gs, loc)
		sp, ok := spans[gs.sec.ID]
		if !ok && gs.sec.Rulings {
			continue // the rulings are Grimoire's: a publisher's book has none
		}
		if !ok {
			// A section the layout could not place, its heading and
			// opening lost: what is left of it, between its neighbours,
			// is read word for word.
			bp := c.r.remains(tv, gp, c.ix.sections, k, spans)
			if bp != nil {
				p := newSectionPair(gs, gp, bp, cal)
				p.cut = true
				rp.verbatim(p)
			}
			if c.r.headed {
				lost = append(lost, c.lost(tv, k, bp, spans))
			}
			continue
		}
		p := newSectionPair(gs, gp, c.r.bookPassage(tv, sp[0], sp[1]), cal)
		// A section found by its opening words alone, with no line
		// above it that reads as a heading, lost its heading, numbered
		// or not ("Les gobelins", a race's).
		if pl := byID[gs.sec.ID]; c.r.headed && !pl.heading && c.r.titleBefore(pl.line) == 0 {
			lost = append(lost, c.lost(tv, k, p.b, spans))
		}
		rp.report(p)
		compared++
		if rp.verbatim(p) {
			close++
		}
	}
	// Only a book that renders the rules word for word must print every
	// heading of theirs.
	if compared == 0 || float64(close) < verbatimShare*float64(compared) {
		return
	}
	c.verbatim = true
	for _, ls := range lost {
		c.lostHeading(ls)
	}
	c.shortHeadings(loc)
	c.tagline(tv, loc)
	c.coverNames()
	c.coverName(loc)
}

// shortHeadings reports the numbered headings of a book that renders the
// rules word for word that lack words of their section's title (G309):
// words left out where the title meets the text.
func (c *checker) shortHeadings(loc *model.Locale) {
	for _, p := range c.r.placed {
		gs := c.ix.byID[p.id]
		if !p.heading || gs == nil || gs.sec.Number == "" || p.line < 1 || p.line > len(c.r.b.lines) {
			continue
		}
		l := c.r.b.lines[p.line-1]
		title := l.text
		if m := leadNumber.FindStringSubmatch(title); m != nil {
			title = strings.TrimSpace(title)[len(m[1]):]
		}
		book := titleWords(title)
		var lost []string
		for _, w := range gs.words {
			if !slices.ContainsFunc(book, func(b string) bool { return titleSim([]string{b}, []string{w}) >= headingSim }) {
				lost = append(lost, w)
			}
		}
		if len(lost) < minLeftOut-1 {
			continue
		}
		heading := strings.TrimSpace(gs.sec.Number + " " + spaces(gs.title))
		var rel []diag.Related
		if m := loc.Message("rules." + gs.sec.ID + ".title"); m != nil {
			rel = append(rel, diag.Related{Pos: m.Pos, Message: fmt.Sprintf("the rules (%s) say %q", c.r.b.Lang, heading)})
		}
		c.d.Add(diag.Diagnostic{Pos: c.r.b.lineStart(p.line), Severity: diag.Warning, Code: diag.RulebookOmission, Related: rel,
			Message: fmt.Sprintf("the heading %q lacks words of the rules' heading %q: were they left out?", spaces(strings.TrimSpace(l.text)), heading)})
	}
}

// paragraphAt returns where the heading of a section whose words resume
// in passage p stood: before the first paragraph a line or two into p,
// since the words that resume may be the last of the text before, which
// the section's words repeat; or at p's start.
func (c *checker) paragraphAt(p *passage) diag.Pos {
	first := p.tokPos(0)
	// A page that starts blank lost its first lines: the heading's.
	if i := first.Line - 2; i >= 1 && c.r.b.PageStart[i] && strings.TrimSpace(c.r.b.lines[i].text) == "" {
		return diag.Pos{File: c.r.b.Name, Line: i + 1, Col: 1}
	}
	if first.Line < 2 || c.r.void(first.Line-2) {
		return first
	}
	for i := 1; i < len(p.doc.Tokens); i++ {
		pos := p.tokPos(i)
		if pos.Line > first.Line+paragraphReach {
			break
		}
		if pos.Line != p.tokPos(i-1).Line && pos.Line >= 2 && c.r.void(pos.Line-2) {
			return pos
		}
	}
	return first
}

// headingReach is how many lines above where a lost section's words
// resume its heading may stand.
const headingReach = 3

// paragraphReach is how many lines into the words that resume a section
// its first paragraph may start.
const paragraphReach = 2

// lostSection is a section of the rules a book that prints the rules'
// headings has no heading for, and what the book has left of its
// text, if anything, or else where the text of the sections before it
// ends.
type lostSection struct {
	k     int
	rest  *passage
	after diag.Pos
	loc   *model.Locale
}

// lost returns section k as lost, with rest, what the book has left of
// its text, if anything.
func (c *checker) lost(tv *text.Vocab, k int, rest *passage, spans map[string][2]int) lostSection {
	ls := lostSection{k: k, rest: rest, loc: c.ix.g.Locale(c.r.b.Lang)}
	if rest == nil || len(rest.doc.Tokens) == 0 {
		ls.after = c.r.textAfter(tv, c.ix.sections, k, spans)
	}
	return ls
}

// lostHeading reports the heading of a section the book left out (G309):
// where the section's words resume; if none do, where the text of the
// section before ends, or else where the next section starts.
func (c *checker) lostHeading(ls lostSection) {
	gs := c.ix.sections[ls.k]
	var at diag.Pos
	if ls.rest != nil && len(ls.rest.doc.Tokens) > 0 {
		at = c.paragraphAt(ls.rest)
	} else if ls.after.Line > 0 {
		at = ls.after
	} else {
		byID := placedByID(c.r.placed)
		for _, next := range c.ix.sections[ls.k+1:] {
			if p, ok := byID[next.sec.ID]; ok {
				at = diag.Pos{File: c.r.b.Name, Line: p.line, Col: p.col}
				break
			}
		}
	}
	if at.Line == 0 {
		return
	}
	// A line just above that reads as the section's title is its
	// heading, numbered otherwise (G310) or read apart by the layout.
	for i := max(at.Line-headingReach, 1); i <= at.Line && i <= len(c.r.b.lines); i++ {
		l := c.r.b.lines[i-1]
		m := leadNumber.FindStringSubmatch(l.text)
		title := l.text
		if m != nil {
			title = strings.TrimSpace(l.text)[len(m[1]):]
		}
		if l.skip || titleSim(titleWords(title), gs.words) < headingSim {
			continue
		}
		if m != nil && m[1] != gs.sec.Number {
			pos := c.r.b.lineStart(i)
			if !slices.ContainsFunc(*c.d, func(d diag.Diagnostic) bool { return d.Pos == pos && d.Code == diag.HeadingNumber }) {
				c.d.Errorf(pos, diag.HeadingNumber, "heading %q numbers the section %s; the rules number it %s", spaces(strings.TrimSpace(l.text)), m[1], gs.sec.Number)
			}
		}
		return
	}
	if ls.rest == nil || len(ls.rest.doc.Tokens) == 0 {
		at = c.amidBlanks(at)
	}
	heading := strings.TrimSpace(gs.sec.Number + " " + spaces(gs.title))
	var rel []diag.Related
	if m := ls.loc.Message("rules." + gs.sec.ID + ".title"); m != nil {
		rel = append(rel, diag.Related{Pos: m.Pos, Message: fmt.Sprintf("the rules (%s) say %q", c.r.b.Lang, heading)})
	}
	c.d.Add(diag.Diagnostic{Pos: at, Severity: diag.Error, Code: diag.RulebookOmission, Related: rel,
		Message: fmt.Sprintf("the rules' heading %q is not here: was the section's start left out?", heading)})
}

// amidBlanks returns, for a section left out whole before place at, the
// middle of the empty lines just above at, when there are more of them
// than the book sets above most headings: a text converted with its
// layout keeps the blank lines above the section's heading and those
// above the next, which now run together.
func (c *checker) amidBlanks(at diag.Pos) diag.Pos {
	var runs []int
	for _, p := range c.r.placed {
		if p.heading {
			runs = append(runs, c.blanksAbove(p.line))
		}
	}
	if len(runs) == 0 {
		return at
	}
	slices.Sort(runs)
	if n := c.blanksAbove(at.Line); n > runs[len(runs)/2] {
		return diag.Pos{File: at.File, Line: at.Line - n + n/2, Col: 1}
	}
	return at
}

// blanksAbove returns how many empty lines stand just above line l (from
// 1) on its page.
func (c *checker) blanksAbove(l int) int {
	n := 0
	for k := l - 1; k >= 1 && k < len(c.r.b.PageStart) && c.r.void(k-1) && !c.r.b.PageStart[k]; k-- {
		n++
	}
	return n
}

// remains returns the book's passage from where the words of section k of
// the rules resume to the next section placed, when the book has most of
// them between the sections placed before and after; or nil. The passage
// leads with the end of the text before it, where what the book lost of
// the section was.
func (r *reading) remains(tv *text.Vocab, gp *passage, secs []*gameSection, k int, spans map[string][2]int) *passage {
	from, to, prev := between(secs, k, spans, len(r.b.lines))
	if from >= to {
		return nil
	}
	bp := r.bookPassage(tv, from, to)
	ua, ub := wordUnits(gp.doc, 0, len(gp.doc.Tokens)), wordUnits(bp.doc, 0, len(bp.doc.Tokens))
	if len(ua) < 10 {
		return nil
	}
	m := lcsPairs(ua, ub)
	// The words in common that run on, in the book, to the last: what is
	// left of the section. Those before match stray words of the section
	// before.
	if len(m) == 0 {
		return nil
	}
	run := len(m) - 1
	for run > 0 && m[run][1]-m[run-1][1] <= 4 {
		run--
	}
	// It starts with words in a row on both sides: single words of the
	// section before ("le", "jeu") match the rules' words too.
	inRowFrom := func(k int) int {
		for k+verbatimContext < len(m) && !inRow(m[k:k+verbatimContext]) {
			k++
		}
		return k
	}
	run = inRowFrom(run)
	// Nor do they start in the text of the section before, whose words
	// the section's may repeat ("The cards not kept are").
	if prev >= 0 {
		if end := r.textEnd(tv, secs[prev], ub); end >= 0 {
			for run+1 < len(m) && m[run][1] <= end {
				run++
			}
			run = inRowFrom(run)
		}
	}
	if n := len(m) - run; n < 10 || float64(n) < verbatimShare*float64(len(ua)-m[run][0]) {
		return nil
	}
	start := bp.tokPos(ub[m[run][1]].lo).Line - 1
	if start <= from {
		return nil
	}
	bp = r.bookPassage(tv, start, to)
	r.lead(bp, from, start)
	return bp
}

// between returns the lines [from, to) (0-based) of a book between the
// sections placed before and after section k of the rules, and the
// index of the one before, or -1.
func between(secs []*gameSection, k int, spans map[string][2]int, lines int) (from, to, prev int) {
	from, to, prev = 0, lines, -1
	for j := k - 1; j >= 0; j-- {
		if sp, ok := spans[secs[j].sec.ID]; ok {
			from, prev = sp[0], j
			break
		}
	}
	for j := k + 1; j < len(secs); j++ {
		if sp, ok := spans[secs[j].sec.ID]; ok {
			to = sp[0]
			break
		}
	}
	return from, to, prev
}

// textAfter returns where the book's text goes on after the words of the
// section placed before section k end: where section k, none of whose
// words the book has where they start, should start; or the zero Pos.
func (r *reading) textAfter(tv *text.Vocab, secs []*gameSection, k int, spans map[string][2]int) diag.Pos {
	from, to, prev := between(secs, k, spans, len(r.b.lines))
	if prev < 0 || from >= to {
		return diag.Pos{}
	}
	bp := r.bookPassage(tv, from, to)
	ub := wordUnits(bp.doc, 0, len(bp.doc.Tokens))
	end := r.textEnd(tv, secs[prev], ub)
	if end < 0 || end+1 >= len(ub) {
		return diag.Pos{}
	}
	return bp.tokPos(ub[end+1].lo)
}

// textEnd returns the index, among a book's words ub, of the last word
// of a run of verbatimContext or more that renders the rules' section
// gs: where its text ends in the book; or -1.
func (r *reading) textEnd(tv *text.Vocab, gs *gameSection, ub []wordUnit) int {
	gp := r.ix.gamePassage(tv, gs, r.ix.g.Locale(r.b.Lang))
	ua := wordUnits(gp.doc, 0, len(gp.doc.Tokens))
	m := lcsPairs(ua, ub)
	for k := len(m) - 1; k >= verbatimContext-1; k-- {
		if inRow(m[k-verbatimContext+1 : k+1]) {
			return m[k][1]
		}
	}
	return -1
}

// inRow reports whether matched words follow one another on both sides.
func inRow(m [][2]int) bool {
	for k := 1; k < len(m); k++ {
		if m[k][0] != m[k-1][0]+1 || m[k][1] != m[k-1][1]+1 {
			return false
		}
	}
	return true
}

// notes reports a note the game's printouts set at a page's foot, such
// as the legend of a mark, that the book renders otherwise (G308).
func (c *checker) notes() {
	for i, l := range c.r.b.lines {
		if l.skip {
			continue
		}
		note := c.ix.nearNote(letters(fold(l.text)))
		if note == "" {
			continue
		}
		at := c.r.b.lineStart(i + 1)
		c.d.Errorf(at, diag.RulebookRule, "%q reads otherwise than the game's note %q", spaces(strings.TrimSpace(l.text)), spaces(note))
	}
}

// leadNumber is a section number at the start of a line: "3.1 Préparation".
var leadNumber = regexp.MustCompile(`^\s*(\d+(?:\.\d+)*)\.?\s+\pL`)

// headingSim is how alike a heading's title and a section's must be for a
// heading the layout left unplaced, numbered otherwise, to title it.
const headingSim = 0.9

// headings reports the numbered headings that title a section of the
// rules under another number (G310). The layout places a heading only
// where number and title agree; a heading left unplaced whose title is
// a section's alone is that section, numbered wrong.
func (c *checker) headings() {
	tv := c.tv
	placed := map[int]bool{}
	for _, p := range c.r.placed {
		if !p.heading {
			if j := c.r.titleBefore(p.line); j > 0 && tv != nil && c.ix.byID[p.id] != nil {
				c.headingConcepts(tv, "heading", "title", c.ix.byID[p.id].title, c.r.b.lines[j-1], j)
			}
			continue
		}
		placed[p.line] = true
		gs := c.ix.byID[p.id]
		l := c.r.b.lines[p.line-1]
		// A short heading reads as debris for its number alone.
		numberedTitle := leadNumber.MatchString(l.text) && c.r.tokensJunk(p.line) == 1
		if gs != nil && tv != nil && (!c.r.noisy[p.line] || numberedTitle) && !c.r.furn[p.line] {
			c.headingConcepts(tv, "heading", "title", gs.title, l, p.line)
		}
		// A heading placed by its title alone: its number, if it has
		// one, broke the book's numbering.
		m := leadNumber.FindStringSubmatch(l.text)
		// A line that reads as debris for its number's digits is no
		// debris when its title is the section's.
		noisy := c.r.noisy[p.line] && (gs == nil || titleSim(titleWords(p.title), gs.words) < headingSim)
		if gs == nil || m == nil || gs.sec.Number == "" || m[1] == gs.sec.Number || noisy || c.r.furn[p.line] {
			continue
		}
		at := c.r.b.lineStart(p.line)
		c.d.Errorf(at, diag.HeadingNumber, "heading %q numbers the section %s; the rules number it %s", spaces(strings.TrimSpace(l.text)), m[1], gs.sec.Number)
	}
	for _, h := range c.r.b.Sections {
		if h.Number == "" || placed[h.Line] {
			continue
		}
		words := titleWords(h.Title)
		var best *gameSection
		bestSim, ties := 0.0, 0
		for _, gs := range c.ix.sections {
			sim := titleSim(words, gs.words)
			switch {
			case sim > bestSim:
				best, bestSim, ties = gs, sim, 1
			case sim == bestSim:
				ties++
			}
		}
		if best == nil || bestSim < headingSim || ties > 1 || best.sec.Number == "" || best.sec.Number == h.Number {
			continue
		}
		at := diag.Pos{File: c.r.b.Name, Line: h.Line, Col: h.Col}
		if c.r.noisy[h.Line] || c.r.furn[h.Line] {
			continue
		}
		c.d.Errorf(at, diag.HeadingNumber, "heading %q numbers the section %s; the rules number it %s", h.Number+" "+spaces(strings.TrimSpace(h.Title)), h.Number, best.sec.Number)
	}
}

// titleBefore returns the line, standing apart or opening a page, that heads a section
// found by its opening words at line: a heading whose title reads too
// unlike the rules' for the layout to take it; or 0.
func (r *reading) titleBefore(line int) int {
	j := line - 1
	if j < 2 || r.void(j-1) || !r.void(j-2) && !r.b.PageStart[j-1] {
		return 0
	}
	t := strings.TrimSpace(r.b.lines[j-1].text)
	first, _ := utf8.DecodeRuneInString(t)
	if n := len(strings.Fields(t)); n == 0 || n > maxTitleWords || !unicode.IsUpper(first) || strings.ContainsAny(lastRune(t), ".:;,") {
		return 0
	}
	return j
}

// maxTitleWords is the most words of a line that reads as a title.
const maxTitleWords = 8

// tokensJunk counts the tokens of a line that read as debris.
func (r *reading) tokensJunk(line int) int {
	n := 0
	for i := firstToken(r.tokens, line, 0); i < len(r.tokens) && r.tokens[i].line == line; i++ {
		if r.ix.junk(r.tokens[i]) {
			n++
		}
	}
	return n
}

// headingConcepts reports a heading (what: "heading", "table title")
// that names a concept where the title it stands for in the rules (want,
// their theirs) names a sibling: "5.2 Les flammes" for "5.2 Les magiciens" (G304; G308
// for a place or a facing). It reports whether it found one.
func (c *checker) headingConcepts(tv *text.Vocab, what, theirs, want string, l bookLine, line int) bool {
	// Concepts count one by one: "Pouvoirs et pouvoirs" for "Pouvoirs
	// et capacités" names one concept for the other.
	concepts := func(s string) map[string]int {
		out := map[string]int{}
		for _, m := range tv.Read(s, text.Options{}).Mentions {
			if !m.Part {
				out[m.Concept]++
			}
		}
		return out
	}
	book, rules := concepts(l.text), concepts(want)
	at := c.r.b.lineStart(line)
	report := func(code diag.Code, cb, cr string) bool {
		c.d.Errorf(at, code, "the %s %q names %s where the rules' %s %q names %s", what, spaces(strings.TrimSpace(l.text)), c.conceptName(cb), theirs, spaces(strings.TrimSpace(want)), c.conceptName(cr))
		return true
	}
	var onlyBook, onlyRules []string
	for _, cb := range sortedKeys(book) {
		if book[cb] > rules[cb] {
			onlyBook = append(onlyBook, cb)
		}
	}
	for _, cr := range sortedKeys(rules) {
		if rules[cr] > book[cr] {
			onlyRules = append(onlyRules, cr)
		}
	}
	for _, cb := range onlyBook {
		for _, cr := range onlyRules {
			if g := tv.Siblings(cr, cb); g != nil {
				code := diag.RulebookConcept
				if g.Kind == model.Places || g.Kind == model.Facing {
					code = diag.RulebookRule
				}
				return report(code, cb, cr)
			}
		}
	}
	// A title is a few words, each of them chosen: one that names a
	// concept of the game in place of the rules' one names another,
	// siblings or not, when it has no other word of theirs.
	if len(onlyBook) == 1 && len(onlyRules) == 1 && len(book) == 1 && len(rules) == 1 &&
		titleSim(titleWords(l.text), titleWords(want)) < headingSim {
		return report(diag.RulebookConcept, onlyBook[0], onlyRules[0])
	}
	return false
}

func (c *checker) conceptName(id string) string {
	if k := c.ix.concepts[id]; k != nil {
		return k.name(2)
	}
	return strings.ReplaceAll(id, "_", " ")
}

// checker holds one check of a book against a game.
type checker struct {
	tv *text.Vocab // the game's concepts in the book's language; nil if the game lacks it
	r  *reading
	ix *index
	d  *diag.List
	// verbatim says the book renders the rules word for word (rules).
	verbatim bool
	// uneven holds the numbers of sections whose tables the book gives
	// fewer of, where more than one row left out would explain them: they
	// are weighed only in a book that renders the rules word for word.
	uneven []unevenTable
}

// unevenTable is a section's numbers of tables in a book, got, and in the
// data, want; when the book has none, the section and its lines [from, to).
type unevenTable struct {
	got      []bookCell
	want     []tableCell
	section  string
	from, to int
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
func (c *checker) counts(gs *gameSection, bt tokRun) {
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
		if !(t.explicit() || c.ix.partOf(bt, i)) || c.r.quiet(t) {
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
func (ix *index) quantTarget(x tokRun, i int) (string, int) {
	words, stops, part := 0, 0, false // adjectives and small words passed
	for j := i + 1; j < min(x.hi, i+reach); j++ {
		if x.ts[j-1].stop {
			break
		}
		t := x.ts[j]
		switch {
		case len(x.at[j]) > 0:
			target, end := x.at[j][0], mentionEnd(x, j)
			// A noun the data counts nothing of ("cards") may be
			// followed by what kind ("cards 'dragon'").
			if k := ix.concepts[target]; k == nil || k.count < 0 {
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
		case ix.lang.Times(t.norm):
			return "", j // "three times as many cards"
		case ix.lang.Partitive(t.norm):
			// Only "of the 3": "autant de cartes", "von das Ablagestapel"
			// count no cards and no pile.
			part = true
			if stops++; stops > 3 || !numberAhead(x, j) {
				return "", j
			}
		case ix.lang.Stopword(t.norm):
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

// partOf reports whether token i is an article that states a number as
// the part of a whole: "one of the 3 cards", "une des trois cartes".
func (ix *index) partOf(x tokRun, i int) bool {
	t := x.ts[i]
	return t.kind == number && t.weak && !t.skip && i+1 < x.hi && ix.lang.Partitive(x.ts[i+1].norm) && numberAhead(x, i+1)
}

// numberAhead reports whether a number follows token j over stopwords.
func numberAhead(x tokRun, j int) bool {
	for k := j + 1; k < x.hi && k <= j+3; k++ {
		switch t := x.ts[k]; {
		case t.kind == number:
			return true
		case t.kind == punct || !x.lang.Stopword(t.norm):
			return false
		}
	}
	return false
}

// mentionEnd returns the end of the concept named at token j.
func mentionEnd(x tokRun, j int) int {
	c := x.at[j][0]
	for j < x.hi && len(x.at[j]) > 0 && x.at[j][0] == c {
		j++
	}
	return j
}

// cardKind returns what kind of card follows the word "card(s)" from token
// i: a concept counted in cards ("cartes ‘dragon’", "Karten mit Drachen";
// not "cartes du bar"), after at most two small words.
func (ix *index) cardKind(x tokRun, i int) (string, int) {
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

// eachBefore reports whether the sentence of token i says "each player"
// before it.
func (ix *index) eachBefore(x tokRun, i int) bool {
	lo, _ := x.sentence(i)
	for j := lo; j < i; j++ {
		for _, p := range ix.lang.Each() {
			if phraseAt(x, j, i, p) {
				return true
			}
		}
	}
	return false
}

func phraseAt(x tokRun, j, end int, p []string) bool {
	for k, w := range p {
		if j+k >= end || x.ts[j+k].norm != w {
			return false
		}
	}
	return len(p) > 0
}

// afterPartitive reports whether number i is the whole of a partitive:
// "one of the [3]", "une des [trois]", "1 der nächsten [2]".
func (ix *index) afterPartitive(x tokRun, i int) bool {
	seen, adjective := false, false
	for j, n := i-1, 0; j >= x.lo && n < 4; j-- {
		t := x.ts[j]
		switch {
		case t.kind == punct:
			return false
		case t.kind == number:
			return seen
		case ix.lang.Partitive(t.norm):
			seen = true
		case ix.lang.Stopword(t.norm):
		case !seen && !adjective:
			adjective = true
		default:
			return false
		}
		n++
	}
	return false
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

// coverNames reports, in a book that renders the rules word for word,
// the words of its first page's running lines that misspell a proper
// name (G303): the cover prints the game's name, which the pages after
// repeat at their head or foot, so names leaves it alone.
func (c *checker) coverNames() {
	end := len(c.r.b.lines)
	if ps := c.r.b.pages(); len(ps) > 1 {
		end = ps[1]
	}
	for _, t := range c.r.tokens {
		if t.line > end || t.kind != word || !c.r.furn[t.line] || c.r.noisy[t.line] {
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
		d := editdist.Distance(t.norm, n, limit)
		if d > limit && editdist.Transposed(t.norm, n) {
			d = limit
		}
		if d <= limit && d < bestD && d > 0 {
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
