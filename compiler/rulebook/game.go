package rulebook

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// concept is a game concept a rulebook names: a glossary term, a card
// type, card or component.
type concept struct {
	id         string
	one, other string // English name
	group      string
	proper     bool
	// count is how many the box holds, or -1 when the data does not count
	// it; designs is the number of card designs of a type; perPlayer is how
	// many each player gets when every design has one copy per player, or
	// -1.
	count, designs, perPlayer int
	cards                     bool // counted in cards: a card, type or race
}

// name returns the English name of n of the concept.
func (c *concept) name(n float64) string {
	if n == 1 {
		return c.one
	}
	return c.other
}

// index is what the checker knows of a game in one language: its concepts
// and their forms, and the rules' sections rendered from the locale, with
// each number marked with where it comes from.
type index struct {
	g        *model.Game
	v        *languages
	lang     *text.Language
	concepts map[string]*concept
	forms    *forms
	known    map[string]bool // every word of the game's texts in this language
	sections []*gameSection  // in rulebook order
	byID     map[string]*gameSection
	names    map[string]*concept // folded proper names in every language
	titles   []string            // folded names of the game, for page furniture
	notes    map[string]string   // notes a printout sets at a page's foot, by their folded letters
	// tables are the tables the rulebook prints, and tableText the
	// folded words of their titles and cells, which a book's prose lacks.
	tables    []printout.RuleTable
	tableText map[string]bool
}

// gameSection is a section of the rules in the index's language.
type gameSection struct {
	sec    *model.Section
	title  string
	words  []string // the title's words, folded
	lines  []string // title, blank line, text
	text   string   // the text, numbers marked with their source
	tokens []token
	ments  []mention
	at     [][]string // concepts named at each token
	front  bool       // front or back matter: story, purpose, credits
}

// newIndex builds what the checker knows of a game in the language tag: a
// language the game lacks gives concepts and names, but no rules.
func newIndex(g *model.Game, v *languages, tag string) *index {
	ix := &index{
		g: g, v: v, lang: v.lang(tag),
		concepts: map[string]*concept{},
		known:    map[string]bool{},
		byID:     map[string]*gameSection{},
		names:    map[string]*concept{},
		notes:    map[string]string{},
	}
	ix.forms = newForms()
	ix.addConcepts()
	for _, loc := range g.Locales {
		if m := loc.Message("game.name"); m != nil {
			ix.titles = append(ix.titles, letters(fold(m.Forms["other"])))
		}
		if loc.Lang != tag {
			continue
		}
		// The legend of the mark beside reconstructed values stands at
		// the foot of the pages that show one: no rule, and in no
		// section of the rules.
		if m := loc.Message(model.ReconstructedLegend); m != nil {
			for _, f := range m.Forms {
				ix.notes[letters(fold(f))] = f
			}
		}
		for _, m := range loc.Messages {
			for _, f := range m.Forms {
				for _, w := range strings.FieldsFunc(fold(f), notLetter) {
					ix.known[w] = true
				}
			}
		}
	}
	ix.addSections()
	ix.addTables()
	return ix
}

// addTables renders the tables the rulebook prints in the index's
// language; a game the printer cannot render has none to check.
func (ix *index) addTables() {
	ix.tableText = map[string]bool{}
	if ix.g.Locale(ix.lang.Tag) == nil {
		return
	}
	tabs, err := printout.RuleTables(ix.g, ix.lang.Tag)
	if err != nil {
		return
	}
	ix.tables = tabs
	for _, t := range tabs {
		ix.tableText[tableKey(t.Title)] = true
		for _, row := range t.Cells {
			for _, c := range row {
				if k := tableKey(c); k != "" {
					ix.tableText[k] = true
				}
			}
		}
	}
}

// tableKey is the form of a table's title or cell a line of a book is
// compared in: its letters, folded.
func tableKey(s string) string { return letters(fold(s)) }

// notLetter splits text into words.
func notLetter(r rune) bool { return !isLetter(r) }

// messageForms returns every form of a message in a language, plus the
// further forms of "forms.<extra>" when extra is not empty.
func (ix *index) messageForms(tag, id, extra string) []string {
	loc := ix.g.Locale(tag)
	if loc == nil {
		return nil
	}
	var out []string
	if m := loc.Message(id); m != nil {
		for _, cat := range sortedKeys(m.Forms) {
			out = append(out, m.Forms[cat])
		}
	}
	if extra != "" {
		if m := loc.Message("forms." + extra); m != nil {
			out = append(out, strings.Split(m.Forms["other"], "|")...)
		}
	}
	return out
}

// sortedKeys returns the keys of a map, sorted, so that what is built from
// them comes in a stable order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// englishName returns a message's singular and plural in English (or the
// game's source language), falling back on fallback.
func (ix *index) englishName(id, fallback string) (string, string) {
	for _, tag := range []string{"en", ix.g.SourceLang} {
		loc := ix.g.Locale(tag)
		if loc == nil {
			continue
		}
		if m := loc.Message(id); m != nil {
			one, other := m.Forms["one"], m.Forms["other"]
			if one == "" {
				one = other
			}
			return one, other
		}
	}
	return fallback, fallback
}

