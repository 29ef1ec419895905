package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFresh checks that the catalog's table is what the generator makes
// of the CLDR rules in the go-i18n the module requires.
func TestFresh(t *testing.T) {
	version, data, err := pinned()
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(data, module+"@"+version)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../pluralforms_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("pluralforms_gen.go is stale; run go generate in compiler/catalog (-want +got):\n%s", diff)
	}
}

func TestPluralForms(t *testing.T) {
	tests := []struct {
		name  string
		rules map[string]string
		want  string
	}{
		{"one form", map[string]string{"other": " @integer 0~15"}, "nplurals=1; plural=0;"},
		{"en", map[string]string{"one": "i = 1 and v = 0 @integer 1", "other": ""}, "nplurals=2; plural=(n != 1);"},
		{"hi", map[string]string{"one": "i = 0 or n = 1", "other": ""}, "nplurals=2; plural=(n != 0 && n != 1);"},
		{"is", map[string]string{"one": "t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11", "other": ""},
			"nplurals=2; plural=(n % 10 != 1 || n % 100 == 11);"},
		{"fr", map[string]string{
			"one":   "i = 0,1 @integer 0, 1",
			"many":  "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000",
			"other": "",
		}, "nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;"},
		{"ru", map[string]string{
			"one":   "v = 0 and i % 10 = 1 and i % 100 != 11",
			"few":   "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
			"many":  "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
			"other": "",
		}, "nplurals=4; plural=(n % 10 == 1 && n % 100 != 11) ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : (n % 10 == 0 || (n % 10 >= 5 && n % 10 <= 9) || (n % 100 >= 11 && n % 100 <= 14)) ? 2 : 3;"},
		{"only fractions", map[string]string{"one": "i = 1 and v = 0", "many": "v != 0", "other": ""},
			"nplurals=3; plural=(n == 1) ? 0 : 2;"},
		{"always", map[string]string{"one": "n = 1", "many": "v = 0", "other": ""},
			"nplurals=3; plural=(n == 1) ? 0 : 1;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := pluralForms(tt.rules)
			if err != nil || got != tt.want {
				t.Errorf("pluralForms = %q, %v;\nwant %q", got, err, tt.want)
			}
		})
	}
}

func TestBadRules(t *testing.T) {
	tests := []struct {
		rules map[string]string
		want  string
	}{
		{map[string]string{"one": "n = 1"}, `no rule for "other"`},
		{map[string]string{"single": "n = 1", "other": ""}, `unknown category "single"`},
		{map[string]string{"one": "", "other": ""}, "empty condition"},
		{map[string]string{"one": "x = 1", "other": ""}, `unknown operand "x"`},
		{map[string]string{"one": "n in 1", "other": ""}, `unknown operator "in"`},
		{map[string]string{"one": "n % 0 = 1", "other": ""}, `modulus "0"`},
		{map[string]string{"one": "n = 2..1", "other": ""}, `bad value or range "2..1"`},
		{map[string]string{"one": "n = 1 and", "other": ""}, "cut short"},
		{map[string]string{"one": "n = 1 but n = 2", "other": ""}, `"but"`},
	}
	for _, tt := range tests {
		if _, _, err := pluralForms(tt.rules); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("pluralForms(%v): error %v; want one saying %s", tt.rules, err, tt.want)
		}
	}
}
