package l10n

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"
)

// What one run of a message template may cost. A message is a line or a
// page of text: these are far beyond any real one, and small enough that
// no translator's typo (or malice) can hang check, a printout or an engine.
const (
	maxRange      = 10_000    // times one range may repeat its body
	maxRangeDepth = 4         // ranges inside one another
	maxSteps      = 1_000_000 // nodes a run visits, every repetition counted
	maxOutput     = 1 << 20   // bytes a run prints
	maxBuilt      = 64 << 10  // bytes of one string a function builds (printf, html, ...)
	maxBuiltTotal = 4 << 20   // bytes of all the strings functions build in a run
	budgetFunc    = "budget"  // the function charged at every range, added by Guard
)

// CostError is a message template that would cost more than a message
// may. Found before the template runs, it has the template's location
// ("name:line:col", the column counted from 0 as text/template does) and
// reads like text/template's own errors; found while it runs, it comes
// wrapped in text/template's error, which gives the location.
type CostError struct {
	Location string
	Msg      string
}

func (e *CostError) Error() string {
	if e.Location == "" {
		return e.Msg
	}
	return "template: " + e.Location + ": " + e.Msg
}

// Template is a message template whose cost is checked and bounded: run
// with Execute, it stops with a *CostError past its budget.
type Template struct {
	t *template.Template
	// metered templates range or build strings, so each run needs a
	// budget of its own; others are bounded by their size and need only
	// the output limit.
	metered bool
	// runs keeps copies of t wired to budgets of their own, one per run
	// at a time: cloning t for every run would cost more than running it.
	runs sync.Pool
}

// run is a copy of a template whose functions charge b.
type run struct {
	t *template.Template
	b *budget
}

// Guard checks the cost of a parsed message template before it runs
// (see CheckCost) and fits it with a budget for every run: each range
// charges its repetitions as it starts, functions that build strings
// charge what they build, and output past 1 MB stops the run. Guard
// changes t; run it only through the returned Template.
func Guard(t *template.Template) (*Template, error) {
	if err := CheckCost(t); err != nil {
		return nil, err
	}
	g := &Template{t: t}
	if t.Tree == nil || t.Root == nil {
		return g, nil
	}
	instrument(t.Root, &g.metered)
	if !g.metered {
		forEachCommand(t.Root, func(c *parse.CommandNode) {
			if id, ok := c.Args[0].(*parse.IdentifierNode); ok && builds(id.Ident) {
				g.metered = true
			}
		})
	}
	// A metered template runs only as a copy wired to a budget of its own
	// (see Execute); others call none of the budget's functions.
	return g, nil
}

// Execute runs the template with data within its budget.
func (g *Template) Execute(data any) (string, error) {
	t := g.t
	if g.metered {
		r, _ := g.runs.Get().(*run)
		if r == nil {
			c, err := g.t.Clone()
			if err != nil {
				return "", err
			}
			r = &run{b: newBudget()}
			r.t = c.Funcs(r.b.funcs())
		}
		*r.b = *newBudget()
		defer g.runs.Put(r)
		t = r.t
	}
	w := &limitWriter{}
	err := t.Execute(w, data)
	return w.b.String(), err
}

// limitWriter collects output up to maxOutput bytes.
type limitWriter struct{ b strings.Builder }

func (w *limitWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > maxOutput {
		return 0, &CostError{Msg: fmt.Sprintf("the message prints more than %d MB", maxOutput>>20)}
	}
	return w.b.Write(p)
}

// CheckCost finds, without running it, what in a message template could
// run too long: a call of another template (two calls in each of a few
// defined templates make a run exponential), a range over a whole number
// constant above 10,000, ranges nested more than 4 deep, and ranges whose
// repetitions multiply past a million steps. Ranges over data are counted
// once: their length is known only when the template runs.
func CheckCost(t *template.Template) error {
	if t.Tree == nil || t.Root == nil {
		return nil
	}
	c := &costCheck{tree: t.Tree}
	c.list(t.Root, 1, 0)
	if c.err == nil {
		forEachCommand(t.Root, c.format)
	}
	if c.err == nil {
		return nil // not a nil *CostError in a non-nil error
	}
	return c.err
}

type costCheck struct {
	tree  *parse.Tree
	steps int
	err   *CostError
}

func (c *costCheck) fail(n parse.Node, format string, args ...any) {
	if c.err == nil {
		loc, _ := c.tree.ErrorContext(n)
		c.err = &CostError{Location: loc, Msg: fmt.Sprintf(format, args...)}
	}
}

