package compiler

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"go.starlark.net/syntax"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// rulesFiles reads the game's rules, the .star files of its directory in
// name order, hashing each into h as the data files are. Each must parse
// as the rules language's dialect of Starlark, and none may load another:
// the files of a game are read together, and nothing outside the game's
// directory is reachable.
func rulesFiles(fsys fs.FS, dir, prefix string, h hasher, d *diag.List) []*model.RulesFile {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".star") {
			names = append(names, path.Join(dir, e.Name()))
		}
	}
	slices.Sort(names)
	var out []*model.RulesFile
	for _, f := range names {
		raw, err := readFile(fsys, f)
		if err != nil {
			d.Errorf(diag.Pos{File: prefix + f}, diag.BadTree, "cannot read: %v", unwrapPath(err))
			continue
		}
		h.Write([]byte(f + "\x00"))
		h.Write(raw)
		if parseRules(prefix+f, raw, d) {
			out = append(out, &model.RulesFile{Name: prefix + f, Src: string(raw)})
		}
	}
	return out
}

// rulesDialect is the Starlark the rules are written in: the language's
// standard dialect, so no while loop, no recursion and no statement at the
// top level outside a function but definitions and assignments. Every
// loop is over something finite, and a step budget bounds the rest.
func rulesDialect() *syntax.FileOptions { return &syntax.FileOptions{} }

// parseRules reports whether a rules file parses, reporting why not.
func parseRules(name string, raw []byte, d *diag.List) bool {
	if !utf8.Valid(raw) {
		d.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, diag.RulesSyntax, "a rules file must be UTF-8 text")
		return false
	}
	f, err := rulesDialect().Parse(name, raw, 0)
	if err != nil {
		var se syntax.Error
		if errors.As(err, &se) {
			d.Errorf(bytePos(name, raw, se.Pos), diag.RulesSyntax, "%s", se.Msg)
		} else {
			d.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, diag.RulesSyntax, "%v", err)
		}
		return false
	}
	ok := true
	for _, st := range f.Stmts {
		if l, isLoad := st.(*syntax.LoadStmt); isLoad {
			d.Errorf(bytePos(name, raw, l.Load), diag.RulesSyntax, "a rules file loads nothing: every .star file of the game's directory is read with the others")
			ok = false
		}
	}
	return ok
}

// bytePos turns Starlark's position, whose column counts characters, into
// a diagnostic's, whose column counts bytes as every other diagnostic's
// does.
func bytePos(name string, raw []byte, p syntax.Position) diag.Pos {
	line, col := int(p.Line), int(p.Col)
	if line < 1 {
		return diag.Pos{File: name, Line: 1, Col: 1}
	}
	start := 0
	for l := 1; l < line && start < len(raw); l++ {
		i := bytes.IndexByte(raw[start:], '\n')
		if i < 0 {
			start = len(raw)
			break
		}
		start += i + 1
	}
	b := start
	for c := 1; c < col && b < len(raw) && raw[b] != '\n'; c++ {
		_, n := utf8.DecodeRune(raw[b:])
		b += n
	}
	return diag.Pos{File: name, Line: line, Col: b - start + 1}
}
