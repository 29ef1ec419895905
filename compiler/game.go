package compiler

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// topKeys are the keys a game data file may hold.
func topKeys() []string {
	return []string{"block", "card", "component", "enum", "game", "group", "message", "param", "section", "term", "total", "type", "variant"}
}

// cardKeys are the keys every card has besides its type's fields.
func cardKeys() []string { return []string{"copies", "id", "reconstructed", "type", "variant"} }

var numberPattern = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*$`)

// gameData builds a game from the data files of its directory.
func gameData(dir string, srcs []*source, d *diag.List) *model.Game {
	g := &model.Game{}
	seen := map[string]map[string]node{} // kind -> id -> first definition
	unique := func(kind, id string, n node) bool {
		if seen[kind] == nil {
			seen[kind] = map[string]node{}
		}
		if first, ok := seen[kind][id]; ok {
			d.Errorf(n.pos(), diag.DuplicateID, "duplicate %s id %q (first defined at %s)", kind, id, first.pos())
			return false
		}
		seen[kind][id] = n
		return true
	}
	all := func(key string) []node {
		var out []node
		for _, s := range srcs {
			out = append(out, tables(s, key, d)...)
		}
		return out
	}

	// Unknown top-level keys, and the one [game] table.
	var gameNode *node
	for _, s := range srcs {
		for _, k := range keys(s.data) {
			n := node{src: s, path: k, v: s.data[k]}
			switch {
			case k == "game":
				if gameNode != nil {
					d.Errorf(n.keyPos(), diag.DuplicateID, "a second [game] table (the first is at %s)", gameNode.keyPos())
					continue
				}
				gameNode = &n
			case !slices.Contains(topKeys(), k):
				d.Errorf(n.keyPos(), diag.UnknownKey, "unknown key %q in a game data file%s", k, suggest(k, topKeys()))
			}
		}
	}
	if gameNode == nil {
		pos := diag.Pos{File: dir}
		if len(srcs) > 0 {
			pos = diag.Pos{File: srcs[0].name, Line: 1, Col: 1}
		}
		d.Errorf(pos, diag.MissingKey, "game %s has no [game] table", dir)
		return nil
	}
	if !gameMeta(g, *gameNode, d) {
		return nil
	}
	sc := &scope{enums: map[string]*model.Enum{}, cards: map[string]*model.Card{}}
	for _, n := range all("variant") {
		if v := variantDef(n, d); v != nil && unique("variant", v.ID, n) {
			g.Variants = append(g.Variants, v)
		}
	}

	for _, n := range all("enum") {
		if e := enumDef(n, d); e != nil && unique("enum", e.ID, n) {
			g.Enums = append(g.Enums, e)
			sc.enums[e.ID] = e
		}
	}
	typeNodes := all("type")
	typeIDs := map[string]bool{}
	for _, n := range typeNodes {
		if id := strField(n, "id"); id != "" {
			typeIDs[id] = true
		}
	}
	types := map[string]*model.Type{}
	for _, n := range typeNodes {
		if t := typeDef(n, sc, typeIDs, d); t != nil && unique("type", t.ID, n) {
			g.Types = append(g.Types, t)
			types[t.ID] = t
		}
	}

	// Cards: ids first, so refs between cards resolve whatever the order.
	cardNodes := all("card")
	for _, n := range cardNodes {
		if id := strField(n, "id"); id != "" && sc.cards[id] == nil {
			sc.cards[id] = &model.Card{ID: id, Type: strField(n, "type")}
		}
	}
	brokenTypes := map[string]bool{} // a card of the type has errors: its totals cannot be judged
	for _, n := range cardNodes {
		before := len(*d)
		c := cardDef(n, g, sc, types, d)
		if c != nil && unique("card", c.ID, n) {
			g.Cards = append(g.Cards, c)
		}
		if len(*d) > before {
			brokenTypes[strField(n, "type")] = true
		}
	}
	for _, n := range all("component") {
		if c := componentDef(n, d); c != nil && unique("component", c.ID, n) {
			g.Components = append(g.Components, c)
		}
	}
	for _, n := range all("param") {
		if p := paramDef(n, sc, typeIDs, d); p != nil && unique("param", p.ID, n) {
			g.Params = append(g.Params, p)
		}
	}
	for _, n := range all("total") {
		if t := totalDef(n, g, sc, types, brokenTypes, d); t != nil && unique("total", t.ID, n) {
			g.Totals = append(g.Totals, t)
		}
	}
	for _, n := range all("section") {
		if s := sectionDef(n, d); s != nil && unique("section", s.ID, n) {
			g.Sections = append(g.Sections, s)
		}
	}
	for _, n := range all("term") {
		if t := termDef(n, d); t != nil && unique("term", t.ID, n) {
			g.Terms = append(g.Terms, t)
		}
	}
	for _, n := range all("group") {
		if gr := groupDef(n, g, d); gr != nil && unique("group", gr.ID, n) {
			g.Groups = append(g.Groups, gr)
		}
	}
	g.Groups = append(g.Groups, enumGroups(g)...)
	for _, n := range all("block") {
		if b := blockDef(n, g, d); b != nil && unique("block", b.ID, n) {
			g.Blocks = append(g.Blocks, b)
		}
	}
	checkCardPlaces(g, d)
	checkVariantRefs(g, d)
	messageDecls(g, all("message"), unique, d)
	return g
}

// strField reads a string key of a table node without reporting anything,
// for passes that only look ahead; the full pass reports what is wrong.
func strField(n node, key string) string {
	m, _ := n.v.(map[string]any)
	s, _ := m[key].(string)
	return s
}

func gameMeta(g *model.Game, n node, d *diag.List) bool {
	o, ok := asObj(n, d)
	if !ok {
		return false
	}
	defer o.done()
	id, idn, ok := o.id()
	if !ok {
		return false
	}
	g.ID, g.Pos = id, idn.keyPos()
	g.Players = players(o, "", d)
	src, srcn, ok := o.str("source_language", true)
	if ok {
		if _, err := language.Parse(src); err != nil {
			d.Errorf(srcn.pos(), diag.BadLanguage, "source_language %q is not a language tag", src)
		}
		g.SourceLang = src
	}
	langs, langNodes := o.strList("languages", true)
	for i, l := range langs {
		if _, err := language.Parse(l); err != nil {
			d.Errorf(langNodes[i].pos(), diag.BadLanguage, "%q is not a language tag", l)
			continue
		}
		if slices.Contains(g.Languages, l) {
			d.Errorf(langNodes[i].pos(), diag.DuplicateID, "language %q is listed twice", l)
			continue
		}
		g.Languages = append(g.Languages, l)
	}
	if g.SourceLang != "" {
		if i := slices.Index(g.Languages, g.SourceLang); i < 0 {
			d.Errorf(srcn.pos(), diag.BadLanguage, "source_language %q is not among the languages %v", g.SourceLang, g.Languages)
		} else {
			// source first, the rest as declared
			g.Languages = append([]string{g.SourceLang}, slices.Delete(slices.Clone(g.Languages), i, i+1)...)
		}
	}
	return true
}

func enumDef(n node, d *diag.List) *model.Enum {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, ok := o.id()
	if !ok {
		return nil
	}
	o.str("doc", false)
	e := &model.Enum{ID: id, Pos: n.keyPos()}
	vn, ok := o.get("value", true)
	if !ok {
		return e
	}
	seen := map[string]bool{}
	for _, v := range elems(vn, d) {
		vo, ok := asObj(v, d)
		if !ok {
			continue
		}
		vid, vidn, ok := vo.id()
		color, cn, hasColor := vo.str("color", false)
		icon, _, _ := vo.str("icon", false)
		vo.done()
		if !ok {
			continue
		}
		if seen[vid] {
			d.Errorf(vidn.pos(), diag.DuplicateID, "enum %s has value %q twice", id, vid)
			continue
		}
		seen[vid] = true
		if hasColor && !colorPattern.MatchString(color) {
			d.Errorf(cn.pos(), diag.BadValue, "color %q must be #rrggbb", color)
		}
		e.Values = append(e.Values, &model.EnumValue{ID: vid, Pos: v.keyPos(), Color: strings.ToLower(color), Icon: icon, Message: id + "." + vid})
	}
	if len(e.Values) == 0 {
		d.Errorf(n.keyPos(), diag.MissingKey, "enum %s has no values", id)
	}
	return e
}

func typeDef(n node, sc *scope, typeIDs map[string]bool, d *diag.List) *model.Type {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, ok := o.id()
	if !ok {
		return nil
	}
	doc, _, _ := o.str("doc", false)
	t := &model.Type{ID: id, Pos: n.keyPos(), Doc: doc, Message: "type." + id}
	fn, ok := o.get("field", false)
	if !ok {
		return t
	}
	seen := map[string]bool{}
	for _, f := range elems(fn, d) {
		fo, ok := asObj(f, d)
		if !ok {
			continue
		}
		fid, fidn, idOK := fo.id()
		ts, tn, tsOK := fo.str("type", true)
		optional, _ := fo.boolean("optional")
		wildcard, wn, hasWild := fo.str("wildcard", false)
		fdoc, _, _ := fo.str("doc", false)
		fo.done()
		if !idOK || !tsOK {
			continue
		}
		if reserved := append(cardKeys(), "name", "name_plural"); slices.Contains(reserved, fid) {
			d.Errorf(fidn.pos(), diag.BadID, "field id %q is reserved (%s)", fid, strings.Join(reserved, ", "))
			continue
		}
		if seen[fid] {
			d.Errorf(fidn.pos(), diag.DuplicateID, "type %s has field %q twice", id, fid)
			continue
		}
		seen[fid] = true
		vt, err := parseType(ts)
		if err != nil {
			d.Errorf(tn.pos(), diag.BadValue, "field %s: %v", fid, err)
			continue
		}
		if !sc.checkTypeRefs(vt, typeIDs, tn, d) {
			continue
		}
		if hasWild {
			if vt.Kind != model.List || vt.Elem.Kind != model.EnumKind {
				d.Errorf(wn.pos(), diag.BadValue, "wildcard is only for list<enum:...> fields, not %s", vt)
			} else if !validID(wildcard) {
				d.Errorf(wn.pos(), diag.BadID, "wildcard %q must be a lower-case identifier", wildcard)
			} else if e := sc.enums[vt.Elem.Enum]; e != nil && e.Value(wildcard) != nil {
				d.Errorf(wn.pos(), diag.DuplicateID, "wildcard %q is already a value of enum %s", wildcard, e.ID)
			}
		}
		t.Fields = append(t.Fields, &model.Field{ID: fid, Pos: f.keyPos(), Type: vt, Optional: optional, Wildcard: wildcard, Doc: fdoc})
	}
	return t
}

func cardDef(n node, g *model.Game, sc *scope, types map[string]*model.Type, d *diag.List) *model.Card {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	id, _, idOK := o.id()
	tp, tn, tpOK := o.str("type", true)
	copies, cn, copiesOK := o.integer("copies", true)
	rec, recNodes := o.strList("reconstructed", false)
	variant, vn, hasVariant := o.str("variant", false)
	if !idOK || !tpOK {
		o.done(keys(o.m)...) // nothing more can be said without a type
		return nil
	}
	t := types[tp]
	if t == nil {
		d.Errorf(tn.pos(), diag.DanglingRef, "card %s: no card type %q%s", id, tp, suggest(tp, keys(types)))
		o.done(keys(o.m)...)
		return nil
	}
	if copiesOK && copies < 0 {
		d.Errorf(cn.pos(), diag.BadValue, "card %s: copies must not be negative", id)
	}
	c := &model.Card{ID: id, Pos: n.keyPos(), Type: tp, Copies: copies, Message: "card." + id}
	if hasVariant {
		c.Variant = variantRef(g, variant, vn, "card "+id, d)
	}
	good := true
	for _, f := range t.Fields {
		fn, ok := o.get(f.ID, !f.Optional)
		if !ok {
			good = good && f.Optional
			c.Values = append(c.Values, model.FieldValue{Field: f.ID})
			continue
		}
		v, ok := sc.value(f.Type, fn, f.Wildcard, "card "+id+": "+f.ID, d)
		good = good && ok
		c.Values = append(c.Values, model.FieldValue{Field: f.ID, Set: true, Value: v})
	}
	for i, r := range rec {
		// copies may be reconstructed too: a rulebook may give a kind's
		// total but not how its cards split.
		if t.Field(r) == nil && r != "copies" {
			d.Errorf(recNodes[i].pos(), diag.DanglingRef, "card %s: reconstructed names %q, which is not a field of type %s (or copies)%s", id, r, tp, suggest(r, fieldIDs(t)))
			good = false
			continue
		}
		c.Reconstructed = append(c.Reconstructed, r)
	}
	o.done()
	// A card with bad values is kept all the same, so that ids and totals
	// still resolve; its diagnostics already say what is wrong.
	return c
}

func fieldIDs(t *model.Type) []string {
	ids := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		ids[i] = f.ID
	}
	return ids
}

func componentDef(n node, d *diag.List) *model.Component {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, ok := o.id()
	kind, kn, kindOK := o.str("kind", true)
	count, cn, countOK := o.integer("count", true)
	faces, fn, hasFaces := o.integer("faces", false)
	doc, _, _ := o.str("doc", false)
	if !ok {
		return nil
	}
	c := &model.Component{ID: id, Pos: n.keyPos(), Kind: kind, Count: count, Faces: faces, Doc: doc, Message: "component." + id}
	if kindOK && !slices.Contains(model.ComponentKinds(), kind) {
		d.Errorf(kn.pos(), diag.UnknownEnum, "component %s: kind %q is not one of %s%s", id, kind, strings.Join(model.ComponentKinds(), ", "), suggest(kind, model.ComponentKinds()))
	}
	if countOK && count < 1 {
		d.Errorf(cn.pos(), diag.BadValue, "component %s: count must be at least 1", id)
	}
	if hasFaces && (kind != "die" || faces < 2) {
		d.Errorf(fn.pos(), diag.BadValue, "component %s: faces is for dice, with at least 2 faces", id)
	}
	if kind == "die" && !hasFaces {
		d.Errorf(n.keyPos(), diag.MissingKey, "component %s: a die needs faces", id)
	}
	return c
}

func paramDef(n node, sc *scope, typeIDs map[string]bool, d *diag.List) *model.Param {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.id()
	ts, tn, tsOK := o.str("type", true)
	vn, hasValue := o.get("value", true)
	doc, _, _ := o.str("doc", false)
	if !idOK || !tsOK || !hasValue {
		return nil
	}
	vt, err := parseType(ts)
	if err != nil {
		d.Errorf(tn.pos(), diag.BadValue, "param %s: %v", id, err)
		return nil
	}
	if !sc.checkTypeRefs(vt, typeIDs, tn, d) {
		return nil
	}
	v, ok := sc.value(vt, vn, "", "param "+id, d)
	if !ok {
		return nil
	}
	return &model.Param{ID: id, Pos: n.keyPos(), Type: vt, Value: v, Doc: doc}
}

func totalDef(n node, g *model.Game, sc *scope, types map[string]*model.Type, broken map[string]bool, d *diag.List) *model.Total {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.id()
	tp, tn, tpOK := o.str("type", true)
	count, cn, countOK := o.integer("count", true)
	wn, hasWhere := o.get("where", false)
	variant, vn, hasVariant := o.str("variant", false)
	if !idOK || !tpOK || !countOK {
		return nil
	}
	t := types[tp]
	if t == nil {
		d.Errorf(tn.pos(), diag.DanglingRef, "total %s: no card type %q%s", id, tp, suggest(tp, keys(types)))
		return nil
	}
	tot := &model.Total{ID: id, Pos: n.keyPos(), Type: tp, Count: count}
	desc := tp + " cards"
	if hasVariant {
		if tot.Variant = variantRef(g, variant, vn, "total "+id, d); tot.Variant == "" {
			return nil
		}
		desc += " of variant " + tot.Variant
	}
	if hasWhere {
		wo, ok := asObj(wn, d)
		if !ok {
			return nil
		}
		if len(wo.m) != 1 {
			d.Errorf(wn.pos(), diag.BadValue, "total %s: where takes exactly one field = value", id)
			return nil
		}
		for k := range wo.m {
			f := t.Field(k)
			wo.used[k] = true
			if f == nil {
				d.Errorf(wo.child(k).keyPos(), diag.DanglingRef, "total %s: type %s has no field %q%s", id, tp, k, suggest(k, fieldIDs(t)))
				return nil
			}
			if f.Type.Kind == model.List || f.Type.Kind == model.Map {
				d.Errorf(wo.child(k).keyPos(), diag.BadValue, "total %s: where cannot compare a %s field", id, f.Type)
				return nil
			}
			v, ok := sc.value(f.Type, wo.child(k), "", "total "+id+": where "+k, d)
			if !ok {
				return nil
			}
			tot.Field, tot.Equals = k, v
			desc += " with " + k + " " + valueText(f.Type, v)
		}
	}
	sum := 0
	for _, c := range g.Cards {
		if c.Type != tp || c.Variant != tot.Variant {
			continue
		}
		if tot.Field != "" {
			v, set := c.Get(tot.Field)
			if !set || !sameValue(t.Field(tot.Field).Type, v, tot.Equals) {
				continue
			}
		}
		sum += c.Copies
	}
	if sum != count && !broken[tp] {
		d.Errorf(cn.pos(), diag.TotalMismatch, "total %s declares %d, but the %s add up to %d", id, count, desc, sum)
	}
	return tot
}

func sameValue(t *model.ValueType, a, b model.Value) bool {
	switch t.Kind {
	case model.Int:
		return a.Int == b.Int
	case model.Decimal:
		return a.Dec == b.Dec
	case model.Bool:
		return a.Bool == b.Bool
	}
	return a.Str == b.Str
}

// valueText is a value as written in a message: strings quoted.
func valueText(t *model.ValueType, v model.Value) string {
	if t.Kind == model.String || t.Kind == model.EnumKind || t.Kind == model.Ref {
		return strconv.Quote(v.Str)
	}
	return t.Format(v)
}

func sectionDef(n node, d *diag.List) *model.Section {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, ok := o.id()
	num, nn, hasNum := o.str("number", false)
	level, ln, hasLevel := o.integer("level", false)
	free, _ := o.boolean("free")
	if !ok {
		return nil
	}
	s := &model.Section{ID: id, Pos: n.keyPos(), Number: num, Level: level, Free: free}
	switch {
	case hasNum && !numberPattern.MatchString(num):
		d.Errorf(nn.pos(), diag.BadValue, "section %s: number %q must look like 2 or 2.1", id, num)
	case hasNum:
		derived := strings.Count(num, ".") + 1
		if hasLevel && level != derived {
			d.Errorf(ln.pos(), diag.BadValue, "section %s: level %d disagrees with number %s (level %d)", id, level, num, derived)
		}
		s.Level = derived
	case !hasLevel:
		s.Level = 1
	case level < 1 || level > 6:
		d.Errorf(ln.pos(), diag.BadValue, "section %s: level must be 1 to 6", id)
	}
	return s
}

func termDef(n node, d *diag.List) *model.Term {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, ok := o.id()
	proper, _ := o.boolean("proper")
	adapted, _ := o.boolean("adapted")
	msg, _, hasMsg := o.str("message", false)
	if !ok {
		return nil
	}
	if !hasMsg {
		msg = "term." + id
	}
	if adapted && !proper {
		d.Errorf(n.keyPos(), diag.BadValue, "term %s: only a proper name is adapted", id)
	}
	return &model.Term{ID: id, Pos: n.keyPos(), Proper: proper, Adapted: adapted, Message: msg}
}

// groupDef reads a [[group]]: glossary terms that are alternatives to one
// another.
func groupDef(n node, g *model.Game, d *diag.List) *model.Group {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, ok := o.id()
	doc, _, _ := o.str("doc", false)
	kindName, kn, hasKind := o.str("kind", false)
	terms, tn := o.strList("terms", true)
	if !ok {
		return nil
	}
	gr := &model.Group{ID: id, Pos: n.keyPos(), Doc: doc}
	if hasKind {
		k, known := model.GroupKinds()[kindName]
		if !known {
			var names []string
			for name := range model.GroupKinds() {
				names = append(names, name)
			}
			slices.Sort(names)
			d.Errorf(kn.pos(), diag.UnknownEnum, "group %s: unknown kind %q (want one of %s)%s", id, kindName, strings.Join(names, ", "), suggest(kindName, names))
		}
		gr.Kind = k
	}
	var ids []string
	for _, t := range g.Terms {
		ids = append(ids, t.ID)
	}
	for i, t := range terms {
		switch {
		case g.Term(t) == nil:
			d.Errorf(tn[i].pos(), diag.DanglingRef, "group %s: no term %q%s", id, t, suggest(t, ids))
		case slices.Contains(gr.Terms, t):
			d.Errorf(tn[i].pos(), diag.DuplicateID, "group %s lists term %q twice", id, t)
		default:
			gr.Terms = append(gr.Terms, t)
		}
	}
	if len(terms) > 0 && len(terms) < 2 {
		d.Errorf(n.keyPos(), diag.BadValue, "group %s: a group needs two terms or more", id)
	}
	return gr
}

// enumGroups makes a group of the terms that name the values of one enum
// (the races, the peoples): they are alternatives to one another.
func enumGroups(g *model.Game) []*model.Group {
	var out []*model.Group
	for _, e := range g.Enums {
		gr := &model.Group{ID: "enum." + e.ID, Pos: e.Pos, Enum: e.ID}
		for _, v := range e.Values {
			for _, t := range g.Terms {
				if t.Message == v.Message {
					gr.Terms = append(gr.Terms, t.ID)
					break
				}
			}
		}
		if len(gr.Terms) >= 2 {
			out = append(out, gr)
		}
	}
	return out
}

// players reads the required players = { min, max } of a table; what
// starts its messages.
func players(o *obj, what string, d *diag.List) model.Range {
	pn, ok := o.get("players", true)
	if !ok {
		return model.Range{}
	}
	po, ok := asObj(pn, d)
	if !ok {
		return model.Range{}
	}
	defer po.done()
	lo, _, ok1 := po.integer("min", true)
	hi, hin, ok2 := po.integer("max", true)
	if !ok1 || !ok2 {
		return model.Range{}
	}
	if lo < 1 || hi < lo {
		d.Errorf(hin.pos(), diag.BadValue, "%splayers: need 1 <= min <= max, have min %d and max %d", what, lo, hi)
	}
	return model.Range{Min: lo, Max: hi}
}

// variantDef reads a [[variant]]: a way to play the game, such as an
// expansion, with the cards that name it.
func variantDef(n node, d *diag.List) *model.Variant {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.id()
	doc, _, _ := o.str("doc", false)
	if !idOK {
		return nil
	}
	v := &model.Variant{ID: id, Pos: n.keyPos(), Doc: doc, Message: "variant." + id}
	v.Players = players(o, "variant "+id+": ", d)
	return v
}

// variantRef resolves a variant named by a card or total, reporting an
// unknown one; it returns "" when there is none.
func variantRef(g *model.Game, id string, n node, what string, d *diag.List) string {
	for _, v := range g.Variants {
		if v.ID == id {
			return id
		}
	}
	ids := make([]string, len(g.Variants))
	for i, v := range g.Variants {
		ids[i] = v.ID
	}
	d.Errorf(n.pos(), diag.DanglingRef, "%s: no variant %q%s", what, id, suggest(id, ids))
	return ""
}
