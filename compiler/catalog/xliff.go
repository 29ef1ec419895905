package catalog

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
)

const (
	xliffNS       = "urn:oasis:names:tc:xliff:document:1.2"
	pluralRestype = "x-gettext-plurals"
	stateDone     = "translated"
	stateReview   = "needs-review-translation"
)

// WriteXLIFF writes the translation of g into lang as an XLIFF 1.2
// document: a trans-unit per source message, or for a plural message a
// group of them, one per plural category of lang.
func WriteXLIFF(w io.Writer, g *model.Game, lang string) error {
	e, err := prepare(g, lang)
	if err != nil {
		return err
	}
	x := &xmlOut{}
	x.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	x.raw("<xliff version=\"1.2\" xmlns=\"" + xliffNS + "\">\n")
	x.raw("  <file original=\"")
	x.esc(e.file, true)
	x.raw("\" source-language=\"")
	x.esc(g.SourceLang, true)
	x.raw("\" target-language=\"")
	x.esc(lang, true)
	x.raw("\" datatype=\"plaintext\">\n    <body>\n")
	for _, it := range e.items {
		x.item(it, e.cats)
	}
	x.raw("    </body>\n  </file>\n</xliff>\n")
	if x.err != nil {
		return x.err
	}
	_, err = io.WriteString(w, x.b.String())
	return err
}

// xmlOut builds an XML document, keeping the first text it cannot hold.
type xmlOut struct {
	b   strings.Builder
	err error
}

func (x *xmlOut) raw(s string) { x.b.WriteString(s) }

// esc writes s as character data, or as an attribute value. Newlines stay
// as they are in text, for translators to read; XML has no way to write
// most control characters, so those are an error.
func (x *xmlOut) esc(s string, attr bool) {
	for _, r := range s {
		switch {
		case r == '&':
			x.raw("&amp;")
		case r == '<':
			x.raw("&lt;")
		case r == '>':
			x.raw("&gt;")
		case r == '"' && attr:
			x.raw("&quot;")
		case r == '\r', (r == '\n' || r == '\t') && attr:
			// Parsers turn these into spaces or newlines otherwise.
			fmt.Fprintf(&x.b, "&#x%X;", r)
		case r < 0x20 && r != '\n' && r != '\t', r == 0xFFFE, r == 0xFFFF:
			x.fail(fmt.Errorf("%q holds the character %U, which XML cannot hold", s, r))
		default:
			x.b.WriteRune(r)
		}
	}
}

func (x *xmlOut) fail(err error) {
	if x.err == nil {
		x.err = err
	}
}

func (x *xmlOut) item(it item, cats []string) {
	if x.err != nil {
		return
	}
	defer func() {
		if x.err != nil {
			x.err = fmt.Errorf("message %s: %w", it.id, x.err)
		}
	}()
	state := stateReview
	if it.current {
		state = stateDone
	}
	if !it.plural {
		x.unit("      ", it.id, it.source["other"], it.target, "other", state, it.description)
		return
	}
	x.raw("      <group id=\"")
	x.esc(it.id, true)
	x.raw("\" restype=\"" + pluralRestype + "\">\n")
	for _, c := range cats {
		x.unit("        ", it.id+"["+c+"]", it.sourceFor(c), it.target, c, state, it.description)
	}
	x.raw("      </group>\n")
}

// unit writes one trans-unit; it has a target when the translation has
// the category.
func (x *xmlOut) unit(indent, id, source string, target map[string]string, category, state, note string) {
	x.raw(indent + "<trans-unit id=\"")
	x.esc(id, true)
	x.raw("\" xml:space=\"preserve\">\n" + indent + "  <source>")
	x.esc(source, false)
	x.raw("</source>\n")
	if t, ok := target[category]; ok {
		x.raw(indent + "  <target state=\"" + state + "\">")
		x.esc(t, false)
		x.raw("</target>\n")
	}
	if note != "" {
		x.raw(indent + "  <note>")
		x.esc(note, false)
		x.raw("</note>\n")
	}
	x.raw(indent + "</trans-unit>\n")
}

