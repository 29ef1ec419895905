package compiler_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestMessageDecls loads the tiny game with declared messages and checks
// the model: sorted by id, args as declared, doc as the translators'
// description unless a locale gives its own.
func TestMessageDecls(t *testing.T) {
	tree := tinyTree(t)
	tree["cards/tiny/engine.toml"] = &fstest.MapFile{Data: []byte(`
[[message]]
id = "score.total"
doc = "The total."

[[message]]
id = "action.cast"
args = ["Card", "Power"]
doc = "Cast a spell."

[[message]]
id = "action.pass"
doc = "Pass."
`)}
	add := func(name, text string) {
		tree[name] = &fstest.MapFile{Data: append(slices.Clone(tree[name].Data), text...)}
	}
	add("locales/tiny/en.toml", `
[action]
cast = "cast {{.Arg.Card}} ({{.Arg.Power}}, hand {{.Param.hand_size}})"
pass = "pass"

[score.total]
description = "Our own description."
other = "Total"
`)
	add("locales/tiny/fr.toml", `
[action]
cast = "lancer {{.Arg.Card}} ({{.Arg.Power}}, main {{.Param.hand_size}})"
pass = "passer"

[score]
total = "Total"
`)
	games, d := load(tree, compiler.Options{})
	if len(d) > 0 {
		t.Fatal(d)
	}
	g := games.Game("tiny")
	want := []*model.MessageDecl{
		{ID: "action.cast", Doc: "Cast a spell.", Args: []string{"Card", "Power"}},
		{ID: "action.pass", Doc: "Pass."},
		{ID: "score.total", Doc: "The total."},
	}
	if len(g.Messages) != len(want) {
		t.Fatalf("%d messages; want %d", len(g.Messages), len(want))
	}
	for i, m := range g.Messages {
		if m.ID != want[i].ID || m.Doc != want[i].Doc || !slices.Equal(m.Args, want[i].Args) || m.Pos.File != "cards/tiny/engine.toml" {
			t.Errorf("message %d = %+v; want %+v", i, m, want[i])
		}
	}
	descs := []struct{ lang, id, want string }{
		{"en", "action.cast", "Cast a spell."},
		{"fr", "action.cast", "Cast a spell."},
		{"en", "score.total", "Our own description."},
		{"fr", "score.total", "The total."},
	}
	for _, tt := range descs {
		loc := g.Locales[slices.IndexFunc(g.Locales, func(l *model.Locale) bool { return l.Lang == tt.lang })]
		if got := loc.Message(tt.id).Description; got != tt.want {
			t.Errorf("%s %s: description %q; want %q", tt.lang, tt.id, got, tt.want)
		}
	}
	formats := []struct {
		lang, id string
		args     map[string]any
		want     string
	}{
		{"en", "action.cast", map[string]any{"Card": "Sunburst", "Power": "2"}, "cast Sunburst (2, hand 4)"},
		{"fr", "action.cast", map[string]any{"Card": "Éclipse", "Power": "3"}, "lancer Éclipse (3, main 4)"},
		{"fr", "action.pass", nil, "passer"},
	}
	for _, tt := range formats {
		lz, err := l10n.New(g, tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := lz.Format(tt.id, tt.args); err != nil || got != tt.want {
			t.Errorf("%s Format(%s) = %q, %v; want %q", tt.lang, tt.id, got, err, tt.want)
		}
	}
}

// TestWarlockEngineMessages renders every declared Warlock message in every
// language with sample args: each renders, names every arg it declares
// (a translation that drops one loses information) and nothing else.
func TestWarlockEngineMessages(t *testing.T) {
	g := warlock(t)
	if len(g.Messages) == 0 {
		t.Fatal("warlock declares no messages")
	}
	for _, lang := range g.Languages {
		lz, err := l10n.New(g, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Messages {
			args := map[string]any{}
			for _, a := range m.Args {
				args[a] = "<" + a + ">"
			}
			got, err := lz.Format(m.ID, args)
			if err != nil {
				t.Errorf("%s %s: %v", lang, m.ID, err)
				continue
			}
			for _, a := range m.Args {
				if !strings.Contains(got, "<"+a+">") {
					t.Errorf("%s %s = %q does not print arg %s", lang, m.ID, got, a)
				}
			}
			if strings.TrimSpace(got) == "" {
				t.Errorf("%s %s renders nothing", lang, m.ID)
			}
		}
	}
	lz, err := l10n.New(g, "fr")
	if err != nil {
		t.Fatal(err)
	}
	card, _ := lz.Format("engine.card", map[string]any{"Name": "géant", "Points": "3", "Extra": "", "Cost": "orque + humain"})
	got, err := lz.Format("action.play_mine", map[string]any{"Card": card})
	if want := "poser la carte géant (3 PV, orque + humain) dans la mine"; err != nil || got != want {
		t.Errorf("fr action.play_mine = %q, %v; want %q", got, err, want)
	}
	if _, err := lz.Format("action.play_mine", nil); err == nil {
		t.Error("Format without the message's args: no error")
	}
}
