// Package typer infers the types of a game's rules: what each local,
// parameter and result of the rules' functions holds, as far as the
// declarations of the game (its zones, variables, parameters and cards)
// tell. A function whose every expression has a type other than Dyn can
// be compiled to Go that works on the engine's own values, with no
// interpreter; Dyn marks what only the interpreter can run.
package typer

import (
	"slices"
	"strings"
)

// Type is the type of a rules value.
type Type interface {
	String() string
}

// Basic is a type with no parts.
type Basic int

// The basic types. Unknown is no value seen yet (the bottom of the
// lattice), Dyn any value (the top).
const (
	Unknown Basic = iota
	Dyn
	None
	Int
	Float
	Bool
	Str
	Game   // g
	Params // params
	Cards  // cards: every design, and cards.<id>
	Components
	Texts
	Players // players: min and max
)

func (b Basic) String() string {
	return [...]string{"unknown", "dyn", "None", "int", "float", "bool", "str", "game", "params", "cards", "components", "texts", "players"}[b]
}

// CardOf is one card (its design), of one of the card types Types
// (sorted, comma-separated), or of any type for "".
type CardOf struct{ Types string }

func (c CardOf) String() string {
	if c.Types == "" {
		return "card"
	}
	return "card(" + c.Types + ")"
}

// ZoneOf is one zone instance, such as g.deck or g.hand[p], of one of the
// zones IDs (sorted, comma-separated), or of any zone for "".
type ZoneOf struct{ IDs string }

func (z ZoneOf) String() string {
	if z.IDs == "" {
		return "zone"
	}
	return "zone(" + z.IDs + ")"
}

// StrOf is a string known to be one of Values (sorted, separated by
// sep): a literal, a field's values, the names a loop goes through.
// Joined with a string of any value, it is Str.
type StrOf struct{ Values string }

const sep = "\x1f"

// maxStrs bounds the values a StrOf keeps: more is any string.
const maxStrs = 64

func (s StrOf) String() string {
	return "str(" + strings.Join(strings.Split(s.Values, sep), "|") + ")"
}

// Strs are the values of a StrOf.
func (s StrOf) Strs() []string { return strings.Split(s.Values, sep) }

// IsStr reports whether t is a string.
func IsStr(t Type) bool {
	_, ok := t.(StrOf)
	return ok || Equal(t, Str)
}

// Card and Zone are a card of any type and any zone.
var (
	Card = CardOf{}
	Zone = ZoneOf{}
)

// IsCard and IsZone report whether t is a card, a zone.
func IsCard(t Type) bool {
	_, ok := t.(CardOf)
	return ok
}

func IsZone(t Type) bool {
	_, ok := t.(ZoneOf)
	return ok
}

// union joins two sets written sorted and comma-separated, "" for all.
func union(a, b string) string {
	if a == "" || b == "" {
		return ""
	}
	set := strings.Split(a, ",")
	for _, x := range strings.Split(b, ",") {
		if !slices.Contains(set, x) {
			set = append(set, x)
		}
	}
	slices.Sort(set)
	return strings.Join(set, ",")
}

// List is a list of values of one type; Seq is a list or a zone of cards
// (both iterate cards, have a length and take in).
type List struct{ Elem Type }

func (l List) String() string { return "list[" + l.Elem.String() + "]" }

// Seq is an iterable of Elem that is no list the rules may change: a zone
// or a list, as a function that returns either (g.hand[p] or [card]).
type Seq struct{ Elem Type }

func (s Seq) String() string { return "seq[" + s.Elem.String() + "]" }

// Tuple is a tuple of values of fixed types.
type Tuple struct{ Elems []Type }

func (t Tuple) String() string {
	parts := make([]string, len(t.Elems))
	for i, e := range t.Elems {
		parts[i] = e.String()
	}
	return "tuple[" + strings.Join(parts, ", ") + "]"
}

// Dict maps keys of one type to values of one type.
type Dict struct{ Key, Val Type }

func (d Dict) String() string { return "dict[" + d.Key.String() + ", " + d.Val.String() + "]" }

// BySeat is what a seat index picks from: g.<zone> of a player zone
// (BySeat{Zone}) or g.<variable> of a player variable.
type BySeat struct{ Of Type }

