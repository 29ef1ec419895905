package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// call is the Go of a call; stmt when its value is not used.
func (c *goCompiler) call(e *syntax.CallExpr, stmt bool) (string, error) {
	var args []syntax.Expr
	kw := map[string]syntax.Expr{}
	var kwOrder []string
	for _, a := range e.Args {
		if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			if id, ok := b.X.(*syntax.Ident); ok {
				kw[id.Name] = b.Y
				kwOrder = append(kwOrder, id.Name)
				continue
			}
		}
		if _, ok := a.(*syntax.UnaryExpr); ok && (a.(*syntax.UnaryExpr).Op == syntax.STAR || a.(*syntax.UnaryExpr).Op == syntax.STARSTAR) {
			return "", no("*args")
		}
		args = append(args, a)
	}
	where := strconv.Quote(at(e))
	ft := c.typeOf(e.Fn)
	switch f := ft.(type) {
	case typer.Func, typer.Funcs:
		if len(kw) > 0 {
			return "", no("a call by keywords")
		}
		var names []string
		switch f := ft.(type) {
		case typer.Func:
			names = []string{f.Name}
		case typer.Funcs:
			names = f.Names
		}
		// A call of a function by its name: direct.
		if id, ok := e.Fn.(*syntax.Ident); ok && len(names) == 1 && id.Name == names[0] {
			if bind, _ := id.Binding.(*resolve.Binding); bind != nil && bind.Scope == resolve.Global {
				c.deps[c.fn.Name] = append(c.deps[c.fn.Name], id.Name)
				return c.directCall(id.Name, args)
			}
		}
		// Through a value: dispatched on the function's name.
		fn, err := c.expr(e.Fn)
		if err != nil {
			return "", err
		}
		t := c.typeOf(e)
		none := stmt || typer.Equal(t, typer.None)
		var sb strings.Builder
		if none {
			fmt.Fprintf(&sb, "func() {\nswitch %s {\n", fn)
		} else {
			gt, err := c.goType(t)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&sb, "func() %s {\nswitch %s {\n", gt, fn)
		}
		for _, n := range names {
			c.deps[c.fn.Name] = append(c.deps[c.fn.Name], n)
			call, err := c.directCall(n, args)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&sb, "case %q:\n", n)
			if none {
				fmt.Fprintf(&sb, "%s\nreturn\n", call)
				continue
			}
			v, err := c.coerce(call, c.res.Funcs[n].Result, t)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&sb, "return %s\n", v)
		}
		fmt.Fprintf(&sb, "}\nrules.Failf(%s, \"no function %%s\", %s)\n", where, fn)
		if !none {
			sb.WriteString("panic(nil)\n")
		}
		sb.WriteString("}()")
		return sb.String(), nil
	case typer.Builtin:
		if f.Recv == nil {
			return c.builtinCall(e, f.Name, args, kw, where, stmt)
		}
		dot, ok := e.Fn.(*syntax.DotExpr)
		if !ok {
			return "", no("a method value")
		}
		return c.methodCall(dot, f, args, kw, kwOrder, where)
	}
	return "", no("a call of %v", ft)
}

// directCall is a call of the rules' function name on args.
func (c *goCompiler) directCall(name string, args []syntax.Expr) (string, error) {
	target := c.res.Funcs[name]
	if len(args) != len(target.Params) {
		return "", no("a call with %d arguments of a function of %d", len(args), len(target.Params))
	}
	out := []string{"h"}
	for i, a := range args {
		if typer.Equal(target.Params[i], typer.Game) {
			continue
		}
		v, err := c.exprAs(a, target.Params[i])
		if err != nil {
			return "", err
		}
		out = append(out, v)
	}
	return "b." + goFunc(name) + "(" + strings.Join(out, ", ") + ")", nil
}

