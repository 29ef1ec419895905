package rulebook

import (
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
)

// TestRulingsPrinted: every printed rulebook, in every language, lists
// each of its game's rulings, in the words of the locale; and a book
// without them, as a publisher's is, is no less clean.
func TestRulingsPrinted(t *testing.T) {
	books := printBooks(t)
	for _, id := range printedGames {
		for _, lang := range printedLangs {
			t.Run(id+"-"+lang, func(t *testing.T) {
				p := books[id][lang]
				sec := p.g.RulingsSection()
				if len(p.g.Rulings) == 0 || sec == nil {
					t.Fatalf("game %s has %d rulings and section %v to list them", id, len(p.g.Rulings), sec)
				}
				loc, err := l10n.New(p.g, lang)
				if err != nil {
					t.Fatal(err)
				}
				title, _ := loc.Text("rules." + sec.ID + ".title")
				heading := slices.IndexFunc(p.book.lines, func(l bookLine) bool { return l.text == title })
				if heading < 0 {
					t.Fatalf("no heading %q in the book", title)
				}
				// The section's words, without the marks of reconstructed
				// values and the feet of its pages; and the book without
				// them.
				var words []string
				var without strings.Builder
				for i, l := range p.book.lines {
					if i > 0 && p.book.PageStart[i] {
						without.WriteByte('\f')
					}
					switch note := strings.HasPrefix(l.text, "†"); {
					case i < heading || l.skip || note:
						without.WriteString(l.text + "\n")
					default:
						words = append(words, strings.Fields(strings.ReplaceAll(l.text, "†", ""))...)
					}
				}
				listed := strings.Join(words, " ")
				for _, r := range p.g.Rulings {
					ruling, _ := loc.Text(r.Message)
					if !strings.Contains(listed, strings.Join(strings.Fields(ruling), " ")) {
						t.Errorf("ruling %s is not printed: %q", r.ID, ruling)
					}
				}
				got, err := checkText(p.g, "book.txt", lang, without.String())
				if err != nil {
					t.Fatal(err)
				}
				if len(got) > 0 {
					t.Errorf("the book without its rulings:\n%s", got)
				}
			})
		}
	}
}

// TestRulingReversed: a ruling the book turns round is reported where it
// stands, as any rule is.
func TestRulingReversed(t *testing.T) {
	p := printBooks(t)["hearts"]["en"]
	clean := bookText(p.book)
	edited := strings.Replace(clean, "may not be scored on the first", "may be scored on the first", 1)
	if edited == clean {
		t.Fatal("the ruling is not in the book")
	}
	got, err := checkText(p.g, "book.txt", "en", edited)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range got {
		if d.Code == diag.RulebookRule && strings.Contains(strings.Split(edited, "\n")[d.Pos.Line-1], "may be scored") {
			return
		}
	}
	t.Errorf("no G308 at the reversed ruling; got:\n%s", got)
}

// TestStatedValueMarked: the goblins' example states the cost of a wizard
// city, which the rulebook pictures and the data reconstructs, in words;
// every printed book marks it.
func TestStatedValueMarked(t *testing.T) {
	books := printBooks(t)
	for lang, words := range map[string]string{"en": "a goblin and a human†.", "fr": "un gobelin et un humain†.", "de": "ein Kobold und ein Mensch† sind."} {
		text := strings.Join(strings.Fields(bookText(books["warlock"][lang].book)), " ")
		if !strings.Contains(text, words) {
			t.Errorf("%s: the book does not mark the cost: no %q", lang, words)
		}
	}
}
