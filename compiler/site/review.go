package site

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/rulebook"
)

// Rulebook is a rulebook checked against a game, with what the check
// found: it adds a page to the review of its language.
type Rulebook struct {
	Game     string
	Book     *rulebook.Book
	Findings diag.List
}

// The statuses of a translated message.
const (
	statusTranslated = "translated" // made from the current source
	statusStale      = "stale"      // made from another source text
	statusUnstamped  = "unstamped"  // recording no source text at all
	statusMissing    = "missing"    // absent from the translation
)

// reviewView is a translation's review: every message of the source
// beside its translation, with its status and the findings of the checks
// at their words.
type reviewView struct {
	SourceLang, SourceName string
	LangName               string
	File, SourceFile       string // the locale files
	Counts                 []count
	Filters                []filter
	Messages               []reviewMessage
	// Other are findings in the translation's file that fall in no
	// message.
	Other []finding
	Books []link
}

type count struct {
	Key, Label string
	N          int
}

type reviewMessage struct {
	ID, Anchor  string
	Status      string // a status, for the filter
	StatusLabel string
	Line        int // the translation's line in its file; 0 when missing
	SourceLine  int
	Description string
	Forms       []reviewForm
	// Previous are the source's forms the translation was made from,
	// when it is stale and they are recorded.
	Previous []reviewForm
	Findings []finding
	Tags     string // "status:… code:… severity:…" words the filters match
}

// reviewForm is one plural form of a message: source and translation as
// runs of text, the runs a finding points at marked.
type reviewForm struct {
	Form           string // "" for a message with only "other"
	Source, Target []run
}

// run is a stretch of a text; Mark, when set, is the anchor of the finding
// it is marked for.
type run struct {
	Text, Mark, Severity string
}

// finding is a diagnostic as a review page shows it.
type finding struct {
	Anchor, Mark         string // its own anchor; the mark's in the text, or ""
	Severity, Code, Text string
	SeverityLabel        string
	Where                string // file:line:col
	Doc, DocHref         string // what the code reports, and where it is documented
}

// reviews writes the review of each translation of a game, and the page
// of each rulebook checked in any of its languages; it returns the pages
// written, by language, for the game's page to link.
func (s *builder) reviews(g *model.Game, all map[string]*texts) (map[string][]link, error) {
	if f := s.full[g.ID]; f != nil {
		g = f
	}
	src := g.Locale(g.SourceLang)
	out := map[string][]link{}
	// Every locale: a draft translation, which the game is not published
	// in, has its review too.
	for _, loc := range g.Locales {
		lang := loc.Lang
		w := s.wordsOf(lang)
		// The game's name in the language, or in the source's where a
		// draft has none yet.
		name, err := all[g.SourceLang].text("game.name")
		if err != nil {
			return nil, err
		}
		if t := all[lang]; t != nil {
			if name, err = t.text("game.name"); err != nil {
				return nil, err
			}
		}
		var books []link
		for i, rb := range s.o.Rulebooks {
			if rb.Game != g.ID || rb.Book.Lang != lang {
				continue
			}
			file := bookFile(s.o.Rulebooks, i)
			if err := s.book(g, lang, name, rb, file, loc != src); err != nil {
				return nil, err
			}
			books = append(books, link{Href: file, Label: bookName(rb.Book.Name)})
		}
		if loc != src && src != nil {
			if err := s.review(g, lang, name, src, books); err != nil {
				return nil, err
			}
			out[lang] = append(out[lang], link{Href: lang + "/review.html", Label: w["review"]})
		}
		for _, b := range books {
			out[lang] = append(out[lang], link{Href: lang + "/" + b.Href, Label: w["book_review"] + " " + b.Label})
		}
	}
	return out, nil
}

// BookPage is the page of the i-th rulebook of a site, from its root.
func BookPage(books []Rulebook, i int) string {
	return path.Join(books[i].Game, books[i].Book.Lang, bookFile(books, i))
}

