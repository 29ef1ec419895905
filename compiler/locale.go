package compiler

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/tomlpos"
)

// messageKeys are the go-i18n keys that make a table a message.
func messageKeys() []string {
	return append(model.PluralKeys(), "description", "hash", "id", "leftdelim", "rightdelim")
}

// localeMessages reads a go-i18n message file the way go-i18n does (a table
// with reserved keys is a message, any other table nests ids with dots, a
// string is a message with only "other"), keeping every message's position.
func localeMessages(src *source, raw []byte, d *diag.List) []*model.Message {
	before := len(*d)
	defer func() {
		// go-i18n must read the file too; say so if it would not and no
		// positioned diagnostic already explains why.
		if len(*d) > before {
			return
		}
		if _, err := i18n.ParseMessageFileBytes(raw, src.name, map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal}); err != nil {
			d.Errorf(diag.Pos{File: src.name, Line: 1, Col: 1}, diag.BadMessageFile, "go-i18n cannot read this file: %v", err)
		}
	}()
	var out []*model.Message
	var walk func(n node, id string)
	walk = func(n node, id string) {
		switch v := n.v.(type) {
		case string:
			out = append(out, &model.Message{ID: id, Pos: n.keyPos(), Forms: map[string]string{"other": v}})
		case map[string]any:
			var reserved, other []string
			for _, k := range keys(v) {
				if slices.Contains(messageKeys(), strings.ToLower(k)) {
					reserved = append(reserved, k)
				} else {
					other = append(other, k)
				}
			}
			if len(reserved) == 0 {
				for _, k := range other {
					walk(node{src: src, path: tomlpos.Join(n.path, k), v: v[k]}, joinID(id, k))
				}
				return
			}
			if len(other) > 0 {
				d.Errorf(n.keyPos(), diag.BadMessageFile, "message %s mixes go-i18n keys (%s) with nested ids (%s)", id, strings.Join(reserved, ", "), strings.Join(other, ", "))
				return
			}
			m := &model.Message{ID: id, Pos: n.keyPos(), Forms: map[string]string{}}
			for _, k := range reserved {
				kn := node{src: src, path: tomlpos.Join(n.path, k), v: v[k]}
				s, ok := kn.v.(string)
				if !ok {
					d.Errorf(kn.pos(), diag.WrongType, "message %s: %s must be a string, not %s", id, k, tomlType(kn.v))
					continue
				}
				switch lk := strings.ToLower(k); lk {
				case "description":
					m.Description, m.FileDescription = s, s
				case "hash":
					m.Hash = s
				case "id", "leftdelim", "rightdelim":
					d.Errorf(kn.keyPos(), diag.UnknownKey, "message %s: %q is not supported: ids come from the table path and templates use {{ }}", id, k)
				default:
					m.Forms[lk] = s
				}
			}
			if _, ok := m.Forms["other"]; !ok && len(m.Forms) > 0 {
				d.Errorf(n.keyPos(), diag.PluralForms, "message %s has plural forms but no \"other\"", id)
			}
			if len(m.Forms) == 0 {
				d.Errorf(n.keyPos(), diag.BadMessageFile, "message %s has no text", id)
				return
			}
			out = append(out, m)
		default:
			d.Errorf(n.pos(), diag.WrongType, "message %s must be a string or a table, not %s", id, tomlType(n.v))
		}
	}
	for _, k := range keys(src.data) {
		walk(node{src: src, path: k, v: src.data[k]}, k)
	}
	for _, m := range out {
		m.Text = make(map[string]model.TextPos, len(m.Forms))
		for f := range m.Forms {
			p := formPos(src, m, f)
			m.Text[f] = model.TextPos{Pos: p, Multiline: multiline(src, p)}
		}
	}
	slices.SortFunc(out, func(a, b *model.Message) int { return strings.Compare(a.ID, b.ID) })
	return out
}

