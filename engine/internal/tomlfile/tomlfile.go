// Package tomlfile reads the small TOML files users give the engines (score
// files): the decoded document, and the line and column of any of its
// keys and values for diagnostics.
package tomlfile

import (
	"errors"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// File is a decoded TOML file.
type File struct {
	Name string
	Data map[string]any
	idx  *tomlpos.Index
}

// Decode parses src; a syntax error comes back as a diagnostic at its
// position, with a nil File, and so does input past tomlpos's limits,
// which is never parsed: the parser's cost grows with the square of its
// nesting.
func Decode(name string, src []byte) (*File, diag.List) {
	src = tomlpos.LF(src) // a score file saved on Windows is the same text
	var d diag.List
	if e := tomlpos.DefaultLimits().Check(src); e != nil {
		d.Errorf(diag.Pos{File: name, Line: e.Pos.Line, Col: e.Pos.Col}, diag.InputLimit, "%s", e.Msg)
		return nil, d
	}
	var data map[string]any
	if _, err := toml.Decode(string(src), &data); err != nil {
		pos := diag.Pos{File: name}
		var perr toml.ParseError
		if errors.As(err, &perr) {
			pos.Line, pos.Col = perr.Position.Line, perr.Position.Col
		}
		msg, _, _ := strings.Cut(err.Error(), "\n")
		d.Errorf(pos, diag.Syntax, "%s", msg)
		return nil, d
	}
	return &File{Name: name, Data: data, idx: tomlpos.New(src)}, nil
}

// Pos is where the value of path stands, or its key when key is set or the
// value has no position of its own; the start of the file when path is
// unknown.
func (f *File) Pos(path string, key bool) diag.Pos {
	p, ok := f.idx.Value(path)
	if key || !ok {
		if kp, kok := f.idx.Key(path); kok {
			p, ok = kp, true
		}
	}
	if !ok {
		return diag.Pos{File: f.Name, Line: 1, Col: 1}
	}
	return diag.Pos{File: f.Name, Line: p.Line, Col: p.Col}
}

// Players returns the [[player]] tables a score file is made of. Any
// other top-level key, and a file without them, is reported to d; what
// says what each player gives, for the message.
func (f *File) Players(d *diag.List, what string) ([]map[string]any, bool) {
	for k := range f.Data {
		if k != "player" {
			d.Errorf(f.Pos(k, true), diag.UnknownKey, "unknown key %q (a score file holds [[player]] tables)", k)
		}
	}
	list, ok := f.Data["player"].([]map[string]any)
	if _, there := f.Data["player"]; there && !ok {
		d.Errorf(f.Pos("player", true), diag.WrongType, "no [[player]] tables: player must be an array of tables ([[player]])")
	} else if !ok {
		d.Errorf(diag.Pos{File: f.Name, Line: 1, Col: 1}, diag.MissingKey, "no [[player]] tables: %s", what)
	}
	return list, ok
}
