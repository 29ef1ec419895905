package rules

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// expr is the Go of an expression, of the Go type of its rules type.
func (c *goCompiler) expr(e syntax.Expr) (string, error) {
	t := c.typeOf(e)
	c.pos = at(e)
	switch e := e.(type) {
	case *syntax.Ident:
		return c.ident(e)
	case *syntax.Literal:
		switch e.Token {
		case syntax.INT:
			n, ok := e.Value.(int64)
			if !ok {
				return "", no("a large number")
			}
			return fmt.Sprintf("int64(%d)", n), nil
		case syntax.FLOAT:
			return fmt.Sprintf("float64(%v)", e.Value), nil
		case syntax.STRING:
			return strconv.Quote(e.Value.(string)), nil
		}
	case *syntax.ParenExpr:
		return c.expr(e.X)
	case *syntax.ListExpr:
		if len(e.List) == 0 && typer.Equal(typer.Elem(t), typer.Unknown) {
			return "nil", nil // [] of no type yet: what it is converted to says
		}
		gt, err := c.goType(t)
		if err != nil {
			return "", err
		}
		parts := make([]string, len(e.List))
		for i, x := range e.List {
			if parts[i], err = c.exprAs(x, typer.Elem(t)); err != nil {
				return "", err
			}
		}
		return gt + "{" + strings.Join(parts, ", ") + "}", nil
	case *syntax.TupleExpr:
		gt, err := c.goType(t)
		if err != nil {
			return "", err
		}
		tu := t.(typer.Tuple)
		parts := make([]string, len(e.List))
		for i, x := range e.List {
			v, err := c.exprAs(x, tu.Elems[i])
			if err != nil {
				return "", err
			}
			parts[i] = fmt.Sprintf("F%d: %s", i, v)
		}
		return gt + "{" + strings.Join(parts, ", ") + "}", nil
	case *syntax.DictExpr:
		if len(e.List) == 0 && typer.Equal(t, typer.Dict{Key: typer.Unknown, Val: typer.Unknown}) {
			return "nil", nil // {} of no type yet: what it is converted to says
		}
		d, ok := t.(typer.Dict)
		if !ok {
			return "", no("dict of %v", t)
		}
		gt, err := c.goType(d)
		if err != nil {
			return "", err
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "func() %s { d := %s\n", gt, c.newDict(gt))
		for _, x := range e.List {
			kv := x.(*syntax.DictEntry)
			k, err := c.exprAs(kv.Key, d.Key)
			if err != nil {
				return "", err
			}
			v, err := c.exprAs(kv.Value, d.Val)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&sb, "d.Set(%s, %s)\n", k, v)
		}
		sb.WriteString("return d }()")
		return sb.String(), nil
	case *syntax.Comprehension:
		return c.comprehension(e, t)
	case *syntax.CondExpr:
		gt, err := c.goType(t)
		if err != nil {
			return "", err
		}
		cond, err := c.truth(e.Cond)
		if err != nil {
			return "", err
		}
		a, err := c.exprAs(e.True, t)
		if err != nil {
			return "", err
		}
		b, err := c.exprAs(e.False, t)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("func() %s { if %s { return %s }; return %s }()", gt, cond, a, b), nil
	case *syntax.UnaryExpr:
		switch e.Op {
		case syntax.NOT:
			x, err := c.truth(e.X)
			if err != nil {
				return "", err
			}
			return "!(" + x + ")", nil
		case syntax.MINUS:
			x, err := c.exprAs(e.X, t)
			if err != nil {
				return "", err
			}
			return "-(" + x + ")", nil
		case syntax.PLUS:
			return c.exprAs(e.X, t)
		}
	case *syntax.BinaryExpr:
		x, err := c.expr(e.X)
		if err != nil {
			return "", err
		}
		code, _, err := c.binaryCode(e.Op, x, c.typeOf(e.X), e.Y, e)
		return code, err
	case *syntax.DotExpr:
		return c.dot(e)
	case *syntax.IndexExpr:
		return c.index(e)
	case *syntax.CallExpr:
		return c.call(e, false)
	}
	return "", no("expression %T", e)
}

