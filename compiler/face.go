package compiler

import (
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// Card sizes a deck may declare, in mm: a card must hold a line of text
// and fit a sheet of paper.
const (
	deckMinSize  = 20
	deckMaxSize  = 280
	deckMaxBleed = 5
	// Text sizes a region may ask for, in points.
	regionMinPt = 3
	regionMaxPt = 72
)

// deckDef reads [deck], [[face]] and [[back]]: how the game's own cards
// are printed. It runs after the rest of the data, whose types, fields and
// messages the regions name. A game without [[face]] has no deck.
func deckDef(srcs []*source, g *model.Game, l *lost, d *diag.List) *model.Deck {
	dk := &model.Deck{W: model.DefaultCardW, H: model.DefaultCardH, Bleed: model.DefaultBleed}
	var deckNode *node
	for _, s := range srcs {
		if v, ok := s.data["deck"]; ok {
			n := node{src: s, path: "deck", v: v}
			if deckNode != nil {
				d.Errorf(n.keyPos(), diag.DuplicateID, "a second [deck] table (the first is at %s)", deckNode.keyPos())
				continue
			}
			deckNode = &n
		}
	}
	if deckNode != nil {
		dk.Pos = deckNode.keyPos()
		deckSettings(*deckNode, dk, d)
	}
	declared := map[string]bool{} // face types, loaded or not
	for _, back := range []bool{false, true} {
		key := "face"
		if back {
			key = "back"
		}
		seen := map[string]node{}
		for _, s := range srcs {
			for _, n := range tables(s, key, d) {
				f := faceDef(n, back, g, dk, l, d)
				if f == nil {
					if !back {
						declared[strField(n, "type")] = true
					}
					continue
				}
				if first, dup := seen[f.Type]; dup {
					d.Errorf(n.keyPos(), diag.DuplicateID, "a second [[%s]] for card type %s (the first is at %s)", key, f.Type, first.keyPos())
					continue
				}
				seen[f.Type] = n
				if back {
					dk.Backs = append(dk.Backs, f)
				} else {
					dk.Faces = append(dk.Faces, f)
				}
			}
		}
	}
	for _, b := range dk.Backs {
		if dk.Face(b.Type) == nil && !declared[b.Type] {
			d.Errorf(b.Pos, diag.BadValue, "a [[back]] for card type %s, which has no [[face]]: the deck prints the cards that have one", b.Type)
		}
	}
	if len(dk.Faces) == 0 {
		return nil
	}
	if deckNode == nil {
		dk.Pos = dk.Faces[0].Pos
	}
	return dk
}

// deckSettings reads [deck]: size = [W, H] and bleed, in mm.
func deckSettings(n node, dk *model.Deck, d *diag.List) {
	o, ok := asObj(n, d)
	if !ok {
		return
	}
	defer o.done()
	if sn, has := o.get("size", false); has {
		items, isArr := sn.v.([]any)
		if !isArr || len(items) != 2 {
			d.Errorf(sn.pos(), diag.WrongType, "deck size must be [width, height] in mm, such as [63, 88]")
		} else {
			var wh [2]float64
			good := true
			for i, it := range items {
				v, isNum := number(it)
				if !isNum {
					d.Errorf(node{src: sn.src, path: tomlpos.Elem(sn.path, i), v: it}.pos(), diag.WrongType, "deck size must hold numbers, not %s", tomlType(it))
					good = false
					continue
				}
				if !(v >= deckMinSize && v <= deckMaxSize) {
					d.Errorf(node{src: sn.src, path: tomlpos.Elem(sn.path, i), v: it}.pos(), diag.BadValue, "deck size %g mm is out of range: a card is %d to %d mm a side", v, deckMinSize, deckMaxSize)
					good = false
				}
				wh[i] = v
			}
			if good {
				dk.W, dk.H = wh[0], wh[1]
			}
		}
	}
	if bn, has := o.get("bleed", false); has {
		v, isNum := number(bn.v)
		switch {
		case !isNum:
			d.Errorf(bn.pos(), diag.WrongType, "deck bleed must be a number of mm, not %s", tomlType(bn.v))
		case !(v >= 0 && v <= deckMaxBleed):
			d.Errorf(bn.pos(), diag.BadValue, "deck bleed %g mm is out of range: 0 to %d", v, deckMaxBleed)
		default:
			dk.Bleed = v
		}
	}
}

// number reads a TOML integer or float.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	return 0, false
}

