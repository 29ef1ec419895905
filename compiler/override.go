package compiler

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// overrideFile names the command line in diagnostics about an assignment.
const overrideFile = "--set"

// overrideLead turns an assignment's value into a TOML document, so that
// values are read by the decoder that reads the data.
const overrideLead = "v = "

// Override applies one assignment, as a user types it after --set, to the
// params of g in place: "name=value" with the value in TOML syntax
// (days=4, human_chain_points=[1,2,3], majority_bonus={giant=8}), or
// "name.key=value" for one entry of a map param (majority_bonus.giant=8,
// variety_bonus.6=10). The value is checked as a param value in the data
// is, and every message template of g must still render with it. Positions
// are columns of the assignment in the file "--set". With any error, g is
// left as it was.
func Override(g *model.Game, assignment string) diag.List {
	var d diag.List
	at := func(off int) diag.Pos {
		return diag.Pos{File: overrideFile, Line: 1, Col: min(max(off, 0), len(assignment)) + 1}
	}
	if g == nil {
		d.Errorf(at(0), diag.BadTree, "no game to apply %q to", assignment)
		return d
	}
	eq := strings.IndexByte(assignment, '=')
	if eq < 0 {
		d.Errorf(at(0), diag.Syntax, "an assignment is name=value, such as days=4; %q has no \"=\"", assignment)
		return d
	}
	nameOff := eq - len(strings.TrimLeft(assignment[:eq], " \t"))
	name := strings.TrimSpace(assignment[:eq])
	if name == "" {
		d.Errorf(at(nameOff), diag.Syntax, "an assignment is name=value, such as days=4; %q has no name before \"=\"", assignment)
		return d
	}
	id, key, dotted := strings.Cut(name, ".")
	var p *model.Param
	ids := make([]string, len(g.Params))
	for i, x := range g.Params {
		ids[i] = x.ID
		if x.ID == id {
			p = x
		}
	}
	if p == nil {
		d.Errorf(at(nameOff), diag.UnknownKey, "unknown parameter %q of game %s%s", id, g.ID, suggest(id, ids))
		return d
	}
	sc := gameScope(g)
	t, what := p.Type, "param "+id
	var k model.Value
	if dotted {
		keyOff := nameOff + len(id) + 1
		if t.Kind != model.Map {
			d.Errorf(at(keyOff), diag.UnknownKey, "param %s is of type %s, not a map: it has no key %q; set it whole (%s=...)", id, t, key, id)
			return d
		}
		var ok bool
		if k, ok = sc.mapKey(t.Key, key, at(keyOff), what, &d); !ok {
			return d
		}
		t, what = t.Elem, what+"."+key
	}

	valOff := eq + 1
	value := assignment[valOff:]
	valCol := valOff + len(value) - len(strings.TrimLeft(value, " \t"))
	src := overrideLead + value
	// remap turns a position in src into one in the assignment.
	remap := func(pos diag.Pos) diag.Pos {
		return at(max(valOff, valOff+offset(src, pos.Line, pos.Col)-len(overrideLead)))
	}
	if e := tomlpos.DefaultLimits().Check([]byte(src)); e != nil {
		d.Errorf(remap(diag.Pos{Line: e.Pos.Line, Col: e.Pos.Col}), diag.InputLimit, "%s: %s", what, e.Msg)
		return d
	}
	var data map[string]any
	if _, err := toml.Decode(src, &data); err != nil {
		msg, off := err.Error(), valCol
		var pe toml.ParseError
		if errors.As(err, &pe) {
			// The last byte of the span is the offending one ("4 x" spans " x").
			msg, off = pe.Message, max(valOff, valOff+pe.Position.Start+max(pe.Position.Len-1, 0)-len(overrideLead))
		}
		d.Errorf(at(off), diag.Syntax, "%s: the value is not TOML: %s%s", what, msg, quoteHint(t, value))
		return d
	}
	if len(data) != 1 {
		d.Errorf(at(valCol), diag.Syntax, "%s: the value must be one TOML value, not %q", what, strings.TrimSpace(value))
		return d
	}
	s := &source{name: overrideFile, idx: tomlpos.New([]byte(src)), data: data, raw: []byte(src)}
	var vd diag.List
	v, ok := sc.value(t, node{src: s, path: "v", v: data["v"]}, "", what, &vd)
	for _, x := range vd {
		x.Pos = remap(x.Pos)
		d = append(d, x)
	}
	if !ok || vd.HasErrors() {
		return d
	}
	remapValue(&v, remap)
	checkBounds(t, v, what, &d)
	variantOnlyRefs(t, v, sc.cards, "", what, paramOwner, &d)
	if d.HasErrors() {
		return d
	}

	old := p.Value
	if dotted {
		v = withEntry(old, k, v, p.Type, sc)
	}
	p.Value = v
	if broken := brokenTemplates(g, old, p); len(broken) > 0 {
		p.Value = old
		for _, b := range broken {
			d.Errorf(at(valCol), b.code, "%s: with this value, message %s (%s, %s) at %s fails: %s", what, b.id, b.lang, b.form, b.pos, b.msg)
		}
		return d.Sort()
	}
	// A value set by hand is the user's, no longer a guess to mark.
	if !dotted {
		p.Reconstructed = model.Marks{}
	} else {
		p.Reconstructed = withoutEntry(p, p.Type.Key.Format(k))
	}
	return d.Sort()
}

