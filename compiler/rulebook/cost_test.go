package rulebook

import "testing"

// TestRenderBudget: a rule text too costly to run renders as nothing
// rather than hanging the checker. The loader refuses such a text, so
// the model is edited after loading.
func TestRenderBudget(t *testing.T) {
	g := warlock(t)
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	loc := g.Locale("en")
	if len(g.Sections) == 0 || loc == nil {
		t.Fatal("warlock has no sections or no English")
	}
	id := g.Sections[0].ID
	m := loc.Message("rules." + id + ".text")
	if m == nil {
		t.Fatalf("no message rules.%s.text", id)
	}
	m.Forms["other"] = "Play.{{range 2000000000}} And play again.{{end}}"
	ix := newIndex(g, v, "en")
	if got := ix.byID[id].text; got != "" {
		t.Errorf("section %s renders %d bytes; want none", id, len(got))
	}
}