// bookFile is the page of the i-th rulebook in its language's folder,
// named after its file and unique among the rulebooks of its game and
// language.
func bookFile(books []Rulebook, i int) string {
	slug := func(b Rulebook) string {
		base := bookName(b.Book.Name)
		base = strings.TrimSuffix(base, path.Ext(base))
		var sb strings.Builder
		for _, r := range strings.ToLower(base) {
			if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '-' {
				sb.WriteRune(r)
			} else {
				sb.WriteByte('-')
			}
		}
		return cmp.Or(strings.Trim(sb.String(), "-"), "rulebook")
	}
	name, n := slug(books[i]), 1
	for j := range i {
		if books[j].Game == books[i].Game && books[j].Book.Lang == books[i].Book.Lang && slug(books[j]) == name {
			n++
		}
	}
	if n > 1 {
		name += "-" + strconv.Itoa(n)
	}
	return "review-" + name + ".html"
}

// review writes a translation's review page.
func (s *builder) review(g *model.Game, lang, name string, src *model.Locale, books []link) error {
	w := s.wordsOf(lang)
	tr := g.Locale(lang)
	rv := &reviewView{SourceLang: src.Lang, SourceName: langName(src.Lang), LangName: langName(lang),
		SourceFile: s.inTree(src.File), File: path.Join("locales", g.ID, lang+".toml"), Books: books}
	if tr != nil {
		rv.File = s.inTree(tr.File)
	}
	// The findings in the translation's file, in order.
	var mine diag.List
	for _, d := range s.o.Findings {
		if tr != nil && d.Pos.File == tr.File {
			mine = append(mine, d)
		}
	}
	mine = mine.Sort()
	placed := make([]bool, len(mine))
	counts := map[string]int{}
	codes := map[diag.Code]bool{}
	severities := map[string]bool{}
	n := 0
	for _, sm := range src.Messages {
		var tm *model.Message
		if tr != nil {
			tm = tr.Message(sm.ID)
		}
		rm := reviewMessage{ID: sm.ID, Anchor: "m-" + sm.ID, Description: sm.Description, SourceLine: sm.Pos.Line}
		switch {
		case tm == nil:
			rm.Status = statusMissing
		case tm.Hash == "":
			rm.Status = statusUnstamped
		case tm.Hash == l10n.MessageHash(sm):
			rm.Status = statusTranslated
		default:
			rm.Status = statusStale
			if p := tm.Previous; p != nil && l10n.SourceHash(p.Description, p.Forms["other"]) == tm.Hash {
				for _, f := range model.PluralKeys() {
					if text, ok := p.Forms[f]; ok {
						rm.Previous = append(rm.Previous, reviewForm{Form: formLabel(p.Forms, f), Source: []run{{Text: text}}})
					}
				}
			}
		}
		rm.StatusLabel = w["status_"+rm.Status]
		counts[rm.Status]++
		tags := []string{"status:" + rm.Status}

		// Every finding at this message: in one of its texts (marked at
		// its word), or on its key.
		marks := map[string][]mark{}   // form → marks in the translation
		related := map[string][]mark{} // form → marks in the source
		if tm != nil {
			rm.Line = tm.Pos.Line
			for i, d := range mine {
				form, off, in := "", 0, false
				for _, f := range tm.FormNames() {
					if o, ok := tm.Offset(f, d.Pos); ok {
						form, off, in = f, o, true
						break
					}
				}
				if !in && d.Pos.Line != tm.Pos.Line {
					continue
				}
				placed[i] = true
				n++
				fd := s.finding(d, n, w)
				if in {
					fd.Mark = addMark(marks, form, off, n, fd.Severity)
					for _, r := range d.Related {
						if r.Pos.File != src.File {
							continue
						}
						for _, f := range sm.FormNames() {
							if o, ok := sm.Offset(f, r.Pos); ok {
								related[f] = append(related[f], mark{off: o, anchor: fd.Mark, severity: "related"})
								break
							}
						}
					}
				}
				rm.Findings = append(rm.Findings, fd)
				tags = append(tags, "code:"+string(d.Code), "severity:"+fd.Severity)
				codes[d.Code] = true
				severities[fd.Severity] = true
			}
		}
		var forms []string
		for _, f := range model.PluralKeys() {
			_, inSrc := sm.Forms[f]
			inTr := tm != nil && tm.Forms[f] != ""
			if inSrc || inTr {
				forms = append(forms, f)
			}
		}
		for _, f := range forms {
			rf := reviewForm{}
			if len(forms) > 1 {
				rf.Form = f
			}
			if text, ok := sm.Forms[f]; ok {
				rf.Source = marked(text, related[f])
			}
			if tm != nil {
				if text, ok := tm.Forms[f]; ok {
					rf.Target = marked(text, marks[f])
				}
			}
			rm.Forms = append(rm.Forms, rf)
		}
		slices.Sort(tags)
		rm.Tags = strings.Join(slices.Compact(tags), " ")
		rv.Messages = append(rv.Messages, rm)
	}
	for i, d := range mine {
		if !placed[i] {
			n++
			rv.Other = append(rv.Other, s.finding(d, n, w))
			codes[d.Code] = true
			severities[d.Severity.String()] = true
		}
	}
	status := filter{Key: "status", Label: w["status"]}
	for _, st := range []string{statusTranslated, statusStale, statusUnstamped, statusMissing} {
		// A translation is translated or stale; the other statuses are
		// counted where they occur.
		if counts[st] > 0 || st == statusTranslated || st == statusStale {
			rv.Counts = append(rv.Counts, count{Key: st, Label: w["status_"+st], N: counts[st]})
			status.Options = append(status.Options, option{st, w["status_"+st]})
		}
	}
	rv.Filters = append(rv.Filters, status)
	if len(codes) > 0 {
		fl := filter{Key: "code", Label: w["code"]}
		for _, c := range slices.Sorted(maps.Keys(codes)) {
			fl.Options = append(fl.Options, option{string(c), string(c)})
		}
		rv.Filters = append(rv.Filters, fl)
		fl = filter{Key: "severity", Label: w["severity"]}
		for _, sev := range []string{"error", "warning"} {
			if severities[sev] {
				fl.Options = append(fl.Options, option{sev, w["severity_"+sev]})
			}
		}
		rv.Filters = append(rv.Filters, fl)
	}
	v := &view{Kind: "review", Lang: lang, Title: name + " – " + w["review"], Nav: s.navNamed(lang, name, 0, false), Review: rv}
	return s.page(gamePath(g, lang, "review.html"), v)
}