// WithOverrides returns a copy of g, a game as loaded, with the
// assignments applied one after the other as Override applies them; g is
// left as it was. The copy has parameters of its own and shares the rest
// with g, so that one load serves every point of a sweep. With any error
// the copy is nil.
func WithOverrides(g *model.Game, assignments []string) (*model.Game, diag.List) {
	if g == nil {
		return nil, Override(nil, strings.Join(assignments, " "))
	}
	c := *g
	c.Params = make([]*model.Param, len(g.Params))
	for i, p := range g.Params {
		q := *p
		c.Params[i] = &q
	}
	var d diag.List
	for _, a := range assignments {
		d = append(d, Override(&c, a)...)
	}
	if d.HasErrors() {
		return nil, d
	}
	return &c, d
}

// maxOverride bounds every number given with --set, whole or in a list or
// map: parameters declare no range of their own, and engines add them up
// into scores, which must not overflow however many are summed.
const maxOverride = 1_000_000

// checkBounds reports each number of v, a value of type t, beyond
// ±maxOverride.
func checkBounds(t *model.ValueType, v model.Value, what string, d *diag.List) {
	out := func(n string) {
		d.Errorf(v.Pos, diag.BadValue, "%s: %s is out of range: a parameter set with --set must lie between -1,000,000 and 1,000,000, so that no score can overflow", what, n)
	}
	switch t.Kind {
	case model.Int:
		if v.Int > maxOverride || v.Int < -maxOverride {
			out(strconv.FormatInt(v.Int, 10))
		}
	case model.Decimal:
		if v.Dec > maxOverride || v.Dec < -maxOverride {
			out(strconv.FormatFloat(v.Dec, 'g', -1, 64))
		}
	case model.List, model.Map:
		for _, e := range v.List {
			checkBounds(t.Elem, e, what, d)
		}
	}
}

// gameScope is the scope of a compiled game's values.
func gameScope(g *model.Game) *scope {
	// A compiled game has lost nothing: it loaded without errors.
	sc := &scope{enums: make(map[string]*model.Enum, len(g.Enums)), cards: make(map[string]*model.Card, len(g.Cards)), lost: newLost()}
	for _, e := range g.Enums {
		sc.enums[e.ID] = e
	}
	for _, c := range g.Cards {
		sc.cards[c.ID] = c
	}
	return sc
}

// offset returns the byte offset of a 1-based line and byte column of s.
func offset(s string, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			return len(s)
		}
		off += i + 1
	}
	return min(off+max(col-1, 0), len(s))
}

// quoteHint helps with the likeliest mistake: a string typed without the
// quotes TOML needs, which a shell has often eaten.
func quoteHint(t *model.ValueType, value string) string {
	v := strings.TrimSpace(value)
	switch t.Kind {
	case model.String, model.EnumKind, model.Ref:
		if v != "" && !strings.ContainsAny(v[:1], `"'`) {
			return fmt.Sprintf(" (a string needs quotes: %q; quote them again for the shell)", v)
		}
	}
	return ""
}

