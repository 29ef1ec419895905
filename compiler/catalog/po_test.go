package catalog

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestPluralForms checks the Plural-Forms of every CLDR locale against
// go-i18n: nplurals is its number of categories, and for whole numbers
// the expression picks the index of the category go-i18n picks.
func TestPluralForms(t *testing.T) {
	langs := []string{"en-GB", "de-CH", "fr-CA", "es-419", "zh-Hant", "pt-BR", "sr-Latn"}
	for l := range cldrPluralForms() {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	counts := []int{1000000, 2000000, 1000001, 10000000, 100000, 1100000, 1020000}
	for n := range 301 {
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
			toks := pluralTokens(expr)
			for _, n := range counts {
				i, err := evalPlural(toks, n)
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
	for _, lang := range []string{"tlh", "x-y-z!"} {
		if _, err := pluralForms(lang); err == nil || !strings.Contains(err.Error(), strconv.Quote(lang)) {
			t.Errorf("pluralForms(%q): error %v; want one naming the language", lang, err)
		}
	}
}

// TestSamePluralForms checks that a file's Plural-Forms may be written
// another way than grimoire's, but must pick the same forms.
func TestSamePluralForms(t *testing.T) {
	fr := "nplurals=3; plural=(n <= 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;"
	tests := []struct {
		pf   string
		same bool
	}{
		{fr, true},
		{"nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2", true},
		{"nplurals = 3 ; plural = n<2 ? 0 : n%1000000==0 ? 1 : 2 ;", true},
		{"nplurals=2; plural=(n > 1);", false},
		{"nplurals=3; plural=(n > 1);", false},
		{"nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n % 1000 == 0) ? 1 : 2;", false},
		{"nplurals=3; plural=n % 0;", false},
		{"nplurals=3; plural=" + strings.Repeat("(", 5000) + "n", false},
		{"nplurals=3", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := samePluralForms(tt.pf, fr); got != tt.same {
			t.Errorf("samePluralForms(%q, fr) = %v; want %v", tt.pf, got, tt.same)
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

// msgfmt returns the path of GNU gettext's msgfmt. CI installs gettext and
// sets GRIMOIRE_GETTEXT=required, so there the test that checks PO files
// with it always runs; elsewhere it is skipped when msgfmt is missing.
func msgfmt(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("msgfmt")
	if err != nil {
		if os.Getenv("GRIMOIRE_GETTEXT") == "required" {
			t.Fatal("msgfmt not found: install gettext")
		}
		t.Skip("msgfmt not found: install gettext to check PO files with it")
	}
	return p
}

// TestMsgfmt checks the PO files of every shipped game's languages, and of
// one that takes its parent's plural rules (pt-BR, those of pt), with
// gettext's own checks. msgfmt may only warn of the placeholders for what
// the data cannot know.
func TestMsgfmt(t *testing.T) {
	bin := msgfmt(t)
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	placeholder := regexp.MustCompile(`^\S+: warning: header field '(PO-Revision-Date|Last-Translator)' still has the initial default value$`)
	for _, g := range games.Games {
		for _, lang := range append(slices.Clone(g.Languages), "pt-BR") {
			t.Run(g.ID+"/"+lang, func(t *testing.T) {
				var po strings.Builder
				if err := WritePO(&po, g, lang); err != nil {
					t.Fatal(err)
				}
				f := filepath.Join(t.TempDir(), lang+".po")
				if err := os.WriteFile(f, []byte(po.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				var stderr bytes.Buffer
				cmd := exec.Command(bin, "-c", "-o", os.DevNull, f)
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					t.Fatalf("msgfmt -c: %v\n%s", err, stderr.String())
				}
				for l := range strings.Lines(stderr.String()) {
					if l = strings.TrimSpace(l); !placeholder.MatchString(l) {
						t.Errorf("msgfmt -c: %s", l)
					}
				}
			})
		}
	}
}

func TestLanguageTeam(t *testing.T) {
	tests := []struct{ lang, want string }{
		{"fr", "French"},
		{"pt-BR", "Brazilian Portuguese"},
		{"de-CH", "Swiss High German"},
		{"not a language!", "not a language!"},
	}
	for _, tt := range tests {
		if got := languageTeam(tt.lang); got != tt.want {
			t.Errorf("languageTeam(%q) = %q; want %q", tt.lang, got, tt.want)
		}
	}
}
