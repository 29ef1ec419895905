package compiler

import (
	"fmt"
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
	return []string{"back", "block", "card", "component", "deck", "difference", "enum", "face", "game", "group", "message", "param", "ruling", "section", "term", "total", "type", "variant", "zone"}
}

// cardKeys are the keys every card has besides its type's fields.
func cardKeys() []string { return []string{"copies", "id", "reconstructed", "type", "variant"} }

var numberPattern = regexp.MustCompile(`^[0-9]+(\.[0-9]+)*$`)

// maxLevel is how deep sections go: the exports' schema allows levels 1 to
// 6 (sectionLevel in grimoire.schema.json), as HTML has six headings.
const maxLevel = 6

// gameData builds a game from the data files of its directory, as far as
// they load, and says what did not. Partial is set when a data file did
// not parse: anything not found may have been defined there. meta is false
// when the game has no usable [game] table, so its languages are unknown.
func gameData(dir string, srcs []*source, partial bool, d *diag.List) (g *model.Game, l *lost, meta bool) {
	g = &model.Game{}
	l = newLost()
	l.all = partial
	seen := map[string]map[string]node{} // kind -> id -> first definition
	unique := func(kind, id string, n node) bool {
		if seen[kind] == nil {
			seen[kind] = map[string]node{}
		}
		if first, ok := seen[kind][id]; ok {
			d.Errorf(n.pos(), diag.DuplicateID, "duplicate %s id %q (first defined at %s)", kind, id, first.pos())
			l.any(kind, "", false) // the second may be meant as any other
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

	// Unknown top-level keys, and the one [game] table. What a misspelt
	// key holds is lost: "cardz" may hold any card.
	var gameNode *node
	misspelt := map[string]bool{}
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
				if meant := closest(k, topKeys()); meant != "" {
					misspelt[meant] = true
					l.any(meant, "", false)
				}
			}
		}
	}
	switch {
	case gameNode != nil:
		meta = gameMeta(g, *gameNode, d)
	case !partial && !misspelt["game"]: // a file that did not parse may hold it
		pos := diag.Pos{File: dir}
		if len(srcs) > 0 {
			pos = diag.Pos{File: srcs[0].name, Line: 1, Col: 1}
		}
		d.Errorf(pos, diag.MissingKey, "game %s has no [game] table", dir)
	}
	// The rest is checked all the same: its errors do not depend on the
	// game's own table.
	sc := &scope{enums: map[string]*model.Enum{}, cards: map[string]*model.Card{}, lost: l}
	for _, n := range all("variant") {
		v := variantDef(n, d)
		if v == nil {
			l.add(lostVariant, strField(n, "id"))
		} else if unique("variant", v.ID, n) {
			g.Variants = append(g.Variants, v)
		}
	}

	for _, n := range all("enum") {
		e := enumDef(n, l, d)
		if e == nil {
			l.add(lostEnum, strField(n, "id"))
		} else if unique("enum", e.ID, n) {
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
		t := typeDef(n, sc, typeIDs, d)
		if t == nil {
			l.add(lostType, strField(n, "id"))
		} else if unique("type", t.ID, n) {
			g.Types = append(g.Types, t)
			types[t.ID] = t
		}
	}

	// Cards: ids first, so refs between cards resolve whatever the order.
	cardNodes := all("card")
	for _, n := range cardNodes {
		id := strField(n, "id")
		if !validID(id) || sc.cards[id] != nil {
			l.any(lostCard, "", false) // a card meant as any other
		}
		if id != "" && sc.cards[id] == nil {
			sc.cards[id] = &model.Card{ID: id, Type: strField(n, "type")}
		}
	}
	tl := &tally{unsure: map[*model.Card]cardUnsure{}, types: map[string]bool{"": misspelt["card"]}}
	for _, n := range cardNodes {
		c, kept := cardDef(n, g, sc, types, tl, d)
		switch {
		case c == nil:
			l.add(lostCard, strField(n, "id"))
		case !kept:
			l.add(lostCard, c.ID)
			tl.cards = append(tl.cards, c) // its copies count all the same
		case unique("card", c.ID, n):
			g.Cards = append(g.Cards, c)
			tl.cards = append(tl.cards, c)
		default:
			tl.types[c.Type] = true // a second definition may be meant to count
		}
	}
	for _, n := range all("component") {
		c := componentDef(n, l, d)
		if c == nil {
			l.add(lostComponent, strField(n, "id"))
		} else if unique("component", c.ID, n) {
			g.Components = append(g.Components, c)
		}
	}
	for _, n := range all("param") {
		p := paramDef(n, sc, typeIDs, d)
		if p == nil {
			l.add(lostParam, strField(n, "id"))
		} else if unique("param", p.ID, n) {
			g.Params = append(g.Params, p)
		}
	}
	for _, n := range all("total") {
		t := totalDef(n, g, sc, types, tl, d)
		if t == nil {
			l.add(lostTotal, strField(n, "id"))
		} else if unique("total", t.ID, n) {
			g.Totals = append(g.Totals, t)
		}
	}
	for _, n := range all("section") {
		s := sectionDef(n, d)
		if s == nil {
			l.add(lostSection, strField(n, "id"))
		} else if unique("section", s.ID, n) {
			g.Sections = append(g.Sections, s)
		}
	}
	for _, n := range all("zone") {
		z := zoneDef(n, g, l, d)
		if z == nil {
			l.add(lostZone, strField(n, "id"))
		} else if unique("zone", z.ID, n) {
			g.Zones = append(g.Zones, z)
		}
	}
	for _, n := range all("ruling") {
		r := rulingDef(n, g, l, d)
		if r == nil {
			l.add(lostRuling, strField(n, "id"))
		} else if unique("ruling", r.ID, n) {
			g.Rulings = append(g.Rulings, r)
		}
	}
	rulingsSection(g, d)
	for _, n := range all("term") {
		t := termDef(n, d)
		if t == nil {
			id := strField(n, "id")
			l.add(lostTerm, id)
			if msg := strField(n, "message"); msg != "" && id != "" {
				l.add(lostMessage, msg)
			}
		} else if unique("term", t.ID, n) {
			g.Terms = append(g.Terms, t)
		}
	}
	for _, n := range all("group") {
		if gr := groupDef(n, g, l, d); gr != nil && unique("group", gr.ID, n) {
			g.Groups = append(g.Groups, gr)
		}
	}
	g.Groups = append(g.Groups, enumGroups(g)...)
	for _, n := range all("difference") {
		if x := differenceDef(n, d); x != nil {
			g.Differences = append(g.Differences, x)
		}
	}
	for _, n := range all("block") {
		b := blockDef(n, g, l, d)
		if b == nil {
			l.add(lostBlock, strField(n, "id"))
		} else if unique("block", b.ID, n) {
			g.Blocks = append(g.Blocks, b)
		}
	}
	checkCardPlaces(g, d)
	checkVariantRefs(g, d)
	msgNodes := all("message")
	messageDecls(g, msgNodes, unique, d)
	declared := make(map[string]bool, len(g.Messages))
	for _, m := range g.Messages {
		declared[m.ID] = true
	}
	for _, n := range msgNodes {
		if id := strField(n, "id"); !declared[id] {
			l.add(lostMessage, id)
		}
	}
	g.Deck = deckDef(srcs, g, l, d)
	// A template reading a card's field that did not load cannot be judged.
	for _, c := range tl.cards {
		for _, f := range tl.unsure[c].fields {
			l.addData(".Card." + c.ID + "." + f)
		}
	}
	return g, l, meta
}

