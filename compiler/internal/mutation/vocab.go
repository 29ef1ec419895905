package mutation

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Vocabulary is what the edits know of a game in one language: the names
// of its glossary terms and the groups of terms that are alternatives to
// one another. NewVocabulary reads it from a loaded game; for another text
// (a printed rulebook) it can be written by hand.
type Vocabulary struct {
	Terms  []Term
	Groups []Group
}

// Term is a glossary term's names in one language.
type Term struct {
	ID     string
	Proper bool
	// One are the names of one thing and Other those of several, or the
	// only name of a term without plural forms: the first of each is
	// what a swap writes. Forms are further inflected forms, of either
	// number.
	One, Other, Forms []string
}

// Group is a set of terms that are alternatives to one another.
type Group struct {
	ID    string
	Kind  model.GroupKind
	Terms []string // term ids
}

// NewVocabulary reads the names of g's terms in a language from its
// locale: each term's message with its plural forms, and the message
// "forms.<term>", whose text lists further forms separated by "|".
func NewVocabulary(g *model.Game, lang string) *Vocabulary {
	v := &Vocabulary{}
	loc := g.Locale(lang)
	if loc == nil {
		return v
	}
	for _, tm := range g.Terms {
		t := Term{ID: tm.ID, Proper: tm.Proper}
		if m := loc.Message(tm.Message); m != nil {
			for _, cat := range sortedForms(m.Forms) {
				if cat == "one" {
					t.One = appendName(t.One, m.Forms[cat])
				} else {
					t.Other = appendName(t.Other, m.Forms[cat])
				}
			}
		}
		if m := loc.Message("forms." + tm.ID); m != nil {
			for f := range strings.SplitSeq(m.Forms["other"], "|") {
				t.Forms = appendName(t.Forms, f)
			}
		}
		v.Terms = append(v.Terms, t)
	}
	slices.SortFunc(v.Terms, func(a, b Term) int { return cmp.Compare(a.ID, b.ID) })
	for _, gr := range g.Groups {
		v.Groups = append(v.Groups, Group{ID: gr.ID, Kind: gr.Kind, Terms: slices.Clone(gr.Terms)})
	}
	return v
}

// sortedForms lists a message's plural categories, "other" first: the
// name a swap writes for several things.
func sortedForms(forms map[string]string) []string {
	cats := make([]string, 0, len(forms))
	for c := range forms {
		if c != "other" {
			cats = append(cats, c)
		}
	}
	slices.Sort(cats)
	if _, ok := forms["other"]; ok {
		cats = append([]string{"other"}, cats...)
	}
	return cats
}

func appendName(names []string, n string) []string {
	n = strings.TrimSpace(n)
	if n == "" || strings.Contains(n, "{{") || slices.Contains(names, n) {
		return names
	}
	return append(names, n)
}

// number is a name's grammatical number.
type number int

const (
	unknown number = iota
	singular
	plural
)

// name is one way of writing a term, as the matcher looks for it.
type name struct {
	term   int // index in Vocabulary.Terms
	text   string
	number number
	re     *regexp.Regexp
}

// occurrence is a name found in a text.
type occurrence struct {
	span
	name *name
}

// matcher finds the names of a vocabulary in texts.
type matcher struct {
	v     *Vocabulary
	lang  *language
	names []*name
	terms map[string]int // term id to index
	open  *openLexicon   // for OpenWord, in Game
}

func newMatcher(v *Vocabulary, lang *language) *matcher {
	m := &matcher{v: v, lang: lang, terms: map[string]int{}}
	for i, t := range v.Terms {
		m.terms[t.ID] = i
		seen := map[string]bool{}
		add := func(n string, num number) {
			n = m.stripElision(n)
			key := strings.ToLower(n)
			if n == "" || seen[key] {
				return
			}
			seen[key] = true
			m.names = append(m.names, &name{term: i, text: n, number: num, re: nameRegexp(n)})
		}
		for _, n := range t.One {
			if slices.Contains(t.Other, n) {
				add(n, unknown)
			} else {
				add(n, singular)
			}
		}
		for _, n := range t.Other {
			add(n, plural)
		}
		for _, n := range t.Forms {
			add(n, m.guessNumber(t, n))
		}
	}
	return m
}

// stripElision drops an elided article or preposition before a name (the
// l’ of l’orc): the text keeps it, and the name is matched after it.
func (m *matcher) stripElision(n string) string {
	low := strings.ToLower(n)
	for _, e := range m.lang.elisions {
		for _, ap := range []string{"'", "’"} {
			if p := e + ap; strings.HasPrefix(low, p) && len(n) > len(p) {
				return n[len(p):]
			}
		}
	}
	return n
}

