package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// blockKinds are the keys that say what a block shows; a block has one.
func blockKinds() []string { return []string{"cards", "distribution", "enum", "param", "text"} }

// blockDef reads a [[block]]: a part of the printouts. It runs after the
// rest of the data, whose enums, types, params, cards and sections it
// names.
func blockDef(n node, g *model.Game, l *lost, d *diag.List) *model.Block {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.id()
	b := &model.Block{ID: id, Pos: n.keyPos()}
	var kinds []string
	for _, k := range blockKinds() {
		if _, ok := o.m[k]; ok {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		if len(kinds) == 0 {
			d.Errorf(n.keyPos(), diag.MissingKey, "block %s says nothing it shows: give one of %s", id, strings.Join(blockKinds(), ", "))
		} else {
			d.Errorf(o.child(kinds[1]).keyPos(), diag.BadValue, "block %s has both %q and %q: a block shows one thing", id, kinds[0], kinds[1])
		}
		for _, k := range blockKinds() {
			o.get(k, false)
		}
		o.get("fields", false)
		o.get("icons", false)
		o.get("on", false)
		return nil
	}
	ok = idOK
	switch kinds[0] {
	case "text", "distribution":
		on, bn := o.boolean(kinds[0])
		if bn && !on {
			d.Errorf(o.child(kinds[0]).pos(), diag.BadValue, "block %s: %s = false shows nothing; leave the block out", id, kinds[0])
			ok = false
		}
		b.Kind = model.TextBlock
		if kinds[0] == "distribution" {
			b.Kind = model.DistributionBlock
		}
	case "enum":
		b.Kind = model.EnumBlock
		e, en, _ := o.str("enum", true)
		b.Enum = e
		if !slices.ContainsFunc(g.Enums, func(x *model.Enum) bool { return x.ID == e }) {
			if !l.has(lostEnum, e) {
				d.Errorf(en.pos(), diag.DanglingRef, "block %s: no enum %q", id, e)
			}
			ok = false
		}
	case "cards":
		b.Kind = model.CardsBlock
		t, tn, _ := o.str("cards", true)
		b.Type = t
		i := slices.IndexFunc(g.Types, func(x *model.Type) bool { return x.ID == t })
		if i < 0 {
			if !l.has(lostType, t) {
				d.Errorf(tn.pos(), diag.DanglingRef, "block %s: no card type %q", id, t)
			}
			o.get("fields", false)
			o.get("icons", false) // its columns are unknown: nothing to check them against
			ok = false
			break
		}
		fields, fns := o.strList("fields", false)
		if fns == nil {
			for _, f := range g.Types[i].Fields {
				fields = append(fields, f.ID)
			}
		}
		for j, f := range fields {
			if f != "copies" && g.Types[i].Field(f) == nil && l.is(lostField, t+"."+f) {
				ok = false
			} else if f != "copies" && g.Types[i].Field(f) == nil {
				d.Errorf(fns[j].pos(), diag.DanglingRef, "block %s: card type %s has no field %q%s", id, t, f, suggest(f, append(fieldIDs(g.Types[i]), "copies")))
				ok = false
			}
		}
		b.Fields = fields
	case "param":
		b.Kind = model.ParamBlock
		p, pn, _ := o.str("param", true)
		b.Param = p
		q := g.Param(p)
		switch {
		case q == nil:
			if !l.has(lostParam, p) {
				d.Errorf(pn.pos(), diag.DanglingRef, "block %s: no param %q", id, p)
			}
			ok = false
		case q.Type.Kind != model.Map && q.Type.Kind != model.List:
			d.Errorf(pn.pos(), diag.BadValue, "block %s: param %s is a single %s; a table shows a map or a list", id, p, q.Type)
			ok = false
		}
	}
	if !o.used["icons"] && !blockIcons(o, b, d) {
		ok = false
	}
	if !blockPlaces(o, b, g, l, d) {
		ok = false
	}
	if !ok {
		return nil
	}
	return b
}

// blockIcons reads icons = { column = "icon" }: the columns a block's
// table has are its fields (cards) or key and value (params).
func blockIcons(o *obj, b *model.Block, d *diag.List) bool {
	n, has := o.get("icons", false)
	if !has {
		return true
	}
	m, isMap := n.v.(map[string]any)
	if !isMap {
		d.Errorf(n.pos(), diag.WrongType, "icons must be a table, not %s", tomlType(n.v))
		return false
	}
	var cols []string
	switch b.Kind {
	case model.CardsBlock:
		cols = b.Fields
	case model.ParamBlock:
		cols = []string{"key", "value"}
	}
	ok := true
	b.Icons = map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		kn := node{src: o.src, path: tomlpos.Join(n.path, k), v: m[k]}
		s, isStr := m[k].(string)
		switch {
		case !isStr:
			d.Errorf(kn.pos(), diag.WrongType, "icons.%s must be a string, not %s", k, tomlType(m[k]))
			ok = false
		case !slices.Contains(cols, k):
			d.Errorf(kn.keyPos(), diag.UnknownKey, "block %s: icons names %q, which is not a column of its table (%s)", b.ID, k, strings.Join(cols, ", "))
			ok = false
		default:
			b.Icons[k] = s
		}
	}
	return ok
}

