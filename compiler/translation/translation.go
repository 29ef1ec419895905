package translation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// texts checks what the words of the locales say: every locale against
// the data and the glossary, every translation against the source. The
// checks that compare meaning work on the rendered text, so a number
// written as a digit, a word or a template is the same number.
type texts struct {
	g      *model.Game
	st     Status
	source *model.Locale
	data   map[string]map[string]any
	args   map[string]map[string]any
	d      *diag.List
	// names holds, per language, each glossary term's names.
	names map[string]map[string][]phrase
	// counted holds the quantities the data knows: a message naming a
	// thing, and how many of it the game has; countedOrder, those
	// messages in the order their names are claimed.
	counted      map[string]int
	countedOrder []string
	// termMsg marks the messages that name a term: they define the
	// glossary rather than use it.
	termMsg map[string]bool
	// The glossary by id, by message (the first term with it), and its
	// proper names by message.
	termByID, termByMsg, properByMsg map[string]*model.Term
	lex                              map[string]*text.Language
	// countNames holds, per language, the names of counted things, each
	// name claimed by the first thing that has it.
	countNames map[string][]countName
	// cache holds rendered forms: the source is compared with every
	// translation, and one form is read by several checks.
	cache map[renderKey]rendering
	// The readers of the checks by aligned sentence (aligned.go).
	vocab map[string]*text.Vocab
	docs  map[docKey]*text.Doc
	cal   map[string]text.Calibration
	free  map[string]bool // messages translated freely (model.Section.Free)
	// aligns holds each translated form's alignment with its source,
	// made once with the language pair's calibration.
	aligns map[*text.Doc][]text.Pair
	// sib holds, per translated language, the other translation its
	// sentences are also compared with (aligned.go).
	sib map[string]*sibling
	// acks are the game's [[difference]] entries that quote one source
	// sentence (difference.go).
	acks []*ack
	// known are the languages the checks know, which a sentence left
	// untranslated may be in (aligned.go).
	known []*text.Language
}

type renderKey struct{ lang, id, form, count string }

type rendering struct {
	ok bool
	ts []text.Token
}

type countName struct {
	p    phrase
	want int
}

func checkTexts(g *model.Game, st Status, source *model.Locale, data map[string]map[string]any, args map[string]map[string]any, d *diag.List) {
	t := &texts{g: g, st: st, source: source, data: data, args: args, d: d,
		names: map[string]map[string][]phrase{}, counted: map[string]int{}, termMsg: map[string]bool{},
		lex: map[string]*text.Language{}, countNames: map[string][]countName{}, cache: map[renderKey]rendering{}}
	t.countedOrder = quantities(g, st, t.counted)
	t.termByID, t.termByMsg, t.properByMsg = map[string]*model.Term{}, map[string]*model.Term{}, map[string]*model.Term{}
	for _, term := range g.Terms {
		t.termMsg[term.Message] = true
		t.termMsg["forms."+term.ID] = true
		t.termByID[term.ID] = term
		if t.termByMsg[term.Message] == nil {
			t.termByMsg[term.Message] = term
		}
		if term.Proper && t.properByMsg[term.Message] == nil {
			t.properByMsg[term.Message] = term
		}
	}
	for _, loc := range g.Locales {
		if st.Broken(loc.Lang) {
			continue
		}
		l, err := text.Lang(loc.Lang)
		if err != nil {
			d.Errorf(diag.Pos{File: loc.File}, diag.BadLanguage, "%v", err)
			continue
		}
		t.lex[loc.Lang] = l
		t.names[loc.Lang] = termNames(g, loc, l)
		t.countNames[loc.Lang] = t.claim(loc, l)
	}
	t.readers()
	t.acknowledge()
	for _, loc := range g.Locales {
		if t.names[loc.Lang] == nil {
			continue
		}
		t.ambiguous(loc)
		for _, m := range loc.Messages {
			t.prose(loc, m)
			t.dataNumbers(loc, m)
			if source != nil && loc != source && t.names[source.Lang] != nil {
				if s := source.Message(m.ID); s != nil {
					t.compare(loc, m, s)
				}
			}
		}
	}
	t.unacknowledged()
}