// faceDef reads a [[face]] or [[back]]: a card type and its regions.
func faceDef(n node, back bool, g *model.Game, dk *model.Deck, l *lost, d *diag.List) *model.Face {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	f := &model.Face{Pos: n.keyPos(), Back: back}
	typ, tn, has := o.str("type", true)
	var t *model.Type
	if has {
		i := slices.IndexFunc(g.Types, func(x *model.Type) bool { return x.ID == typ })
		switch {
		case i >= 0:
			t = g.Types[i]
		case !l.has(lostType, typ):
			d.Errorf(tn.pos(), diag.DanglingRef, "no card type %q%s", typ, suggest(typ, typeIDs(g)))
		}
	}
	f.Type = typ
	if c, cn, has := o.str("ground", false); has {
		if !colourPattern.MatchString(c) {
			d.Errorf(cn.pos(), diag.BadValue, "ground %q must be a colour #rrggbb", c)
			ok = false
		}
		f.Ground = c
	}
	rn, has := o.get("region", false)
	if !has {
		d.Errorf(n.keyPos(), diag.MissingKey, "[[%s]] of %s has no [[%s.region]]: it would print a blank card", faceKey(back), typ, faceKey(back))
		return nil
	}
	for i, e := range elems(rn, d) {
		rs := regionDefs(e, i, t, g, dk, l, d)
		if rs == nil {
			ok = false
			continue
		}
		f.Regions = append(f.Regions, rs...)
	}
	if t == nil || !ok {
		return nil
	}
	return f
}

func faceKey(back bool) string {
	if back {
		return "back"
	}
	return "face"
}

var colourPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Most copies a repeat may make: a card holds no more regions of any use.
const repeatMax = 100

// copyAt is which copy of a repeated region is read: i from 1 (0 for a
// region that does not repeat), shifted by dx, dy mm from the first.
type copyAt struct {
	i      int
	dx, dy float64
}

// sub puts the copy's number in place of {i}.
func (c copyAt) sub(s string) string {
	if c.i == 0 {
		return s
	}
	return strings.ReplaceAll(s, "{i}", strconv.Itoa(c.i))
}

// regionDefs reads a [[face.region]], or the copies it makes with repeat =
// { count = N, step = [dx, dy] }: copy i stands (i-1) steps from the first
// and has i in place of {i} in its id, field, icon and when keys. A copy
// with an error stops the repeat, so that the error is reported once.
func regionDefs(n node, i int, t *model.Type, g *model.Game, dk *model.Deck, l *lost, d *diag.List) []*model.Region {
	m, _ := n.v.(map[string]any)
	rv, has := m["repeat"]
	if !has {
		if r := regionDef(n, i, copyAt{}, t, g, dk, l, d); r != nil {
			return []*model.Region{r}
		}
		return nil
	}
	rn := node{src: n.src, path: tomlpos.Join(n.path, "repeat"), v: rv}
	count, step, ok := repeatDef(rn, d)
	if !ok {
		return nil
	}
	var out []*model.Region
	for k := 1; k <= count; k++ {
		at := copyAt{i: k, dx: step[0] * float64(k-1), dy: step[1] * float64(k-1)}
		r := regionDef(n, i, at, t, g, dk, l, d)
		if r == nil {
			return nil
		}
		r.X, r.Y = r.X+at.dx, r.Y+at.dy
		if offCard(r, dk) {
			d.Errorf(rn.pos(), diag.BadValue, "region %s, copy %d of %d, is off the card: %.4g × %.4g mm at (%.4g, %.4g) on a %g × %g mm card", r.ID, k, count, r.W, r.H, r.X, r.Y, dk.W, dk.H)
			return nil
		}
		out = append(out, r)
	}
	return out
}

