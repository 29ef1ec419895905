// Package printout lays out a game's printable PDFs from the compiled model:
// the reference sheet, reference cards imposed on sheets with crop marks,
// the rulebook and the game's own cards (and, from the same layout, its
// Tabletop Simulator decks). Text is measured before it is placed; text
// that does not fit, or holds a character the font cannot print, is
// reported as a diagnostic at its message in the locale file, and nothing
// is written. CheckGlyphs and CheckDeck report the same without printing:
// `grimoire check` runs them after loading (package checks).
package printout

import (
	"cmp"
	_ "embed"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Kind is a kind of printout.
type Kind int

const (
	Reference Kind = iota + 1 // the reference sheet
	Cards                     // the reference cards, fronts and backs
	Rules                     // the rulebook
	Deck                      // the game's own cards, laid out by its [[face]] tables
)

// Kinds returns every kind, in the order build writes them.
func Kinds() []Kind { return []Kind{Reference, Cards, Rules, Deck} }

func (k Kind) String() string {
	switch k {
	case Reference:
		return "reference"
	case Cards:
		return "cards"
	case Rules:
		return "rules"
	case Deck:
		return "deck"
	}
	return "invalid"
}

// ParseKind reads a kind's name.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds() {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown kind %q (want reference, cards, rules or deck)", s)
}

// Paper is a paper size in millimetres.
type Paper struct {
	Name string
	W, H float64
}

// Papers returns the paper sizes printouts support.
func Papers() []Paper {
	return []Paper{{"a4", 210, 297}, {"letter", 215.9, 279.4}}
}

// ParsePaper reads a paper size's name.
func ParsePaper(s string) (Paper, error) {
	for _, p := range Papers() {
		if p.Name == strings.ToLower(s) {
			return p, nil
		}
	}
	return Paper{}, fmt.Errorf("unknown paper %q (want a4 or letter)", s)
}

// Options say what to print.
type Options struct {
	Kind  Kind
	Lang  string
	Paper Paper
	// CardW and CardH are the reference cards' trimmed size in mm (63 × 88
	// when zero).
	CardW, CardH float64
	// Bleed extends the cards' backgrounds 3 mm past their trim lines, so
	// that a cut a little off leaves no white edge. Fewer cards fit a sheet.
	Bleed bool
	// BleedSet says that Bleed was asked for or against: a deck prints
	// with the bleed its game declares (3 mm unless it says otherwise)
	// unless it is set.
	BleedSet bool
	// Unique prints one copy of each card of a deck, not all copies.
	Unique bool
	// Fonts, parsed once, make a printout much cheaper; nil parses them
	// for this printout. The PDF is the same.
	Fonts *pdf.Fonts
	// Texts, shared by printouts of the same game, parses each message
	// once for all of them; nil parses them for this printout. The PDF is
	// the same.
	Texts *l10n.Cache
}

// BleedMM is the bleed added around each card when Options.Bleed is set.
const BleedMM = 3

// Write lays out one printout of g and writes the PDF to w. When the
// diagnostics hold an error, nothing is written.
func Write(w io.Writer, g *model.Game, o Options) (diag.List, error) {
	p, err := layout(g, o)
	if err != nil {
		return nil, err
	}
	d := p.d.Sort()
	if d.HasErrors() {
		return d, nil
	}
	if err := p.doc.Err(); err != nil {
		return d, fmt.Errorf("drawing the %s printout: %w", o.Kind, err)
	}
	return d, p.doc.Write(w)
}

// layout lays out one printout of g, with its diagnostics, for Write to
// write.
func layout(g *model.Game, o Options) (*printer, error) {
	if o.Kind != Deck && o.CardW == 0 && o.CardH == 0 {
		o.CardW, o.CardH = 63, 88
	}
	if o.Paper.W == 0 {
		o.Paper = Papers()[0]
	}
	p, err := newPrinter(g, o)
	if err != nil {
		return nil, err
	}
	checkIcons(g, &p.d)
	switch o.Kind {
	case Reference:
		p.sheet()
	case Cards:
		p.cards()
	case Rules:
		p.rulebook()
	case Deck:
		p.deck()
	default:
		return nil, fmt.Errorf("unknown printout kind %d", o.Kind)
	}
	if p.err != nil {
		return nil, p.err
	}
	return p, nil
}

// printer holds what laying out one printout needs.
type printer struct {
	g      *model.Game
	o      Options
	lang   string
	loc    *l10n.Localizer
	locale *model.Locale
	doc    *pdf.Doc
	cov    *pdf.Coverage
	d      diag.List
	err    error // a failure of ours, not of the input
	seen   map[string]bool
	// rendered holds the messages laid out, which CheckGlyphs must know
	// of (printedMessages); the tests compare the two.
	rendered map[string]bool
	// words are Grimoire's own words in the printout's language (ui).
	words map[string]string
	// wrapBuf is wrap's room for a line that is not a slice of its text,
	// reused for every line.
	wrapBuf []byte
	ops     []op // the block opRoom cuts rows' operations from
	tables  map[tableKey]table
	// faceRoom is where layFace lays a card face out before keeping a
	// copy of its size.
	faceRoom []faceOp
}

