package rules

import (
	"bytes"
	"fmt"
	"go/format"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// GoSource compiles the game's rules to Go, package pkg: every function
// the engine calls whose whole call tree the typer types, on the engine's
// own values, with no interpreter. It returns the source, gofmt'ed, and
// the functions left to the interpreter, sorted. The types are those of
// the game and of each of variants, the same rules played as a variant
// of the game: the code fits them all.
func (g *Game) GoSource(pkg string, variants ...*Game) ([]byte, []string, error) {
	env := g.typeEnv()
	for _, v := range variants {
		env = joinEnv(env, v.typeEnv())
	}
	res := typer.Infer(g.prog.Files(), env)
	c := &goCompiler{g: g, env: env, res: res, ok: map[string]bool{}, deps: map[string][]string{}, why: map[string]string{}, writes: map[string]bool{}}
	c.choose()
	var body bytes.Buffer
	c.uses = newUses()
	for _, name := range slices.Sorted(maps.Keys(c.ok)) {
		fb, _, err := c.function(name)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		body.Write(fb)
	}
	var out bytes.Buffer
	c.header(&out, pkg)
	out.Write(body.Bytes())
	c.bind(&out)
	src, err := format.Source(out.Bytes())
	if err != nil {
		return out.Bytes(), nil, fmt.Errorf("the compiled rules do not format: %w", err)
	}
	var left []string
	for name, f := range res.Funcs {
		if f.Called && !c.ok[name] && !skipped(name) {
			left = append(left, name+": "+c.why[name])
		}
	}
	slices.Sort(left)
	return src, left, nil
}

// skipped are the functions never compiled: they name things, once per
// name, where speed does not matter.
func skipped(name string) bool {
	return name == fnLabel || strings.HasPrefix(name, argsPre)
}

type goCompiler struct {
	g    *Game
	env  *typer.Env // the types of what the rules are given
	res  *typer.Result
	ok   map[string]bool     // the functions compiled
	deps map[string][]string // the functions each calls
	why  map[string]string   // why a function is not compiled
	// writes caches funcWrites.
	writes map[string]bool
	uses   *uses

	// Of the function being compiled.
	fn     *typer.FuncInfo
	pos    string // the place of the expression being compiled
	locals map[*resolve.Binding]string
	tmp    int
}

// uses are what the compiled functions refer to, which Bind looks up.
type uses struct {
	vars, zones, params, globals, cards map[string]bool
	ranks                               map[string]bool // enum fields highest orders by
	types                               map[string]typer.Type
	// fields are the tables of the cards' fields, by name in bound: a
	// field read as values of one type.
	fields map[string]fieldUse
}

func newUses() *uses {
	return &uses{
		vars: map[string]bool{}, zones: map[string]bool{}, fields: map[string]fieldUse{},
		params: map[string]bool{}, globals: map[string]bool{}, cards: map[string]bool{},
		ranks: map[string]bool{}, types: map[string]typer.Type{},
	}
}

// gAttr is one of g's variables or zones, as the rules of the game and
// of its variants declare it.
type gAttr struct {
	zone, player, isBool bool
}

// attr looks g.<id> up among the variables and zones the rules declare in
// any variant of the game; false for none (or for players, turn, phase
// and methods).
func (c *goCompiler) attr(id string) (gAttr, bool) {
	t, ok := c.env.Attrs[id]
	if !ok {
		return gAttr{}, false
	}
	a := gAttr{}
	if s, ok := t.(typer.BySeat); ok {
		a.player, t = true, s.Of
	}
	switch {
	case typer.IsZone(t):
		a.zone = true
	case typer.Equal(t, typer.Bool):
		a.isBool = true
	case typer.Equal(t, typer.Int):
	default:
		return gAttr{}, false
	}
	if id == "players" || id == "turn" {
		return gAttr{}, false
	}
	return a, true
}

// fieldUse is a card field, read as values of type t.
type fieldUse struct {
	name string
	t    typer.Type
}

// fieldTable is the name in bound of the table of field name, read as
// values of type t.
func (c *goCompiler) fieldTable(name string, t typer.Type) (string, error) {
	gt, err := c.goType(t)
	if err != nil {
		return "", err
	}
	table := "f_" + name + "_" + mangleGo(gt)
	c.uses.fields[table] = fieldUse{name, t}
	return table, nil
}

// writeMethods are g's methods that change the game.
var writeMethods = []string{"move", "move_all", "move_top", "deal", "roll", "chance", "end"}

// mayWrite reports whether running n may change the game: set g's
// variables, move cards, or call a function that may.
func (c *goCompiler) mayWrite(n syntax.Node) bool {
	writes := false
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.AssignStmt:
			syntax.Walk(n.LHS, func(x syntax.Node) bool {
				if d, ok := x.(*syntax.DotExpr); ok && typer.Equal(c.typeOf(d.X), typer.Game) {
					writes = true
				}
				if ix, ok := x.(*syntax.IndexExpr); ok {
					if _, ok := c.typeOf(ix.X).(typer.BySeat); ok {
						writes = true
					}
				}
				return !writes
			})
		case *syntax.CallExpr:
			if d, ok := n.Fn.(*syntax.DotExpr); ok && typer.Equal(c.typeOf(d.X), typer.Game) && slices.Contains(writeMethods, d.Name.Name) {
				writes = true
			}
			switch f := c.typeOf(n.Fn).(type) {
			case typer.Func:
				writes = writes || c.funcWrites(f.Name, map[string]bool{})
			case typer.Funcs:
				for _, name := range f.Names {
					writes = writes || c.funcWrites(name, map[string]bool{})
				}
			}
		}
		return !writes
	})
	return writes
}

