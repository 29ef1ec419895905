package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// Generator names the program in meta.generator.
const Generator = "grimoire"

// JSON writes a game as a JSON document: every locale when lang is "",
// otherwise the one locale lang. See the package comment for its shape and
// Schema for its schema.
func JSON(w io.Writer, g *model.Game, lang string) error { return writeJSON(w, g, lang, nil) }

// writeJSON is JSON with the localizers made through c.
func writeJSON(w io.Writer, g *model.Game, lang string, c *l10n.Cache) error {
	var doc any
	var err error
	if lang == "" {
		doc, err = allDocument(g, c)
	} else {
		doc, err = localeDocument(g, lang, c)
	}
	if err != nil {
		return err
	}
	b, err := encode(doc, "  ")
	if err != nil {
		return fmt.Errorf("export: game %s: %w", g.ID, err)
	}
	_, err = w.Write(b)
	return err
}

// encode writes v as JSON with a final newline, without escaping HTML
// characters, indented when indent is not empty.
func encode(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// object is a JSON object whose members keep their order.
type object []member

type member struct {
	key   string
	value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := encode(m.key, "")
		if err != nil {
			return nil, err
		}
		v, err := encode(m.value, "")
		if err != nil {
			return nil, err
		}
		b.Write(bytes.TrimSuffix(k, []byte("\n")))
		b.WriteByte(':')
		b.Write(bytes.TrimSuffix(v, []byte("\n")))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

type document[N, T any] struct {
	Meta meta        `json:"meta"`
	Data *data[N, T] `json:"data"`
}

type meta struct {
	SchemaVersion int      `json:"schema_version"`
	Generator     string   `json:"generator"`
	Game          string   `json:"game"`
	Variant       string   `json:"variant,omitempty"`
	Languages     []string `json:"languages"`
	Lang          string   `json:"lang,omitempty"`
	SourceHash    string   `json:"source_hash"`
}

// data is a game with its names of type N and its texts of type T: forms
// and string in a one-locale document, byLang of them in the other.
type data[N, T any] struct {
	Players        players        `json:"players"`
	SourceLanguage string         `json:"source_language"`
	Name           T              `json:"name"`
	Variants       []variant[T]   `json:"variants"`
	Enums          []enum[N]      `json:"enums"`
	Types          []cardType[N]  `json:"types"`
	Cards          []card[N]      `json:"cards"`
	Components     []component[N] `json:"components"`
	Zones          []zone[N]      `json:"zones"`
	Params         []param        `json:"params"`
	Totals         []total        `json:"totals"`
	Sections       []section[T]   `json:"sections"`
	Rulings        []ruling[T]    `json:"rulings"`
	Terms          []term[N]      `json:"terms"`
}

type players struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

type variant[T any] struct {
	ID      string  `json:"id"`
	Players players `json:"players"`
	Doc     string  `json:"doc,omitempty"`
	Name    T       `json:"name"`
}

type enum[N any] struct {
	ID     string         `json:"id"`
	Values []enumValue[N] `json:"values"`
}

type enumValue[N any] struct {
	ID    string `json:"id"`
	Color string `json:"color,omitempty"`
	Icon  string `json:"icon,omitempty"`
	Names N      `json:"names"`
}

type cardType[N any] struct {
	ID     string  `json:"id"`
	Doc    string  `json:"doc,omitempty"`
	Fields []field `json:"fields"`
	Names  N       `json:"names"`
}

type field struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Optional bool   `json:"optional"`
	Wildcard string `json:"wildcard,omitempty"`
	Doc      string `json:"doc,omitempty"`
}

type card[N any] struct {
	ID            string   `json:"id"`
	Type          string   `json:"type"`
	Copies        int      `json:"copies"`
	Variant       string   `json:"variant,omitempty"`
	Fields        object   `json:"fields"`
	Reconstructed []string `json:"reconstructed"`
	Names         N        `json:"names"`
}

type component[N any] struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	Faces int    `json:"faces,omitempty"`
	Doc   string `json:"doc,omitempty"`
	Names N      `json:"names"`
}

type zone[N any] struct {
	ID      string `json:"id"`
	Owner   string `json:"owner"`
	Visible string `json:"visible"`
	Section string `json:"section,omitempty"`
	Doc     string `json:"doc,omitempty"`
	Names   N      `json:"names"`
}

type param struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Value any    `json:"value"`
	// Reconstructed is absent for a value the rulebook prints; else true
	// for all of it, or the keys of the map's entries (strings) or the
	// indexes of the list's elements (from 0) it does not print.
	Reconstructed any    `json:"reconstructed,omitempty"`
	Doc           string `json:"doc,omitempty"`
}

type total struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Variant string `json:"variant,omitempty"`
	Where   object `json:"where,omitempty"`
	Count   int    `json:"count"`
}