// repeatDef reads repeat = { count = N, step = [dx, dy] }, the step in mm.
func repeatDef(rn node, d *diag.List) (count int, step [2]float64, ok bool) {
	o, isObj := asObj(rn, d)
	if !isObj {
		return 0, step, false
	}
	defer o.done()
	ok = true
	if cn, has := o.get("count", true); has {
		c, isInt := cn.v.(int64)
		switch {
		case !isInt:
			d.Errorf(cn.pos(), diag.WrongType, "repeat count must be a whole number of copies, not %s", tomlType(cn.v))
			ok = false
		case c < 1 || c > repeatMax:
			d.Errorf(cn.pos(), diag.BadValue, "repeat count %d is out of range: 1 to %d", c, repeatMax)
			ok = false
		default:
			count = int(c)
		}
	} else {
		ok = false
	}
	sn, has := o.get("step", true)
	if !has {
		return count, step, false
	}
	items, isArr := sn.v.([]any)
	if !isArr || len(items) != 2 {
		d.Errorf(sn.pos(), diag.WrongType, "repeat step must be [dx, dy] in mm, such as [0, 10]")
		return count, step, false
	}
	for i, it := range items {
		v, isNum := number(it)
		if !isNum {
			d.Errorf(node{src: sn.src, path: tomlpos.Elem(sn.path, i), v: it}.pos(), diag.WrongType, "repeat step holds mm, not %s", tomlType(it))
			ok = false
		}
		step[i] = v
	}
	return count, step, ok
}

// regionDef reads one [[face.region]]. t is nil when the face's type is
// unknown: the region's own keys are still checked.
func regionDef(n node, i int, at copyAt, t *model.Type, g *model.Game, dk *model.Deck, l *lost, d *diag.List) *model.Region {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done("repeat")
	r := &model.Region{Pos: n.keyPos(), Size: 8, MinSize: 5, Align: "left", Style: "regular"}
	kind, kn, has := o.str("kind", true)
	r.ID = fmt.Sprintf("%d (%s)", i+1, kind)
	if id, _, has := o.str("id", false); has {
		r.ID = id
	}
	if at.i > 0 {
		if strings.Contains(r.ID, "{i}") {
			r.ID = at.sub(r.ID)
		} else {
			r.ID += fmt.Sprintf("[%d]", at.i)
		}
	}
	if has {
		k, known := model.RegionKinds()[kind]
		if !known {
			names := slices.Sorted(func(yield func(string) bool) {
				for k := range model.RegionKinds() {
					if !yield(k) {
						return
					}
				}
			})
			d.Errorf(kn.pos(), diag.BadValue, "region %s: kind %q: say %s", r.ID, kind, strings.Join(names, ", "))
			ok = false
		}
		r.Kind = k
		if k == model.BandRegion {
			r.Align = "right" // the icon ends the band, clear of a name
		}
	}
	if !regionAt(o, r, dk, d) {
		ok = false
	}
	for _, k := range []string{"color", "line"} {
		if c, cn, has := o.str(k, false); has {
			if !colourPattern.MatchString(c) {
				d.Errorf(cn.pos(), diag.BadValue, "region %s: %s %q must be a colour #rrggbb", r.ID, k, c)
				ok = false
			}
			if k == "color" {
				r.Color = c
			} else {
				r.Line = c
			}
		}
	}
	if ic, in, has := o.str("icon", false); has {
		ic = at.sub(ic)
		if !slices.Contains(model.IconNames(), ic) {
			d.Errorf(in.pos(), diag.UnknownIcon, "region %s: no icon %q; the printouts draw %s", r.ID, ic, strings.Join(model.IconNames(), ", "))
			ok = false
		}
		r.Icon = ic
	}
	if !regionText(o, r, d) {
		ok = false
	}
	if f, fn, has := o.str("file", false); has {
		r.File = f
		if f == "" || path.IsAbs(f) || strings.Contains(f, "\\") || !fs.ValidPath(f) {
			d.Errorf(fn.pos(), diag.BadValue, "region %s: file %q must be a path below the game's directory, with /", r.ID, f)
			ok = false
		}
	}
	if !regionSource(o, r, at, t, g, l, d) {
		ok = false
	}
	if !regionWhen(o, r, at, t, g, l, d) {
		ok = false
	}
	if !ok {
		return nil
	}
	return r
}