// funcWrites reports whether a function of the rules may change the
// game, by what it does and the functions it calls.
func (c *goCompiler) funcWrites(name string, seen map[string]bool) bool {
	if w, ok := c.writes[name]; ok {
		return w
	}
	if seen[name] {
		return false
	}
	seen[name] = true
	f := c.res.Funcs[name]
	if f == nil {
		return true
	}
	saved := c.fn
	c.fn = f
	w := false
	for _, st := range f.Def.Body {
		if c.mayWrite(st) {
			w = true
			break
		}
	}
	c.fn = saved
	c.writes[name] = w
	return w
}

// errNo is a construct the compiler does not compile: its function is
// left to the interpreter.
type errNo struct{ what string }

func (e *errNo) Error() string { return "not compiled: " + e.what }

func no(format string, args ...any) error { return &errNo{fmt.Sprintf(format, args...)} }

// choose picks the functions to compile: typed whole, and calling only
// functions that are compiled, until no more drop out.
func (c *goCompiler) choose() {
	for name, f := range c.res.Funcs {
		if !f.Called || skipped(name) {
			continue
		}
		if dyn := f.DynExprs(); len(dyn) > 0 {
			c.why[name] = "untyped at " + at(dyn[0])
			continue
		}
		c.ok[name] = true
	}
	for changed := true; changed; {
		changed = false
		c.uses = newUses()
		for _, name := range slices.Sorted(maps.Keys(c.ok)) {
			_, deps, err := c.function(name)
			if err == nil {
				for _, d := range deps {
					if !c.ok[d] {
						err = no("calls %s, which is not compiled", d)
					}
				}
			}
			if err != nil {
				delete(c.ok, name)
				c.why[name] = err.Error()
				changed = true
			}
		}
	}
}

// at is a place of the rules, as errors give it.
func at(e syntax.Node) string {
	p, _ := e.Span()
	return fmt.Sprintf("%s:%d:%d", p.Filename(), p.Line, p.Col)
}

