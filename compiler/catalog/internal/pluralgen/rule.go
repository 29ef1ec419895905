package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A cond is a CLDR plural condition: relations joined by "and", those by
// "or". Converted for whole numbers, a condition may also be one that
// always or never holds.
type cond struct {
	kind kind
	kids []cond // of and, or
	rel  relation
}

type kind int

const (
	rel kind = iota
	and
	or
	always
	never
)

// relation is "operand [% mod] = list" or, neg, "!= list".
type relation struct {
	operand string
	mod     int // 0: none
	neg     bool
	list    []span
}

// span is a value (lo == hi) or a range lo..hi of a list.
type span struct{ lo, hi int }

// parse reads the condition of a CLDR rule; the samples after "@" are
// left out.
func parse(text string) (cond, error) {
	text, _, _ = strings.Cut(text, "@")
	toks := strings.Fields(text)
	if len(toks) == 0 {
		return cond{}, errors.New("empty condition")
	}
	var ors, ands []cond
	for {
		r, rest, err := parseRelation(toks)
		if err != nil {
			return cond{}, fmt.Errorf("%q: %w", text, err)
		}
		ands = append(ands, cond{kind: rel, rel: r})
		if len(rest) == 0 {
			break
		}
		switch rest[0] {
		case "and":
		case "or":
			ors = append(ors, cond{kind: and, kids: ands})
			ands = nil
		default:
			return cond{}, fmt.Errorf("%q: %q where and or or belongs", text, rest[0])
		}
		toks = rest[1:]
	}
	ors = append(ors, cond{kind: and, kids: ands})
	return cond{kind: or, kids: ors}, nil
}

func parseRelation(toks []string) (relation, []string, error) {
	var r relation
	if len(toks) < 3 {
		return r, nil, errors.New("a relation cut short")
	}
	r.operand, toks = toks[0], toks[1:]
	if !strings.Contains("nivwftce", r.operand) || len(r.operand) != 1 {
		return r, nil, fmt.Errorf("unknown operand %q", r.operand)
	}
	if toks[0] == "%" {
		m, err := strconv.Atoi(toks[1])
		if err != nil || m <= 0 {
			return r, nil, fmt.Errorf("modulus %q", toks[1])
		}
		r.mod, toks = m, toks[2:]
	}
	if len(toks) < 2 {
		return r, nil, errors.New("a relation cut short")
	}
	switch toks[0] {
	case "=":
	case "!=":
		r.neg = true
	default:
		return r, nil, fmt.Errorf("unknown operator %q", toks[0])
	}
	for item := range strings.SplitSeq(toks[1], ",") {
		a, b, isRange := strings.Cut(item, "..")
		if !isRange {
			b = a
		}
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || lo > hi {
			return r, nil, fmt.Errorf("bad value or range %q", item)
		}
		r.list = append(r.list, span{lo, hi})
	}
	return r, toks[2:], nil
}

// integer is the condition for a whole number n: i is n, and the operands
// of fraction digits (v, w, f, t) and of compact exponents (c, e) are 0,
// so relations on them always or never hold and drop out.
func (x cond) integer() cond {
	switch x.kind {
	case rel:
		if x.rel.operand == "n" || x.rel.operand == "i" {
			r := x.rel
			r.operand = "n"
			return cond{kind: rel, rel: r}
		}
		if x.rel.holds(0) {
			return cond{kind: always}
		}
		return cond{kind: never}
	case and, or:
		// and: never wins and always drops out; or: the other way round.
		wins, drops := never, always
		if x.kind == or {
			wins, drops = always, never
		}
		var kids []cond
		for _, k := range x.kids {
			switch k = k.integer(); k.kind {
			case wins:
				return k
			case drops:
			default:
				kids = append(kids, k)
			}
		}
		switch len(kids) {
		case 0:
			return cond{kind: drops}
		case 1:
			return kids[0]
		}
		return cond{kind: x.kind, kids: kids}
	}
	return x
}

// holds evaluates the relation for an operand's value.
func (r relation) holds(v int) bool {
	if r.mod != 0 {
		v %= r.mod
	}
	in := false
	for _, s := range r.list {
		in = in || (v >= s.lo && v <= s.hi)
	}
	return in != r.neg
}

// not is the negation of a condition, by De Morgan's laws.
func (x cond) not() cond {
	switch x.kind {
	case rel:
		x.rel.neg = !x.rel.neg
		return x
	case always:
		return cond{kind: never}
	case never:
		return cond{kind: always}
	}
	y := cond{kind: and}
	if x.kind == and {
		y.kind = or
	}
	for _, k := range x.kids {
		y.kids = append(y.kids, k.not())
	}
	return y
}

// c writes a condition converted by integer as a C expression inside
// the operator ctx ("||", "&&" or none); a mix of && and || is
// parenthesized, as compilers advise.
func (x cond) c(ctx string) string {
	var s, top string
	switch x.kind {
	case always:
		return "1"
	case never:
		return "0"
	case rel:
		s, top = x.rel.c()
	default:
		top = "&&"
		if x.kind == or {
			top = "||"
		}
		parts := make([]string, len(x.kids))
		for i, k := range x.kids {
			parts[i] = k.c(top)
		}
		s = strings.Join(parts, " "+top+" ")
	}
	return paren(s, top, ctx)
}

func paren(s, top, ctx string) string {
	if top != "" && ctx != "" && top != ctx {
		return "(" + s + ")"
	}
	return s
}

// c writes the relation and returns its top operator.
func (r relation) c() (string, string) {
	x := r.operand
	if r.mod != 0 {
		x += " % " + strconv.Itoa(r.mod)
	}
	join := "||"
	if r.neg {
		join = "&&"
	}
	parts := make([]string, len(r.list))
	for i, sp := range r.list {
		var s, top string
		switch {
		case sp.lo == sp.hi && r.neg:
			s = fmt.Sprintf("%s != %d", x, sp.lo)
		case sp.lo == sp.hi:
			s = fmt.Sprintf("%s == %d", x, sp.lo)
		case sp.lo == 0 && r.neg: // n is never negative
			s = fmt.Sprintf("%s > %d", x, sp.hi)
		case sp.lo == 0:
			s = fmt.Sprintf("%s <= %d", x, sp.hi)
		case r.neg:
			s, top = fmt.Sprintf("%s < %d || %s > %d", x, sp.lo, x, sp.hi), "||"
		default:
			s, top = fmt.Sprintf("%s >= %d && %s <= %d", x, sp.lo, x, sp.hi), "&&"
		}
		if len(r.list) == 1 {
			return s, top
		}
		parts[i] = paren(s, top, join)
	}
	return strings.Join(parts, " "+join+" "), join
}