func (c *goCompiler) builtinCall(e *syntax.CallExpr, name string, args []syntax.Expr, kw map[string]syntax.Expr, where string, stmt bool) (string, error) {
	if id, ok := e.Fn.(*syntax.Ident); ok {
		bind, _ := id.Binding.(*resolve.Binding)
		if bind == nil || (bind.Scope != resolve.Universal && !(bind.Scope == resolve.Predeclared && name == "sum")) {
			return "", no("a call of %s", name)
		}
	}
	t := c.typeOf(e)
	// sorted(xs, reverse = True): descending, equal elements in order.
	if name == "sorted" && len(kw) == 1 && len(args) == 1 {
		if r, ok := kw["reverse"].(*syntax.Ident); ok && r.Name == "True" && ordered(typer.Elem(t)) {
			x, err := c.seqOf(args[0])
			return "rules.SortedDesc(" + x + ")", err
		}
	}
	if len(kw) > 0 {
		return "", no("%s with keywords", name)
	}
	arg := func(i int) (string, typer.Type, error) {
		code, err := c.expr(args[i])
		return code, c.typeOf(args[i]), err
	}
	switch name {
	case "len":
		if len(args) != 1 {
			break
		}
		x, xt, err := arg(0)
		if err != nil {
			return "", err
		}
		switch xt := xt.(type) {
		case typer.List, typer.Seq:
			return "int64(len(" + x + "))", nil
		case typer.Dict:
			return "int64(" + x + ".Len())", nil
		case typer.Tuple:
			return strconv.Itoa(len(xt.Elems)), nil
		case typer.ZoneOf:
			return "int64(len(h.Cards(" + x + ")))", nil
		}
		if typer.IsStr(xt) {
			return "int64(len(" + x + "))", nil
		}
	case "range":
		switch len(args) {
		case 1:
			n, err := c.exprAs(args[0], typer.Int)
			return "rules.Range(0, " + n + ")", err
		case 2:
			lo, err := c.exprAs(args[0], typer.Int)
			if err != nil {
				return "", err
			}
			hi, err := c.exprAs(args[1], typer.Int)
			return "rules.Range(" + lo + ", " + hi + ")", err
		}
	case "sum":
		if len(args) != 1 {
			break
		}
		if comp, ok := args[0].(*syntax.Comprehension); ok && !comp.Curly && (typer.Equal(t, typer.Int) || typer.Equal(t, typer.Float)) {
			gt, _ := c.goType(t)
			return c.reduce(comp, gt, gt+"(0)", func(v string) (string, error) {
				x, err := c.coerce(v, c.typeOf(comp.Body), t)
				return "acc += " + x, err
			})
		}
		x, err := c.seqOf(args[0])
		if err != nil {
			return "", err
		}
		el := typer.Elem(c.typeOf(args[0]))
		switch {
		case typer.Equal(el, typer.Int) || typer.Equal(el, typer.Unknown):
			return "rules.Sum(" + x + ")", nil
		case typer.Equal(el, typer.Float):
			return "rules.Sum(" + x + ")", nil
		}
	case "min", "max":
		fn := "rules.Min"
		if name == "max" {
			fn = "rules.Max"
		}
		if len(args) == 1 {
			x, err := c.seqOf(args[0])
			if err != nil {
				return "", err
			}
			if !ordered(typer.Elem(c.typeOf(args[0]))) {
				break
			}
			return fn + "Of(" + where + ", " + x + ")", nil
		}
		if len(args) < 2 || !ordered(t) {
			break
		}
		parts := make([]string, len(args))
		for i, a := range args {
			v, err := c.exprAs(a, t)
			if err != nil {
				return "", err
			}
			parts[i] = v
		}
		return fn + "(" + strings.Join(parts, ", ") + ")", nil
	case "sorted", "list", "reversed":
		if len(args) != 1 {
			break
		}
		x, err := c.seqOf(args[0])
		if err != nil {
			return "", err
		}
		switch name {
		case "sorted":
			if tu, ok := typer.Elem(t).(typer.Tuple); ok {
				// Tuples, element by element.
				less, err := c.tupleCompare(tu)
				if err != nil {
					return "", err
				}
				return "rules.SortedFunc(" + x + ", " + less + ")", nil
			}
			if !ordered(typer.Elem(t)) {
				break
			}
			return "rules.Sorted(" + x + ")", nil
		case "list":
			return "slices.Clone(" + x + ")", nil
		default:
			return "rules.Reversed(" + x + ")", nil
		}
	case "any", "all":
		if len(args) != 1 {
			break
		}
		if comp, ok := args[0].(*syntax.Comprehension); ok && !comp.Curly {
			// Every element is evaluated, as the interpreter makes the
			// whole list first: an error in any of them is the same.
			return c.reduce(comp, "bool", strconv.FormatBool(name == "all"), func(v string) (string, error) {
				tr, err := c.truthOf(v, c.typeOf(comp.Body))
				if err != nil {
					return "", err
				}
				if name == "any" {
					return "acc = " + tr + " || acc", nil
				}
				return "acc = " + tr + " && acc", nil
			})
		}
		x, err := c.seqOf(args[0])
		if err != nil {
			return "", err
		}
		el := typer.Elem(c.typeOf(args[0]))
		truth, err := c.truthOf("v", el)
		if err != nil {
			return "", err
		}
		if name == "any" {
			return fmt.Sprintf("func() bool { for _, v := range %s { if %s { return true } }; return false }()", x, truth), nil
		}
		return fmt.Sprintf("func() bool { for _, v := range %s { if !(%s) { return false } }; return true }()", x, truth), nil
	case "fail":
		if !stmt {
			break
		}
		parts := make([]string, len(args))
		for i, a := range args {
			v, err := c.exprAs(a, typer.Str)
			if err != nil {
				return "", err
			}
			parts[i] = v
		}
		return "rules.Failf(" + where + ", \"%s\", strings.Join([]string{" + strings.Join(parts, ", ") + "}, \" \"))", nil
	case "abs":
		if len(args) == 1 && typer.Equal(t, typer.Int) {
			x, err := c.exprAs(args[0], typer.Int)
			return "rules.Abs(" + x + ")", err
		}
	case "int":
		if len(args) == 1 {
			x, xt, err := arg(0)
			if err != nil {
				return "", err
			}
			switch {
			case typer.Equal(xt, typer.Int):
				return x, nil
			case typer.Equal(xt, typer.Bool):
				return "rules.B2I(" + x + ")", nil
			case typer.Equal(xt, typer.Float):
				return "rules.Trunc(" + where + ", " + x + ")", nil
			}
		}
	case "bool":
		if len(args) == 1 {
			return c.truth(args[0])
		}
	case "dict":
		if _, ok := c.typeOf(args[0]).(typer.Dict); ok && len(args) == 1 {
			x, err := c.expr(args[0])
			return x + ".Copy()", err
		}
	case "getattr":
		names, ok := c.typeOf(args[1]).(typer.StrOf)
		if len(args) == 2 && ok && typer.Equal(c.typeOf(args[0]), typer.Game) {
			return c.gameAttr(args[1], names, t, where)
		}
		// A card's field by a name of known values: the field of each.
		if len(args) != 2 || !ok || !typer.IsCard(c.typeOf(args[0])) {
			break
		}
		gt, err := c.goType(t)
		if err != nil {
			return "", err
		}
		card, err := c.expr(args[0])
		if err != nil {
			return "", err
		}
		name, err := c.expr(args[1])
		if err != nil {
			return "", err
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "func(d int16, name string) %s {\nswitch name {\n", gt)
		for _, n := range names.Strs() {
			ft, ok := c.fieldType(args[0], n)
			if !ok {
				return "", no("getattr of a field %s no card has", n)
			}
			table, err := c.fieldTable(n, ft)
			if err != nil {
				return "", err
			}
			v, err := c.coerce("b."+table+".At("+where+", d)", ft, t)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&sb, "case %q:\nreturn %s\n", n, v)
		}
		fmt.Fprintf(&sb, "}\nrules.Failf(%s, \"getattr: no field %%s\", name)\npanic(nil)\n}(%s, %s)", where, card, name)
		return sb.String(), nil
	}
	return "", no("a call of %s", name)
}

