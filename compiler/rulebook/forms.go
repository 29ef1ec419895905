package rulebook

import (
	"slices"
	"strings"
	"unicode"

	"github.com/grimoire-games/grimoire/compiler/editdist"
)

// forms finds the concepts a text names, by their forms in one language.
type forms struct {
	byFirst map[string][]formEntry // by first word, longest first
	single  map[int][]formEntry    // one-word forms by length, for OCR slips
	taken   map[string]bool
}

type formEntry struct {
	words   []string
	concept string
}

func newForms() *forms {
	return &forms{byFirst: map[string][]formEntry{}, single: map[int][]formEntry{}, taken: map[string]bool{}}
}

// add adds a form unless another concept already has it.
func (f *forms) add(words []string, concept string) {
	key := strings.Join(words, " ")
	if f.taken[key] {
		return
	}
	f.taken[key] = true
	e := formEntry{words: words, concept: concept}
	list := append(f.byFirst[words[0]], e)
	slices.SortStableFunc(list, func(a, b formEntry) int { return len(b.words) - len(a.words) })
	f.byFirst[words[0]] = list
	if len(words) == 1 {
		n := len([]rune(words[0]))
		f.single[n] = append(f.single[n], e)
	}
}

// mention is a concept named by the tokens [tok, end) of a text.
type mention struct {
	tok, end int
	concept  string
}

// mentions finds the concepts a text names. It also returns, for each
// token, the concepts named there.
func (ix *index) mentions(ts []token) ([]mention, [][]string) {
	var out []mention
	fuzzy := map[string]string{}
	at := make([][]string, len(ts))
	for i := 0; i < len(ts); {
		if ts[i].kind != word {
			i++
			continue
		}
		ms := ix.mentionAt(ts, i, fuzzy)
		if len(ms) == 0 {
			i++
			continue
		}
		for _, m := range ms {
			out = append(out, m)
			for k := m.tok; k < m.end; k++ {
				at[k] = append(at[k], m.concept)
			}
		}
		i = ms[0].end
	}
	return out, at
}

// mentionAt returns the concepts named from token i: a form, the parts of
// a German compound ("Riesenstadt"), or a form misspelt by one letter.
func (ix *index) mentionAt(ts []token, i int, fuzzy map[string]string) []mention {
	for _, e := range ix.forms.byFirst[ts[i].norm] {
		if end, ok := matchWords(ts, i, e.words); ok {
			return []mention{{tok: i, end: end, concept: e.concept}}
		}
	}
	w := ts[i].norm
	if ix.lang.Compounds {
		if ms := ix.compound(w, i); len(ms) > 0 {
			return ms
		}
	}
	c, seen := fuzzy[w]
	if !seen {
		c = ix.fuzzyConcept(w)
		fuzzy[w] = c
	}
	if c != "" {
		return []mention{{tok: i, end: i + 1, concept: c}}
	}
	return nil
}

// matchWords matches the words of a form from token i on, over
// punctuation that does not end a sentence (quotes in "cartes ‘dragon’").
func matchWords(ts []token, i int, words []string) (int, bool) {
	j := i
	for k, w := range words {
		if k > 0 {
			for n := 0; j < len(ts) && n < 3 && ts[j].kind == punct && !ts[j].stop && ts[j].text != ","; n++ {
				j++
			}
		}
		if j >= len(ts) || ts[j].kind == punct || ts[j].norm != w {
			return 0, false
		}
		j++
	}
	return j, true
}

// compound splits a German compound into two forms: "Gnomstädte" names
// gnomes and cities, "Koboldkarte" goblins and cards.
func (ix *index) compound(w string, i int) []mention {
	rs := []rune(w)
	for k := len(rs) - 3; k >= 3; k-- {
		head, tail := string(rs[:k]), string(rs[k:])
		b := ix.single(tail)
		if b == "" {
			continue
		}
		a := ix.single(head)
		for _, link := range []string{"s", "n", "en", "e"} {
			if a == "" && strings.HasSuffix(head, link) {
				a = ix.single(strings.TrimSuffix(head, link))
			}
		}
		if a != "" {
			return []mention{{tok: i, end: i + 1, concept: a}, {tok: i, end: i + 1, concept: b}}
		}
	}
	return nil
}

// single returns the concept of a one-word form, or "".
func (ix *index) single(w string) string {
	for _, e := range ix.forms.byFirst[w] {
		if len(e.words) == 1 {
			return e.concept
		}
	}
	return ""
}

// fuzzyConcept returns the concept of a one-word form one letter away from
// w (two for long words), for OCR slips such as "gedle" for "geôle". Words
// of the game's own texts are never slips.
func (ix *index) fuzzyConcept(w string) string {
	n := len([]rune(w))
	if n < 5 || ix.known[w] || !isWord(w) {
		return ""
	}
	max := 1
	if n >= 10 {
		max = 2
	}
	best, bestD := "", max+1
	for l := n - max; l <= n+max; l++ {
		for _, e := range ix.forms.single[l] {
			if d := editdist.Distance(w, e.words[0], max); d < bestD {
				best, bestD = e.concept, d
			}
		}
	}
	return best
}

func isWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func isLetter(r rune) bool { return unicode.IsLetter(r) }

// letters returns the letters of s.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, s)
}
