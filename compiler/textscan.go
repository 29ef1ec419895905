package compiler

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A token is a word or a number of a text, with its byte offset.
type token struct {
	text string  // as written
	low  string  // lower case, for matching
	off  int     // byte offset in the text
	num  float64 // the value of a number
	// isNum marks a number: digits, or a number word of the language;
	// weak marks the words for one, which are also articles ("un", "ein").
	isNum, weak, word bool
	// gap is what separates the token from the previous one.
	gap string
}

// lexicon is what reading numbers in a language needs.
type lexicon struct {
	lang  string
	dec   byte // decimal separator
	words map[string]float64
}

func newLexicon(lang string) *lexicon {
	lx := &lexicon{lang: lang, dec: '.', words: numberWords(lang)}
	if lang == "fr" || lang == "de" {
		lx.dec = ','
	}
	return lx
}

// tokens splits a text into words and numbers. Digits with a decimal
// separator of the language make one number (4,5 in French and German).
// Hyphenated number words add up (vingt-cinq, twenty-five).
func (lx *lexicon) tokens(text string) []token {
	dec, lang, words := lx.dec, lx.lang, lx.words
	var out []token
	last := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r >= '0' && r <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j+1 < len(text) && text[j] == dec && text[j+1] >= '0' && text[j+1] <= '9' {
				j++
				for j < len(text) && text[j] >= '0' && text[j] <= '9' {
					j++
				}
			}
			v, _ := strconv.ParseFloat(strings.Replace(text[i:j], ",", ".", 1), 64)
			out = append(out, token{text: text[i:j], low: text[i:j], off: i, num: v, isNum: true, gap: text[last:i]})
			i, last = j, j
		case unicode.IsLetter(r):
			j := i
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if !unicode.IsLetter(r2) && !(r2 == '-' && j+s2 < len(text) && isLetterAt(text, j+s2)) {
					break
				}
				j += s2
			}
			w := text[i:j]
			t := token{text: w, low: strings.ToLower(w), off: i, word: true, gap: text[last:i]}
			if v, weak, ok := wordValue(t, lang, words); ok {
				t.num, t.weak, t.isNum = v, weak, true
			}
			out = append(out, t)
			i, last = j, j
		default:
			i += size
		}
	}
	return out
}

func isLetterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// wordValue reads a number word, or hyphenated number words.
func wordValue(t token, lang string, words map[string]float64) (v float64, weak, ok bool) {
	if lang == "de" && t.text != t.low && (t.low == "elf" || t.low == "acht") {
		// German nouns are capitalized: "Elf" is an elf, "elf" eleven.
		return 0, false, false
	}
	parts := strings.Split(t.low, "-")
	for _, part := range parts {
		if part == "et" && len(parts) > 1 {
			continue // vingt-et-un
		}
		x, found := words[part]
		if !found {
			return 0, false, false
		}
		v += x
	}
	return v, v == 1 || slices.Contains(weakWords(lang), t.low), true
}

// weakWords are number words that also say something else ("both"): they
// may stand for a number of the other text but do not ask for one.
func weakWords(lang string) []string {
	switch lang {
	case "en":
		return []string{"both"}
	case "de":
		return []string{"beide", "beiden", "beider", "beides"}
	}
	return nil
}

// numberWords maps the number words of a language to their values; the
// words for one count as weak evidence only, since they are also articles.
func numberWords(lang string) map[string]float64 {
	var list []string
	var ones []string
	switch lang {
	case "en":
		ones = []string{"one"}
		list = []string{"", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
			"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
	case "fr":
		ones = []string{"un", "une"}
		list = []string{"", "", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
			"onze", "douze", "treize", "quatorze", "quinze", "seize", "", "", "", "vingt"}
	case "de":
		ones = []string{"ein", "eine", "einen", "einem", "einer", "eines", "eins"}
		list = []string{"", "", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
			"elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig"}
	}
	m := map[string]float64{}
	for v, w := range list {
		if w != "" {
			m[w] = float64(v)
		}
	}
	for _, w := range ones {
		m[w] = 1
	}
	for _, w := range weakWords(lang) {
		m[w] = 2
	}
	tens := map[string][]string{
		"en": {"thirty", "forty", "fifty"},
		"fr": {"trente", "quarante", "cinquante"},
		"de": {"dreißig", "vierzig", "fünfzig"},
	}
	for i, w := range tens[lang] {
		m[w] = float64(30 + 10*i)
	}
	return m
}

// phrase is a name to look for in a text: its words, lower case.
type phrase []string

func (lx *lexicon) phrase(s string) phrase {
	var p phrase
	for _, t := range lx.tokens(s) {
		p = append(p, t.low)
	}
	return p
}

// at reports whether p starts at token i of ts.
func (p phrase) at(ts []token, i int) bool {
	if len(p) == 0 || i+len(p) > len(ts) {
		return false
	}
	for j, w := range p {
		if ts[i+j].low != w {
			return false
		}
	}
	return true
}

// in reports whether p occurs in ts.
func (p phrase) in(ts []token) bool {
	if len(p) == 0 {
		return false
	}
	for i := range ts {
		if ts[i].low == p[0] && p.at(ts, i) {
			return true
		}
	}
	return false
}

// find returns the index of every token where p starts in ts.
func (p phrase) find(ts []token) []int {
	var at []int
	if len(p) == 0 {
		return nil
	}
	for i := range ts {
		if ts[i].low == p[0] && p.at(ts, i) {
			at = append(at, i)
		}
	}
	return at
}

// maskActions replaces every template action {{ ... }} with spaces, keeping
// byte offsets, so that text checks see only the prose.
func maskActions(text string) string { return mask(text, ' ') }

// mask replaces every template action with c, keeping byte offsets.
func mask(text string, c byte) string {
	b := []byte(text)
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '{' || b[i+1] != '{' {
			continue
		}
		end := strings.Index(text[i:], "}}")
		if end < 0 {
			break
		}
		for j := i; j < i+end+2; j++ {
			if b[j] != '\n' {
				b[j] = c
			}
		}
		i += end + 1
	}
	return string(b)
}
