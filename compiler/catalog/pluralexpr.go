package catalog

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// samePluralForms reports whether two Plural-Forms headers have as many
// forms and pick the same one for every whole number tried, so a file whose
// tool wrote the expression its own way still means the same categories.
func samePluralForms(a, b string) bool {
	na, ea, okA := splitPluralForms(a)
	nb, eb, okB := splitPluralForms(b)
	if !okA || !okB || na != nb {
		return false
	}
	ta, tb := pluralTokens(ea), pluralTokens(eb)
	for _, n := range pluralProbes() {
		ia, errA := evalPlural(ta, n)
		ib, errB := evalPlural(tb, n)
		if errA != nil || errB != nil || ia != ib {
			return false
		}
	}
	return true
}

// pluralProbes are the numbers samePluralForms tries: all up to 2000,
// which every modulus of CLDR's rules but 100000 and 1000000 repeats in,
// and multiples of 100000 near which those two differ.
func pluralProbes() []int {
	var ns []int
	for n := range 2001 {
		ns = append(ns, n)
	}
	for m := 1; m <= 30; m++ {
		for _, r := range []int{0, 1, 2, 3, 11} {
			ns = append(ns, m*100000+r)
		}
	}
	return ns
}

// splitPluralForms splits "nplurals=N; plural=EXPR;" the way tools write
// it, with spaces anywhere and the last semicolon optional.
func splitPluralForms(s string) (int, string, bool) {
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	a, b, ok := strings.Cut(s, ";")
	if !ok {
		return 0, "", false
	}
	k, v, ok1 := strings.Cut(a, "=")
	k2, expr, ok2 := strings.Cut(b, "=")
	if !ok1 || !ok2 || strings.TrimSpace(k) != "nplurals" || strings.TrimSpace(k2) != "plural" {
		return 0, "", false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return n, expr, err == nil && n > 0
}

// pluralTokens splits a gettext plural expression, in C syntax.
func pluralTokens(expr string) []string {
	return regexp.MustCompile(`\d+|n|\|\||&&|==|!=|<=|>=|[-+*/<>?:()%!]|\S`).FindAllString(expr, -1)
}

// maxPluralTokens bounds the recursion of a hostile expression; CLDR's
// longest takes about 200 tokens.
const maxPluralTokens = 2000

// evalPlural evaluates a plural expression, split by pluralTokens, for n.
func evalPlural(toks []string, n int) (int, error) {
	if len(toks) > maxPluralTokens {
		return 0, fmt.Errorf("an expression of %d tokens", len(toks))
	}
	p := &cParser{toks: toks, n: n}
	v := p.ternary()
	if p.err == nil && p.i != len(toks) {
		p.err = fmt.Errorf("unexpected %q", toks[p.i])
	}
	return v, p.err
}

type cParser struct {
	toks []string
	i, n int
	err  error
}

func (p *cParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *cParser) expect(tok string) {
	if p.peek() != tok && p.err == nil {
		p.err = fmt.Errorf("want %q at token %d, have %q", tok, p.i, p.peek())
	}
	p.i++
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *cParser) ternary() int {
	c := p.binary(0)
	if p.peek() != "?" {
		return c
	}
	p.i++
	a := p.ternary()
	p.expect(":")
	b := p.ternary()
	if c != 0 {
		return a
	}
	return b
}

// binaryLevels are C's binary operators from the loosest.
func binaryLevels() [][]string {
	return [][]string{{"||"}, {"&&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"+", "-"}, {"*", "/", "%"}}
}

// binary parses the binary operators from the given precedence level up.
func (p *cParser) binary(level int) int {
	levels := binaryLevels()
	if level == len(levels) {
		return p.unary()
	}
	v := p.binary(level + 1)
	for p.err == nil {
		op := p.peek()
		if op == "" || !strings.Contains(" "+strings.Join(levels[level], " ")+" ", " "+op+" ") {
			return v
		}
		p.i++
		w := p.binary(level + 1)
		switch op {
		case "||":
			v = b2i(v != 0 || w != 0)
		case "&&":
			v = b2i(v != 0 && w != 0)
		case "==":
			v = b2i(v == w)
		case "!=":
			v = b2i(v != w)
		case "<":
			v = b2i(v < w)
		case ">":
			v = b2i(v > w)
		case "<=":
			v = b2i(v <= w)
		case ">=":
			v = b2i(v >= w)
		case "+":
			v += w
		case "-":
			v -= w
		case "*":
			v *= w
		case "/", "%":
			if w == 0 {
				p.err = fmt.Errorf("division by zero")
				return 0
			}
			if op == "/" {
				v /= w
			} else {
				v %= w
			}
		}
	}
	return v
}

func (p *cParser) unary() int {
	if p.peek() == "!" {
		p.i++
		return b2i(p.unary() == 0)
	}
	return p.primary()
}

func (p *cParser) primary() int {
	tok := p.peek()
	p.i++
	switch {
	case p.err != nil:
		return 0
	case tok == "n":
		return p.n
	case tok == "(":
		v := p.ternary()
		p.expect(")")
		return v
	}
	v, err := strconv.Atoi(tok)
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("unexpected %q", tok)
	}
	return v
}