// goType is the Go type of a rules type.
func (c *goCompiler) goType(t typer.Type) (string, error) {
	switch t := t.(type) {
	case typer.Basic:
		switch t {
		case typer.Int:
			return "int64", nil
		case typer.Float:
			return "float64", nil
		case typer.Bool:
			return "bool", nil
		case typer.Str:
			return "string", nil
		case typer.Game:
			return "*rules.Host", nil
		}
	case typer.StrOf:
		return "string", nil
	case typer.CardOf:
		return "int16", nil
	case typer.ZoneOf:
		return "int", nil
	case typer.List:
		e, err := c.goType(t.Elem)
		return "[]" + e, err
	case typer.Seq:
		e, err := c.goType(t.Elem)
		return "[]" + e, err
	case typer.Opt:
		e, err := c.goType(t.Of)
		return "rules.Opt[" + e + "]", err
	case typer.Dict:
		k, err := c.goType(t.Key)
		if err != nil {
			return "", err
		}
		v, err := c.goType(t.Val)
		if typer.IsCard(t.Key) {
			return "*rules.CardDict[" + v + "]", err
		}
		switch t.Key.(type) {
		case typer.List, typer.Seq, typer.Dict:
			return "", no("a dict keyed by %v", t.Key)
		}
		return "*rules.Dict[" + k + ", " + v + "]", err
	case typer.Tuple:
		// Named by its elements' Go types: tuples of one Go form are one
		// struct.
		parts := make([]string, len(t.Elems))
		for i, e := range t.Elems {
			gt, err := c.goType(e)
			if err != nil {
				return "", err
			}
			parts[i] = mangleGo(gt)
		}
		name := "tuple_" + strings.Join(parts, "_")
		if n := len(parts); n > 2 && slices.Equal(parts, slices.Repeat(parts[:1], n)) {
			name = fmt.Sprintf("tuple_%s_x%d", parts[0], n)
		}
		c.uses.types[name] = t
		return name, nil
	case typer.BySeat:
		return "int", nil
	case typer.Func, typer.Funcs:
		return c.funcType(t)
	}
	return "", no("a value of type %v", t)
}

// funcType is the Go type of a function value: its name, which a call
// through it, or g.deal's then=, dispatches on.
func (c *goCompiler) funcType(typer.Type) (string, error) { return "string", nil }

// signature is a function's Go parameters and result.
func (c *goCompiler) signature(name string) (string, error) {
	f := c.res.Funcs[name]
	params := []string{"h *rules.Host"}
	for i, p := range f.Params {
		if typer.Equal(p, typer.Game) {
			continue
		}
		gt, err := c.goType(p)
		if err != nil {
			return "", err
		}
		params = append(params, fmt.Sprintf("a%d %s", i, gt))
	}
	sig := "(" + strings.Join(params, ", ") + ")"
	if !typer.Equal(f.Result, typer.None) {
		gt, err := c.goType(f.Result)
		if err != nil {
			return "", err
		}
		sig += " " + gt
	}
	return sig, nil
}

// tupleElem is the Go type all the elements of a tuple type have, false
// when they differ: such a tuple is indexed and looped over as a list.
func (c *goCompiler) tupleElem(t typer.Type) (string, bool) {
	tu, ok := t.(typer.Tuple)
	if !ok || len(tu.Elems) == 0 {
		return "", false
	}
	first := ""
	for i, e := range tu.Elems {
		gt, err := c.goType(e)
		if err != nil || (i > 0 && gt != first) {
			return "", false
		}
		first = gt
	}
	return first, true
}

// newDict is a new, empty dict of Go type gt.
func (c *goCompiler) newDict(gt string) string {
	if v, ok := strings.CutPrefix(gt, "*rules.CardDict["); ok {
		return "rules.NewCardDict[" + strings.TrimSuffix(v, "]") + "](b.designs)"
	}
	return "rules.NewDict[" + strings.TrimSuffix(strings.TrimPrefix(gt, "*rules.Dict["), "]") + "]()"
}

// mangleGo is an identifier for a Go type.
func mangleGo(gt string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, gt)
}

func goFunc(name string) string { return "fn_" + name }

// mustGo is a Go type known to exist.
func mustGo(gt string, _ error) string { return gt }

