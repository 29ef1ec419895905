package msgtmpl

import (
	"strings"
	"testing"
	"text/template"
)

func TestNumber(t *testing.T) {
	tests := []struct {
		lang string
		n    func(Printer) Number
		want string
	}{
		{"en", func(p Printer) Number { return p.Decimal(0.5) }, "0.5"},
		{"fr", func(p Printer) Number { return p.Decimal(0.5) }, "0,5"},
		{"de", func(p Printer) Number { return p.Decimal(4.5) }, "4,5"},
		{"fr", func(p Printer) Number { return p.Int(25) }, "25"},
		{"de", func(p Printer) Number { return p.Decimal(2) }, "2"},
		{"fr", func(Printer) Number { return Printer{}.Decimal(0.5) }, "0.5"},
		{"fr", func(p Printer) Number { n := p.Int(3); n.Mark = "*"; return n }, "3*"},
	}
	for _, tt := range tests {
		n := tt.n(NewPrinter(tt.lang))
		if got := n.String(); got != tt.want {
			t.Errorf("%s: %v prints %q; want %q", tt.lang, n.Value, got, tt.want)
		}
	}
	if got := (List{Number{Value: 1}, Number{Value: 2}}).String(); got != "1, 2" {
		t.Errorf("List prints %q", got)
	}
}

func TestMul(t *testing.T) {
	fr := NewPrinter("fr")
	tests := []struct {
		a, b any
		want string
	}{
		{fr.Int(5), 5, "25"},
		{fr.Decimal(0.5), int64(3), "1,5"},
		{2, fr.Decimal(0.75), "1,5"},
		{Number{Value: 2, Mark: "*"}, 3.0, "6*"},
	}
	for _, tt := range tests {
		got, err := mul(tt.a, tt.b)
		if err != nil || got.String() != tt.want {
			t.Errorf("mul(%v, %v) = %v, %v; want %s", tt.a, tt.b, got, err, tt.want)
		}
	}
	if _, err := mul("x", 2); err == nil || !strings.Contains(err.Error(), "not a number") {
		t.Errorf("mul(\"x\", 2): error %v; want one saying not a number", err)
	}
}

// TestFuncs runs a template as go-i18n does, with Funcs.
func TestFuncs(t *testing.T) {
	tm := template.Must(template.New("m").Funcs(Funcs()).Parse("{{mul .A .B}} cards"))
	var b strings.Builder
	if err := tm.Execute(&b, map[string]any{"A": NewPrinter("de").Int(5), "B": 5}); err != nil || b.String() != "25 cards" {
		t.Errorf("template prints %q, %v; want 25 cards", b.String(), err)
	}
}
