package catalog

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// warlock loads the shipped game afresh, so a test may change its copy.
func warlock(t testing.TB) *model.Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	return games.Game("warlock")
}

// msg is what a translation keeps of a message.
type msg struct {
	ID, Hash string
	Forms    map[string]string
}

func kept(ms []*model.Message) []msg {
	out := make([]msg, len(ms))
	for i, m := range ms {
		out[i] = msg{ID: m.ID, Hash: m.Hash, Forms: m.Forms}
	}
	return out
}

func messages(t testing.TB, g *model.Game, lang string) []*model.Message {
	t.Helper()
	l := g.Locale(lang)
	if l == nil {
		t.Fatalf("game %s has no locale %s", g.ID, lang)
		return nil
	}
	return l.Messages
}

// withMessages returns a copy of g whose lang translation is msgs.
func withMessages(g *model.Game, lang string, msgs []*model.Message) *model.Game {
	c := *g
	c.Locales = slices.Clone(g.Locales)
	for i, l := range c.Locales {
		if l.Lang == lang {
			nl := *l
			nl.Messages = msgs
			c.Locales[i] = &nl
		}
	}
	return &c
}

// edit returns msgs with the message id changed by f.
func edit(msgs []*model.Message, id string, f func(*model.Message)) []*model.Message {
	out := make([]*model.Message, len(msgs))
	for i, m := range msgs {
		out[i] = clone(m)
		if m.ID == id {
			f(out[i])
		}
	}
	return out
}

func without(msgs []*model.Message, id string) []*model.Message {
	return slices.DeleteFunc(slices.Clone(msgs), func(m *model.Message) bool { return m.ID == id })
}

func currentHash(t testing.TB, g *model.Game, id string) string {
	t.Helper()
	s := g.Locale(g.SourceLang).Message(id)
	if s == nil {
		t.Fatalf("no source message %s", id)
		return ""
	}
	return l10n.MessageHash(s)
}

// format is one exchange format with the edits a translator's tool makes.
type format struct {
	name  string
	ext   string
	write func(io.Writer, *model.Game, string) error
	read  func(io.Reader, *model.Game, string) ([]*model.Message, error)
	// setTarget sets the translation of one unit (id, or id[category] for
	// a plural form), marked as reviewed or not.
	setTarget func(t *testing.T, doc, unit, text string, reviewed bool) string
	// setSource changes the source text a plain message shows.
	setSource func(t *testing.T, doc, id, text string) string
	// reviewAll marks every translation as reviewed.
	reviewAll func(doc string) string
	// rename changes the id of a plain message.
	rename func(doc, id, to string) string
	// corrupt damages the document's syntax on its 5th line.
	corrupt func(doc string) string
}

func formats() []format {
	return []format{
		{
			name: "XLIFF", ext: "xlf", write: WriteXLIFF, read: ReadXLIFF,
			setTarget: xliffSetTarget, setSource: xliffSetSource,
			reviewAll: func(doc string) string {
				return strings.ReplaceAll(doc, `state="`+stateReview+`"`, `state="`+stateDone+`"`)
			},
			rename: func(doc, id, to string) string {
				return strings.Replace(doc, `<trans-unit id="`+id+`"`, `<trans-unit id="`+to+`"`, 1)
			},
			corrupt: func(doc string) string { return replaceLine(doc, 5, "      <trans-unit id=\"x\">\n") },
		},
		{
			name: "PO", ext: "po", write: WritePO, read: ReadPO,
			setTarget: poSetTarget, setSource: poSetSource,
			reviewAll: func(doc string) string { return strings.ReplaceAll(doc, "#, fuzzy\n", "") },
			rename: func(doc, id, to string) string {
				return strings.Replace(doc, `msgctxt "`+id+`"`, `msgctxt "`+to+`"`, 1)
			},
			corrupt: func(doc string) string { return replaceLine(doc, 5, "msgstr \"unterminated\n") },
		},
	}
}