// addConcepts builds the concepts and their forms, in order of priority: a
// form already taken keeps its first concept, so a glossary term wins over
// the card that shares its name.
func (ix *index) addConcepts() {
	tag := ix.lang.Tag
	covered := map[string]bool{}
	for _, t := range ix.g.Terms {
		c := ix.newConcept(t.ID, t.Message)
		c.proper = t.Proper
		covered[t.Message] = true
		ix.addForms(c.id, ix.messageForms(tag, t.Message, t.ID))
		if t.Proper {
			for _, loc := range ix.g.Locales {
				for _, f := range ix.messageForms(loc.Lang, t.Message, t.ID) {
					ix.names[fold(f)] = c
				}
			}
		}
	}
	var msgs []string
	for _, t := range ix.g.Types {
		msgs = append(msgs, t.Message)
	}
	for _, c := range ix.g.Components {
		msgs = append(msgs, c.Message)
	}
	for _, c := range ix.g.Cards {
		msgs = append(msgs, c.Message)
	}
	for _, m := range msgs {
		if covered[m] || ix.concepts[m] != nil {
			continue
		}
		ix.newConcept(m, m)
		ix.addForms(m, ix.messageForms(tag, m, ""))
	}
	for _, gr := range ix.g.Groups {
		for _, t := range gr.Terms {
			if c := ix.concepts[t]; c != nil && c.group == "" {
				c.group = gr.ID
			}
		}
	}
}

func (ix *index) newConcept(id, msg string) *concept {
	c := &concept{id: id, count: -1, perPlayer: -1}
	c.one, c.other = ix.englishName(msg, strings.ReplaceAll(id, "_", " "))
	if msg != "" {
		c.count, c.designs, c.perPlayer = ix.countOf(msg)
		c.cards = c.count >= 0 && !strings.HasPrefix(msg, "component.")
	}
	ix.concepts[id] = c
	return c
}

func (ix *index) addForms(id string, forms []string) {
	for _, f := range forms {
		words := ix.formWords(f)
		if len(words) > 0 {
			ix.forms.add(words, id)
		}
	}
}

// formWords splits a form the way texts are split, keeping the words.
func (ix *index) formWords(f string) []string {
	var out []string
	for _, t := range lineTokens(ix.lang, f, 0, 0) {
		if t.kind != punct {
			out = append(out, t.norm)
		}
	}
	return out
}

// countOf returns how many of what a message names the box holds: a card,
// a card type, a component or an enum value such as a race (the copies of
// the cards whose field has that value). designs is the number of card
// designs; perPlayer is how many each player gets, or -1.
func (ix *index) countOf(msg string) (count, designs, perPlayer int) {
	kind, id, ok := strings.Cut(msg, ".")
	if !ok {
		return -1, 0, -1
	}
	g := ix.g
	switch kind {
	case "card":
		for _, c := range g.Cards {
			if c.ID == id {
				return c.Copies, 1, -1
			}
		}
	case "type":
		all := true
		for _, c := range g.Cards {
			if c.Type == id {
				count += c.Copies
				designs++
				all = all && c.Copies == g.Players.Max
			}
		}
		if designs == 0 {
			return -1, 0, -1
		}
		if all {
			return count, designs, designs
		}
		return count, designs, -1
	case "component":
		for _, c := range g.Components {
			if c.ID == id {
				if c.Count == g.Players.Max {
					return c.Count, 1, 1
				}
				return c.Count, 1, -1
			}
		}
	default:
		return ix.enumCount(kind, id)
	}
	return -1, 0, -1
}

// enumCount counts the copies of the cards whose first field of the enum
// has the value (a goblin's extra creature is not its race). A declared
// total of the same filter gives the count directly.
func (ix *index) enumCount(enum, value string) (int, int, int) {
	found := false
	for _, e := range ix.g.Enums {
		found = found || e.ID == enum && e.Value(value) != nil
	}
	if !found {
		return -1, 0, -1
	}
	count, designs := 0, 0
	for _, t := range ix.g.Types {
		var field *model.Field
		for _, f := range t.Fields {
			if f.Type.Kind == model.EnumKind && f.Type.Enum == enum {
				field = f
				break
			}
		}
		if field == nil {
			continue
		}
		for _, c := range ix.g.Cards {
			if v, set := c.Get(field.ID); c.Type == t.ID && set && v.Str == value {
				count += c.Copies
				designs++
			}
		}
	}
	if designs == 0 {
		return -1, 0, -1
	}
	return count, designs, -1
}

