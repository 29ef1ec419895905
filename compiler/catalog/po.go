package catalog

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/grimoire-games/grimoire/compiler/model"
)

//go:generate go run ./internal/pluralgen

// pluralForms returns the gettext Plural-Forms of lang, converted from
// the CLDR plural rules go-i18n pins: for a whole number, its expression
// picks the index of the category go-i18n picks, categories in CLDR
// order. A category only fractions select (cs "many", ru "other") keeps
// its index though no whole number picks it. A locale without rules of
// its own takes its parent's, as go-i18n does: pt-BR those of pt.
func pluralForms(lang string) (string, error) {
	tag, err := language.Parse(lang)
	if err != nil {
		return "", fmt.Errorf("language %q: %w", lang, err)
	}
	forms := cldrPluralForms()
	for t := tag; ; t = t.Parent() {
		if f, ok := forms[t.String()]; ok {
			return f, nil
		}
		if t.IsRoot() {
			break
		}
	}
	base, _ := tag.Base()
	if f, ok := forms[base.String()]; ok {
		return f, nil
	}
	return "", fmt.Errorf("no CLDR plural rules for language %q", lang)
}

// WritePO writes the translation of g into lang as a gettext PO file. Each
// message is an entry whose msgctxt is its id; a plural message has
// msgstr[i] for the i-th CLDR category of lang.
func WritePO(w io.Writer, g *model.Game, lang string) error {
	e, err := prepare(g, lang)
	if err != nil {
		return err
	}
	forms, err := pluralForms(lang)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Game %s: translation from %s into %s.\n", g.ID, g.SourceLang, lang)
	b.WriteString("# msgctxt is the message id; keep it as it is.\n")
	poString(&b, "msgid", "")
	poString(&b, "msgstr", strings.Join([]string{
		"Project-Id-Version: " + g.ID,
		// The data knows neither when nor by whom the translation was
		// last revised: gettext's placeholders say so, and keep the
		// output the same for the same input. A translator's tool fills
		// them in on saving.
		"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE",
		"Last-Translator: FULL NAME <EMAIL@ADDRESS>",
		"Language-Team: " + languageTeam(lang),
		"Language: " + strings.ReplaceAll(lang, "-", "_"), // gettext's ll_CC
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=UTF-8",
		"Content-Transfer-Encoding: 8bit",
		"Plural-Forms: " + forms,
		"X-Source-Language: " + g.SourceLang,
		"X-Generator: grimoire",
	}, "\n")+"\n")
	for _, it := range e.items {
		b.WriteString("\n")
		poEntry(&b, it, e.cats)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// languageTeam names the team of lang the way msginit does when it knows
// no team address: the language's English name.
func languageTeam(lang string) string {
	tag, err := language.Parse(lang)
	if err != nil {
		return lang
	}
	if name := display.English.Tags().Name(tag); name != "" {
		return name
	}
	return lang
}

func poEntry(b *strings.Builder, it item, cats []string) {
	if it.description != "" {
		for _, l := range strings.Split(it.description, "\n") {
			if l == "" {
				b.WriteString("#.\n")
				continue
			}
			b.WriteString("#. " + l + "\n")
		}
	}
	if it.target != nil && !it.current {
		b.WriteString("#, fuzzy\n")
		poPrevious(b, it)
	}
	poString(b, "msgctxt", it.id)
	if !it.plural {
		poString(b, "msgid", it.source["other"])
		poString(b, "msgstr", it.target["other"])
		return
	}
	poString(b, "msgid", it.sourceFor("one"))
	poString(b, "msgid_plural", it.source["other"])
	for i, c := range cats {
		poString(b, "msgstr["+strconv.Itoa(i)+"]", it.target[c])
	}
}

// poPrevious writes, for a translation made from an older source, that
// source as gettext's previous fields (#| msgid), so that a translator's
// tool shows what changed.
func poPrevious(b *strings.Builder, it item) {
	p := it.previous
	if p == nil {
		return
	}
	var prev strings.Builder
	switch {
	case !it.plural && p.Forms["other"] != it.source["other"]:
		poString(&prev, "msgid", p.Forms["other"])
	case it.plural && (p.Forms["other"] != it.source["other"] || previousOne(p) != it.sourceFor("one")):
		poString(&prev, "msgid", previousOne(p))
		poString(&prev, "msgid_plural", p.Forms["other"])
	}
	for l := range strings.Lines(prev.String()) {
		b.WriteString("#| " + l)
	}
}

// previousOne is the singular a previous source showed: its "one", or its
// "other" when it had no such form.
func previousOne(p *model.SourceText) string {
	if s, ok := p.Forms["one"]; ok {
		return s
	}
	return p.Forms["other"]
}

// poString writes a keyword and its string, a text of several lines as ""
// followed by one quoted line each, the way gettext's tools do.
func poString(b *strings.Builder, keyword, s string) {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) <= 1 {
		b.WriteString(keyword + " \"" + poEscape(s) + "\"\n")
		return
	}
	b.WriteString(keyword + " \"\"\n")
	for _, l := range lines {
		b.WriteString("\"" + poEscape(l) + "\"\n")
	}
}

func poEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\%03o`, r) // three digits, so a digit after it stays a digit
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ReadPO reads a gettext PO file into the messages of lang: those of g's
// translation with every entry that has a msgstr applied, sorted by id.
// The header must give lang as the Language.
func ReadPO(r io.Reader, g *model.Game, lang string) ([]*model.Message, error) {
	src, tr, cats, err := sides(g, lang)
	if err != nil {
		return nil, err
	}
	forms, err := pluralForms(lang)
	if err != nil {
		return nil, err
	}
	pes, err := parsePO(r)
	if err != nil {
		return nil, fmt.Errorf("reading PO: %w", err)
	}
	h := poHeader{srcLang: g.SourceLang, lang: lang, forms: forms}
	entries, err := h.entries(pes, cats)
	if err != nil {
		return nil, fmt.Errorf("reading PO: %w", err)
	}
	msgs, err := merge(src, tr, cats, entries)
	if err != nil {
		return nil, fmt.Errorf("reading PO: %w", err)
	}
	return msgs, nil
}

// poMsg is one entry of a PO file as written.
type poMsg struct {
	line            int // of its first keyword
	comments        []string
	fuzzy           bool
	ctxt, id, idPl  *string
	strs            map[int]*string
	indexed, header bool
}

type poParser struct {
	msgs []*poMsg
	cur  *poMsg
	cont *string // the string a continuation line adds to
}

func parsePO(r io.Reader) ([]*poMsg, error) {
	p := &poParser{cur: &poMsg{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		if err := p.line(line, n); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	if err := p.flush(); err != nil {
		return nil, err
	}
	return p.msgs, nil
}

func (p *poParser) line(s string, n int) error {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		p.cont = nil
		return p.flush()
	case t[0] == '#':
		p.cont = nil
		if p.cur.id != nil {
			if err := p.flush(); err != nil {
				return err
			}
		}
		p.comment(strings.TrimLeft(s, " \t"))
		return nil
	case t[0] == '"':
		if p.cont == nil {
			return fmt.Errorf("line %d: a string that continues no keyword", n)
		}
		u, err := poUnquote(t)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		*p.cont += u
		return nil
	}
	return p.keyword(t, n)
}

// comment keeps what grimoire reads of comments: descriptions (#.) and
// the fuzzy flag. Obsolete entries (#~) and the rest are left out.
func (p *poParser) comment(s string) {
	switch {
	case strings.HasPrefix(s, "#."):
		c := strings.TrimPrefix(s, "#.")
		p.cur.comments = append(p.cur.comments, strings.TrimPrefix(c, " "))
	case strings.HasPrefix(s, "#,"):
		for f := range strings.SplitSeq(s[2:], ",") {
			if strings.TrimSpace(f) == "fuzzy" {
				p.cur.fuzzy = true
			}
		}
	}
}

func (p *poParser) keyword(t string, n int) error {
	i := strings.IndexAny(t, " \t")
	if i < 0 {
		return fmt.Errorf("line %d: %q without a string", n, t)
	}
	kw := t[:i]
	s, err := poUnquote(strings.TrimSpace(t[i:]))
	if err != nil {
		return fmt.Errorf("line %d: %s: %w", n, kw, err)
	}
	if (kw == "msgctxt" || kw == "msgid") && p.cur.id != nil {
		if err := p.flush(); err != nil {
			return err
		}
	}
	c := p.cur
	if c.line == 0 {
		c.line = n
	}
	switch {
	case kw == "msgctxt" && c.ctxt == nil:
		c.ctxt = &s
		p.cont = c.ctxt
	case kw == "msgid":
		c.id = &s
		p.cont = c.id
	case kw == "msgid_plural" && c.id != nil && c.idPl == nil && len(c.strs) == 0:
		c.idPl = &s
		p.cont = c.idPl
	case kw == "msgstr" || strings.HasPrefix(kw, "msgstr["):
		return p.msgstr(kw, s, n)
	default:
		return fmt.Errorf("line %d: unexpected %s", n, kw)
	}
	return nil
}

func (p *poParser) msgstr(kw, s string, n int) error {
	c := p.cur
	if c.id == nil {
		return fmt.Errorf("line %d: %s without msgid", n, kw)
	}
	i, indexed := 0, kw != "msgstr"
	if indexed {
		v, ok := strings.CutSuffix(strings.TrimPrefix(kw, "msgstr["), "]")
		var err error
		if i, err = strconv.Atoi(v); !ok || err != nil || i < 0 {
			return fmt.Errorf("line %d: %s is not msgstr[<index>]", n, kw)
		}
	}
	if len(c.strs) > 0 && (!indexed || !c.indexed) {
		return fmt.Errorf("line %d: %s after another msgstr", n, kw)
	}
	if _, dup := c.strs[i]; dup {
		return fmt.Errorf("line %d: a second %s", n, kw)
	}
	if c.strs == nil {
		c.strs = map[int]*string{}
	}
	c.strs[i] = &s
	c.indexed = indexed
	p.cont = c.strs[i]
	return nil
}

// flush ends the entry being read; comments that precede no entry are
// dropped.
func (p *poParser) flush() error {
	c := p.cur
	switch {
	case c.line == 0:
	case c.id == nil:
		return fmt.Errorf("line %d: msgctxt without msgid", c.line)
	case len(c.strs) == 0:
		return fmt.Errorf("line %d: msgid without msgstr", c.line)
	default:
		c.header = c.ctxt == nil && *c.id == ""
		p.msgs = append(p.msgs, c)
	}
	p.cur = &poMsg{}
	p.cont = nil
	return nil
}

// poUnquote decodes a PO string: C escapes, octal and hex ones included.
func poUnquote(s string) (string, error) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", fmt.Errorf("%s is not a quoted string", s)
	}
	body := s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '"':
			return "", fmt.Errorf("%s has an unescaped quote", s)
		case c != '\\':
			b.WriteByte(c)
		case i+1 == len(body):
			return "", fmt.Errorf("%s ends in a lone backslash", s)
		default:
			n, err := poEscapeSeq(body[i+1:], &b)
			if err != nil {
				return "", err
			}
			i += n
		}
	}
	return b.String(), nil
}

// poEscapeSeq decodes the escape sequence at the start of s (after its
// backslash) and returns its length.
func poEscapeSeq(s string, b *strings.Builder) (int, error) {
	if i := strings.IndexByte(`ntrabfv\"'?`, s[0]); i >= 0 {
		b.WriteByte("\n\t\r\a\b\f\v\\\"'?"[i])
		return 1, nil
	}
	digits, base, skip, most := "01234567", 8, 0, 3
	if s[0] == 'x' {
		digits, base, skip, most = "0123456789abcdefABCDEF", 16, 1, 2
	}
	n := skip
	for n < len(s) && n-skip < most && strings.IndexByte(digits, s[n]) >= 0 {
		n++
	}
	if n == skip {
		return 0, fmt.Errorf("unknown escape \\%c", s[0])
	}
	v, err := strconv.ParseUint(s[skip:n], base, 8)
	if err != nil {
		return 0, fmt.Errorf("escape \\%s is not a byte", s[:n])
	}
	b.WriteByte(byte(v))
	return n, nil
}