func replaceLine(doc string, n int, line string) string {
	lines := strings.SplitAfter(doc, "\n")
	lines[n-1] = line
	return strings.Join(lines, "")
}

func xliffSetTarget(t *testing.T, doc, unit, text string, reviewed bool) string {
	t.Helper()
	re := regexp.MustCompile(`(<trans-unit id="` + regexp.QuoteMeta(unit) + `"[^>]*>\s*<source>[^<]*</source>\n\s*)(<target[^>]*>[^<]*</target>\n\s*)?`)
	if !re.MatchString(doc) {
		t.Fatalf("no trans-unit %s", unit)
	}
	state := stateReview
	if reviewed {
		state = stateDone
	}
	x := &xmlOut{}
	x.esc(text, false)
	return re.ReplaceAllString(doc, `${1}<target state="`+state+`">`+strings.ReplaceAll(x.b.String(), "$", "$$")+"</target>\n          ")
}

func xliffSetSource(t *testing.T, doc, id, text string) string {
	t.Helper()
	re := regexp.MustCompile(`(<trans-unit id="` + regexp.QuoteMeta(id) + `"[^>]*>\s*<source>)[^<]*`)
	if !re.MatchString(doc) {
		t.Fatalf("no trans-unit %s", id)
	}
	return re.ReplaceAllString(doc, "${1}"+text)
}

// poBlock finds the entry of a message: its text and where it is.
func poBlock(t *testing.T, doc, id string) (start, end int) {
	t.Helper()
	i := strings.Index(doc, "msgctxt \""+id+"\"\n")
	if i < 0 {
		t.Fatalf("no entry %s", id)
	}
	start = strings.LastIndex(doc[:i], "\n\n") + 2
	end = strings.Index(doc[i:], "\n\n")
	if end < 0 {
		return start, len(doc)
	}
	return start, i + end + 1
}

func poSetTarget(t *testing.T, doc, unit, text string, reviewed bool) string {
	t.Helper()
	id, keyword := unit, "msgstr"
	if i := strings.Index(unit, "["); i >= 0 {
		id = unit[:i]
		cats, _ := l10n.PluralCategories("fr") // the plural forms the tests edit are French
		keyword = fmt.Sprintf("msgstr[%d]", slices.Index(cats, unit[i+1:len(unit)-1]))
	}
	start, end := poBlock(t, doc, id)
	var lines []string
	for l := range strings.Lines(doc[start:end]) {
		switch {
		case l == "#, fuzzy\n":
			continue
		case strings.HasPrefix(l, keyword+" "):
			var b strings.Builder
			poString(&b, keyword, text)
			l = b.String()
		}
		lines = append(lines, l)
	}
	if !reviewed {
		lines = slices.Insert(lines, slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "msgctxt") }), "#, fuzzy\n")
	}
	return doc[:start] + strings.Join(lines, "") + doc[end:]
}

func poSetSource(t *testing.T, doc, id, text string) string {
	t.Helper()
	start, end := poBlock(t, doc, id)
	re := regexp.MustCompile(`(?m)^msgid ".*"$`)
	return doc[:start] + re.ReplaceAllString(doc[start:end], `msgid "`+poEscape(text)+`"`) + doc[end:]
}

