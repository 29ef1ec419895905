package translation_test

import (
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// TestForeignSentences measures the test of a sentence's language on the
// shipped games' texts, which it was not tuned on: every sentence of four
// words or more of one locale (titles, names of actions and lists of a
// term's forms included), read as a text of each other language (a
// sentence left untranslated), reads as its own language seven times in
// ten or more (73% to 94% by game and pair of languages); read as a text
// of its own language, never as another. A sentence with few closed-class
// words ("Chains of adjacent human cities score extra.") is the miss.
func TestForeignSentences(t *testing.T) {
	games, d := compiler.Load(grimoire.Games(), compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	var known []*text.Language
	for _, tag := range text.Languages() {
		l, err := text.Lang(tag)
		if err != nil {
			t.Fatal(err)
		}
		known = append(known, l)
	}
	for _, g := range games.Games {
		for _, from := range g.Locales {
			for _, as := range g.Locales {
				l, err := text.Lang(as.Lang)
				if err != nil {
					t.Fatal(err)
				}
				v := text.NewVocab(l, g, as)
				n, found := 0, 0
				for _, m := range from.Messages {
					for _, form := range m.FormNames() {
						doc := v.Read(m.Forms[form], text.Options{LineBreaks: true})
						for i, s := range doc.Sentences {
							words := 0
							for _, tok := range doc.Tokens[s.Lo:s.Hi] {
								if tok.Kind == text.Word {
									words++
								}
							}
							if words < 4 {
								continue
							}
							n++
							got := doc.ForeignSentence(i, known)
							switch {
							case from.Lang == as.Lang && got != nil:
								t.Errorf("%s %s %s: %s reads as %s", g.ID, from.Lang, m.ID, doc.QuoteSentence(i, s.Lo, 12), got.Tag)
							case from.Lang != as.Lang && got != nil && got.Tag == from.Lang:
								found++
							}
						}
					}
				}
				if from.Lang != as.Lang {
					share := float64(found) / float64(max(n, 1))
					t.Logf("%s: %s sentences in a %s text: %d of %d told (%.1f%%)", g.ID, from.Lang, as.Lang, found, n, 100*share)
					if share < 0.7 {
						t.Errorf("%s: %s sentences in a %s text: %d of %d told, under 70%%", g.ID, from.Lang, as.Lang, found, n)
					}
				}
			}
		}
	}
}
