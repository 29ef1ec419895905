package rules

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/gogen"
	"github.com/grimoire-games/grimoire/engine/rules/internal/typer"
)

// header writes the package clause, imports and the bound struct.
func (c *goCompiler) header(b *bytes.Buffer, pkg string) {
	fmt.Fprintf(b, "%s\n\n", gogen.Marker)
	fmt.Fprintf(b, "// Package %s plays %s by its rules, compiled to Go from its .star files:\n", pkg, c.g.m.ID)
	fmt.Fprintf(b, "// the same game as the rules engine plays by interpreting them, faster.\n")
	fmt.Fprintf(b, "package %s\n\n", pkg)
	b.WriteString("//lint:file-ignore SA4006 the rules may assign a value they do not read, as the compiled code does\n\n")
	b.WriteString("import (\n\t\"cmp\"\n\t\"slices\"\n\t\"strings\"\n\n\t\"go.starlark.net/starlark\"\n\n\t\"github.com/grimoire-games/grimoire/engine/rules\"\n)\n\n")
	b.WriteString("var (\n\t_ = cmp.Compare[int]\n\t_ = slices.Clone[[]int]\n\t_ = strings.Join\n\t_ starlark.Value\n)\n\n")
	fmt.Fprintf(b, "// Rules are the game's rules, compiled.\nvar Rules = &rules.Compiled{Source: %q, Bind: bind}\n\n", c.g.m.SourceHash)
	b.WriteString("// bound is what the compiled functions look up once a game is built:\n// the places of its variables and zones, its cards' fields, its\n// parameters and the values its top level defines.\ntype bound struct {\n\tdesigns int\n")
	for _, v := range sortedKeys(c.uses.vars) {
		fmt.Fprintf(b, "\tv_%s int\n", v)
	}
	for _, z := range sortedKeys(c.uses.zones) {
		fmt.Fprintf(b, "\tz_%s int\n", z)
	}
	for _, table := range slices.Sorted(maps.Keys(c.uses.fields)) {
		gt, _ := c.goType(c.uses.fields[table].t)
		fmt.Fprintf(b, "\t%s rules.Field[%s]\n", table, gt)
	}
	for _, f := range sortedKeys(c.uses.ranks) {
		fmt.Fprintf(b, "\tr_%s []int\n", f)
	}
	for _, id := range sortedKeys(c.uses.cards) {
		fmt.Fprintf(b, "\tc_%s int16\n", id)
	}
	for _, p := range sortedKeys(c.uses.params) {
		gt, _ := c.goType(c.paramType(p))
		fmt.Fprintf(b, "\tp_%s %s\n", p, gt)
	}
	for _, g := range sortedKeys(c.uses.globals) {
		gt, _ := c.goType(c.globalType(g))
		fmt.Fprintf(b, "\tg_%s %s\n", g, gt)
	}
	b.WriteString("}\n")
	for _, name := range slices.Sorted(maps.Keys(c.uses.types)) {
		tu := c.uses.types[name].(typer.Tuple)
		fmt.Fprintf(b, "\n// %s is a tuple %v.\ntype %s struct {\n", name, tu, name)
		for i, e := range tu.Elems {
			gt, _ := c.goType(e)
			fmt.Fprintf(b, "\tF%d %s\n", i, gt)
		}
		b.WriteString("}\n")
		if el, ok := c.tupleElem(tu); ok {
			fields := make([]string, len(tu.Elems))
			for i := range fields {
				fields[i] = fmt.Sprintf("t.F%d", i)
			}
			fmt.Fprintf(b, "\n// Slice is the tuple's elements, as a list.\nfunc (t %s) Slice() []%s { return []%s{%s} }\n", name, el, el, strings.Join(fields, ", "))
			var sw strings.Builder
			for i := range tu.Elems {
				fmt.Fprintf(&sw, "\tcase %d:\n\t\treturn t.F%d\n", i, i)
			}
			fmt.Fprintf(b, "\n// At is element i, counted from the end when negative.\nfunc (t %s) At(at string, i int64) %s {\n\tj := i\n\tif j < 0 {\n\t\tj += %d\n\t}\n\tswitch j {\n%s\t}\n\trules.Failf(at, \"index %%d out of range [%d:%d]\", i)\n\tpanic(nil)\n}\n", name, el, len(tu.Elems), sw.String(), -len(tu.Elems), len(tu.Elems))
		}
	}
}

func sortedKeys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }

