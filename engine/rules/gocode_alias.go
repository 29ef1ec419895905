package rules

import (
	"go.starlark.net/resolve"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// A list of the rules is a Go slice once compiled. Where two names hold
// one list, Starlark grows it for both, and Go grows only the slice it
// appends to: so a function compiles only if each local list it grows in
// place (append, extend, pop, +=) is its own. Its own: every value it is
// given is a new list, and it is handed on only where it cannot be kept
// (read by a builtin, iterated, compared, returned).

// growing are the list methods that change a list's length in place.
var growing = map[string]bool{"append": true, "extend": true, "pop": true, "insert": true, "remove": true, "clear": true}

// readsOnly reports whether a builtin only reads the lists it is given,
// handing none back.
func readsOnly(name string) bool {
	switch name {
	case "len", "sorted", "list", "tuple", "sum", "min", "max", "enumerate", "reversed", "any", "all", "str", "bool", "zip", "repr", "type", "hash":
		return true
	}
	return false
}

// ownLists fails when the function grows in place a list that may be
// another name's too.
func (c *goCompiler) ownLists(f *typer.FuncInfo) error {
	isList := func(b *resolve.Binding) bool {
		_, ok := f.Locals[b].(typer.List)
		return ok
	}
	grown := map[*resolve.Binding]syntax.Node{}
	syntax.Walk(f.Def, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			if dot, ok := n.Fn.(*syntax.DotExpr); ok && growing[dot.Name.Name] {
				if id, ok := dot.X.(*syntax.Ident); ok {
					if b, ok := id.Binding.(*resolve.Binding); ok && isList(b) {
						grown[b] = n
					}
				}
			}
		case *syntax.AssignStmt:
			if id, ok := n.LHS.(*syntax.Ident); ok && n.Op == syntax.PLUS_EQ {
				if b, ok := id.Binding.(*resolve.Binding); ok && isList(b) {
					grown[b] = n
				}
			}
		}
		return true
	})
	if len(grown) == 0 {
		return nil
	}
	for _, p := range f.Def.Params {
		if id := typer.ParamIdent(p); id != nil {
			if b, ok := id.Binding.(*resolve.Binding); ok && grown[b] != nil {
				return no("%s grows its parameter %s in place, which the caller's list would see only interpreted", at(grown[b]), id.Name)
			}
		}
	}
	w := aliasWalk{c: c, grown: grown}
	for _, st := range f.Def.Body {
		w.stmt(st)
	}
	return w.err
}

// aliasWalk finds the first place where a list grown in place is given a
// value that is not new, or is handed on where it may be kept.
type aliasWalk struct {
	c     *goCompiler
	grown map[*resolve.Binding]syntax.Node
	err   error
}

func (w *aliasWalk) binding(e syntax.Expr) *resolve.Binding {
	id, ok := e.(*syntax.Ident)
	if !ok {
		return nil
	}
	b, _ := id.Binding.(*resolve.Binding)
	if w.grown[b] == nil {
		return nil
	}
	return b
}

func (w *aliasWalk) fail(n syntax.Node, format string, args ...any) {
	if w.err == nil {
		args = append([]any{at(n)}, args...)
		w.err = no("%s: "+format+", and it is grown in place: two names may hold one list, which compiled code would not share", args...)
	}
}

func (w *aliasWalk) stmts(sts []syntax.Stmt) {
	for _, st := range sts {
		w.stmt(st)
	}
}

func (w *aliasWalk) stmt(st syntax.Stmt) {
	switch st := st.(type) {
	case *syntax.AssignStmt:
		w.assign(st)
	case *syntax.ExprStmt:
		w.expr(st.X, false)
	case *syntax.IfStmt:
		w.expr(st.Cond, true)
		w.stmts(st.True)
		w.stmts(st.False)
	case *syntax.ForStmt:
		w.loopVars(st.Vars)
		w.target(st.Vars)
		w.expr(st.X, true)
		w.stmts(st.Body)
	case *syntax.WhileStmt:
		w.expr(st.Cond, true)
		w.stmts(st.Body)
	case *syntax.ReturnStmt:
		// The function ends: what it returns is the caller's, which
		// does not grow a list it did not make (see fresh).
	case *syntax.DefStmt, *syntax.LoadStmt, *syntax.BranchStmt:
	}
}

// loopVars fails when a loop's variable is a grown list: each element
// of another list in turn.
func (w *aliasWalk) loopVars(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.TupleExpr:
		for _, x := range e.List {
			w.loopVars(x)
		}
	case *syntax.ParenExpr:
		w.loopVars(e.X)
	default:
		if b := w.binding(e); b != nil {
			w.fail(e, "%s is each element of a list in turn", b.First.Name)
		}
	}
}

// assign checks what a grown list is given, and reads the right side.
func (w *aliasWalk) assign(st *syntax.AssignStmt) {
	w.target(st.LHS)
	if b := w.binding(st.LHS); b != nil && st.Op == syntax.EQ && !fresh(st.RHS) {
		w.fail(st, "%s is given a list that may be another's", b.First.Name)
	}
	if lt, ok := st.LHS.(*syntax.TupleExpr); ok {
		rt, isTuple := st.RHS.(*syntax.TupleExpr)
		for i, x := range lt.List {
			if b := w.binding(x); b != nil && (!isTuple || len(rt.List) != len(lt.List) || !fresh(rt.List[i])) {
				w.fail(st, "%s is given a list that may be another's", b.First.Name)
			}
		}
		if isTuple && len(rt.List) == len(lt.List) {
			for _, x := range rt.List {
				w.expr(x, false)
			}
			return
		}
	}
	if st.Op == syntax.PLUS_EQ && w.binding(st.LHS) != nil {
		w.expr(st.RHS, true) // += copies the right side's elements
		return
	}
	w.expr(st.RHS, false)
}

