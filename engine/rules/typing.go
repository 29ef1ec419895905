package rules

import (
	"slices"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// typeEnv is what the rules' functions are given, as types: the start
// of typing them (see typer).
func (g *Game) typeEnv() *typer.Env {
	env := &typer.Env{
		Attrs: map[string]typer.Type{}, Params: map[string]typer.Type{},
		Fields: map[string]map[string]typer.Type{}, CardTypes: map[string]string{},
		Start: map[string][]string{}, Globals: map[string]typer.Type{},
		Entries: map[string][]typer.Type{},
	}
	for _, z := range g.zones {
		env.Attrs[z.id] = bySeat(z.player, typer.ZoneOf{IDs: z.id})
	}
	for _, v := range g.vars {
		t := typer.Int
		if v.isBool {
			t = typer.Bool
		}
		env.Attrs[v.id] = bySeat(v.player, t)
	}
	if len(g.phases) > 0 {
		env.Attrs["phase"] = typer.Str
	}
	for _, m := range methodNames() {
		env.Attrs[m] = typer.Builtin{Name: m, Recv: typer.Game}
	}
	env.Attrs["players"], env.Attrs["turn"] = typer.Int, typer.Int
	if s, ok := g.params.(*starlarkstruct.Struct); ok {
		for _, name := range s.AttrNames() {
			v, _ := s.Attr(name)
			env.Params[name] = valueType(v)
		}
	}
	for d, c := range g.designs {
		env.CardTypes[c.ID] = c.Type
		if env.Fields[c.Type] == nil {
			env.Fields[c.Type] = map[string]typer.Type{}
		}
		fields := env.Fields[c.Type]
		for name, v := range g.cards[d].attrs {
			fields[name] = typer.Join(fields[name], valueType(v))
		}
		if zi := g.start[d]; zi >= 0 {
			z := g.zones[zi].id
			if !slices.Contains(env.Start[z], c.Type) {
				env.Start[z] = append(env.Start[z], c.Type)
			}
		}
	}
	for _, name := range g.prog.Globals() {
		if _, fn := g.prog.Global(name).(*starlark.Function); !fn {
			env.Globals[name] = valueType(g.prog.Global(name))
		}
	}
	env.Components = typer.Dyn
	G, P, S := typer.Type(typer.Game), typer.Type(typer.Int), typer.Type(typer.Str)
	env.Entries["setup"] = []typer.Type{G}
	env.Entries["returns"] = []typer.Type{G}
	env.Entries["value"] = []typer.Type{G, P}
	env.Entries["tally"] = []typer.Type{G}
	env.Entries["label"] = []typer.Type{typer.Card, S}
	for _, k := range g.kinds {
		env.Entries[legalPre+k.id] = []typer.Type{G, P}
		if x := g.argType(k); x != nil {
			env.Entries[applyPre+k.id] = []typer.Type{G, P, x}
			env.Entries[argsPre+k.id] = []typer.Type{G, P, x, S}
		} else {
			env.Entries[applyPre+k.id] = []typer.Type{G, P}
			env.Entries[argsPre+k.id] = []typer.Type{G, P, S}
		}
	}
	return env
}

// joinEnv is what two games of one set of rules give their functions,
// joined: the same rules played as two variants, whose cards, parameters
// and top-level values differ.
func joinEnv(a, b *typer.Env) *typer.Env {
	join := func(x, y map[string]typer.Type) {
		for k, t := range y {
			if u, ok := x[k]; ok {
				x[k] = typer.Join(u, t)
			} else {
				x[k] = t
			}
		}
	}
	join(a.Attrs, b.Attrs)
	join(a.Params, b.Params)
	join(a.Globals, b.Globals)
	for ty, fields := range b.Fields {
		if a.Fields[ty] == nil {
			a.Fields[ty] = map[string]typer.Type{}
		}
		join(a.Fields[ty], fields)
	}
	for id, ty := range b.CardTypes {
		a.CardTypes[id] = ty
	}
	for z, types := range b.Start {
		for _, t := range types {
			if !slices.Contains(a.Start[z], t) {
				a.Start[z] = append(a.Start[z], t)
			}
		}
	}
	return a
}

// argType is the type of the argument of an action of kind k, nil for
// an action played on nothing.
func (g *Game) argType(k *kind) typer.Type {
	part := func(p part) typer.Type {
		if p.domain == domCard {
			return typer.Card
		}
		return typer.Int
	}
	var parts []typer.Type
	for _, p := range k.parts {
		if p.domain != domNone {
			parts = append(parts, part(p))
		}
	}
	switch {
	case len(k.parts) == 1 && len(parts) == 0:
		return nil
	case len(k.parts) == 1:
		return parts[0]
	}
	return typer.Tuple{Elems: parts}
}

func bySeat(player bool, t typer.Type) typer.Type {
	if player {
		return typer.BySeat{Of: t}
	}
	return t
}

// keyType is the type of a dict's key: a tuple stays a tuple (a list
// cannot be a key).
func keyType(v starlark.Value) typer.Type {
	if t, ok := v.(starlark.Tuple); ok {
		ts := make([]typer.Type, len(t))
		for i, x := range t {
			ts[i] = keyType(x)
		}
		return typer.Tuple{Elems: ts}
	}
	return valueType(v)
}

// valueType is the type of a value the rules are given or define.
func valueType(v starlark.Value) typer.Type {
	switch v := v.(type) {
	case starlark.NoneType:
		return typer.None
	case starlark.Bool:
		return typer.Bool
	case starlark.Int:
		return typer.Int
	case starlark.Float:
		return typer.Float
	case starlark.String:
		return typer.StrOf{Values: string(v)}
	case *Card:
		return typer.CardOf{Types: v.g.designs[v.d].Type}
	case starlark.Tuple:
		ts := make([]typer.Type, len(v))
		for i, x := range v {
			ts[i] = valueType(x)
		}
		return typer.Tuple{Elems: ts}
	case *starlark.List:
		var el typer.Type = typer.Unknown
		for i := range v.Len() {
			el = typer.Join(el, valueType(v.Index(i)))
		}
		return typer.List{Elem: el}
	case *starlark.Dict:
		var k, val typer.Type = typer.Unknown, typer.Unknown
		for _, kv := range v.Items() {
			k, val = typer.Join(k, keyType(kv[0])), typer.Join(val, valueType(kv[1]))
		}
		return typer.Dict{Key: k, Val: val}
	case *starlarkstruct.Struct:
		fields := map[string]typer.Type{}
		for _, name := range v.AttrNames() {
			x, _ := v.Attr(name)
			fields[name] = valueType(x)
		}
		return typer.Struct{Name: v.Constructor().String(), Fields: fields}
	}
	return typer.Dyn
}
