package tomlpos

import (
	"bytes"
	"fmt"
)

// Limits bound the shape of a TOML document before it is parsed. The TOML
// decoder spends memory quadratic in nesting depth and in the parts of a
// dotted key: a value nested 20,000 deep in 80 KB exhausts memory, a
// 10,000-part key takes over a gigabyte. A linear scan rejects such input
// first, at the place where a limit is crossed.
type Limits struct {
	Nesting  int // arrays and inline tables open inside one another
	KeyParts int // parts of one dotted key or table header
	KeyLen   int // bytes of one bare or quoted key part
}

// DefaultLimits are far beyond what any game's data or score file needs.
func DefaultLimits() Limits { return Limits{Nesting: 32, KeyParts: 32, KeyLen: 1024} }

// LimitError is a document past one of its limits.
type LimitError struct {
	Pos Pos // where the limit is crossed
	Msg string
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
}

// Check scans src once, aware of strings and comments, and reports the
// first place where it crosses a limit, or nil. Text that is not TOML is
// scanned as well as it can be: rejecting it is the decoder's job.
func (l Limits) Check(src []byte) *LimitError {
	s := limitScanner{src: src, lim: l}
	return s.run()
}

type limitScanner struct {
	src   []byte
	off   int
	lim   Limits
	stack []byte // the '[' and '{' open around off
}

// at turns a byte offset into a position; only an error needs one, so
// lines are counted then and not along the way.
func (s *limitScanner) at(off int, format string, args ...any) *LimitError {
	before := s.src[:off]
	line := 1 + bytes.Count(before, []byte("\n"))
	col := off - bytes.LastIndexByte(before, '\n')
	return &LimitError{Pos: Pos{line, col}, Msg: fmt.Sprintf(format, args...)}
}

func (s *limitScanner) run() *LimitError {
	// A key may start a line outside any value, or follow '{' or ',' in
	// an inline table; anywhere else the scanner is in a value.
	wantKey := true
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.off++
		case c == '\n':
			s.off++
			if len(s.stack) == 0 {
				wantKey = true
			}
		case c == '#':
			if i := bytes.IndexByte(s.src[s.off:], '\n'); i >= 0 {
				s.off += i
			} else {
				s.off = len(s.src)
			}
		case wantKey && len(s.stack) == 0 && c == '[':
			s.off++
			if s.off < len(s.src) && s.src[s.off] == '[' {
				s.off++
			}
			if err := s.key("a table header"); err != nil {
				return err
			}
			wantKey = false // the closing brackets are skipped as a value
		case wantKey:
			if err := s.key("a key"); err != nil {
				return err
			}
			wantKey = false
			if s.off < len(s.src) && s.src[s.off] == '=' {
				s.off++
			}
		case c == '[' || c == '{':
			if len(s.stack) >= s.lim.Nesting {
				return s.at(s.off, "arrays and inline tables nested more than %d deep", s.lim.Nesting)
			}
			s.stack = append(s.stack, c)
			s.off++
			wantKey = c == '{'
		case c == ']' || c == '}':
			if n := len(s.stack); n > 0 {
				s.stack = s.stack[:n-1]
			}
			s.off++
		case c == ',':
			s.off++
			wantKey = len(s.stack) > 0 && s.stack[len(s.stack)-1] == '{'
		case c == '"' || c == '\'':
			s.skipString()
		default:
			s.off++
		}
	}
	return nil
}

// key reads a dotted key, counting its parts and measuring each. It stops
// at the first byte that cannot continue the key, having read nothing when
// no key stands at off.
func (s *limitScanner) key(what string) *LimitError {
	for parts := 1; ; parts++ {
		s.blanks()
		start := s.off
		n, ok := s.keyPart()
		if !ok {
			return nil
		}
		if parts > s.lim.KeyParts {
			return s.at(start, "%s of more than %d dotted parts", what, s.lim.KeyParts)
		}
		if n > s.lim.KeyLen {
			return s.at(start, "a key longer than %d bytes", s.lim.KeyLen)
		}
		s.blanks()
		if s.off >= len(s.src) || s.src[s.off] != '.' {
			return nil
		}
		s.off++
	}
}

func (s *limitScanner) blanks() {
	for s.off < len(s.src) && (s.src[s.off] == ' ' || s.src[s.off] == '\t') {
		s.off++
	}
}

// keyPart reads one bare or quoted key part and returns its length
// without quotes. Bytes past ASCII count as bare, so that a decoder
// accepting Unicode keys cannot slip past.
func (s *limitScanner) keyPart() (int, bool) {
	if s.off >= len(s.src) {
		return 0, false
	}
	start := s.off
	switch c := s.src[s.off]; {
	case c == '"' || c == '\'':
		s.skipString()
		return max(s.off-start-2, 0), true
	case isBare(c) || c >= 0x80:
		for s.off < len(s.src) && (isBare(s.src[s.off]) || s.src[s.off] >= 0x80) {
			s.off++
		}
		return s.off - start, true
	}
	return 0, false
}

// skipString moves past the string at off: basic or literal, on one line
// or on many. An unterminated one-line string ends before its newline.
func (s *limitScanner) skipString() {
	q := s.src[s.off]
	if bytes.HasPrefix(s.src[s.off:], []byte{q, q, q}) {
		s.off += 3
		for s.off < len(s.src) {
			switch s.src[s.off] {
			case '\\':
				if q == '"' {
					s.off++
				}
			case q:
				if bytes.HasPrefix(s.src[s.off:], []byte{q, q, q}) {
					s.off += 3
					// up to two quotes may stand just inside the delimiter
					for i := 0; i < 2 && s.off < len(s.src) && s.src[s.off] == q; i++ {
						s.off++
					}
					return
				}
			}
			s.off++
		}
		s.off = len(s.src)
		return
	}
	s.off++
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case '\n':
			return
		case '\\':
			// an escape takes the next byte, but never the line's end
			if q == '"' && s.off+1 < len(s.src) && s.src[s.off+1] != '\n' {
				s.off++
			}
		case q:
			s.off++
			return
		}
		s.off++
	}
	s.off = len(s.src)
}
