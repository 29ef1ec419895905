package compiler

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/editdist"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// source is one decoded TOML file with its position index.
type source struct {
	name string // as printed in diagnostics
	idx  *tomlpos.Index
	data map[string]any
	raw  []byte
	// lines holds where each line of raw starts, once lineAt needs it.
	lines []int
}

// node is a decoded value and where it stands.
type node struct {
	src  *source
	path string
	v    any
}

func (n node) pos() diag.Pos {
	p, _ := n.src.idx.Value(n.path)
	return diag.Pos{File: n.src.name, Line: p.Line, Col: p.Col}
}

func (n node) keyPos() diag.Pos {
	p, ok := n.src.idx.Key(n.path)
	if !ok {
		return n.pos()
	}
	return diag.Pos{File: n.src.name, Line: p.Line, Col: p.Col}
}

// tomlType names a decoded value's TOML type for messages.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64:
		return "integer"
	case float64:
		return "float"
	case bool:
		return "boolean"
	case []any, []map[string]any:
		return "array"
	case map[string]any:
		return "table"
	}
	return "date-time"
}

// obj reads one table, remembering which keys were read so that the rest
// can be reported as unknown.
type obj struct {
	node
	m       map[string]any
	used    map[string]bool
	missing []string // required keys not found, reported by done
	diags   *diag.List
}

func asObj(n node, d *diag.List) (*obj, bool) {
	m, ok := n.v.(map[string]any)
	if !ok {
		d.Errorf(n.pos(), diag.WrongType, "%s must be a table, not %s", n.path, tomlType(n.v))
		return nil, false
	}
	return &obj{node: n, m: m, used: map[string]bool{}, diags: d}, true
}

func (o *obj) child(key string) node {
	return node{src: o.src, path: tomlpos.Join(o.path, key), v: o.m[key]}
}

// get returns the node of key, reporting a missing required key.
func (o *obj) get(key string, required bool) (node, bool) {
	o.used[key] = true
	if _, ok := o.m[key]; !ok {
		if required {
			o.missing = append(o.missing, key)
		}
		return node{}, false
	}
	return o.child(key), true
}

func (o *obj) str(key string, required bool) (string, node, bool) {
	n, ok := o.get(key, required)
	if !ok {
		return "", n, false
	}
	s, ok := n.v.(string)
	if !ok {
		o.diags.Errorf(n.pos(), diag.WrongType, "%s must be a string, not %s", key, tomlType(n.v))
	}
	return s, n, ok
}

func (o *obj) integer(key string, required bool) (int, node, bool) {
	n, ok := o.get(key, required)
	if !ok {
		return 0, n, false
	}
	i, ok := n.v.(int64)
	if !ok {
		o.diags.Errorf(n.pos(), diag.WrongType, "%s must be an integer, not %s", key, tomlType(n.v))
		return 0, n, false
	}
	if i < -1<<31 || i > 1<<31-1 {
		o.diags.Errorf(n.pos(), diag.BadValue, "%s is out of range: %d", key, i)
		return 0, n, false
	}
	return int(i), n, true
}

func (o *obj) boolean(key string) (bool, bool) {
	n, ok := o.get(key, false)
	if !ok {
		return false, false
	}
	b, ok := n.v.(bool)
	if !ok {
		o.diags.Errorf(n.pos(), diag.WrongType, "%s must be a boolean, not %s", key, tomlType(n.v))
	}
	return b, ok
}

// strList reads an array of strings.
func (o *obj) strList(key string, required bool) ([]string, []node) {
	n, ok := o.get(key, required)
	if !ok {
		return nil, nil
	}
	items, ok := n.v.([]any)
	if !ok {
		o.diags.Errorf(n.pos(), diag.WrongType, "%s must be an array of strings, not %s", key, tomlType(n.v))
		return nil, nil
	}
	var out []string
	var nodes []node
	for i, it := range items {
		e := node{src: o.src, path: tomlpos.Elem(n.path, i), v: it}
		s, ok := it.(string)
		if !ok {
			o.diags.Errorf(e.pos(), diag.WrongType, "%s must hold strings, not %s", key, tomlType(it))
			continue
		}
		out = append(out, s)
		nodes = append(nodes, e)
	}
	return out, nodes
}

