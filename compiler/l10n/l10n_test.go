package l10n

import (
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

func TestPluralCategories(t *testing.T) {
	tests := []struct {
		lang string
		want []string
	}{
		{"en", []string{"one", "other"}},
		{"de", []string{"one", "other"}},
		{"fr", []string{"one", "many", "other"}},
		{"ja", []string{"other"}},
		{"pl", []string{"one", "few", "many", "other"}},
	}
	for _, tt := range tests {
		got, err := PluralCategories(tt.lang)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("PluralCategories(%q) = %v, %v; want %v", tt.lang, got, err, tt.want)
		}
		counts := SampleCounts(tt.lang)
		for _, c := range tt.want {
			if counts[c] == "" {
				t.Errorf("SampleCounts(%q) has no count for %s", tt.lang, c)
			}
		}
	}
	if _, err := PluralCategories("not a tag!"); err == nil {
		t.Error("PluralCategories accepted a bad tag")
	}
}

// formatGame is a one-locale game with a param, a plain text and a message
// taking args.
func formatGame() *model.Game {
	text := func(id, s string) *model.Message {
		return &model.Message{ID: id, Forms: map[string]string{"other": s}}
	}
	return &model.Game{
		ID: "g", SourceLang: "fr", Languages: []string{"fr"},
		Params: []*model.Param{{ID: "gold", Type: &model.ValueType{Kind: model.Decimal}, Value: model.Value{Dec: 0.5}}},
		Locales: []*model.Locale{{Lang: "fr", Messages: []*model.Message{
			text("action.bid", "offrir {{.Arg.Card}} ({{.Arg.Gold}}, au moins {{.Param.gold}})"),
			text("action.pass", "passer"),
			text("rules.x", "{{.Param.gold}} pièce"),
		}}},
	}
}

func TestFormat(t *testing.T) {
	lz, err := New(formatGame(), "fr")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id      string
		args    map[string]any
		want    string
		wantErr string
	}{
		{id: "action.bid", args: map[string]any{"Card": "orc", "Gold": "2"}, want: "offrir orc (2, au moins 0,5)"},
		{id: "action.bid", args: map[string]any{"Card": "orc", "Gold": "2", "Extra": 1}, want: "offrir orc (2, au moins 0,5)"},
		{id: "action.pass", want: "passer"},
		{id: "action.bid", args: map[string]any{"Card": "orc"}, wantErr: `map has no entry for key "Gold"`},
		{id: "action.nope", wantErr: `"action.nope" not found`},
	}
	for _, tt := range tests {
		got, err := lz.Format(tt.id, tt.args)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Format(%s, %v) error %v; want one with %q", tt.id, tt.args, err, tt.wantErr)
			}
		case err != nil || got != tt.want:
			t.Errorf("Format(%s, %v) = %q, %v; want %q", tt.id, tt.args, got, err, tt.want)
		}
	}
	// The other renderers see no .Arg, and their templates are cached too.
	for range 2 {
		if got, err := lz.Text("rules.x"); err != nil || got != "0,5 pièce" {
			t.Errorf("Text(rules.x) = %q, %v", got, err)
		}
	}
}

// TestFormatAllocs keeps Format light: templates are parsed once, not on
// every call (a parse alone costs well over a hundred allocations).
func TestFormatAllocs(t *testing.T) {
	lz, err := New(formatGame(), "fr")
	if err != nil {
		t.Fatal(err)
	}
	args := map[string]any{"Card": "orc", "Gold": "2"}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := lz.Format("action.bid", args); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 40 {
		t.Errorf("Format makes %.0f allocations; want at most 40", allocs)
	}
}

func BenchmarkFormat(b *testing.B) {
	lz, err := New(formatGame(), "fr")
	if err != nil {
		b.Fatal(err)
	}
	args := map[string]any{"Card": "orc", "Gold": "2"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := lz.Format("action.bid", args); err != nil {
			b.Fatal(err)
		}
	}
}
