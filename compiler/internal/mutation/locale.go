package mutation

import (
	"regexp"
	"strings"
)

// msgSpan is where a message is written in a locale file.
type msgSpan struct {
	start, end int // bytes, end at the end of its last line
	lines      Lines
	table      bool // a [table] of keys, not key = value
}

// lineOffset returns the offset of line n (from 1) of s.
func lineOffset(s string, n int) (int, bool) {
	off := 0
	for l := 1; l < n; l++ {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	return off, true
}

// messageSpan finds the message whose key is on line n of a TOML locale
// file: a [table] runs to the next table header (its trailing blank and
// comment lines left out), a key = value to the end of the value.
func messageSpan(raw string, n int) (msgSpan, bool) {
	start, ok := lineOffset(raw, n)
	if !ok || n < 1 {
		return msgSpan{}, false
	}
	ms := msgSpan{start: start, table: strings.HasPrefix(strings.TrimLeft(raw[start:], " \t"), "[")}
	var end int
	if ms.table {
		end = tableEnd(raw, lineEnd(raw, start))
	} else {
		end = valueEnd(raw, start)
	}
	ms.end = end
	ms.lines = Lines{n, n + strings.Count(raw[start:end], "\n")}
	return ms, true
}

// tableEnd returns the end of the last key line of the table whose header
// ends at i.
func tableEnd(raw string, i int) int {
	last := i
	for i < len(raw) {
		// i is at a newline: look at the next line.
		ls := i + 1
		if ls >= len(raw) {
			break
		}
		line := strings.TrimLeft(raw[ls:lineEnd(raw, ls)], " \t")
		switch {
		case strings.HasPrefix(line, "["):
			return last
		case line == "" || strings.HasPrefix(line, "#"):
			i = lineEnd(raw, ls)
			continue
		}
		i = valueEnd(raw, ls)
		last = i
	}
	return last
}

// valueEnd returns the end of the line where the key = value starting at
// ls ends, past a multi-line string.
func valueEnd(raw string, ls int) int {
	le := lineEnd(raw, ls)
	_, v, ok := strings.Cut(raw[ls:le], "=")
	if !ok {
		return le
	}
	v = strings.TrimSpace(v)
	for _, q := range []string{`"""`, `'''`} {
		if strings.HasPrefix(v, q) && strings.Count(v, q) == 1 {
			if j := closing(raw, le, q); j >= 0 {
				return lineEnd(raw, j)
			}
			return len(raw)
		}
	}
	return le
}

// closing returns the offset of the delimiter q closing a multi-line
// string, searching from i.
func closing(raw string, i int, q string) int {
	for i < len(raw) {
		j := strings.Index(raw[i:], q)
		if j < 0 {
			return -1
		}
		j += i
		if q == `"""` && escaped(raw, j) {
			i = j + 1
			continue
		}
		// """" closes with the extra quote part of the text.
		for j+len(q) < len(raw) && raw[j+len(q)] == q[0] {
			j++
		}
		return j
	}
	return -1
}

// escaped reports whether the byte at j follows an odd run of backslashes.
func escaped(raw string, j int) bool {
	n := 0
	for k := j - 1; k >= 0 && raw[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

// formOffset returns the offset of a form's text in the file: after the
// key of the form within the message, the text as written between its
// quotes. It fails for a text written with escapes, which would not read
// the same.
func formOffset(raw string, ms msgSpan, txt, form string) (int, bool) {
	body := raw[ms.start:ms.end]
	var at int
	switch {
	case ms.table:
		loc := regexp.MustCompile(`(?m)^[ \t]*"?` + regexp.QuoteMeta(form) + `"?[ \t]*=[ \t]*`).FindStringIndex(body)
		if loc == nil {
			return 0, false
		}
		at = loc[1]
	default:
		_, v, _ := strings.Cut(body, "=")
		v = strings.TrimLeft(v, " \t")
		at = len(body) - len(v)
		if strings.HasPrefix(v, "{") {
			loc := regexp.MustCompile(`[{,][ \t]*"?` + regexp.QuoteMeta(form) + `"?[ \t]*=[ \t]*`).FindStringIndex(body)
			if loc == nil {
				return 0, false
			}
			at = loc[1]
		} else if form != "other" {
			return 0, false
		}
	}
	rest := body[at:]
	for _, q := range []string{`"""`, `'''`, `"`, `'`} {
		if !strings.HasPrefix(rest, q) {
			continue
		}
		vs := at + len(q)
		if len(q) == 3 {
			if strings.HasPrefix(body[vs:], "\r\n") {
				vs += 2
			} else if strings.HasPrefix(body[vs:], "\n") {
				vs++
			}
		}
		if strings.HasPrefix(body[vs:], txt) && strings.HasPrefix(body[vs+len(txt):], q) {
			return ms.start + vs, true
		}
		return 0, false
	}
	return 0, false
}