type section[T any] struct {
	ID      string `json:"id"`
	Number  string `json:"number,omitempty"`
	Level   int    `json:"level"`
	Rulings bool   `json:"rulings,omitempty"`
	Title   T      `json:"title"`
	Text    T      `json:"text"`
}

type ruling[T any] struct {
	ID      string `json:"id"`
	Section string `json:"section,omitempty"`
	Text    T      `json:"text"`
}

type term[N any] struct {
	ID     string `json:"id"`
	Proper bool   `json:"proper"`
	Names  N      `json:"names"`
}

func newMeta(g *model.Game, lang string) meta {
	return meta{
		SchemaVersion: model.SchemaVersion,
		Generator:     Generator,
		Game:          g.ID,
		Variant:       g.Variant,
		Languages:     append([]string{}, g.Languages...),
		Lang:          lang,
		SourceHash:    g.SourceHash,
	}
}

func localeDocument(g *model.Game, lang string, c *l10n.Cache) (*document[forms, string], error) {
	r, err := newRenderer(g, lang, c)
	if err != nil {
		return nil, err
	}
	d, err := build(g, r.forms, r.text)
	if err != nil {
		return nil, err
	}
	return &document[forms, string]{Meta: newMeta(g, lang), Data: d}, nil
}

func allDocument(g *model.Game, c *l10n.Cache) (*document[byLang[forms], byLang[string]], error) {
	rs := make([]*renderer, len(g.Locales))
	for i, l := range g.Locales {
		r, err := newRenderer(g, l.Lang, c)
		if err != nil {
			return nil, err
		}
		rs[i] = r
	}
	d, err := build(g, everyLocale(rs, (*renderer).forms), everyLocale(rs, (*renderer).text))
	if err != nil {
		return nil, err
	}
	return &document[byLang[forms], byLang[string]]{Meta: newMeta(g, ""), Data: d}, nil
}

// everyLocale turns a rendering function of one locale into one of every
// locale.
func everyLocale[V any](rs []*renderer, render func(*renderer, string) (V, error)) func(string) (byLang[V], error) {
	return func(id string) (byLang[V], error) {
		out := make(byLang[V], len(rs))
		for i, r := range rs {
			v, err := render(r, id)
			if err != nil {
				return nil, err
			}
			out[i] = langValue[V]{r.loc.Lang, v}
		}
		return out, nil
	}
}

