package translation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// The checks by aligned sentence: a translation's sentences are aligned
// with its source's, and each pair is compared for what it states.

type docKey struct{ lang, id, form string }

// readers sets up what reading the game's texts needs: a vocabulary per
// language, and the calibration of each translation against the source.
func (t *texts) readers() {
	t.vocab = map[string]*text.Vocab{}
	t.docs = map[docKey]*text.Doc{}
	t.cal = map[string]text.Calibration{}
	t.aligns = map[*text.Doc][]text.Pair{}
	t.free = map[string]bool{}
	for _, s := range t.g.Sections {
		t.free["rules."+s.ID+".text"] = s.Free
	}
	for _, loc := range t.g.Locales {
		if t.names[loc.Lang] == nil {
			continue
		}
		t.vocab[loc.Lang] = text.NewVocab(t.lex[loc.Lang], t.g, loc)
	}
	if t.source == nil || t.vocab[t.source.Lang] == nil {
		return
	}
	for _, loc := range t.g.Locales {
		if loc == t.source || t.vocab[loc.Lang] == nil {
			continue
		}
		var pairs [][2]*text.Doc
		for _, m := range loc.Messages {
			s := t.source.Message(m.ID)
			if s == nil || !t.compared(m.ID) {
				continue
			}
			a, b := t.doc(t.source, s, "other"), t.doc(loc, m, "other")
			if a != nil && b != nil {
				pairs = append(pairs, [2]*text.Doc{a, b})
			}
		}
		c, aligns := learn(pairs)
		for b, al := range aligns {
			t.aligns[b] = al
		}
		t.cal[loc.Lang] = c
	}
	t.siblings()
}

// learn calibrates a language pair on its document pairs, aligns each and
// learns the pair's lexicon; it returns the calibration, lexicon included,
// and each second document's alignment.
func learn(pairs [][2]*text.Doc) (text.Calibration, map[*text.Doc][]text.Pair) {
	c := text.Calibrate(pairs)
	// A message keeps its paragraphs and list items as lines.
	c.Joins = true
	aligns := make([][]text.Pair, len(pairs))
	byDoc := make(map[*text.Doc][]text.Pair, len(pairs))
	for k, p := range pairs {
		aligns[k] = text.Align(p[0], p[1], c)
		byDoc[p[1]] = aligns[k]
	}
	c.Lexicon = text.Learn(pairs, aligns, c)
	return c, byDoc
}

// sibling is another translation a translation is compared with: its
// language, the lexicon learnt from the two, and how each translated
// document aligns with the sibling's.
type sibling struct {
	loc     *model.Locale
	lexicon *text.Lexicon
	aligns  map[*text.Doc][]text.Pair
}

// siblings pairs each translation with the first other translation of the
// game: what a translation leaves out, the other one most likely has.
func (t *texts) siblings() {
	t.sib = map[string]*sibling{}
	for _, loc := range t.g.Locales {
		if _, ok := t.cal[loc.Lang]; !ok {
			continue
		}
		for _, other := range t.g.Locales {
			if _, ok := t.cal[other.Lang]; !ok || other == loc {
				continue
			}
			var pairs [][2]*text.Doc
			for _, m := range loc.Messages {
				s, u := t.source.Message(m.ID), other.Message(m.ID)
				if s == nil || u == nil || !t.compared(m.ID) {
					continue
				}
				a, b := t.doc(other, u, "other"), t.doc(loc, m, "other")
				if a != nil && b != nil && t.aligns[a] != nil && t.aligns[b] != nil {
					pairs = append(pairs, [2]*text.Doc{a, b})
				}
			}
			c, aligns := learn(pairs)
			t.sib[loc.Lang] = &sibling{loc: other, lexicon: c.Lexicon, aligns: aligns}
			break
		}
	}
}

