package l10n

import (
	"slices"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
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

func TestNumber(t *testing.T) {
	tests := []struct {
		lang string
		n    Number
		want string
	}{
		{"en", Number{Value: 0.5, Decimal: true}, "0.5"},
		{"fr", Number{Value: 0.5, Decimal: true}, "0,5"},
		{"de", Number{Value: 4.5, Decimal: true}, "4,5"},
		{"fr", Number{Value: 25}, "25"},
		{"de", Number{Value: 2, Decimal: true}, "2"},
	}
	for _, tt := range tests {
		tt.n.printer = message.NewPrinter(language.Make(tt.lang))
		if got := tt.n.String(); got != tt.want {
			t.Errorf("%s: %v prints %q; want %q", tt.lang, tt.n.Value, got, tt.want)
		}
	}
	if got := (List{Number{Value: 1}, Number{Value: 2}}).String(); got != "1, 2" {
		t.Errorf("List prints %q", got)
	}
}

func TestMul(t *testing.T) {
	p := message.NewPrinter(language.French)
	got, err := mul(Number{Value: 5, printer: p}, 5)
	if err != nil || got.String() != "25" {
		t.Errorf("mul(5, 5) = %v, %v", got, err)
	}
	half, _ := mul(Number{Value: 0.5, Decimal: true, printer: p}, int64(3))
	if half.String() != "1,5" {
		t.Errorf("mul(0.5, 3) in French = %q; want 1,5", half.String())
	}
	if _, err := mul("x", 2); err == nil {
		t.Error("mul accepted a string")
	}
}
