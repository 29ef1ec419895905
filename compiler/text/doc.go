package text

import (
	"slices"
	"strings"
	"unicode"
)

// Doc is a text read into sentences.
type Doc struct {
	Src       string
	Vocab     *Vocab
	Tokens    []Token
	Mentions  []Mention
	Sentences []Sentence
	// caps holds the words capitalised inside a sentence (see
	// capitalised), capText their texts: the names a translation keeps.
	caps    map[int]bool
	capText map[string]bool
}

// Span is the tokens [Lo, Hi) of a text.
type Span struct{ Lo, Hi int }

// Sentence is one sentence of a text and what it states.
type Sentence struct {
	Span
	Para int // the paragraph, counted from 0
	// Block counts the blank lines before the sentence: with
	// Options.LineBreaks, where each line is a paragraph, the blocks of
	// lines a translator keeps apart.
	Block   int
	Clauses []Span // between commas, semicolons, colons, brackets, dashes
	// Indices into Doc.Mentions of the concepts the sentence names.
	Mentions []int
	// Numbers holds the tokens that state a number (Token.Explicit), and
	// Weak those that may mean one without stating it.
	Numbers, Weak []int
	Placeholders  []int // placeholder tokens
	Negations     []Cue // cues that negate their clause
	Restrictions  []Cue // "only", "ne … que", "nur"
	Modals        []Cue // Kind "can" or "must"
	// Connectives are the language's connectives the sentence uses,
	// the longest at each place, Kind the kind each says.
	Connectives []Cue
	// Quantities are the language's words of quantity the sentence uses
	// ("one", "more"), as connectives are.
	Quantities []Cue
}

// Cue is a word or phrase of polarity or modality, and its scope.
type Cue struct {
	Tok, End int    // the cue's tokens; a French "ne … pas" is the "ne"
	Kind     string // "can" or "must" for modals; the cue's words otherwise
	Scope    Span   // the clause it governs
}

// Options says how to read a text.
type Options struct {
	// Eval gives the value a placeholder prints, when it prints a number.
	Eval Eval
	// LineBreaks ends a sentence at every line end, as in message files,
	// where each paragraph and each list item is one line. Without it, a
	// line end is a space (a rulebook's wrapped lines) and only a blank
	// line or a list item ends a sentence.
	LineBreaks bool
}

// Read reads a text into sentences with the concepts of a vocabulary.
func (v *Vocab) Read(src string, opt Options) *Doc {
	l := v.Lang
	d := &Doc{Src: src, Vocab: v, Tokens: l.Tokens(src, opt.Eval)}
	d.Mentions = v.Mentions(d.Tokens)
	d.split(opt.LineBreaks)
	m := 0
	for k := range d.Sentences {
		s := &d.Sentences[k]
		for m < len(d.Mentions) && d.Mentions[m].Tok < s.Hi {
			if d.Mentions[m].Tok >= s.Lo {
				s.Mentions = append(s.Mentions, m)
			}
			m++
		}
		d.annotate(s)
	}
	d.caps = capitalised(d)
	d.capText = map[string]bool{}
	for i := range d.caps {
		d.capText[d.Tokens[i].Text] = true
	}
	return d
}

// split cuts the tokens into sentences and clauses.
func (d *Doc) split(lineBreaks bool) {
	ts := d.Tokens
	para, block := 0, 0
	lo := 0
	flush := func(hi int) {
		if hi > lo {
			d.Sentences = append(d.Sentences, Sentence{Span: Span{lo, hi}, Para: para, Block: block})
		}
		lo = hi
	}
	for i := range ts {
		if i > lo || i > 0 {
			gap := d.Src[prevEnd(ts, i):ts[i].Off]
			if nl := strings.Count(gap, "\n"); nl > 0 {
				blank := nl >= 2
				if lineBreaks || blank || item(d.Src[ts[i].Off:]) {
					flush(i)
				}
				if blank || lineBreaks {
					para++
				}
				if blank {
					block++
				}
			}
		}
		if i < lo {
			continue
		}
		t := &ts[i]
		if t.Kind != Punct || !strings.Contains(".!?…", t.Text) {
			continue
		}
		// A full stop ends a sentence before a space or the end, not in
		// an abbreviation or a label ("A. Play a card", "p. 8").
		end := i + 1
		for end < len(ts) && ts[end].Kind == Punct && (ts[end].Text == "»" || ts[end].Joined && strings.Contains("”\"’)]", ts[end].Text)) {
			end++
		}
		if end < len(ts) && ts[end].Joined {
			continue
		}
		if t.Text == "." && i > lo {
			prev := ts[i-1]
			if prev.Kind != Punct && prev.Kind != Placeholder && (len([]rune(prev.Text)) == 1 && !unicode.IsDigit([]rune(prev.Text)[0]) || d.Vocab.Lang.refs[prev.Norm]) {
				continue
			}
		}
		flush(end)
	}
	flush(len(ts))
	for k := range d.Sentences {
		s := &d.Sentences[k]
		c := s.Lo
		for i := s.Lo; i < s.Hi; i++ {
			if ts[i].Kind == Punct && strings.Contains(",;:()[]–—", ts[i].Text) {
				if i > c {
					s.Clauses = append(s.Clauses, Span{c, i})
				}
				c = i + 1
			}
		}
		if s.Hi > c {
			s.Clauses = append(s.Clauses, Span{c, s.Hi})
		}
	}
}

