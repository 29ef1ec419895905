package compiler

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// parseType parses a type expression: int, decimal, string, bool,
// enum:ID, ref:ID, list<T>, map<K,V>.
func parseType(s string) (*model.ValueType, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "int":
		return &model.ValueType{Kind: model.Int}, nil
	case "decimal":
		return &model.ValueType{Kind: model.Decimal}, nil
	case "string":
		return &model.ValueType{Kind: model.String}, nil
	case "bool":
		return &model.ValueType{Kind: model.Bool}, nil
	}
	if id, ok := strings.CutPrefix(s, "enum:"); ok {
		return &model.ValueType{Kind: model.EnumKind, Enum: id}, nil
	}
	if id, ok := strings.CutPrefix(s, "ref:"); ok {
		return &model.ValueType{Kind: model.Ref, Ref: id}, nil
	}
	if inner, ok := cutWrap(s, "list<", ">"); ok {
		e, err := parseType(inner)
		if err != nil {
			return nil, err
		}
		if e.Kind == model.List || e.Kind == model.Map {
			return nil, fmt.Errorf("lists hold int, decimal, string, bool, enum or ref values, not %s", e)
		}
		return &model.ValueType{Kind: model.List, Elem: e}, nil
	}
	if inner, ok := cutWrap(s, "map<", ">"); ok {
		k, v, ok := strings.Cut(inner, ",")
		if !ok {
			return nil, fmt.Errorf("map type %q needs a key and a value type: map<K,V>", s)
		}
		kt, err := parseType(k)
		if err != nil {
			return nil, err
		}
		if kt.Kind != model.Int && kt.Kind != model.EnumKind {
			return nil, fmt.Errorf("map keys are int or enum values, not %s", kt)
		}
		vt, err := parseType(v)
		if err != nil {
			return nil, err
		}
		if vt.Kind == model.List || vt.Kind == model.Map {
			return nil, fmt.Errorf("map values are int, decimal, string, bool, enum or ref values, not %s", vt)
		}
		return &model.ValueType{Kind: model.Map, Key: kt, Elem: vt}, nil
	}
	return nil, fmt.Errorf("unknown type %q (want int, decimal, string, bool, enum:ID, ref:ID, list<T> or map<K,V>)", s)
}

func cutWrap(s, pre, post string) (string, bool) {
	if strings.HasPrefix(s, pre) && strings.HasSuffix(s, post) {
		return s[len(pre) : len(s)-len(post)], true
	}
	return "", false
}

// scope is what values are checked against: the enums and card ids of a
// game, and what of its data did not load.
type scope struct {
	enums map[string]*model.Enum
	cards map[string]*model.Card // card id to card, for refs
	lost  *lost
}

// checkTypeRefs reports enum and ref names in a type that do not exist.
func (sc *scope) checkTypeRefs(t *model.ValueType, types map[string]bool, n node, d *diag.List) bool {
	switch t.Kind {
	case model.EnumKind:
		if sc.enums[t.Enum] == nil {
			if sc.lost.has(lostEnum, t.Enum) {
				return false
			}
			d.Errorf(n.pos(), diag.DanglingRef, "type %s names enum %q, which is not defined%s", t, t.Enum, suggest(t.Enum, keys(sc.enums)))
			return false
		}
	case model.Ref:
		if !types[t.Ref] {
			if sc.lost.has(lostType, t.Ref) {
				return false
			}
			d.Errorf(n.pos(), diag.DanglingRef, "type %s names card type %q, which is not defined%s", t, t.Ref, suggest(t.Ref, keys(types)))
			return false
		}
	case model.List:
		return sc.checkTypeRefs(t.Elem, types, n, d)
	case model.Map:
		return sc.checkTypeRefs(t.Key, types, n, d) && sc.checkTypeRefs(t.Elem, types, n, d)
	}
	return true
}

// unknownWildcard stands for a field's wildcard that is not an id: any
// value its enum lacks may be meant as it.
const unknownWildcard = "\x00"