func (c *goCompiler) ident(id *syntax.Ident) (string, error) {
	bind, _ := id.Binding.(*resolve.Binding)
	if bind == nil {
		return "", no("name %s", id.Name)
	}
	switch bind.Scope {
	case resolve.Local, resolve.Cell, resolve.Free:
		v, ok := c.locals[bind]
		if !ok {
			return "", no("local %s", id.Name)
		}
		// A local that may be None, read where it is known not to be.
		if o, ok := c.fn.Locals[bind].(typer.Opt); ok && v != "h" {
			if _, still := c.typeOf(id).(typer.Opt); !still && !typer.Equal(c.typeOf(id), typer.Unknown) {
				_ = o
				return v + ".V", nil
			}
		}
		return v, nil
	case resolve.Global:
		if _, ok := c.res.Funcs[id.Name]; ok {
			// A function as a value: its name.
			c.deps[c.fn.Name] = append(c.deps[c.fn.Name], id.Name)
			return strconv.Quote(id.Name), nil
		}
		c.uses.globals[id.Name] = true
		return "b.g_" + id.Name, nil
	case resolve.Universal:
		switch id.Name {
		case "None":
			return "none", nil // only ever converted (coerce)
		case "True":
			return "true", nil
		case "False":
			return "false", nil
		}
	}
	return "", no("name %s as a value", id.Name)
}

// truth is the Go bool of a value's truth.
func (c *goCompiler) truth(e syntax.Expr) (string, error) {
	// a and b, a or b, not a: as Go's, when only their truth counts.
	if b, ok := e.(*syntax.BinaryExpr); ok && (b.Op == syntax.AND || b.Op == syntax.OR) {
		x, err := c.truth(b.X)
		if err != nil {
			return "", err
		}
		y, err := c.truth(b.Y)
		if err != nil {
			return "", err
		}
		op := "&&"
		if b.Op == syntax.OR {
			op = "||"
		}
		return "(" + x + " " + op + " " + y + ")", nil
	}
	code, err := c.expr(e)
	if err != nil {
		return "", err
	}
	return c.truthOf(code, c.typeOf(e))
}

func (c *goCompiler) truthOf(code string, t typer.Type) (string, error) {
	switch t := t.(type) {
	case typer.Basic:
		switch t {
		case typer.Bool:
			return code, nil
		case typer.Int, typer.Float:
			return "(" + code + " != 0)", nil
		case typer.Str:
			return "(" + code + ` != "")`, nil
		case typer.None:
			return "false", nil
		}
	case typer.ZoneOf:
		return "(len(h.Cards(" + code + ")) > 0)", nil
	case typer.CardOf:
		return "true", nil
	case typer.StrOf:
		return "(" + code + ` != "")`, nil
	case typer.List, typer.Seq:
		return "(len(" + code + ") > 0)", nil
	case typer.Tuple:
		// Evaluated for what it does; a tuple's truth is its length's.
		gt, err := c.goType(t)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("func(%s) bool { return %v }(%s)", gt, len(t.Elems) > 0, code), nil
	case typer.Dict:
		return "(" + code + ".Len() > 0)", nil
	case typer.Opt:
		c.tmp++
		v := fmt.Sprintf("o%d", c.tmp)
		inner, err := c.truthOf(v+".V", t.Of)
		if err != nil {
			return "", err
		}
		gt, err := c.goType(t)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("func(%s %s) bool { return %s.OK && %s }(%s)", v, gt, v, inner, code), nil
	}
	return "", no("the truth of %v", t)
}