// tupleCompare is a Go function comparing two tuples of type tu as the
// language does: element by element.
func (c *goCompiler) tupleCompare(tu typer.Tuple) (string, error) {
	gt, err := c.goType(tu)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "func(x, y %s) int {\n", gt)
	for i, e := range tu.Elems {
		if !ordered(e) {
			return "", no("a tuple of %v compared", e)
		}
		fmt.Fprintf(&sb, "if c := cmp.Compare(x.F%d, y.F%d); c != 0 {\nreturn c\n}\n", i, i)
	}
	sb.WriteString("return 0\n}")
	return sb.String(), nil
}

// seqOf is a value to loop over as a Go slice: a zone's cards are
// copied, as the language does.
func (c *goCompiler) seqOf(e syntax.Expr) (string, error) {
	x, err := c.expr(e)
	if err != nil {
		return "", err
	}
	switch t := c.typeOf(e).(type) {
	case typer.List, typer.Seq:
		return x, nil
	case typer.Tuple:
		if _, ok := c.tupleElem(t); ok {
			return x + ".Slice()", nil
		}
	case typer.ZoneOf:
		return "h.Cards(" + x + ")", nil
	case typer.Dict:
		return x + ".Keys()", nil
	}
	return "", no("a sequence of %v", c.typeOf(e))
}

