// Package tomlpos finds where each key and value of a TOML document stands.
//
// The TOML decoder reports positions only for syntax errors and keys them by
// name without array indices, so every element of an array of tables would
// share one position. The compiler reports errors found long after decoding
// (a duplicate id in the third card, a dangling reference in a cost list), so
// it needs the position of any path. Index scans a document that the decoder
// has already accepted and records the key and value position of every path,
// written as "card[3].cost[1]". On text that is not valid TOML it records
// what it can and never panics.
package tomlpos

import (
	"strconv"
	"strings"
)

// Pos is a 1-based line and byte column.
type Pos struct{ Line, Col int }

// Index maps canonical paths to positions.
type Index struct {
	keys   map[string]Pos
	values map[string]Pos
}

// Key returns the position of the key of path (for a table from a header,
// the header; for an element of an inline array, the element), and false
// when path is not known.
func (x *Index) Key(path string) (Pos, bool) {
	if p, ok := x.keys[path]; ok {
		return p, true
	}
	p, ok := x.values[path]
	return p, ok
}

// Value returns the position of the value of path, falling back to its key.
func (x *Index) Value(path string) (Pos, bool) {
	if p, ok := x.values[path]; ok {
		return p, true
	}
	p, ok := x.keys[path]
	return p, ok
}