func remapValue(v *model.Value, remap func(diag.Pos) diag.Pos) {
	v.Pos = remap(v.Pos)
	for i := range v.List {
		remapValue(&v.List[i], remap)
	}
	for i := range v.Keys {
		v.Keys[i].Pos = remap(v.Keys[i].Pos)
	}
}

// withEntry returns a copy of the map value m with key k set to e, keys in
// the order the compiler gives them.
func withEntry(m model.Value, k, e model.Value, t *model.ValueType, sc *scope) model.Value {
	out := m
	out.Keys, out.List = slices.Clone(m.Keys), slices.Clone(m.List)
	ks := t.Key.Format(k)
	i := slices.IndexFunc(out.Keys, func(x model.Value) bool { return t.Key.Format(x) == ks })
	if i >= 0 && i < len(out.List) {
		out.List[i] = e
		return out
	}
	out.Keys, out.List = append(out.Keys, k), append(out.List, e)
	idx := make([]int, len(out.Keys))
	for j := range idx {
		idx[j] = j
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return sc.compareKeys(t.Key, t.Key.Format(out.Keys[a]), t.Key.Format(out.Keys[b]))
	})
	keys, list := make([]model.Value, len(idx)), make([]model.Value, len(idx))
	for j, x := range idx {
		keys[j] = out.Keys[x]
		if x < len(out.List) {
			list[j] = out.List[x]
		}
	}
	out.Keys, out.List = keys, list
	return out
}

// templateFailure is one form of a message that does not render.
type templateFailure struct {
	lang, id, form string
	pos            diag.Pos
	code           diag.Code
	msg            string
}

func (f templateFailure) key() string { return f.lang + "\x00" + f.id + "\x00" + f.form }

// brokenTemplates returns the message forms of g that do not render with
// p's new value but did with old, so a new value cannot break a text the
// load checked (a list too short for an index, a map entry gone).
func brokenTemplates(g *model.Game, old model.Value, p *model.Param) []templateFailure {
	now := templateFailures(g)
	if len(now) == 0 {
		return nil
	}
	cur := p.Value
	p.Value = old
	before := map[string]bool{}
	for _, f := range templateFailures(g) {
		before[f.key()] = true
	}
	p.Value = cur
	return slices.DeleteFunc(now, func(f templateFailure) bool { return before[f.key()] })
}

// templateFailures renders every form of every message of g, as the
// locale checks do.
func templateFailures(g *model.Game) []templateFailure {
	var out []templateFailure
	args := l10n.SampleArgs(g)
	for _, loc := range g.Locales {
		data := l10n.Data(g, loc.Lang)
		counts := l10n.SampleCounts(loc.Lang)
		for _, m := range loc.Messages {
			for _, form := range m.FormNames() {
				text := m.Forms[form]
				if !strings.Contains(text, "{{") {
					continue
				}
				f := templateFailure{lang: loc.Lang, id: m.ID, form: form, pos: m.Pos, code: diag.TemplateField}
				rendered, parsed, err := l10n.Render(text, formData(data, counts, form, args[m.ID]))
				switch {
				case templateCost(err) != nil:
					f.code, f.msg = diag.TemplateCost, templateCost(err).Msg
				case !parsed:
					f.code, f.msg = diag.TemplateSyntax, templateMessage(err)
				case err != nil:
					f.msg = templateMessage(err)
				case strings.Contains(rendered, "<no value>"):
					f.msg = `it renders "<no value>"`
				default:
					continue
				}
				out = append(out, f)
			}
		}
	}
	return out
}

// templateCost is the cost error behind a template's failure, or nil.
func templateCost(err error) *l10n.CostError {
	var ce *l10n.CostError
	if errors.As(err, &ce) {
		return ce
	}
	return nil
}

// templateMessage is a template error without text/template's prefix.
func templateMessage(err error) string {
	if sm := templateErr.FindStringSubmatch(err.Error()); sm != nil {
		return strings.TrimPrefix(sm[3], `executing "m" at `)
	}
	return err.Error()
}
