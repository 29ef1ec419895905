package compiler

import (
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// differenceCodes are the checks a [[difference]] may acknowledge: those
// that compare a source sentence with its translation. An added sentence
// (G126) has no source sentence to quote.
func differenceCodes() []diag.Code {
	return []diag.Code{diag.Placeholders, diag.NumberMismatch, diag.GlossaryTerm, diag.ProperName,
		diag.Negation, diag.Modality, diag.Facing, diag.Destination, diag.Omission, diag.ShortSentence}
}

// differenceDef reads a [[difference]]: a translation that leaves out or
// changes a source sentence on purpose. What it names is checked with the
// texts (acknowledge), where the locales are known.
func differenceDef(n node, d *diag.List) *model.Difference {
	o, ok := asObj(n, d)
	if !ok {
		return nil
	}
	defer o.done()
	lang, ln, okLang := o.str("lang", true)
	msg, mn, okMsg := o.str("message", true)
	src, sn, okSrc := o.str("source", true)
	reason, rn, okReason := o.str("reason", true)
	code, cn, hasCode := o.str("code", false)
	ok = okLang && okMsg && okSrc && okReason
	x := &model.Difference{Pos: n.keyPos(), Lang: lang, Message: msg, Source: src, Code: diag.Omission, Reason: reason}
	if ok {
		x.LangPos, x.MessagePos, x.SourcePos = ln.pos(), mn.pos(), sn.pos()
	}
	if hasCode {
		x.Code = diag.Code(code)
		if !slices.Contains(differenceCodes(), x.Code) {
			var names []string
			for _, c := range differenceCodes() {
				names = append(names, string(c))
			}
			d.Errorf(cn.pos(), diag.BadValue, "difference: code %q is no check of a source sentence against its translation (want one of %s)", code, strings.Join(names, ", "))
			ok = false
		}
	}
	if okSrc && len(strings.Fields(src)) == 0 {
		d.Errorf(sn.pos(), diag.BadValue, "difference: source must quote the source sentence")
		ok = false
	}
	if okReason && strings.TrimSpace(reason) == "" {
		d.Errorf(rn.pos(), diag.BadValue, "difference: reason must say why the translation differs")
		ok = false
	}
	return keepIf(ok, x)
}
