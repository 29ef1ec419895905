package text

import (
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// Telling languages apart by their closed-class words: articles,
// pronouns, prepositions, auxiliaries and conjunctions (each language's
// stopwords) make a large share of any sentence, and few of them are
// shared between languages.

// StopShare is the share of the words (folded) that are the language's
// stopwords.
func (l *Language) StopShare(words []string) float64 {
	if len(words) == 0 {
		return 0
	}
	n := 0
	for _, w := range words {
		if l.stop[w] {
			n++
		}
	}
	return float64(n) / float64(len(words))
}

// Guess returns the language of langs whose stopwords make the largest
// share of the words (folded), and that share; the first of langs wins a
// tie, and none has a share of 0.
func Guess(words []string, langs []*Language) (*Language, float64) {
	var best *Language
	share := 0.0
	for _, l := range langs {
		if s := l.StopShare(words); s > share {
			best, share = l, s
		}
	}
	return best, share
}

// Thresholds of ForeignSentence: a sentence reads as another language
// when it has enough words, enough of them are that language's own
// closed-class words, and its own language's make at most half that
// share.
const (
	foreignWords = 4    // words of a sentence, at least
	foreignOwn   = 2    // closed-class words of the other language no other has
	foreignShare = 0.25 // of the words, the other language's closed-class words
)

// ForeignSentence returns the language of langs that sentence i of d is
// written in, when that is clearly not d's own; nil otherwise.
func (d *Doc) ForeignSentence(i int, langs []*Language) *Language {
	own := d.Vocab.Lang
	s := d.Sentences[i]
	var words []string
	for _, t := range d.Tokens[s.Lo:s.Hi] {
		if t.Kind == Word {
			words = append(words, t.Norm)
		}
	}
	if len(words) < foreignWords {
		return nil
	}
	best, share := Guess(words, langs)
	if best == nil || best.Tag == own.Tag || share < foreignShare || 2*own.StopShare(words) >= share {
		return nil
	}
	// Words of the other language that d's own does not have: "a" or
	// "on" alone say nothing.
	n := 0
	for _, w := range words {
		if best.stop[w] && !own.stop[w] {
			n++
		}
	}
	if n < foreignOwn {
		return nil
	}
	return best
}

// LangName names a language in English: "German" for "de".
func LangName(tag string) string {
	t, err := language.Parse(tag)
	if err != nil {
		return tag
	}
	if name := display.English.Languages().Name(t); name != "" {
		return name
	}
	return tag
}
