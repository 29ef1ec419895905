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
	id, _, idOK := o.nameID()
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
		for _, k := range []string{"fields", "icons", "on", "variant", "not_variant", "types", "components", "values", "sort"} {
			o.get(k, false)
		}
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
		i := slices.IndexFunc(g.Enums, func(x *model.Enum) bool { return x.ID == e })
		if i < 0 {
			if !l.has(lostEnum, e) {
				d.Errorf(en.pos(), diag.DanglingRef, "block %s: no enum %q", id, e)
			}
			o.get("values", false)
			ok = false
			break
		}
		if !blockValues(o, b, g.Enums[i], d) {
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
			o.get("sort", false)
			o.get("icons", false) // its columns are unknown: nothing to check them against
			ok = false
			break
		}
		if !blockSort(o, b, g.Types[i], d) {
			ok = false
		}
		fields, fns := o.strList("fields", false)
		if fns == nil {
			for _, f := range g.Types[i].Fields {
				fields = append(fields, f.ID)
			}
		}
		for j, f := range fields {
			// Beside the type's fields, a table may show each card's
			// copies and its name, as a face may.
			own := f == "copies" || f == "name" || g.Types[i].Field(f) != nil
			if !own && l.is(lostField, t+"."+f) {
				ok = false
			} else if !own {
				d.Errorf(fns[j].pos(), diag.DanglingRef, "block %s: card type %s has no field %q%s", id, t, f, suggest(f, append(fieldIDs(g.Types[i]), "copies", "name")))
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
	if n, has := o.get("sort", false); has && b.Kind != model.CardsBlock {
		d.Errorf(n.keyPos(), diag.BadValue, "block %s: sort applies to a table of cards only", id)
		ok = false
	}
	if n, has := o.get("values", false); has && b.Kind != model.EnumBlock {
		d.Errorf(n.keyPos(), diag.BadValue, "block %s: values applies to an enum only", id)
		ok = false
	}
	if !blockVariants(o, b, g, l, d) {
		ok = false
	}
	if !blockTypes(o, b, g, l, d) {
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

// blockValues reads an enum block's values = [...]: the rows it shows, so
// that an enum too long for one reference card is split across two blocks.
func blockValues(o *obj, b *model.Block, e *model.Enum, d *diag.List) bool {
	n, has := o.get("values", false)
	if !has {
		return true
	}
	vals, vns := o.strList("values", false)
	if items, isArr := n.v.([]any); isArr && len(items) == 0 {
		d.Errorf(n.pos(), diag.BadValue, "block %s: values = [] shows nothing; leave it out to show every value", b.ID)
		return false
	}
	ok := true
	var ids []string
	for _, v := range e.Values {
		ids = append(ids, v.ID)
	}
	for i, v := range vals {
		switch {
		case !slices.Contains(ids, v):
			d.Errorf(vns[i].pos(), diag.DanglingRef, "block %s: enum %s has no value %q%s", b.ID, e.ID, v, suggest(v, ids))
			ok = false
		case slices.Contains(vals[:i], v):
			d.Errorf(vns[i].pos(), diag.BadValue, "block %s: values lists %q twice", b.ID, v)
			ok = false
		}
	}
	if ok {
		b.Values = vals
	}
	return ok
}

// blockVariants reads variant = "V" (the block prints only in the game
// played in V) and not_variant = "V" (everywhere but there): an aid whose
// text or numbers differ in a variant is two blocks.
func blockVariants(o *obj, b *model.Block, g *model.Game, l *lost, d *diag.List) bool {
	ok := true
	var nodes [2]node
	for i, k := range []string{"variant", "not_variant"} {
		v, n, has := o.str(k, false)
		if !has {
			continue
		}
		nodes[i] = n
		switch {
		case !slices.Contains(g.VariantIDs(), v):
			if !l.has(lostVariant, v) {
				d.Errorf(n.pos(), diag.DanglingRef, "block %s: %s: no variant %q%s", b.ID, k, v, suggest(v, g.VariantIDs()))
			}
			ok = false
		case i == 0:
			b.Variant = v
		default:
			b.NotVariant = v
		}
	}
	if b.Variant != "" && b.NotVariant != "" {
		d.Errorf(nodes[1].keyPos(), diag.BadValue, "block %s has both variant and not_variant: give one", b.ID)
		ok = false
	}
	return ok
}

// blockTypes reads a distribution's types = [...], the card types it
// counts, so that aids printed for the players are not listed as the
// box's contents, and components = true, which lists the game's
// components after its cards.
func blockTypes(o *obj, b *model.Block, g *model.Game, l *lost, d *diag.List) bool {
	if b.Kind != model.DistributionBlock {
		ok := true
		for _, k := range []string{"types", "components"} {
			if n, has := o.get(k, false); has {
				d.Errorf(n.keyPos(), diag.BadValue, "block %s: %s applies to a distribution only", b.ID, k)
				ok = false
			}
		}
		return ok
	}
	if on, has := o.boolean("components"); has {
		b.Components = on
	}
	n, has := o.get("types", false)
	if !has {
		return true
	}
	types, tns := o.strList("types", false)
	ok := true
	for i, t := range types {
		switch {
		case slices.ContainsFunc(g.Types, func(x *model.Type) bool { return x.ID == t }):
			if slices.Contains(b.Types, t) {
				d.Errorf(tns[i].pos(), diag.BadValue, "block %s: types lists %q twice", b.ID, t)
				ok = false
				continue
			}
			b.Types = append(b.Types, t)
		case l.has(lostType, t):
			ok = false
		default:
			d.Errorf(tns[i].pos(), diag.DanglingRef, "block %s: no card type %q%s", b.ID, t, suggest(t, typeIDs(g)))
			ok = false
		}
	}
	if items, isArr := n.v.([]any); isArr && len(items) == 0 {
		d.Errorf(n.pos(), diag.BadValue, "block %s: types = [] counts nothing; leave it out to count every type", b.ID)
		ok = false
	}
	return ok
}

func typeIDs(g *model.Game) []string {
	ids := make([]string, len(g.Types))
	for i, t := range g.Types {
		ids[i] = t.ID
	}
	return ids
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

// blockSort reads a cards block's sort: a numeric field of its type, so
// that a table of numbered cards reads in their order.
func blockSort(o *obj, b *model.Block, t *model.Type, d *diag.List) bool {
	f, fn, has := o.str("sort", false)
	if !has {
		return true
	}
	tf := t.Field(f)
	switch {
	case tf == nil:
		d.Errorf(fn.pos(), diag.DanglingRef, "block %s: card type %s has no field %q%s", b.ID, t.ID, f, suggest(f, fieldIDs(t)))
		return false
	case tf.Type.Kind != model.Int && tf.Type.Kind != model.Decimal:
		d.Errorf(fn.pos(), diag.BadValue, "block %s: sort by %s, of type %s: a table is sorted by a number field", b.ID, f, tf.Type)
		return false
	}
	b.Sort = f
	return true
}