// binaryCode is x op y, x already compiled (code, of type xt); node is
// the expression, for its place and type.
func (c *goCompiler) binaryCode(op syntax.Token, x string, xt typer.Type, ye syntax.Expr, node syntax.Node) (string, typer.Type, error) {
	yt := c.typeOf(ye)
	t := typer.Type(typer.Unknown)
	if e, ok := node.(syntax.Expr); ok {
		t = c.typeOf(e)
	}
	if _, ok := node.(*syntax.AssignStmt); ok {
		t = xt // x op= y keeps x's type
	}
	where := strconv.Quote(at(node))
	switch op {
	case syntax.AND, syntax.OR:
		// A truth (a test, or of two truths): each operand's truth.
		if typer.Equal(t, typer.Bool) {
			xb, err := c.truthOf(x, xt)
			if err != nil {
				return "", nil, err
			}
			yb, err := c.truth(ye)
			if err != nil {
				return "", nil, err
			}
			if op == syntax.AND {
				return "(" + xb + " && " + yb + ")", t, nil
			}
			return "(" + xb + " || " + yb + ")", t, nil
		}
		gt, err := c.goType(t)
		if err != nil {
			return "", nil, err
		}
		c.tmp++
		v := fmt.Sprintf("x%d", c.tmp)
		xv, err := c.coerce(v, xt, t)
		if err != nil {
			return "", nil, err
		}
		cond, err := c.truthOf(v, xt)
		if err != nil {
			return "", nil, err
		}
		y, err := c.exprAs(ye, t)
		if err != nil {
			return "", nil, err
		}
		xgt, err := c.goType(xt)
		if err != nil {
			return "", nil, err
		}
		if op == syntax.OR {
			return fmt.Sprintf("func(%s %s) %s { if %s { return %s }; return %s }(%s)", v, xgt, gt, cond, xv, y, x), t, nil
		}
		return fmt.Sprintf("func(%s %s) %s { if !(%s) { return %s }; return %s }(%s)", v, xgt, gt, cond, xv, y, x), t, nil
	case syntax.IN, syntax.NOT_IN:
		y, err := c.expr(ye)
		if err != nil {
			return "", nil, err
		}
		var code string
		switch yt := yt.(type) {
		case typer.List, typer.Seq:
			xv, err := c.coerce(x, xt, typer.Elem(yt))
			if err != nil {
				return "", nil, err
			}
			code = "slices.Contains(" + y + ", " + xv + ")"
		case typer.Tuple:
			if _, ok := c.tupleElem(yt); !ok {
				return "", nil, no("%v in %v", xt, yt)
			}
			xv, err := c.coerce(x, xt, typer.Elem(yt))
			if err != nil {
				return "", nil, err
			}
			code = "slices.Contains(" + y + ".Slice(), " + xv + ")"
		case typer.Dict:
			xv, err := c.coerce(x, xt, yt.Key)
			if err != nil {
				return "", nil, err
			}
			code = y + ".Has(" + xv + ")"
		case typer.ZoneOf:
			if !typer.IsCard(xt) {
				return "", nil, no("%v in %v", xt, yt)
			}
			code = "slices.Contains(h.Cards(" + y + "), " + x + ")"
		case typer.Basic, typer.StrOf:
			if !typer.IsStr(yt) || !typer.IsStr(xt) {
				return "", nil, no("%v in %v", xt, yt)
			}
			code = "strings.Contains(" + y + ", " + x + ")"
		default:
			return "", nil, no("%v in %v", xt, yt)
		}
		if op == syntax.NOT_IN {
			code = "!" + code
		}
		return code, typer.Bool, nil
	case syntax.EQL, syntax.NEQ:
		goOp := " == "
		if op == syntax.NEQ {
			goOp = " != "
		}
		// x == None, for a value that may be None.
		if typer.Equal(yt, typer.None) || typer.Equal(xt, typer.None) {
			v := x
			ot := xt
			if typer.Equal(xt, typer.None) {
				var err error
				if v, err = c.expr(ye); err != nil {
					return "", nil, err
				}
				ot = yt
			}
			switch {
			case typer.Equal(ot, typer.None):
				return strconv.FormatBool(op == syntax.EQL), typer.Bool, nil
			case isOpt(ot):
				if op == syntax.EQL {
					return "!" + v + ".OK", typer.Bool, nil
				}
				return v + ".OK", typer.Bool, nil
			}
			return strconv.FormatBool(op == syntax.NEQ), typer.Bool, nil
		}
		y, err := c.expr(ye)
		if err != nil {
			return "", nil, err
		}
		if isOpt(xt) || isOpt(yt) {
			// A value that may be None against a value: equal only when it
			// is not None.
			ot := typer.Join(xt, yt)
			xv, err := c.coerce(x, xt, ot)
			if err != nil {
				return "", nil, err
			}
			yv, err := c.coerce(y, yt, ot)
			if err != nil {
				return "", nil, err
			}
			return "(" + xv + goOp + yv + ")", typer.Bool, nil
		}
		ct := typer.Join(xt, yt)
		if typer.IsDyn(ct) {
			return "", nil, no("%v == %v", xt, yt)
		}
		if _, ok := ct.(typer.Basic); !ok && !typer.IsCard(ct) && !typer.IsStr(ct) {
			return "", nil, no("%v == %v", xt, yt)
		}
		xv, err := c.coerce(x, xt, ct)
		if err != nil {
			return "", nil, err
		}
		yv, err := c.coerce(y, yt, ct)
		if err != nil {
			return "", nil, err
		}
		return "(" + xv + goOp + yv + ")", typer.Bool, nil
	case syntax.LT, syntax.GT, syntax.LE, syntax.GE:
		y, err := c.expr(ye)
		if err != nil {
			return "", nil, err
		}
		// None is not ordered: an error, as in the interpreter.
		if o, ok := xt.(typer.Opt); ok {
			x, xt = "rules.Must("+where+", "+x+")", o.Of
		}
		if o, ok := yt.(typer.Opt); ok {
			y, yt = "rules.Must("+where+", "+y+")", o.Of
		}
		ct := typer.Join(xt, yt)
		if !typer.Equal(ct, typer.Int) && !typer.Equal(ct, typer.Float) && !typer.IsStr(ct) && !typer.IsCard(ct) {
			return "", nil, no("%v < %v", xt, yt)
		}
		xv, err := c.coerce(x, xt, ct)
		if err != nil {
			return "", nil, err
		}
		yv, err := c.coerce(y, yt, ct)
		if err != nil {
			return "", nil, err
		}
		return "(" + xv + " " + op.String() + " " + yv + ")", typer.Bool, nil
	}
	// Arithmetic.
	y, err := c.expr(ye)
	if err != nil {
		return "", nil, err
	}
	if typer.Equal(t, typer.Int) || typer.Equal(t, typer.Float) {
		xv, err := c.coerce(x, xt, t)
		if err != nil {
			return "", nil, err
		}
		yv, err := c.coerce(y, yt, t)
		if err != nil {
			return "", nil, err
		}
		switch op {
		case syntax.PLUS, syntax.MINUS, syntax.STAR:
			return "(" + xv + " " + op.String() + " " + yv + ")", t, nil
		case syntax.SLASH:
			return "rules.Div(" + where + ", " + xv + ", " + yv + ")", t, nil
		case syntax.SLASHSLASH:
			if typer.Equal(t, typer.Int) {
				return "rules.FloorDiv(" + where + ", " + xv + ", " + yv + ")", t, nil
			}
		case syntax.PERCENT:
			if typer.Equal(t, typer.Int) {
				return "rules.FloorMod(" + where + ", " + xv + ", " + yv + ")", t, nil
			}
		case syntax.PIPE, syntax.AMP, syntax.CIRCUMFLEX:
			return "(" + xv + " " + op.String() + " " + yv + ")", t, nil
		case syntax.LTLT:
			return "rules.Shl(" + where + ", " + xv + ", " + yv + ")", t, nil
		case syntax.GTGT:
			return "rules.Shr(" + where + ", " + xv + ", " + yv + ")", t, nil
		}
	}
	if op == syntax.PERCENT && typer.IsStr(xt) {
		// format % args, as the language formats.
		var args []string
		if tu, ok := ye.(*syntax.TupleExpr); ok {
			for _, a := range tu.List {
				v, err := c.expr(a)
				if err != nil {
					return "", nil, err
				}
				args = append(args, v)
			}
		} else {
			args = []string{y}
		}
		return "rules.Percent(" + where + ", " + x + ", " + strings.Join(args, ", ") + ")", typer.Str, nil
	}
	if op == syntax.STAR {
		if _, ok := t.(typer.List); ok {
			n, list := y, x
			if typer.Equal(xt, typer.Int) {
				n, list = x, y
			}
			return "rules.Repeat(" + list + ", " + n + ")", t, nil
		}
	}
	if op == syntax.PLUS && typer.IsStr(t) {
		return "(" + x + " + " + y + ")", t, nil
	}
	if op == syntax.PLUS {
		if _, ok := t.(typer.List); ok {
			xv, err := c.coerce(x, xt, t)
			if err != nil {
				return "", nil, err
			}
			yv, err := c.coerce(y, yt, t)
			if err != nil {
				return "", nil, err
			}
			return "rules.Concat(" + xv + ", " + yv + ")", t, nil
		}
	}
	return "", nil, no("%v %s %v", xt, op, yt)
}