// guessNumber guesses the number of a further form of t: that of the
// canonical name it shares the longest beginning with.
func (m *matcher) guessNumber(t Term, n string) number {
	n = strings.ToLower(n)
	if m.lang.code == "de" {
		// A genitive: des Reiches, des Kobolds.
		for _, o := range t.One {
			if o = strings.ToLower(o); n == o+"s" || n == o+"es" {
				return singular
			}
		}
	}
	best, num := -1, unknown
	for _, c := range []struct {
		names []string
		num   number
	}{{t.One, singular}, {t.Other, plural}} {
		for _, x := range c.names {
			x = strings.ToLower(m.stripElision(x))
			if x == n {
				return c.num
			}
			if p := commonPrefix(x, n); p > best {
				best, num = p, c.num
			}
		}
	}
	if len(t.One) > 0 && len(t.Other) > 0 && t.One[0] == t.Other[0] {
		return unknown
	}
	return num
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// nameRegexp matches a name case-insensitively, with any spacing between
// its words and either apostrophe.
func nameRegexp(n string) *regexp.Regexp {
	parts := strings.Fields(n)
	for i, p := range parts {
		q := regexp.QuoteMeta(p)
		q = strings.ReplaceAll(q, "'", "['’]")
		q = strings.ReplaceAll(q, "’", "['’]")
		parts[i] = q
	}
	return regexp.MustCompile(`(?i)` + strings.Join(parts, `\s+`))
}

// find returns the names written in t, whole words outside actions, in
// text order. With longest, a name inside a longer name of any term is
// left out (the dragon of "dragon hordes"); otherwise only one inside a
// longer name of its own term.
func (m *matcher) find(t *text, longest bool) []occurrence {
	var all []occurrence
	low := strings.ToLower(t.s)
	for _, n := range m.names {
		// Most names are not in most texts: look for their first word
		// before running the expression.
		first, _, _ := strings.Cut(strings.ToLower(n.text), " ")
		if !strings.ContainsAny(first, "'’") && !strings.Contains(low, first) {
			continue
		}
		for _, loc := range n.re.FindAllStringIndex(t.s, -1) {
			if onBoundaries(t.s, loc[0], loc[1]) && !t.overlapsAction(loc[0], loc[1]) {
				all = append(all, occurrence{span{loc[0], loc[1]}, n})
			}
		}
	}
	var out []occurrence
	for _, o := range all {
		inside := false
		for _, p := range all {
			if p.end-p.start > o.end-o.start && p.start <= o.start && o.end <= p.end && (longest || p.name.term == o.name.term) {
				inside = true
				break
			}
		}
		dup := slices.ContainsFunc(out, func(p occurrence) bool { return p.span == o.span && p.name.term == o.name.term })
		if !inside && !dup {
			out = append(out, o)
		}
	}
	slices.SortStableFunc(out, func(a, b occurrence) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end), cmp.Compare(a.name.term, b.name.term))
	})
	return out
}

// isName reports whether w is any name of the vocabulary.
func (m *matcher) isName(w string) bool {
	for _, n := range m.names {
		if strings.EqualFold(n.text, w) {
			return true
		}
	}
	return false
}

// write returns the name of term t to write in place of a name of the
// given number: the first name of that number, else of the other.
func (m *matcher) write(t int, num number) string {
	tm := m.v.Terms[t]
	first := func(l []string) string {
		if len(l) > 0 {
			return m.stripElision(l[0])
		}
		return ""
	}
	if num == plural {
		return cmp.Or(first(tm.Other), first(tm.One), first(tm.Forms))
	}
	// One thing, or a number not known: the singular is the likelier.
	return cmp.Or(first(tm.One), first(tm.Other), first(tm.Forms))
}

// inflect returns the name of term sib to write in place of matched, an
// occurrence of name n of another term. When matched is a canonical name
// (a form of the term's message) with an ending, and sib has a name made
// of one of its canonical names and that ending, that is the one
// (verdeckt-en → offen-en); else it is sib's first name of n's number.
func (m *matcher) inflect(n *name, matched string, sib int) string {
	low := strings.ToLower(matched)
	canonical := func(x *name, term int) bool {
		t := m.v.Terms[term]
		return x.term == term && slices.ContainsFunc(slices.Concat(t.One, t.Other), func(c string) bool {
			return strings.EqualFold(m.stripElision(c), x.text)
		})
	}
	if slices.ContainsFunc(m.names, func(a *name) bool { return canonical(a, n.term) && strings.ToLower(a.text) == low }) {
		return m.write(sib, n.number)
	}
	best, stem := "", 0
	for _, a := range m.names {
		la := strings.ToLower(a.text)
		if !canonical(a, n.term) || !strings.HasPrefix(low, la) || len(la) <= stem {
			continue
		}
		suffix := low[len(la):]
		for _, b := range m.names {
			if !canonical(b, sib) {
				continue
			}
			want := strings.ToLower(b.text) + suffix
			if i := slices.IndexFunc(m.names, func(c *name) bool { return c.term == sib && strings.ToLower(c.text) == want }); i >= 0 {
				best, stem = m.names[i].text, len(la)
				break
			}
		}
	}
	if best != "" {
		return best
	}
	return m.write(sib, n.number)
}