func write(t *testing.T, f format, g *model.Game, lang string) string {
	t.Helper()
	var b bytes.Buffer
	if err := f.write(&b, g, lang); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func read(t *testing.T, f format, doc string, g *model.Game, lang string) []*model.Message {
	t.Helper()
	msgs, err := f.read(strings.NewReader(doc), g, lang)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func TestGolden(t *testing.T) {
	g := warlock(t)
	for _, f := range formats() {
		t.Run(f.name, func(t *testing.T) {
			golden := filepath.Join("testdata", "warlock.fr."+f.ext)
			got := write(t, f, g, "fr")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s differs (-want +got; run go test -update if the change is right):\n%s", golden, diff)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	g := warlock(t)
	for _, f := range formats() {
		for _, lang := range []string{"fr", "de"} {
			stamped := withMessages(g, lang, Stamp(g, lang))
			tests := []struct {
				name   string
				g      *model.Game
				review func(string) string
				want   []*model.Message
			}{
				// Nothing reviewed: the translation comes back as it was.
				{"unreviewed", g, nil, messages(t, g, lang)},
				{"all reviewed in the file", g, f.reviewAll, Stamp(g, lang)},
				{"stamped", stamped, nil, Stamp(g, lang)},
			}
			for _, tt := range tests {
				t.Run(f.name+"/"+lang+"/"+tt.name, func(t *testing.T) {
					doc := write(t, f, tt.g, lang)
					if tt.review != nil {
						doc = tt.review(doc)
					}
					got := read(t, f, doc, tt.g, lang)
					if diff := cmp.Diff(kept(tt.want), kept(got)); diff != "" {
						t.Errorf("read back (-want +got):\n%s", diff)
					}
				})
			}
		}
	}
}

// TestEdits reads back what a translator did to an exported file.
func TestEdits(t *testing.T) {
	g := warlock(t)
	fr := messages(t, g, "fr")
	old := withMessages(g, "fr", edit(fr, "action.pass", func(m *model.Message) { m.Hash = "sha1-old" }))
	missing := withMessages(g, "fr", without(fr, "action.pass"))
	pass := currentHash(t, g, "action.pass")
	dragon := currentHash(t, g, "card.dragon")
	for _, f := range formats() {
		tests := []struct {
			name string
			g    *model.Game
			edit func(t *testing.T, doc string) string
			want []*model.Message
		}{
			{
				name: "reviewed translation",
				g:    g,
				edit: func(t *testing.T, doc string) string {
					return f.setTarget(t, doc, "action.pass", "passer son tour", true)
				},
				want: edit(fr, "action.pass", func(m *model.Message) {
					m.Forms = map[string]string{"other": "passer son tour"}
					m.Hash = pass
				}),
			},
			{
				name: "reviewed plural form",
				g:    g,
				edit: func(t *testing.T, doc string) string {
					return f.reviewAll(f.setTarget(t, doc, "card.dragon[many]", "millions de dragons", true))
				},
				want: edit(Stamp(g, "fr"), "card.dragon", func(m *model.Message) {
					m.Forms["many"] = "millions de dragons"
					m.Hash = dragon
				}),
			},
			{
				name: "still to review keeps the old hash",
				g:    old,
				edit: func(t *testing.T, doc string) string {
					return f.setTarget(t, doc, "action.pass", "passer \"son\" tour\n", false)
				},
				want: edit(fr, "action.pass", func(m *model.Message) {
					m.Forms = map[string]string{"other": "passer \"son\" tour\n"}
					m.Hash = "sha1-old"
				}),
			},
			{
				name: "hash of the source the file showed",
				g:    g,
				edit: func(t *testing.T, doc string) string {
					doc = f.setSource(t, doc, "action.pass", "skip the auction")
					return f.setTarget(t, doc, "action.pass", "passer", true)
				},
				want: edit(fr, "action.pass", func(m *model.Message) {
					s := g.Locale("en").Message("action.pass")
					m.Hash = l10n.SourceHash(s.FileDescription, "skip the auction")
				}),
			},
			{
				name: "emptied translation is left alone",
				g:    old,
				edit: func(t *testing.T, doc string) string {
					return f.setTarget(t, doc, "action.pass", "", true)
				},
				want: messages(t, old, "fr"),
			},
			{
				name: "untranslated message stays missing",
				g:    missing,
				edit: func(t *testing.T, doc string) string { return doc },
				want: without(fr, "action.pass"),
			},
			{
				name: "new translation",
				g:    missing,
				edit: func(t *testing.T, doc string) string {
					return f.setTarget(t, doc, "action.pass", "passer", true)
				},
				want: edit(fr, "action.pass", func(m *model.Message) { m.Hash = pass }),
			},
		}
		for _, tt := range tests {
			t.Run(f.name+"/"+tt.name, func(t *testing.T) {
				doc := tt.edit(t, write(t, f, tt.g, "fr"))
				got := read(t, f, doc, tt.g, "fr")
				if diff := cmp.Diff(kept(tt.want), kept(got)); diff != "" {
					t.Errorf("read back (-want +got):\n%s", diff)
				}
			})
		}
	}
}

func TestReadErrors(t *testing.T) {
	g := warlock(t)
	for _, f := range formats() {
		tests := []struct {
			name string
			lang string
			edit func(string) string
			want []string
		}{
			{"foreign id", "fr", func(doc string) string { return f.rename(doc, "action.pass", "action.nap") }, []string{"line ", "message action.nap is not in the source locale en"}},
			{"wrong language", "de", func(doc string) string { return doc }, []string{"line ", `"fr"`, `"de"`}},
			{"malformed", "fr", f.corrupt, []string{"line 5"}},
			{"empty", "fr", func(string) string { return "" }, nil},
		}
		for _, tt := range tests {
			t.Run(f.name+"/"+tt.name, func(t *testing.T) {
				doc := tt.edit(write(t, f, g, "fr"))
				_, err := f.read(strings.NewReader(doc), g, tt.lang)
				if err == nil {
					t.Fatal("no error")
				}
				for _, w := range tt.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
			})
		}
	}
}

func TestDeterministic(t *testing.T) {
	writers := map[string]func(io.Writer, *model.Game) error{
		"XLIFF":  func(w io.Writer, g *model.Game) error { return WriteXLIFF(w, g, "fr") },
		"PO":     func(w io.Writer, g *model.Game) error { return WritePO(w, g, "fr") },
		"locale": func(w io.Writer, g *model.Game) error { return WriteLocale(w, "fr", Stamp(g, "fr")) },
	}
	games := [2]*model.Game{warlock(t), warlock(t)} // loaded apart, so no map order is shared
	for name, write := range writers {
		t.Run(name, func(t *testing.T) {
			var runs [2]bytes.Buffer
			for i := range runs {
				if err := write(&runs[i], games[i]); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(runs[0].Bytes(), runs[1].Bytes()) {
				t.Error(cmp.Diff(runs[0].String(), runs[1].String()))
			}
		})
	}
}

func TestStamp(t *testing.T) {
	g := warlock(t)
	for _, lang := range []string{"fr", "de", "en"} {
		t.Run(lang, func(t *testing.T) {
			before := kept(messages(t, g, lang))
			got := Stamp(g, lang)
			if len(got) != len(before) {
				t.Fatalf("%d messages; want %d", len(got), len(before))
			}
			src := g.Locale(g.SourceLang)
			for i, m := range got {
				want := before[i].Hash // a message the source lacks keeps its hash
				if src.Message(m.ID) != nil {
					want = currentHash(t, g, m.ID)
				}
				if m.Hash != want {
					t.Errorf("%s: hash %q; want %q", m.ID, m.Hash, want)
				}
			}
			if diff := cmp.Diff(before, kept(messages(t, g, lang))); diff != "" {
				t.Errorf("Stamp changed the game:\n%s", diff)
			}
		})
	}
	if got := Stamp(g, "it"); got != nil {
		t.Errorf("Stamp of a missing locale = %v; want nil", got)
	}
}

// tricky is a game whose texts need every kind of escaping.
func tricky() *model.Game {
	markup := "XML <b>&</b> \"quoted\" ]]>\n  indented line \nlast "
	src := []*model.Message{
		{ID: "a.markup", Description: markup, FileDescription: markup, Forms: map[string]string{"other": "a < b && c > d ]]> \"q\" 'a'"}},
		{ID: "b.lines", Forms: map[string]string{"other": "\nfirst\n\n\tthird\r\n"}},
		{ID: "c.escapes", Forms: map[string]string{"other": `back\slash \n "" """ """"` + "\u00e9\u2019\U0001F409"}},
		{ID: "d.plural", Description: "a name", FileDescription: "a name", Forms: map[string]string{"one": "card", "other": "cards"}},
		{ID: "e.spaces", Forms: map[string]string{"other": "  padded  "}},
	}
	tr := []*model.Message{
		{ID: "a.markup", Forms: map[string]string{"other": "a &lt; b \"\"\" <x/>"}},
		{ID: "b.lines", Forms: map[string]string{"other": "\r\nligne\n\"\n"}},
		{ID: "c.escapes", Forms: map[string]string{"other": `\\ \" "\` + "\x7f"}},
		{ID: "d.plural", Forms: map[string]string{"one": "carte", "many": "cartes\n(beaucoup)", "other": "cartes"}},
		{ID: "e.spaces", Forms: map[string]string{"other": " \t "}},
	}
	return &model.Game{
		ID: "tricky", SourceLang: "en", Languages: []string{"en", "fr"},
		Locales: []*model.Locale{
			{Lang: "en", File: "locales/tricky/en.toml", Messages: src, PluralCategories: []string{"one", "other"}},
			{Lang: "fr", File: "locales/tricky/fr.toml", Messages: tr, PluralCategories: []string{"one", "many", "other"}},
		},
	}
}

func TestEscaping(t *testing.T) {
	g := tricky()
	for _, f := range formats() {
		t.Run(f.name, func(t *testing.T) {
			doc := write(t, f, g, "fr")
			got := read(t, f, f.reviewAll(doc), g, "fr")
			if diff := cmp.Diff(kept(Stamp(g, "fr")), kept(got)); diff != "" {
				t.Errorf("read back (-want +got):\n%s\n%s", diff, doc)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	g := warlock(t)
	control := tricky()
	control.Locales[1].Messages = edit(control.Locales[1].Messages, "a.markup", func(m *model.Message) { m.Forms["other"] = "bell\a" })
	invalid := tricky()
	invalid.Locales[0].Messages = edit(invalid.Locales[0].Messages, "e.spaces", func(m *model.Message) { m.Forms["other"] = "\xff" })
	noSource := tricky()
	noSource.SourceLang = "de"
	tests := []struct {
		name  string
		write func(io.Writer, *model.Game, string) error
		g     *model.Game
		lang  string
		want  string
	}{
		{"PO of a language without CLDR plural rules", WritePO, g, "tlh", "tlh"},
		{"XLIFF of a bad language", WriteXLIFF, g, "not a language!", "not a language!"},
		{"XML cannot hold a control character", WriteXLIFF, control, "fr", "U+0007"},
		{"invalid UTF-8 in XLIFF", WriteXLIFF, invalid, "fr", "not valid UTF-8"},
		{"invalid UTF-8 in PO", WritePO, invalid, "fr", "not valid UTF-8"},
		{"no source locale", WritePO, noSource, "fr", `no source locale "de"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.write(io.Discard, tt.g, tt.lang)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one saying %s", err, tt.want)
			}
		})
	}
}

// TestNewLanguage exports for a language the game has no locale in yet.
func TestNewLanguage(t *testing.T) {
	g := warlock(t)
	for _, f := range formats() {
		t.Run(f.name, func(t *testing.T) {
			doc := write(t, f, g, "it")
			doc = f.setTarget(t, doc, "game.name", "Warlock: la maledizione di Maldorf", true)
			got := read(t, f, doc, g, "it")
			want := []msg{{ID: "game.name", Hash: currentHash(t, g, "game.name"), Forms: map[string]string{"other": "Warlock: la maledizione di Maldorf"}}}
			if diff := cmp.Diff(want, kept(got)); diff != "" {
				t.Errorf("read back (-want +got):\n%s", diff)
			}
		})
	}
}
