package typer

import (
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/syntax"
)

// Env is what the rules' functions are given, as the game declares it.
type Env struct {
	// Attrs are g's attributes: each zone (ZoneOf{id}, or BySeat of it
	// for a player zone), each variable (Int or Bool, or BySeat of it),
	// phase, players and turn, and g's methods (Builtin{Name, Game}).
	Attrs map[string]Type
	// Params are params.<id>.
	Params map[string]Type
	// Fields are the cards' fields by card type, with the type their
	// values have on every card of the type that has them; CardTypes
	// the type of each card, by id.
	Fields    map[string]map[string]Type
	CardTypes map[string]string
	// Start is, by zone, the card types whose cards start in it.
	Start map[string][]string
	// Globals are the values the rules' top level defines, other than
	// functions, by the type their value has.
	Globals map[string]Type
	// Components is components, Players players.
	Components Type
	// Entries are the functions the engine calls, with their parameters'
	// types: setup(g), legal_<action>(g, p), ...
	Entries map[string][]Type
}

// Func is what the typer found of one function of the rules.
type FuncInfo struct {
	Name   string
	Def    *syntax.DefStmt
	Params []Type
	Result Type
	// Locals are the types of the function's locals and parameters, by
	// their binding.
	Locals map[*resolve.Binding]Type
	// Exprs is the type of each expression of the body, as last typed.
	Exprs map[syntax.Expr]Type
	// Called reports whether anything calls it: an entry, a call, or a
	// value passed as then=.
	Called bool
}

// DynExprs lists the expressions of the function the typer could not
// type, outermost first, in the order of their place.
func (f *FuncInfo) DynExprs() []syntax.Expr {
	var out []syntax.Expr
	for e, t := range f.Exprs {
		if IsDyn(t) {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b syntax.Expr) int {
		pa, _ := a.Span()
		pb, _ := b.Span()
		if pa.Line != pb.Line {
			return int(pa.Line - pb.Line)
		}
		return int(pa.Col - pb.Col)
	})
	return out
}

// Result is the typing of a game's rules.
type Result struct {
	Funcs map[string]*FuncInfo
	// Zones are, by zone, the card types that may come into it, sorted.
	Zones map[string][]string
}

// Infer types the functions defined in files (parsed and resolved, as
// starlark.FileProgram leaves them) from the entries of env: each
// function's parameters are what its callers pass, joined, and the types
// flow until nothing changes.
func Infer(files []*syntax.File, env *Env) *Result {
	in := &inferer{env: env, res: &Result{Funcs: map[string]*FuncInfo{}}, in: map[string]map[string]bool{}}
	for z, types := range env.Start {
		in.in[z] = map[string]bool{}
		for _, t := range types {
			in.in[z][t] = true
		}
	}
	for _, f := range files {
		for _, st := range f.Stmts {
			if def, ok := st.(*syntax.DefStmt); ok {
				in.res.Funcs[def.Name.Name] = &FuncInfo{
					Name: def.Name.Name, Def: def, Result: Unknown,
					Params: make([]Type, len(def.Params)),
					Locals: map[*resolve.Binding]Type{},
				}
			}
		}
	}
	for range 100 {
		in.changed = false
		for name, params := range env.Entries {
			// An action is played on what its legal_ function gives.
			if kind, ok := strings.CutPrefix(name, "apply_"); ok && len(params) == 3 {
				if l := in.res.Funcs["legal_"+kind]; l != nil {
					el := in.elem(l.Result)
					if Equal(el, Unknown) {
						continue // not known yet
					}
					if !IsDyn(el) {
						// None is no argument: the engine refuses it.
						params = []Type{params[0], params[1], optOf(el)}
					}
				}
			}
			in.call(name, params)
		}
		for _, name := range in.order() {
			in.function(in.res.Funcs[name])
		}
		if !in.changed {
			break
		}
	}
	in.res.Zones = map[string][]string{}
	for z, types := range in.in {
		for t := range types {
			in.res.Zones[z] = append(in.res.Zones[z], t)
		}
		slices.Sort(in.res.Zones[z])
	}
	return in.res
}

