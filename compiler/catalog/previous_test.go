package catalog

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/BurntSushi/toml"
	"github.com/google/go-cmp/cmp"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// withSource returns g with the source text of message id changed.
func withSource(t *testing.T, g *model.Game, id string, forms map[string]string) *model.Game {
	return withMessages(g, g.SourceLang, edit(messages(t, g, g.SourceLang), id, func(m *model.Message) { m.Forms = forms }))
}

// TestPreviousInPO checks the previous source an export shows beside a
// translation made from it, once the source has changed.
func TestPreviousInPO(t *testing.T) {
	g := warlock(t)
	g = withMessages(g, "fr", Stamp(g, "fr"))
	tests := []struct {
		name, want string
		g          *model.Game
	}{
		{"current: no previous", `#. Pass: make no bid in the auction.
msgctxt "action.pass"
msgid "pass"
`, g},
		{"changed text", `#, fuzzy
#| msgid "pass"
msgctxt "action.pass"
msgid "pass this turn"
`, withSource(t, g, "action.pass", map[string]string{"other": "pass this turn"})},
		{"changed plural", `#, fuzzy
#| msgid "dragon"
#| msgid_plural "dragons"
msgctxt "card.dragon"
msgid "dragon"
msgid_plural "dragon cards"
`, withSource(t, g, "card.dragon", map[string]string{"one": "dragon", "other": "dragon cards"})},
		{"changed lines", `#, fuzzy
#| msgid ""
#| "The starting player, who holds Elrohir, deals`, withSource(t, g, "rules.dealing.text", map[string]string{"other": "Deal."})},
		{"a record that is not the hash's is not shown", `#, fuzzy
msgctxt "action.pass"
msgid "pass this turn"
`, withMessages(withSource(t, g, "action.pass", map[string]string{"other": "pass this turn"}), "fr",
			edit(messages(t, g, "fr"), "action.pass", func(m *model.Message) { m.Previous.Forms["other"] = "skip" }))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WritePO(&b, tt.g, "fr"); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), tt.want) {
				t.Errorf("the PO file lacks\n%s", tt.want)
			}
		})
	}
}

// TestPreviousRecorded checks what stamp and import record.
func TestPreviousRecorded(t *testing.T) {
	g := warlock(t)
	g = withSource(t, withMessages(g, "fr", Stamp(g, "fr")), "action.pass", map[string]string{"other": "pass this turn"})
	src := g.Locale("en").Message("action.pass")
	stamped := byID(Stamp(g, "fr"))["action.pass"]
	if diff := cmp.Diff(&model.SourceText{Description: src.FileDescription, Forms: src.Forms}, stamped.Previous); diff != "" {
		t.Errorf("Stamp records (-want +got):\n%s", diff)
	}
	f := formats()[1] // PO
	doc := write(t, f, g, "fr")
	reviewed := byID(read(t, f, f.setTarget(t, doc, "action.pass", "passer ce tour", true), g, "fr"))["action.pass"]
	if reviewed.Previous == nil || reviewed.Previous.Forms["other"] != "pass this turn" {
		t.Errorf("a reviewed entry records %+v; want the source it showed", reviewed.Previous)
	}
	fuzzy := byID(read(t, f, f.setTarget(t, doc, "action.pass", "passer ce tour", false), g, "fr"))["action.pass"]
	if fuzzy.Previous == nil || fuzzy.Previous.Forms["other"] != "pass" {
		t.Errorf("an entry still to review records %+v; want the one it had", fuzzy.Previous)
	}
}

func byID(msgs []*model.Message) map[string]*model.Message {
	out := map[string]*model.Message{}
	for _, m := range msgs {
		out[m.ID] = m
	}
	return out
}

// TestWritePrevious checks the file of previous sources: its bytes, that
// go-i18n reads it, and that the compiler loads it back.
func TestWritePrevious(t *testing.T) {
	var b bytes.Buffer
	n, err := WritePrevious(&b, "fr", Stamp(tricky(), "fr"))
	if err != nil || n != 5 {
		t.Fatalf("WritePrevious = %d, %v; want 5 messages", n, err)
	}
	golden := filepath.Join("testdata", "tricky.fr.previous.toml")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), b.String()); diff != "" {
		t.Errorf("%s differs (-want +got; run go test -update if the change is right):\n%s", golden, diff)
	}
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	if _, err := bundle.ParseMessageFileBytes(b.Bytes(), "fr.toml"); err != nil {
		t.Errorf("go-i18n cannot read it: %v", err)
	}

	g := withSource(t, warlock(t), "action.pass", map[string]string{"other": "pass this turn"})
	msgs := Stamp(g, "fr")
	b.Reset()
	if _, err := WritePrevious(&b, "fr", msgs); err != nil {
		t.Fatal(err)
	}
	tree := shippedWith(t, "fr", mustLocale(t, msgs))
	tree["locales/warlock/previous/fr.toml"] = &fstest.MapFile{Data: b.Bytes()}
	games, d := compiler.Load(tree, compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	if p := games.Game("warlock").Locale("fr").Message("action.pass").Previous; p == nil || p.Forms["other"] != "pass this turn" {
		t.Errorf("loaded back, action.pass records %+v; want pass this turn", p)
	}
	if _, err := WritePrevious(&b, "not a language!", msgs); err == nil {
		t.Error("WritePrevious accepted a bad language")
	}
}

func mustLocale(t *testing.T, msgs []*model.Message) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteLocale(&b, "fr", msgs); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestShippedPrevious checks that every stamped translation of the shipped
// games records the source it was made from: run grimoire stamp after
// translating, so that exports can show what changes next.
func TestShippedPrevious(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	for _, g := range games.Games {
		for _, loc := range g.Locales {
			if loc.Lang == g.SourceLang {
				continue
			}
			for _, m := range loc.Messages {
				p := m.Previous
				if m.Hash != "" && (p == nil || l10n.SourceHash(p.Description, p.Forms["other"]) != m.Hash) {
					t.Errorf("%s: %s (%s) records no source for its hash; once it is up to date, run grimoire stamp --root . --game %s --lang %s --id %s", loc.File, m.ID, loc.Lang, g.ID, loc.Lang, m.ID)
				}
			}
		}
	}
}