// poHeader checks a PO file's header and turns its entries into messages.
type poHeader struct {
	srcLang, lang, forms string
}

func (h poHeader) entries(msgs []*poMsg, cats []string) ([]entry, error) {
	// The header first: a file in another language fails for that reason.
	i := slices.IndexFunc(msgs, func(m *poMsg) bool { return m.header })
	if i < 0 {
		return nil, errors.New("no header entry (msgid \"\") giving the Language")
	}
	if err := h.check(msgs[i]); err != nil {
		return nil, err
	}
	var out []entry
	for _, m := range msgs {
		if err := m.valid(); err != nil {
			return nil, err
		}
		if m.header {
			continue
		}
		e, err := m.entry(cats)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func (h poHeader) check(m *poMsg) error {
	if m.indexed {
		return fmt.Errorf("line %d: the header has msgstr[i]", m.line)
	}
	fields := map[string]string{}
	for l := range strings.SplitSeq(*m.strs[0], "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok {
			fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	lang, ok := fields["Language"]
	switch {
	case !ok:
		return fmt.Errorf("line %d: the header gives no Language", m.line)
	case !sameLang(lang, h.lang):
		return fmt.Errorf("line %d: the header's Language is %q, not %q", m.line, lang, h.lang)
	}
	if s, ok := fields["X-Source-Language"]; ok && !sameLang(s, h.srcLang) {
		return fmt.Errorf("line %d: the header's X-Source-Language is %q; the game's source language is %q", m.line, s, h.srcLang)
	}
	if _, cs, ok := strings.Cut(fields["Content-Type"], "charset="); ok && !strings.EqualFold(strings.TrimSpace(cs), "UTF-8") {
		return fmt.Errorf("line %d: the charset is %s; only UTF-8 is supported", m.line, cs)
	}
	if pf, ok := fields["Plural-Forms"]; ok && !samePluralForms(pf, h.forms) {
		// msgstr[i] would mean other categories than grimoire's.
		return fmt.Errorf("line %d: Plural-Forms is %q; %s messages need %q", m.line, pf, h.lang, h.forms)
	}
	return nil
}

func (m *poMsg) valid() error {
	texts := slices.Concat(m.comments, []string{deref(m.ctxt), deref(m.id), deref(m.idPl)})
	for _, s := range m.strs {
		texts = append(texts, *s)
	}
	for _, s := range texts {
		if !utf8.ValidString(s) {
			return fmt.Errorf("line %d: the entry is not valid UTF-8", m.line)
		}
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (m *poMsg) entry(cats []string) (entry, error) {
	if m.ctxt == nil {
		return entry{}, fmt.Errorf("line %d: an entry without msgctxt; grimoire names messages by it", m.line)
	}
	e := entry{id: *m.ctxt, line: m.line, description: strings.Join(m.comments, "\n"), review: m.fuzzy, plural: m.idPl != nil}
	if e.plural != m.indexed {
		return entry{}, fmt.Errorf("line %d: message %s: msgid_plural goes with msgstr[i], msgid alone with msgstr", m.line, e.id)
	}
	if !e.plural {
		e.source = *m.id
		if s := *m.strs[0]; s != "" {
			e.forms = map[string]string{"other": s}
		}
		return e, nil
	}
	e.source = *m.idPl
	for i, s := range m.strs {
		if i >= len(cats) {
			return entry{}, fmt.Errorf("line %d: message %s: msgstr[%d], but the language has %d plural forms", m.line, e.id, i, len(cats))
		}
		if *s != "" {
			if e.forms == nil {
				e.forms = map[string]string{}
			}
			e.forms[cats[i]] = *s
		}
	}
	return e, nil
}