func (b BySeat) String() string { return "byseat[" + b.Of.String() + "]" }

// Func is a function of the rules, by name; Funcs one of several, as a
// parameter that takes either of two functions (skip(g, can_attack)).
type Func struct{ Name string }

func (f Func) String() string { return "func " + f.Name }

// Funcs is one of several functions of the rules, by name, sorted.
type Funcs struct{ Names []string }

func (f Funcs) String() string { return "func " + strings.Join(f.Names, "|") }

// Opt is a value of type Of or None, as g.holder gives.
type Opt struct{ Of Type }

func (o Opt) String() string { return o.Of.String() + "?" }

// Builtin is a function of the language or of g, a zone, ...: the name
// and, for a method, what it is a method of.
type Builtin struct {
	Name string
	Recv Type // nil for a function
}

func (b Builtin) String() string {
	if b.Recv != nil {
		return b.Recv.String() + "." + b.Name
	}
	return "builtin " + b.Name
}

// Struct is a value with fixed fields, such as a component.
type Struct struct {
	Name   string
	Fields map[string]Type
}

func (s Struct) String() string { return s.Name }

// Equal reports whether two types are the same.
func Equal(a, b Type) bool {
	switch a := a.(type) {
	case Basic:
		b, ok := b.(Basic)
		return ok && a == b
	case List:
		b, ok := b.(List)
		return ok && Equal(a.Elem, b.Elem)
	case Seq:
		b, ok := b.(Seq)
		return ok && Equal(a.Elem, b.Elem)
	case Tuple:
		b, ok := b.(Tuple)
		return ok && slices.EqualFunc(a.Elems, b.Elems, Equal)
	case Dict:
		b, ok := b.(Dict)
		return ok && Equal(a.Key, b.Key) && Equal(a.Val, b.Val)
	case BySeat:
		b, ok := b.(BySeat)
		return ok && Equal(a.Of, b.Of)
	case Func:
		b, ok := b.(Func)
		return ok && a.Name == b.Name
	case Funcs:
		b, ok := b.(Funcs)
		return ok && slices.Equal(a.Names, b.Names)
	case Opt:
		b, ok := b.(Opt)
		return ok && Equal(a.Of, b.Of)
	case Builtin:
		b, ok := b.(Builtin)
		return ok && a.Name == b.Name && (a.Recv == nil) == (b.Recv == nil) && (a.Recv == nil || Equal(a.Recv, b.Recv))
	case Struct:
		b, ok := b.(Struct)
		return ok && a.Name == b.Name
	case CardOf:
		b, ok := b.(CardOf)
		return ok && a == b
	case StrOf:
		b, ok := b.(StrOf)
		return ok && a == b
	case ZoneOf:
		b, ok := b.(ZoneOf)
		return ok && a == b
	}
	return false
}

