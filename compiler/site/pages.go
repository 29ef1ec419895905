package site

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

// reconstructedMark follows every reconstructed value, as on the
// printouts.
const reconstructedMark = "†"

// view is what a page's template is given.
type view struct {
	Kind  string // the page's template: index, game, gallery, card, rules or search
	Lang  string
	Title string
	Root  string // the site's root from the page: "", "../", ...
	Words map[string]string
	Nav   []link // the way back: the games, the game, ...
	Langs []link // the same page in each language
	// Legend explains the mark, when the page shows it.
	Legend string
	// Search is the game's search page in the language, or "".
	Search string

	Games   []gameEntry
	Game    *gameView
	Gallery *galleryView
	Card    *cardView
	Rules   *rulesView
	Review  *reviewView
	Book    *bookView
}

// link is a link to a page; Lang is the language of its label.
type link struct {
	Href, Label, Lang string
	Current           bool
}

// gameEntry is a game on the site's index.
type gameEntry struct {
	link
	Players string
}

// gameView is a game's page: each of its languages.
type gameView struct {
	Tagline string
	Players string
	Langs   []gameLang
	// Drafts are the reviews of translations not complete enough to
	// publish.
	Drafts    []link
	Downloads []downloadGroup
}

type gameLang struct {
	Lang, Name, LangName string
	Cards, Rules         string // hrefs; Rules is "" without sections
	// Reviews are the translation's review and the rulebooks checked.
	Reviews []link
	// Words are the site's words in the language, for its links.
	Words map[string]string
}

// index writes the site's index: every game, by its name in its source
// language.
func (s *builder) index(games []*model.Game) error {
	v := &view{Kind: "index", Lang: "en", Title: s.wordsOf("en")["games"]}
	for _, g := range games {
		loc, err := s.o.Texts.New(g, g.SourceLang)
		if err != nil {
			return err
		}
		name, err := loc.Text("game.name")
		if err != nil {
			return err
		}
		v.Games = append(v.Games, gameEntry{link{Href: gamePath(g, "index.html"), Label: name, Lang: g.SourceLang}, players(g)})
	}
	return s.page("index.html", v)
}

func players(g *model.Game) string {
	if g.Players.Min == g.Players.Max {
		return strconv.Itoa(g.Players.Min)
	}
	return fmt.Sprintf("%d–%d", g.Players.Min, g.Players.Max)
}

// texts are a game's texts in one language.
type texts struct {
	g      *model.Game
	lang   string
	loc    *l10n.Localizer // plain
	marked *l10n.Localizer // with the mark after reconstructed values
}

func (s *builder) texts(g *model.Game, lang string) (*texts, error) {
	loc, err := s.o.Texts.New(g, lang)
	if err != nil {
		return nil, err
	}
	marked, err := s.o.Texts.NewMarked(g, lang, reconstructedMark)
	if err != nil {
		return nil, err
	}
	return &texts{g: g, lang: lang, loc: loc, marked: marked}, nil
}

// text renders a plain message.
func (t *texts) text(id string) (string, error) {
	s, err := t.loc.Text(id)
	if err != nil {
		return "", fmt.Errorf("rendering %s in %s: %w", id, t.lang, err)
	}
	return s, nil
}

// name renders a name message in the singular, capitalized: a name
// without plural forms (a proper term) is its text.
func (t *texts) name(id string) (string, error) {
	var s string
	var err error
	if m := t.g.Locale(t.lang).Message(id); m != nil && !m.Plural() {
		s, err = t.loc.Text(id)
	} else {
		s, err = t.loc.Name(id)
	}
	if err != nil {
		return "", fmt.Errorf("rendering %s in %s: %w", id, t.lang, err)
	}
	return capitalize(s), nil
}