// tally is what totals are checked against: every card decoded, kept or
// not, and what of each is unknown. A total that an unknown could change
// is not judged: its mismatch would only echo that error.
type tally struct {
	cards  []*model.Card
	unsure map[*model.Card]cardUnsure
	// types holds card types whose totals cannot be judged: a card of the
	// type was defined twice. "" stands for every type, when a card's type
	// is unknown.
	types map[string]bool
}

// cardUnsure is what is unknown of a card.
type cardUnsure struct {
	copies, variant bool
	fields          []string // fields whose value did not load
}

// sum adds up the copies of the cards a total counts: of type tp, of
// variant, and with field equal to want when field is set. ok is false
// when an unknown could change the sum.
func (tl *tally) sum(t *model.Type, variant, field string, want model.Value) (sum int, ok bool) {
	if tl.types[""] || tl.types[t.ID] {
		return 0, false
	}
	for _, c := range tl.cards {
		if c.Type != t.ID {
			continue
		}
		u := tl.unsure[c]
		if u.variant {
			return 0, false
		}
		if c.Variant != variant {
			continue
		}
		if field != "" {
			if slices.Contains(u.fields, field) {
				return 0, false
			}
			v, set := c.Get(field)
			if !set || !sameValue(t.Field(field).Type, v, want) {
				continue
			}
		}
		if u.copies {
			return 0, false
		}
		sum += c.Copies
	}
	return sum, true
}