// target reads the expressions inside an assignment's target: indexes,
// and the lists they index.
func (w *aliasWalk) target(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.TupleExpr:
		for _, x := range e.List {
			w.target(x)
		}
	case *syntax.ListExpr:
		for _, x := range e.List {
			w.target(x)
		}
	case *syntax.ParenExpr:
		w.target(e.X)
	case *syntax.IndexExpr:
		w.expr(e.X, true)
		w.expr(e.Y, false)
	case *syntax.DotExpr:
		w.expr(e.X, true)
	}
}

// fresh reports whether e is a new list, shared with no name.
func fresh(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.ListExpr:
		return true
	case *syntax.Comprehension:
		return !e.Curly
	case *syntax.ParenExpr:
		return fresh(e.X)
	case *syntax.BinaryExpr:
		return e.Op == syntax.PLUS || e.Op == syntax.STAR
	case *syntax.CallExpr:
		if id, ok := e.Fn.(*syntax.Ident); ok && isUniversal(id) {
			return id.Name == "list" || id.Name == "sorted"
		}
	}
	return false
}

// expr reads e. A grown list may stand in e where it cannot be kept
// (safe): read, compared, iterated, or a receiver or an index's base.
func (w *aliasWalk) expr(e syntax.Expr, safe bool) {
	if e == nil {
		return
	}
	switch e := e.(type) {
	case *syntax.Ident:
		if b := w.binding(e); b != nil && !safe {
			w.fail(e, "%s is handed on where it may be kept", b.First.Name)
		}
	case *syntax.ParenExpr:
		w.expr(e.X, safe)
	case *syntax.DotExpr:
		w.expr(e.X, true)
	case *syntax.IndexExpr:
		w.expr(e.X, true)
		w.expr(e.Y, false)
	case *syntax.SliceExpr:
		w.expr(e.X, true)
		w.expr(e.Lo, false)
		w.expr(e.Hi, false)
		w.expr(e.Step, false)
	case *syntax.UnaryExpr:
		w.expr(e.X, e.Op == syntax.NOT)
	case *syntax.BinaryExpr:
		// and, or give back an operand; the others a new value.
		keeps := e.Op == syntax.AND || e.Op == syntax.OR
		w.expr(e.X, !keeps || safe)
		w.expr(e.Y, !keeps || safe)
	case *syntax.CondExpr:
		w.expr(e.Cond, true)
		w.expr(e.True, safe)
		w.expr(e.False, safe)
	case *syntax.CallExpr:
		w.expr(e.Fn, true)
		argSafe := w.readsArgs(e.Fn)
		if id, ok := e.Fn.(*syntax.Ident); ok && isUniversal(id) && (id.Name == "min" || id.Name == "max") && len(e.Args) > 1 {
			argSafe = false // min(a, b) is a or b
		}
		for _, a := range e.Args {
			if kw, ok := a.(*syntax.BinaryExpr); ok && kw.Op == syntax.EQ {
				w.expr(kw.Y, argSafe)
				continue
			}
			w.expr(a, argSafe)
		}
	case *syntax.ListExpr:
		for _, x := range e.List {
			w.expr(x, false)
		}
	case *syntax.TupleExpr:
		for _, x := range e.List {
			w.expr(x, false)
		}
	case *syntax.DictExpr:
		for _, x := range e.List {
			entry := x.(*syntax.DictEntry)
			w.expr(entry.Key, false)
			w.expr(entry.Value, false)
		}
	case *syntax.Comprehension:
		w.expr(e.Body, false)
		for _, cl := range e.Clauses {
			switch cl := cl.(type) {
			case *syntax.ForClause:
				w.expr(cl.X, true)
			case *syntax.IfClause:
				w.expr(cl.Cond, true)
			}
		}
	case *syntax.LambdaExpr:
		w.expr(e.Body, false)
	}
}

// readsArgs reports whether a call of fn only reads its arguments: a
// builtin that does, a method (of g, a zone, a list or a dict, which keep
// no list of the rules), or a rules function that can neither return a
// list nor put one in a container it is given.
func (w *aliasWalk) readsArgs(fn syntax.Expr) bool {
	switch fn := fn.(type) {
	case *syntax.Ident:
		if isUniversal(fn) {
			return readsOnly(fn.Name)
		}
		f := w.c.res.Funcs[fn.Name]
		if f == nil || holdsList(f.Result) {
			return false
		}
		for _, p := range f.Params {
			if nestsList(p) {
				return false
			}
		}
		return true
	case *syntax.DotExpr:
		return !nestsList(w.c.typeOf(fn.X))
	}
	return false
}

// holdsList reports whether a value of type t may be or hold a list.
func holdsList(t typer.Type) bool {
	switch t := t.(type) {
	case typer.List:
		return true
	case typer.Tuple:
		for _, e := range t.Elems {
			if holdsList(e) {
				return true
			}
		}
	case typer.Dict:
		return holdsList(t.Key) || holdsList(t.Val)
	case typer.Opt:
		return holdsList(t.Of)
	case typer.BySeat:
		return holdsList(t.Of)
	}
	return false
}

// nestsList reports whether a value of type t can take a list in: a list
// or dict that may hold lists.
func nestsList(t typer.Type) bool {
	switch t := t.(type) {
	case typer.List:
		return holdsList(t.Elem)
	case typer.Dict:
		return holdsList(t.Key) || holdsList(t.Val)
	case typer.Tuple:
		for _, e := range t.Elems {
			if nestsList(e) {
				return true
			}
		}
	case typer.Opt:
		return nestsList(t.Of)
	}
	return false
}