// value converts a decoded TOML value to a typed value, reporting what does
// not fit. wildcard is an extra allowed enum value (for enum lists).
func (sc *scope) value(t *model.ValueType, n node, wildcard, what string, d *diag.List) (model.Value, bool) {
	v := model.Value{Pos: n.pos()}
	wrong := func(want string) (model.Value, bool) {
		d.Errorf(n.pos(), diag.WrongType, "%s must be %s, not %s", what, want, tomlType(n.v))
		return v, false
	}
	switch t.Kind {
	case model.Int:
		i, ok := n.v.(int64)
		if !ok {
			return wrong("an integer")
		}
		v.Int = i
	case model.Decimal:
		switch x := n.v.(type) {
		case int64:
			v.Dec = float64(x)
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				d.Errorf(n.pos(), diag.BadValue, "%s must be a finite number", what)
				return v, false
			}
			v.Dec = x
		default:
			return wrong("a number")
		}
	case model.String:
		s, ok := n.v.(string)
		if !ok {
			return wrong("a string")
		}
		v.Str = s
	case model.Bool:
		b, ok := n.v.(bool)
		if !ok {
			return wrong("a boolean")
		}
		v.Bool = b
	case model.EnumKind:
		s, ok := n.v.(string)
		if !ok {
			return wrong("a string naming a value of enum " + t.Enum)
		}
		v.Str = s
		e := sc.enums[t.Enum]
		if e == nil || (s == wildcard && wildcard != "") {
			return v, e != nil
		}
		if e.Value(s) == nil {
			if sc.lost.is(lostValue, t.Enum+"."+s) || wildcard == unknownWildcard {
				return v, false
			}
			allowed := enumIDs(e)
			if wildcard != "" {
				allowed = append(allowed, wildcard)
			}
			d.Errorf(n.pos(), diag.UnknownEnum, "%s: %q is not a value of enum %s%s (allowed: %s)", what, s, t.Enum, suggest(s, allowed), strings.Join(allowed, ", "))
			return v, false
		}
	case model.Ref:
		s, ok := n.v.(string)
		if !ok {
			return wrong("a string naming a card")
		}
		v.Str = s
		c := sc.cards[s]
		if c != nil && sc.lost.is(lostCardType, s) {
			return v, true // its type is unknown: the reference may be right
		}
		if (c == nil && !sc.lost.has(lostCard, s)) || c != nil && c.Type != t.Ref {
			d.Errorf(n.pos(), diag.DanglingRef, "%s: no %s card has id %q", what, t.Ref, s)
			return v, false
		}
	case model.List:
		items, ok := n.v.([]any)
		if !ok {
			return wrong("an array")
		}
		good := true
		for i, it := range items {
			e, ok := sc.value(t.Elem, node{src: n.src, path: tomlpos.Elem(n.path, i), v: it}, wildcard, what, d)
			good = good && ok
			v.List = append(v.List, e)
		}
		return v, good
	case model.Map:
		m, ok := n.v.(map[string]any)
		if !ok {
			return wrong("a table")
		}
		good := true
		for _, k := range mapKeys(t.Key, m, sc) {
			kn := node{src: n.src, path: tomlpos.Join(n.path, k), v: m[k]}
			key, ok := sc.mapKey(t.Key, k, kn.keyPos(), what, d)
			if !ok {
				good = false
				continue
			}
			e, ok := sc.value(t.Elem, kn, "", what, d)
			good = good && ok
			v.Keys = append(v.Keys, key)
			v.List = append(v.List, e)
		}
		return v, good
	}
	return v, true
}

// mapKey checks one key of a map, as written, against the key type.
func (sc *scope) mapKey(kt *model.ValueType, k string, pos diag.Pos, what string, d *diag.List) (model.Value, bool) {
	if kt.Kind == model.Int {
		i, err := strconv.ParseInt(k, 10, 64)
		if err != nil {
			d.Errorf(pos, diag.WrongType, "%s: key %q must be an integer", what, k)
			return model.Value{}, false
		}
		return model.Value{Int: i, Pos: pos}, true
	}
	if e := sc.enums[kt.Enum]; e != nil && e.Value(k) == nil {
		if sc.lost.is(lostValue, kt.Enum+"."+k) {
			return model.Value{}, false
		}
		allowed := enumIDs(e)
		d.Errorf(pos, diag.UnknownEnum, "%s: key %q is not a value of enum %s%s (allowed: %s)", what, k, kt.Enum, suggest(k, allowed), strings.Join(allowed, ", "))
		return model.Value{}, false
	}
	return model.Value{Str: k, Pos: pos}, true
}

// mapKeys orders a map's keys: enum keys in the enum's order, int keys by
// value, anything unknown last by name, so output never depends on map order.
func mapKeys(kt *model.ValueType, m map[string]any, sc *scope) []string {
	ks := keys(m)
	slices.SortFunc(ks, func(a, b string) int { return sc.compareKeys(kt, a, b) })
	return ks
}

// compareKeys orders two map keys as written, the way mapKeys does.
func (sc *scope) compareKeys(kt *model.ValueType, a, b string) int {
	rank := func(k string) (int, int64) {
		if kt.Kind == model.Int {
			if i, err := strconv.ParseInt(k, 10, 64); err == nil {
				return 0, i
			}
			return 1, 0
		}
		if e := sc.enums[kt.Enum]; e != nil {
			for i, v := range e.Values {
				if v.ID == k {
					return 0, int64(i)
				}
			}
		}
		return 1, 0
	}
	ga, ia := rank(a)
	gb, ib := rank(b)
	return cmp.Or(cmp.Compare(ga, gb), cmp.Compare(ia, ib), strings.Compare(a, b))
}

var colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func enumIDs(e *model.Enum) []string {
	ids := make([]string, len(e.Values))
	for i, v := range e.Values {
		ids[i] = v.ID
	}
	return ids
}
