package export

import (
	"fmt"
	"slices"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// categories are the CLDR cardinal plural categories in CLDR order.
func categories() []string {
	return []string{"zero", "one", "two", "few", "many", "other"}
}

// renderer renders the messages of one locale of a game.
type renderer struct {
	loc *model.Locale
	lz  *l10n.Localizer
}

func newRenderer(g *model.Game, lang string, c *l10n.Cache) (*renderer, error) {
	i := slices.IndexFunc(g.Locales, func(l *model.Locale) bool { return l.Lang == lang })
	if i < 0 {
		return nil, fmt.Errorf("export: game %s has no %q locale", g.ID, lang)
	}
	lz, err := c.New(g, lang)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return &renderer{loc: g.Locales[i], lz: lz}, nil
}

// sample returns a count that picks the plural category in the locale.
func (r *renderer) sample(category string) (string, error) {
	if s := r.lz.Sample(category); s != "" {
		return s, nil
	}
	switch category {
	case "one":
		return "1", nil
	case "other":
		return "2", nil
	}
	return "", fmt.Errorf("no count picks the %s plural form in %s", category, r.loc.Lang)
}

// forms renders every plural form a name message has among the locale's
// categories ("other" always), in CLDR order.
func (r *renderer) forms(id string) (forms, error) {
	m := r.loc.Message(id)
	if m == nil {
		return nil, fmt.Errorf("export: %s has no message %s", r.loc.Lang, id)
	}
	if _, ok := m.Forms["other"]; !ok {
		return nil, fmt.Errorf("export: message %s in %s has no other form", id, r.loc.Lang)
	}
	var fs forms
	for _, c := range categories() {
		if _, ok := m.Forms[c]; !ok || (c != "other" && !slices.Contains(r.loc.PluralCategories, c)) {
			continue
		}
		n, err := r.sample(c)
		if err != nil {
			return nil, fmt.Errorf("export: message %s: %w", id, err)
		}
		s, err := r.lz.Count(id, n)
		if err != nil {
			return nil, fmt.Errorf("export: message %s (%s form) in %s: %w", id, c, r.loc.Lang, err)
		}
		fs = append(fs, form{category: c, text: s})
	}
	return fs, nil
}

// text renders a message without plural forms.
func (r *renderer) text(id string) (string, error) {
	if r.loc.Message(id) == nil {
		return "", fmt.Errorf("export: %s has no message %s", r.loc.Lang, id)
	}
	s, err := r.lz.Text(id)
	if err != nil {
		return "", fmt.Errorf("export: message %s in %s: %w", id, r.loc.Lang, err)
	}
	return s, nil
}

// forms are a name's rendered plural forms in one language, in CLDR order;
// JSON writes them as an object keyed by category.
type forms []form

type form struct{ category, text string }

// get returns the form of a category, or "".
func (fs forms) get(category string) string {
	for _, f := range fs {
		if f.category == category {
			return f.text
		}
	}
	return ""
}

// singular returns the "one" form, or "other" in a language without one.
func (fs forms) singular() string {
	if s := fs.get("one"); s != "" {
		return s
	}
	return fs.get("other")
}

func (fs forms) MarshalJSON() ([]byte, error) {
	o := make(object, len(fs))
	for i, f := range fs {
		o[i] = member{f.category, f.text}
	}
	return o.MarshalJSON()
}

// byLang holds one value per language, in the game's language order; JSON
// writes it as an object keyed by language.
type byLang[V any] []langValue[V]

type langValue[V any] struct {
	lang  string
	value V
}

func (b byLang[V]) MarshalJSON() ([]byte, error) {
	o := make(object, len(b))
	for i, v := range b {
		o[i] = member{v.lang, v.value}
	}
	return o.MarshalJSON()
}