// function compiles one function: its Go source and the rules
// functions it calls.
func (c *goCompiler) function(name string) ([]byte, []string, error) {
	f := c.res.Funcs[name]
	c.fn, c.locals, c.tmp = f, map[*resolve.Binding]string{}, 0
	c.deps[name] = nil
	if err := c.ownLists(f); err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	sig, err := c.signature(name)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(&b, "\n// %s is %s of the rules (%s).\nfunc (b *bound) %s%s {\n", goFunc(name), name, at(f.Def), goFunc(name), sig)
	// Parameters, then the other locals, each a variable of the function.
	for i, p := range f.Def.Params {
		id := typer.ParamIdent(p)
		bind, _ := id.Binding.(*resolve.Binding)
		if typer.Equal(f.Params[i], typer.Game) {
			c.locals[bind] = "h"
			continue
		}
		v := c.localName(bind)
		fmt.Fprintf(&b, "\t%s := a%d\n\t_ = %s\n", v, i, v)
	}
	var locals []*resolve.Binding
	for bind := range f.Locals {
		if _, done := c.locals[bind]; !done {
			locals = append(locals, bind)
		}
	}
	slices.SortFunc(locals, func(x, y *resolve.Binding) int {
		if x.First.NamePos.Line != y.First.NamePos.Line {
			return int(x.First.NamePos.Line - y.First.NamePos.Line)
		}
		return int(x.First.NamePos.Col - y.First.NamePos.Col)
	})
	for _, bind := range locals {
		if bind.First.Name == "_" {
			continue // assigned to nothing
		}
		gt, err := c.goType(f.Locals[bind])
		if err != nil {
			return nil, nil, fmt.Errorf("local %s: %w", bind.First.Name, err)
		}
		v := c.localName(bind)
		fmt.Fprintf(&b, "\tvar %s %s\n\t_ = %s\n", v, gt, v)
	}
	body := &bytes.Buffer{}
	if err := c.block(body, f.Def.Body, 1); err != nil {
		return nil, nil, err
	}
	b.Write(body.Bytes())
	if !typer.Ends(f.Def.Body) {
		if !typer.Equal(f.Result, typer.None) {
			z, err := c.coerce("none", typer.None, f.Result)
			if err != nil {
				return nil, nil, err
			}
			fmt.Fprintf(&b, "\treturn %s\n", z)
		}
	}
	b.WriteString("}\n")
	return b.Bytes(), c.deps[name], nil
}

func (c *goCompiler) localName(bind *resolve.Binding) string {
	if v, ok := c.locals[bind]; ok {
		return v
	}
	v := "l_" + bind.First.Name
	for n := 2; slices.Contains(slices.Collect(maps.Values(c.locals)), v); n++ {
		v = fmt.Sprintf("l_%s_%d", bind.First.Name, n)
	}
	c.locals[bind] = v
	return v
}

func (c *goCompiler) typeOf(e syntax.Expr) typer.Type {
	if t, ok := c.fn.Exprs[e]; ok {
		return t
	}
	return typer.Unknown
}

func indent(n int) string { return strings.Repeat("\t", n) }

func (c *goCompiler) block(b *bytes.Buffer, sts []syntax.Stmt, depth int) error {
	for _, st := range sts {
		if err := c.stmt(b, st, depth); err != nil {
			return err
		}
	}
	return nil
}

func (c *goCompiler) stmt(b *bytes.Buffer, st syntax.Stmt, depth int) error {
	in := indent(depth)
	switch st := st.(type) {
	case *syntax.ExprStmt:
		if _, ok := st.X.(*syntax.Literal); ok {
			return nil // a docstring
		}
		call, ok := st.X.(*syntax.CallExpr)
		if !ok {
			return no("an expression statement that is no call")
		}
		code, err := c.call(call, true)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%s%s\n", in, code)
	case *syntax.AssignStmt:
		return c.assignStmt(b, st, depth)
	case *syntax.IfStmt:
		cond, err := c.truth(st.Cond)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%sif %s {\n", in, cond)
		if err := c.block(b, st.True, depth+1); err != nil {
			return err
		}
		if len(st.False) > 0 {
			fmt.Fprintf(b, "%s} else {\n", in)
			if err := c.block(b, st.False, depth+1); err != nil {
				return err
			}
		}
		fmt.Fprintf(b, "%s}\n", in)
	case *syntax.ForStmt:
		return c.forStmt(b, st.Vars, st.X, depth, c.mayWrite(st), func(b *bytes.Buffer, depth int) error {
			return c.block(b, st.Body, depth)
		})
	case *syntax.ReturnStmt:
		if st.Result == nil {
			if typer.Equal(c.fn.Result, typer.None) {
				fmt.Fprintf(b, "%sreturn\n", in)
				return nil
			}
			z, err := c.coerce("none", typer.None, c.fn.Result)
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "%sreturn %s\n", in, z)
			return nil
		}
		if typer.Equal(c.fn.Result, typer.None) {
			// return None, or the value of a call of nothing.
			if call, ok := st.Result.(*syntax.CallExpr); ok {
				code, err := c.call(call, true)
				if err != nil {
					return err
				}
				fmt.Fprintf(b, "%s%s\n%sreturn\n", in, code, in)
				return nil
			}
			fmt.Fprintf(b, "%sreturn\n", in)
			return nil
		}
		code, err := c.exprAs(st.Result, c.fn.Result)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%sreturn %s\n", in, code)
	case *syntax.BranchStmt:
		switch st.Token {
		case syntax.BREAK:
			fmt.Fprintf(b, "%sbreak\n", in)
		case syntax.CONTINUE:
			fmt.Fprintf(b, "%scontinue\n", in)
		}
	default:
		return no("statement %T", st)
	}
	return nil
}

