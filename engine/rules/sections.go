package rules

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"go.starlark.net/starlark"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// SectionCode is a rulebook section and the rules functions that
// implement it, as their docstrings cite it (§id).
type SectionCode struct {
	Section *model.Section
	Funcs   []Func
	// TextOnly is why the section has no code, as TEXT_ONLY says; "" for
	// a section with code.
	TextOnly string
}

// Func is a function of the rules.
type Func struct {
	Name   string
	Pos    diag.Pos
	Params []string
	// Doc is its docstring, the citation (§id) left out.
	Doc string
}

// Map is the rulebook's sections, in order, each with the functions
// that implement it; then, with a nil Section, the functions that cite
// none.
func (g *Game) Map() []SectionCode {
	var out []SectionCode
	cited := map[string]bool{}
	for _, sec := range g.m.Sections {
		sc := SectionCode{Section: sec, TextOnly: g.textOnly[sec.ID]}
		for _, name := range g.cites[sec.ID] {
			sc.Funcs = append(sc.Funcs, g.funcInfo(name))
			cited[name] = true
		}
		out = append(out, sc)
	}
	var rest SectionCode
	for _, name := range slices.Sorted(maps.Keys(g.funcs)) {
		if !cited[name] {
			rest.Funcs = append(rest.Funcs, g.funcInfo(name))
		}
	}
	if len(rest.Funcs) > 0 {
		out = append(out, rest)
	}
	for _, sc := range out {
		sortByPos(sc.Funcs)
	}
	return out
}

func (g *Game) funcInfo(name string) Func {
	fn := g.funcs[name].(*starlark.Function)
	f := Func{Name: name}
	f.Pos, _ = g.prog.DefPos(name)
	for i := range fn.NumParams() {
		p, _ := fn.Param(i)
		f.Params = append(f.Params, p)
	}
	doc := strings.TrimSpace(fn.Doc())
	if id, ok := cited(doc); ok {
		doc = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(doc, "§"+id), ":"))
	}
	f.Doc = doc
	return f
}

// sortByPos puts functions in the order the rules' files define them.
func sortByPos(fs []Func) {
	slices.SortStableFunc(fs, func(a, b Func) int {
		return cmp.Or(strings.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line))
	})
}