func joinID(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// required lists the message ids a game's data implies: names (which need
// every plural form) and plain texts.
func required(g *model.Game) (names, texts []string) {
	proper := map[string]bool{}
	for _, t := range g.Terms {
		if t.Proper {
			proper[t.Message] = true
		}
	}
	add := func(id string) {
		if proper[id] {
			texts = append(texts, id)
		} else {
			names = append(names, id)
		}
	}
	for _, e := range g.Enums {
		for _, v := range e.Values {
			add(v.Message)
		}
	}
	for _, t := range g.Types {
		add(t.Message)
	}
	for _, c := range g.Cards {
		add(c.Message)
	}
	for _, c := range g.Components {
		add(c.Message)
	}
	for _, z := range g.Zones {
		add(z.Message)
	}
	for _, t := range g.Terms {
		if !slices.Contains(names, t.Message) && !slices.Contains(texts, t.Message) {
			add(t.Message)
		}
	}
	for _, v := range g.Variants {
		texts = append(texts, v.Message)
	}
	texts = append(texts, "game.name")
	for _, s := range g.Sections {
		texts = append(texts, "rules."+s.ID+".title", "rules."+s.ID+".text")
	}
	for _, r := range g.Rulings {
		texts = append(texts, r.Message)
	}
	for _, b := range g.Blocks {
		texts = append(texts, b.Messages(g)...)
	}
	for _, m := range g.Messages {
		texts = append(texts, m.ID)
	}
	return names, append(texts, printoutNotes(g)...)
}

// printoutNotes are the notes the printouts add when the data calls for
// them: the legend of the mark on reconstructed values a block prints
// (textsShowMarks adds it for a text that prints one), and the label of
// the aids Grimoire makes, which are not part of the game's box.
func printoutNotes(g *model.Game) []string {
	var ids []string
	if blocksShowMarks(g) || deckShowsMarks(g) {
		ids = append(ids, model.ReconstructedLegend)
	}
	if slices.ContainsFunc(g.Blocks, func(b *model.Block) bool {
		return slices.ContainsFunc(b.On, func(pl model.Place) bool { return pl.Kind == model.OnSheet || pl.Kind == model.OnCard })
	}) {
		ids = append(ids, model.AidLabel)
	}
	return ids
}

// optional reports whether a message id is one a game may have without its
// data asking for it.
func optional(g *model.Game, id string) bool {
	if id == "game.tagline" || id == model.ReconstructedLegend || id == model.AidLabel {
		return true
	}
	if t, ok := strings.CutPrefix(id, "forms."); ok {
		return slices.ContainsFunc(g.Terms, func(x *model.Term) bool { return x.ID == t })
	}
	if rest, ok := strings.CutPrefix(id, "field."); ok {
		typ, f, _ := strings.Cut(rest, ".")
		return slices.ContainsFunc(g.Types, func(t *model.Type) bool { return t.ID == typ && t.Field(f) != nil })
	}
	return false
}

// checkLocales checks every locale of a game against its data and its
// source locale, and attaches them to the game. unparsed holds the
// languages whose file is there but does not parse; lost, what of the data
// did not load, which the locales are not blamed for. Comparing the
// translations with their source is a check of its own, run after
// loading (package translation).
func checkLocales(g *model.Game, locs map[string]*localeFile, unparsed map[string]bool, lost *lost, declPos diag.Pos, drafts bool, d *diag.List) {
	names, texts := required(g)
	var source *model.Locale
	for _, lang := range g.Languages {
		lf := locs[lang]
		if lf == nil {
			if !unparsed[lang] {
				d.Errorf(declPos, diag.BadTree, "game %s declares language %q but has no locales/%s/%s.toml", g.ID, lang, g.ID, lang)
			}
			continue
		}
		cats, err := l10n.PluralCategories(lang)
		if err != nil {
			d.Errorf(declPos, diag.BadLanguage, "language %q: %v", lang, err)
			continue
		}
		loc := &model.Locale{Lang: lang, File: lf.src.name, Messages: lf.msgs, PluralCategories: cats}
		g.Locales = append(g.Locales, loc)
		if lang == g.SourceLang {
			source = loc
		}
	}
	for l, lf := range locs {
		if !slices.Contains(g.Languages, l) {
			d.Warnf(diag.Pos{File: lf.src.name}, diag.BadLanguage, "locale %q is not among the languages of game %s", l, g.ID)
		}
	}
	if textsShowMarks(g, source) && !slices.Contains(texts, model.ReconstructedLegend) {
		texts = append(texts, model.ReconstructedLegend)
	}
	data := map[string]map[string]any{}
	var dataCounts []int
	decls, args := declared(g), l10n.SampleArgs(g)
	for _, loc := range g.Locales {
		lf := locs[loc.Lang]
		if lf.broken {
			continue
		}
		want := slices.Concat(names, texts)
		wanted := make(map[string]bool, len(want)) // a set: a game may have 100k messages
		for _, id := range want {
			wanted[id] = true
		}
		if source != nil && loc != source {
			for _, m := range source.Messages {
				if !wanted[m.ID] {
					wanted[m.ID] = true
					want = append(want, m.ID)
				}
			}
		}
		for _, id := range want {
			if loc.Message(id) == nil {
				where := "the data"
				if source != nil && loc != source && source.Message(id) != nil {
					where = fmt.Sprintf("%s (%s)", source.Lang, source.Message(id).Pos)
				}
				if drafts && source != nil && loc != source && source.Message(id) != nil {
					d.Warnf(missingPos(lf.src, id), diag.MissingMessage, "message %s is missing in %s; %s has it", id, loc.Lang, where)
					continue
				}
				d.Errorf(missingPos(lf.src, id), diag.MissingMessage, "message %s is missing in %s; %s has it", id, loc.Lang, where)
			}
		}
		for _, m := range loc.Messages {
			// An optional message of a translation needs one in the source
			// too: goi18n merge keeps only the source's ids.
			if wanted[m.ID] || lost.message(m.ID) || optional(g, m.ID) && (source == nil || loc == source || source.Message(m.ID) != nil) {
				continue
			}
			if source != nil && loc != source && source.Message(m.ID) == nil {
				d.Warnf(m.Pos, diag.ObsoleteMessage, "message %s is not in the source locale %s", m.ID, source.Lang)
			} else {
				d.Warnf(m.Pos, diag.ObsoleteMessage, "message %s is not used by any part of game %s", m.ID, g.ID)
			}
		}
		for _, id := range names {
			m := loc.Message(id)
			if m == nil {
				continue
			}
			var missing []string
			for _, c := range loc.PluralCategories {
				if _, ok := m.Forms[c]; !ok {
					missing = append(missing, c)
				}
			}
			if len(missing) > 0 {
				d.Errorf(m.Pos, diag.PluralForms, "name %s needs the %s plural forms %s (it has %s)", id, loc.Lang, strings.Join(missing, ", "), strings.Join(m.FormNames(), ", "))
			}
		}
		for _, m := range loc.Messages {
			for _, f := range m.FormNames() {
				if f != "other" && !slices.Contains(loc.PluralCategories, f) {
					d.Warnf(m.FormPos(f), diag.PluralForms, "message %s: %s has no %q plural form; it is never used", m.ID, loc.Lang, f)
				}
			}
		}
		if data[loc.Lang] == nil {
			data[loc.Lang] = l10n.Data(g, loc.Lang)
		}
		counts := l10n.SampleCounts(loc.Lang)
		if dataCounts == nil {
			dataCounts = countsInData(g)
		}
		for _, m := range loc.Messages {
			decl := decls[m.ID]
			if decl != nil && m.Description == "" {
				m.Description = decl.Doc
			}
			var md diag.List
			checkTemplates(m, loc, lf, data[loc.Lang], counts, args[m.ID], &md)
			checkCounts(m, loc, lf, data[loc.Lang], dataCounts, args[m.ID], &md)
			*d = append(*d, judged(md, m, lost)...)
		}
	}
}

// judged drops the template errors of a message that reads data which did
// not load, or args of a declaration that did not: what it names is
// unknown.
func judged(md diag.List, m *model.Message, lost *lost) diag.List {
	if len(md) == 0 {
		return md
	}
	blind := false
	for _, f := range m.Forms {
		blind = blind || lost.namedBy(f) || lost.is(lostMessage, m.ID) && strings.Contains(f, ".Arg")
	}
	if !blind {
		return md
	}
	return slices.DeleteFunc(md, func(x diag.Diagnostic) bool { return x.Code == diag.TemplateField })
}

// missingPos points at the deepest table of the locale file that would hold
// the missing id, or at its first line.
func missingPos(src *source, id string) diag.Pos {
	parts := strings.Split(id, ".")
	for i := len(parts) - 1; i > 0; i-- {
		if p, ok := src.idx.Key(strings.Join(parts[:i], ".")); ok {
			return diag.Pos{File: src.name, Line: p.Line, Col: p.Col}
		}
	}
	return diag.Pos{File: src.name, Line: 1, Col: 1}
}

type localeFile struct {
	src    *source
	msgs   []*model.Message
	broken bool // the file has errors of its own: nothing more is checked in it
}

// formPos is the position of one form's value (the message itself for a
// plain string).
func formPos(src *source, m *model.Message, form string) diag.Pos {
	if p, ok := src.idx.Value(m.ID + "." + form); ok {
		return diag.Pos{File: src.name, Line: p.Line, Col: p.Col}
	}
	if p, ok := src.idx.Value(m.ID); ok {
		return diag.Pos{File: src.name, Line: p.Line, Col: p.Col}
	}
	return m.Pos
}

var templateErr = regexp.MustCompile(`^template: [^:]*:(\d+)(?::(\d+))?: (.*)$`)

// checkTemplates parses and renders every form of a message with the game's
// data (and, for a declared message, its sample args), reporting templates
// that do not parse or name a missing field.
func checkTemplates(m *model.Message, loc *model.Locale, lf *localeFile, data map[string]any, counts map[string]string, args map[string]any, d *diag.List) {
	for _, form := range m.FormNames() {
		text := m.Forms[form]
		base := m.FormPos(form)
		at := func(err error) (diag.Pos, string) {
			msg := err.Error()
			sm := templateErr.FindStringSubmatch(msg)
			if sm == nil {
				return base, msg
			}
			line, _ := strconv.Atoi(sm[1])
			col, _ := strconv.Atoi(sm[2])
			p := base
			if m.Text[form].Multiline {
				p.Line += line
				p.Col = max(col, 1)
			} else if line == 1 && col > 0 {
				p.Col += col // the opening quote
			}
			return p, strings.TrimPrefix(sm[3], `executing "m" at `)
		}
		out, parsed, err := l10n.Render(text, formData(data, counts, form, args))
		switch cost := templateCost(err); {
		case cost != nil:
			p, _ := at(err)
			d.Errorf(p, diag.TemplateCost, "message %s (%s, %s): %s", m.ID, loc.Lang, form, cost.Msg)
		case !parsed:
			p, msg := at(err)
			d.Errorf(p, diag.TemplateSyntax, "message %s (%s, %s): template does not parse: %s", m.ID, loc.Lang, form, msg)
		case err != nil:
			p, msg := at(err)
			d.Errorf(p, diag.TemplateField, "message %s (%s, %s): %s", m.ID, loc.Lang, form, msg)
		case strings.Contains(out, "<no value>"):
			d.Errorf(base, diag.TemplateField, "message %s (%s, %s) renders \"<no value>\"", m.ID, loc.Lang, form)
		}
	}
}

// countsInData lists the counts the game's data holds (copies, totals,
// components, whole-number parameters), sorted and distinct: the numbers a
// message with .Count is most likely rendered with.
func countsInData(g *model.Game) []int {
	var out []int
	add := func(n int) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, c := range g.Cards {
		add(c.Copies)
	}
	for _, t := range g.Totals {
		add(t.Count)
	}
	for _, c := range g.Components {
		add(c.Count)
	}
	for _, p := range g.Params {
		if p.Type.Kind == model.Int {
			add(int(p.Value.Int))
		}
	}
	add(g.Players.Min)
	add(g.Players.Max)
	for _, v := range g.Variants {
		add(v.Players.Min)
		add(v.Players.Max)
	}
	slices.Sort(out)
	return out
}

// checkCounts renders each form that uses .Count with every count of the
// data, where a template may fail that the sample numbers let pass
// ({{index .Param.list .Count}}). Only the first failure of a form is
// reported.
func checkCounts(m *model.Message, loc *model.Locale, lf *localeFile, data map[string]any, counts []int, args map[string]any, d *diag.List) {
	for _, form := range m.FormNames() {
		text := m.Forms[form]
		if !strings.Contains(text, ".Count") {
			continue
		}
		for _, n := range counts {
			out, parsed, err := l10n.Render(text, l10n.WithArgs(data, n, args))
			if !parsed {
				break // G102 says why
			}
			if err != nil || strings.Contains(out, "<no value>") {
				what := "renders \"<no value>\""
				if err != nil {
					what = err.Error()
					if sm := templateErr.FindStringSubmatch(what); sm != nil {
						what = strings.TrimPrefix(sm[3], `executing "m" at `)
					}
				}
				d.Errorf(m.FormPos(form), diag.TemplateField, "message %s (%s, %s) with a count of %d from the data: %s", m.ID, loc.Lang, form, n, what)
				break
			}
		}
	}
}

// formData is the data one plural form of a message is checked with: .Count
// a number that selects the form, .Arg the sample args of a declared message.
func formData(data map[string]any, counts map[string]string, form string, args map[string]any) map[string]any {
	count := counts[form]
	if count == "" {
		count = "2"
	}
	return l10n.WithArgs(data, count, args)
}

// multiline reports whether the string at p opens with """ or ”' and a
// newline, so the text's first line is the next line of the file.
func multiline(src *source, p diag.Pos) bool {
	return src.lineAt(p.Line, p.Col, 4) == "\"\"\"\n" || src.lineAt(p.Line, p.Col, 4) == "'''\n"
}

// declared maps each declared message's id to its declaration.
func declared(g *model.Game) map[string]*model.MessageDecl {
	decls := make(map[string]*model.MessageDecl, len(g.Messages))
	for _, m := range g.Messages {
		decls[m.ID] = m
	}
	return decls
}