func newPrinter(g *model.Game, o Options) (*printer, error) {
	p, err := newTextPrinter(g, o)
	if err != nil {
		return nil, err
	}
	w, h := o.Paper.W, o.Paper.H
	m := pdf.Meta{Title: p.title() + " – " + p.ui(o.Kind.String()), Subject: p.ui(o.Kind.String()), Lang: o.Lang, Author: strings.Join(g.Authors, ", ")}
	if o.Fonts != nil {
		p.doc = o.Fonts.New(w, h, m)
	} else {
		p.doc = pdf.New(w, h, m)
	}
	return p, nil
}

// newTextPrinter is a printer that renders texts and tables but lays out
// no page: loading the fonts into a document is most of a printer's cost.
func newTextPrinter(g *model.Game, o Options) (*printer, error) {
	// Printouts show each reconstructed value with its mark, those that
	// texts print as well.
	loc, err := o.Texts.NewMarked(g, o.Lang, reconstructedMark)
	if err != nil {
		return nil, err
	}
	var cov *pdf.Coverage
	if o.Fonts != nil {
		cov = o.Fonts.Coverage()
	} else if cov, err = pdf.NewCoverage(); err != nil {
		return nil, err
	}
	return &printer{g: g, o: o, lang: o.Lang, loc: loc, locale: g.Locale(o.Lang), cov: cov, seen: map[string]bool{}, rendered: map[string]bool{}}, nil
}

// title is the game's name for running heads and the document's title:
// with the name of the variant it is played in, if any, after a middle dot.
func (p *printer) title() string {
	t := p.text("game.name")
	if v := p.variantName(); v != "" {
		t += " · " + v
	}
	return t
}

// variantName is the name of the variant the game is played in, or "" for
// the base game.
func (p *printer) variantName() string {
	if v := p.g.PlayedVariant(); v != nil {
		return p.text(v.Message)
	}
	return ""
}

// pos is where a message is written in the locale file.
func (p *printer) pos(id string) diag.Pos {
	if m := p.locale.Message(id); m != nil {
		return m.Pos
	}
	return diag.Pos{File: p.locale.File}
}

// text renders a plain message, checked for characters the font lacks.
func (p *printer) text(id string) string {
	p.rendered[id] = true
	s, err := p.loc.Text(id)
	if err != nil {
		p.fail(fmt.Errorf("rendering %s in %s: %w", id, p.lang, err))
		return id
	}
	return p.printable(id, s)
}

// name renders the plural form of a name message that fits n.
func (p *printer) name(id string, n int) string {
	p.rendered[id] = true
	s, err := p.loc.Count(id, n)
	if err != nil {
		p.fail(fmt.Errorf("rendering %s in %s: %w", id, p.lang, err))
		return id
	}
	return p.printable(id, s)
}

func (p *printer) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// printable reports each character of s that no style of the font can
// print, once per message, and replaces it so that drawing goes on.
func (p *printer) printable(id, s string) string {
	return strings.Map(func(r rune) rune {
		why := unprintable(p.cov, r)
		if why == "" {
			return r
		}
		key := fmt.Sprintf("%s %U", id, r)
		if !p.seen[key] {
			p.seen[key] = true
			p.d.Errorf(p.pos(id), diag.Unprintable, "%s (%s): %U %q cannot be printed: %s", id, p.lang, r, r, why)
		}
		return '?'
	}, s)
}

// unprintable says why no style of the font can print r; "" when all can.
func unprintable(cov *pdf.Coverage, r rune) string {
	switch {
	case r == '\n' || r == softHyphen || cov.Has(pdf.Regular, r) && cov.Has(pdf.Bold, r) && cov.Has(pdf.Italic, r):
		return ""
	case r > 0xFFFF:
		return "it is beyond the Basic Multilingual Plane, which the PDF writer cannot embed"
	}
	return "the font has no glyph for it"
}

// overflow reports a text that does not fit its box even at the smallest
// size the layout allows.
func (p *printer) overflow(id, where string, need, have float64) {
	key := "overflow " + id + " " + where
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	p.d.Errorf(p.pos(id), diag.TextOverflow, "%s (%s) does not fit %s: it needs %.1f mm where there are %.1f mm; shorten it", id, p.lang, where, need, have)
}

// ui is a word of Grimoire's own on the printouts (not of the game), in
// the printout's language, English when it has none (see words.toml).
func (p *printer) ui(key string) string {
	if p.words == nil {
		words, err := uiWords(p.lang)
		if err != nil {
			p.err = cmp.Or(p.err, err)
			return key
		}
		p.words = words
	}
	return p.words[key]
}

