package warlock

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// TestActionNames: every legal action met in random games has a name in
// every language, and the legal actions of a state have different names.
func TestActionNames(t *testing.T) {
	r := shipped(t)
	langs := []string{"en", "fr", "de"}
	seen := map[string]bool{}
	for i := range 20 {
		s, err := r.NewState(3+i%3, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(i))
		for !s.IsTerminal() {
			legal := s.LegalActions(nil)
			for _, lang := range langs {
				names := map[string]engine.Action{}
				for _, a := range legal {
					name := s.ActionString(a, lang)
					if name == "" || strings.Contains(name, "action.") || strings.Contains(name, "engine.") || strings.Contains(name, "<no value>") || strings.HasPrefix(name, "action ") {
						t.Fatalf("%s: action %d at %s is named %q", lang, a, stepName(s.step), name)
					}
					if b, dup := names[name]; dup {
						t.Fatalf("%s: actions %d and %d at %s are both %q", lang, a, b, stepName(s.step), name)
					}
					names[name] = a
				}
			}
			m, _ := r.Decode(legal[0])
			seen[stepName(s.step)+"/"+kindName(m.Kind)] = true
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(seen) < 15 {
		t.Errorf("only %d kinds of decisions met: %v", len(seen), seen)
	}
}

func kindName(k Kind) string { return string(rune('A' + k)) }

// Example of an action's name in the three languages.
func TestActionNameExample(t *testing.T) {
	r := shipped(t)
	s := table(t, r, 3)
	s.hand(t, scott, "giant_3")
	a := s.Encode(card(PlayMine, r.design(t, "giant_3")))
	for lang, want := range map[string]string{"en": "put giant (3 VP, orc + human) in the mine"} {
		if got := s.ActionString(a, lang); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	for _, lang := range []string{"fr", "de"} {
		if got := s.ActionString(a, lang); got == s.ActionString(a, "en") {
			t.Errorf("%s name is the English one: %q", lang, got)
		}
	}
}
