package gofpdf

import (
	"fmt"
	"strconv"
	"strings"
)

// appendf appends what fmt.Sprintf(format, args...) makes to b, without
// fmt for the verbs that documents write on every line (%d, %s, %.Nf,
// %0Nd, %%): fmt made a string for each line, and its arguments escaped to
// the heap. Anything else goes to fmt, through a copy of the argument
// made here (of the basic types documents pass), so that callers'
// arguments never escape.
func appendf(b []byte, format string, args ...any) []byte {
	n0 := len(b)
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		start := i
		i++
		if i < len(format) && format[i] == '%' {
			b = append(b, '%')
			continue
		}
		zero, flags := false, false
		for ; i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0; i++ {
			if format[i] == '0' && !zero && !flags {
				zero = true
			} else {
				flags = true
			}
		}
		width := 0
		for ; i < len(format) && '0' <= format[i] && format[i] <= '9'; i++ {
			width = width*10 + int(format[i]-'0')
		}
		prec := -1
		if i < len(format) && format[i] == '.' {
			prec = 0
			for i++; i < len(format) && '0' <= format[i] && format[i] <= '9'; i++ {
				prec = prec*10 + int(format[i]-'0')
			}
		}
		if i >= len(format) || next >= len(args) || !isLetter(format[i]) {
			// A missing argument, an argument index, a star: fmt says it.
			return fmt.Appendf(b[:n0], format, copyArgs(args)...)
		}
		verb := format[i]
		spec := format[start : i+1]
		arg := args[next]
		next++
		n := len(b)
		switch {
		case flags:
			b = fallback(b, spec, arg)
		case verb == 'd' && prec < 0 && (width == 0 || zero):
			v, ok := integer(arg)
			if !ok {
				b = fallback(b, spec, arg)
				break
			}
			b = strconv.AppendInt(b, v, 10)
			b = pad(b, n, width)
		case (verb == 'f' || verb == 'F') && prec >= 0 && width == 0 && !zero:
			v, ok := arg.(float64)
			if !ok {
				b = fallback(b, spec, arg)
				break
			}
			b = strconv.AppendFloat(b, v, 'f', prec, 64)
		case verb == 's' && prec < 0 && width == 0 && !zero:
			switch v := arg.(type) {
			case string:
				b = append(b, v...)
			case []byte:
				b = append(b, v...)
			default:
				b = fallback(b, spec, arg)
			}
		default:
			b = fallback(b, spec, arg)
		}
	}
	if next < len(args) {
		// Extra arguments: fmt says so.
		return fmt.Appendf(b[:n0], format, copyArgs(args)...)
	}
	return b
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// pad left-pads with zeros what was appended from n on to width
// characters, after any sign, as %0Nd does.
func pad(b []byte, n, width int) []byte {
	digits := len(b) - n
	if digits >= width {
		return b
	}
	sign := 0
	if b[n] == '-' {
		sign = 1
	}
	zeros := width - digits
	b = append(b, make([]byte, zeros)...)
	copy(b[n+sign+zeros:], b[n+sign:len(b)-zeros])
	for j := n + sign; j < n+sign+zeros; j++ {
		b[j] = '0'
	}
	return b
}

func integer(a any) (int64, bool) {
	switch v := a.(type) {
	case int:
		return int64(v), true
	case int64:
		return v, true
	case int32:
		return int64(v), true
	case int16:
		return int64(v), true
	case int8:
		return int64(v), true
	case uint8:
		return int64(v), true
	case uint16:
		return int64(v), true
	case uint32:
		return int64(v), true
	}
	return 0, false
}

// fallback formats one argument with fmt, through a copy of its value for
// the types documents use, so that the caller's does not escape.
func fallback(b []byte, verb string, a any) []byte {
	return fmt.Appendf(b, verb, copyArg(a))
}

func copyArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = copyArg(a)
	}
	return out
}

func copyArg(a any) any {
	switch v := a.(type) {
	case int:
		return v
	case int64:
		return v
	case int32:
		return v
	case uint8:
		return v
	case uint16:
		return v
	case uint32:
		return v
	case uint64:
		return v
	case float64:
		return v
	case float32:
		return v
	case string:
		return v
	case bool:
		return v
	}
	// No document passes another type; naming it would make every
	// argument escape.
	return "%!(unsupported type)"
}