// siblingOf returns the sibling translation of a translated form, if any.
func (t *texts) siblingOf(loc *model.Locale, m *model.Message, b *text.Doc) *text.Sibling {
	sb := t.sib[loc.Lang]
	if sb == nil || sb.aligns[b] == nil {
		return nil
	}
	u := sb.loc.Message(m.ID)
	if u == nil {
		return nil
	}
	d := t.doc(sb.loc, u, "other")
	if d == nil || t.aligns[d] == nil {
		return nil
	}
	return &text.Sibling{Doc: d, FromSource: t.aligns[d], ToB: sb.aligns[b], Lexicon: sb.lexicon}
}

// compared reports whether a message is prose to compare sentence by
// sentence: not a list of forms, not a term's name.
func (t *texts) compared(id string) bool {
	return !strings.HasPrefix(id, "forms.") && !t.termMsg[id]
}

// doc reads one form of a message; nil if the message is not read.
func (t *texts) doc(loc *model.Locale, m *model.Message, form string) *text.Doc {
	key := docKey{loc.Lang, m.ID, form}
	if d, ok := t.docs[key]; ok {
		return d
	}
	v := t.vocab[loc.Lang]
	src, ok := m.Forms[form]
	if v == nil || !ok {
		t.docs[key] = nil
		return nil
	}
	count := "7"
	if form == "one" {
		count = "1"
	}
	data := l10n.WithArgs(t.data[loc.Lang], count, t.args[m.ID])
	eval := func(action string) (string, bool) {
		out, parsed, err := l10n.Render(action, data)
		return out, parsed && err == nil
	}
	d := v.Read(src, text.Options{Eval: eval, LineBreaks: true})
	t.docs[key] = d
	return d
}

// aligned compares a form of a translation with its source form, sentence
// by sentence.
func (t *texts) aligned(loc *model.Locale, m, s *model.Message, form, sf string) {
	b, a := t.doc(loc, m, form), t.doc(t.source, s, sf)
	if a == nil || b == nil {
		return
	}
	cal, ok := t.cal[loc.Lang]
	if !ok {
		cal = text.Prior(a.Vocab.Lang, b.Vocab.Lang)
		cal.Joins = true
	}
	pairs, ok := t.aligns[b]
	if !ok {
		pairs = text.Align(a, b, cal)
	}
	if sf == "other" {
		t.judged(loc.Lang, m.ID)
	}
	var foreign map[int]bool
	if m.Forms[form] != s.Forms[sf] { // else the whole of it is reported
		foreign = t.foreign(loc, m, form, b)
	}
	sib := t.siblingOf(loc, m, b)
	for _, df := range text.CompareWith(a, b, pairs, cal, t.free[m.ID], sib) {
		if df.SentB >= 0 && foreign[df.SentB] {
			continue // reported as untranslated: compared, it says nothing more
		}
		x, ok := t.report(loc, m, s, form, sf, a, b, sib, df)
		if ok && (sf != "other" || !t.acknowledged(loc.Lang, m.ID, a, df, x.Code)) {
			t.d.Add(x)
		}
	}
}