func (c *goCompiler) paramType(id string) typer.Type { return c.env.Params[id] }

func (c *goCompiler) globalType(id string) typer.Type { return c.env.Globals[id] }

// bind writes bind, which looks up what the functions use and hands the
// engine the entries compiled.
func (c *goCompiler) bind(b *bytes.Buffer) {
	var conv bytes.Buffer
	convs := map[string]bool{}
	b.WriteString("\nfunc bind(g *rules.Game) (*rules.Entries, error) {\n\tb := &bound{designs: g.Designs()}\n\tvar err error\n")
	for _, v := range sortedKeys(c.uses.vars) {
		fmt.Fprintf(b, "\tif b.v_%s, err = rules.BindVar(g, %q); err != nil {\n\t\treturn nil, err\n\t}\n", v, v)
	}
	for _, z := range sortedKeys(c.uses.zones) {
		fmt.Fprintf(b, "\tif b.z_%s, err = rules.BindZone(g, %q); err != nil {\n\t\treturn nil, err\n\t}\n", z, z)
	}
	for _, table := range slices.Sorted(maps.Keys(c.uses.fields)) {
		f := c.uses.fields[table]
		fmt.Fprintf(b, "\tb.%s = rules.BindField(g, %q, %s)\n", table, f.name, c.converter(&conv, convs, f.t))
	}
	for _, f := range sortedKeys(c.uses.ranks) {
		fmt.Fprintf(b, "\tb.r_%s = rules.BindRank(g, %q)\n", f, f)
	}
	for _, id := range sortedKeys(c.uses.cards) {
		fmt.Fprintf(b, "\tif b.c_%s, err = rules.BindCard(g, %q); err != nil {\n\t\treturn nil, err\n\t}\n", id, id)
	}
	for _, p := range sortedKeys(c.uses.params) {
		fmt.Fprintf(b, "\tif b.p_%s, err = %s(g.Param(%q)); err != nil {\n\t\treturn nil, rules.BindError(\"params.%s: %%v\", err)\n\t}\n", p, c.converter(&conv, convs, c.paramType(p)), p, p)
	}
	for _, gl := range sortedKeys(c.uses.globals) {
		fmt.Fprintf(b, "\tif b.g_%s, err = %s(g.Global(%q)); err != nil {\n\t\treturn nil, rules.BindError(\"%s: %%v\", err)\n\t}\n", gl, c.converter(&conv, convs, c.globalType(gl)), gl, gl)
	}
	c.sizeVars(b)
	b.WriteString("\te := &rules.Entries{Legal: map[string]func(*rules.Host, int, []int) []int{}, Apply: map[string]func(*rules.Host, int, int){}, Then: map[string]func(*rules.Host){}}\n")
	c.entries(b)
	b.WriteString("\treturn e, nil\n}\n")
	b.Write(conv.Bytes())
}

// converter is a Go expression, where the game g is in scope, of a
// function that turns a value of the interpreter into the Go of type t;
// the functions it needs are written to conv once, each a factory of the
// game (a dict of cards is a table of the game's designs).
func (c *goCompiler) converter(conv *bytes.Buffer, done map[string]bool, t typer.Type) string {
	if typer.IsCard(t) {
		return "rules.ConvCard"
	}
	if typer.IsStr(t) {
		return "rules.ConvStr"
	}
	switch t := t.(type) {
	case typer.Basic:
		switch t {
		case typer.Int:
			return "rules.ConvInt"
		case typer.Float:
			return "rules.ConvFloat"
		case typer.Bool:
			return "rules.ConvBool"
		}
	}
	gt, _ := c.goType(t)
	name := "conv_" + mangleGo(gt)
	call := name + "(g)"
	if done[name] {
		return call
	}
	done[name] = true
	head := fmt.Sprintf("\nfunc %s(g *rules.Game) func(starlark.Value) (%s, error) {\n\treturn func(v starlark.Value) (%s, error) {\n", name, gt, gt)
	tail := "\t}\n}\n"
	switch t := t.(type) {
	case typer.List, typer.Seq:
		el := c.converter(conv, done, typer.Elem(t))
		fmt.Fprintf(conv, "%s\t\treturn rules.ConvList(v, %s)\n%s", head, el, tail)
	case typer.Dict:
		v := c.converter(conv, done, t.Val)
		if typer.IsCard(t.Key) {
			fmt.Fprintf(conv, "%s\t\treturn rules.ConvCardDict(g, v, %s)\n%s", head, v, tail)
			break
		}
		k := c.converter(conv, done, t.Key)
		fmt.Fprintf(conv, "%s\t\treturn rules.ConvDict(v, %s, %s)\n%s", head, k, v, tail)
	case typer.Opt:
		of := c.converter(conv, done, t.Of)
		fmt.Fprintf(conv, "%s\t\treturn rules.ConvOpt(v, %s)\n%s", head, of, tail)
	case typer.Tuple:
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s\t\tvar t %s\n\t\tx, err := rules.ConvTuple(v, %d)\n\t\tif err != nil {\n\t\t\treturn t, err\n\t\t}\n", head, gt, len(t.Elems))
		for i, e := range t.Elems {
			fmt.Fprintf(&sb, "\t\tif t.F%d, err = %s(x[%d]); err != nil {\n\t\t\treturn t, err\n\t\t}\n", i, c.converter(conv, done, e), i)
		}
		sb.WriteString("\t\treturn t, nil\n" + tail)
		conv.WriteString(sb.String())
	default:
		fmt.Fprintf(conv, "%s\t\tvar z %s\n\t\treturn z, rules.BindError(\"no value of type %v\")\n%s", head, gt, t, tail)
	}
	return call
}