// value writes a field's value as a card prints it: numbers the
// language's way, enum values and cards by their names.
func (t *texts) value(ft *model.ValueType, v model.Value) (string, error) {
	switch ft.Kind {
	case model.Decimal:
		return t.loc.Number(v.Dec), nil
	case model.Bool:
		if v.Bool {
			return "✓", nil
		}
		return "–", nil
	case model.EnumKind:
		if e := enum(t.g, ft.Enum); e != nil {
			if ev := e.Value(v.Str); ev != nil {
				return t.name(ev.Message)
			}
		}
		return v.Str, nil // a wildcard
	case model.Ref:
		for _, c := range t.g.Loaded().Cards {
			if c.ID == v.Str {
				return t.name(c.Message)
			}
		}
		return v.Str, nil
	case model.List, model.Map:
		parts := make([]string, len(v.List))
		for i, e := range v.List {
			s, err := t.value(ft.Elem, e)
			if err != nil {
				return "", err
			}
			if ft.Kind == model.Map && i < len(v.Keys) {
				k, err := t.value(ft.Key, v.Keys[i])
				if err != nil {
					return "", err
				}
				s = k + ": " + s
			}
			parts[i] = s
		}
		return strings.Join(parts, ", "), nil
	}
	return ft.Format(v), nil
}

// legend is the mark and what it means: in the game's words, which a game
// whose printouts show the mark must have, else in the site's own.
func (t *texts) legend(words map[string]string) (string, error) {
	s := words["reconstructed"]
	if t.g.Locale(t.lang).Message(model.ReconstructedLegend) != nil {
		var err error
		if s, err = t.text(model.ReconstructedLegend); err != nil {
			return "", err
		}
	}
	return reconstructedMark + "\u00a0" + s, nil
}

func enum(g *model.Game, id string) *model.Enum {
	for _, e := range g.Enums {
		if e.ID == id {
			return e
		}
	}
	return nil
}

