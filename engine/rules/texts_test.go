package rules

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

const textsData = `
[[message]]
id = "engine.label"
args = ["Name", "Value"]
doc = "A card in actions: its name and its value."
`

const textsLocale = `
[engine.label]
other = "{{.Arg.Name}} ({{.Arg.Value}})"
`

// TestNamedAsTheTexts: label(c, lang) names the cards in actions; args_<action>
// gives the args of an action's name from the game as it stands.
func TestNamedAsTheTexts(t *testing.T) {
	label := `
def label(c, lang):
    """§play: a card is named with its value."""
    return texts.message(lang, "engine.label", Name = texts.name(lang, "card." + c.id), Value = c.value)
`
	g, d := miniWith(t, textsData, textsLocale, "def returns(g):", label+"\ndef returns(g):")
	if d.HasErrors() {
		t.Fatal(d)
	}
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for s.CurrentPlayer() == engine.Chance {
		if err := s.Apply(s.SampleChance()); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range s.LegalActions(nil) {
		name := s.ActionString(a, "en")
		if name != "discard Red One (1)" && name != "discard Blue Two (2)" {
			t.Errorf("action %d is %q, want a card with its value", a, name)
		}
	}
	more := label + `
def args_discard(g, p, card, lang):
    """§play: the card, with half its value and the cards left in the hand."""
    return {"Card": texts.message(lang, "engine.label", Name = texts.name(lang, "card." + card.id), Value = card.value / 2.0 + len(g.hand[p]))}
`
	g, d = miniWith(t, textsData, textsLocale, "def returns(g):", more+"\ndef returns(g):")
	if d.HasErrors() {
		t.Fatal(d)
	}
	s, _ = g.New(2, 1)
	for s.CurrentPlayer() == engine.Chance {
		_ = s.Apply(s.SampleChance())
	}
	for _, a := range s.LegalActions(nil) {
		name := s.ActionString(a, "en")
		if name != "discard Red One (2.5)" && name != "discard Blue Two (3)" {
			t.Errorf("action %d is %q, want a card with half its value and 2", a, name)
		}
	}
	for _, tc := range []struct{ rules, want string }{
		{"def label(c):\n    \"\"\"§play: x.\"\"\"\n    return None\n", "label(c, lang), with 2 parameters"},
		{"def label(c, lang):\n    \"\"\"§play: x.\"\"\"\n    return 3\n", "not a string or None"},
		{"def args_discard(g, p, lang):\n    \"\"\"§play: x.\"\"\"\n    return {}\n", "args_discard(g, p, x, lang), with 4 parameters"},
		{"def args_draw(g, p, x, lang):\n    \"\"\"§play: x.\"\"\"\n    return {}\n", "args_draw is for an action draw that ACTIONS does not declare"},
		{"X = texts.name(\"en\", \"card.red_one\")\n", "call it from label or an args_ function"},
	} {
		_, d := miniWith(t, textsData, textsLocale, "def returns(g):", tc.rules+"\ndef returns(g):")
		if !strings.Contains(d.Error(), tc.want) {
			t.Errorf("%q: got %v, want an error with %q", tc.rules, d, tc.want)
		}
	}
}
