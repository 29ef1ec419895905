// Package l10n renders a game's messages in one language: it builds the
// template data from the compiled model (so texts take every number from the
// data), formats numbers the language's way and picks plural forms with
// go-i18n's CLDR rules.
package l10n

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"text/template"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	i18ntemplate "github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/msgtmpl"
)

// Number is a number from the game data, printed the language's way;
// templates may multiply it (see msgtmpl).
type Number = msgtmpl.Number

// List is a list of numbers from the data, printed separated by commas.
type List = msgtmpl.List

// Funcs are the functions message templates may call.
func Funcs() template.FuncMap { return msgtmpl.Funcs() }

// Data is the template data of a game in a language: .Param, .Total, .Card,
// .Component.<id>.count, .Players and .Variant.<id>.Players. Beside its
// fields, .Card.<id>.reconstructed.<field> is the mark of a reconstructed
// value where a printout marks them, and empty otherwise. Callers add
// .Count for plural messages. For a game played in a variant, .Players is
// the variant's player count, and .Card holds every card of the game as
// loaded, so that one rulebook renders in every variant.
func Data(g *model.Game, lang string) map[string]any { return data(g, lang, "") }

// data is Data with mark after every reconstructed number.
func data(g *model.Game, lang, mark string) map[string]any {
	p := msgtmpl.NewPrinter(lang)
	num := p.Int
	params := map[string]any{}
	for _, pr := range g.Params {
		v := value(pr.Type, pr.Value, p)
		if mark != "" && pr.Reconstructed.Any() {
			v = markEntries(pr, v, mark)
		}
		params[pr.ID] = v
	}
	totals := map[string]any{}
	for _, t := range g.Totals {
		totals[t.ID] = num(int64(t.Count))
	}
	types := map[string]*model.Type{}
	for _, t := range g.Types {
		types[t.ID] = t
	}
	cards := map[string]any{}
	for _, c := range g.Loaded().Cards {
		fields := map[string]any{"copies": num(int64(c.Copies))}
		if t := types[c.Type]; t != nil {
			for _, fv := range c.Values {
				if f := t.Field(fv.Field); f != nil && fv.Set {
					fields[fv.Field] = value(f.Type, fv.Value, p)
				}
			}
		}
		// .reconstructed.<field> is the mark alone, for a text that
		// states a reconstructed value in words: "a goblin and a human".
		marks := map[string]any{}
		for f := range fields {
			marks[f] = ""
		}
		if mark != "" {
			for _, r := range c.Reconstructed {
				if v, ok := fields[r]; ok {
					fields[r] = marked(v, mark)
					marks[r] = mark
				}
			}
		}
		fields["reconstructed"] = marks
		cards[c.ID] = fields
	}
	components := map[string]any{}
	for _, c := range g.Components {
		components[c.ID] = map[string]any{"count": num(int64(c.Count))}
	}
	variants := map[string]any{}
	for _, v := range g.Variants {
		variants[v.ID] = map[string]any{"Players": map[string]any{"Min": num(int64(v.Players.Min)), "Max": num(int64(v.Players.Max))}}
	}
	return map[string]any{
		"Variant":   variants,
		"Component": components,
		"Param":     params,
		"Total":     totals,
		"Card":      cards,
		"Players":   map[string]any{"Min": num(int64(g.Players.Min)), "Max": num(int64(g.Players.Max))},
	}
}

// WithCount returns a copy of data with .Count set, for plural messages.
func WithCount(data map[string]any, count any) map[string]any {
	d := maps.Clone(data)
	d["Count"] = count
	return d
}

func value(t *model.ValueType, v model.Value, p msgtmpl.Printer) any {
	switch t.Kind {
	case model.Int:
		return p.Int(v.Int)
	case model.Decimal:
		return p.Decimal(v.Dec)
	case model.Bool:
		return v.Bool
	case model.List:
		l := make(List, len(v.List))
		for i, e := range v.List {
			l[i] = value(t.Elem, e, p)
		}
		return l
	case model.Map:
		m := make(map[string]any, len(v.List))
		for i, e := range v.List {
			if i < len(v.Keys) {
				m[t.Key.Format(v.Keys[i])] = value(t.Elem, e, p)
			}
		}
		return m
	}
	return v.Str
}

// marked returns v with mark after each number it holds.
func marked(v any, mark string) any {
	switch x := v.(type) {
	case Number:
		x.Mark = mark
		return x
	case List:
		out := make(List, len(x))
		for i, e := range x {
			out[i] = marked(e, mark)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = marked(e, mark)
		}
		return out
	}
	return v
}