func prevEnd(ts []Token, i int) int {
	if i == 0 {
		return 0
	}
	return ts[i-1].End
}

// item reports whether a line starts a list item or a quoted example.
func item(line string) bool {
	for _, p := range []string{"- ", "• ", "* ", "> ", "– ", "— "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// Clause returns the clause of the sentence that holds token i.
func (s *Sentence) Clause(i int) Span {
	for _, c := range s.Clauses {
		if c.Lo <= i && i < c.Hi {
			return c
		}
	}
	return s.Span
}

// annotate finds what a sentence states: numbers, placeholders, polarity
// and modality.
func (d *Doc) annotate(s *Sentence) {
	l := d.Vocab.Lang
	ts := d.Tokens
	for i := s.Lo; i < s.Hi; i++ {
		t := &ts[i]
		switch {
		case t.Kind == Placeholder:
			s.Placeholders = append(s.Placeholders, i)
			if t.HasValue {
				s.Numbers = append(s.Numbers, i)
			}
		case t.Kind == Number && (t.Ref || t.Ordinal):
			// An ordinal ranks rather than counts, and translations rank
			// with other words ("the other" for "the second").
		case t.Kind == Number && t.Weak && !d.stated(s, i):
			s.Weak = append(s.Weak, i)
		case t.Kind == Number:
			t.Weak = false
			s.Numbers = append(s.Numbers, i)
		}
	}
	used := make([]bool, s.Hi-s.Lo) // tokens of an idiom or a cue's partner
	idiom := func(list [][]string) {
		for i := s.Lo; i < s.Hi; i++ {
			for _, p := range list {
				if n := d.phraseAt(i, s.Hi, p); n > 0 {
					for k := i; k < i+n; k++ {
						used[k-s.Lo] = true
					}
				}
			}
		}
	}
	idiom(l.negIdioms)
	for i := s.Lo; i < s.Hi; i++ {
		t := &ts[i]
		if t.Kind != Word || used[i-s.Lo] {
			continue
		}
		cl := s.Clause(i)
		switch {
		case l.particle[t.Norm] && strings.ToLower(t.Text) == t.Norm && (len(t.Norm) > 1 || i+1 < len(ts) && ts[i+1].Joined):
			// "ne … pas" negates; "ne … que" restricts. A particle is
			// written as it is folded: "né" (born) is none. One elided
			// stands against the word after it: a letter alone, as a
			// people's symbol "N" in a table, is none.
			kind, partner := "", -1
			for j := i + 1; j < min(cl.Hi, i+8); j++ {
				if ts[j].Kind == Word && !used[j-s.Lo] && l.partners[ts[j].Norm] {
					kind, partner = "neg", j
					break
				}
			}
			if partner < 0 {
				for j := i + 1; j < cl.Hi; j++ {
					if l.restrictPartner[ts[j].Norm] {
						kind, partner = "only", j
						break
					}
				}
			}
			if partner >= 0 {
				used[partner-s.Lo] = true
				if kind == "neg" {
					// Negative concord: "ne … plus aucun", "ne … jamais rien"
					// say one negation with several words.
					for j := partner + 1; j < cl.Hi && !l.particle[ts[j].Norm]; j++ {
						if ts[j].Kind == Word && l.partners[ts[j].Norm] {
							used[j-s.Lo] = true
						}
					}
				}
			} else if d.after(cl, i, l.restrictPartner) || d.negatedBefore(s, cl, i) {
				// An expletive "ne" ("plus de dés qu’il n’a de cartes"), or
				// one that agrees with a negation before it ("aucun … ne").
				continue
			}
			c := Cue{Tok: i, End: i + 1, Kind: t.Norm, Scope: cl}
			if partner >= 0 {
				c.End, c.Kind = partner+1, t.Norm+" … "+ts[partner].Norm
			}
			if kind == "only" {
				s.Restrictions = append(s.Restrictions, c)
			} else {
				s.Negations = append(s.Negations, c)
			}
		case l.neg[t.Norm] || l.lexical[t.Norm]:
			if d.repeated(s, cl, i) {
				// "ni … ni", "keine X und keine Y": one negation spread
				// over a coordination.
				continue
			}
			s.Negations = append(s.Negations, Cue{Tok: i, End: i + 1, Kind: t.Norm, Scope: cl})
		}
	}
	for i := s.Lo; i < s.Hi; i++ {
		for _, p := range l.negPhrases {
			if n := d.phraseAt(i, s.Hi, p.words); n > 0 {
				s.Negations = append(s.Negations, Cue{Tok: i, End: i + n, Kind: p.kind, Scope: s.Clause(i)})
			}
		}
	}
	used = make([]bool, s.Hi-s.Lo)
	idiom(l.restrictIdioms)
	for i := s.Lo; i < s.Hi; i++ {
		if t := &ts[i]; t.Kind == Word && !used[i-s.Lo] && l.restrict[t.Norm] {
			s.Restrictions = append(s.Restrictions, Cue{Tok: i, End: i + 1, Kind: t.Norm, Scope: s.Clause(i)})
		}
	}
	for i := s.Lo; i < s.Hi; i++ {
		for _, m := range []struct {
			kind string
			list [][]string
		}{{"can", l.can}, {"must", l.must}} {
			for _, p := range m.list {
				if n := d.phraseAt(i, s.Hi, p); n > 0 {
					s.Modals = append(s.Modals, Cue{Tok: i, End: i + n, Kind: m.kind, Scope: s.Clause(i)})
				}
			}
		}
	}
	// The longest connective at each place: "l'une après l'autre" says
	// one by one, not after nor other. A phrase of several kinds ("wenn":
	// if and when) says each.
	s.Connectives = d.kinds(s, l.connectives)
	s.Quantities = d.kinds(s, l.quantities)
}

// kinds returns the phrases of a table a sentence uses, the longest at
// each place, each with its kind.
func (d *Doc) kinds(s *Sentence, table map[string][]kindPhrase) []Cue {
	var out []Cue
	for i := s.Lo; i < s.Hi; {
		best := 0
		cands := table[d.Tokens[i].Norm]
		for _, p := range cands {
			best = max(best, d.phraseAt(i, s.Hi, p.words))
		}
		if best == 0 {
			i++
			continue
		}
		for _, p := range cands {
			if d.phraseAt(i, s.Hi, p.words) == best {
				out = append(out, Cue{Tok: i, End: i + best, Kind: p.kind, Scope: s.Clause(i)})
			}
		}
		i += best
	}
	return out
}

// repeated reports whether the negation word at token i repeats one
// before it over a coordination ("keine X und keine Y"), or continues a
// French "ne …" in its clause.
func (d *Doc) repeated(s *Sentence, cl Span, i int) bool {
	l := d.Vocab.Lang
	for _, c := range s.Negations {
		if c.Tok < cl.Lo || c.Tok >= i {
			continue
		}
		if l.partners[d.Tokens[i].Norm] {
			return true
		}
		if d.Tokens[c.Tok].Norm == d.Tokens[i].Norm && i-c.Tok <= 6 {
			for j := c.End; j < i; j++ {
				if l.joins[d.Tokens[j].Norm] {
					return true
				}
			}
		}
	}
	return false
}

// negatedBefore reports whether a negation cue lies before token i in
// clause cl.
func (d *Doc) negatedBefore(s *Sentence, cl Span, i int) bool {
	for _, c := range s.Negations {
		if c.Tok >= cl.Lo && c.Tok < i {
			return true
		}
	}
	return false
}

// after reports whether one of the words comes before token i in clause cl.
func (d *Doc) after(cl Span, i int, words set) bool {
	for j := cl.Lo; j < i; j++ {
		if words[d.Tokens[j].Norm] {
			return true
		}
	}
	return false
}

// phraseAt returns how many tokens phrase p spans from token i, or 0.
func (d *Doc) phraseAt(i, hi int, p []string) int {
	j := i
	for _, w := range p {
		for j < hi && d.Tokens[j].Kind == Punct && d.Tokens[j].Text == "'" {
			j++
		}
		if j >= hi || d.Tokens[j].Norm != w {
			return 0
		}
		j++
	}
	return j - i
}

// stated reports whether a weak number states a number in its context:
// "only one", "une seule", "un des", "un ou deux".
func (d *Doc) stated(s *Sentence, i int) bool {
	l := d.Vocab.Lang
	ts := d.Tokens
	prev, next := -1, -1
	for j := i - 1; j >= s.Lo; j-- {
		if ts[j].Kind != Punct {
			prev = j
			break
		}
	}
	if i+1 < s.Hi && ts[i+1].Kind != Punct {
		next = i + 1
	}
	if prev >= 0 && l.strongBefore[ts[prev].Norm] {
		return true
	}
	if next >= 0 && l.strongAfter[ts[next].Norm] {
		return true
	}
	// "un ou deux": a list of numbers.
	if next >= 0 && l.joins[ts[next].Norm] && next+1 < s.Hi && ts[next+1].Kind == Number && !ts[next+1].Weak {
		return true
	}
	return prev >= 0 && l.joins[ts[prev].Norm] && prev-1 >= s.Lo && ts[prev-1].Kind == Number && !ts[prev-1].Weak
}

// Unit returns the concept a number at token i counts: the first concept
// named within a few words after it, in its clause; "" if none.
func (d *Doc) Unit(s *Sentence, i int) string {
	if k := d.unitIn(s, i); k >= 0 {
		return d.Mentions[k].Concept
	}
	return ""
}

// unitMention returns the mention (an index into Mentions) of the concept
// the number at token i counts, or -1.
func (d *Doc) unitMention(i int) int {
	k := d.SentenceAt(i)
	if k < 0 {
		return -1
	}
	return d.unitIn(&d.Sentences[k], i)
}

func (d *Doc) unitIn(s *Sentence, i int) int {
	cl := s.Clause(i)
	words := 0
	for j := i + 1; j < cl.Hi && words < 4; j++ {
		for _, k := range s.Mentions {
			if d.Mentions[k].Tok == j {
				return k
			}
		}
		if d.Tokens[j].Kind == Number && !d.Tokens[j].Weak {
			return -1
		}
		if d.Tokens[j].Kind == Word && d.Vocab.Lang.times[d.Tokens[j].Norm] {
			return -1
		}
		words++
	}
	return -1
}

// Concepts returns the concepts a sentence names, one entry a mention.
func (d *Doc) Concepts(s *Sentence) []string {
	out := make([]string, 0, len(s.Mentions))
	for _, k := range s.Mentions {
		out = append(out, d.Mentions[k].Concept)
	}
	slices.Sort(out)
	return out
}

// Text returns the text of tokens [lo, hi) as written.
func (d *Doc) Text(lo, hi int) string {
	lo = max(lo, 0)
	if lo >= hi || lo >= len(d.Tokens) {
		return ""
	}
	hi = min(hi, len(d.Tokens))
	return d.Src[d.Tokens[lo].Off:d.Tokens[hi-1].End]
}

// Len returns the length of a span in characters, each placeholder
// counted as one short word, for comparing lengths across languages.
func (d *Doc) Len(sp Span) int {
	n := 0
	for i := sp.Lo; i < sp.Hi; i++ {
		t := &d.Tokens[i]
		switch t.Kind {
		case Placeholder:
			n += 4
		case Control:
		default:
			n += len([]rune(t.Text))
			if i > sp.Lo && !t.Joined {
				n++
			}
		}
	}
	return n
}

// Quote returns the words of a span as written, for messages: one space
// for any run of spaces.
func (d *Doc) Quote(sp Span) string {
	return strings.Join(strings.Fields(d.Text(sp.Lo, sp.Hi)), " ")
}

// SentenceAt returns the index of the sentence that holds token i, or
// -1.
func (d *Doc) SentenceAt(i int) int {
	k, found := slices.BinarySearchFunc(d.Sentences, i, func(s Sentence, i int) int {
		switch {
		case s.Hi <= i:
			return -1
		case s.Lo > i:
			return 1
		}
		return 0
	})
	if !found {
		return -1
	}
	return k
}

// CueWords returns a cue's words as the text writes them: a particle and
// its partner with an ellipsis between them ("ne … pas"), a phrase whole
// ("nicht nur").
func (d *Doc) CueWords(c Cue) string {
	if c.End-c.Tok > 1 && strings.Contains(c.Kind, " … ") {
		return d.Tokens[c.Tok].Text + " … " + d.Tokens[c.End-1].Text
	}
	return d.Quote(Span{c.Tok, c.End})
}

// QuoteSentence quotes sentence k in quotation marks, cut to at most n
// words around token i, with an ellipsis where it is cut; "" for no
// sentence.
func (d *Doc) QuoteSentence(k, i, n int) string {
	if k < 0 || k >= len(d.Sentences) {
		return ""
	}
	s := d.Sentences[k]
	lo, hi := s.Lo, s.Hi
	words := func(lo, hi int) int {
		c := 0
		for j := lo; j < hi; j++ {
			if d.Tokens[j].Kind != Punct {
				c++
			}
		}
		return c
	}
	for words(lo, hi) > n {
		if i-lo > hi-i {
			lo++
		} else {
			hi--
		}
	}
	q := d.Quote(Span{Lo: lo, Hi: hi})
	if lo > s.Lo {
		q = "… " + q
	}
	if hi < s.Hi {
		q += " …"
	}
	return "“" + q + "”"
}