// quantities fills q with the messages that name a counted thing and its
// count: a declared total's type or enum value, a component, a card's
// copies (when they loaded). It returns them in that order: a card named
// like its race ("giant") counts less than the race's total.
func quantities(g *model.Game, st Status, q map[string]int) []string {
	var order []string
	add := func(msg string, n int) {
		if _, ok := q[msg]; !ok {
			q[msg] = n
			order = append(order, msg)
		}
	}
	for _, tot := range g.Totals {
		typ := typeOf(g, tot.Type)
		switch {
		case tot.Field == "" && typ != nil:
			add(typ.Message, tot.Count)
		case typ != nil:
			f := typ.Field(tot.Field)
			if f != nil && f.Type.Kind == model.EnumKind {
				add(f.Type.Enum+"."+tot.Equals.Str, tot.Count)
			}
		}
	}
	for _, c := range g.Components {
		if !st.CountLost(c.ID) {
			add(c.Message, c.Count)
		}
	}
	for _, c := range g.Cards {
		if !st.CopiesLost(c.ID) {
			add(c.Message, c.Copies)
		}
	}
	return order
}

func typeOf(g *model.Game, id string) *model.Type {
	for _, t := range g.Types {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// namesOf lists every name a message gives in a locale: its plural forms,
// and for a term the inflected forms of forms.<term>.
func namesOf(loc *model.Locale, l *text.Language, msg, term string) []phrase {
	var out []phrase
	add := func(s string) {
		if p := phraseOf(l, s); len(p) > 0 && !slices.ContainsFunc(out, func(q phrase) bool { return slices.Equal(p, q) }) {
			out = append(out, p)
		}
	}
	if m := loc.Message(msg); m != nil {
		for _, k := range m.FormNames() {
			add(m.Forms[k])
		}
	}
	if term != "" {
		if m := loc.Message("forms." + term); m != nil {
			for _, f := range strings.Split(m.Forms["other"], "|") {
				add(f)
			}
		}
	}
	return out
}

func termNames(g *model.Game, loc *model.Locale, l *text.Language) map[string][]phrase {
	n := map[string][]phrase{}
	for _, term := range g.Terms {
		n[term.ID] = namesOf(loc, l, term.Message, term.ID)
	}
	return n
}

// claim lists the names of counted things in a language; a name two
// things share belongs to the first.
func (t *texts) claim(loc *model.Locale, l *text.Language) []countName {
	var out []countName
	claimed := map[string]bool{}
	for _, id := range t.countedOrder {
		term := ""
		if x := t.termByMsg[id]; x != nil {
			term = x.ID
		}
		for _, p := range namesOf(loc, l, id, term) {
			if key := strings.Join(p, " "); !claimed[key] {
				claimed[key] = true
				out = append(out, countName{p, t.counted[id]})
			}
		}
	}
	return out
}

// ambiguous reports a name that two concepts share in one language.
func (t *texts) ambiguous(loc *model.Locale) {
	owner := map[string]string{}
	for _, term := range t.g.Terms {
		shared := map[string][]string{} // other term: names in common
		var others []string
		for _, p := range t.names[loc.Lang][term.ID] {
			key := strings.Join(p, " ")
			if other, ok := owner[key]; ok && other != term.ID {
				if shared[other] == nil {
					others = append(others, other)
				}
				shared[other] = append(shared[other], fmt.Sprintf("%q", key))
				continue
			}
			owner[key] = term.ID
		}
		for _, other := range others {
			// Either message may be the wrong one: point at both.
			for _, at := range []string{t.termByID[other].Message, term.Message} {
				t.d.Errorf(t.msgPos(loc, at), diag.AmbiguousTerm, "%s names both %s and %s (%s); each concept needs its own term", loc.Lang, other, term.ID, strings.Join(shared[other], ", "))
			}
		}
	}
}

func (t *texts) msgPos(loc *model.Locale, id string) diag.Pos {
	if m := loc.Message(id); m != nil {
		return m.Pos
	}
	return diag.Pos{File: loc.File}
}

// numberAt is where a number and the name it counts ("4 sorts") stand in
// a message's text, as typed there; else where the text starts, on the
// line after the quotes of a multi-line string.
func numberAt(m *model.Message, said string) diag.Pos {
	if k := strings.Index(m.Forms["other"], said); k >= 0 {
		return m.At("other", k)
	}
	return m.At("other", 0)
}

// words is a form of a message as players read it, with count as .Count,
// in tokens; ok is false if it does not render.
func (t *texts) words(loc *model.Locale, m *model.Message, form string, count string) ([]text.Token, bool) {
	key := renderKey{loc.Lang, m.ID, form, count}
	if r, ok := t.cache[key]; ok {
		return r.ts, r.ok
	}
	out, parsed, err := l10n.Render(m.Forms[form], l10n.WithArgs(t.data[loc.Lang], count, t.args[m.ID]))
	r := rendering{ok: parsed && err == nil && !strings.Contains(out, "<no value>")}
	if r.ok {
		r.ts = t.lex[loc.Lang].Tokens(out, nil)
	}
	t.cache[key] = r
	return r.ts, r.ok
}

// prose checks the written text of every form: empty texts, brackets and
// quotes, doubled words and French punctuation.
func (t *texts) prose(loc *model.Locale, m *model.Message) {
	for _, form := range m.FormNames() {
		text := m.Forms[form]
		if strings.TrimSpace(maskActions(text)) == "" && !strings.Contains(text, "{{") {
			t.d.Errorf(m.FormPos(form), diag.EmptyMessage, "message %s (%s, %s) is empty", m.ID, loc.Lang, form)
			continue
		}
		if strings.HasPrefix(m.ID, "forms.") {
			continue // a list of forms, not prose
		}
		if _, err := template.New("m").Funcs(l10n.Funcs()).Parse(text); err != nil {
			continue // G102 says why
		}
		masked := maskActions(text)
		if off, what, ok := unbalanced(masked, loc.Lang); !ok {
			t.d.Warnf(m.At(form, off), diag.Unbalanced, "message %s (%s, %s): %s", m.ID, loc.Lang, form, what)
		}
		for _, d := range doubled(masked, t.lex[loc.Lang]) {
			t.d.Warnf(m.At(form, d.off), diag.DoubledWord, "message %s (%s, %s): %q twice in a row", m.ID, loc.Lang, form, d.what)
		}
		if off, ok := spacing(mask(text, 'x')); !ok {
			t.d.Warnf(m.At(form, off), diag.Spacing, "message %s (%s, %s): %s", m.ID, loc.Lang, form, spacingWhat(text, off))
		}
		if loc.Lang == "fr" {
			for _, off := range frenchSpacing(masked) {
				t.d.Warnf(m.At(form, off), diag.FrenchTypography, "message %s (fr, %s): %q needs a (no-break) space before it in French", m.ID, form, string([]rune(masked[off:])[0]))
			}
		}
	}
}

// spacing finds the first doubled space between words, or space before a
// comma or full stop, in the text as written (template actions count as
// words): where a word or a placeholder was dropped, that is what is left.
func spacing(text string) (int, bool) {
	for i := 1; i+1 < len(text); i++ {
		if text[i] != ' ' || text[i-1] == '\n' || text[i-1] == ' ' {
			continue
		}
		switch next := text[i+1]; {
		case next == ' ':
			j := i + 1
			for j < len(text) && text[j] == ' ' {
				j++
			}
			if j < len(text) && text[j] != '\n' {
				return i, false
			}
		case next == ',' || next == '.' && (i+2 >= len(text) || text[i+2] != '.'):
			return i, false
		}
	}
	return 0, true
}

func spacingWhat(text string, off int) string {
	if text[off+1] == ' ' {
		return "two spaces in a row; was a word dropped?"
	}
	return fmt.Sprintf("a space before %q; was a word dropped?", text[off+1])
}

// unbalanced finds the first bracket or quote without its pair.
func unbalanced(text, lang string) (int, string, bool) {
	pairs := map[rune]rune{'(': ')', '[': ']', '«': '»'}
	switch lang {
	case "en":
		pairs['“'] = '”'
	case "fr":
		pairs['“'] = '”'
	case "de":
		pairs['„'] = '“'
		pairs['»'] = '«'
		delete(pairs, '«')
	}
	closers := map[rune]rune{}
	for o, c := range pairs {
		closers[c] = o
	}
	type open struct {
		r   rune
		off int
	}
	var stack []open
	straight := -1
	for off, r := range text {
		if r == '"' {
			if straight < 0 {
				straight = off
			} else {
				straight = -1
			}
			continue
		}
		if o, closes := closers[r]; closes {
			if len(stack) == 0 || stack[len(stack)-1].r != o {
				return off, fmt.Sprintf("%q closes nothing", string(r)), false
			}
			stack = stack[:len(stack)-1]
			continue
		}
		if _, opens := pairs[r]; opens {
			stack = append(stack, open{r, off})
		}
	}
	if len(stack) > 0 {
		o := stack[len(stack)-1]
		return o.off, fmt.Sprintf("%q is never closed", string(o.r)), false
	}
	if straight >= 0 {
		return straight, `'"' is never closed`, false
	}
	return 0, "", true
}

// doubled returns the offsets of words written twice in a row, except the
// repetitions the language allows (nous nous, die die).
func doubled(s string, l *text.Language) []doubling {
	var out []doubling
	ts := l.Tokens(s, nil)
	for i := 1; i < len(ts); i++ {
		a, b := ts[i-1], ts[i]
		// Accents count: "des dés" is no doubled word.
		if a.Kind != text.Word || b.Kind != text.Word || !strings.EqualFold(a.Text, b.Text) || b.Joined || l.Doubles(b.Norm) {
			continue
		}
		out = append(out, doubling{b.Off, b.Text})
	}
	// A run of two to five tokens written twice in a row, a word among
	// them: "draw two cards two cards".
	for n := 2; n <= maxDoubledRun; n++ {
		for i := n; i+n <= len(ts); i++ {
			if ts[i].Joined || !repeats(ts[i-n:i], ts[i:i+n]) || !together(s, ts[i-n:i+n]) {
				continue
			}
			out = append(out, doubling{ts[i].Off, s[ts[i].Off:ts[i+n-1].End]})
			i += n - 1
		}
	}
	slices.SortStableFunc(out, func(x, y doubling) int { return x.off - y.off })
	return slices.CompactFunc(out, func(x, y doubling) bool { return x.off == y.off })
}

// doubling is a word or run written twice in a row: where the second
// starts, and what it says.
type doubling struct {
	off  int
	what string
}

// maxDoubledRun is the longest run of tokens a doubled run is looked for
// with.
const maxDoubledRun = 5

// together reports whether tokens follow one another on one line, a
// space or two apart at most: not a heading and the paragraph that
// repeats it, nor words with an action between them.
func together(s string, ts []text.Token) bool {
	for k := 1; k < len(ts); k++ {
		gap := s[ts[k-1].End:ts[k].Off]
		if strings.ContainsRune(gap, '\n') || utf8.RuneCountInString(gap) > 2 {
			return false
		}
	}
	return true
}

// repeats reports whether run y writes run x again: the same tokens, a
// word among them.
func repeats(x, y []text.Token) bool {
	word := false
	for k := range x {
		if x[k].Kind != y[k].Kind || !strings.EqualFold(x[k].Text, y[k].Text) {
			return false
		}
		word = word || x[k].Kind == text.Word
	}
	return word
}

// frenchSpacing returns the offsets of ; : ! ? and » written without the
// space French puts before them, and of « without one after it.
func frenchSpacing(text string) []int {
	var out []int
	rs := []rune(text)
	off := 0
	for i, r := range rs {
		if i > 0 {
			off += len(string(rs[i-1]))
		}
		var prev, next rune
		if i > 0 {
			prev = rs[i-1]
		}
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch r {
		case ';', ':', '!', '?', '»':
			if i == 0 || unicode.IsSpace(prev) || strings.ContainsRune("!?(«", prev) {
				continue
			}
			if r == ':' && (unicode.IsDigit(prev) && unicode.IsDigit(next) || next == '/') {
				continue // 10:30, https://
			}
			out = append(out, off)
		case '«':
			if next != 0 && !unicode.IsSpace(next) {
				out = append(out, off)
			}
		}
	}
	return out
}

// dataNumbers checks the counts a text states against the data: a number
// right before the name of a counted thing (20 wizards) must be its count.
// Smaller numbers are left alone: "discard 2 giants" is not a count of the
// box.
func (t *texts) dataNumbers(loc *model.Locale, m *model.Message) {
	if t.termMsg[m.ID] || t.counted[m.ID] > 0 || strings.HasPrefix(m.ID, "forms.") {
		return
	}
	ts, ok := t.words(loc, m, "other", "7")
	if !ok {
		return
	}
	for _, cn := range t.countNames[loc.Lang] {
		for _, i := range cn.p.find(ts) {
			if i == 0 || !ts[i-1].Explicit() || ts[i-1].Ordinal {
				continue
			}
			// A count of the box is near the data's; a smaller number is
			// a hand or an example ("8 ruined cities").
			n := ts[i-1].Value
			if n == float64(cn.want) || 4*n < 3*float64(cn.want) {
				continue
			}
			t.d.Errorf(numberAt(m, ts[i-1].Text+" "+strings.Join(cn.p, " ")), diag.DataNumber, "message %s (%s): %q says %s, but the game has %d", m.ID, loc.Lang, ts[i-1].Text+" "+strings.Join(cn.p, " "), num(n), cn.want)
		}
	}
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// compare checks a translation against its source message.
func (t *texts) compare(loc *model.Locale, m, s *model.Message) {
	if m.Hash != "" {
		if h := l10n.MessageHash(s); h != m.Hash {
			t.d.Warnf(m.Pos, diag.StaleTranslation, "message %s (%s) was translated from another source text than %s's current one; update it, then run grimoire stamp", m.ID, loc.Lang, t.source.Lang)
		}
	}
	proper := t.properByMsg[m.ID]
	for _, form := range m.FormNames() {
		sf := form
		if _, ok := s.Forms[sf]; !ok {
			sf = "other"
		}
		if proper == nil && m.Forms[form] == s.Forms[sf] && wordCount(m.Forms[form]) >= 3 {
			t.d.Warnf(m.FormPos(form), diag.Untranslated, "message %s (%s, %s) is the source text (%s) untranslated", m.ID, loc.Lang, form, t.source.Lang)
		}
		// Every plural form says what the source's does, but "one" only
		// where the source has it: "une carte" is no "{{.Count}} cards".
		if t.compared(m.ID) && (form != "one" || sf == "one") {
			t.alignedRendered(loc, m, s, form, sf)
		}
	}
	if proper != nil && !proper.Adapted && m.Forms["other"] != s.Forms["other"] {
		t.d.Errorf(m.Pos, diag.ProperName, "proper name %s is %q in %s but %q in the source (%s); proper names stay as they are (mark the term adapted if translations may spell it their own way)", proper.ID, m.Forms["other"], loc.Lang, s.Forms["other"], t.source.Lang)
	}
}

// alignedRendered compares a form with its source form as aligned does,
// but where either does not render, its placeholders are not compared: the
// template's error (G102, G103) already says what is wrong with them, and a
// misspelt placeholder would only be reported again as missing and added.
func (t *texts) alignedRendered(loc *model.Locale, m, s *model.Message, form, sf string) {
	count := "7"
	if form == "one" {
		count = "1"
	}
	_, ok := t.words(loc, m, form, count)
	_, sok := t.words(t.source, s, sf, count)
	if ok && sok {
		t.aligned(loc, m, s, form, sf)
		return
	}
	var md diag.List
	d := t.d
	t.d = &md
	t.aligned(loc, m, s, form, sf)
	t.d = d
	for _, x := range md {
		if x.Code != diag.Placeholders {
			t.d.Add(x)
		}
	}
}

// wordCount counts the words of a text outside template actions.
func wordCount(text string) int {
	n := 0
	for _, f := range strings.Fields(maskActions(text)) {
		if strings.IndexFunc(f, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}