// regionAt reads at = [x, y, w, h]: each in mm, or "N%" of the card's
// width (x, w) or height (y, h). The region must lie on the card.
func regionAt(o *obj, r *model.Region, dk *model.Deck, d *diag.List) bool {
	n, has := o.get("at", true)
	if !has {
		return false
	}
	items, isArr := n.v.([]any)
	if !isArr || len(items) != 4 {
		d.Errorf(n.pos(), diag.WrongType, "region %s: at must be [x, y, width, height], each in mm or \"N%%\" of the card", r.ID)
		return false
	}
	var v [4]float64
	for i, it := range items {
		e := node{src: n.src, path: tomlpos.Elem(n.path, i), v: it}
		of := dk.W
		if i%2 == 1 {
			of = dk.H
		}
		if x, isNum := number(it); isNum {
			v[i] = x
			continue
		}
		s, isStr := it.(string)
		pc, cut := strings.CutSuffix(s, "%")
		x, err := strconv.ParseFloat(pc, 64)
		if !isStr || !cut || err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			d.Errorf(e.pos(), diag.WrongType, "region %s: at holds mm or \"N%%\" of the card, not %s", r.ID, strconv.Quote(fmt.Sprint(it)))
			return false
		}
		v[i] = x / 100 * of
	}
	r.X, r.Y, r.W, r.H = v[0], v[1], v[2], v[3]
	if r.W <= 0 || r.H <= 0 || offCard(r, dk) {
		d.Errorf(n.pos(), diag.BadValue, "region %s is off the card: %.4g × %.4g mm at (%.4g, %.4g) on a %g × %g mm card", r.ID, r.W, r.H, r.X, r.Y, dk.W, dk.H)
		return false
	}
	return true
}

// offCard reports whether r reaches past the card's edges, by more than
// the rounding of a size given in per cent.
func offCard(r *model.Region, dk *model.Deck) bool {
	const slack = 1e-6
	return r.X < -slack || r.Y < -slack || r.X+r.W > dk.W+slack || r.Y+r.H > dk.H+slack
}

// regionText reads a text's size, min_size, align and style.
func regionText(o *obj, r *model.Region, d *diag.List) bool {
	ok := true
	for _, k := range []string{"size", "min_size"} {
		n, has := o.get(k, false)
		if !has {
			continue
		}
		v, isNum := number(n.v)
		switch {
		case !isNum:
			d.Errorf(n.pos(), diag.WrongType, "region %s: %s must be a number of points, not %s", r.ID, k, tomlType(n.v))
			ok = false
		case !(v >= regionMinPt && v <= regionMaxPt):
			d.Errorf(n.pos(), diag.BadValue, "region %s: %s %g pt is out of range: %d to %d", r.ID, k, v, regionMinPt, regionMaxPt)
			ok = false
		case k == "size":
			r.Size = v
			if _, has := o.m["min_size"]; !has {
				r.MinSize = min(r.MinSize, v)
			}
		default:
			r.MinSize = v
		}
	}
	if ok && r.MinSize > r.Size {
		d.Errorf(o.child("min_size").pos(), diag.BadValue, "region %s: min_size %g pt is larger than size %g pt", r.ID, r.MinSize, r.Size)
		ok = false
	}
	for k, allowed := range map[string][]string{"align": {"left", "center", "right"}, "style": {"regular", "bold", "italic"}} {
		s, n, has := o.str(k, false)
		if !has {
			continue
		}
		if !slices.Contains(allowed, s) {
			d.Errorf(n.pos(), diag.BadValue, "region %s: %s %q: say %s", r.ID, k, s, strings.Join(allowed, ", "))
			ok = false
			continue
		}
		if k == "align" {
			r.Align = s
		} else {
			r.Style = s
		}
	}
	return ok
}

