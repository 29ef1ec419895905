// Package star reads and runs a game's rules written in the rules
// language: Starlark, in its standard dialect (no while, no recursion, no
// statement at the top level but definitions and assignments). The loader
// parses a game's .star files with it, and the rules engine compiles them
// into one program and calls its functions.
//
// Nothing in a program can reach the world: no file, no clock, no
// randomness (the rules engine gives chance as chance nodes), no load of
// another file. Every call runs within a step budget, so a runaway loop
// stops and says where it was.
package star

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// dialect is the Starlark the rules are written in.
func dialect() *syntax.FileOptions { return &syntax.FileOptions{} }

// Parse parses one rules file, reporting why it does not parse, or that
// it loads another file (G501).
func Parse(name string, src []byte) (*syntax.File, diag.List) {
	var d diag.List
	if !utf8.Valid(src) {
		d.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, diag.RulesSyntax, "a rules file must be UTF-8 text")
		return nil, d
	}
	f, err := dialect().Parse(name, src, 0)
	if err != nil {
		var se syntax.Error
		if errors.As(err, &se) {
			d.Errorf(BytePos(src, se.Pos), diag.RulesSyntax, "%s", se.Msg)
		} else {
			d.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, diag.RulesSyntax, "%v", err)
		}
		return nil, d
	}
	for _, st := range f.Stmts {
		if l, ok := st.(*syntax.LoadStmt); ok {
			d.Errorf(BytePos(src, l.Load), diag.RulesSyntax, "a rules file loads nothing: every .star file of the game's directory is read with the others")
		}
	}
	if d.HasErrors() {
		return nil, d
	}
	return f, nil
}

// BytePos turns a Starlark position, whose column counts characters, into
// a diagnostic's, whose column counts bytes as every other diagnostic's
// does. src is the text of the position's file.
func BytePos(src []byte, p syntax.Position) diag.Pos {
	line, col := int(p.Line), int(p.Col)
	if line < 1 {
		return diag.Pos{File: p.Filename(), Line: 1, Col: 1}
	}
	start := 0
	for l := 1; l < line && start < len(src); l++ {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			start = len(src)
			break
		}
		start += i + 1
	}
	b := start
	for c := 1; c < col && b < len(src) && src[b] != '\n'; c++ {
		_, n := utf8.DecodeRune(src[b:])
		b += n
	}
	return diag.Pos{File: p.Filename(), Line: line, Col: b - start + 1}
}

// Program is a game's rules compiled into one module: its files are read
// together, their top levels run in file-name order, and any function may
// call a function of another file.
type Program struct {
	globals starlark.StringDict
	srcs    map[string][]byte // by file name, for positions
	budget  uint64
	files   []*syntax.File
	defs    map[string]diag.Pos // where each global is first defined
}

// Compile compiles and initialises a game's rules files with the names
// the rules engine gives them (predeclared). budget is the most steps one
// call, or the files' top levels together, may take. A name the rules use
// that is defined nowhere, a file that does not parse and a top level that
// fails are reported at their place (G501).
func Compile(files []*model.RulesFile, predeclared starlark.StringDict, budget uint64) (*Program, diag.List) {
	p := &Program{srcs: map[string][]byte{}, budget: budget, defs: map[string]diag.Pos{}}
	var d diag.List
	all := &syntax.File{Options: dialect()}
	for _, f := range files {
		src := []byte(f.Src)
		p.srcs[f.Name] = src
		parsed, fd := Parse(f.Name, src)
		d = append(d, fd...)
		if parsed != nil {
			if all.Path == "" {
				all.Path = parsed.Path
			}
			all.Stmts = append(all.Stmts, parsed.Stmts...)
			p.files = append(p.files, parsed)
		}
	}
	if d.HasErrors() {
		return nil, d.Sort()
	}
	prog, err := starlark.FileProgram(all, predeclared.Has)
	if err != nil {
		var errs resolve.ErrorList
		if errors.As(err, &errs) {
			for _, e := range errs {
				d.Errorf(p.pos(e.Pos), diag.RulesSyntax, "%s", e.Msg)
			}
		} else {
			d.Errorf(diag.Pos{File: all.Path, Line: 1, Col: 1}, diag.RulesSyntax, "%v", err)
		}
		return nil, d.Sort()
	}
	for _, st := range all.Stmts {
		var id *syntax.Ident
		switch st := st.(type) {
		case *syntax.DefStmt:
			id = st.Name
		case *syntax.AssignStmt:
			id, _ = st.LHS.(*syntax.Ident)
		}
		if id == nil {
			continue
		}
		if _, seen := p.defs[id.Name]; !seen {
			p.defs[id.Name] = p.pos(id.NamePos)
		}
	}
	th := p.thread()
	g, err := prog.Init(th, predeclared)
	if err != nil {
		d.Errorf(p.errPos(err, all.Path), diag.RulesSyntax, "the rules' top level fails: %s", p.message(th, err))
		return nil, d
	}
	g.Freeze()
	p.globals = g
	return p, nil
}