// entries writes the entries the engine calls: setup, the legal actions
// and effects of each action, the functions called after draws, the
// returns and the value.
func (c *goCompiler) entries(b *bytes.Buffer) {
	g := c.g
	ok := func(name string) bool { return c.ok[name] }
	if ok(fnSetup) && len(c.res.Funcs[fnSetup].Params) == 1 {
		fmt.Fprintf(b, "\te.Setup = func(h *rules.Host) { b.%s(h) }\n", goFunc(fnSetup))
	}
	for _, name := range slices.Sorted(maps.Keys(c.ok)) {
		f := c.res.Funcs[name]
		if len(f.Params) == 1 && typer.Equal(f.Params[0], typer.Game) && typer.Equal(f.Result, typer.None) {
			fmt.Fprintf(b, "\te.Then[%q] = func(h *rules.Host) { b.%s(h) }\n", name, goFunc(name))
		}
	}
	for _, k := range g.kinds {
		if name := legalPre + k.id; ok(name) {
			if code := c.legalEntry(k, c.res.Funcs[name]); code != "" {
				fmt.Fprintf(b, "\te.Legal[%q] = func(h *rules.Host, p int, dst []int) []int {\n\t\tr := b.%s(h, int64(p))\n%s\t\treturn dst\n\t}\n", k.id, goFunc(name), code)
			}
		}
		if name := applyPre + k.id; ok(name) {
			if code := c.applyEntry(k, c.res.Funcs[name]); code != "" {
				fmt.Fprintf(b, "\te.Apply[%q] = func(h *rules.Host, p int, arg int) {\n%s\t}\n", k.id, code)
			}
		}
	}
	if ok(fnReturns) {
		if el, isList := c.res.Funcs[fnReturns].Result.(typer.List); isList && (typer.Equal(el.Elem, typer.Int) || typer.Equal(el.Elem, typer.Float)) {
			fmt.Fprintf(b, "\te.Returns = func(h *rules.Host) []float64 { return rules.Floats(b.%s(h)) }\n", goFunc(fnReturns))
		}
	}
	if ok(fnValue) {
		switch r := c.res.Funcs[fnValue].Result; {
		case typer.Equal(r, typer.Int):
			fmt.Fprintf(b, "\te.Value = func(h *rules.Host, p int) float64 { return float64(b.%s(h, int64(p))) }\n", goFunc(fnValue))
		case typer.Equal(r, typer.Float):
			fmt.Fprintf(b, "\te.Value = func(h *rules.Host, p int) float64 { return b.%s(h, int64(p)) }\n", goFunc(fnValue))
		}
	}
}