// regionSource reads what a region shows (field, name or message) and
// checks that it suits the region's kind and the face's type.
func regionSource(o *obj, r *model.Region, at copyAt, t *model.Type, g *model.Game, l *lost, d *diag.List) bool {
	field, fn, hasField := o.str("field", false)
	field = at.sub(field)
	param, pn, hasParam := o.str("param", false)
	name, hasName := o.boolean("name")
	msg, mn, hasMsg := o.str("message", false)
	n := 0
	for _, h := range []bool{hasField, hasName && name, hasMsg} {
		if h {
			n++
		}
	}
	if hasName && !name {
		d.Errorf(o.child("name").pos(), diag.BadValue, "region %s: name = false shows nothing; leave it out", r.ID)
		return false
	}
	r.Field, r.Name, r.Message = field, name, msg
	if hasParam && (!hasField || r.Kind == model.BoxRegion || r.Kind == model.ImageRegion) {
		d.Errorf(pn.keyPos(), diag.MissingKey, "region %s: param shows a map parameter's value at the card's field: it needs a field, on a text, number, band or icons", r.ID)
		return false
	}
	switch r.Kind {
	case model.TextRegion:
		if n != 1 {
			d.Errorf(o.keyPos(), diag.MissingKey, "region %s: a text shows one of field, name or message", r.ID)
			return false
		}
	case model.NumberRegion, model.BandRegion, model.IconsRegion:
		if !hasField || n != 1 {
			d.Errorf(o.keyPos(), diag.MissingKey, "region %s: a %s shows a field, and only that", r.ID, r.Kind)
			return false
		}
	case model.BoxRegion, model.ImageRegion:
		if n > 0 {
			d.Errorf(o.keyPos(), diag.BadValue, "region %s: a %s shows no field, name or message", r.ID, r.Kind)
			return false
		}
	}
	if (r.Kind == model.ImageRegion) != (r.File != "") {
		if r.Kind == model.ImageRegion {
			d.Errorf(o.keyPos(), diag.MissingKey, "region %s: an image needs a file", r.ID)
		} else {
			d.Errorf(o.child("file").keyPos(), diag.BadValue, "region %s: file applies to an image only", r.ID)
		}
		return false
	}
	if t == nil {
		return true // the face's type is unknown: its own error says so
	}
	if hasField {
		id, item, isItem := conditionItem(field)
		f := t.Field(id)
		if f == nil {
			if !l.is(lostField, t.ID+"."+id) {
				d.Errorf(fn.pos(), diag.DanglingRef, "region %s: card type %s has no field %q%s", r.ID, t.ID, id, suggest(id, fieldIDs(t)))
			}
			return false
		}
		if isItem {
			elem, code, why := listItem(id, f.Type, item)
			if elem == nil {
				d.Errorf(fn.pos(), code, "region %s: field %s: %s", r.ID, field, why)
				return false
			}
			r.Field, r.Item = id, item
			f = &model.Field{ID: field, Type: elem, Wildcard: f.Wildcard}
		}
		if hasParam {
			pf, good := regionParam(pn, param, r, f, g, l, d)
			if !good {
				return false
			}
			f = pf
		}
		return regionFieldKind(fn, r, f, g, d)
	}
	if hasMsg {
		return regionMessage(mn, r, t, g, l, d)
	}
	return true
}

