package gogen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/l10n"
)

// msgtmplPath is the package the generated messages.go imports: the
// functions and numbers of message templates, shared with the compiler.
const msgtmplPath = "github.com/grimoire-games/grimoire/compiler/msgtmpl"

// messagesFile writes what a program needs to render the game's locale
// files with go-i18n alone: the template functions, and the template data
// the compiler renders messages with (l10n.Data), written out as a
// literal whose numbers print the chosen language's way.
func (gn *gen) messagesFile(f *file) error {
	f.use("text/template")
	f.use(msgtmplPath)
	f.comment("Funcs are the functions the game's message templates may call, such as mul: pass them to go-i18n with the data of TemplateData, as LocalizeConfig.Funcs.")
	f.p("func Funcs() template.FuncMap { return msgtmpl.Funcs() }")
	f.p("")
	f.comment("TemplateData returns the data the game's message templates read, built fresh on each call, with numbers printed the way of lang (SourceLang when lang is not valid): .Param, .Total, .Card, .Component, .Players and .Variant. A plural message also reads .Count, and a message with arguments .Arg: add them to the map.")
	f.p("func TemplateData(lang Lang) map[string]any {")
	f.p("p := msgtmpl.NewPrinter(lang.orSource().String())")
	var b strings.Builder
	if err := dataLit(&b, l10n.Data(gn.g, gn.g.SourceLang)); err != nil {
		return fmt.Errorf("template data: %w", err)
	}
	f.p("return %s", b.String())
	f.p("}")
	return nil
}

// dataLit writes a value of l10n.Data as a Go expression; numbers call the
// Printer p.
func dataLit(b *strings.Builder, v any) error {
	switch x := v.(type) {
	case map[string]any:
		b.WriteString("map[string]any{\n")
		for _, k := range slices.Sorted(maps.Keys(x)) {
			b.WriteString(strconv.Quote(k) + ": ")
			if err := dataLit(b, x[k]); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			b.WriteString(",\n")
		}
		b.WriteString("}")
	case l10n.List:
		b.WriteString("msgtmpl.List{")
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := dataLit(b, e); err != nil {
				return err
			}
		}
		b.WriteString("}")
	case l10n.Number:
		switch {
		case x.Mark != "":
			return fmt.Errorf("a number with the mark %q", x.Mark)
		case x.Decimal:
			b.WriteString("p.Decimal(" + floatLit(x.Value) + ")")
		default:
			b.WriteString("p.Int(" + strconv.FormatInt(int64(x.Value), 10) + ")")
		}
	case string:
		b.WriteString(strconv.Quote(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	default:
		return fmt.Errorf("a value of type %T", v)
	}
	return nil
}
