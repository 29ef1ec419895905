package rulebook

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed vocab.toml
var vocabTOML string

// vocabFile is vocab.toml as decoded.
type vocabFile struct {
	Lang map[string]langFile `toml:"lang"`
}

type langFile struct {
	Numbers   map[string]int `toml:"numbers"`
	Weak      map[string]int `toml:"weak"`
	Ordinals  map[string]int `toml:"ordinals"`
	Suffixes  []string       `toml:"suffixes"`
	Stopwords []string       `toml:"stopwords"`
	Negations []string       `toml:"negations"`
	Modals    []string       `toml:"modals"`
	Each      []string       `toml:"each"`
	Refs      []string       `toml:"refs"`
	Joins     []string       `toml:"joins"`
	Partitive []string       `toml:"partitive"`
	Times     []string       `toml:"times"`
	Into      []string       `toml:"into"`
}

// vocab is the checker's vocabulary, decoded from vocab.toml.
type vocab struct {
	langs map[string]*language
}

// loadVocab decodes the embedded vocabulary. It is decoded for each check,
// so that the package holds no state.
func loadVocab() (*vocab, error) {
	var f vocabFile
	md, err := toml.Decode(vocabTOML, &f)
	if err != nil {
		return nil, fmt.Errorf("vocab.toml: %w", err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		return nil, fmt.Errorf("vocab.toml: unknown key %s", u[0])
	}
	v := &vocab{langs: map[string]*language{}}
	for tag, lf := range f.Lang {
		v.langs[tag] = newLanguage(tag, lf)
	}
	return v, nil
}

// lang returns the words of a language; a language the vocabulary lacks
// has no words, and its numbers are read from digits only.
func (v *vocab) lang(tag string) *language {
	if l, ok := v.langs[tag]; ok {
		return l
	}
	return newLanguage(tag, langFile{})
}

// language is the vocabulary of one language, folded.
type language struct {
	tag                     string
	numbers, weak, ordinals map[string]float64
	suffixes, stop, neg     map[string]bool
	modal, refs, joins      map[string]bool
	partitive, times, into  map[string]bool
	each                    [][]string // phrases, as folded words
}

func newLanguage(tag string, f langFile) *language {
	l := &language{
		tag:       tag,
		numbers:   values(f.Numbers),
		weak:      values(f.Weak),
		ordinals:  values(f.Ordinals),
		suffixes:  set(f.Suffixes),
		stop:      set(f.Stopwords),
		neg:       set(f.Negations),
		modal:     set(f.Modals),
		refs:      set(f.Refs),
		joins:     set(f.Joins),
		partitive: set(f.Partitive),
		times:     set(f.Times),
		into:      set(f.Into),
	}
	for _, p := range f.Each {
		l.each = append(l.each, strings.Fields(fold(p)))
	}
	return l
}

func values(m map[string]int) map[string]float64 {
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[fold(k)] = float64(v)
	}
	return out
}

func set(words []string) map[string]bool {
	out := make(map[string]bool, len(words))
	for _, w := range words {
		out[fold(w)] = true
	}
	return out
}

func (l *language) suffix(s string) bool { return l.suffixes[s] }

func (l *language) isOr(s string) bool { return l.joins[s] }

// compound reads a German number word made of two: "fünfundzwanzig".
func (l *language) compound(s string) (float64, bool) {
	if l.tag != "de" {
		return 0, false
	}
	a, b, ok := strings.Cut(s, "und")
	if !ok {
		return 0, false
	}
	x, okA := l.numbers[a]
	y, okB := l.numbers[b]
	if a == "ein" {
		x, okA = 1, true
	}
	if !okA || !okB || x >= 10 || y < 20 {
		return 0, false
	}
	return x + y, true
}

// content reports whether a folded word carries context: not a stopword,
// and longer than two letters.
func (l *language) content(w string) bool {
	return len([]rune(w)) > 2 && !l.stop[w]
}

// stem cuts a folded word to its first five letters: crude, but enough to
// see "construction" and "construit", "cités" and "cité" as one word.
func stem(w string) string {
	rs := []rune(w)
	if len(rs) > 5 {
		return string(rs[:5])
	}
	return w
}