// ReadXLIFF reads an XLIFF 1.2 document into the messages of lang: those
// of g's translation with every unit that has a target applied, sorted by
// id. Each <file> must translate from g's source language into lang.
func ReadXLIFF(r io.Reader, g *model.Game, lang string) ([]*model.Message, error) {
	src, tr, cats, err := sides(g, lang)
	if err != nil {
		return nil, err
	}
	xr := &xliffReader{d: xml.NewDecoder(r), srcLang: g.SourceLang, lang: lang, cats: cats}
	if err := xr.read(); err != nil {
		return nil, fmt.Errorf("reading XLIFF: %w", err)
	}
	msgs, err := merge(src, tr, cats, xr.entries)
	if err != nil {
		return nil, fmt.Errorf("reading XLIFF: %w", err)
	}
	return msgs, nil
}

type xliffReader struct {
	d             *xml.Decoder
	srcLang, lang string
	cats          []string
	root, file    bool
	groups        []*pluralGroup // open groups, innermost last; nil for other groups
	entries       []entry
}

// pluralGroup collects the units of one plural message.
type pluralGroup struct {
	id    string
	line  int
	units map[string]xliffUnit // by category
}

type xliffUnit struct {
	ID     string      `xml:"id,attr"`
	Source plainText   `xml:"source"`
	Target plainText   `xml:"target"`
	Notes  []plainText `xml:"note"`
	line   int
}

func (xr *xliffReader) read() error {
	for {
		line, _ := xr.d.InputPos()
		tok, err := xr.d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			err = xr.start(t, line)
		case xml.EndElement:
			err = xr.end(t)
		}
		if err != nil {
			return err
		}
	}
	switch {
	case !xr.root:
		return errors.New("no <xliff> element")
	case !xr.file:
		return errors.New("no <file> element")
	}
	return nil
}

func (xr *xliffReader) start(t xml.StartElement, line int) error {
	if !xr.root {
		return xr.xliff(t, line)
	}
	if t.Name.Space != xliffNS && t.Name.Space != "" {
		return xr.d.Skip() // an extension
	}
	switch t.Name.Local {
	case "file":
		return xr.fileStart(t, line)
	case "group":
		return xr.groupStart(t, line)
	case "trans-unit":
		return xr.unit(t, line)
	}
	return nil
}

func (xr *xliffReader) xliff(t xml.StartElement, line int) error {
	if t.Name.Local != "xliff" || (t.Name.Space != xliffNS && t.Name.Space != "") {
		return fmt.Errorf("line %d: the document is <%s>, not an XLIFF 1.2 <xliff>", line, t.Name.Local)
	}
	if v := attr(t, "version"); v != "" && v != "1.2" {
		return fmt.Errorf("line %d: XLIFF version %q; only 1.2 is supported", line, v)
	}
	xr.root = true
	return nil
}

func (xr *xliffReader) fileStart(t xml.StartElement, line int) error {
	xr.file = true
	if s := attr(t, "source-language"); !sameLang(s, xr.srcLang) {
		return fmt.Errorf("line %d: source-language is %q; the game's source language is %q", line, s, xr.srcLang)
	}
	if l := attr(t, "target-language"); !sameLang(l, xr.lang) {
		return fmt.Errorf("line %d: target-language is %q, not %q", line, l, xr.lang)
	}
	return nil
}

func (xr *xliffReader) groupStart(t xml.StartElement, line int) error {
	if len(xr.groups) > 0 && xr.groups[len(xr.groups)-1] != nil {
		return fmt.Errorf("line %d: a group inside the plural group %s", line, xr.groups[len(xr.groups)-1].id)
	}
	var g *pluralGroup
	if attr(t, "restype") == pluralRestype {
		g = &pluralGroup{id: attr(t, "id"), line: line, units: map[string]xliffUnit{}}
	}
	xr.groups = append(xr.groups, g)
	return nil
}