// addSections renders the title and text of every section of the rules.
func (ix *index) addSections() {
	loc := ix.g.Locale(ix.lang.Tag)
	if loc == nil {
		return
	}
	data := markData(l10n.Data(ix.g, ix.lang.Tag), "")
	for _, s := range ix.g.Sections {
		gs := &gameSection{sec: s, front: s.Number == "" && s.Level <= 1}
		gs.title = ix.render(loc, data, "rules."+s.ID+".title")
		gs.words = titleWords(gs.title)
		text := ix.render(loc, data, "rules."+s.ID+".text")
		// The texts the rulebook prints after the section, with their
		// titles, are read as part of it: their words are the rules'.
		for b := range ix.g.BlocksOn(model.OnRules, s.ID) {
			if b.Kind != model.TextBlock {
				continue
			}
			if t := ix.render(loc, data, "block."+b.ID+".text"); t != "" {
				text = strings.TrimRight(text, "\n") + "\n\n" + ix.render(loc, data, "block."+b.ID+".title") + "\n\n" + t
			}
		}
		// The rulings the section lists are read as part of it too.
		if s.Rulings {
			for _, r := range ix.g.RulingsInBookOrder() {
				var number, title string
				if rs := ix.g.Section(r.Section); rs != nil {
					number, title = rs.Number, ix.render(loc, data, "rules."+rs.ID+".title")
				}
				text = strings.TrimRight(text, "\n") + "\n\n" + model.RulingParagraph(number, title, ix.render(loc, data, r.Message))
			}
		}
		gs.text = text
		var lines []bookLine
		gs.lines = strings.Split(gs.title+"\n\n"+text, "\n")
		for _, l := range gs.lines {
			lines = append(lines, bookLine{text: l})
		}
		gs.tokens = tokenize(ix.lang, lines)
		gs.ments, gs.at = ix.mentions(gs.tokens)
		ix.sections = append(ix.sections, gs)
		ix.byID[s.ID] = gs
	}
}

// render renders a message of the rules with numbers marked by source. A
// template the marked data cannot run is rendered plainly.
func (ix *index) render(loc *model.Locale, data map[string]any, id string) string {
	m := loc.Message(id)
	if m == nil {
		return ""
	}
	src := m.Forms["other"]
	t, err := template.New(id).Option("missingkey=error").Funcs(template.FuncMap{"mul": ix.mul}).Parse(src)
	if err == nil {
		var g *l10n.Template
		if g, err = l10n.Guard(t); err == nil {
			var out string
			if out, err = g.Execute(data); err == nil {
				return out
			}
		}
	}
	lz, err := l10n.New(ix.g, loc.Lang)
	if err != nil {
		return ""
	}
	s, err := lz.Text(id)
	if err != nil {
		return ""
	}
	return s
}

// mark is a number of the game data as a template prints it, with its
// source ("Param.days", "Total.wizards").
type mark struct {
	src, text string
	value     float64
}

func (m mark) String() string {
	return string(markStart) + m.src + string(markSep) + m.text + string(markEnd)
}

// markList is a list of numbers of the data.
type markList []any

func (l markList) String() string {
	parts := make([]string, len(l))
	for i, v := range l {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

// markData wraps every number of l10n's template data in a mark.
func markData(v any, path string) map[string]any {
	m, _ := markValue(v, path).(map[string]any)
	return m
}

func markValue(v any, path string) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = markValue(e, joinPath(path, k))
		}
		return out
	case l10n.List:
		out := make(markList, len(v))
		for i, e := range v {
			out[i] = markValue(e, fmt.Sprintf("%s[%d]", path, i))
		}
		return out
	case l10n.Number:
		return mark{src: path, text: v.String(), value: v.Value}
	}
	return v
}

func joinPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// mul is the templates' mul for marked numbers.
func (ix *index) mul(a, b any) (mark, error) {
	x, sa, err := markFloat(a)
	if err != nil {
		return mark{}, err
	}
	y, sb, err := markFloat(b)
	if err != nil {
		return mark{}, err
	}
	v := x * y
	text := strconv.FormatFloat(v, 'f', -1, 64)
	if ix.lang.Decimal == ',' && v != math.Trunc(v) {
		text = strings.Replace(text, ".", ",", 1)
	}
	return mark{src: "mul(" + sa + "," + sb + ")", text: text, value: v}, nil
}

func markFloat(v any) (float64, string, error) {
	switch v := v.(type) {
	case mark:
		return v.value, v.src, nil
	case int:
		return float64(v), strconv.Itoa(v), nil
	case float64:
		return v, strconv.FormatFloat(v, 'f', -1, 64), nil
	}
	return 0, "", fmt.Errorf("mul: %v is not a number", v)
}

// isCount reports whether a number of the game's text is a count of the
// box: a total, the players, a card's copies.
func isCount(src string) bool {
	return strings.HasPrefix(src, "Total.") || strings.HasPrefix(src, "Players.") || strings.HasSuffix(src, ".copies")
}

// paramName returns the name of the parameter a number comes from:
// "empire_size", "majority_bonus.giant".
func paramName(src string) string {
	s := strings.TrimPrefix(src, "Param.")
	if i := strings.IndexByte(s, '['); i >= 0 {
		s = s[:i]
	}
	return s
}