// thread is a fresh thread for one call: its own step count, and nothing
// to print to. It says when the step budget stopped it.
func (p *Program) thread() *starlark.Thread {
	th := &starlark.Thread{Name: "rules", Print: func(*starlark.Thread, string) {}}
	th.SetMaxExecutionSteps(p.budget)
	th.OnMaxSteps = func(th *starlark.Thread) {
		th.SetLocal(outOfSteps, true)
		th.Cancel("step budget")
	}
	return th
}

// outOfSteps is the thread-local flag of a call the step budget stopped.
const outOfSteps = "grimoire.outOfSteps"

// Has reports whether the rules define a global of that name.
func (p *Program) Has(name string) bool { return p.globals.Has(name) }

// Global is the value of the rules' global name, nil when they define
// none.
func (p *Program) Global(name string) starlark.Value { return p.globals[name] }

// DefPos is where the rules define the global name, and whether they do
// at the top level of a file.
func (p *Program) DefPos(name string) (diag.Pos, bool) {
	pos, ok := p.defs[name]
	return pos, ok
}

// Files are the rules' files as parsed, in name order.
func (p *Program) Files() []*syntax.File { return p.files }

// Globals lists the names of the rules' globals, sorted.
func (p *Program) Globals() []string { return p.globals.Keys() }

// Call calls the rules' function name with args. An error says where in
// the rules it happened, the step budget run out included.
func (p *Program) Call(name string, args ...starlark.Value) (starlark.Value, error) {
	fn, ok := p.globals[name]
	if !ok {
		return nil, fmt.Errorf("the rules define no %s", name)
	}
	return p.CallValue(fn, args...)
}

// CallValue calls fn, a function of the rules, with args, as Call does.
func (p *Program) CallValue(fn starlark.Value, args ...starlark.Value) (starlark.Value, error) {
	return p.Runner().Call(fn, args...)
}

// Runner calls the rules' functions one after another on one thread,
// which saves making one per call: a game's state, played on one
// goroutine at a time, keeps one. Each call has the whole step budget.
type Runner struct {
	p  *Program
	th *starlark.Thread
}

// Runner returns a runner of p's functions.
func (p *Program) Runner() *Runner { return &Runner{p: p, th: p.thread()} }

// Call calls fn, a function of the rules, with args, as Program.Call
// does.
func (r *Runner) Call(fn starlark.Value, args ...starlark.Value) (starlark.Value, error) {
	r.th.SetMaxExecutionSteps(r.th.ExecutionSteps() + r.p.budget)
	v, err := starlark.Call(r.th, fn, starlark.Tuple(args), nil)
	if err != nil {
		return nil, &Error{Pos: r.p.errPos(err, ""), Msg: r.p.message(r.th, err)}
	}
	return v, nil
}

// Pos is the place of a syntax position in the rules' files, its column
// in bytes.
func (p *Program) Pos(sp syntax.Position) diag.Pos { return p.pos(sp) }

// Error is a failure of the rules while they run, at the innermost place
// in the rules' files it happened.
type Error struct {
	Pos diag.Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// errPos is where an evaluation error happened: the innermost frame that
// stands in a rules file.
func (p *Program) errPos(err error, fallback string) diag.Pos {
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		for i := range ee.CallStack {
			if fr := ee.CallStack.At(i); p.srcs[fr.Pos.Filename()] != nil {
				return p.pos(fr.Pos)
			}
		}
	}
	return diag.Pos{File: fallback, Line: 1, Col: 1}
}

// message is what went wrong in a call on th, said for a rules writer.
func (p *Program) message(th *starlark.Thread, err error) string {
	if th.Local(outOfSteps) != nil {
		return fmt.Sprintf("more than %d steps: a loop that does not end, or far too much work for one call", p.budget)
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		return ee.Msg
	}
	return err.Error()
}

func (p *Program) pos(sp syntax.Position) diag.Pos {
	return BytePos(p.srcs[sp.Filename()], sp)
}