// legalEntry is the body of a legal entry that appends the index of
// each argument r holds, "" when the result is of no form it knows.
func (c *goCompiler) legalEntry(k *kind, f *typer.FuncInfo) string {
	r := f.Result
	where := fmt.Sprintf("%q", at(f.Def))
	if k.domain == domNone {
		t, err := c.truthOf("r", r)
		if err != nil {
			return ""
		}
		return "\t\tif " + t + " {\n\t\t\tdst = append(dst, 0)\n\t\t}\n"
	}
	if len(k.parts) == 1 {
		p := k.parts[0]
		switch {
		case p.domain == domCard && typer.IsZone(r):
			return "\t\tfor _, d := range h.Cards(r) {\n\t\t\tdst = append(dst, int(d))\n\t\t}\n"
		case p.domain == domCard && isSeq(r) && typer.IsCard(typer.Elem(r)):
			return "\t\tfor _, d := range r {\n\t\t\tdst = append(dst, int(d))\n\t\t}\n"
		case p.domain == domCard && isSeq(r) && isOpt(typer.Elem(r)) && typer.IsCard(typer.Elem(r).(typer.Opt).Of):
			// None among the cards is the interpreter's error too.
			return fmt.Sprintf("\t\tfor _, d := range r {\n\t\t\tdst = append(dst, int(rules.Must(%s, d)))\n\t\t}\n", where)
		case p.domain != domCard && isSeq(r) && typer.Equal(typer.Elem(r), typer.Int):
			return fmt.Sprintf("\t\tfor _, x := range r {\n\t\t\tdst = append(dst, rules.Part(%s, h, x, %s, %v))\n\t\t}\n", where, size(k, 0), p.domain == domPlayer)
		}
		return ""
	}
	tu, ok := typer.Elem(r).(typer.Tuple)
	if !isSeq(r) || !ok || len(tu.Elems) != len(k.parts) {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("\t\tfor _, x := range r {\n\t\t\ti := 0\n")
	for j, p := range k.parts {
		switch {
		case p.domain == domCard && typer.IsCard(tu.Elems[j]):
			fmt.Fprintf(&sb, "\t\t\ti = i*%s + int(x.F%d)\n", size(k, j), j)
		case p.domain != domCard && typer.Equal(tu.Elems[j], typer.Int):
			fmt.Fprintf(&sb, "\t\t\ti = i*%s + rules.Part(%s, h, x.F%d, %s, %v)\n", size(k, j), where, j, size(k, j), p.domain == domPlayer)
		default:
			return ""
		}
	}
	sb.WriteString("\t\t\tdst = append(dst, i)\n\t\t}\n")
	return sb.String()
}

// applyEntry is the body of an apply entry that decodes the argument of
// index arg and plays the action, "" when its parameter is of no form it
// knows.
func (c *goCompiler) applyEntry(k *kind, f *typer.FuncInfo) string {
	call := "\t\tb." + goFunc(f.Name) + "(h, int64(p)"
	if k.domain == domNone {
		if len(f.Params) != 2 {
			return ""
		}
		return call + ")\n"
	}
	if len(f.Params) != 3 {
		return ""
	}
	x := f.Params[2]
	if len(k.parts) == 1 {
		switch {
		case k.parts[0].domain == domCard && typer.IsCard(x):
			return call + ", int16(arg))\n"
		case k.parts[0].domain != domCard && typer.Equal(x, typer.Int):
			return call + ", int64(arg))\n"
		}
		return ""
	}
	tu, ok := x.(typer.Tuple)
	if !ok || len(tu.Elems) != len(k.parts) {
		return ""
	}
	gt, err := c.goType(tu)
	if err != nil {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "\t\tvar x %s\n", gt)
	for j := len(k.parts) - 1; j >= 0; j-- {
		p := k.parts[j]
		conv := "int64"
		if p.domain == domCard {
			conv = "int16"
		}
		if typer.IsCard(tu.Elems[j]) != (p.domain == domCard) || (p.domain != domCard && !typer.Equal(tu.Elems[j], typer.Int)) {
			return ""
		}
		fmt.Fprintf(&sb, "\t\tx.F%d = %s(arg %% %s)\n\t\targ /= %s\n", j, conv, size(k, j), size(k, j))
	}
	sb.WriteString(call + ", x)\n")
	return sb.String()
}

// size is the name, in bind, of the size of part j of kind k, which
// bind reads from the game (sizeVars declares them).
func size(k *kind, j int) string { return fmt.Sprintf("size_%s_%d", k.id, j) }

// sizeVars declares in bind the sizes of the parts of every action.
func (c *goCompiler) sizeVars(b *bytes.Buffer) {
	for _, k := range c.g.kinds {
		for j := range k.parts {
			fmt.Fprintf(b, "\t%s := g.PartSize(%q, %d)\n", size(k, j), k.id, j)
			fmt.Fprintf(b, "\t_ = %s\n", size(k, j))
		}
	}
}

func isSeq(t typer.Type) bool {
	switch t.(type) {
	case typer.List, typer.Seq:
		return true
	}
	return false
}