// formLabel names a plural form where a message has several.
func formLabel(forms map[string]string, f string) string {
	if len(forms) > 1 {
		return f
	}
	return ""
}

// finding is the n-th finding of a page.
func (s *builder) finding(d diag.Diagnostic, n int, w map[string]string) finding {
	f := finding{Anchor: "finding-" + strconv.Itoa(n), Severity: d.Severity.String(), Code: string(d.Code), Text: d.Message}
	p := d.Pos
	p.File = s.inTree(p.File)
	f.Where = p.String()
	f.SeverityLabel = cmp.Or(w["severity_"+f.Severity], f.Severity)
	if s.o.Tool.RuleDoc != nil {
		f.Doc = s.o.Tool.RuleDoc(d.Code).Full
	}
	if s.o.Tool.RulesURI != nil {
		f.DocHref = s.o.Tool.RulesURI(d.Code)
	}
	return f
}

// inTree is a file of the games tree named from the tree.
func (s *builder) inTree(file string) string {
	return strings.TrimPrefix(file, s.o.Prefix)
}

// mark is where a finding points in a text.
type mark struct {
	off              int
	anchor, severity string
}

// addMark marks the n-th finding of a page at off in a form's text, and
// returns the mark's anchor: a finding at the words another marks
// already shares its mark.
func addMark(marks map[string][]mark, form string, off, n int, severity string) string {
	for i, m := range marks[form] {
		if m.off == off {
			if severity == "error" {
				marks[form][i].severity = severity
			}
			return m.anchor
		}
	}
	anchor := "mark-" + strconv.Itoa(n)
	marks[form] = append(marks[form], mark{off: off, anchor: anchor, severity: severity})
	return anchor
}

