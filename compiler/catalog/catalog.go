// Package catalog converts a game's locale to and from translators'
// exchange formats, XLIFF 1.2 and gettext PO, and writes go-i18n message
// files.
//
// Both formats show every message of the source locale with its
// description, its source text and the translation, if any. A translation
// records in its hash the source it was made from (l10n.MessageHash); one
// whose hash is not the current source's is shown as needing review (XLIFF
// state needs-review-translation, PO flag fuzzy). Reading a file back, a
// reviewed translation records the source text and description the file
// showed, so a translation made from an older export stays marked as old;
// one still marked for review keeps the hash it had. Stamp and import also
// record the source text itself (model.Message.Previous, written by
// WritePrevious), which a PO export shows beside a translation to review
// as gettext's previous msgid (#| msgid), so the translator sees what
// changed.
//
// Plural messages have one text per CLDR category of the target language,
// in CLDR order (zero, one, two, few, many, other): XLIFF units
// "<id>[<category>]" in a group, PO msgstr[i] for the i-th category.
package catalog

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"unicode/utf8"

	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

func pluralKeys() []string { return []string{"zero", "one", "two", "few", "many", "other"} }

// item is one source message with its translation, as both formats show it.
type item struct {
	id          string
	description string
	source      map[string]string
	target      map[string]string // nil when the translation lacks the message
	plural      bool
	current     bool // the translation was made from the current source
	// previous is the source the translation was made from, when it is
	// recorded and hashes to the translation's hash.
	previous *model.SourceText
}

// sourceFor is the source text shown beside the translation of a category:
// the source's own form of it when it has one.
func (it item) sourceFor(category string) string {
	if s, ok := it.source[category]; ok {
		return s
	}
	return it.source["other"]
}

// export is a translation of a game as the formats show it.
type export struct {
	file  string // the translation's locale file
	cats  []string
	items []item
}

// sides returns the source locale, the translation (nil when the game has
// none in lang yet) and the plural categories of lang.
func sides(g *model.Game, lang string) (src, tr *model.Locale, cats []string, err error) {
	src = g.Locale(g.SourceLang)
	if src == nil {
		return nil, nil, nil, fmt.Errorf("game %s has no source locale %q", g.ID, g.SourceLang)
	}
	cats, err = l10n.PluralCategories(lang)
	if err != nil {
		return nil, nil, nil, err
	}
	return src, g.Locale(lang), cats, nil
}

func prepare(g *model.Game, lang string) (*export, error) {
	src, tr, cats, err := sides(g, lang)
	if err != nil {
		return nil, err
	}
	e := &export{file: path.Join("locales", g.ID, lang+".toml"), cats: cats}
	if tr != nil {
		e.file = tr.File
	}
	for _, s := range src.Messages {
		if err := validUTF8(s, tr); err != nil {
			return nil, err
		}
		it := item{id: s.ID, description: s.Description, source: s.Forms, plural: s.Plural()}
		if tr != nil {
			if t := tr.Message(s.ID); t != nil {
				it.target = t.Forms
				it.plural = it.plural || t.Plural()
				it.current = t.Hash == l10n.MessageHash(s)
				if p := t.Previous; p != nil && l10n.SourceHash(p.Description, p.Forms["other"]) == t.Hash {
					it.previous = p
				}
			}
		}
		e.items = append(e.items, it)
	}
	return e, nil
}

// validUTF8 checks the texts a file would show of a message, since both
// formats are UTF-8 and cannot carry other bytes.
func validUTF8(s *model.Message, tr *model.Locale) error {
	texts := []string{s.ID, s.Description}
	t := &model.Message{}
	if tr != nil && tr.Message(s.ID) != nil {
		t = tr.Message(s.ID)
	}
	for _, k := range pluralKeys() {
		texts = append(texts, s.Forms[k], t.Forms[k])
	}
	for _, t := range texts {
		if !utf8.ValidString(t) {
			return fmt.Errorf("message %s: %q is not valid UTF-8", s.ID, t)
		}
	}
	return nil
}