// regionParam reads param = "ID": a map parameter keyed by the values of
// the region's field f, whose values the region shows. It returns the
// field the region shows in f's place: the parameter's values.
func regionParam(pn node, id string, r *model.Region, f *model.Field, g *model.Game, l *lost, d *diag.List) (*model.Field, bool) {
	i := slices.IndexFunc(g.Params, func(p *model.Param) bool { return p.ID == id })
	if i < 0 {
		if !l.has(lostParam, id) {
			ids := make([]string, len(g.Params))
			for k, p := range g.Params {
				ids[k] = p.ID
			}
			d.Errorf(pn.pos(), diag.DanglingRef, "region %s: no parameter %q%s", r.ID, id, suggest(id, ids))
		}
		return nil, false
	}
	p := g.Params[i]
	if p.Type.Kind != model.Map {
		d.Errorf(pn.pos(), diag.WrongType, "region %s: parameter %s is %s, not a map: a region shows a map's value at the card's %s", r.ID, id, p.Type, f.ID)
		return nil, false
	}
	if p.Type.Key.String() != f.Type.String() {
		d.Errorf(pn.pos(), diag.WrongType, "region %s: parameter %s is keyed by %s, but field %s is %s", r.ID, id, p.Type.Key, f.ID, f.Type)
		return nil, false
	}
	r.Param = p
	return &model.Field{ID: id, Type: p.Type.Elem}, true
}

// regionFieldKind checks that a field's type suits what the region draws,
// and that an enum's values have something to draw.
func regionFieldKind(fn node, r *model.Region, f *model.Field, g *model.Game, d *diag.List) bool {
	ft := f.Type
	want := ""
	switch r.Kind {
	case model.NumberRegion:
		if ft.Kind != model.Int && ft.Kind != model.Decimal {
			want = "an int or decimal field"
		}
	case model.BandRegion:
		if ft.Kind != model.EnumKind {
			want = "an enum field"
		}
	case model.IconsRegion:
		if ft.Kind == model.Int {
			if r.Icon == "" {
				d.Errorf(fn.pos(), diag.MissingKey, "region %s: icons of a number (%s) repeat the region's icon: name one with icon", r.ID, f.ID)
				return false
			}
			return true
		}
		if ft.Kind != model.EnumKind && !(ft.Kind == model.List && ft.Elem.Kind == model.EnumKind) {
			want = "an enum, a list of enum values or an int"
		}
	case model.TextRegion:
		if ft.Kind == model.Map {
			want = "a field that is not a map"
		}
	}
	if want != "" {
		d.Errorf(fn.pos(), diag.BadValue, "region %s: a %s shows %s; %s is %s", r.ID, r.Kind, want, f.ID, ft)
		return false
	}
	if r.Kind != model.BandRegion && r.Kind != model.IconsRegion {
		return true
	}
	enum := ft.Enum
	if ft.Kind == model.List {
		enum = ft.Elem.Enum
	}
	i := slices.IndexFunc(g.Enums, func(e *model.Enum) bool { return e.ID == enum })
	if i < 0 {
		return false // the field did not load: its own error says so
	}
	for _, v := range g.Enums[i].Values {
		if v.Icon == "" && v.Color == "" {
			d.Errorf(fn.pos(), diag.UnknownIcon, "region %s: enum %s value %s has no icon and no color to draw", r.ID, enum, v.ID)
			return false
		}
	}
	return true
}

// regionMessage checks a region's message: game.name, or a declared
// [[message]] whose args are fields of the card (or name, copies).
func regionMessage(mn node, r *model.Region, t *model.Type, g *model.Game, l *lost, d *diag.List) bool {
	if r.Message == "game.name" {
		return true
	}
	i := slices.IndexFunc(g.Messages, func(m *model.MessageDecl) bool { return m.ID == r.Message })
	if i < 0 {
		if !l.has(lostMessage, r.Message) {
			d.Errorf(mn.pos(), diag.DanglingRef, "region %s: no [[message]] %q: a region prints game.name or a declared message", r.ID, r.Message)
		}
		return false
	}
	ok := true
	for _, a := range g.Messages[i].Args {
		if a != "name" && a != "copies" && t.Field(a) == nil {
			d.Errorf(mn.pos(), diag.DanglingRef, "region %s: message %s takes arg %q, which card type %s has no field of%s", r.ID, r.Message, a, t.ID, suggest(a, append(fieldIDs(t), "name", "copies")))
			ok = false
		}
	}
	r.Args = g.Messages[i].Args
	return ok
}