// marked cuts text into runs, each mark over the word at its offset (up to
// the next space, or the next mark): a finding's position names where its
// words start, not where they end.
func marked(text string, marks []mark) []run {
	slices.SortStableFunc(marks, func(a, b mark) int { return cmp.Compare(a.off, b.off) })
	var out []run
	at := 0
	for i, m := range marks {
		if m.off < at {
			continue // a second finding at the same words: the first mark leads to both
		}
		end := len(text)
		if i+1 < len(marks) && marks[i+1].off > m.off {
			end = marks[i+1].off
		}
		word := wordEnd(text[m.off:])
		end = min(end, m.off+word)
		if m.off > at {
			out = append(out, run{Text: text[at:m.off]})
		}
		out = append(out, run{Text: text[m.off:end], Mark: m.anchor, Severity: m.severity})
		at = end
	}
	if at < len(text) || len(out) == 0 {
		out = append(out, run{Text: text[at:]})
	}
	return out
}

// wordEnd is the length of the word s starts with, its punctuation
// included; at a space, the space's, so a mark is never empty.
func wordEnd(s string) int {
	for i, r := range s {
		if unicode.IsSpace(r) {
			if i == 0 {
				return utf8.RuneLen(r)
			}
			return i
		}
	}
	if s == "" {
		return 0
	}
	return len(s)
}

// bookView is a rulebook checked against the game: its text, line by
// line, with the findings after their lines.
type bookView struct {
	Name     string
	Lines    []bookLine
	Findings int
	Other    []finding // findings at no line of the book
	Jump     []link    // to each finding at a line: "l. 106 G302"
}

type bookLine struct {
	N        int
	Anchor   string
	Page     bool // the line starts a page
	Runs     []run
	Findings []finding
}

// book writes the page of a rulebook checked against its game.
func (s *builder) book(g *model.Game, lang, name string, rb Rulebook, file string, reviewed bool) error {
	w := s.wordsOf(lang)
	b := rb.Book
	bv := &bookView{Name: b.Name}
	byLine := map[int][]diag.Diagnostic{}
	n := 0
	for _, d := range rb.Findings.Sort() {
		if d.Pos.File == b.Name && d.Pos.Line >= 1 && d.Pos.Line <= len(b.Lines) {
			byLine[d.Pos.Line] = append(byLine[d.Pos.Line], d)
			continue
		}
		n++
		bv.Other = append(bv.Other, s.finding(d, n, w))
	}
	for i, text := range b.Lines {
		ln := bookLine{N: i + 1, Anchor: "l" + strconv.Itoa(i+1), Page: i < len(b.PageStart) && b.PageStart[i]}
		text = strings.TrimLeft(text, "\f")
		marks := map[string][]mark{}
		for _, d := range byLine[i+1] {
			n++
			fd := s.finding(d, n, w)
			if off, ok := runeOffset(text, d.Pos.Col); ok {
				fd.Mark = addMark(marks, "", off, n, fd.Severity)
			}
			ln.Findings = append(ln.Findings, fd)
			bv.Jump = append(bv.Jump, link{Href: "#" + fd.Anchor, Label: w["line"] + "\u00a0" + strconv.Itoa(i+1) + " " + fd.Code})
		}
		ln.Runs = marked(text, marks[""])
		bv.Lines = append(bv.Lines, ln)
	}
	bv.Findings = n
	nav := s.navNamed(lang, name, 0, false)
	if reviewed {
		nav = append(nav, link{Href: "review.html", Label: w["review"]})
	}
	v := &view{Kind: "book", Lang: lang, Title: name + " – " + bookName(b.Name), Nav: nav, Book: bv}
	return s.page(gamePath(g, lang, file), v)
}

// bookName is a rulebook's file without its folders.
func bookName(file string) string {
	return path.Base(strings.ReplaceAll(file, `\`, "/"))
}

// runeOffset is the byte offset of a column (from 1, in characters).
func runeOffset(s string, col int) (int, bool) {
	if col < 1 {
		return 0, false
	}
	i := 0
	for off := range s {
		i++
		if i == col {
			return off, true
		}
	}
	return 0, false
}