type inferer struct {
	env     *Env
	res     *Result
	changed bool
	cur     *FuncInfo
	// in is, by zone, the card types whose cards may come into it: where
	// they start, and wherever g.move, g.deal, ... take them.
	in map[string]map[string]bool
	// narrow are the types of locals within a test of their card type
	// (if c.type == "creature": ...), innermost last.
	narrow []map[*resolve.Binding]Type
	// notNone are the expressions (x, x.f) known not to be None where
	// they are read: within if x != None: and after x != None and.
	notNone []syntax.Expr
}

// assigned calls f with each name the statements assign to: targets of
// =, op=, for loops and comprehensions.
func assigned(body []syntax.Stmt, f func(id *syntax.Ident)) {
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			var lhs syntax.Expr
			switch n := n.(type) {
			case *syntax.AssignStmt:
				lhs = n.LHS
			case *syntax.ForStmt:
				lhs = n.Vars
			case *syntax.ForClause:
				lhs = n.Vars
			}
			if lhs != nil {
				syntax.Walk(lhs, func(n syntax.Node) bool {
					if id, ok := n.(*syntax.Ident); ok {
						f(id)
					}
					return true
				})
			}
			return true
		})
	}
}

// unassigned drops from narrow the locals the statements assign: a test
// of a card's type tells nothing of another card put in its variable.
func unassigned(narrow map[*resolve.Binding]Type, body []syntax.Stmt) map[*resolve.Binding]Type {
	assigned(body, func(id *syntax.Ident) {
		if b, ok := id.Binding.(*resolve.Binding); ok {
			delete(narrow, b)
		}
	})
	return narrow
}

// narrowing is what a condition tells of the card types of locals:
// c.type == "t", c.type in ("t", "u"), and conjunctions of those.
func (in *inferer) narrowing(cond syntax.Expr) map[*resolve.Binding]Type {
	out := map[*resolve.Binding]Type{}
	var walk func(e syntax.Expr)
	walk = func(e syntax.Expr) {
		switch e := e.(type) {
		case *syntax.ParenExpr:
			walk(e.X)
		case *syntax.BinaryExpr:
			switch e.Op {
			case syntax.AND:
				walk(e.X)
				walk(e.Y)
				return
			case syntax.EQL, syntax.IN:
			default:
				return
			}
			dot, ok := e.X.(*syntax.DotExpr)
			if !ok || dot.Name.Name != "type" {
				return
			}
			id, ok := dot.X.(*syntax.Ident)
			if !ok {
				return
			}
			b, _ := id.Binding.(*resolve.Binding)
			if b == nil || b.Scope == resolve.Global {
				return
			}
			var types []string
			var lits []syntax.Expr
			y := e.Y
			for {
				p, ok := y.(*syntax.ParenExpr)
				if !ok {
					break
				}
				y = p.X
			}
			switch y := y.(type) {
			case *syntax.Literal:
				lits = []syntax.Expr{y}
			case *syntax.TupleExpr:
				lits = y.List
			case *syntax.ListExpr:
				lits = y.List
			}
			for _, l := range lits {
				lit, ok := l.(*syntax.Literal)
				if !ok || lit.Token != syntax.STRING || (e.Op == syntax.EQL && len(lits) > 1) {
					return
				}
				types = append(types, lit.Value.(string))
			}
			if len(types) == 0 {
				return
			}
			slices.Sort(types)
			out[b] = CardOf{strings.Join(slices.Compact(types), ",")}
		}
	}
	walk(cond)
	return out
}

