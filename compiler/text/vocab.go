package text

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Vocab is what a game's data says of its concepts in one language: the
// forms that name each glossary term, and the groups of alternatives.
type Vocab struct {
	Lang    *Language
	byFirst map[string][]form   // by first folded word, longest first
	single  map[string]string   // one-word forms: concept
	groups  map[string][]*Group // concept: its groups
	proper  map[string]bool     // concepts that are proper names
	names   map[string][]string // concept: its names in this language, as written
	order   []string            // concepts in glossary order
}

// Group is a set of concepts that are alternatives to one another.
type Group struct {
	ID    string
	Kind  model.GroupKind
	Terms []string
}

type form struct {
	words   []string
	concept string
}

// NewVocab reads the concepts of a game in the language of loc: each
// term's names (every plural form of its message) and further forms
// (forms.<id>, separated by "|"). A form two terms share names the first.
func NewVocab(l *Language, g *model.Game, loc *model.Locale) *Vocab {
	v := &Vocab{Lang: l, byFirst: map[string][]form{}, single: map[string]string{}, groups: map[string][]*Group{}, proper: map[string]bool{}, names: map[string][]string{}}
	taken := map[string]bool{}
	for _, t := range g.Terms {
		v.proper[t.ID] = t.Proper
		v.order = append(v.order, t.ID)
		for _, f := range TermForms(loc, t) {
			v.names[t.ID] = append(v.names[t.ID], f)
			var words []string
			for _, tok := range l.Tokens(f, nil) {
				if tok.Kind != Punct {
					words = append(words, tok.Norm)
				}
			}
			key := strings.Join(words, " ")
			if len(words) == 0 || taken[key] {
				continue
			}
			taken[key] = true
			list := append(v.byFirst[words[0]], form{words, t.ID})
			slices.SortStableFunc(list, func(a, b form) int { return len(b.words) - len(a.words) })
			v.byFirst[words[0]] = list
			if len(words) == 1 {
				v.single[words[0]] = t.ID
			}
		}
	}
	for _, gr := range g.Groups {
		x := &Group{ID: gr.ID, Kind: gr.Kind, Terms: gr.Terms}
		for _, t := range gr.Terms {
			v.groups[t] = append(v.groups[t], x)
		}
	}
	return v
}

// TermForms lists the names a locale gives a term: its message's forms,
// then the forms of forms.<id>, without repeats.
func TermForms(loc *model.Locale, t *model.Term) []string {
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if loc == nil {
		return nil
	}
	if m := loc.Message(t.Message); m != nil {
		for _, k := range []string{"one", "two", "few", "many", "other", "zero"} {
			if f, ok := m.Forms[k]; ok {
				add(f)
			}
		}
	}
	if m := loc.Message("forms." + t.ID); m != nil {
		for _, f := range strings.Split(m.Forms["other"], "|") {
			add(f)
		}
	}
	return out
}

// Proper reports whether a concept is a proper name.
func (v *Vocab) Proper(concept string) bool { return v.proper[concept] }

// Names returns a concept's names in the vocabulary's language.
func (v *Vocab) Names(concept string) []string { return v.names[concept] }

// Groups returns the groups a concept belongs to.
func (v *Vocab) Groups(concept string) []*Group { return v.groups[concept] }

// Siblings reports the group two concepts share, if any.
func (v *Vocab) Siblings(a, b string) *Group {
	for _, g := range v.groups[a] {
		if slices.Contains(g.Terms, b) {
			return g
		}
	}
	return nil
}

// Mention is a concept named by the tokens [Tok, End) of a text.
type Mention struct {
	Tok, End int
	Concept  string
	// Part marks a concept named by part of a word: "Riesenstadt".
	Part bool
}

// Mentions finds the concepts the tokens name: a form matched word by
// word, or, in a language of compounds, a word made of forms.
func (v *Vocab) Mentions(ts []Token) []Mention {
	var out []Mention
	for i := 0; i < len(ts); {
		// A form may start with a number word: "premier joueur".
		if ts[i].Kind != Word && ts[i].Kind != Number {
			i++
			continue
		}
		if e, ok := v.match(ts, i); ok {
			out = append(out, e)
			i = e.End
			continue
		}
		if v.Lang.Compounds && ts[i].Kind == Word {
			out = append(out, v.compound(ts[i].Norm, i)...)
		}
		i++
	}
	return out
}

func (v *Vocab) match(ts []Token, i int) (Mention, bool) {
	for _, f := range v.byFirst[ts[i].Norm] {
		j := i
		ok := true
		for k, w := range f.words {
			// A possessive's apostrophe written against the word before
			// is no word of the form ("horses’ heads").
			if k > 0 && j < len(ts) && ts[j].Kind == Punct && ts[j].Joined && apostrophe(ts[j].Text) {
				j++
			}
			if j >= len(ts) || ts[j].Kind == Punct || ts[j].Norm != w {
				ok = false
				break
			}
			j++
		}
		if ok {
			return Mention{Tok: i, End: j, Concept: f.concept}, true
		}
	}
	return Mention{}, false
}

// apostrophe reports whether a token is an apostrophe alone.
func apostrophe(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && isApostrophe(r)
}

// compound finds the concepts of a word made of forms: "Gnomstädte" names
// gnomes and cities, "Riesenstadt" giants and cities. A split into two
// forms wins over one whose head alone is a form: "Riesens|tadt" is no
// split of "Riesenstadt".
func (v *Vocab) compound(w string, i int) []Mention {
	rs := []rune(w)
	var headOnly []Mention
	for k := len(rs) - 3; k >= 3; k-- {
		head, tail := string(rs[:k]), string(rs[k:])
		b := v.single[tail]
		a := v.single[head]
		for _, link := range []string{"s", "n", "en", "e", "es"} {
			if a == "" && strings.HasSuffix(head, link) && utf8.RuneCountInString(head)-len(link) >= 3 {
				a = v.single[strings.TrimSuffix(head, link)]
			}
		}
		switch {
		case a != "" && b != "":
			return []Mention{{Tok: i, End: i + 1, Concept: a, Part: true}, {Tok: i, End: i + 1, Concept: b, Part: true}}
		case a != "" && len(rs)-k >= 4 && headOnly == nil:
			headOnly = []Mention{{Tok: i, End: i + 1, Concept: a, Part: true}}
		}
	}
	return headOnly
}

// Misspelt returns the proper name a capitalised word misspells (one
// letter off, two for long names), or "".
func (v *Vocab) Misspelt(t Token) string {
	rs := []rune(t.Text)
	if t.Kind != Word || len(rs) < 4 {
		return ""
	}
	if _, known := v.single[t.Norm]; known {
		return ""
	}
	for _, concept := range v.order {
		if !v.proper[concept] {
			continue
		}
		for _, n := range v.names[concept] {
			f := Fold(n)
			if strings.ContainsRune(f, ' ') {
				continue
			}
			limit := 1
			if len([]rune(f)) >= 7 {
				limit = 2
			}
			if d := editdist.Distance(t.Norm, f, limit); d > 0 && d <= limit || editdist.Transposed(t.Norm, f) {
				return n
			}
		}
	}
	return ""
}