// blockPlaces reads on = [...]: "sheet", "card:<card>", "symbols:<card>"
// (a card printed without words) or "rules:<section>".
func blockPlaces(o *obj, b *model.Block, g *model.Game, l *lost, d *diag.List) bool {
	places, pns := o.strList("on", true)
	ok := true
	for i, s := range places {
		kind, id, _ := strings.Cut(s, ":")
		p := model.Place{ID: id, Pos: pns[i].pos()}
		bad, gone := "", false
		switch kind {
		case "sheet":
			p.Kind = model.OnSheet
			if id != "" {
				bad = `"sheet" takes no id`
			}
		case "card", "symbols":
			p.Kind, p.Symbols = model.OnCard, kind == "symbols"
			if !slices.ContainsFunc(g.Cards, func(c *model.Card) bool { return c.ID == id }) {
				bad = fmt.Sprintf("no card %q", id)
				gone = l.has(lostCard, id)
			}
			if p.Symbols && (b.Kind == model.TextBlock || b.Kind == model.EnumBlock) {
				bad = "a text cannot be printed without words"
			}
		case "rules":
			p.Kind = model.OnRules
			if !slices.ContainsFunc(g.Sections, func(x *model.Section) bool { return x.ID == id }) {
				bad = fmt.Sprintf("no section %q", id)
				gone = l.has(lostSection, id)
			}
		default:
			bad = `say "sheet", "card:<card>", "symbols:<card>" or "rules:<section>"`
		}
		if gone { // what it names did not load: its own error says why
			ok = false
			continue
		}
		if bad != "" {
			code := diag.BadValue
			if strings.HasPrefix(bad, "no ") {
				code = diag.DanglingRef
			}
			d.Errorf(p.Pos, code, "block %s: on %q: %s", b.ID, s, bad)
			ok = false
			continue
		}
		b.On = append(b.On, p)
	}
	return ok
}

// checkCardPlaces reports a reference card that is printed both with and
// without words.
func checkCardPlaces(g *model.Game, d *diag.List) {
	symbols := map[string]model.Place{}
	words := map[string]model.Place{}
	for _, b := range g.Blocks {
		for _, p := range b.On {
			if p.Kind != model.OnCard {
				continue
			}
			if p.Symbols {
				symbols[p.ID] = p
			} else {
				words[p.ID] = p
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(symbols)) {
		if w, ok := words[id]; ok {
			d.Errorf(symbols[id].Pos, diag.BadValue, "card %s is printed with symbols only here but with words at %s: a card is one or the other", id, w.Pos)
		}
	}
}
