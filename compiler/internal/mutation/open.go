package mutation

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// OpenWord replaces a word of an open class (a noun, a verb, an
// adjective) by another word of the game's own texts in that language:
// one that follows the same word somewhere in them, so most often of the
// same part of speech and agreeing with what comes before it ("la carte"
// into "la pioche", "vous piochez" into "vous défaussez").
//
// A replacement that says the same thing another way is no error, so the
// generator keeps only those the game's translations separate: the word
// replaced goes with a word of the message's source, and the new word
// with another source word, absent from that message.
const OpenWord Kind = "open_word"

// Thresholds of the generator's own lexicon: a translated word goes with
// the source word whose messages it shares most, by Dice's coefficient
// over messages, when that is at least openDice over openFreq messages.
const (
	openDice = 0.5
	openFreq = 2
	// openMin is the fewest letters of a word the generator replaces.
	openMin = 4
)

// openLexicon is what the generator knows of a game's open-class words
// in one translated language.
type openLexicon struct {
	// src ties a translated stem to the source stem it goes with.
	src map[string]string
	// after lists, for a word (lower case), the open-class words the
	// texts write right after it, as written, sorted.
	after map[string][]string
}

// stemOf cuts a folded word to its first five letters: enough to take
// "défaussez" and "défausser" for one word. The generator's own, apart
// from the checker's.
func stemOf(w string) string {
	w = strings.ToLower(w)
	n := 0
	for i := range w {
		if n == 5 {
			return w[:i]
		}
		n++
	}
	return w
}

// open reports whether a word may be of an open class: long enough, not
// a number, not one of the language's function words.
func (l *language) open(w string) bool {
	if utf8.RuneCountInString(w) < openMin {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w)
	if r >= '0' && r <= '9' {
		return false
	}
	return !slices.Contains(l.function, strings.ToLower(w))
}

// openStems returns the stems of the open-class words of a text.
func openStems(s string, l *language) map[string]bool {
	t := newText(s, l)
	out := map[string]bool{}
	for _, w := range t.words() {
		if x := s[w.start:w.end]; l.open(x) {
			out[stemOf(x)] = true
		}
	}
	return out
}

// messageText joins the forms of a message, in a fixed order.
func messageText(m *model.Message) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	for _, f := range sortedForms(m.Forms) {
		b.WriteString(m.Forms[f])
		b.WriteString("\n")
	}
	return b.String()
}

// newOpenLexicon learns from g's messages in lang and in its source
// language which word goes with which, and which words follow which.
func newOpenLexicon(g *model.Game, lang string, lt *language, m *matcher) *openLexicon {
	ol := &openLexicon{src: map[string]string{}, after: map[string][]string{}}
	loc, srcLoc := g.Locale(lang), g.Locale(g.SourceLang)
	if loc == nil || srcLoc == nil {
		return ol
	}
	st, ok := languageOf(g.SourceLang)
	if !ok {
		return ol
	}
	freqT, freqS := map[string]int{}, map[string]int{}
	co := map[string]map[string]int{}
	after := map[string]map[string]bool{}
	for _, msg := range loc.Messages {
		txt := messageText(msg)
		ts, ss := openStems(txt, lt), openStems(messageText(srcLoc.Message(msg.ID)), st)
		for f := range ts {
			freqT[f]++
			if co[f] == nil {
				co[f] = map[string]int{}
			}
			for e := range ss {
				co[f][e]++
			}
		}
		for e := range ss {
			freqS[e]++
		}
		t := newText(txt, lt)
		ws := t.words()
		for i := 1; i < len(ws); i++ {
			p, w := ws[i-1], ws[i]
			x := txt[w.start:w.end]
			if strings.TrimSpace(txt[p.end:w.start]) != "" || !lt.open(x) || m.isName(x) || t.sentenceStart(w.start) {
				continue
			}
			k := strings.ToLower(txt[p.start:p.end])
			if after[k] == nil {
				after[k] = map[string]bool{}
			}
			after[k][x] = true
		}
	}
	for f, es := range co {
		best, top := "", openDice
		for _, e := range sortedKeys(es) {
			c := es[e]
			if c < openFreq {
				continue
			}
			if d := 2 * float64(c) / float64(freqT[f]+freqS[e]); d >= top {
				best, top = e, d
			}
		}
		if best != "" {
			ol.src[f] = best
		}
	}
	for k, ws := range after {
		ol.after[k] = sortedKeys(ws)
	}
	return ol
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, cmp.Compare)
	return out
}

// sameShape reports whether two words look alike as parts of speech do:
// the same last letter, which in these languages carries inflection
// (a plural, a person of a verb, an infinitive), and the same case of the
// first letter, which in German tells a noun.
func sameShape(a, b string) bool {
	la, _ := utf8.DecodeLastRuneInString(strings.ToLower(a))
	lb, _ := utf8.DecodeLastRuneInString(strings.ToLower(b))
	fa, _ := utf8.DecodeRuneInString(a)
	fb, _ := utf8.DecodeRuneInString(b)
	return la == lb && unicode.IsUpper(fa) == unicode.IsUpper(fb)
}

// openSites are the open-class words of t that go with a word of its
// source (t.source), each of which becomes a word that follows the same
// word elsewhere and goes with a source word the message lacks.
func openSites(t *text, m *matcher, ol *openLexicon) []site {
	if ol == nil || t.source == nil {
		return nil
	}
	var out []site
	ws := t.words()
	for i := 1; i < len(ws); i++ {
		p, w := ws[i-1], ws[i]
		word := t.s[w.start:w.end]
		if strings.TrimSpace(t.s[p.end:w.start]) != "" || !t.lang.open(word) || m.isName(word) || t.sentenceStart(w.start) {
			continue
		}
		e, ok := ol.src[stemOf(word)]
		if !ok || !t.source[e] {
			continue
		}
		var cands []string
		for _, x := range ol.after[strings.ToLower(t.s[p.start:p.end])] {
			f := stemOf(x)
			if f == stemOf(word) || !sameShape(word, x) {
				continue
			}
			if e2, ok := ol.src[f]; ok && e2 != e && !t.source[e2] {
				cands = append(cands, x)
			}
		}
		if len(cands) == 0 {
			continue
		}
		out = append(out, site{pick: func(r *rand.Rand) (change, bool) {
			nw := cands[r.IntN(len(cands))]
			return change{w, nw, word + " -> " + nw}, true
		}})
	}
	return out
}