// markEntries marks the reconstructed entries of a parameter's template
// value v: all of it, or single map entries and list elements.
func markEntries(pr *model.Param, v any, mark string) any {
	if pr.Reconstructed.All {
		return marked(v, mark)
	}
	switch x := v.(type) {
	case List:
		out := make(List, len(x))
		for i, e := range x {
			if pr.EntryReconstructed(i) {
				e = marked(e, mark)
			}
			out[i] = e
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if slices.Contains(pr.Reconstructed.Entries, k) {
				e = marked(e, mark)
			}
			out[k] = e
		}
		return out
	}
	return v
}

// Localizer renders the messages of one locale.
type Localizer struct {
	Lang    string
	data    map[string]any
	loc     *i18n.Localizer
	samples map[string]string // plural category to a count that selects it
	done    *rendered
}

// rendered holds the texts rendered with one template data, shared by
// the localizers made with it: a printout renders the same names and
// texts again for every card, cell and size it tries, and rendering
// (with a copy of the data for a count) was most of what it allocated.
// The data never changes, so a text renders the same every time.
type rendered struct {
	mu sync.Mutex
	m  map[renderKey]string
}

// renderKey is a message rendered alone, or with an int count: the one
// kind of count remembered, as printouts and engines count with ints.
type renderKey struct {
	id      string
	n       int
	counted bool
}

func newRendered() *rendered { return &rendered{m: map[renderKey]string{}} }

func (r *rendered) get(k renderKey) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.m[k]
	return s, ok
}

func (r *rendered) put(k renderKey, s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.m[k] = s
}

// New returns a localizer for one of the game's languages.
func New(g *model.Game, lang string) (*Localizer, error) { return NewMarked(g, lang, "") }

// NewMarked is New, with mark printed after every number of the data that
// is reconstructed (a card's field its card lists as reconstructed, a
// parameter's marked entries), as printouts show guesses; "" marks none.
func NewMarked(g *model.Game, lang, mark string) (*Localizer, error) {
	return (*Cache)(nil).NewMarked(g, lang, mark)
}

// NewMarked is NewMarked through the cache.
func (c *Cache) NewMarked(g *model.Game, lang, mark string) (*Localizer, error) {
	locale := g.Locale(lang)
	if locale == nil {
		return nil, fmt.Errorf("game %s has no %q locale", g.ID, lang)
	}
	b, err := c.bundle(locale)
	if err != nil {
		return nil, err
	}
	d, done := c.templateData(g, lang, mark)
	return &Localizer{Lang: lang, data: d, loc: i18n.NewLocalizer(b, lang), samples: c.sampleCounts(lang), done: done}, nil
}

// newBundle returns go-i18n's bundle of a locale's messages.
func newBundle(locale *model.Locale) (*i18n.Bundle, error) {
	tag, err := language.Parse(locale.Lang)
	if err != nil {
		return nil, fmt.Errorf("language %q: %w", locale.Lang, err)
	}
	b := i18n.NewBundle(tag)
	msgs := make([]*i18n.Message, 0, len(locale.Messages))
	for _, m := range locale.Messages {
		msgs = append(msgs, I18nMessage(m))
	}
	if err := b.AddMessages(tag, msgs...); err != nil {
		return nil, fmt.Errorf("locale %s: %w", locale.Lang, err)
	}
	return b, nil
}

// I18nMessage converts a model message to go-i18n's form.
func I18nMessage(m *model.Message) *i18n.Message {
	return &i18n.Message{
		ID: m.ID, Description: m.Description, Hash: m.Hash,
		Zero: m.Forms["zero"], One: m.Forms["one"], Two: m.Forms["two"],
		Few: m.Forms["few"], Many: m.Forms["many"], Other: m.Forms["other"],
	}
}

// parser parses message templates with Funcs and missingkey=error. Unlike
// go-i18n's TextParser given Funcs, it lets go-i18n cache each parsed
// template: the functions never change, and parsing on every call would
// cost far more than rendering.
type parser struct{}

func (parser) Cacheable() bool { return true }

func (parser) Parse(src, left, right string) (i18ntemplate.ParsedTemplate, error) {
	if left == "" {
		left = "{{"
	}
	if right == "" {
		right = "}}"
	}
	if !strings.Contains(src, left) {
		return plain(src), nil
	}
	t, err := template.New("").Delims(left, right).Option("missingkey=error").Funcs(Funcs()).Parse(src)
	if err != nil {
		return nil, err
	}
	g, err := Guard(t)
	if err != nil {
		return nil, err
	}
	return parsed{g}, nil
}

