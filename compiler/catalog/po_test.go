package catalog

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestPluralForms checks every Plural-Forms against go-i18n: for whole
// numbers its expression must pick the index of the category go-i18n picks.
func TestPluralForms(t *testing.T) {
	langs := []string{
		"en", "en-GB", "de", "de-CH", "nl", "sv", "da", "nb", "fi", "et", "el", "hu", "bg", "tr",
		"fr", "fr-CA", "it", "es", "es-419", "ca", "ja", "ko", "zh", "zh-Hant", "ru", "uk", "pl", "cs", "sk",
	}
	counts := []int{1000000, 2000000, 1000001, 10000000}
	for n := range 1201 {
		counts = append(counts, n)
	}
	for _, lang := range langs {
		t.Run(lang, func(t *testing.T) {
			pf, err := pluralForms(lang)
			if err != nil {
				t.Fatal(err)
			}
			cats, err := l10n.PluralCategories(lang)
			if err != nil {
				t.Fatal(err)
			}
			nplurals, expr := parsePluralForms(t, pf)
			if nplurals != len(cats) {
				t.Fatalf("nplurals=%d; go-i18n has %d categories %v", nplurals, len(cats), cats)
			}
			cldr := cldrCategory(t, lang)
			for _, n := range counts {
				i, err := evalPlural(expr, n)
				if err != nil {
					t.Fatalf("%s: %v", expr, err)
				}
				if i < 0 || i >= len(cats) {
					t.Fatalf("n=%d: index %d out of %v", n, i, cats)
				}
				if want := cldr(n); cats[i] != want {
					t.Errorf("n=%d: Plural-Forms picks %s; go-i18n picks %s", n, cats[i], want)
				}
			}
		})
	}
	for _, lang := range []string{"pt", "ar"} {
		if _, err := pluralForms(lang); err == nil || !strings.Contains(err.Error(), strconv.Quote(lang)) {
			t.Errorf("pluralForms(%q): error %v; want one naming the language", lang, err)
		}
	}
}

func parsePluralForms(t *testing.T, pf string) (int, string) {
	t.Helper()
	m := regexp.MustCompile(`^nplurals=(\d+); plural=(.*);$`).FindStringSubmatch(pf)
	if m == nil {
		t.Fatalf("Plural-Forms %q is not nplurals=N; plural=EXPR;", pf)
	}
	n, _ := strconv.Atoi(m[1])
	return n, m[2]
}

