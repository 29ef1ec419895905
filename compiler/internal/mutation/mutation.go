// Package mutation makes random single edits of translated texts, of the
// kinds translators make by mistake: a changed number, a dropped
// placeholder, one game concept named for another, a negation added or
// lost, a sentence or clause left out, a misspelt proper name. A benchmark
// puts each edit into a copy of a game and asks whether the translation
// checker reports it, and where.
//
// The edits are drawn from the texts with a seed, over every place an edit
// of a kind can be made, so that a checker cannot be tuned to a fixed list
// of cases. The package keeps its own small tables of English, French and
// German (number words, verbs to negate, abbreviations) and its own way of
// finding words and sentences: it shares no code with the checker it
// measures.
//
// Beside the mistakes (Kinds), it makes correct variations (Variations):
// the same meaning said another way, which a checker must not report.
//
// Game draws edits of the locale files of a loaded game; Text draws edits
// of any plain text, such as a printed rulebook, given the game's
// vocabulary in that text's language.
package mutation

import (
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Kind is a kind of edit.
type Kind string

// The kinds of edits.
const (
	// Digit changes one digit of a number written with digits, outside
	// template actions.
	Digit Kind = "digit"
	// NumberWord replaces a number word from two to twelve by another
	// (never one, a, un, une, ein).
	NumberWord Kind = "number_word"
	// Placeholder drops a simple template action ({{.Param.x}},
	// {{mul …}}), or writes it a second time elsewhere in its sentence.
	Placeholder Kind = "placeholder"
	// TermSwap names a glossary term where the text names a sibling: a
	// term of the same group of alternatives (races, peoples).
	TermSwap Kind = "term_swap"
	// Negation adds a negation to a verb or removes one, grammatically.
	Negation Kind = "negation"
	// SentenceDrop leaves out a sentence of four words or more from a
	// text of two sentences or more.
	SentenceDrop Kind = "sentence_drop"
	// ClauseDrop leaves out a clause of three words or more, between
	// commas, semicolons, a colon or parentheses, keeping three words of
	// its sentence, where three of its words or more carry content
	// (clauseContent).
	ClauseDrop Kind = "clause_drop"
	// ShortClauseDrop leaves out such a clause of fewer content words
	// (clauseContent): "en cas d’égalité", "une à une", which may leave
	// no evidence of their own.
	ShortClauseDrop Kind = "clause_drop_short"
	// Facing names the other side of a facing group (face up, face down).
	Facing Kind = "facing"
	// Destination names another place of a places group (hand, discard
	// pile).
	Destination Kind = "destination"
	// ProperName misspells one occurrence of a proper name: a letter
	// doubled or dropped, or two inner letters swapped.
	ProperName Kind = "proper_name"
	// Contrast turns a word of direction, time or bound into its
	// opposite: left and right, before and after, at least and at most.
	Contrast Kind = "contrast"
	// NumberSwap swaps two numbers of a sentence that differ: two
	// numbers written out (digits or words), or two simple actions that
	// print the game's data (not an engine's .Arg); never two terms of
	// one sum.
	NumberSwap Kind = "number_swap"
	// The closed-class edits: a word of a closed class (as Universal
	// Dependencies names them) that states a rule, turned into another
	// member of its class. Modality turns a permission into an
	// obligation or back ("may" and "must"); Quantity, a universal
	// quantifier into one ("each" into "one"); Degree, a degree into its
	// opposite ("most" and "least", "more" and "fewer", "highest" and
	// "lowest"); Identity, the same into another ("the same player").
	Modality Kind = "modality"
	Quantity Kind = "quantity"
	Degree   Kind = "degree"
	Identity Kind = "identity"
)

// Kinds lists every kind, in a fixed order.
func Kinds() []Kind {
	return []Kind{Digit, NumberWord, Placeholder, TermSwap, Negation, SentenceDrop, ClauseDrop, ShortClauseDrop, Facing, Destination, ProperName, Contrast, NumberSwap, Modality, Quantity, Degree, Identity, OpenWord, SpanDrop, SpanRepeat, SpanSwap, NumberMove}
}

// Lines is an inclusive range of lines, counted from 1.
type Lines struct{ From, To int }

// Contains reports whether line n is in the range.
func (l Lines) Contains(n int) bool { return l.From <= n && n <= l.To }

func (l Lines) String() string {
	if l.From == l.To {
		return fmt.Sprint(l.From)
	}
	return fmt.Sprintf("%d-%d", l.From, l.To)
}

// Edit is one edit of a file or text: the bytes [Start, End) of the
// original are replaced by New.
type Edit struct {
	Kind Kind
	// Game, Lang, File (the locale file's path in the tree), MessageID and
	// Form (the plural category) say which text was edited; Text leaves
	// Game, File, MessageID and Form empty.
	Game, Lang, File string
	MessageID, Form  string
	Start, End       int
	New              string
	// Desc says what changed, as "peut -> ne peut pas".
	Desc string
	// Lines are the lines of the edited file where the edit is: those the
	// new text spans; for a deletion, the line of the deletion point,
	// and the line before when the deletion point starts a line.
	Lines Lines
	// MessageLines are the lines of the edited message in the edited file
	// (for Text, the whole edited text).
	MessageLines Lines
}

// Apply returns a copy of data with the edit made.
func (e Edit) Apply(data []byte) []byte {
	out := make([]byte, 0, len(data)-(e.End-e.Start)+len(e.New))
	out = append(out, data[:e.Start]...)
	out = append(out, e.New...)
	return append(out, data[e.End:]...)
}

func (e Edit) String() string {
	where := e.File
	if e.MessageID != "" {
		where += " " + e.MessageID + " (" + e.Form + ")"
	}
	return fmt.Sprintf("%s %s: %s, line %s", e.Kind, strings.TrimSpace(where), e.Desc, e.Lines)
}

// change is an edit of one text: bytes of it replaced.
type change struct {
	span
	new  string
	desc string
}

// site is one place where an edit of a kind can be made; pick draws the
// edit's random parts, or says the place offers none after all.
type site struct {
	pick func(r *rand.Rand) (change, bool)
}

// sitesFor lists the places of t where an edit of kind can be made.
func sitesFor(kind Kind, t *text, m *matcher) ([]site, error) {
	switch kind {
	case Digit:
		return digitSites(t), nil
	case NumberWord:
		return numberWordSites(t, m), nil
	case Placeholder:
		return placeholderSites(t), nil
	case TermSwap:
		return swapSites(t, m, model.Alternatives), nil
	case Facing:
		return swapSites(t, m, model.Facing), nil
	case Destination:
		return swapSites(t, m, model.Places), nil
	case Negation:
		return t.lang.negations(t), nil
	case SentenceDrop:
		return sentenceSites(t), nil
	case ClauseDrop, ShortClauseDrop:
		return clauseSites(t, kind == ShortClauseDrop), nil
	case ProperName:
		return properSites(t, m), nil
	case Contrast:
		return contrastSites(t, m), nil
	case NumberSwap:
		return numberSwapSites(t, m), nil
	case Modality, Quantity, Degree, Identity:
		return closedSites(t, m, t.lang.closed[kind]), nil
	case OpenWord:
		return openSites(t, m, m.open), nil
	case SpanDrop, SpanRepeat, SpanSwap:
		return spanSites(t, kind), nil
	case NumberMove:
		return numberMoveSites(t, m), nil
	case NumberForm:
		return numberFormSites(t, m), nil
	case SentencesJoined:
		return joinSites(t, m), nil
	case SentenceSplit:
		return splitSites(t), nil
	}
	return nil, fmt.Errorf("unknown kind of edit %q", kind)
}

// newRand returns the random source of one draw: the seed, and a stream
// for what is drawn, so that draws do not depend on one another.
func newRand(seed uint64, parts ...string) *rand.Rand {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// draw makes up to n edits at distinct sites, taken in a random order.
func draw[S any](r *rand.Rand, sites []S, n int, try func(S) bool) {
	if n <= 0 {
		return
	}
	made := 0
	for _, i := range r.Perm(len(sites)) {
		if try(sites[i]) {
			if made++; made == n {
				return
			}
		}
	}
}

// Text draws up to n edits of one kind of a plain text in a language,
// with v the game's vocabulary in that language. Start and End are byte
// offsets in s; lines are counted from the text's first line.
func Text(s, lang string, v *Vocabulary, kind Kind, n int, seed uint64) ([]Edit, error) {
	lt, ok := languageOf(lang)
	if !ok {
		return nil, fmt.Errorf("no tables for language %q", lang)
	}
	if v == nil {
		v = &Vocabulary{}
	}
	t := newText(s, lt)
	sites, err := sitesFor(kind, t, newMatcher(v, lt))
	if err != nil {
		return nil, err
	}
	var out []Edit
	r := newRand(seed, lang, string(kind))
	draw(r, sites, n, func(st site) bool {
		c, ok := st.pick(r)
		if !ok {
			return false
		}
		e := Edit{Kind: kind, Lang: lang, Start: c.start, End: c.end, New: c.new, Desc: c.desc}
		e.Lines = editLines(s, c)
		e.MessageLines = Lines{1, strings.Count(s[:c.start]+c.new+s[c.end:], "\n") + 1}
		out = append(out, e)
		return true
	})
	return out, nil
}

// editLines are the lines of the edited text where change c is.
func editLines(s string, c change) Lines {
	from := strings.Count(s[:c.start], "\n") + 1
	if c.new == "" {
		if (c.start == 0 || s[c.start-1] == '\n') && from > 1 {
			return Lines{from - 1, from}
		}
		return Lines{from, from}
	}
	return Lines{from, from + strings.Count(c.new[:len(c.new)-1], "\n")}
}

// Game draws up to n edits of one kind of the texts of g in a translated
// language, in the locale file as fsys holds it. It edits the forms of
// every message but the names of terms and the messages "forms.<term>";
// a form written with escapes in the file is left alone.
func Game(g *model.Game, fsys fs.FS, lang string, kind Kind, n int, seed uint64) ([]Edit, error) {
	lt, ok := languageOf(lang)
	if !ok {
		return nil, fmt.Errorf("no tables for language %q", lang)
	}
	loc := g.Locale(lang)
	if loc == nil {
		return nil, fmt.Errorf("game %s has no locale %q", g.ID, lang)
	}
	data, err := fs.ReadFile(fsys, loc.File)
	if err != nil {
		return nil, err
	}
	raw := string(data)
	m := newMatcher(NewVocabulary(g, lang), lt)
	var srcLoc *model.Locale
	// A translation's open-class words are judged against its source.
	if kind == OpenWord && g.SourceLang != lang {
		m.open = newOpenLexicon(g, lang, lt, m)
		srcLoc = g.Locale(g.SourceLang)
	}
	srcLang, ok := languageOf(g.SourceLang)
	if !ok {
		srcLoc = nil
	}
	names := map[string]bool{}
	for _, t := range g.Terms {
		names[t.Message] = true
	}
	type placed struct {
		msg  *model.Message
		form string
		base int   // the form text's offset in the file
		msgs Lines // the message's lines
		site
	}
	var sites []placed
	for _, msg := range loc.Messages {
		if strings.HasPrefix(msg.ID, "forms.") || names[msg.ID] {
			continue
		}
		ms, ok := messageSpan(raw, msg.Pos.Line)
		if !ok {
			continue
		}
		for _, form := range sortedForms(msg.Forms) {
			base, ok := formOffset(raw, ms, msg.Forms[form], form)
			if !ok {
				continue
			}
			t := newText(msg.Forms[form], lt)
			if srcLoc != nil {
				t.source = openStems(messageText(srcLoc.Message(msg.ID)), srcLang)
			}
			st, err := sitesFor(kind, t, m)
			if err != nil {
				return nil, err
			}
			for _, s := range st {
				sites = append(sites, placed{msg, form, base, ms.lines, s})
			}
		}
	}
	var out []Edit
	r := newRand(seed, g.ID, lang, string(kind))
	draw(r, sites, n, func(p placed) bool {
		c, ok := p.pick(r)
		if !ok {
			return false
		}
		c.start += p.base
		c.end += p.base
		e := Edit{
			Kind: kind, Game: g.ID, Lang: lang, File: loc.File, MessageID: p.msg.ID, Form: p.form,
			Start: c.start, End: c.end, New: c.new, Desc: c.desc,
		}
		e.Lines = editLines(raw, c)
		delta := strings.Count(c.new, "\n") - strings.Count(raw[c.start:c.end], "\n")
		e.MessageLines = Lines{p.msgs.From, p.msgs.To + delta}
		out = append(out, e)
		return true
	})
	return out, nil
}