func isOpt(t typer.Type) bool {
	_, ok := t.(typer.Opt)
	return ok
}

func (c *goCompiler) dot(e *syntax.DotExpr) (string, error) {
	xt := c.typeOf(e.X)
	name := e.Name.Name
	if o, ok := xt.(typer.Opt); ok && typer.IsCard(o.Of) {
		// A field of a card that may be None: None has none, an error
		// as in the interpreter.
		x, err := c.expr(e.X)
		if err != nil {
			return "", err
		}
		table, err := c.fieldTable(name, c.typeOf(e))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("b.%s.At(%q, rules.Must(%q, %s))", table, at(e), at(e), x), nil
	}
	if typer.IsCard(xt) {
		x, err := c.expr(e.X)
		if err != nil {
			return "", err
		}
		table, err := c.fieldTable(name, c.typeOf(e))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("b.%s.At(%q, %s)", table, at(e), x), nil
	}
	switch xt {
	case typer.Game:
		switch name {
		case "players":
			return "h.Players()", nil
		case "turn":
			return "h.Turn()", nil
		case "phase":
			return "h.Phase()", nil
		}
		if v, ok := c.attr(name); ok && !v.zone {
			c.uses.vars[name] = true
			if v.player {
				return "b.v_" + name, nil
			}
			if v.isBool {
				return fmt.Sprintf("(h.Var(%q, b.v_%s, 0) != 0)", at(e), name), nil
			}
			return fmt.Sprintf("h.Var(%q, b.v_%s, 0)", at(e), name), nil
		}
		if z, ok := c.attr(name); ok {
			c.uses.zones[name] = true
			if z.player {
				return "b.z_" + name, nil
			}
			return fmt.Sprintf("h.Zone(%q, b.z_%s, 0)", at(e), name), nil
		}
	case typer.Params:
		c.uses.params[name] = true
		return "b.p_" + name, nil
	case typer.Cards:
		if _, ok := c.g.byID[name]; !ok {
			return "", no("cards.%s", name)
		}
		c.uses.cards[name] = true
		return "b.c_" + name, nil
	case typer.Players:
		return "b.players_" + name, nil
	}
	return "", no("the field %s of %v", name, xt)
}

