package l10n

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestNewMarked: a localizer made with a mark prints it after each
// reconstructed number a template prints, a product of one included, and
// after no other, and alone for a reconstructed field a text states in
// words (.reconstructed); a plain localizer prints none.
func TestNewMarked(t *testing.T) {
	integer := func(i int64) model.Value { return model.Value{Int: i} }
	intT := &model.ValueType{Kind: model.Int}
	g := &model.Game{
		ID: "g", SourceLang: "en", Languages: []string{"en"},
		Types: []*model.Type{{ID: "spell", Fields: []*model.Field{{ID: "power", Type: intT}, {ID: "cost", Type: intT}}}},
		Cards: []*model.Card{{ID: "bolt", Type: "spell", Copies: 2, Reconstructed: []string{"power", "copies"},
			Values: []model.FieldValue{{Field: "power", Set: true, Value: integer(3)}, {Field: "cost", Set: true, Value: integer(1)}}}},
		Params: []*model.Param{
			{ID: "villages", Type: &model.ValueType{Kind: model.Map, Key: intT, Elem: intT},
				Value:         model.Value{Keys: []model.Value{integer(2), integer(3)}, List: []model.Value{integer(3), integer(4)}},
				Reconstructed: model.Marks{Entries: []string{"3"}}},
			{ID: "chain", Type: &model.ValueType{Kind: model.List, Elem: intT},
				Value: model.Value{List: []model.Value{integer(1), integer(2)}}, Reconstructed: model.Marks{All: true}},
			{ID: "days", Type: intT, Value: integer(3)},
		},
	}
	text := `{{index .Param.villages "2"}} {{index .Param.villages "3"}} {{.Param.chain}} {{.Param.days}} ` +
		`{{.Card.bolt.power}} {{.Card.bolt.cost}} {{.Card.bolt.copies}} {{mul .Param.days 2}} {{mul 2 .Card.bolt.power}} ` +
		`three[{{.Card.bolt.reconstructed.power}}] one[{{.Card.bolt.reconstructed.cost}}]`
	g.Locales = []*model.Locale{{Lang: "en", Messages: []*model.Message{{ID: "t", Forms: map[string]string{"other": text}}}}}
	tests := []struct {
		mark, want string
	}{
		{"†", "3 4† 1†, 2† 3 3† 1 2† 6 6† three[†] one[]"},
		{"", "3 4 1, 2 3 3 1 2 6 6 three[] one[]"},
	}
	for _, tt := range tests {
		l, err := NewMarked(g, "en", tt.mark)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := l.Text("t"); err != nil || got != tt.want {
			t.Errorf("NewMarked(%q): %q, %v; want %q", tt.mark, got, err, tt.want)
		}
	}
	l, _ := New(g, "en")
	if got, _ := l.Text("t"); got != tests[1].want {
		t.Errorf("New: %q; want %q, unmarked", got, tests[1].want)
	}
}