// id reads the required "id" key and checks its form.
func (o *obj) id() (string, node, bool) {
	s, n, ok := o.str("id", true)
	if !ok {
		return "", n, false
	}
	if !validID(s) {
		o.diags.Errorf(n.pos(), diag.BadID, "id %q must be a lower-case identifier (a-z, 0-9, _; starting with a letter)", s)
		return s, n, false
	}
	return s, n, true
}

// nameID reads the id of something the locales name, which is a part of
// its message ids (card.<id>, <enum>.<value>, rules.<id>.title): go-i18n
// reads a table's plural forms and its other reserved keys as a message,
// so such a part would turn the table of messages into one message.
func (o *obj) nameID() (string, node, bool) {
	s, n, ok := o.id()
	if ok && slices.Contains(messageKeys(), s) {
		o.diags.Errorf(n.pos(), diag.BadID, "id %q cannot name a message: go-i18n reads %s as keys of a message, not ids; choose another id", s, strings.Join(messageKeys(), ", "))
		return s, n, false
	}
	return s, n, ok
}

// done reports every key that was not read, except those in extra, and
// every required key that is missing. A missing key that an unknown key
// looks like a misspelling of is reported once, as the unknown key.
func (o *obj) done(extra ...string) {
	keys := make([]string, 0, len(o.m))
	for k := range o.m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	meant := map[string]bool{}
	for _, k := range keys {
		if o.used[k] || slices.Contains(extra, k) {
			continue
		}
		hint := suggest(k, o.known())
		for _, m := range o.missing {
			if suggest(k, []string{m}) != "" {
				meant[m] = true
				hint = fmt.Sprintf(" (did you mean %q?)", m)
			}
		}
		o.diags.Errorf(o.child(k).keyPos(), diag.UnknownKey, "unknown key %q in %s%s", k, o.name(), hint)
	}
	for _, m := range o.missing {
		if !meant[m] {
			o.diags.Errorf(o.keyPos(), diag.MissingKey, "%s has no %q", o.name(), m)
		}
	}
	o.missing = nil
}

// name describes the table for messages: its kind and id when it has one.
func (o *obj) name() string {
	kind := o.path
	if i := strings.LastIndexAny(kind, ".]"); i >= 0 && kind[i] == ']' {
		if j := strings.LastIndex(kind, "["); j >= 0 {
			kind = kind[:j]
			if k := strings.LastIndex(kind, "."); k >= 0 {
				kind = kind[k+1:]
			}
		}
	}
	if id, ok := o.m["id"].(string); ok && id != "" {
		return fmt.Sprintf("%s %q", kind, id)
	}
	return describe(o.path)
}

func (o *obj) known() []string {
	var k []string
	for key := range o.used {
		k = append(k, key)
	}
	sort.Strings(k)
	return k
}

// tables returns the elements of the array of tables at key of a file.
func tables(src *source, key string, d *diag.List) []node {
	v, ok := src.data[key]
	if !ok {
		return nil
	}
	return elems(node{src: src, path: key, v: v}, d)
}

// elems returns the elements of an array of tables ([[key]] in TOML).
func elems(n node, d *diag.List) []node {
	var out []node
	switch arr := n.v.(type) {
	case []map[string]any:
		for i, m := range arr {
			out = append(out, node{src: n.src, path: tomlpos.Elem(n.path, i), v: m})
		}
	case []any:
		for i, m := range arr {
			out = append(out, node{src: n.src, path: tomlpos.Elem(n.path, i), v: m})
		}
	default:
		d.Errorf(n.keyPos(), diag.WrongType, "%s must be an array of tables ([[%s]]), not %s", n.path, n.path, tomlType(n.v))
	}
	return out
}

func validID(s string) bool { return model.IsID(s) }

// describe turns "card[3]" into "card #4" for messages.
func describe(path string) string {
	if path == "" {
		return "the file"
	}
	return path
}

// suggest is " (did you mean "x"?)" for the known name closest to a
// misspelt one, or "".
func suggest(got string, known []string) string { return editdist.Suggest(got, known) }