// list counts the steps of the nodes of l, each repeated times, within
// depth ranges.
func (c *costCheck) list(l *parse.ListNode, times, depth int) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		if c.err != nil {
			return
		}
		c.steps += times
		if c.steps > maxSteps {
			c.fail(n, "the message would take more than %s steps to print", thousands(maxSteps))
			return
		}
		switch n := n.(type) {
		case *parse.IfNode:
			c.list(n.List, times, depth)
			c.list(n.ElseList, times, depth)
		case *parse.WithNode:
			c.list(n.List, times, depth)
			c.list(n.ElseList, times, depth)
		case *parse.RangeNode:
			if depth+1 > maxRangeDepth {
				c.fail(n, "ranges nested more than %d deep", maxRangeDepth)
				return
			}
			bound := 1 // a range over data charges its length as it runs
			if k, ok := constantInt(n.Pipe); ok {
				if k > maxRange {
					c.fail(n, "range over %s: a message may repeat a text at most %s times", thousands(k), thousands(maxRange))
					return
				}
				bound = int(max(k, 0))
			}
			if times*bound > maxSteps {
				c.fail(n, "ranges inside one another repeat this text %s times; a message may take at most %s steps", thousands(int64(times)*int64(bound)), thousands(maxSteps))
				return
			}
			c.list(n.List, times*bound, depth+1)
			c.list(n.ElseList, times, depth)
		case *parse.TemplateNode:
			c.fail(n, "a message cannot call a template ({{template %q}}): calls inside calls could run for ever", n.Name)
		}
	}
}

// format refuses a printf whose widths or precisions would build a string
// longer than a function may: fmt allocates it before anything can stop it.
func (c *costCheck) format(cmd *parse.CommandNode) {
	id, ok := cmd.Args[0].(*parse.IdentifierNode)
	if !ok || id.Ident != "printf" || len(cmd.Args) < 2 {
		return
	}
	if s, ok := cmd.Args[1].(*parse.StringNode); ok {
		if n := padding(s.Text); n > maxBuilt {
			c.fail(cmd, "printf %q pads to %s bytes; at most %s", s.Text, thousands(n), thousands(maxBuilt))
		}
	}
}

// constantInt is the value of a pipeline that is one whole number.
func constantInt(p *parse.PipeNode) (int64, bool) {
	if p == nil || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
		return 0, false
	}
	n, ok := p.Cmds[0].Args[0].(*parse.NumberNode)
	if !ok || !n.IsInt {
		return 0, false
	}
	return n.Int64, true
}

// padding is how many bytes the widths and precisions of a printf format
// ask for; a '*' width counts as the most fmt allows.
func padding(format string) int64 {
	const fmtMax = 1_000_000 // fmt's own limit on a width or precision
	var total int64
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format) && !isVerb(format[i]); i++ {
			switch c := format[i]; {
			case c == '*':
				total += fmtMax
			case c >= '1' && c <= '9' && format[i-1] != '[':
				j := i
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					j++
				}
				n, err := strconv.ParseInt(format[i:j], 10, 64)
				if err != nil || n > fmtMax {
					n = fmtMax
				}
				total += n
				i = j - 1
			}
		}
	}
	return total
}

func isVerb(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '%'
}

// weight is the number of nodes one repetition of l visits, leaving out
// the repetitions of ranges inside it, which charge their own.
func weight(l *parse.ListNode) int {
	if l == nil {
		return 0
	}
	w := 0
	for _, n := range l.Nodes {
		w++
		switch n := n.(type) {
		case *parse.IfNode:
			w += weight(n.List) + weight(n.ElseList)
		case *parse.WithNode:
			w += weight(n.List) + weight(n.ElseList)
		case *parse.RangeNode:
			w += weight(n.ElseList)
		}
	}
	return w
}

// instrument makes every range of l call the budget function with its
// body's weight and the value it ranges over, before it starts.
func instrument(l *parse.ListNode, metered *bool) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		var b *parse.BranchNode
		switch n := n.(type) {
		case *parse.IfNode:
			b = &n.BranchNode
		case *parse.WithNode:
			b = &n.BranchNode
		case *parse.RangeNode:
			b = &n.BranchNode
			w := max(weight(n.List), 1)
			n.Pipe.Cmds = append(n.Pipe.Cmds, &parse.CommandNode{NodeType: parse.NodeCommand, Pos: n.Pipe.Pos, Args: []parse.Node{
				parse.NewIdentifier(budgetFunc).SetPos(n.Pipe.Pos),
				&parse.NumberNode{NodeType: parse.NodeNumber, Pos: n.Pipe.Pos, IsInt: true, Int64: int64(w), Text: strconv.Itoa(w)},
			}})
			*metered = true
		default:
			continue
		}
		instrument(b.List, metered)
		instrument(b.ElseList, metered)
	}
}