func (xr *xliffReader) end(t xml.EndElement) error {
	if t.Name.Local != "group" || (t.Name.Space != xliffNS && t.Name.Space != "") || len(xr.groups) == 0 {
		return nil
	}
	g := xr.groups[len(xr.groups)-1]
	xr.groups = xr.groups[:len(xr.groups)-1]
	if g == nil {
		return nil
	}
	e, err := g.entry()
	if err != nil {
		return err
	}
	xr.entries = append(xr.entries, e)
	return nil
}

func (xr *xliffReader) unit(t xml.StartElement, line int) error {
	if !xr.file {
		return fmt.Errorf("line %d: a trans-unit outside <file>", line)
	}
	u := xliffUnit{line: line}
	if err := xr.d.DecodeElement(&u, &t); err != nil {
		return fmt.Errorf("line %d: trans-unit %s: %w", line, attr(t, "id"), err)
	}
	if len(xr.groups) > 0 && xr.groups[len(xr.groups)-1] != nil {
		return xr.groups[len(xr.groups)-1].add(u, xr.cats)
	}
	e := entry{id: u.ID, line: line, description: u.note(), source: u.Source.text, review: u.review()}
	if u.Target.text != "" {
		e.forms = map[string]string{"other": u.Target.text}
	}
	xr.entries = append(xr.entries, e)
	return nil
}

func (g *pluralGroup) add(u xliffUnit, cats []string) error {
	c, ok := strings.CutPrefix(u.ID, g.id+"[")
	c, ok2 := strings.CutSuffix(c, "]")
	switch {
	case !ok || !ok2:
		return fmt.Errorf("line %d: trans-unit %s in plural group %s is not named %s[<category>]", u.line, u.ID, g.id, g.id)
	case !slices.Contains(cats, c):
		return fmt.Errorf("line %d: trans-unit %s: %q is not a plural category of the target language (%s)", u.line, u.ID, c, strings.Join(cats, ", "))
	}
	if _, dup := g.units[c]; dup {
		return fmt.Errorf("line %d: trans-unit %s appears twice", u.line, u.ID)
	}
	g.units[c] = u
	return nil
}

// entry is the message a closed plural group gives: its source and
// description are those of the "other" unit, the one a hash records.
func (g *pluralGroup) entry() (entry, error) {
	other, ok := g.units["other"]
	if !ok {
		return entry{}, fmt.Errorf("line %d: plural group %s has no unit %s[other]", g.line, g.id, g.id)
	}
	e := entry{id: g.id, line: g.line, description: other.note(), source: other.Source.text, plural: true}
	for c, u := range g.units {
		if u.Target.text == "" {
			continue
		}
		if e.forms == nil {
			e.forms = map[string]string{}
		}
		e.forms[c] = u.Target.text
		e.review = e.review || u.review()
	}
	return e, nil
}

// note is the message's description: the first note, the one WriteXLIFF
// writes; a translator's later notes are not part of it.
func (u xliffUnit) note() string {
	if len(u.Notes) == 0 {
		return ""
	}
	return u.Notes[0].text
}

// review reports whether the unit's target is marked as not yet final:
// every needs-* state of XLIFF 1.2.
func (u xliffUnit) review() bool { return strings.HasPrefix(u.Target.state, "needs-") }

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// plainText is the text of a source, target or note. Messages are plain
// text, so inline markup (<g>, <x/>, <ph>) is an error rather than lost.
type plainText struct {
	text  string
	state string
}

func (p *plainText) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	p.state = attr(start, "state")
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.StartElement:
			return fmt.Errorf("<%s> inside <%s>: messages are plain text", t.Name.Local, start.Name.Local)
		case xml.EndElement:
			p.text = b.String()
			return nil
		}
	}
}
