// Package text reads rule texts the way every check of Grimoire needs them:
// split into tokens, sentences and clauses, each token at its exact place,
// and each sentence annotated with what it states — numbers and what they
// count, game concepts, placeholders, negation with its scope, modality,
// connectives.
//
// The package knows languages and nothing of any game: number words,
// negation and modal cues, connectives and stopwords of English, French
// and German live in lang/<tag>.toml. What a text says about a game is found through a
// Vocab, built from that game's glossary (its terms, their forms in each
// language, its groups of alternatives), so a new game gets every check
// without code.
package text

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/unicode/norm"
)

//go:embed lang/*.toml
var langFS embed.FS

// langFile is lang/<tag>.toml as decoded.
type langFile struct {
	Decimal         string         `toml:"decimal"`
	Numbers         map[string]int `toml:"numbers"`
	Weak            map[string]int `toml:"weak"`
	Ordinals        map[string]int `toml:"ordinals"`
	OrdinalSuffixes []string       `toml:"ordinal_suffixes"`
	StrongBefore    []string       `toml:"strong_before"`
	StrongAfter     []string       `toml:"strong_after"`
	Nouns           []string       `toml:"nouns"`
	Stopwords       []string       `toml:"stopwords"`
	Refs            []string       `toml:"refs"`
	Joins           []string       `toml:"joins"`
	Ranges          []string       `toml:"ranges"`
	Times           []string       `toml:"times"`
	Into            []string       `toml:"into"`
	From            []string       `toml:"from"`
	At              []string       `toml:"at"`
	Partitive       []string       `toml:"partitive"`
	Adpositions     []string       `toml:"adpositions"`
	Each            []string       `toml:"each"`
	Compounds       bool           `toml:"compounds"`
	Length          float64        `toml:"length"`
	Doubles         []string       `toml:"doubles"`
	Openers         []string       `toml:"openers"`
	// Connectives, by a kind every language shares ("if", "both",
	// "one_by_one"): what a sentence states with words no lexicon of one
	// game learns, since they are too common or too short.
	Connectives map[string][]string `toml:"connectives"`
	// Quantities, by a kind every language shares ("one", "more",
	// "high"): words of quantity and degree, which tell only against
	// another of their contrast group (text.Contrasts).
	Quantities map[string][]string `toml:"quantities"`
	Negation   struct {
		Words    []string `toml:"words"`
		Particle []string `toml:"particle"`
		Partners []string `toml:"partners"`
		Lexical  []string `toml:"lexical"`
		Idioms   []string `toml:"idioms"`
		// Phrases, by a kind every language shares, whose negation
		// is their own ("not only", "or not"): compared kind by kind.
		Phrases map[string][]string `toml:"phrases"`
	} `toml:"negation"`
	Restriction struct {
		Words   []string `toml:"words"`
		Partner []string `toml:"partner"`
		Idioms  []string `toml:"idioms"`
	} `toml:"restriction"`
	Modal struct {
		Can  []string `toml:"can"`
		Must []string `toml:"must"`
	} `toml:"modal"`
}

// Language is what the checks know of one language. A language without a
// file reads numbers from digits only and finds no cues.
type Language struct {
	Tag       string
	Decimal   byte // the decimal separator: '.' or ','
	Compounds bool // words join into compounds, as in German
	// Length is how long a text in the language usually runs against
	// the same text in English, in characters; 0 where unknown.
	Length float64

	numbers, weak, ordinals                 map[string]float64
	suffixes, strongBefore, strongAfter     set
	nouns, stop, refs, joins, ranges        set
	times, into, from, at, doubles, openers set
	partitive, adpositions                  set
	each                                    [][]string
	neg, particle, partners, lexical        set
	negIdioms, restrictIdioms               [][]string
	negPhrases                              []kindPhrase
	connectives, quantities                 map[string][]kindPhrase // by first word
	restrict                                set
	restrictPartner                         set
	can, must                               [][]string
}

type set map[string]bool

func newSet(words []string) set {
	s := make(set, len(words))
	for _, w := range words {
		s[Fold(w)] = true
	}
	return s
}

func phrases(list []string) [][]string {
	var out [][]string
	for _, p := range list {
		out = append(out, strings.FieldsFunc(Fold(p), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }))
	}
	return out
}

func values(m map[string]int) map[string]float64 {
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[Fold(k)] = float64(v)
	}
	return out
}

// Languages returns the tags of the languages the checks know, sorted.
func Languages() []string {
	entries, _ := langFS.ReadDir("lang")
	var out []string
	for _, e := range entries {
		if tag, ok := strings.CutSuffix(e.Name(), ".toml"); ok {
			out = append(out, tag)
		}
	}
	return out
}

