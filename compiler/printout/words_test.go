package printout

import "testing"

// TestUIWords reads Grimoire's own words: every language has every word
// English has, and a language with none prints English.
func TestUIWords(t *testing.T) {
	en, err := uiWords("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"fr", "de"} {
		words, err := uiWords(lang)
		if err != nil {
			t.Fatal(err)
		}
		for k, w := range words {
			if w == en[k] && k != "page" {
				t.Errorf("%s: %q is the English %q", lang, k, w)
			}
		}
	}
	if xx, _ := uiWords("xx"); xx["contents"] != "Contents" {
		t.Errorf("a language with no words prints %q for contents; want the English", xx["contents"])
	}
}