// ordered reports whether values of type t compare with <: numbers,
// strings, and cards, by their place among the game's cards.
func ordered(t typer.Type) bool {
	return typer.Equal(t, typer.Int) || typer.Equal(t, typer.Float) || typer.IsStr(t) || typer.IsCard(t)
}

func (c *goCompiler) methodCall(dot *syntax.DotExpr, f typer.Builtin, args []syntax.Expr, kw map[string]syntax.Expr, kwOrder []string, where string) (string, error) {
	recv, err := c.expr(dot.X)
	if err != nil && !typer.Equal(f.Recv, typer.Game) {
		return "", err
	}
	zone := func(i int) (string, error) { return c.exprAs(args[i], typer.Zone) }
	switch f.Recv {
	case typer.Game:
		switch f.Name {
		case "move":
			if len(args) != 3 || len(kw) > 0 {
				break
			}
			card, err := c.exprAs(args[0], typer.Card)
			if err != nil {
				return "", err
			}
			from, err := zone(1)
			if err != nil {
				return "", err
			}
			to, err := zone(2)
			if err != nil {
				return "", err
			}
			return "h.Move(" + where + ", " + card + ", " + from + ", " + to + ")", nil
		case "move_all", "move_top":
			if len(args) != 2 || len(kw) > 0 {
				break
			}
			from, err := zone(0)
			if err != nil {
				return "", err
			}
			to, err := zone(1)
			if err != nil {
				return "", err
			}
			m := map[string]string{"move_all": "MoveAll", "move_top": "MoveTop"}[f.Name]
			return "h." + m + "(" + where + ", " + from + ", " + to + ")", nil
		case "deal":
			if len(args) != 3 {
				break
			}
			then, err := c.then(kw)
			if err != nil {
				return "", err
			}
			from, err := zone(0)
			if err != nil {
				return "", err
			}
			to, err := zone(1)
			if err != nil {
				return "", err
			}
			n, err := c.exprAs(args[2], typer.Int)
			if err != nil {
				return "", err
			}
			return "h.Deal(" + where + ", " + from + ", " + to + ", " + n + ", " + then + ")", nil
		case "roll":
			if len(args) != 2 {
				break
			}
			then, err := c.then(kw)
			if err != nil {
				return "", err
			}
			lit, ok := args[0].(*syntax.Literal)
			if !ok || lit.Token != syntax.STRING {
				return "", no("a roll of a variable not named by a literal")
			}
			name := lit.Value.(string)
			a, ok := c.attr(name)
			if !ok || a.zone || a.player || a.isBool {
				return "", no("a roll of %q", name)
			}
			c.uses.vars[name] = true
			faces, err := c.exprAs(args[1], typer.Int)
			if err != nil {
				return "", err
			}
			return "h.Roll(" + where + ", b.v_" + name + ", " + faces + ", " + then + ")", nil
		case "end":
			if len(args) != 0 || len(kw) > 0 {
				break
			}
			return "h.End(" + where + ")", nil
		case "holder":
			if len(args) != 2 || len(kw) > 0 {
				break
			}
			card, err := c.exprAs(args[0], typer.Card)
			if err != nil {
				return "", err
			}
			if fam, ok := c.typeOf(args[1]).(typer.BySeat); !ok || !typer.IsZone(fam.Of) {
				break
			}
			fam, err := c.expr(args[1])
			if err != nil {
				return "", err
			}
			return "rules.Seat(h.Holder(" + card + ", " + fam + "))", nil
		}
	}
	if l, ok := f.Recv.(typer.List); ok {
		if _, isLocal := dot.X.(*syntax.Ident); isLocal && f.Name == "pop" && len(args) == 0 && len(kw) == 0 {
			// The last element, taken off the local list.
			gt, err := c.goType(l.Elem)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("func() %s { if len(%s) == 0 { rules.Failf(%s, \"pop: empty list\") }; v := %s[len(%s)-1]; %s = %s[:len(%s)-1]; return v }()", gt, recv, where, recv, recv, recv, recv, recv), nil
		}
		// Of a local list, as a statement: the list grows in place.
		_, isLocal := dot.X.(*syntax.Ident)
		if isLocal && len(args) == 1 && len(kw) == 0 && (f.Name == "append" || f.Name == "extend") {
			v := ""
			var err error
			if f.Name == "append" {
				v, err = c.exprAs(args[0], l.Elem)
			} else {
				v, err = c.seqOf(args[0])
				v += "..."
			}
			if err != nil {
				return "", err
			}
			return recv + " = append(" + recv + ", " + v + ")", nil
		}
	}
	if d, ok := f.Recv.(typer.Dict); ok {
		switch f.Name {
		case "keys":
			if len(args) == 0 {
				return "slices.Clone(" + recv + ".Keys())", nil
			}
		case "values", "items":
			if len(args) != 0 {
				break
			}
			gt, err := c.goType(d)
			if err != nil {
				return "", err
			}
			if f.Name == "values" {
				return recv + ".Values()", nil
			}
			// items: a list of (key, value) tuples, in the keys' order.
			tt, err := c.goType(typer.Tuple{Elems: []typer.Type{d.Key, d.Val}})
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("func(d %s) []%s { out := make([]%s, 0, d.Len()); for _, k := range d.Keys() { v, _ := d.Get(k); out = append(out, %s{F0: k, F1: v}) }; return out }(%s)", gt, tt, tt, tt, recv), nil
		case "get":
			if len(args) != 2 {
				break
			}
			k, err := c.exprAs(args[0], d.Key)
			if err != nil {
				return "", err
			}
			def, err := c.exprAs(args[1], d.Val)
			if err != nil {
				return "", err
			}
			return recv + ".GetOr(" + k + ", " + def + ")", nil
		}
	}
	if typer.IsZone(f.Recv) {
		switch f.Name {
		case "where", "without":
			if len(args) != 0 {
				break
			}
			keep, err := c.matches(kw, kwOrder, where)
			if err != nil {
				return "", err
			}
			if f.Name == "without" {
				keep = "!(" + keep + ")"
			}
			return "rules.Filter(h.Cards(" + recv + "), func(d int16) bool { return " + keep + " })", nil
		case "highest":
			if len(args) != 1 {
				break
			}
			lit, ok := args[0].(*syntax.Literal)
			if !ok || lit.Token != syntax.STRING {
				return "", no("highest of a field not named by a literal")
			}
			field := lit.Value.(string)
			c.uses.ranks[field] = true
			keep, err := c.matches(kw, kwOrder, where)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("rules.Highest(%s, %q, h.Cards(%s), b.r_%s, func(d int16) bool { return %s })", where, field, recv, field, keep), nil
		case "index":
			if len(args) != 1 || len(kw) > 0 {
				break
			}
			card, err := c.exprAs(args[0], typer.Card)
			if err != nil {
				return "", err
			}
			return "rules.Index(h.Cards(" + recv + "), " + card + ")", nil
		}
	}
	return "", no("the method %s of %v", f.Name, f.Recv)
}