func (c *goCompiler) index(e *syntax.IndexExpr) (string, error) {
	xt := c.typeOf(e.X)
	x, err := c.expr(e.X)
	if err != nil {
		return "", err
	}
	where := strconv.Quote(at(e))
	switch xt := xt.(type) {
	case typer.BySeat:
		p, err := c.exprAs(e.Y, typer.Int)
		if err != nil {
			return "", err
		}
		switch {
		case typer.IsZone(xt.Of):
			return "h.Zone(" + where + ", " + x + ", " + p + ")", nil
		case typer.Equal(xt.Of, typer.Bool):
			return "(h.Var(" + where + ", " + x + ", " + p + ") != 0)", nil
		case typer.Equal(xt.Of, typer.Int):
			return "h.Var(" + where + ", " + x + ", " + p + ")", nil
		}
	case typer.List, typer.Seq:
		i, err := c.exprAs(e.Y, typer.Int)
		if err != nil {
			return "", err
		}
		return "rules.At(" + where + ", " + x + ", " + i + ")", nil
	case typer.Dict:
		k, err := c.exprAs(e.Y, xt.Key)
		if err != nil {
			return "", err
		}
		return x + ".At(" + where + ", " + k + ")", nil
	case typer.Tuple:
		if lit, ok := e.Y.(*syntax.Literal); ok && lit.Token == syntax.INT {
			if n, ok := lit.Value.(int64); ok && n >= 0 && int(n) < len(xt.Elems) {
				return fmt.Sprintf("%s.F%d", x, n), nil
			}
		}
		if _, ok := c.tupleElem(xt); ok {
			i, err := c.exprAs(e.Y, typer.Int)
			if err != nil {
				return "", err
			}
			return x + ".At(" + where + ", " + i + ")", nil
		}
		return "", no("a tuple of several types indexed by a variable")
	case typer.ZoneOf:
		i, err := c.exprAs(e.Y, typer.Int)
		if err != nil {
			return "", err
		}
		return "h.Card(" + where + ", " + x + ", " + i + ")", nil
	}
	return "", no("an element of %v", xt)
}