// Join appends a key to a path, quoting nothing: paths are for lookups, not
// for printing back as TOML.
func Join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Elem appends an array index to a path.
func Elem(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// New indexes src.
func New(src []byte) *Index {
	s := &scanner{src: src, line: 1, col: 1, aot: map[string]int{},
		x: &Index{keys: map[string]Pos{}, values: map[string]Pos{}}}
	s.document()
	return s.x
}

type scanner struct {
	src       []byte
	off       int
	line, col int
	table     string         // resolved path of the current table
	aot       map[string]int // resolved array-of-tables path to its length
	x         *Index
	depth     int
}

const maxDepth = 200 // nesting beyond this is not indexed, so hostile input cannot exhaust the stack

func (s *scanner) pos() Pos { return Pos{s.line, s.col} }

func (s *scanner) peek(n int) byte {
	if s.off+n < len(s.src) {
		return s.src[s.off+n]
	}
	return 0
}

func (s *scanner) eof() bool { return s.off >= len(s.src) }

func (s *scanner) next() {
	if s.eof() {
		return
	}
	if s.src[s.off] == '\n' {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
	s.off++
}

func (s *scanner) has(prefix string) bool {
	return strings.HasPrefix(string(s.src[s.off:min(len(s.src), s.off+len(prefix))]), prefix)
}

// space skips blanks, and newlines and comments too when nl is set.
func (s *scanner) space(nl bool) {
	for !s.eof() {
		switch c := s.peek(0); {
		case c == ' ' || c == '\t' || c == '\r':
			s.next()
		case c == '\n' && nl:
			s.next()
		case c == '#' && nl:
			for !s.eof() && s.peek(0) != '\n' {
				s.next()
			}
		default:
			return
		}
	}
}

func (s *scanner) skipLine() {
	for !s.eof() && s.peek(0) != '\n' {
		s.next()
	}
}

func (s *scanner) document() {
	for {
		s.space(true)
		if s.eof() {
			return
		}
		start := s.off
		switch {
		case s.has("[["):
			p := s.pos()
			s.next()
			s.next()
			parts := s.keyParts()
			s.space(false)
			s.next()
			s.next()
			if len(parts) > 0 {
				full := s.resolve("", parts[:len(parts)-1])
				full = Join(full, parts[len(parts)-1])
				n := s.aot[full]
				s.aot[full] = n + 1
				s.table = Elem(full, n)
				s.x.keys[s.table] = p
				if _, ok := s.x.keys[full]; !ok {
					s.x.keys[full] = p
				}
			}
		case s.peek(0) == '[':
			p := s.pos()
			s.next()
			parts := s.keyParts()
			s.space(false)
			s.next()
			if len(parts) > 0 {
				s.table = s.resolve("", parts)
				s.x.keys[s.table] = p
				// implicit parent tables stand where they are first opened
				for i := 1; i < len(parts); i++ {
					if q := s.resolve("", parts[:i]); q != "" {
						if _, ok := s.x.keys[q]; !ok {
							s.x.keys[q] = p
						}
					}
				}
			}
		default:
			s.keyValue(s.table)
		}
		if s.off == start { // not TOML we understand: move on
			s.skipLine()
			s.next()
		}
	}
}

// resolve turns header key parts into a path, stepping into the last
// element of any array of tables on the way.
func (s *scanner) resolve(base string, parts []string) string {
	p := base
	for _, k := range parts {
		p = Join(p, k)
		if n, ok := s.aot[p]; ok && n > 0 {
			p = Elem(p, n-1)
		}
	}
	return p
}

// keyParts reads a dotted key.
func (s *scanner) keyParts() []string {
	var parts []string
	for {
		s.space(false)
		k, ok := s.key()
		if !ok {
			return parts
		}
		parts = append(parts, k)
		s.space(false)
		if s.peek(0) != '.' {
			return parts
		}
		s.next()
	}
}

func (s *scanner) key() (string, bool) {
	switch c := s.peek(0); {
	case c == '"' || c == '\'':
		start := s.off + 1
		s.next()
		for !s.eof() && s.peek(0) != c && s.peek(0) != '\n' {
			if c == '"' && s.peek(0) == '\\' {
				s.next()
			}
			s.next()
		}
		k := string(s.src[start:min(s.off, len(s.src))])
		s.next()
		if c == '"' {
			if u, err := strconv.Unquote(`"` + k + `"`); err == nil {
				k = u
			}
		}
		return k, true
	case isBare(c):
		start := s.off
		for isBare(s.peek(0)) {
			s.next()
		}
		return string(s.src[start:s.off]), true
	}
	return "", false
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// keyValue reads "key = value" and records it under base.
func (s *scanner) keyValue(base string) {
	p := s.pos()
	parts := s.keyParts()
	if len(parts) == 0 {
		return
	}
	path := base
	for _, k := range parts {
		path = Join(path, k)
		if _, ok := s.x.keys[path]; !ok {
			s.x.keys[path] = p
		}
	}
	s.space(false)
	if s.peek(0) != '=' {
		return
	}
	s.next()
	s.space(false)
	s.value(path)
}

func (s *scanner) value(path string) {
	s.x.values[path] = s.pos()
	s.depth++
	defer func() { s.depth-- }()
	if s.depth > maxDepth {
		s.skipLine()
		return
	}
	switch c := s.peek(0); {
	case c == '[':
		s.next()
		for i := 0; ; i++ {
			s.space(true)
			if s.eof() || s.peek(0) == ']' {
				break
			}
			start := s.off
			s.value(Elem(path, i))
			s.space(true)
			if s.peek(0) == ',' {
				s.next()
			} else if s.off == start {
				break
			}
		}
		s.next()
	case c == '{':
		s.next()
		for {
			s.space(false)
			if s.eof() || s.peek(0) == '}' || s.peek(0) == '\n' {
				break
			}
			start := s.off
			s.keyValue(path)
			s.space(false)
			if s.peek(0) == ',' {
				s.next()
			} else if s.off == start {
				break
			}
		}
		s.next()
	case s.has(`"""`) || s.has(`'''`):
		q := c
		s.next()
		s.next()
		s.next()
		for !s.eof() {
			if q == '"' && s.peek(0) == '\\' {
				s.next()
				s.next()
				continue
			}
			if s.peek(0) == q && s.peek(1) == q && s.peek(2) == q {
				// up to two quotes may stand just inside the delimiter
				for s.peek(3) == q {
					s.next()
				}
				s.next()
				s.next()
				s.next()
				return
			}
			s.next()
		}
	case c == '"' || c == '\'':
		s.next()
		for !s.eof() && s.peek(0) != c && s.peek(0) != '\n' {
			if c == '"' && s.peek(0) == '\\' {
				s.next()
			}
			s.next()
		}
		s.next()
	default:
		for !s.eof() {
			switch s.peek(0) {
			case ',', ']', '}', '\n', '#':
				return
			}
			s.next()
		}
	}
}