// forStmt writes a loop over x, its variables vars, and the body.
func (c *goCompiler) forStmt(b *bytes.Buffer, vars, x syntax.Expr, depth int, writes bool, body func(*bytes.Buffer, int) error) error {
	in := indent(depth)
	c.tmp++
	it := fmt.Sprintf("it%d", c.tmp)
	// enumerate(xs): the index and the element.
	if call, ok := x.(*syntax.CallExpr); ok {
		if id, ok := call.Fn.(*syntax.Ident); ok && id.Name == "enumerate" && isUniversal(id) && len(call.Args) == 1 {
			xs, err := c.seqOf(call.Args[0])
			if err != nil {
				return err
			}
			if writes && typer.IsZone(c.typeOf(call.Args[0])) {
				xs = "slices.Clone(" + xs + ")"
			}
			el := c.typeOf(x).(typer.List).Elem.(typer.Tuple)
			gt, err := c.goType(el)
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "%sfor i%d, %s := range %s {\n", in, c.tmp, it, xs)
			if err := c.assignTo(b, vars, fmt.Sprintf("%s{F0: int64(i%d), F1: %s}", gt, c.tmp, it), el, depth+1); err != nil {
				return err
			}
			if err := body(b, depth+1); err != nil {
				return err
			}
			fmt.Fprintf(b, "%s}\n", in)
			return nil
		}
	}
	// range(n) and range(a, b): a counted loop.
	if call, ok := x.(*syntax.CallExpr); ok {
		if id, ok := call.Fn.(*syntax.Ident); ok && id.Name == "range" && isUniversal(id) && len(call.Args) <= 2 {
			lo, hi := "int64(0)", ""
			var err error
			if len(call.Args) == 1 {
				hi, err = c.exprAs(call.Args[0], typer.Int)
			} else {
				if lo, err = c.exprAs(call.Args[0], typer.Int); err == nil {
					hi, err = c.exprAs(call.Args[1], typer.Int)
				}
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "%sfor %s, hi%d := %s, %s; %s < hi%d; %s++ {\n", in, it, c.tmp, lo, hi, it, c.tmp, it)
			if err := c.assignTo(b, vars, it, typer.Int, depth+1); err != nil {
				return err
			}
			if err := body(b, depth+1); err != nil {
				return err
			}
			fmt.Fprintf(b, "%s}\n", in)
			return nil
		}
	}
	xt := c.typeOf(x)
	code, err := c.expr(x)
	if err != nil {
		return err
	}
	var elem typer.Type
	switch t := xt.(type) {
	case typer.List, typer.Seq:
		elem = typer.Elem(t)
		fmt.Fprintf(b, "%sfor _, %s := range %s {\n", in, it, code)
	case typer.Dict:
		elem = t.Key
		fmt.Fprintf(b, "%sfor _, %s := range %s.Keys() {\n", in, it, code)
	case typer.Tuple:
		if _, ok := c.tupleElem(t); !ok {
			return no("a loop over %v", xt)
		}
		elem = typer.Elem(t)
		fmt.Fprintf(b, "%sfor _, %s := range %s.Slice() {\n", in, it, code)
	case typer.ZoneOf:
		// Over a copy, as the language iterates a zone, when the loop
		// may change the zones.
		elem = typer.Card
		if writes {
			fmt.Fprintf(b, "%sfor _, %s := range slices.Clone(h.Cards(%s)) {\n", in, it, code)
		} else {
			fmt.Fprintf(b, "%sfor _, %s := range h.Cards(%s) {\n", in, it, code)
		}
	case typer.Basic:
		switch t {
		case typer.Cards:
			elem = typer.Card
			fmt.Fprintf(b, "%sfor %s := range int16(b.designs) {\n", in, it)
		default:
			return no("a loop over %v", xt)
		}
	default:
		return no("a loop over %v", xt)
	}
	if err := c.assignTo(b, vars, it, elem, depth+1); err != nil {
		return err
	}
	if err := body(b, depth+1); err != nil {
		return err
	}
	fmt.Fprintf(b, "%s}\n", in)
	return nil
}