// build turns a game into the document's data, rendering names and texts
// with the given functions, which take a message id.
func build[N, T any](g *model.Game, names func(string) (N, error), text func(string) (T, error)) (*data[N, T], error) {
	d := &data[N, T]{
		Players:        players{Min: g.Players.Min, Max: g.Players.Max},
		SourceLanguage: g.SourceLang,
		Variants:       make([]variant[T], 0, len(g.Variants)),
		Enums:          make([]enum[N], 0, len(g.Enums)),
		Types:          make([]cardType[N], 0, len(g.Types)),
		Cards:          make([]card[N], 0, len(g.Cards)),
		Components:     make([]component[N], 0, len(g.Components)),
		Zones:          make([]zone[N], 0, len(g.Zones)),
		Params:         make([]param, 0, len(g.Params)),
		Totals:         make([]total, 0, len(g.Totals)),
		Sections:       make([]section[T], 0, len(g.Sections)),
		Rulings:        make([]ruling[T], 0, len(g.Rulings)),
		Terms:          make([]term[N], 0, len(g.Terms)),
	}
	var err error
	if d.Name, err = text("game.name"); err != nil {
		return nil, err
	}
	for _, v := range g.Variants {
		out := variant[T]{ID: v.ID, Players: players{Min: v.Players.Min, Max: v.Players.Max}, Doc: v.Doc}
		if out.Name, err = text(v.Message); err != nil {
			return nil, err
		}
		d.Variants = append(d.Variants, out)
	}
	for _, e := range g.Enums {
		out := enum[N]{ID: e.ID, Values: make([]enumValue[N], 0, len(e.Values))}
		for _, v := range e.Values {
			ns, err := names(v.Message)
			if err != nil {
				return nil, err
			}
			out.Values = append(out.Values, enumValue[N]{ID: v.ID, Color: v.Color, Icon: v.Icon, Names: ns})
		}
		d.Enums = append(d.Enums, out)
	}
	types := map[string]*model.Type{}
	for _, t := range g.Types {
		types[t.ID] = t
		ns, err := names(t.Message)
		if err != nil {
			return nil, err
		}
		out := cardType[N]{ID: t.ID, Doc: t.Doc, Fields: make([]field, 0, len(t.Fields)), Names: ns}
		for _, f := range t.Fields {
			out.Fields = append(out.Fields, field{ID: f.ID, Type: f.Type.String(), Optional: f.Optional, Wildcard: f.Wildcard, Doc: f.Doc})
		}
		d.Types = append(d.Types, out)
	}
	for _, c := range g.Cards {
		t := types[c.Type]
		if t == nil {
			return nil, fmt.Errorf("export: card %s: no card type %q", c.ID, c.Type)
		}
		ns, err := names(c.Message)
		if err != nil {
			return nil, err
		}
		fields := object{}
		for _, fv := range c.Values {
			f := t.Field(fv.Field)
			if f == nil {
				return nil, fmt.Errorf("export: card %s: type %s has no field %q", c.ID, t.ID, fv.Field)
			}
			if fv.Set {
				fields = append(fields, member{f.ID, jsonValue(f.Type, fv.Value)})
			}
		}
		d.Cards = append(d.Cards, card[N]{
			ID: c.ID, Type: c.Type, Copies: c.Copies, Variant: c.Variant, Fields: fields,
			Reconstructed: append([]string{}, c.Reconstructed...), Names: ns,
		})
	}
	for _, c := range g.Components {
		ns, err := names(c.Message)
		if err != nil {
			return nil, err
		}
		out := component[N]{ID: c.ID, Kind: c.Kind, Count: c.Count, Doc: c.Doc, Names: ns}
		if c.Kind == "die" {
			out.Faces = c.Faces
		}
		d.Components = append(d.Components, out)
	}
	for _, z := range g.Zones {
		ns, err := names(z.Message)
		if err != nil {
			return nil, err
		}
		d.Zones = append(d.Zones, zone[N]{ID: z.ID, Owner: z.Owner, Visible: z.Visible, Section: z.Section, Doc: z.Doc, Names: ns})
	}
	for _, p := range g.Params {
		d.Params = append(d.Params, param{ID: p.ID, Type: p.Type.String(), Value: jsonValue(p.Type, p.Value), Reconstructed: jsonMarks(p), Doc: p.Doc})
	}
	for _, t := range g.Totals {
		out := total{ID: t.ID, Type: t.Type, Variant: t.Variant, Count: t.Count}
		if t.Field != "" {
			var f *model.Field
			if tp := types[t.Type]; tp != nil {
				f = tp.Field(t.Field)
			}
			if f == nil {
				return nil, fmt.Errorf("export: total %s: no field %s in card type %q", t.ID, t.Field, t.Type)
			}
			out.Where = object{{f.ID, jsonValue(f.Type, t.Equals)}}
		}
		d.Totals = append(d.Totals, out)
	}
	for _, s := range g.Sections {
		out := section[T]{ID: s.ID, Number: s.Number, Level: s.Level, Rulings: s.Rulings}
		if out.Title, err = text("rules." + s.ID + ".title"); err != nil {
			return nil, err
		}
		if out.Text, err = text("rules." + s.ID + ".text"); err != nil {
			return nil, err
		}
		d.Sections = append(d.Sections, out)
	}
	for _, r := range g.Rulings {
		out := ruling[T]{ID: r.ID, Section: r.Section}
		if out.Text, err = text(r.Message); err != nil {
			return nil, err
		}
		d.Rulings = append(d.Rulings, out)
	}
	for _, t := range g.Terms {
		ns, err := names(t.Message)
		if err != nil {
			return nil, err
		}
		d.Terms = append(d.Terms, term[N]{ID: t.ID, Proper: t.Proper, Names: ns})
	}
	return d, nil
}

// jsonMarks is what of a parameter is reconstructed, as the JSON export
// says it: nil for nothing, true for all of it, or the entries, each as
// it stands in the JSON value (a map's key, a list's index), in order.
func jsonMarks(p *model.Param) any {
	switch {
	case p.Reconstructed.All:
		return true
	case len(p.Reconstructed.Entries) == 0:
		return nil
	}
	var out []any
	for i := range p.Value.List {
		if !p.EntryReconstructed(i) {
			continue
		}
		if p.Type.Kind == model.List {
			out = append(out, i)
		} else {
			out = append(out, p.EntryKey(i))
		}
	}
	if len(out) == 0 {
		return nil // not a typed nil, which would print as null
	}
	return out
}

// jsonValue is a typed value as a JSON value: a number, string, boolean,
// array, or for a map an object keyed by enum value id or integer.
func jsonValue(t *model.ValueType, v model.Value) any {
	switch t.Kind {
	case model.Int:
		return v.Int
	case model.Decimal:
		return v.Dec
	case model.Bool:
		return v.Bool
	case model.List:
		l := make([]any, len(v.List))
		for i, e := range v.List {
			l[i] = jsonValue(t.Elem, e)
		}
		return l
	case model.Map:
		o := make(object, 0, len(v.List))
		for i, e := range v.List {
			if i < len(v.Keys) {
				o = append(o, member{t.Key.Format(v.Keys[i]), jsonValue(t.Elem, e)})
			}
		}
		return o
	}
	return v.Str
}