func typeOf(g *model.Game, id string) *model.Type {
	for _, t := range g.Types {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// capitalize upper-cases the first letter, for names shown as headings.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// langName is a language named in itself: English, français, Deutsch.
func langName(lang string) string {
	t, err := language.Parse(lang)
	if err != nil {
		return lang
	}
	if n := display.Self.Name(t); n != "" {
		return n
	}
	return lang
}

// fieldLabel names a field of a card type: by its name in the language
// (model.FieldName), else by the heading a table of the type's cards among
// the game's blocks gives it, else by its id.
func (t *texts) fieldLabel(typ, field string) string {
	if id := model.FieldName(typ, field); t.g.Locale(t.lang).Message(id) != nil {
		if s, err := t.loc.Text(id); err == nil && s != "" {
			return s
		}
	}
	for _, b := range t.g.Blocks {
		if b.Kind != model.CardsBlock || b.Type != typ || !slices.Contains(b.Fields, field) {
			continue
		}
		if s, err := t.loc.Text("block." + b.ID + "." + field); err == nil && s != "" {
			return s
		}
	}
	return capitalize(strings.ReplaceAll(field, "_", " "))
}

// game writes a game's pages in each of its languages.
func (s *builder) game(g *model.Game, faces map[string]map[string]printout.Face, downloads []downloadGroup) error {
	all := map[string]*texts{}
	for _, lang := range g.Languages {
		t, err := s.texts(g, lang)
		if err != nil {
			return err
		}
		all[lang] = t
	}
	src := all[g.SourceLang]
	name, err := src.text("game.name")
	if err != nil {
		return err
	}
	reviews, err := s.reviews(g, all)
	if err != nil {
		return err
	}
	gv := &gameView{Players: players(g), Downloads: downloads}
	if g.Locale(g.SourceLang).Message("game.tagline") != nil {
		if gv.Tagline, err = src.text("game.tagline"); err != nil {
			return err
		}
	}
	for _, lang := range g.Languages {
		n, err := all[lang].text("game.name")
		if err != nil {
			return err
		}
		gl := gameLang{Lang: lang, Name: n, LangName: langName(lang), Cards: lang + "/index.html", Words: s.wordsOf(lang), Reviews: reviews[lang]}
		if len(g.Sections) > 0 {
			gl.Rules = lang + "/rules.html"
		}
		gv.Langs = append(gv.Langs, gl)
	}
	for lang, links := range reviews {
		if !slices.Contains(g.Languages, lang) && len(links) > 0 {
			gv.Drafts = append(gv.Drafts, link{Href: links[0].Href, Label: langName(lang), Lang: lang})
		}
	}
	slices.SortFunc(gv.Drafts, func(a, b link) int { return strings.Compare(a.Lang, b.Lang) })
	v := &view{Kind: "game", Lang: g.SourceLang, Title: name, Game: gv,
		Nav: []link{{Href: "../index.html", Label: s.wordsOf(g.SourceLang)["games"]}}}
	if err := s.page(gamePath(g, "index.html"), v); err != nil {
		return err
	}
	for _, lang := range g.Languages {
		t := all[lang]
		for _, f := range faces[lang] {
			s.files[gamePath(g, lang, "faces", f.Card+".png")] = f.PNG
		}
		if err := s.gallery(t, faces[lang]); err != nil {
			return err
		}
		for _, c := range g.Cards {
			if err := s.card(t, all, c, faces[lang]); err != nil {
				return err
			}
		}
		if len(g.Sections) > 0 {
			if err := s.rules(t); err != nil {
				return err
			}
		}
		if err := s.search(t); err != nil {
			return err
		}
	}
	return nil
}

// nav is the way back from a page of a game in a language, depth folders
// below the language's.
func (s *builder) nav(t *texts, depth int, gallery bool) ([]link, error) {
	name, err := t.text("game.name")
	if err != nil {
		return nil, err
	}
	return s.navNamed(t.lang, name, depth, gallery), nil
}

// navNamed is nav with the game's name given.
func (s *builder) navNamed(lang, name string, depth int, gallery bool) []link {
	w := s.wordsOf(lang)
	up := strings.Repeat("../", depth)
	out := []link{
		{Href: up + "../../index.html", Label: w["games"]},
		{Href: up + "../index.html", Label: name},
	}
	if gallery {
		out = append(out, link{Href: up + "index.html", Label: w["cards"]})
	}
	return out
}

// langPage is the view of a page at file in a language's folder, titled
// with the game's name and the site's word: the gallery, the rulebook, the
// search.
func (s *builder) langPage(g *model.Game, t *texts, kind, file, word string, gallery bool) (*view, error) {
	nav, err := s.nav(t, 0, gallery)
	if err != nil {
		return nil, err
	}
	name, err := t.text("game.name")
	if err != nil {
		return nil, err
	}
	return &view{Kind: kind, Lang: t.lang, Title: name + " – " + s.wordsOf(t.lang)[word], Nav: nav, Langs: langLinks(g, t.lang, file, 0)}, nil
}

// langLinks links the same page, at file below each language's folder,
// in each language, from a page depth folders below its language's.
func langLinks(g *model.Game, current, file string, depth int) []link {
	var out []link
	for _, lang := range g.Languages {
		out = append(out, link{Href: strings.Repeat("../", depth+1) + lang + "/" + file, Label: langName(lang), Lang: lang, Current: lang == current})
	}
	return out
}

// galleryView is the gallery of a game's cards in a language.
type galleryView struct {
	Cards   []galleryCard
	Filters []filter
	Sorts   []option
	Rules   string // the rulebook's href, or ""
	// W and H are the faces' size in pixels, when the game has a deck.
	W, H int
}

type galleryCard struct {
	ID, Name, Href string
	Type           string // the type's id, for the filter
	TypeName       string
	Variant        string // the name of the variant that adds the card, or ""
	Image          string // the face's href, or ""
	// Tags are "key:value" words the filters match, Numbers "key:n"
	// words the sorts read.
	Tags, Numbers string
}

// filter is a choice of one value among a card attribute's.
type filter struct {
	Key, Label string
	Options    []option
}

type option struct{ Value, Label string }

// gallery writes the gallery: every card with its face, and the filters
// and sorts the script offers over the cards' data attributes.
func (s *builder) gallery(t *texts, faces map[string]printout.Face) error {
	g := t.g
	w := s.wordsOf(t.lang)
	gv := &galleryView{}
	if len(g.Sections) > 0 {
		gv.Rules = "rules.html"
	}
	if g.Deck != nil && len(faces) > 0 {
		gv.W, gv.H = pixels(g.Deck.W, s.o.PxPerMM), pixels(g.Deck.H, s.o.PxPerMM)
	}
	typeFilter := filter{Key: "type", Label: w["type"]}
	used := map[string]bool{}
	for _, c := range g.Cards {
		used[c.Type] = true
	}
	for _, ty := range g.Types {
		if !used[ty.ID] {
			continue
		}
		n, err := t.name(ty.Message)
		if err != nil {
			return err
		}
		typeFilter.Options = append(typeFilter.Options, option{ty.ID, n})
	}
	if len(typeFilter.Options) > 1 {
		gv.Filters = append(gv.Filters, typeFilter)
	}
	// A filter per enum field and a sort per number field, by field id
	// across the types that have one (a field of one id and enum in
	// several types is one filter).
	seenFilter, seenSort := map[string]bool{}, map[string]bool{}
	for _, ty := range g.Types {
		if !used[ty.ID] {
			continue
		}
		for _, f := range ty.Fields {
			switch vt := elem(f.Type); vt.Kind {
			case model.EnumKind:
				key := enumKey(f, vt)
				if seenFilter[key] {
					continue
				}
				seenFilter[key] = true
				fl := filter{Key: key, Label: t.fieldLabel(ty.ID, f.ID)}
				for _, ev := range enum(g, vt.Enum).Values {
					n, err := t.name(ev.Message)
					if err != nil {
						return err
					}
					fl.Options = append(fl.Options, option{ev.ID, n})
				}
				gv.Filters = append(gv.Filters, fl)
			case model.Int, model.Decimal:
				if f.Type.Kind != vt.Kind || seenSort[f.ID] {
					continue // a list of numbers does not sort
				}
				seenSort[f.ID] = true
				gv.Sorts = append(gv.Sorts, option{f.ID, t.fieldLabel(ty.ID, f.ID)})
			}
		}
	}
	for _, c := range g.Cards {
		gc, err := s.galleryCard(t, c, faces)
		if err != nil {
			return err
		}
		gv.Cards = append(gv.Cards, gc)
	}
	v, err := s.langPage(g, t, "gallery", "index.html", "cards", false)
	if err != nil {
		return err
	}
	v.Gallery, v.Search = gv, "search.html"
	return s.page(gamePath(g, t.lang, "index.html"), v)
}

func pixels(mm, perMM float64) int { return int(mm*perMM + 0.5) }

// elem is a list's element type, or the type itself.
func elem(t *model.ValueType) *model.ValueType {
	if t.Kind == model.List {
		return t.Elem
	}
	return t
}

// enumKey names the filter of an enum field: its id, and its enum's when
// they differ.
func enumKey(f *model.Field, vt *model.ValueType) string {
	if f.ID == vt.Enum {
		return f.ID
	}
	return f.ID + "." + vt.Enum
}

func (s *builder) galleryCard(t *texts, c *model.Card, faces map[string]printout.Face) (galleryCard, error) {
	g := t.g
	name, err := t.name(c.Message)
	if err != nil {
		return galleryCard{}, err
	}
	ty := typeOf(g, c.Type)
	typeName, err := t.name(ty.Message)
	if err != nil {
		return galleryCard{}, err
	}
	gc := galleryCard{ID: c.ID, Name: name, Href: "cards/" + c.ID + ".html", Type: c.Type, TypeName: typeName}
	if _, ok := faces[c.ID]; ok {
		gc.Image = "faces/" + c.ID + ".png"
	}
	if v := g.FindVariant(c.Variant); v != nil {
		if gc.Variant, err = t.text(v.Message); err != nil {
			return galleryCard{}, err
		}
	}
	tags := []string{"type:" + c.Type}
	var numbers []string
	for _, f := range ty.Fields {
		v, set := c.Get(f.ID)
		if !set {
			continue
		}
		switch vt := elem(f.Type); {
		case vt.Kind == model.EnumKind && f.Type.Kind == model.List:
			for _, e := range v.List {
				if enum(g, vt.Enum).Value(e.Str) != nil {
					tags = append(tags, enumKey(f, vt)+":"+e.Str)
				}
			}
		case vt.Kind == model.EnumKind:
			tags = append(tags, enumKey(f, vt)+":"+v.Str)
		case f.Type.Kind == model.Int || f.Type.Kind == model.Decimal:
			numbers = append(numbers, f.ID+":"+f.Type.Format(v))
		}
	}
	gc.Tags, gc.Numbers = strings.Join(slices.Compact(tags), " "), strings.Join(numbers, " ")
	return gc, nil
}

// cardView is a card's page.
type cardView struct {
	Name, TypeName, Variant string
	Image                   string // the face's href, or ""
	W, H                    int
	Values                  []cardValue
	Texts                   []cardTexts // in every language
}

type cardValue struct {
	Label, Value string
	Marked       bool
}

// cardTexts are a card's name and values in one language.
type cardTexts struct {
	Lang, LangName string
	Name, TypeName string
	Values         []cardValue
}

// card writes a card's page in t's language.
func (s *builder) card(t *texts, all map[string]*texts, c *model.Card, faces map[string]printout.Face) error {
	g := t.g
	w := s.wordsOf(t.lang)
	cv := &cardView{}
	own, err := cardTextsIn(t, c, w)
	if err != nil {
		return err
	}
	cv.Name, cv.TypeName, cv.Values = own.Name, own.TypeName, own.Values
	if _, ok := faces[c.ID]; ok {
		cv.Image = "../faces/" + c.ID + ".png"
		cv.W, cv.H = pixels(g.Deck.W, s.o.PxPerMM), pixels(g.Deck.H, s.o.PxPerMM)
	}
	if v := g.FindVariant(c.Variant); v != nil {
		if cv.Variant, err = t.text(v.Message); err != nil {
			return err
		}
	}
	for _, lang := range g.Languages {
		ct, err := cardTextsIn(all[lang], c, s.wordsOf(lang))
		if err != nil {
			return err
		}
		cv.Texts = append(cv.Texts, ct)
	}
	nav, err := s.nav(t, 1, true)
	if err != nil {
		return err
	}
	v := &view{Kind: "card", Lang: t.lang, Title: cv.Name, Nav: nav, Langs: langLinks(g, t.lang, "cards/"+c.ID+".html", 1), Card: cv, Search: "../search.html"}
	if len(c.Reconstructed) > 0 {
		if v.Legend, err = t.legend(w); err != nil {
			return err
		}
	}
	return s.page(gamePath(g, t.lang, "cards", c.ID+".html"), v)
}

// cardTextsIn is a card's name, type and values in t's language, each
// reconstructed value marked.
func cardTextsIn(t *texts, c *model.Card, w map[string]string) (cardTexts, error) {
	ct := cardTexts{Lang: t.lang, LangName: langName(t.lang)}
	var err error
	if ct.Name, err = t.name(c.Message); err != nil {
		return ct, err
	}
	ty := typeOf(t.g, c.Type)
	if ct.TypeName, err = t.name(ty.Message); err != nil {
		return ct, err
	}
	ct.Values = append(ct.Values, cardValue{Label: w["copies"], Value: strconv.Itoa(c.Copies), Marked: c.FieldReconstructed("copies")})
	for _, f := range ty.Fields {
		v, set := c.Get(f.ID)
		if !set {
			continue
		}
		s, err := t.value(f.Type, v)
		if err != nil {
			return ct, err
		}
		ct.Values = append(ct.Values, cardValue{Label: t.fieldLabel(ty.ID, f.ID), Value: s, Marked: c.FieldReconstructed(f.ID)})
	}
	return ct, nil
}

// rulesView is the rulebook in a language.
type rulesView struct {
	Sections []sectionView
}

type sectionView struct {
	ID, Number, Title string
	Level             int // the heading's level: 2 for a section of level 1
	Text              []paragraph
	Rulings           [][]paragraph
	Blocks            []blockView // printed after its text
	Langs             []link      // this section in the other languages
}

// blockView is a block the rulebook prints after a section: a text, a
// row per enum value, or a table.
type blockView struct {
	Title   string
	Text    []paragraph
	Entries []printout.Entry
	Head    []tableCell // the heading row, if any
	Rows    [][]tableCell
}

type tableCell struct {
	Text   string
	Marked bool
	Header bool // heads its row
}

// paragraph is a paragraph of a text, or a list of items.
type paragraph struct {
	Kind  string // p, item, example, heading
	Lines []string
	Items [][]string // a list's items, each its lines
}

// rules writes the rulebook: each section with its number and title, its
// text and the rulings it prints, as the PDF rulebook lays them out (see
// printout's rulebook), with the mark after every reconstructed value.
func (s *builder) rules(t *texts) error {
	g := t.g
	w := s.wordsOf(t.lang)
	rv := &rulesView{}
	marked := false
	render := func(id string) (string, error) {
		s, err := t.marked.Text(id)
		if err != nil {
			return "", fmt.Errorf("rendering %s in %s: %w", id, t.lang, err)
		}
		marked = marked || strings.Contains(s, reconstructedMark)
		return s, nil
	}
	// The blocks of the base game, as its PDF rulebook prints them.
	base, err := g.Play("")
	if err != nil {
		return err
	}
	content, err := printout.RulesContent(base, printout.Options{Lang: t.lang, Texts: s.o.Texts})
	if err != nil {
		return err
	}
	for _, sec := range g.Sections {
		id := "rules." + sec.ID
		title, err := render(id + ".title")
		if err != nil {
			return err
		}
		text, err := render(id + ".text")
		if err != nil {
			return err
		}
		sv := sectionView{ID: sec.ID, Number: sec.Number, Title: title, Level: min(sec.Level+1, 6), Text: paragraphs(text)}
		if sec.Rulings {
			for _, r := range g.RulingsInBookOrder() {
				var number, rtitle string
				if rs := g.Section(r.Section); rs != nil {
					number = rs.Number
					if rtitle, err = render("rules." + rs.ID + ".title"); err != nil {
						return err
					}
				}
				rt, err := render(r.Message)
				if err != nil {
					return err
				}
				sv.Rulings = append(sv.Rulings, paragraphs(model.RulingParagraph(number, rtitle, rt)))
			}
		}
		for _, c := range content[sec.ID] {
			bv, m := blockOf(c)
			marked = marked || m
			sv.Blocks = append(sv.Blocks, bv)
		}
		for _, l := range langLinks(g, t.lang, "rules.html#"+sec.ID, 0) {
			if !l.Current {
				sv.Langs = append(sv.Langs, l)
			}
		}
		rv.Sections = append(rv.Sections, sv)
	}
	v, err := s.langPage(g, t, "rules", "rules.html", "rules", false)
	if err != nil {
		return err
	}
	v.Rules, v.Search = rv, "search.html"
	if marked {
		if v.Legend, err = t.legend(w); err != nil {
			return err
		}
	}
	return s.page(gamePath(g, t.lang, "rules.html"), v)
}

// paragraphs reads a text as the rulebook does; a run of items is one
// list.
func paragraphs(text string) []paragraph {
	var out []paragraph
	for _, p := range printout.Paragraphs(text) {
		switch p.Kind {
		case printout.ItemParagraph:
			if n := len(out); n > 0 && out[n-1].Kind == "list" {
				out[n-1].Items = append(out[n-1].Items, p.Lines)
				continue
			}
			out = append(out, paragraph{Kind: "list", Items: [][]string{p.Lines}})
		case printout.ExampleParagraph:
			out = append(out, paragraph{Kind: "example", Lines: p.Lines})
		case printout.HeadingParagraph:
			out = append(out, paragraph{Kind: "heading", Lines: p.Lines})
		default:
			out = append(out, paragraph{Kind: "p", Lines: p.Lines})
		}
	}
	return out
}

// blockOf is a block's view, and whether it shows the mark.
func blockOf(c printout.Content) (blockView, bool) {
	bv := blockView{Title: c.Title, Text: paragraphs(c.Text), Entries: c.Entries}
	marked := strings.Contains(c.Title+c.Text, reconstructedMark)
	for _, e := range c.Entries {
		marked = marked || strings.Contains(e.Text, reconstructedMark)
	}
	for i, r := range c.Rows {
		row := make([]tableCell, len(r))
		for j, x := range r {
			// A cell shows its text; one with icons alone, the values they
			// stand for.
			text := x.Text
			if text == "" {
				text = strings.Join(x.Icons, ", ")
			}
			row[j] = tableCell{Text: text, Marked: x.Marked, Header: c.Side && j == 0}
			marked = marked || x.Marked || strings.Contains(text, reconstructedMark)
		}
		if c.Head && i == 0 {
			bv.Head = row
			continue
		}
		bv.Rows = append(bv.Rows, row)
	}
	return bv, marked
}