// regionWhen reads when = { field = value }: every field must equal its
// value (or one of an array of values) for the region to be drawn.
func regionWhen(o *obj, r *model.Region, at copyAt, t *model.Type, g *model.Game, l *lost, d *diag.List) bool {
	n, has := o.get("when", false)
	if !has {
		return true
	}
	m, isMap := n.v.(map[string]any)
	if !isMap {
		d.Errorf(n.pos(), diag.WrongType, "region %s: when must be a table, such as { race = \"human\" }, not %s", r.ID, tomlType(n.v))
		return false
	}
	if t == nil {
		return true
	}
	ok := true
	for _, k := range keys(m) {
		kn := node{src: o.src, path: tomlpos.Join(n.path, k), v: m[k]}
		k := at.sub(k)
		id, item, isItem := conditionItem(k)
		f := t.Field(id)
		if f == nil {
			if !l.is(lostField, t.ID+"."+id) {
				d.Errorf(kn.keyPos(), diag.DanglingRef, "region %s: when: card type %s has no field %q%s", r.ID, t.ID, id, suggest(id, fieldIDs(t)))
			}
			ok = false
			continue
		}
		vt := f.Type
		if isItem {
			elem, code, why := listItem(id, vt, item)
			if elem == nil {
				d.Errorf(kn.keyPos(), code, "region %s: when.%s: %s", r.ID, k, why)
				ok = false
				continue
			}
			vt = elem
		}
		c := model.Condition{Field: id, Item: item}
		if lim, isMin := kn.v.(map[string]any); isMin {
			if !conditionMin(kn, k, lim, vt, r, &c, d) {
				ok = false
				continue
			}
			r.When = append(r.When, c)
			continue
		}
		vals := []any{kn.v}
		if arr, isArr := kn.v.([]any); isArr {
			vals = arr
		}
		for _, v := range vals {
			s, good := conditionValue(vt, v)
			if !good {
				d.Errorf(kn.pos(), diag.WrongType, "region %s: when.%s: %s is not a value of %s", r.ID, k, strconv.Quote(fmt.Sprint(v)), vt)
				ok = false
				continue
			}
			if vt.Kind == model.EnumKind && !(isItem && s == f.Wildcard && s != "") {
				if e := enumOf(g, vt.Enum); e != nil && e.Value(s) == nil {
					d.Errorf(kn.pos(), diag.UnknownEnum, "region %s: when.%s: %q is not a value of enum %s", r.ID, k, s, e.ID)
					ok = false
					continue
				}
			}
			c.Values = append(c.Values, s)
		}
		r.When = append(r.When, c)
	}
	return ok
}