//go:embed words.toml
var wordsTOML string

// uiWords returns Grimoire's own words in a language, each in English
// where the language has none.
func uiWords(lang string) (map[string]string, error) {
	var all map[string]map[string]string
	if _, err := toml.Decode(wordsTOML, &all); err != nil {
		return nil, fmt.Errorf("printout words: %w", err)
	}
	out := maps.Clone(all["en"])
	maps.Copy(out, all[lang])
	return out, nil
}

// CheckGlyphs reports each character of the texts the printouts of g
// would print, in every locale of g, that their font cannot print: at the
// message, as a printout reports it. A text is checked as it renders with
// the data, in each of its plural forms (so a character a parameter or a
// number brings is checked too), or where it does not render, as written
// outside its template actions. A message no printout prints (an engine's
// text, a component's or a term's name) is left alone.
func CheckGlyphs(g *model.Game) (diag.List, error) {
	cov, err := pdf.NewCoverage()
	if err != nil {
		return nil, err
	}
	printed := map[string]bool{}
	for _, id := range printedMessages(g) {
		printed[id] = true
	}
	var d diag.List
	for _, loc := range g.Locales {
		l, err := l10n.New(g, loc.Lang)
		if err != nil {
			l = nil // every text is checked as written
		}
		for _, m := range loc.Messages {
			if !printed[m.ID] {
				continue
			}
			seen := map[rune]bool{}
			for _, cat := range slices.Sorted(maps.Keys(m.Forms)) {
				for _, r := range renderForm(l, m, cat) {
					why := unprintable(cov, r)
					if seen[r] || why == "" {
						continue
					}
					seen[r] = true
					d.Errorf(m.Pos, diag.Unprintable, "%s (%s): %U %q cannot be printed: %s", m.ID, loc.Lang, r, r, why)
				}
			}
		}
	}
	return d.Sort(), nil
}

// renderForm renders one plural form of a message with the data, with a
// count that selects it; without a localizer, or where the form does not
// render, it is its text outside template actions.
func renderForm(l *l10n.Localizer, m *model.Message, form string) string {
	if l != nil {
		if len(m.Forms) == 1 {
			if s, err := l.Text(m.ID); err == nil {
				return s
			}
		} else if n := l.Sample(form); n != "" {
			if s, err := l.Count(m.ID, n); err == nil {
				return s
			}
		}
	}
	return withoutActions(m.Forms[form])
}

// printedMessages lists the messages the printouts of g print, whatever the
// variant: the game's and its variants' names, the rules, the blocks' texts
// and headings, and the names of enum values, card types and cards, which
// the blocks' tables show.
func printedMessages(g *model.Game) []string {
	g = g.Loaded() // every card, whatever the variant played
	ids := []string{"game.name", "game.tagline", model.ReconstructedLegend, model.AidLabel}
	for _, v := range g.Variants {
		ids = append(ids, v.Message)
	}
	for _, s := range g.Sections {
		ids = append(ids, "rules."+s.ID+".title", "rules."+s.ID+".text")
	}
	for _, r := range g.Rulings {
		ids = append(ids, r.Message)
	}
	for _, b := range g.Blocks {
		ids = append(ids, b.Messages(g)...)
	}
	for _, e := range g.Enums {
		for _, v := range e.Values {
			ids = append(ids, v.Message)
		}
	}
	for _, t := range g.Types {
		ids = append(ids, t.Message)
	}
	for _, c := range g.Cards {
		ids = append(ids, c.Message)
	}
	for _, c := range g.Components { // a distribution lists them
		ids = append(ids, c.Message)
	}
	if g.Deck != nil {
		ids = append(ids, g.Deck.Messages()...)
	}
	return ids
}

// withoutActions drops the {{...}} actions of a template, which print data.
func withoutActions(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return b.String()
		}
		s = s[i+j+2:]
	}
}

// Has reports whether g has anything to print as kind: blocks placed on
// the reference sheet or on one of its cards (a card of the variant it is
// played in counts, another variant's does not), or rule sections.
func Has(g *model.Game, k Kind) bool {
	if k == Rules {
		return len(g.Sections) > 0
	}
	if k == Deck {
		return len(deckCards(g, false)) > 0
	}
	for _, b := range g.Blocks {
		if !b.PrintedIn(g.Variant) {
			continue
		}
		for _, pl := range b.On {
			if k == Reference && pl.Kind == model.OnSheet {
				return true
			}
			if k == Cards && pl.Kind == model.OnCard && slices.ContainsFunc(g.Cards, func(c *model.Card) bool { return c.ID == pl.ID }) {
				return true
			}
		}
	}
	return false
}