// Lang returns what the checks know of a language. The tag's primary
// subtag chooses the file ("fr-CA" reads fr.toml).
func Lang(tag string) (*Language, error) {
	base, _, _ := strings.Cut(strings.ToLower(tag), "-")
	l := &Language{Tag: tag, Decimal: '.'}
	raw, err := langFS.ReadFile("lang/" + base + ".toml")
	if err != nil {
		l.init(langFile{})
		return l, nil
	}
	var f langFile
	md, err := toml.Decode(string(raw), &f)
	if err != nil {
		return nil, fmt.Errorf("language %s: %w", base, err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		return nil, fmt.Errorf("language %s: unknown key %s", base, u[0])
	}
	l.init(f)
	return l, nil
}

func (l *Language) init(f langFile) {
	if f.Decimal == "," {
		l.Decimal = ','
	}
	l.Compounds = f.Compounds
	l.Length = f.Length
	l.numbers, l.weak, l.ordinals = values(f.Numbers), values(f.Weak), values(f.Ordinals)
	l.suffixes, l.strongBefore, l.strongAfter = newSet(f.OrdinalSuffixes), newSet(f.StrongBefore), newSet(f.StrongAfter)
	l.nouns, l.stop, l.refs, l.joins, l.ranges = newSet(f.Nouns), newSet(f.Stopwords), newSet(f.Refs), newSet(f.Joins), newSet(f.Ranges)
	l.times, l.into, l.from, l.at, l.doubles, l.openers = newSet(f.Times), newSet(f.Into), newSet(f.From), newSet(f.At), newSet(f.Doubles), newSet(f.Openers)
	l.partitive, l.adpositions, l.each = newSet(f.Partitive), newSet(f.Adpositions), phrases(f.Each)
	l.neg, l.particle, l.partners, l.lexical = newSet(f.Negation.Words), newSet(f.Negation.Particle), newSet(f.Negation.Partners), newSet(f.Negation.Lexical)
	l.negIdioms, l.restrictIdioms = phrases(f.Negation.Idioms), phrases(f.Restriction.Idioms)
	for _, kind := range slices.Sorted(maps.Keys(f.Negation.Phrases)) {
		for _, p := range phrases(f.Negation.Phrases[kind]) {
			l.negPhrases = append(l.negPhrases, kindPhrase{kind, p})
			// Its negation word negates nothing else.
			l.negIdioms = append(l.negIdioms, p)
		}
	}
	l.connectives, l.quantities = kindPhrases(f.Connectives), kindPhrases(f.Quantities)
	l.restrict, l.restrictPartner = newSet(f.Restriction.Words), newSet(f.Restriction.Partner)
	l.can, l.must = phrases(f.Modal.Can), phrases(f.Modal.Must)
}

// kindPhrase is a phrase and the kind it says.
type kindPhrase struct {
	kind  string
	words []string
}

// Stopword reports whether a folded word carries no content.
func (l *Language) Stopword(w string) bool { return l.stop[w] }

// Content reports whether a folded word carries content: not a stopword,
// and longer than two letters.
func (l *Language) Content(w string) bool { return len([]rune(w)) > 2 && !l.stop[w] }

// Into reports whether a folded word is a preposition of where a thing goes.
func (l *Language) Into(w string) bool { return l.into[w] }

// From reports whether a folded word is a preposition of where a thing
// comes from.
func (l *Language) From(w string) bool { return l.from[w] }

// At reports whether a folded word, before a bare noun, says where a
// thing is rather than where it goes ("en main").
func (l *Language) At(w string) bool { return l.at[w] }

// Joins reports whether a folded word joins the items of a list ("or").
func (l *Language) Joins(w string) bool { return l.joins[w] }

// OrdinalSuffix reports whether folded letters after digits make them an
// ordinal ("3e", "16th").
func (l *Language) OrdinalSuffix(w string) bool { return l.suffixes[w] }

// Times reports whether a folded word multiplies ("three times as many"):
// the number before it counts nothing.
func (l *Language) Times(w string) bool { return l.times[w] }

// Partitive reports whether a folded word stands between a part and its
// whole ("one of the 3 cards").
func (l *Language) Partitive(w string) bool { return l.partitive[w] }

// Adposition reports whether a folded word is a preposition or a
// postposition, alone or fused with an article ("au", "zum").
func (l *Language) Adposition(w string) bool { return l.adpositions[w] }

// Each returns the phrases, as folded words, that give something to every
// player ("each player").
func (l *Language) Each() [][]string { return l.each }

// Doubles reports whether the language writes a word twice in a row
// correctly ("nous nous", "die die").
func (l *Language) Doubles(w string) bool { return l.doubles[w] }

// Opener reports whether a folded word opens a clause no mark sets off:
// a relative pronoun or a conjunction ("qui", "which", "weil").
func (l *Language) Opener(w string) bool { return l.openers[w] }

// Stopwords returns the language's stopwords, for telling languages apart.
func (l *Language) Stopwords() map[string]bool {
	out := make(map[string]bool, len(l.stop))
	for w := range l.stop {
		out[w] = true
	}
	return out
}

// Fold returns s in lower case without accents, ligatures or typographic
// apostrophes, so that "Geôle", "geole" and "GEOLE" compare equal.
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == '`' {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s) // most words: no accent to fold
	}
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("ss")
		case r == 'œ' || r == 'Œ':
			b.WriteString("oe")
		case r == 'æ' || r == 'Æ':
			b.WriteString("ae")
		case isApostrophe(r):
			b.WriteByte('\'')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == '‘' || r == '`' || r == '´' || r == 'ʼ'
}

// kindPhrases indexes phrases by kind by their first word.
func kindPhrases(byKind map[string][]string) map[string][]kindPhrase {
	out := map[string][]kindPhrase{}
	for _, kind := range slices.Sorted(maps.Keys(byKind)) {
		for _, p := range phrases(byKind[kind]) {
			kp := kindPhrase{kind, p}
			// A phrase a kind lists twice ("où" and "ou" fold alike) says it once.
			if len(p) > 0 && !slices.ContainsFunc(out[p[0]], func(x kindPhrase) bool { return x.kind == kind && slices.Equal(x.words, p) }) {
				out[p[0]] = append(out[p[0]], kp)
			}
		}
	}
	return out
}