// Stamp returns the translation's messages with every hash set to the
// current source's, for a translation a translator has reviewed. Messages
// the source lacks keep their hash; the game is not changed.
func Stamp(g *model.Game, lang string) []*model.Message {
	tr := g.Locale(lang)
	if tr == nil {
		return nil
	}
	src := g.Locale(g.SourceLang)
	out := make([]*model.Message, 0, len(tr.Messages))
	for _, m := range tr.Messages {
		c := clone(m)
		if src != nil {
			if s := src.Message(m.ID); s != nil {
				c.Hash = l10n.MessageHash(s)
				c.Previous = sourceText(s.FileDescription, s.Forms)
			}
		}
		out = append(out, c)
	}
	return out
}

func clone(m *model.Message) *model.Message {
	c := *m
	c.Forms = maps.Clone(m.Forms)
	if m.Previous != nil {
		c.Previous = sourceText(m.Previous.Description, m.Previous.Forms)
	}
	return &c
}

func sourceText(description string, forms map[string]string) *model.SourceText {
	return &model.SourceText{Description: description, Forms: maps.Clone(forms)}
}

// entry is one message as a translators' file gives it back.
type entry struct {
	id          string
	line        int
	description string            // as the file showed it
	source      string            // the source "other" the file showed
	forms       map[string]string // category to translation; empty ones left out
	plural      bool
	review      bool // marked as needing review (XLIFF needs-*, PO fuzzy)
}

// merge applies a file's entries over the translation in lang.
func merge(src, tr *model.Locale, cats []string, entries []entry) ([]*model.Message, error) {
	byID := map[string]*model.Message{}
	if tr != nil {
		for _, m := range tr.Messages {
			byID[m.ID] = clone(m)
		}
	}
	seen := map[string]int{}
	for _, e := range entries {
		s := src.Message(e.id)
		if s == nil {
			return nil, fmt.Errorf("line %d: message %s is not in the source locale %s", e.line, e.id, src.Lang)
		}
		if s.Plural() && !e.plural {
			return nil, fmt.Errorf("line %d: message %s has plural forms, but the file gives it one text", e.line, e.id)
		}
		if l, ok := seen[e.id]; ok {
			return nil, fmt.Errorf("line %d: message %s appears twice (first on line %d)", e.line, e.id, l)
		}
		seen[e.id] = e.line
		if len(e.forms) == 0 {
			continue // untranslated: the translation keeps what it has
		}
		m, err := translated(e, s, byID[e.id], cats)
		if err != nil {
			return nil, err
		}
		byID[e.id] = m
	}
	return slices.SortedFunc(maps.Values(byID), func(a, b *model.Message) int { return cmp.Compare(a.ID, b.ID) }), nil
}

// translated is the message an entry for the source message s makes of
// the previous one (or nil).
func translated(e entry, s, old *model.Message, cats []string) (*model.Message, error) {
	m := &model.Message{ID: e.id, Forms: maps.Clone(e.forms)}
	if old != nil {
		m.Description = old.Description
		if e.plural {
			// A category the file leaves empty keeps its text.
			for _, c := range cats {
				if _, ok := m.Forms[c]; !ok && old.Forms[c] != "" {
					m.Forms[c] = old.Forms[c]
				}
			}
		}
	}
	if _, ok := m.Forms["other"]; !ok {
		return nil, fmt.Errorf("line %d: message %s has plural forms but no \"other\"", e.line, e.id)
	}
	switch {
	case !e.review:
		m.Previous = seen(e, s)
		m.Hash = l10n.SourceHash(m.Previous.Description, m.Previous.Forms["other"])
	case old != nil:
		m.Hash, m.Previous = old.Hash, old.Previous
	}
	return m, nil
}

// seen is the source text an entry showed the translator. Where the
// locale file gives no description, the file showed a declared message's
// doc in its place, which goi18n never hashes: a description still the
// current source's stands for the locale file's own. One that has changed
// since is kept as shown, so the translation stays stale. A file that
// showed the current source showed all its forms; an older one, its
// "other" as far as grimoire reads it back.
func seen(e entry, s *model.Message) *model.SourceText {
	desc := e.description
	if desc == s.Description {
		desc = s.FileDescription
	}
	if desc == s.FileDescription && e.source == s.Forms["other"] {
		return sourceText(desc, s.Forms)
	}
	return sourceText(desc, map[string]string{"other": e.source})
}

// sameLang reports whether two language tags name the same language.
func sameLang(a, b string) bool {
	ta, errA := language.Parse(a)
	tb, errB := language.Parse(b)
	if errA != nil || errB != nil {
		return a == b
	}
	return ta == tb
}