// gameAttr is getattr(g, name), name one of names: a switch over them,
// each g.<name>.
func (c *goCompiler) gameAttr(name syntax.Expr, names typer.StrOf, t typer.Type, where string) (string, error) {
	gt, err := c.goType(t)
	if err != nil {
		return "", err
	}
	n, err := c.expr(name)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "func(name string) %s {\nswitch name {\n", gt)
	for _, id := range names.Strs() {
		var code string
		var at typer.Type
		a, ok := c.attr(id)
		if ok && !a.zone {
			c.uses.vars[id] = true
			switch {
			case a.player:
				code, at = "b.v_"+id, typer.BySeat{Of: map[bool]typer.Type{true: typer.Bool, false: typer.Int}[a.isBool]}
			case a.isBool:
				code, at = fmt.Sprintf("(h.Var(%s, b.v_%s, 0) != 0)", where, id), typer.Bool
			default:
				code, at = fmt.Sprintf("h.Var(%s, b.v_%s, 0)", where, id), typer.Int
			}
		} else if ok {
			c.uses.zones[id] = true
			if a.player {
				code, at = "b.z_"+id, typer.BySeat{Of: typer.ZoneOf{IDs: id}}
			} else {
				code, at = fmt.Sprintf("h.Zone(%s, b.z_%s, 0)", where, id), typer.ZoneOf{IDs: id}
			}
		} else {
			return "", no("getattr(g, %q)", id)
		}
		v, err := c.coerce(code, at, t)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&sb, "case %q:\nreturn %s\n", id, v)
	}
	fmt.Fprintf(&sb, "}\nrules.Failf(%s, \"getattr: g has no %%s\", name)\npanic(nil)\n}(%s)", where, n)
	return sb.String(), nil
}

