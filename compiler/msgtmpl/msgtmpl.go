// Package msgtmpl holds what grimoire's message templates use beyond
// go-i18n: numbers printed the language's way, lists of them, and the
// functions templates may call (Funcs). The compiler renders messages
// with it, and each generated game package builds its template data with
// it, so a program that loads the game's locale files into go-i18n renders
// them as grimoire does.
package msgtmpl

import (
	"fmt"
	"strconv"
	"strings"
	"text/template"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Number is a number from the game data, printed the language's way
// (0.5 in English, 0,5 in French and German).
type Number struct {
	Value   float64
	Decimal bool
	// Mark follows the number where it prints: a printout's mark of a
	// reconstructed value.
	Mark    string
	printer *message.Printer
}

func (n Number) String() string {
	if !n.Decimal {
		return strconv.FormatInt(int64(n.Value), 10) + n.Mark
	}
	if n.printer == nil {
		return strconv.FormatFloat(n.Value, 'f', -1, 64) + n.Mark
	}
	return n.printer.Sprint(number.Decimal(n.Value, number.MaxFractionDigits(6))) + n.Mark
}

// Printer makes the numbers of one language. Its zero value prints them
// the way Go does.
type Printer struct {
	p *message.Printer
}

// NewPrinter returns the Printer of a language tag, such as "fr".
func NewPrinter(lang string) Printer {
	return Printer{message.NewPrinter(language.Make(lang))}
}

// Int is a whole number.
func (p Printer) Int(v int64) Number { return Number{Value: float64(v), printer: p.p} }

// Decimal is a number the data gives as a decimal, which prints with
// its fraction digits when it has any.
func (p Printer) Decimal(v float64) Number { return Number{Value: v, Decimal: true, printer: p.p} }

// List is a list of numbers from the data, printed separated by commas.
type List []any

func (l List) String() string {
	parts := make([]string, len(l))
	for i, v := range l {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

// Funcs are the functions message templates may call: pass them to
// go-i18n as LocalizeConfig.Funcs.
//
//	mul a b: the product of two numbers, printed as they are ({{mul .Players.Max .Param.cards_dealt}})
func Funcs() template.FuncMap {
	return template.FuncMap{"mul": mul}
}

func mul(a, b any) (Number, error) {
	x, err := toFloat(a)
	if err != nil {
		return Number{}, err
	}
	y, err := toFloat(b)
	if err != nil {
		return Number{}, err
	}
	n := Number{Value: x * y}
	// A product of a guess is a guess.
	if an, ok := a.(Number); ok {
		n.printer = an.printer
		n.Decimal = an.Decimal
		n.Mark = an.Mark
	}
	if bn, ok := b.(Number); ok {
		n.printer = bn.printer
		n.Decimal = n.Decimal || bn.Decimal
		n.Mark = max(n.Mark, bn.Mark)
	}
	return n, nil
}

func toFloat(v any) (float64, error) {
	switch v := v.(type) {
	case Number:
		return v.Value, nil
	case int:
		return float64(v), nil
	case int64:
		return float64(v), nil
	case float64:
		return v, nil
	}
	return 0, fmt.Errorf("mul: %v is not a number", v)
}