// forEachCommand calls f for every command of every pipeline in l,
// parenthesized ones included.
func forEachCommand(l *parse.ListNode, f func(*parse.CommandNode)) {
	var pipe func(p *parse.PipeNode)
	pipe = func(p *parse.PipeNode) {
		if p == nil {
			return
		}
		for _, c := range p.Cmds {
			if len(c.Args) > 0 {
				f(c)
			}
			for _, a := range c.Args {
				if sub, ok := a.(*parse.PipeNode); ok {
					pipe(sub)
				}
			}
		}
	}
	var list func(l *parse.ListNode)
	list = func(l *parse.ListNode) {
		if l == nil {
			return
		}
		for _, n := range l.Nodes {
			switch n := n.(type) {
			case *parse.ActionNode:
				pipe(n.Pipe)
			case *parse.IfNode:
				pipe(n.Pipe)
				list(n.List)
				list(n.ElseList)
			case *parse.WithNode:
				pipe(n.Pipe)
				list(n.List)
				list(n.ElseList)
			case *parse.RangeNode:
				pipe(n.Pipe)
				list(n.List)
				list(n.ElseList)
			case *parse.TemplateNode:
				pipe(n.Pipe)
			}
		}
	}
	list(l)
}

// builds reports whether a template function builds strings, and so
// needs a budget at run time.
func builds(name string) bool {
	switch name {
	case "printf", "print", "println", "html", "js", "urlquery":
		return true
	}
	return false
}

// budget is what one run of a template may still spend.
type budget struct {
	steps, built int
}

func newBudget() *budget { return &budget{steps: maxSteps, built: maxBuiltTotal} }

// funcs are the budget function and the string-building functions of
// text/template, in versions that charge the budget.
func (b *budget) funcs() template.FuncMap {
	return template.FuncMap{
		budgetFunc: b.charge,
		"printf": func(format string, args ...any) (string, error) {
			if n := padding(format); n > maxBuilt {
				return "", &CostError{Msg: fmt.Sprintf("printf %q pads to %s bytes; at most %s", format, thousands(n), thousands(maxBuilt))}
			}
			return b.build(fmt.Sprintf(format, args...))
		},
		"print":    func(args ...any) (string, error) { return b.build(fmt.Sprint(args...)) },
		"println":  func(args ...any) (string, error) { return b.build(fmt.Sprintln(args...)) },
		"html":     func(args ...any) (string, error) { return b.build(template.HTMLEscaper(args...)) },
		"js":       func(args ...any) (string, error) { return b.build(template.JSEscaper(args...)) },
		"urlquery": func(args ...any) (string, error) { return b.build(template.URLQueryEscaper(args...)) },
	}
}

// charge takes from the budget the steps of a range over v whose body
// visits weight nodes, and passes v on.
func (b *budget) charge(weight int, v any) (any, error) {
	var n int64
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n = rv.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n = int64(min(rv.Uint(), math.MaxInt64))
	case reflect.Array, reflect.Slice, reflect.Map:
		n = int64(rv.Len())
	case reflect.Chan, reflect.Func:
		return nil, &CostError{Msg: fmt.Sprintf("a message cannot range over a %s", rv.Kind())}
	}
	if n > maxRange {
		return nil, &CostError{Msg: fmt.Sprintf("range over %s: a message may repeat a text at most %s times", thousands(n), thousands(maxRange))}
	}
	cost := int(max(n, 0)) * weight
	if cost > b.steps {
		return nil, &CostError{Msg: fmt.Sprintf("the message would take more than %s steps to print", thousands(maxSteps))}
	}
	b.steps -= cost
	return v, nil
}

// build charges a string a function built.
func (b *budget) build(s string) (string, error) {
	if len(s) > maxBuilt {
		return "", &CostError{Msg: fmt.Sprintf("the message builds a string of more than %d KB", maxBuilt>>10)}
	}
	if len(s) > b.built {
		return "", &CostError{Msg: fmt.Sprintf("the message builds more than %d MB of strings", maxBuiltTotal>>20)}
	}
	b.built -= len(s)
	return s, nil
}

// thousands writes n with commas between groups of three digits.
func thousands[T int | int64](n T) string {
	s := strconv.FormatInt(int64(n), 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}