func isUniversal(id *syntax.Ident) bool {
	bind, _ := id.Binding.(*resolve.Binding)
	return bind != nil && bind.Scope == resolve.Universal
}

// assignTo assigns code, of type t, to the targets lhs.
func (c *goCompiler) assignTo(b *bytes.Buffer, lhs syntax.Expr, code string, t typer.Type, depth int) error {
	in := indent(depth)
	switch lhs := lhs.(type) {
	case *syntax.Ident:
		if lhs.Name == "_" {
			fmt.Fprintf(b, "%s_ = %s\n", in, code)
			return nil
		}
		bind, _ := lhs.Binding.(*resolve.Binding)
		lt := c.fn.Locals[bind]
		if lt == nil {
			return no("assignment to %s", lhs.Name)
		}
		v, err := c.coerce(code, t, lt)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%s%s = %s\n", in, c.localName(bind), v)
		return nil
	case *syntax.ParenExpr:
		return c.assignTo(b, lhs.X, code, t, depth)
	case *syntax.TupleExpr, *syntax.ListExpr:
		var targets []syntax.Expr
		if te, ok := lhs.(*syntax.TupleExpr); ok {
			targets = te.List
		} else {
			targets = lhs.(*syntax.ListExpr).List
		}
		if l, ok := t.(typer.List); ok {
			// a, b = xs: as many as xs has, or an error.
			c.tmp++
			tmp := fmt.Sprintf("tu%d", c.tmp)
			fmt.Fprintf(b, "%s%s := rules.Unpack(%q, %s, %d)\n", in, tmp, c.pos, code, len(targets))
			for i, x := range targets {
				if err := c.assignTo(b, x, fmt.Sprintf("%s[%d]", tmp, i), l.Elem, depth); err != nil {
					return err
				}
			}
			return nil
		}
		tu, ok := t.(typer.Tuple)
		if !ok || len(tu.Elems) != len(targets) {
			return no("unpacking %v", t)
		}
		c.tmp++
		tmp := fmt.Sprintf("tu%d", c.tmp)
		fmt.Fprintf(b, "%s%s := %s\n", in, tmp, code)
		for i, x := range targets {
			if err := c.assignTo(b, x, fmt.Sprintf("%s.F%d", tmp, i), tu.Elems[i], depth); err != nil {
				return err
			}
		}
		return nil
	case *syntax.DotExpr:
		return c.setAttr(b, lhs, code, t, depth)
	case *syntax.IndexExpr:
		return c.setIndex(b, lhs, code, t, depth)
	}
	return no("assignment to %T", lhs)
}

func (c *goCompiler) assignStmt(b *bytes.Buffer, st *syntax.AssignStmt, depth int) error {
	if st.Op == syntax.EQ {
		// a, b = x, y: each from its own expression, all read first.
		if te, ok := st.LHS.(*syntax.TupleExpr); ok {
			if re, ok := st.RHS.(*syntax.TupleExpr); ok && len(te.List) == len(re.List) {
				var tmps []string
				var types []typer.Type
				for i, x := range re.List {
					code, err := c.expr(x)
					if err != nil {
						return err
					}
					t := c.typeOf(x)
					// To a local: converted to its type at once (None has
					// no Go value of its own).
					if id, ok := te.List[i].(*syntax.Ident); ok {
						bind, _ := id.Binding.(*resolve.Binding)
						if lt := c.fn.Locals[bind]; lt != nil {
							if code, err = c.coerce(code, t, lt); err != nil {
								return err
							}
							t = lt
						}
					}
					c.tmp++
					tmp := fmt.Sprintf("v%d", c.tmp)
					fmt.Fprintf(b, "%s%s := %s\n", indent(depth), tmp, code)
					tmps = append(tmps, tmp)
					types = append(types, t)
				}
				for i, x := range te.List {
					if err := c.assignTo(b, x, tmps[i], types[i], depth); err != nil {
						return err
					}
				}
				return nil
			}
		}
		code, err := c.expr(st.RHS)
		if err != nil {
			return err
		}
		return c.assignTo(b, st.LHS, code, c.typeOf(st.RHS), depth)
	}
	// x op= y is x = x op y, the target read once.
	op := st.Op - syntax.PLUS_EQ + syntax.PLUS
	cur, err := c.expr(st.LHS)
	if err != nil {
		return err
	}
	code, t, err := c.binaryCode(op, cur, c.typeOf(st.LHS), st.RHS, st)
	if err != nil {
		return err
	}
	return c.assignTo(b, st.LHS, code, t, depth)
}