// fieldType is the type of field name of the card e, as the typer reads
// it: its values' on the cards of the types e may be.
func (c *goCompiler) fieldType(e syntax.Expr, name string) (typer.Type, bool) {
	types := typer.Set(c.typeOf(e).(typer.CardOf).Types)
	var t typer.Type = typer.Unknown
	for d, card := range c.g.cards {
		if types != nil && !slices.Contains(types, c.g.designs[d].Type) {
			continue
		}
		if v, ok := card.attrs[name]; ok {
			t = typer.Join(t, valueType(v))
		}
	}
	return t, !typer.Equal(t, typer.Unknown) && !typer.IsDyn(t)
}

// then is the name of the function a then= names, "" for none, quoted.
func (c *goCompiler) then(kw map[string]syntax.Expr) (string, error) {
	for k := range kw {
		if k != "then" {
			return "", no("keyword %s", k)
		}
	}
	x, ok := kw["then"]
	if !ok {
		return `""`, nil
	}
	switch c.typeOf(x).(type) {
	case typer.Func, typer.Funcs:
		return c.expr(x) // a function's name
	}
	return "", no("then= of %v", c.typeOf(x))
}

// matches is the Go bool of whether card d has every field=value of kw.
func (c *goCompiler) matches(kw map[string]syntax.Expr, order []string, where string) (string, error) {
	var conds []string
	for _, field := range order {
		ft := c.typeOf(kw[field])
		if _, basic := ft.(typer.Basic); !basic && !typer.IsCard(ft) && !typer.IsStr(ft) || typer.IsDyn(ft) {
			return "", no("the field %s compared with %v", field, ft)
		}
		v, err := c.expr(kw[field])
		if err != nil {
			return "", err
		}
		table, err := c.fieldTable(field, ft)
		if err != nil {
			return "", err
		}
		conds = append(conds, "b."+table+".At("+where+", d) == "+v)
	}
	if len(conds) == 0 {
		return "true", nil
	}
	return strings.Join(conds, " && "), nil
}