// Join is the least type that holds values of both: Unknown joined with
// t is t, a list and a zone of one element join into a Seq, an int and a
// float into a float, and types that share nothing into Dyn.
func Join(a, b Type) Type {
	switch {
	case a == nil || Equal(a, Unknown):
		return b
	case b == nil || Equal(b, Unknown):
		return a
	case Equal(a, b):
		return a
	}
	if x, y, ok := numbers(a, b); ok && x != y {
		return Float
	}
	if sa, ok := a.(StrOf); ok {
		if sb, ok := b.(StrOf); ok {
			vals := slices.Compact(slices.Sorted(slices.Values(append(sa.Strs(), sb.Strs()...))))
			if len(vals) > maxStrs {
				return Str
			}
			return StrOf{strings.Join(vals, sep)}
		}
		if Equal(b, Str) {
			return Str
		}
	}
	if _, ok := b.(StrOf); ok && Equal(a, Str) {
		return Str
	}
	if ca, ok := a.(CardOf); ok {
		if cb, ok := b.(CardOf); ok {
			return CardOf{union(ca.Types, cb.Types)}
		}
	}
	if za, ok := a.(ZoneOf); ok {
		if zb, ok := b.(ZoneOf); ok {
			return ZoneOf{union(za.IDs, zb.IDs)}
		}
	}
	// None and T, or T? and T, make T?.
	if a == None || b == None {
		other := a
		if a == None {
			other = b
		}
		if o, ok := other.(Opt); ok {
			return o
		}
		return Opt{other}
	}
	if o, ok := a.(Opt); ok {
		return Opt{Join(o.Of, optOf(b))}
	}
	if o, ok := b.(Opt); ok {
		return Opt{Join(optOf(a), o.Of)}
	}
	if fa, ok := funcNames(a); ok {
		if fb, ok := funcNames(b); ok {
			names := slices.Compact(slices.Sorted(slices.Values(append(fa, fb...))))
			return Funcs{names}
		}
	}
	// A tuple where a list is, as (x, y) where a list of params is:
	// a list.
	if ta, ok := a.(Tuple); ok {
		if _, isList := b.(List); isList {
			return Join(List{Elem(ta)}, b)
		}
	}
	if tb, ok := b.(Tuple); ok {
		if _, isList := a.(List); isList {
			return Join(a, List{Elem(tb)})
		}
	}
	if e, ok := seqElem(a); ok {
		if f, ok := seqElem(b); ok {
			elem := Join(e, f)
			_, okA := a.(List)
			_, okB := b.(List)
			if okA && okB {
				return List{elem}
			}
			return Seq{elem}
		}
	}
	switch a := a.(type) {
	case Tuple:
		if b, ok := b.(Tuple); ok && len(a.Elems) == len(b.Elems) {
			out := make([]Type, len(a.Elems))
			for i := range out {
				out[i] = Join(a.Elems[i], b.Elems[i])
			}
			return Tuple{out}
		} else if ok {
			// Tuples of two lengths are sequences: a row of numbers.
			if e := Join(Elem(a), Elem(b)); !IsDyn(e) {
				return Seq{e}
			}
		}
	case Dict:
		if b, ok := b.(Dict); ok {
			return Dict{Join(a.Key, b.Key), Join(a.Val, b.Val)}
		}
	case BySeat:
		if b, ok := b.(BySeat); ok {
			return BySeat{Join(a.Of, b.Of)}
		}
	}
	return Dyn
}

func optOf(t Type) Type {
	if o, ok := t.(Opt); ok {
		return o.Of
	}
	return t
}

// funcNames are the functions a value of type t may be.
func funcNames(t Type) ([]string, bool) {
	switch t := t.(type) {
	case Func:
		return []string{t.Name}, true
	case Funcs:
		return slices.Clone(t.Names), true
	}
	return nil, false
}

func numbers(a, b Type) (Basic, Basic, bool) {
	x, okA := a.(Basic)
	y, okB := b.(Basic)
	isNum := func(t Basic) bool { return t == Int || t == Float }
	return x, y, okA && okB && isNum(x) && isNum(y)
}

// seqElem is the element of a list, a Seq or a zone (a card).
func seqElem(t Type) (Type, bool) {
	switch t := t.(type) {
	case List:
		return t.Elem, true
	case Seq:
		return t.Elem, true
	case ZoneOf:
		return Card, true
	}
	return nil, false
}

// Elem is what iterating a value of type t gives: Dyn for what the
// typer cannot tell.
func Elem(t Type) Type {
	if e, ok := seqElem(t); ok {
		return e
	}
	switch t := t.(type) {
	case Tuple:
		var e Type = Unknown
		for _, x := range t.Elems {
			e = Join(e, x)
		}
		return e
	case Dict:
		return t.Key
	case Basic:
		switch t {
		case Cards:
			return Card
		case Unknown:
			return Unknown
		}
	}
	return Dyn
}

// Set splits a set of CardOf or ZoneOf, nil for all.
func Set(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// IsDyn reports whether t is Dyn or holds it.
func IsDyn(t Type) bool {
	switch t := t.(type) {
	case Basic:
		return t == Dyn
	case List:
		return IsDyn(t.Elem)
	case Seq:
		return IsDyn(t.Elem)
	case Tuple:
		return slices.ContainsFunc(t.Elems, IsDyn)
	case Dict:
		return IsDyn(t.Key) || IsDyn(t.Val)
	case BySeat:
		return IsDyn(t.Of)
	case Opt:
		return IsDyn(t.Of)
	}
	return false
}