// report turns a difference into a diagnostic at the translation's words,
// with the source's words as its related location.
func (t *texts) report(loc *model.Locale, m, s *model.Message, form, sf string, a, b *text.Doc, sib *text.Sibling, df text.Diff) (diag.Diagnostic, bool) {
	src := t.source.Lang
	off := func(d *text.Doc, sp text.Span) int {
		switch {
		case sp.Lo < 0:
			return 0
		case sp.Lo < len(d.Tokens):
			return d.Tokens[sp.Lo].Off
		}
		return len(d.Src)
	}
	pos := m.At(form, off(b, df.B))
	var rel []diag.Related
	if df.SentA >= 0 {
		rel = append(rel, diag.Related{Pos: s.At(sf, off(a, df.A)), Message: fmt.Sprintf("the source (%s) says %s", src, a.QuoteSentence(df.SentA, df.A.Lo, 12))})
	}
	// A pair may join sentences: quote the one the words are in.
	in := func(d *text.Doc, k, i int) int {
		if j := d.SentenceAt(i); j >= 0 {
			return j
		}
		return k
	}
	here := func() string { return b.QuoteSentence(in(b, df.SentB, df.B.Lo), df.B.Lo, 12) }
	there := func() string { return a.QuoteSentence(in(a, df.SentA, df.A.Lo), df.A.Lo, 12) }
	name := func(v *text.Vocab, concept string) string {
		if ns := v.Names(concept); len(ns) > 0 && v.Proper(concept) {
			return ns[0]
		}
		return strings.ReplaceAll(concept, "_", " ")
	}
	sev := diag.Error
	var code diag.Code
	var msg string
	switch df.Kind {
	case text.DiffPlaceholder:
		code = diag.Placeholders
		switch {
		case df.HasValue:
			msg = fmt.Sprintf("%q is typed where the source (%s) uses {{%s}} (%s); use the placeholder, so the number comes from the data", b.Quote(df.B), src, df.Concept, there())
		case df.B.Hi > df.B.Lo && !strings.Contains(a.Text(a.Sentences[df.SentA].Lo, a.Sentences[df.SentA].Hi), "{{"+df.Concept):
			msg = fmt.Sprintf("{{%s}} is not in the source (%s) sentence %s", df.Concept, src, there())
		case df.B.Hi > df.B.Lo:
			msg = fmt.Sprintf("{{%s}} is here more often than in the source (%s) sentence %s", df.Concept, src, there())
		default:
			msg = fmt.Sprintf("{{%s}} of the source (%s) sentence %s is missing from %s", df.Concept, src, there(), here())
		}
	case text.DiffNumber:
		code = diag.NumberMismatch
		switch {
		case df.HasValue && df.HasOther:
			msg = fmt.Sprintf("%q where the source (%s) has %q (%s)", b.Quote(df.B), src, a.Quote(df.A), there())
		case df.HasOther:
			msg = fmt.Sprintf("%q is not in the source (%s) sentence %s", b.Quote(df.B), src, there())
		default:
			msg = fmt.Sprintf("the source (%s) states %q (%s); %s does not", src, a.Quote(df.A), there(), here())
		}
	case text.DiffConcept, text.DiffFacing, text.DiffPlace:
		code = map[text.DiffKind]diag.Code{text.DiffConcept: diag.GlossaryTerm, text.DiffFacing: diag.Facing, text.DiffPlace: diag.Destination}[df.Kind]
		lead := ""
		if df.Kind == text.DiffPlace {
			lead = "the card goes to "
		}
		if df.Witness.Hi > df.Witness.Lo && sib != nil {
			// The source names too few of either concept to tell: the
			// other translation is the witness, and its words the first
			// related location.
			other := t.sib[loc.Lang].loc
			said := sib.Doc.QuoteSentence(df.WitnessSent, df.Witness.Lo, 12)
			rel = append([]diag.Related{{Pos: other.Message(m.ID).At("other", off(sib.Doc, df.Witness)), Message: fmt.Sprintf("the translation (%s) says %s", other.Lang, said)}}, rel...)
			source := "names neither"
			if df.Named {
				source = "names them less often"
			}
			msg = fmt.Sprintf("%s%q (%s) where the translation (%s) has %q (%s) in %s; the source (%s) %s: %s", lead, b.Quote(df.B), name(b.Vocab, df.Other), other.Lang, sib.Doc.Quote(df.Witness), name(sib.Doc.Vocab, df.Concept), said, src, source, there())
			break
		}
		msg = fmt.Sprintf("%s%q (%s) where the source (%s) has %q (%s) in %s", lead, b.Quote(df.B), name(b.Vocab, df.Other), src, a.Quote(df.A), name(a.Vocab, df.Concept), there())
	case text.DiffProper:
		code = diag.ProperName
		if df.Other != "" {
			msg = fmt.Sprintf("%q misspells the proper name %q", df.Other, df.Concept)
		} else {
			msg = fmt.Sprintf("the proper name %q of the source (%s) sentence %s is missing from %s", name(b.Vocab, df.Concept), src, there(), here())
		}
	case text.DiffNegation:
		code = diag.Negation
		if df.B.Hi > df.B.Lo {
			msg = fmt.Sprintf("%q negates %s, but the source (%s) does not: %s", b.Quote(df.B), here(), src, there())
		} else {
			msg = fmt.Sprintf("the source (%s) negates with %q (%s), but %s does not", src, a.Quote(df.A), there(), here())
		}
	case text.DiffContrast:
		code = diag.Contrast
		msg = fmt.Sprintf("%q (%s) where the source (%s) has %q (%s), its opposite: %s", b.Quote(df.B), strings.ReplaceAll(df.Other, "_", " "), src, a.Quote(df.A), strings.ReplaceAll(df.Concept, "_", " "), there())
	case text.DiffCounted:
		code = diag.Counted
		msg = fmt.Sprintf("%q (%s) where the source (%s) has %q (%s): the number counts another thing; %s", b.Quote(df.B), name(b.Vocab, df.Other), src, a.Quote(df.A), name(a.Vocab, df.Concept), there())
	case text.DiffBound:
		code = diag.Counted
		msg = fmt.Sprintf("%q stands apart from %q, which the game's texts write for %q: the source (%s) has %q (%s); was the number moved?", b.Quote(df.B), df.Other, df.Concept, src, a.Quote(df.A), there())
	case text.DiffWord:
		code = diag.WordReplaced
		msg = fmt.Sprintf("%q where the source (%s) has %q (%s): elsewhere the game's texts translate %q as %q", b.Quote(df.B), src, a.Quote(df.A), there(), a.Quote(df.A), df.Other)
		if df.Concept != "" {
			msg += fmt.Sprintf(", and write %q for %q", b.Quote(df.B), df.Concept)
		}
	case text.DiffModality:
		code = diag.Modality
		msg = fmt.Sprintf("%q (%s) where the source (%s) has %q (%s): %s", b.Quote(df.B), df.Other, src, a.Quote(df.A), df.Concept, there())
	case text.DiffOmission:
		code = diag.Omission
		msg = fmt.Sprintf("the source (%s) sentence %s has no translation here", src, there())
	case text.DiffAddition:
		code, sev = diag.Addition, diag.Warning
		msg = fmt.Sprintf("%s has no counterpart in the source (%s)", here(), src)
	case text.DiffLength:
		code, sev = diag.ShortSentence, diag.Warning
		msg = fmt.Sprintf("%s is %s%% of what the source (%s) %s leads to expect (%.1f standard deviations short): was a clause dropped?", here(), strconv.Itoa(int(100*df.Ratio/max(t.cal[loc.Lang].Ratio, 0.01)+0.5)), src, there(), -df.Delta)
	case text.DiffClause:
		code, sev = diag.ShortSentence, diag.Warning
		msg = fmt.Sprintf("the source (%s) clause %q has no translation in %s: was it dropped?", src, a.Quote(df.A), here())
	default:
		return diag.Diagnostic{}, false
	}
	return diag.Diagnostic{Pos: pos, Severity: sev, Code: code, Message: fmt.Sprintf("message %s (%s, %s): %s", m.ID, loc.Lang, form, msg), Related: rel}, true
}

// foreign reports each sentence of a form written in another language
// than its own, and returns them, by their index.
func (t *texts) foreign(loc *model.Locale, m *model.Message, form string, b *text.Doc) map[int]bool {
	if t.known == nil {
		for _, tag := range text.Languages() {
			if l, err := text.Lang(tag); err == nil {
				t.known = append(t.known, l)
			}
		}
	}
	var out map[int]bool
	for i, s := range b.Sentences {
		l := b.ForeignSentence(i, t.known)
		if l == nil {
			continue
		}
		if out == nil {
			out = map[int]bool{}
		}
		out[i] = true
		t.d.Warnf(m.At(form, b.Tokens[s.Lo].Off), diag.Untranslated, "message %s (%s, %s): this sentence is in %s, not %s: %s; translate it", m.ID, loc.Lang, form, text.LangName(l.Tag), text.LangName(loc.Lang), b.QuoteSentence(i, s.Lo, 12))
	}
	return out
}