// closest is the known name suggest would offer for got, or "" for none.
func closest(got string, known []string) string {
	s := suggest(got, known)
	for _, k := range known {
		if s == fmt.Sprintf(" (did you mean %q?)", k) {
			return k
		}
	}
	return ""
}

// strField reads a string key of a table node without reporting anything,
// for passes that only look ahead; the full pass reports what is wrong.
func strField(n node, key string) string {
	m, _ := n.v.(map[string]any)
	s, _ := m[key].(string)
	return s
}

// gameMeta reads the [game] table into g. It reports whether the game's
// languages are known, so that its locales can be checked.
func gameMeta(g *model.Game, n node, d *diag.List) bool {
	o, ok := asObj(n, d)
	if !ok {
		return false
	}
	defer o.done()
	// A bad id is reported; the rest is read all the same.
	id, idn, _ := o.id()
	g.ID, g.Pos = id, o.keyPos()
	if idn.src != nil {
		g.Pos = idn.keyPos()
	}
	g.Players = players(o, "", d)
	src, srcn, ok := o.str("source_language", true)
	if ok {
		if ok, why := tagOK(src); !ok {
			d.Errorf(srcn.pos(), diag.BadLanguage, "source_language %q is not a language tag%s", src, why)
		} else {
			g.SourceLang = src
		}
	}
	g.Authors, _ = o.strList("authors", false)
	langs, langNodes := o.strList("languages", true)
	for i, l := range langs {
		if ok, why := tagOK(l); !ok {
			d.Errorf(langNodes[i].pos(), diag.BadLanguage, "%q is not a language tag%s", l, why)
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
	return len(g.Languages) > 0 // without languages, no locale can be checked
}

// tagPattern is the form of a language tag the exports allow (lang in
// grimoire.schema.json): a language subtag first, so no private-use or
// grandfathered tag such as x-klingon or i-klingon.
var tagPattern = regexp.MustCompile(`^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$`)

// tagOK reports whether s is a language tag a game may use, and if not,
// what more to say than that it is none.
func tagOK(s string) (bool, string) {
	if _, err := language.Parse(s); err != nil {
		return false, ""
	}
	if !tagPattern.MatchString(s) {
		return false, " of the form a game's languages take (a language subtag of 2 to 8 letters first, such as en or pt-BR)"
	}
	return true, ""
}

func enumDef(n node, l *lost, d *diag.List) *model.Enum {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	// A bad id is reported; the values are checked all the same.
	id, _, idOK := o.nameID()
	o.str("doc", false)
	e := &model.Enum{ID: id, Pos: n.keyPos()}
	vn, ok := o.get("value", true)
	if !ok {
		return keepIf(idOK, e)
	}
	seen := map[string]bool{}
	vs := elems(vn, d)
	for _, v := range vs {
		vo, ok := asObj(v, d)
		if !ok {
			continue
		}
		vid, vidn, ok := vo.nameID()
		color, cn, hasColor := vo.str("color", false)
		icon, _, _ := vo.str("icon", false)
		vo.done()
		if !ok {
			if raw := strField(v, "id"); raw != "" {
				l.add(lostValue, id+"."+raw)
			}
			continue
		}
		if seen[vid] {
			d.Errorf(vidn.pos(), diag.DuplicateID, "enum %s has value %q twice", id, vid)
			l.any(lostValue, id, true) // the second may be meant as any other
			continue
		}
		seen[vid] = true
		if hasColor && !colorPattern.MatchString(color) {
			d.Errorf(cn.pos(), diag.BadValue, "color %q must be #rrggbb", color)
		}
		e.Values = append(e.Values, &model.EnumValue{ID: vid, Pos: v.keyPos(), Color: strings.ToLower(color), Icon: icon, Message: id + "." + vid})
	}
	if len(vs) == 0 {
		d.Errorf(n.keyPos(), diag.MissingKey, "enum %s has no values", id)
		l.any(lostValue, id, true) // whatever the cards name, it is said
	}
	return keepIf(idOK, e)
}

// keepIf returns x when ok, and nil otherwise: a definition read to the end
// for its errors, but not kept.
func keepIf[T any](ok bool, x *T) *T {
	if !ok {
		return nil
	}
	return x
}

func typeDef(n node, sc *scope, typeIDs map[string]bool, d *diag.List) *model.Type {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	// A bad id is reported; the fields are checked all the same.
	id, _, typeOK := o.nameID()
	doc, _, _ := o.str("doc", false)
	t := &model.Type{ID: id, Pos: n.keyPos(), Doc: doc, Message: "type." + id}
	fn, ok := o.get("field", false)
	if !ok {
		return keepIf(typeOK, t)
	}
	seen := map[string]bool{}
	for _, f := range elems(fn, d) {
		fo, ok := asObj(f, d)
		if !ok {
			continue
		}
		fid, fidn, idOK := fo.nameID()
		ts, tn, tsOK := fo.str("type", true)
		optional, _ := fo.boolean("optional")
		wildcard, wn, hasWild := fo.str("wildcard", false)
		fdoc, _, _ := fo.str("doc", false)
		fo.done()
		// A field that is not kept leaves its cards' values unchecked.
		drop := func() {
			if raw := strField(f, "id"); raw != "" && !seen[raw] {
				sc.lost.add(lostField, id+"."+raw)
			}
		}
		if !idOK || !tsOK {
			drop()
			continue
		}
		if reserved := append(cardKeys(), "name", "name_plural"); slices.Contains(reserved, fid) {
			d.Errorf(fidn.pos(), diag.BadID, "field id %q is reserved (%s)", fid, strings.Join(reserved, ", "))
			drop()
			continue
		}
		if seen[fid] {
			d.Errorf(fidn.pos(), diag.DuplicateID, "type %s has field %q twice", id, fid)
			continue
		}
		vt, err := parseType(ts)
		if err != nil {
			d.Errorf(tn.pos(), diag.BadValue, "field %s: %v", fid, err)
			drop()
			seen[fid] = true
			continue
		}
		if !sc.checkTypeRefs(vt, typeIDs, tn, d) {
			drop()
			seen[fid] = true
			continue
		}
		seen[fid] = true
		if hasWild {
			if vt.Kind != model.List || vt.Elem.Kind != model.EnumKind {
				d.Errorf(wn.pos(), diag.BadValue, "wildcard is only for list<enum:...> fields, not %s", vt)
			} else if !validID(wildcard) {
				d.Errorf(wn.pos(), diag.BadID, "wildcard %q must be a lower-case identifier", wildcard)
				wildcard = unknownWildcard
			} else if e := sc.enums[vt.Elem.Enum]; e != nil && e.Value(wildcard) != nil {
				d.Errorf(wn.pos(), diag.DuplicateID, "wildcard %q is already a value of enum %s", wildcard, e.ID)
			}
		}
		t.Fields = append(t.Fields, &model.Field{ID: fid, Pos: f.keyPos(), Type: vt, Optional: optional, Wildcard: wildcard, Doc: fdoc})
	}
	return keepIf(typeOK, t)
}

// cardDef reads a [[card]]. It returns the card as far as it loaded, and
// whether to keep it: a card whose id is bad is read for its errors and
// its copies, but not kept. What of the card is unknown goes to tl.
func cardDef(n node, g *model.Game, sc *scope, types map[string]*model.Type, tl *tally, d *diag.List) (*model.Card, bool) {
	o, ok := asObj(n, d)
	if !ok {
		tl.types[""] = true
		return nil, false
	}
	id, _, idOK := o.nameID()
	tp, tn, tpOK := o.str("type", true)
	copies, cn, copiesOK := o.integer("copies", true)
	rec, recNodes := o.strList("reconstructed", false)
	variant, vn, hasVariant := o.str("variant", false)
	t := types[tp]
	switch {
	case !tpOK:
		tl.types[""] = true
	case t == nil && sc.lost.has(lostType, tp):
		tl.types[tp] = true
	case t == nil:
		d.Errorf(tn.pos(), diag.DanglingRef, "card %s: no card type %q%s", id, tp, suggest(tp, keys(types)))
		// The type meant is likely the one suggested: its totals cannot
		// be judged, nor, without a suggestion, any.
		tl.types[closest(tp, keys(types))] = true
	case id == "":
		tl.types[tp] = true
	}
	if t == nil || id == "" {
		sc.lost.add(lostCardType, id)
		o.done(keys(o.m)...) // nothing more can be said without a type
		return nil, false
	}
	var u cardUnsure
	if copiesOK && copies < 0 {
		d.Errorf(cn.pos(), diag.BadValue, "card %s: copies must not be negative", id)
	}
	u.copies = !copiesOK || copies < 0
	c := &model.Card{ID: id, Pos: n.keyPos(), Type: tp, Copies: copies, Message: "card." + id}
	if hasVariant {
		c.Variant = variantRef(g, sc.lost, variant, vn, "card "+id, d)
		u.variant = c.Variant == ""
	}
	for _, f := range t.Fields {
		fn, ok := o.get(f.ID, !f.Optional)
		if !ok {
			if !f.Optional {
				u.fields = append(u.fields, f.ID)
			}
			c.Values = append(c.Values, model.FieldValue{Field: f.ID})
			continue
		}
		v, ok := sc.value(f.Type, fn, f.Wildcard, "card "+id+": "+f.ID, d)
		if !ok {
			u.fields = append(u.fields, f.ID)
		}
		c.Values = append(c.Values, model.FieldValue{Field: f.ID, Set: true, Value: v})
	}
	// Keys of fields that did not load are no mistake of the card's.
	for _, k := range keys(o.m) {
		if !o.used[k] && sc.lost.is(lostField, tp+"."+k) {
			o.used[k] = true
			u.fields = append(u.fields, k)
		}
	}
	for i, r := range rec {
		// copies may be reconstructed too: a rulebook may give a kind's
		// total but not how its cards split.
		if t.Field(r) == nil && r != "copies" {
			if !sc.lost.is(lostField, tp+"."+r) {
				d.Errorf(recNodes[i].pos(), diag.DanglingRef, "card %s: reconstructed names %q, which is not a field of type %s (or copies)%s", id, r, tp, suggest(r, fieldIDs(t)))
			}
			continue
		}
		c.Reconstructed = append(c.Reconstructed, r)
	}
	o.done()
	if u.copies {
		sc.lost.add(lostCopies, id)
	}
	tl.unsure[c] = u
	// A card with bad values is kept all the same, so that ids and totals
	// still resolve; its diagnostics already say what is wrong.
	return c, idOK
}

func fieldIDs(t *model.Type) []string {
	ids := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		ids[i] = f.ID
	}
	return ids
}

func componentDef(n node, l *lost, d *diag.List) *model.Component {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.nameID()
	kind, kn, kindOK := o.str("kind", true)
	count, cn, countOK := o.integer("count", true)
	faces, fn, hasFaces := o.integer("faces", false)
	doc, _, _ := o.str("doc", false)
	c := &model.Component{ID: id, Pos: n.keyPos(), Kind: kind, Count: count, Faces: faces, Doc: doc, Message: "component." + id}
	if kindOK && !slices.Contains(model.ComponentKinds(), kind) {
		d.Errorf(kn.pos(), diag.UnknownEnum, "component %s: kind %q is not one of %s%s", id, kind, strings.Join(model.ComponentKinds(), ", "), suggest(kind, model.ComponentKinds()))
	}
	if countOK && count < 1 {
		d.Errorf(cn.pos(), diag.BadValue, "component %s: count must be at least 1", id)
	}
	if !countOK || count < 1 {
		l.add(lostCount, id)
	}
	if hasFaces && (kind != "die" || faces < 2) {
		d.Errorf(fn.pos(), diag.BadValue, "component %s: faces is for dice, with at least 2 faces", id)
	}
	if kind == "die" && !hasFaces {
		d.Errorf(n.keyPos(), diag.MissingKey, "component %s: a die needs faces", id)
	}
	return keepIf(idOK, c)
}

// zoneDef reads a [[zone]]. It runs after the sections, which a zone may
// name.
func zoneDef(n node, g *model.Game, l *lost, d *diag.List) *model.Zone {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.nameID()
	owner, on, ownerOK := o.str("owner", true)
	visible, vn, visibleOK := o.str("visible", true)
	// A zone with a wrong owner or visibility is kept, as a component with
	// a wrong kind is: its name is needed all the same.
	section, sn, hasSection := o.str("section", false)
	doc, _, _ := o.str("doc", false)
	z := &model.Zone{ID: id, Pos: n.keyPos(), Owner: owner, Visible: visible, Section: section, Doc: doc, Message: "zone." + id}
	if ownerOK && !slices.Contains(model.ZoneOwners(), owner) {
		d.Errorf(on.pos(), diag.UnknownEnum, "zone %s: owner %q is not one of %s%s", id, owner, strings.Join(model.ZoneOwners(), ", "), suggest(owner, model.ZoneOwners()))
	}
	if visibleOK && !slices.Contains(model.ZoneVisibilities(), visible) {
		d.Errorf(vn.pos(), diag.UnknownEnum, "zone %s: visible %q is not one of %s%s", id, visible, strings.Join(model.ZoneVisibilities(), ", "), suggest(visible, model.ZoneVisibilities()))
	}
	if owner == model.ZoneTable && visible == model.ZoneOwner {
		d.Errorf(vn.pos(), diag.BadValue, "zone %s: the table's zone has no player to see it: say %q or %q", id, model.ZoneAll, model.ZoneNone)
	}
	if hasSection {
		sectionRef(g, l, "zone "+id, section, sn, d)
	}
	return keepIf(idOK, z)
}

// sectionRef returns the section a table names by id, or reports that
// the game has none such (unless a section lost may have been it) and
// returns nil.
func sectionRef(g *model.Game, l *lost, what, section string, n node, d *diag.List) *model.Section {
	if i := slices.IndexFunc(g.Sections, func(x *model.Section) bool { return x.ID == section }); i >= 0 {
		return g.Sections[i]
	}
	if !l.has(lostSection, section) {
		ids := make([]string, len(g.Sections))
		for i, x := range g.Sections {
			ids[i] = x.ID
		}
		d.Errorf(n.pos(), diag.DanglingRef, "%s: no section %q%s", what, section, suggest(section, ids))
	}
	return nil
}

// rulingDef reads a [[ruling]]. It runs after the sections, whose rule
// it reads.
func rulingDef(n node, g *model.Game, l *lost, d *diag.List) *model.Ruling {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.nameID()
	section, sn, hasSection := o.str("section", false)
	r := &model.Ruling{ID: id, Pos: n.keyPos(), Section: section, Message: "ruling." + id}
	if hasSection {
		if sec := sectionRef(g, l, "ruling "+id, section, sn, d); sec != nil && sec.Rulings {
			d.Errorf(sn.pos(), diag.BadValue, "ruling %s: section %s lists the rulings; name the section whose rule the ruling reads", id, section)
		}
	}
	return keepIf(idOK, r)
}

// rulingsSection checks that the rulings have one section to be printed
// in, and that a section listing them has some to list.
func rulingsSection(g *model.Game, d *diag.List) {
	var listing []*model.Section
	for _, s := range g.Sections {
		if s.Rulings {
			listing = append(listing, s)
		}
	}
	for _, s := range listing[min(1, len(listing)):] {
		d.Errorf(s.Pos, diag.BadValue, "section %s: the rulings are listed in section %s already; one section lists them", s.ID, listing[0].ID)
	}
	switch {
	case len(g.Rulings) > 0 && len(g.Sections) > 0 && len(listing) == 0:
		d.Errorf(g.Rulings[0].Pos, diag.MissingKey, "game %s has rulings, but no section lists them, so the rulebook would not print them: add rulings = true to the [[section]] that should", g.ID)
	case len(g.Rulings) == 0 && len(listing) > 0:
		d.Errorf(listing[0].Pos, diag.BadValue, "section %s lists the rulings, but the game has no [[ruling]]", listing[0].ID)
	}
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
	rn, hasRec := o.get("reconstructed", false)
	if !tsOK {
		return nil
	}
	vt, err := parseType(ts)
	if err != nil {
		d.Errorf(tn.pos(), diag.BadValue, "param %s: %v", id, err)
		return nil
	}
	if !sc.checkTypeRefs(vt, typeIDs, tn, d) || !hasValue {
		return nil
	}
	// A value with errors is kept all the same, so that the texts that
	// read it are still checked.
	v, valueOK := sc.value(vt, vn, "", "param "+id, d)
	p := &model.Param{ID: id, Pos: n.keyPos(), Type: vt, Value: v, Doc: doc}
	if hasRec {
		p.Reconstructed = paramMarks(p, rn, valueOK, d)
	}
	return keepIf(idOK, p)
}

func totalDef(n node, g *model.Game, sc *scope, types map[string]*model.Type, tl *tally, d *diag.List) *model.Total {
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
	if !tpOK {
		return nil
	}
	t := types[tp]
	if t == nil {
		if !sc.lost.has(lostType, tp) {
			d.Errorf(tn.pos(), diag.DanglingRef, "total %s: no card type %q%s", id, tp, suggest(tp, keys(types)))
		}
		return nil
	}
	if countOK && count < 0 {
		d.Errorf(cn.pos(), diag.BadValue, "total %s: count must not be negative", id)
		countOK = false
	}
	tot := &model.Total{ID: id, Pos: n.keyPos(), Type: tp, Count: count}
	desc := tp + " cards"
	if hasVariant {
		if tot.Variant = variantRef(g, sc.lost, variant, vn, "total "+id, d); tot.Variant == "" {
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
				if !sc.lost.is(lostField, tp+"."+k) {
					d.Errorf(wo.child(k).keyPos(), diag.DanglingRef, "total %s: type %s has no field %q%s", id, tp, k, suggest(k, fieldIDs(t)))
				}
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
	if !countOK {
		return nil
	}
	// A card whose count is unknown, or whether it counts, leaves the
	// total unjudged.
	if sum, ok := tl.sum(t, tot.Variant, tot.Field, tot.Equals); ok && sum != count {
		d.Errorf(cn.pos(), diag.TotalMismatch, "total %s declares %d, but the %s add up to %d", id, count, desc, sum)
	}
	return keepIf(idOK, tot)
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
	id, _, idOK := o.nameID()
	num, nn, hasNum := o.str("number", false)
	level, ln, hasLevel := o.integer("level", false)
	free, _ := o.boolean("free")
	rulings, _ := o.boolean("rulings")
	s := &model.Section{ID: id, Pos: n.keyPos(), Number: num, Level: level, Free: free, Rulings: rulings}
	switch {
	case hasNum && !numberPattern.MatchString(num):
		d.Errorf(nn.pos(), diag.BadValue, "section %s: number %q must look like 2 or 2.1", id, num)
	case hasNum:
		derived := strings.Count(num, ".") + 1
		switch {
		case derived > maxLevel:
			d.Errorf(nn.pos(), diag.BadValue, "section %s: number %s is %d levels deep; sections go %d levels deep at most", id, num, derived, maxLevel)
		case hasLevel && level != derived:
			d.Errorf(ln.pos(), diag.BadValue, "section %s: level %d disagrees with number %s (level %d)", id, level, num, derived)
		}
		s.Level = derived
	case !hasLevel:
		s.Level = 1
	case level < 1 || level > maxLevel:
		d.Errorf(ln.pos(), diag.BadValue, "section %s: level must be 1 to %d", id, maxLevel)
	}
	return keepIf(idOK, s)
}

func termDef(n node, d *diag.List) *model.Term {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.nameID()
	proper, _ := o.boolean("proper")
	adapted, _ := o.boolean("adapted")
	msg, _, hasMsg := o.str("message", false)
	if !hasMsg {
		msg = "term." + id
	}
	if adapted && !proper {
		d.Errorf(n.keyPos(), diag.BadValue, "term %s: only a proper name is adapted", id)
	}
	return keepIf(idOK, &model.Term{ID: id, Pos: n.keyPos(), Proper: proper, Adapted: adapted, Message: msg})
}

// groupDef reads a [[group]]: glossary terms that are alternatives to one
// another.
func groupDef(n node, g *model.Game, l *lost, d *diag.List) *model.Group {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	id, _, idOK := o.id()
	doc, _, _ := o.str("doc", false)
	kindName, kn, hasKind := o.str("kind", false)
	terms, tn := o.strList("terms", true)
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
		case g.Term(t) == nil && l.has(lostTerm, t):
			// a term that did not load: its own error says why
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
	return keepIf(idOK, gr)
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
	id, _, idOK := o.nameID()
	doc, _, _ := o.str("doc", false)
	v := &model.Variant{ID: id, Pos: n.keyPos(), Doc: doc, Message: "variant." + id}
	v.Players = players(o, "variant "+id+": ", d)
	return keepIf(idOK, v)
}

// variantRef resolves a variant named by a card or total, reporting an
// unknown one; it returns "" when there is none.
func variantRef(g *model.Game, l *lost, id string, n node, what string, d *diag.List) string {
	for _, v := range g.Variants {
		if v.ID == id {
			return id
		}
	}
	if l.has(lostVariant, id) {
		return ""
	}
	ids := make([]string, len(g.Variants))
	for i, v := range g.Variants {
		ids[i] = v.ID
	}
	d.Errorf(n.pos(), diag.DanglingRef, "%s: no variant %q%s", what, id, suggest(id, ids))
	return ""
}