// plain is a message without template actions.
type plain string

func (p plain) Execute(any) (string, error) { return string(p), nil }

// parsed runs a template within its budget.
type parsed struct{ t *Template }

func (p parsed) Execute(data any) (string, error) {
	out, err := p.t.Execute(data)
	if err != nil {
		return "", err
	}
	return out, nil
}

// Text renders a message that has no plural forms.
func (l *Localizer) Text(id string) (string, error) {
	k := renderKey{id: id}
	if s, ok := l.done.get(k); ok {
		return s, nil
	}
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: l.data, TemplateParser: parser{}})
	if err == nil {
		l.done.put(k, s)
	}
	return s, err
}

// Count renders the plural form of a message that fits count.
func (l *Localizer) Count(id string, count any) (string, error) {
	n, isInt := count.(int)
	k := renderKey{id, n, true}
	if isInt {
		if s, ok := l.done.get(k); ok {
			return s, nil
		}
	}
	s, err := l.loc.Localize(&i18n.LocalizeConfig{
		MessageID: id, PluralCount: count,
		TemplateData: WithCount(l.data, count), TemplateParser: parser{},
	})
	if err == nil && isInt {
		l.done.put(k, s)
	}
	return s, err
}

// Format renders a declared message (an engine's action name, a score
// label) with the game's data and args as .Arg. Args are printed as they
// are, so numbers should come formatted; an arg the template names but args
// lacks is an error.
func (l *Localizer) Format(id string, args map[string]any) (string, error) {
	d := make(map[string]any, len(l.data)+1)
	for k, v := range l.data {
		d[k] = v
	}
	d["Arg"] = args
	return l.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: d, TemplateParser: parser{}})
}

// Name renders a name message in its singular form.
func (l *Localizer) Name(id string) (string, error) { return l.Count(id, 1) }

// pluralSamples hit every CLDR cardinal category of the languages go-i18n
// knows: integers, fractions and compact large numbers.
func pluralSamples() []string {
	return []string{"0", "1", "2", "3", "4", "5", "6", "7", "11", "12", "13", "19", "20", "21", "22", "100", "101", "102", "1000000", "0.5", "1.5", "2.5"}
}

// PluralCategories returns the CLDR cardinal categories of a language in
// CLDR order, by asking go-i18n which form it picks for sample numbers.
func PluralCategories(lang string) ([]string, error) {
	tag, err := language.Parse(lang)
	if err != nil {
		return nil, fmt.Errorf("language %q: %w", lang, err)
	}
	b := i18n.NewBundle(tag)
	all := []string{"zero", "one", "two", "few", "many", "other"}
	m := &i18n.Message{ID: "probe", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	if err := b.AddMessages(tag, m); err != nil {
		return nil, err
	}
	loc := i18n.NewLocalizer(b, lang)
	seen := map[string]bool{"other": true}
	for _, s := range pluralSamples() {
		out, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "probe", PluralCount: s})
		if err != nil {
			return nil, err
		}
		seen[out] = true
	}
	var cats []string
	for _, c := range all {
		if seen[c] {
			cats = append(cats, c)
		}
	}
	return cats, nil
}

// SampleCounts returns, for each CLDR category of lang that some sample
// number selects, the first such number, so every plural form of a message
// can be rendered.
func SampleCounts(lang string) map[string]string {
	out := map[string]string{}
	tag, err := language.Parse(lang)
	if err != nil {
		return out
	}
	b := i18n.NewBundle(tag)
	m := &i18n.Message{ID: "probe", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	if b.AddMessages(tag, m) != nil {
		return out
	}
	loc := i18n.NewLocalizer(b, lang)
	for _, s := range pluralSamples() {
		cat, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "probe", PluralCount: s})
		if _, seen := out[cat]; err == nil && !seen {
			out[cat] = s
		}
	}
	return out
}

// SampleCount returns a count that selects the given category in lang; ""
// when none does. Callers rendering many messages should use a Localizer's
// Sample, which computes the counts once.
func SampleCount(lang, category string) string { return SampleCounts(lang)[category] }

// Sample returns a count that selects the given plural category in the
// localizer's language; "" when none does.
func (l *Localizer) Sample(category string) string { return l.samples[category] }