func (c *goCompiler) setAttr(b *bytes.Buffer, lhs *syntax.DotExpr, code string, t typer.Type, depth int) error {
	in := indent(depth)
	if !typer.Equal(c.typeOf(lhs.X), typer.Game) {
		return no("setting a field of %v", c.typeOf(lhs.X))
	}
	name := lhs.Name.Name
	switch name {
	case "turn":
		v, err := c.coerce(code, t, typer.Int)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%sh.SetTurn(%q, %s)\n", in, at(lhs), v)
		return nil
	case "phase":
		v, err := c.coerce(code, t, typer.Str)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%sh.SetPhase(%q, %s)\n", in, at(lhs), v)
		return nil
	}
	a, ok := c.attr(name)
	if !ok || a.zone || a.player {
		return no("setting g.%s", name)
	}
	v, err := c.varValue(code, t, varDecl{id: name, isBool: a.isBool})
	if err != nil {
		return err
	}
	c.uses.vars[name] = true
	fmt.Fprintf(b, "%sh.SetVar(%q, b.v_%s, 0, %s)\n", in, at(lhs), name, v)
	return nil
}

// varValue is the stored value of a variable set to code.
func (c *goCompiler) varValue(code string, t typer.Type, v varDecl) (string, error) {
	if v.isBool {
		if !typer.Equal(t, typer.Bool) {
			return "", no("%s set to %v", v.id, t)
		}
		return "rules.B2I(" + code + ")", nil
	}
	return c.coerce(code, t, typer.Int)
}

func (c *goCompiler) setIndex(b *bytes.Buffer, lhs *syntax.IndexExpr, code string, t typer.Type, depth int) error {
	in := indent(depth)
	xt := c.typeOf(lhs.X)
	x, err := c.expr(lhs.X)
	if err != nil {
		return err
	}
	switch xt := xt.(type) {
	case typer.BySeat:
		if typer.IsZone(xt.Of) {
			return no("setting a zone")
		}
		p, err := c.exprAs(lhs.Y, typer.Int)
		if err != nil {
			return err
		}
		v, err := c.varValue(code, t, varDecl{isBool: typer.Equal(xt.Of, typer.Bool)})
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%sh.SetVar(%q, %s, %s, %s)\n", in, at(lhs), x, p, v)
		return nil
	case typer.Dict:
		k, err := c.exprAs(lhs.Y, xt.Key)
		if err != nil {
			return err
		}
		v, err := c.coerce(code, t, xt.Val)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%s%s.Set(%s, %s)\n", in, x, k, v)
		return nil
	case typer.List:
		i, err := c.exprAs(lhs.Y, typer.Int)
		if err != nil {
			return err
		}
		v, err := c.coerce(code, t, xt.Elem)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%srules.SetAt(%q, %s, %s, %s)\n", in, at(lhs), x, i, v)
		return nil
	}
	return no("setting an element of %v", xt)
}

// exprAs is an expression converted to type want.
func (c *goCompiler) exprAs(e syntax.Expr, want typer.Type) (string, error) {
	// A tuple or list written out: each element as wanted (None where a
	// value that may be None is).
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	if te, ok := e.(*syntax.TupleExpr); ok {
		if tu, ok := want.(typer.Tuple); ok && len(tu.Elems) == len(te.List) {
			gt, err := c.goType(tu)
			if err != nil {
				return "", err
			}
			parts := make([]string, len(te.List))
			for i, x := range te.List {
				v, err := c.exprAs(x, tu.Elems[i])
				if err != nil {
					return "", err
				}
				parts[i] = fmt.Sprintf("F%d: %s", i, v)
			}
			return gt + "{" + strings.Join(parts, ", ") + "}", nil
		}
	}
	if le, ok := e.(*syntax.ListExpr); ok && len(le.List) > 0 {
		if l, ok := want.(typer.List); ok {
			gt, err := c.goType(l)
			if err != nil {
				return "", err
			}
			parts := make([]string, len(le.List))
			for i, x := range le.List {
				if parts[i], err = c.exprAs(x, l.Elem); err != nil {
					return "", err
				}
			}
			return gt + "{" + strings.Join(parts, ", ") + "}", nil
		}
	}
	code, err := c.expr(e)
	if err != nil {
		return "", err
	}
	return c.coerce(code, c.typeOf(e), want)
}

