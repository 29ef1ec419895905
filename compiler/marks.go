package compiler

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// paramMarks reads a parameter's reconstructed key: true for the whole
// value, or an array naming single entries, by key for a map (written as
// the key's type: an integer or an enum value) and by index from 0 for a
// list. valueOK is false when the value did not load: its entries are
// then unknown, and not blamed on the marks.
func paramMarks(p *model.Param, n node, valueOK bool, d *diag.List) model.Marks {
	if b, ok := n.v.(bool); ok {
		return model.Marks{All: b}
	}
	items, ok := n.v.([]any)
	if p.Type.Kind != model.Map && p.Type.Kind != model.List {
		d.Errorf(n.pos(), diag.WrongType, "param %s: reconstructed must be true or false, not %s: a single %s has no entries to name", p.ID, tomlType(n.v), p.Type)
		return model.Marks{}
	}
	if !ok {
		d.Errorf(n.pos(), diag.WrongType, "param %s: reconstructed must be true, or an array of the keys or indexes of the entries it marks, not %s", p.ID, tomlType(n.v))
		return model.Marks{}
	}
	keys := make([]string, len(p.Value.List))
	for i := range keys {
		keys[i] = p.EntryKey(i)
	}
	var m model.Marks
	for i, it := range items {
		e := node{src: n.src, path: tomlpos.Elem(n.path, i), v: it}
		key, ok := markKey(p.Type, it)
		what := "key " + key
		if p.Type.Kind == model.List {
			what = "index " + key
		}
		if !ok {
			want := "the index of a list element (an integer from 0)"
			if p.Type.Kind == model.Map && p.Type.Key.Kind == model.Int {
				want = "an integer key of the map"
			} else if p.Type.Kind == model.Map {
				want = "a key of the map (a value of enum " + p.Type.Key.Enum + ")"
			}
			d.Errorf(e.pos(), diag.WrongType, "param %s: reconstructed must hold %s, not %s", p.ID, want, tomlType(it))
			continue
		}
		switch {
		case slices.Contains(m.Entries, key):
			d.Errorf(e.pos(), diag.DuplicateID, "param %s: reconstructed names %s twice", p.ID, what)
		case !slices.Contains(keys, key):
			if valueOK {
				hint := ""
				if p.Type.Kind == model.Map && p.Type.Key.Kind == model.EnumKind {
					hint = suggest(key, keys)
				}
				d.Errorf(e.pos(), diag.DanglingRef, "param %s: reconstructed names %s, which its value does not have (it has %s)%s", p.ID, what, entries(p, keys), hint)
			}
		default:
			m.Entries = append(m.Entries, key)
		}
	}
	return m
}

// markKey is how an element of a reconstructed array names an entry of a
// value of type t.
func markKey(t *model.ValueType, v any) (string, bool) {
	switch x := v.(type) {
	case int64:
		if t.Kind == model.List || t.Key.Kind == model.Int {
			return strconv.FormatInt(x, 10), true
		}
	case string:
		if t.Kind == model.Map && t.Key.Kind == model.EnumKind {
			return x, true
		}
	}
	return "", false
}

// entries describes the entries a value has, for a message.
func entries(p *model.Param, keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	if p.Type.Kind == model.List {
		return "indexes 0 to " + strconv.Itoa(len(keys)-1)
	}
	return strings.Join(keys, ", ")
}

// withoutEntry returns the marks of p less the entry key, which --set has
// just given a value: a whole value marked keeps every other entry marked.
func withoutEntry(p *model.Param, key string) model.Marks {
	var m model.Marks
	for i := range p.Value.List {
		if k := p.EntryKey(i); k != key && p.EntryReconstructed(i) {
			m.Entries = append(m.Entries, k)
		}
	}
	return m
}

// blocksShowMarks reports whether a printout block shows a reconstructed
// value: a card's field among its columns, an entry of its parameter, or a
// count of copies.
func blocksShowMarks(g *model.Game) bool {
	cards := g.Loaded().Cards
	for _, b := range g.Blocks {
		switch b.Kind {
		case model.CardsBlock:
			if slices.ContainsFunc(cards, func(c *model.Card) bool {
				return c.Type == b.Type && slices.ContainsFunc(b.Fields, c.FieldReconstructed)
			}) {
				return true
			}
		case model.ParamBlock:
			if p := g.Param(b.Param); p != nil && p.Reconstructed.Any() {
				return true
			}
		case model.DistributionBlock:
			if slices.ContainsFunc(cards, func(c *model.Card) bool { return c.FieldReconstructed("copies") }) {
				return true
			}
		}
	}
	return false
}

// dataRef is a template's reach into the data that may print a value:
// .Param or .Card at the top of the data (not a field of another, as
// .Arg.Card is), and the id after it, if any.
var dataRef = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.)\]])\$?\.(Param|Card)\b(?:\.([a-z][a-z0-9_]*))?`)

// textsShowMarks reports whether a text of the locale (the source one, or
// nil) may print a reconstructed value: it names a marked parameter or a
// card with a reconstructed field, or reaches into .Param or .Card by a
// key the template computes, while some value there is marked.
func textsShowMarks(g *model.Game, loc *model.Locale) bool {
	if loc == nil || !g.HasReconstructed() {
		return false
	}
	marked := map[string]map[string]bool{"Param": {}, "Card": {}}
	for _, p := range g.Params {
		if p.Reconstructed.Any() {
			marked["Param"][p.ID] = true
		}
	}
	for _, c := range g.Loaded().Cards {
		if len(c.Reconstructed) > 0 {
			marked["Card"][c.ID] = true
		}
	}
	for _, m := range loc.Messages {
		for _, f := range m.Forms {
			if !strings.Contains(f, "{{") {
				continue
			}
			for _, r := range dataRef.FindAllStringSubmatch(f, -1) {
				if r[2] == "" && len(marked[r[1]]) > 0 || marked[r[1]][r[2]] {
					return true
				}
			}
		}
	}
	return false
}