// clauses writes a comprehension's for and if clauses as Go loops and
// tests around what sink writes for each element.
func (c *goCompiler) clauses(b *bytes.Buffer, e *syntax.Comprehension, sink func(b *bytes.Buffer) error) error {
	var body func(b *bytes.Buffer, i int) error
	body = func(b *bytes.Buffer, i int) error {
		if i == len(e.Clauses) {
			return sink(b)
		}
		switch cl := e.Clauses[i].(type) {
		case *syntax.IfClause:
			cond, err := c.truth(cl.Cond)
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "if %s {\n", cond)
			if err := body(b, i+1); err != nil {
				return err
			}
			b.WriteString("}\n")
		case *syntax.ForClause:
			return c.forStmt(b, cl.Vars, cl.X, 0, c.mayWrite(e), func(b *bytes.Buffer, _ int) error { return body(b, i+1) })
		}
		return nil
	}
	return body(b, 0)
}

// reduce is a sum, any or all over a list comprehension, done in its
// loop with no list made: fold writes what each element adds to acc,
// of Go type gt, from the element v.
func (c *goCompiler) reduce(e *syntax.Comprehension, gt, init string, fold func(v string) (string, error)) (string, error) {
	var sb bytes.Buffer
	fmt.Fprintf(&sb, "func() %s {\nacc := %s\n", gt, init)
	err := c.clauses(&sb, e, func(b *bytes.Buffer) error {
		v, err := c.expr(e.Body)
		if err != nil {
			return err
		}
		step, err := fold(v)
		b.WriteString(step + "\n")
		return err
	})
	if err != nil {
		return "", err
	}
	sb.WriteString("return acc\n}()")
	return sb.String(), nil
}

func (c *goCompiler) comprehension(e *syntax.Comprehension, t typer.Type) (string, error) {
	gt, err := c.goType(t)
	if err != nil {
		return "", err
	}
	var sb bytes.Buffer
	fmt.Fprintf(&sb, "func() %s {\n", gt)
	if e.Curly {
		fmt.Fprintf(&sb, "out := %s\n", c.newDict(gt))
	} else {
		fmt.Fprintf(&sb, "var out %s\n", gt)
	}
	err = c.clauses(&sb, e, func(b *bytes.Buffer) error {
		if e.Curly {
			kv := e.Body.(*syntax.DictEntry)
			d := t.(typer.Dict)
			k, err := c.exprAs(kv.Key, d.Key)
			if err != nil {
				return err
			}
			v, err := c.exprAs(kv.Value, d.Val)
			fmt.Fprintf(b, "out.Set(%s, %s)\n", k, v)
			return err
		}
		v, err := c.exprAs(e.Body, typer.Elem(t))
		fmt.Fprintf(b, "out = append(out, %s)\n", v)
		return err
	})
	if err != nil {
		return "", err
	}
	sb.WriteString("return out\n}()")
	return sb.String(), nil
}