// coerce converts code of type from to type to.
func (c *goCompiler) coerce(code string, from, to typer.Type) (string, error) {
	if typer.Equal(from, to) {
		return code, nil
	}
	gt, err := c.goType(to)
	if err != nil {
		return "", err
	}
	// Of one Go type, as two cards of other sets of types: as it is.
	if fg, err := c.goType(from); err == nil && fg == gt {
		return code, nil
	}
	// A value that may be None where a value is wanted: None is an
	// error, as in the interpreter.
	if o, ok := from.(typer.Opt); ok && !isOpt(to) {
		return c.coerce("rules.Must("+strconv.Quote(c.pos)+", "+code+")", o.Of, to)
	}
	switch to := to.(type) {
	case typer.Opt:
		if typer.Equal(from, typer.None) {
			return gt + "{}", nil
		}
		if o, ok := from.(typer.Opt); ok {
			// A T? where a U? is wanted: T's value converted.
			v, err := c.coerce("o.V", o.Of, to.Of)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("func(o rules.Opt[%s]) %s { if !o.OK { return %s{} }; return rules.Some(%s) }(%s)", mustGo(c.goType(o.Of)), gt, gt, v, code), nil
		}
		v, err := c.coerce(code, from, to.Of)
		if err != nil {
			return "", err
		}
		return "rules.Some(" + v + ")", nil
	case typer.Basic:
		if to == typer.Float && typer.Equal(from, typer.Int) {
			return "float64(" + code + ")", nil
		}
	case typer.List, typer.Seq:
		if o, ok := typer.Elem(from).(typer.Opt); ok && isSeq(from) && typer.Equal(o.Of, typer.Elem(to)) || ok && isSeq(from) && typer.IsCard(o.Of) && typer.IsCard(typer.Elem(to)) {
			// Of values that may be None, where values are wanted.
			return "rules.MustAll(" + strconv.Quote(c.pos) + ", " + code + ")", nil
		}
		if o, ok := typer.Elem(to).(typer.Opt); ok && isSeq(from) && !isOpt(typer.Elem(from)) {
			if eg, err := c.goType(typer.Elem(from)); err == nil && eg == mustGo(c.goType(o.Of)) {
				// Of values, where values that may be None are wanted.
				return "rules.Somes(" + code + ")", nil
			}
		}
		switch from := from.(type) {
		case typer.Tuple:
			// A tuple read as a list: its elements, each converted.
			parts := make([]string, len(from.Elems))
			for i, e := range from.Elems {
				v, err := c.coerce(fmt.Sprintf("t.F%d", i), e, typer.Elem(to))
				if err != nil {
					return "", err
				}
				parts[i] = v
			}
			tt, err := c.goType(from)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("func(t %s) %s { return %s{%s} }(%s)", tt, gt, gt, strings.Join(parts, ", "), code), nil
		case typer.List:
			if typer.Equal(from.Elem, typer.Unknown) {
				return gt + "(nil)", nil
			}
			if typer.Equal(from.Elem, typer.Elem(to)) {
				return code, nil
			}
		case typer.Seq:
			if typer.Equal(from.Elem, typer.Elem(to)) {
				return code, nil
			}
		case typer.ZoneOf:
			if typer.IsCard(typer.Elem(to)) {
				return "slices.Clone(h.Cards(" + code + "))", nil
			}
			if o, ok := typer.Elem(to).(typer.Opt); ok && typer.IsCard(o.Of) {
				return "rules.Somes(h.Cards(" + code + "))", nil
			}
		}
	case typer.Dict:
		if d, ok := from.(typer.Dict); ok && typer.Equal(d.Key, typer.Unknown) {
			return c.newDict(gt), nil
		}
	case typer.Func, typer.Funcs:
		if _, ok := from.(typer.Func); ok {
			return code, nil
		}
		if _, ok := from.(typer.Funcs); ok {
			return code, nil
		}
	}
	return "", no("a %v where a %v is wanted", from, to)
}