// cardsIn is the type of a card of zone z.
func (in *inferer) cardsIn(z ZoneOf) Type {
	if z.IDs == "" {
		return Card
	}
	var types []string
	for _, id := range Set(z.IDs) {
		for t := range in.in[id] {
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
	}
	if len(types) == 0 {
		return Unknown // a zone no card comes into
	}
	slices.Sort(types)
	return CardOf{strings.Join(types, ",")}
}

// elem is what iterating t gives, a zone's cards of the types it holds.
func (in *inferer) elem(t Type) Type {
	if z, ok := t.(ZoneOf); ok {
		return in.cardsIn(z)
	}
	return Elem(t)
}

// flow records that cards of type c (CardOf) may come into zone to.
func (in *inferer) flow(c Type, to Type) {
	card, ok := c.(CardOf)
	z, okZ := to.(ZoneOf)
	if !ok || !okZ {
		return
	}
	zones := Set(z.IDs)
	if zones == nil {
		for id := range in.in {
			zones = append(zones, id)
		}
	}
	types := Set(card.Types)
	if types == nil {
		for _, t := range in.env.CardTypes {
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
	}
	for _, id := range zones {
		if in.in[id] == nil {
			in.in[id] = map[string]bool{}
		}
		for _, t := range types {
			if !in.in[id][t] {
				in.in[id][t], in.changed = true, true
			}
		}
	}
}

func (in *inferer) order() []string {
	var names []string
	for n, f := range in.res.Funcs {
		if f.Called {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// call records a call of a rules function with arguments of types args.
func (in *inferer) call(name string, args []Type) Type {
	f := in.res.Funcs[name]
	if f == nil {
		return Dyn
	}
	if !f.Called {
		f.Called, in.changed = true, true
	}
	for i := range f.Params {
		t := Type(Dyn)
		if i < len(args) {
			t = args[i]
		} else if f.Def.Params[i] != nil {
			if b, ok := f.Def.Params[i].(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
				t = Unknown // a default, typed in the body
			}
		}
		in.widen(&f.Params[i], t)
	}
	return f.Result
}

// join is Join, a zone joined with a list read as the list of its cards.
func (in *inferer) join(a, b Type) Type {
	_, aSeq := a.(List)
	_, aSeq2 := a.(Seq)
	_, bSeq := b.(List)
	_, bSeq2 := b.(Seq)
	if z, ok := a.(ZoneOf); ok && (bSeq || bSeq2) {
		a = Seq{in.cardsIn(z)}
	}
	if z, ok := b.(ZoneOf); ok && (aSeq || aSeq2) {
		b = Seq{in.cardsIn(z)}
	}
	return Join(a, b)
}

func (in *inferer) widen(at *Type, t Type) {
	j := in.join(*at, t)
	if *at == nil || !Equal(j, *at) {
		*at, in.changed = j, true
	}
}

func (in *inferer) function(f *FuncInfo) {
	in.cur = f
	f.Exprs = map[syntax.Expr]Type{}
	for i, p := range f.Def.Params {
		id := ParamIdent(p)
		if id == nil {
			continue
		}
		t := f.Params[i]
		if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			t = Join(t, in.expr(b.Y))
		}
		in.bind(id, t)
	}
	in.stmts(f.Def.Body)
	if !Ends(f.Def.Body) {
		in.widen(&f.Result, None) // it may run off its end
	}
}

// Ends reports whether a block never runs off its end: its last
// statement returns, or fails.
func Ends(body []syntax.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	switch st := body[len(body)-1].(type) {
	case *syntax.ReturnStmt:
		return true
	case *syntax.ExprStmt:
		if c, ok := st.X.(*syntax.CallExpr); ok {
			if id, ok := c.Fn.(*syntax.Ident); ok && id.Name == "fail" {
				return true
			}
		}
	case *syntax.IfStmt:
		return Ends(st.True) && Ends(st.False)
	}
	return false
}

// ParamIdent is the name a parameter binds (x, or x of x=default).
func ParamIdent(p syntax.Expr) *syntax.Ident {
	switch p := p.(type) {
	case *syntax.Ident:
		return p
	case *syntax.BinaryExpr:
		id, _ := p.X.(*syntax.Ident)
		return id
	}
	return nil
}

func (in *inferer) bind(id *syntax.Ident, t Type) {
	b, _ := id.Binding.(*resolve.Binding)
	if b == nil {
		return
	}
	cur := in.cur.Locals[b]
	j := Join(cur, t)
	if cur == nil || !Equal(j, cur) {
		in.cur.Locals[b], in.changed = j, true
	}
}

func (in *inferer) stmts(sts []syntax.Stmt) {
	depth := len(in.narrow)
	defer func() { in.narrow = in.narrow[:depth] }()
	for i, st := range sts {
		in.stmt(st)
		// if c.type != "x": fail(...): c is an x from there on, unless
		// the block assigns it again.
		if ifs, ok := st.(*syntax.IfStmt); ok && len(ifs.False) == 0 && Ends(ifs.True) && failsOnly(ifs.True) {
			if pos := in.negated(ifs.Cond); len(pos) > 0 {
				in.narrow = append(in.narrow, unassigned(pos, sts[i+1:]))
			}
		}
	}
}

// failsOnly reports whether a block is a call of fail alone.
func failsOnly(body []syntax.Stmt) bool {
	if len(body) != 1 {
		return false
	}
	e, ok := body[0].(*syntax.ExprStmt)
	if !ok {
		return false
	}
	c, ok := e.X.(*syntax.CallExpr)
	if !ok {
		return false
	}
	id, ok := c.Fn.(*syntax.Ident)
	return ok && id.Name == "fail"
}

// negated is what the failure of a test of a card's type tells:
// c.type != "t" or c.type not in ("t", "u") failing narrows c to t (or u).
func (in *inferer) negated(cond syntax.Expr) map[*resolve.Binding]Type {
	b, ok := cond.(*syntax.BinaryExpr)
	if !ok {
		return nil
	}
	var pos syntax.Token
	switch b.Op {
	case syntax.NEQ:
		pos = syntax.EQL
	case syntax.NOT_IN:
		pos = syntax.IN
	default:
		return nil
	}
	return in.narrowing(&syntax.BinaryExpr{X: b.X, Op: pos, Y: b.Y, OpPos: b.OpPos})
}

func (in *inferer) stmt(st syntax.Stmt) {
	switch st := st.(type) {
	case *syntax.ExprStmt:
		in.expr(st.X)
	case *syntax.AssignStmt:
		t := in.expr(st.RHS)
		if st.Op != syntax.EQ {
			t = in.binary(st.Op-syntax.PLUS_EQ+syntax.PLUS, in.expr(st.LHS), t)
		}
		in.assign(st.LHS, t)
	case *syntax.IfStmt:
		in.cond(st.Cond)
		in.narrow = append(in.narrow, unassigned(in.narrowing(st.Cond), st.True))
		depth := len(in.notNone)
		in.notNone = append(in.notNone, keptIn(notNone(st.Cond), st.True)...)
		in.stmts(st.True)
		in.notNone = in.notNone[:depth]
		in.narrow = in.narrow[:len(in.narrow)-1]
		in.stmts(st.False)
	case *syntax.ForStmt:
		in.assign(st.Vars, in.elem(in.expr(st.X)))
		in.stmts(st.Body)
	case *syntax.WhileStmt:
		in.cond(st.Cond)
		in.stmts(st.Body)
	case *syntax.ReturnStmt:
		t := Type(None)
		if st.Result != nil {
			t = in.expr(st.Result)
		}
		in.widen(&in.cur.Result, t)
	case *syntax.BranchStmt:
	default:
		in.mark(nil, Dyn)
	}
}

// assign binds the targets of an assignment to a value of type t.
func (in *inferer) assign(lhs syntax.Expr, t Type) {
	switch lhs := lhs.(type) {
	case *syntax.Ident:
		in.bind(lhs, t)
	case *syntax.ParenExpr:
		in.assign(lhs.X, t)
	case *syntax.TupleExpr:
		in.unpack(lhs.List, t)
	case *syntax.ListExpr:
		in.unpack(lhs.List, t)
	case *syntax.IndexExpr:
		// d[k] = v of a local dict: what it holds.
		if id, ok := lhs.X.(*syntax.Ident); ok {
			if _, isDict := in.ident(id).(Dict); isDict {
				in.bind(id, Dict{in.expr(lhs.Y), t})
			}
		}
		in.expr(lhs)
	default:
		// g.x = ...: the target's own type says what it holds; typing it
		// checks it.
		in.expr(lhs)
	}
}

func (in *inferer) unpack(targets []syntax.Expr, t Type) {
	tu, ok := t.(Tuple)
	for i, x := range targets {
		et := Elem(t)
		if ok && len(tu.Elems) == len(targets) {
			et = tu.Elems[i]
		}
		in.assign(x, et)
	}
}

// sameExpr reports whether two expressions are the same name or field of
// a name (x, x.f, x.f.g), which read the same value twice in a row.
func sameExpr(a, b syntax.Expr) bool {
	switch a := a.(type) {
	case *syntax.Ident:
		b, ok := b.(*syntax.Ident)
		return ok && a.Name == b.Name && a.Binding == b.Binding
	case *syntax.DotExpr:
		b, ok := b.(*syntax.DotExpr)
		return ok && a.Name.Name == b.Name.Name && sameExpr(a.X, b.X)
	}
	return false
}

// cond types an expression whose truth alone counts, a test: a and b, a
// or b of unlike operands are a truth there, not a value of either type.
func (in *inferer) cond(e syntax.Expr) Type {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return in.mark(e, in.cond(x.X))
	case *syntax.BinaryExpr:
		if x.Op == syntax.AND || x.Op == syntax.OR {
			in.cond(x.X)
			depth := len(in.notNone)
			if x.Op == syntax.AND {
				in.notNone = append(in.notNone, notNone(x.X)...)
			}
			in.cond(x.Y)
			in.notNone = in.notNone[:depth]
			return in.mark(e, Bool)
		}
	}
	return in.expr(e)
}

// notNone are the expressions a test, when true, shows are not None:
// x != None, and each side of an and.
func notNone(e syntax.Expr) []syntax.Expr {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return notNone(x.X)
	case *syntax.BinaryExpr:
		switch x.Op {
		case syntax.AND:
			return append(notNone(x.X), notNone(x.Y)...)
		case syntax.NEQ:
			if id, ok := x.Y.(*syntax.Ident); ok && id.Name == "None" {
				return []syntax.Expr{x.X}
			}
		}
	}
	return nil
}

// keptIn drops from exprs those whose name the statements assign: a test
// tells nothing of the value put in its name afterwards.
func keptIn(exprs []syntax.Expr, body []syntax.Stmt) []syntax.Expr {
	names := map[string]bool{}
	assigned(body, func(id *syntax.Ident) { names[id.Name] = true })
	var out []syntax.Expr
	for _, e := range exprs {
		root := e
		for {
			d, ok := root.(*syntax.DotExpr)
			if !ok {
				break
			}
			root = d.X
		}
		if id, ok := root.(*syntax.Ident); ok && names[id.Name] {
			continue
		}
		out = append(out, e)
	}
	return out
}

// known is t, less None where e is one of the expressions known not to be
// None.
func (in *inferer) known(e syntax.Expr, t Type) Type {
	for _, x := range in.notNone {
		if sameExpr(x, e) {
			return optOf(t)
		}
	}
	return t
}

// mark records the type of an expression.
func (in *inferer) mark(e syntax.Expr, t Type) Type {
	if e != nil {
		in.cur.Exprs[e] = t
	}
	return t
}

func (in *inferer) expr(e syntax.Expr) Type {
	return in.mark(e, in.typeOf(e))
}

func (in *inferer) typeOf(e syntax.Expr) Type {
	switch e := e.(type) {
	case *syntax.Ident:
		return in.ident(e)
	case *syntax.Literal:
		switch e.Token {
		case syntax.INT:
			return Int
		case syntax.FLOAT:
			return Float
		case syntax.STRING:
			return StrOf{e.Value.(string)}
		}
		return Dyn
	case *syntax.ParenExpr:
		return in.expr(e.X)
	case *syntax.ListExpr:
		var el Type = Unknown
		for _, x := range e.List {
			el = Join(el, in.expr(x))
		}
		return List{el}
	case *syntax.TupleExpr:
		ts := make([]Type, len(e.List))
		for i, x := range e.List {
			ts[i] = in.expr(x)
		}
		return Tuple{ts}
	case *syntax.DictExpr:
		var k, v Type = Unknown, Unknown
		for _, x := range e.List {
			kv := x.(*syntax.DictEntry)
			k, v = Join(k, in.expr(kv.Key)), Join(v, in.expr(kv.Value))
		}
		return Dict{k, v}
	case *syntax.Comprehension:
		return in.comprehension(e)
	case *syntax.CondExpr:
		in.cond(e.Cond)
		t := in.expr(e.True)
		// x if x != None else y: x is no None there.
		if b, ok := e.Cond.(*syntax.BinaryExpr); ok && b.Op == syntax.NEQ && sameExpr(b.X, e.True) {
			if id, ok := b.Y.(*syntax.Ident); ok && id.Name == "None" {
				t = in.mark(e.True, optOf(t))
			}
		}
		return in.join(t, in.expr(e.False))
	case *syntax.UnaryExpr:
		if e.Op == syntax.NOT {
			in.cond(e.X)
			return Bool
		}
		x := in.expr(e.X)
		switch e.Op {
		case syntax.MINUS, syntax.PLUS:
			if x == Int || x == Float {
				return x
			}
		}
		return Dyn
	case *syntax.BinaryExpr:
		return in.binary(e.Op, in.expr(e.X), in.expr(e.Y))
	case *syntax.DotExpr:
		return in.known(e, in.dot(in.expr(e.X), e.Name.Name))
	case *syntax.IndexExpr:
		return in.index(in.expr(e.X), e.Y)
	case *syntax.SliceExpr:
		x := in.expr(e.X)
		for _, y := range []syntax.Expr{e.Lo, e.Hi, e.Step} {
			if y != nil {
				in.expr(y)
			}
		}
		if el, ok := seqElem(x); ok {
			return List{el}
		}
		if tu, ok := x.(Tuple); ok {
			return List{Elem(tu)}
		}
		return Dyn
	case *syntax.CallExpr:
		return in.callExpr(e)
	}
	return Dyn
}

func (in *inferer) ident(id *syntax.Ident) Type {
	return in.known(id, in.identType(id))
}

func (in *inferer) identType(id *syntax.Ident) Type {
	b, _ := id.Binding.(*resolve.Binding)
	if b == nil {
		return Dyn
	}
	switch b.Scope {
	case resolve.Local, resolve.Cell, resolve.Free:
		for i := len(in.narrow) - 1; i >= 0; i-- {
			if t, ok := in.narrow[i][b]; ok {
				return t
			}
		}
		if t, ok := in.cur.Locals[b]; ok {
			return t
		}
		return Unknown
	case resolve.Global:
		if _, ok := in.res.Funcs[id.Name]; ok {
			return Func{id.Name}
		}
		if t, ok := in.env.Globals[id.Name]; ok {
			return t
		}
		return Dyn
	case resolve.Predeclared:
		switch id.Name {
		case "params":
			return Params
		case "cards":
			return Cards
		case "components":
			return in.env.Components
		case "texts":
			return Texts
		case "players":
			return Players
		case "sum":
			return Builtin{Name: "sum"}
		}
		return Dyn
	case resolve.Universal:
		switch id.Name {
		case "None":
			return None
		case "True", "False":
			return Bool
		}
		return Builtin{Name: id.Name}
	}
	return Dyn
}

func (in *inferer) binary(op syntax.Token, x, y Type) Type {
	switch op {
	case syntax.AND, syntax.OR:
		return in.join(x, y)
	case syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE, syntax.IN, syntax.NOT_IN:
		return Bool
	}
	// Arithmetic of what is not known yet is not known yet; of a value
	// that may be None, of the value (None is an error there, as in the
	// interpreter).
	if Equal(x, Unknown) || Equal(y, Unknown) {
		return Unknown
	}
	x, y = optOf(x), optOf(y)
	switch op {
	case syntax.PLUS:
		if IsStr(x) && IsStr(y) {
			return Str
		}
		if ex, ok := seqElem(x); ok {
			if ey, ok := seqElem(y); ok {
				return List{Join(ex, ey)}
			}
		}
	case syntax.SLASH:
		if _, _, ok := numbers(x, y); ok {
			return Float
		}
		return Dyn
	case syntax.STAR:
		if el, ok := seqElem(x); ok && y == Int {
			return List{el}
		}
	case syntax.PERCENT:
		if IsStr(x) {
			return Str
		}
	case syntax.PIPE, syntax.AMP, syntax.CIRCUMFLEX, syntax.LTLT, syntax.GTGT:
		if x == Int && y == Int {
			return Int
		}
		return Dyn
	}
	if a, b, ok := numbers(x, y); ok {
		if a == Float || b == Float {
			return Float
		}
		return Int
	}
	if x == Unknown || y == Unknown {
		return Unknown
	}
	return Dyn
}

func (in *inferer) dot(x Type, name string) Type {
	// Of a value that may be None, as of the value: None has no
	// attributes, and fails as the interpreter does.
	x = optOf(x)
	switch x {
	case Game:
		if t, ok := in.env.Attrs[name]; ok {
			return t
		}
	case Params:
		if t, ok := in.env.Params[name]; ok {
			return t
		}
	case Cards:
		if t, ok := in.env.CardTypes[name]; ok {
			return CardOf{t}
		}
	case Players:
		return Int
	case Texts:
		return Builtin{Name: name, Recv: Texts}
	case Unknown:
		return Unknown
	}
	switch x := x.(type) {
	case CardOf:
		return in.field(x, name)
	case ZoneOf:
		if name == "owner" {
			return Opt{Int}
		}
		return Builtin{Name: name, Recv: x}
	case Struct:
		if t, ok := x.Fields[name]; ok {
			return t
		}
	case Dict:
		return Builtin{Name: name, Recv: x}
	case List:
		return Builtin{Name: name, Recv: x}
	case Tuple:
		return Builtin{Name: name, Recv: x}
	}
	if IsStr(x) {
		return Builtin{Name: name, Recv: Str}
	}
	return Dyn
}

func (in *inferer) index(x Type, i syntax.Expr) Type {
	in.expr(i)
	switch x := optOf(x).(type) {
	case BySeat:
		return x.Of
	case List:
		return x.Elem
	case Seq:
		return x.Elem
	case Dict:
		return x.Val
	case Tuple:
		if lit, ok := i.(*syntax.Literal); ok && lit.Token == syntax.INT {
			if n, ok := lit.Value.(int64); ok && n >= 0 && int(n) < len(x.Elems) {
				return x.Elems[n]
			}
		}
		return Elem(x)
	case ZoneOf:
		return in.cardsIn(x)
	case StrOf:
		return Str
	case Basic:
		switch x {
		case Str:
			return Str
		case Unknown:
			return Unknown
		}
	}
	return Dyn
}

// field is the type of a field of a card of type c: its values' on the
// card types that have it (a card of another type has no such field,
// which is an error where it is read, as it is for the interpreter).
func (in *inferer) field(c CardOf, name string) Type {
	types := Set(c.Types)
	if types == nil {
		for t := range in.env.Fields {
			types = append(types, t)
		}
		slices.Sort(types)
	}
	var t Type = Unknown
	for _, ty := range types {
		if ft, ok := in.env.Fields[ty][name]; ok {
			t = Join(t, ft)
		}
	}
	if Equal(t, Unknown) {
		return Dyn
	}
	return t
}

func (in *inferer) comprehension(c *syntax.Comprehension) Type {
	depth := len(in.narrow)
	defer func() { in.narrow = in.narrow[:depth] }()
	for _, cl := range c.Clauses {
		switch cl := cl.(type) {
		case *syntax.ForClause:
			in.assign(cl.Vars, in.elem(in.expr(cl.X)))
		case *syntax.IfClause:
			in.cond(cl.Cond)
			in.narrow = append(in.narrow, in.narrowing(cl.Cond))
		}
	}
	if c.Curly {
		kv := c.Body.(*syntax.DictEntry)
		return Dict{in.expr(kv.Key), in.expr(kv.Value)}
	}
	return List{in.expr(c.Body)}
}

func (in *inferer) callExpr(c *syntax.CallExpr) Type {
	fn := in.expr(c.Fn)
	var args []Type
	kw := map[string]Type{}
	for _, a := range c.Args {
		if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			if id, ok := b.X.(*syntax.Ident); ok {
				kw[id.Name] = in.expr(b.Y)
				continue
			}
		}
		args = append(args, in.expr(a))
	}
	if then, ok := kw["then"].(Func); ok {
		in.call(then.Name, []Type{Game})
	}
	// xs.append(x), xs.extend(ys) of a local list: what it holds.
	if dot, ok := c.Fn.(*syntax.DotExpr); ok && len(args) == 1 {
		if id, ok := dot.X.(*syntax.Ident); ok {
			if _, isList := in.ident(id).(List); isList {
				switch dot.Name.Name {
				case "append":
					in.bind(id, List{args[0]})
				case "extend":
					in.bind(id, List{in.elem(args[0])})
				}
			}
		}
	}
	switch f := fn.(type) {
	case Func:
		return in.call(f.Name, args)
	case Funcs:
		var t Type = Unknown
		for _, name := range f.Names {
			t = Join(t, in.call(name, args))
		}
		return t
	case Builtin:
		return in.builtin(f, args)
	}
	if fn == Unknown {
		return Unknown
	}
	return Dyn
}

// builtin is the result of a call of a function or method of the
// language, g, a zone or texts.
func (in *inferer) builtin(b Builtin, args []Type) Type {
	arg := func(i int) Type {
		if i < len(args) {
			return args[i]
		}
		return Dyn
	}
	switch b.Recv {
	case nil:
		// Of what is not known yet, nothing is known yet: Dyn now would
		// stay Dyn however the argument turns out.
		switch b.Name {
		case "dict", "list", "sorted", "reversed", "min", "max", "sum", "enumerate", "zip", "abs", "tuple", "getattr":
			for _, a := range args {
				if Equal(a, Unknown) {
					return Unknown
				}
			}
		}
		switch b.Name {
		case "len", "int", "hash", "abs":
			if b.Name == "abs" {
				return arg(0)
			}
			return Int
		case "float":
			return Float
		case "str", "repr":
			return Str
		case "bool", "any", "all", "hasattr":
			return Bool
		case "range":
			return List{Int}
		case "sum":
			e := in.elem(arg(0))
			if len(args) > 1 {
				e = Join(e, arg(1))
			}
			if e == Bool {
				return Int
			}
			return e
		case "min", "max":
			if len(args) == 1 {
				return in.elem(arg(0))
			}
			var t Type = Unknown
			for _, a := range args {
				t = Join(t, a)
			}
			return t
		case "sorted", "list", "reversed":
			if len(args) > 0 {
				return List{in.elem(arg(0))}
			}
			return List{Unknown}
		case "tuple":
			return Dyn
		case "enumerate":
			return List{Tuple{[]Type{Int, in.elem(arg(0))}}}
		case "zip":
			ts := make([]Type, len(args))
			for i, a := range args {
				ts[i] = in.elem(a)
			}
			return List{Tuple{ts}}
		case "dict":
			if len(args) == 0 {
				return Dict{Unknown, Unknown}
			}
			if d, ok := arg(0).(Dict); ok && len(args) == 1 {
				return d // a copy
			}
			return Dyn
		case "fail":
			return Unknown
		case "getattr":
			// A card's field, or g's variable or zone, by a name of
			// known values.
			c, okC := arg(0).(CardOf)
			names, okN := arg(1).(StrOf)
			if len(args) == 2 && okN && Equal(arg(0), Game) {
				var t Type = Unknown
				for _, n := range names.Strs() {
					at, ok := in.env.Attrs[n]
					if !ok {
						return Dyn
					}
					t = Join(t, at)
				}
				return t
			}
			if len(args) != 2 || !okC || !okN {
				return Dyn
			}
			var t Type = Unknown
			for _, n := range names.Strs() {
				t = Join(t, in.field(c, n))
			}
			return t
		}
		return Dyn
	}
	if z, ok := b.Recv.(ZoneOf); ok {
		switch b.Name {
		case "where", "without":
			return List{in.cardsIn(z)}
		case "highest", "lowest":
			return Opt{in.cardsIn(z)}
		case "index", "count":
			return Int
		}
	}
	switch b.Recv {
	case Game:
		switch b.Name {
		case "move":
			in.flow(arg(0), arg(2))
			return None
		case "move_all", "move_top", "deal":
			if z, ok := arg(0).(ZoneOf); ok {
				in.flow(in.cardsIn(z), arg(1))
			}
			return None
		case "roll", "chance", "end":
			return None
		case "holder":
			return Opt{Int}
		}
	case Texts:
		switch b.Name {
		case "name", "message", "number", "label":
			return Str
		}
	case Str:
		switch b.Name {
		case "startswith", "endswith", "isdigit":
			return Bool
		case "split":
			return List{Str}
		case "index", "find", "count":
			return Int
		}
		return Str
	}
	switch r := b.Recv.(type) {
	case Dict:
		switch b.Name {
		case "get":
			if len(args) > 1 {
				return Join(r.Val, args[1])
			}
			return Dyn
		case "keys":
			return List{r.Key}
		case "values":
			return List{r.Val}
		case "items":
			return List{Tuple{[]Type{r.Key, r.Val}}}
		}
	case List:
		switch b.Name {
		case "append", "extend", "insert", "remove", "clear":
			return None
		case "pop":
			return r.Elem
		case "index", "count":
			return Int
		}
	case Tuple:
		switch b.Name {
		case "index", "count":
			return Int
		}
	}
	return Dyn
}

// Report is, for each function called, how many of its expressions the
// typer could not type, and where the first is.
func (r *Result) Report() []string {
	var out []string
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range r.Funcs {
			if !yield(n) {
				return
			}
		}
	}) {
		f := r.Funcs[name]
		if !f.Called {
			continue
		}
		dyn := f.DynExprs()
		if len(dyn) == 0 {
			continue
		}
		p, _ := dyn[0].Span()
		out = append(out, fmt.Sprintf("%s: %d untyped, first at %d:%d", name, len(dyn), p.Line, p.Col))
	}
	return out
}