// cldrCategory returns the category go-i18n picks for a count in lang.
func cldrCategory(t *testing.T, lang string) func(int) string {
	t.Helper()
	tag := language.MustParse(lang)
	b := i18n.NewBundle(tag)
	probe := &i18n.Message{ID: "probe", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	if err := b.AddMessages(tag, probe); err != nil {
		t.Fatal(err)
	}
	loc := i18n.NewLocalizer(b, lang)
	return func(n int) string {
		s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "probe", PluralCount: n})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

// evalPlural evaluates a gettext plural expression (C syntax) for n.
func evalPlural(expr string, n int) (int, error) {
	toks := regexp.MustCompile(`\d+|n|\|\||&&|==|!=|<=|>=|[<>?:()%]|\S`).FindAllString(expr, -1)
	p := &cParser{toks: toks, n: n}
	v := p.ternary()
	if p.err == nil && p.i != len(toks) {
		p.err = fmt.Errorf("unexpected %q", toks[p.i])
	}
	return v, p.err
}

type cParser struct {
	toks []string
	i, n int
	err  error
}

func (p *cParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *cParser) expect(tok string) {
	if p.peek() != tok && p.err == nil {
		p.err = fmt.Errorf("want %q at token %d, have %q", tok, p.i, p.peek())
	}
	p.i++
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *cParser) ternary() int {
	c := p.binary(0)
	if p.peek() != "?" {
		return c
	}
	p.i++
	a := p.ternary()
	p.expect(":")
	b := p.ternary()
	if c != 0 {
		return a
	}
	return b
}

// binary parses the binary operators from the given precedence level up.
func (p *cParser) binary(level int) int {
	levels := [][]string{{"||"}, {"&&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"%"}}
	if level == len(levels) {
		return p.primary()
	}
	v := p.binary(level + 1)
	for {
		op := p.peek()
		if !strings.Contains(" "+strings.Join(levels[level], " ")+" ", " "+op+" ") || op == "" {
			return v
		}
		p.i++
		w := p.binary(level + 1)
		switch op {
		case "||":
			v = b2i(v != 0 || w != 0)
		case "&&":
			v = b2i(v != 0 && w != 0)
		case "==":
			v = b2i(v == w)
		case "!=":
			v = b2i(v != w)
		case "<":
			v = b2i(v < w)
		case ">":
			v = b2i(v > w)
		case "<=":
			v = b2i(v <= w)
		case ">=":
			v = b2i(v >= w)
		case "%":
			if w == 0 {
				p.err = fmt.Errorf("modulo by zero")
				return 0
			}
			v %= w
		}
	}
}

func (p *cParser) primary() int {
	tok := p.peek()
	p.i++
	switch {
	case tok == "n":
		return p.n
	case tok == "(":
		v := p.ternary()
		p.expect(")")
		return v
	}
	v, err := strconv.Atoi(tok)
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("unexpected %q", tok)
	}
	return v
}

func TestPOStrings(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`""`, ""},
		{`"plain"`, "plain"},
		{`"a\nb\tc\rd\\e\"f"`, "a\nb\tc\rd\\e\"f"},
		{`"\a\b\f\v\'\?"`, "\a\b\f\v'?"},
		{`"\101\0102\x41\x4142"`, "A\b2AA42"}, // at most 3 octal or 2 hex digits
		{`"\303\251"`, "é"},
	}
	for _, tt := range tests {
		got, err := poUnquote(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("poUnquote(%s) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{``, `"`, `abc`, `"a"b"`, `"ends\"`, `"\q"`, `"\400"`, `"\x"`, `"a" b`} {
		if got, err := poUnquote(bad); err == nil {
			t.Errorf("poUnquote(%s) = %q; want an error", bad, got)
		}
	}
	for _, s := range []string{"", "a\"b\\c", "\x01\x7f1", "tab\there", "é’🐉"} {
		got, err := poUnquote(`"` + poEscape(s) + `"`)
		if err != nil || got != s {
			t.Errorf("escape and unquote %q: %q, %v", s, got, err)
		}
	}
}

// TestReadPOFile reads a PO file written by hand the way gettext's tools
// write them: comments of every kind, obsolete entries, CRLF line ends.
func TestReadPOFile(t *testing.T) {
	g := warlock(t)
	doc := strings.Join([]string{
		"\uFEFF# translator's comment",
		`msgid ""`,
		`msgstr "Language: fr\n"`,
		`"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2\n"`,
		``,
		`# a translator's note`,
		`#. Pass: make no bid in the auction.`,
		`#: engine.toml:12`,
		`#, c-format, fuzzy`,
		`#| msgid "old"`,
		`msgctxt "action.pass"`,
		`msgid "pass"`,
		`msgstr "je "`,
		`  "passe"`,
		`#. a name`,
		`msgctxt "card.dragon"`,
		`msgid "dragon"`,
		`msgid_plural "dragons"`,
		`msgstr[0] "dragon"`,
		`msgstr[2] "dragons"`,
		``,
		`#~ msgctxt "gone"`,
		`#~ msgid "gone"`,
		`#~ msgstr "parti"`,
	}, "\r\n")
	got, err := ReadPO(strings.NewReader(doc), g, "fr")
	if err != nil {
		t.Fatal(err)
	}
	want := edit(edit(messages(t, g, "fr"), "action.pass", func(m *model.Message) {
		m.Forms = map[string]string{"other": "je passe"}
	}), "card.dragon", func(m *model.Message) {
		m.Forms = map[string]string{"one": "dragon", "many": "dragons", "other": "dragons"}
		m.Hash = l10n.SourceHash("a name", "dragons")
	})
	if diff := cmp.Diff(kept(want), kept(got)); diff != "" {
		t.Errorf("read (-want +got):\n%s", diff)
	}
}

func TestSameLang(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"fr", "fr", true},
		{"fr_FR", "fr-FR", true},
		{"de-ch", "de-CH", true},
		{"fr-FR", "fr", false},
		{"", "fr", false},
		{"bad tag!", "bad tag!", true},
	}
	for _, tt := range tests {
		if got := sameLang(tt.a, tt.b); got != tt.same {
			t.Errorf("sameLang(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestReadPOErrors(t *testing.T) {
	g := warlock(t)
	header := "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\n"
	tests := []struct {
		name, doc, want string
	}{
		{"no header", "msgctxt \"action.pass\"\nmsgid \"pass\"\nmsgstr \"passer\"\n", "no header"},
		{"header without Language", "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n", "line 1: the header gives no Language"},
		{"other charset", "msgid \"\"\nmsgstr \"Language: fr\\nContent-Type: text/plain; charset=ISO-8859-1\\n\"\n", "ISO-8859-1"},
		{"other Plural-Forms", "msgid \"\"\nmsgstr \"Language: fr\\nPlural-Forms: nplurals=2; plural=(n > 1);\\n\"\n", "Plural-Forms"},
		{"other source language", "msgid \"\"\nmsgstr \"Language: fr\\nX-Source-Language: de\\n\"\n", "X-Source-Language"},
		{"no msgctxt", header + "msgid \"pass\"\nmsgstr \"passer\"\n", "line 4: an entry without msgctxt"},
		{"msgid without msgstr", header + "msgctxt \"action.pass\"\nmsgid \"pass\"\n\n", "line 4: msgid without msgstr"},
		{"msgctxt without msgid", header + "msgctxt \"action.pass\"\n\n", "line 4: msgctxt without msgid"},
		{"msgstr without msgid", header + "msgstr \"x\"\n", "line 4: msgstr without msgid"},
		{"stray string", header + "\"x\"\n", "line 4: a string that continues no keyword"},
		{"unknown keyword", header + "msgfoo \"x\"\n", "line 4: unexpected msgfoo"},
		{"keyword alone", header + "msgid\n", "line 4"},
		{"two msgstr", header + "msgctxt \"action.pass\"\nmsgid \"pass\"\nmsgstr \"a\"\nmsgstr \"b\"\n", "line 7: msgstr after another msgstr"},
		{"bad index", header + "msgctxt \"card.dragon\"\nmsgid \"d\"\nmsgid_plural \"ds\"\nmsgstr[x] \"b\"\n", "line 7: msgstr[x]"},
		{"index out of range", header + "msgctxt \"card.dragon\"\nmsgid \"d\"\nmsgid_plural \"ds\"\nmsgstr[3] \"b\"\n", "line 4: message card.dragon: msgstr[3]"},
		{"plural without msgid_plural", header + "msgctxt \"card.dragon\"\nmsgid \"d\"\nmsgstr[0] \"b\"\n", "line 4: message card.dragon: msgid_plural"},
		{"plural message given one text", header + "msgctxt \"card.dragon\"\nmsgid \"d\"\nmsgstr \"b\"\n", "line 4: message card.dragon has plural forms"},
		{"twice", header + "msgctxt \"action.pass\"\nmsgid \"p\"\nmsgstr \"a\"\n\nmsgctxt \"action.pass\"\nmsgid \"p\"\nmsgstr \"b\"\n", "line 8: message action.pass appears twice"},
		{"invalid UTF-8", header + "msgctxt \"action.pass\"\nmsgid \"p\"\nmsgstr \"\\377\"\n", "line 4: the entry is not valid UTF-8"},
		{"new plural without other", strings.Replace(header, "fr", "it", 1) + "msgctxt \"role.auctioneer\"\nmsgid \"d\"\nmsgid_plural \"ds\"\nmsgstr[0] \"b\"\n", "line 4: message role.auctioneer has plural forms but no \"other\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lang := "fr"
			if strings.Contains(tt.doc, "Language: it") {
				lang = "it"
			}
			_, err := ReadPO(strings.NewReader(tt.doc), g, lang)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one saying %q", err, tt.want)
			}
		})
	}
}