func enumOf(g *model.Game, id string) *model.Enum {
	for _, e := range g.Enums {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// conditionMin reads a condition { min = N }: a number at least N.
func conditionMin(kn node, k string, lim map[string]any, vt *model.ValueType, r *model.Region, c *model.Condition, d *diag.List) bool {
	if vt.Kind != model.Int && vt.Kind != model.Decimal {
		d.Errorf(kn.pos(), diag.WrongType, "region %s: when.%s: { min = N } compares numbers; this is %s", r.ID, k, vt)
		return false
	}
	ok := true
	for _, key := range keys(lim) {
		if key != "min" {
			d.Errorf(node{src: kn.src, path: tomlpos.Join(kn.path, key)}.keyPos(), diag.UnknownKey, "region %s: when.%s: unknown key %q: say { min = N }", r.ID, k, key)
			ok = false
		}
	}
	v, isNum := number(lim["min"])
	if _, has := lim["min"]; !has || !isNum {
		d.Errorf(kn.pos(), diag.WrongType, "region %s: when.%s: say { min = N } with a number N", r.ID, k)
		return false
	}
	c.Min = &v
	return ok
}

// conditionItem splits a condition's key "field[N]", which tests the
// list's N-th value, into the field and N; a plain key has no item.
func conditionItem(k string) (field string, item int, isItem bool) {
	head, rest, cut := strings.Cut(k, "[")
	num, closed := strings.CutSuffix(rest, "]")
	if !cut || !closed {
		return k, 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return k, 0, false
	}
	return head, n, true
}

// listItem returns the type of value [item] of field id, of type vt, or,
// when it has none, nil and why.
func listItem(id string, vt *model.ValueType, item int) (*model.ValueType, diag.Code, string) {
	switch {
	case vt.Kind != model.List:
		return nil, diag.WrongType, fmt.Sprintf("%s is %s, not a list, so it has no [%d]", id, vt, item)
	case item < 1:
		return nil, diag.BadValue, "a list's values count from [1]"
	}
	return vt.Elem, "", ""
}

// conditionValue writes a TOML value as a value of type vt formats it, so
// that conditions compare as text.
func conditionValue(vt *model.ValueType, v any) (string, bool) {
	switch vt.Kind {
	case model.Int:
		if x, ok := v.(int64); ok {
			return strconv.FormatInt(x, 10), true
		}
	case model.Decimal:
		if x, ok := number(v); ok {
			return strconv.FormatFloat(x, 'f', -1, 64), true
		}
	case model.Bool:
		if x, ok := v.(bool); ok {
			return strconv.FormatBool(x), true
		}
	case model.String, model.EnumKind, model.Ref:
		if x, ok := v.(string); ok {
			return x, true
		}
	}
	return "", false
}

// deckImages reads the image files the deck's regions name, from the
// game's directory: a file that is missing or not a PNG or JPEG is an
// error at the region. h, the source hash, takes each image read.
func deckImages(fsys fs.FS, dir string, g *model.Game, h hasher, d *diag.List) {
	if g.Deck == nil {
		return
	}
	for _, f := range slices.Concat(g.Deck.Faces, g.Deck.Backs) {
		for _, r := range f.Regions {
			if r.Kind != model.ImageRegion {
				continue
			}
			raw, err := fs.ReadFile(fsys, path.Join(dir, r.File))
			switch {
			case err != nil:
				d.Errorf(r.Pos, diag.DanglingRef, "region %s: no image file %s in %s: %v", r.ID, r.File, dir, unwrapPath(err))
			case !bytes.HasPrefix(raw, []byte("\x89PNG\r\n\x1a\n")) && !bytes.HasPrefix(raw, []byte{0xff, 0xd8, 0xff}):
				d.Errorf(r.Pos, diag.BadValue, "region %s: %s is not a PNG or JPEG image", r.ID, r.File)
			default:
				r.Image = raw
			}
			// The images print on the cards: the source hash covers them.
			h.Write([]byte(path.Join(dir, r.File) + "\x00"))
			h.Write(raw)
		}
	}
}

// deckShowsMarks reports whether a card's face prints a reconstructed
// value, the card's or a parameter's entry, so that the deck's sheets
// carry the legend.
func deckShowsMarks(g *model.Game) bool {
	if g.Deck == nil {
		return false
	}
	for _, c := range g.Loaded().Cards {
		f := g.Deck.Face(c.Type)
		if f == nil {
			continue
		}
		i := slices.IndexFunc(g.Types, func(t *model.Type) bool { return t.ID == c.Type })
		for _, r := range f.Regions {
			if i >= 0 && r.Reconstructed(g.Types[i], c) {
				return true
			}
			if len(c.Reconstructed) == 0 {
				continue
			}
			shown := append([]string{r.Field}, r.Args...)
			if r.Kind == model.BoxRegion {
				for _, cond := range r.When {
					shown = append(shown, cond.Field)
				}
			}
			if slices.ContainsFunc(shown, c.FieldReconstructed) {
				return true
			}
		}
	}
	return false
}
