package typer

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

const src = `
def setup(g):
    g.deal(g.deck, g.hand[0], 3, then = begin)

def begin(g):
    g.turn = first(g, has_cards)

def first(g, can):
    for p in range(g.players):
        if can(g, p):
            return p
    return None

def has_cards(g, p):
    return len(g.hand[p]) > 0

def legal_play(g, p):
    led = [c for c in g.trick]
    return g.hand[p].where(suit = led[0].suit) or g.hand[p] if led else g.hand[p]

def apply_play(g, p, card):
    g.move(card, g.hand[p], g.trick)
    g.score[p] += VALUE[card.suit] + half(card.rank)

def half(x):
    return x / 2
`

func TestInfer(t *testing.T) {
	f, err := (&syntax.FileOptions{}).Parse("rules.star", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	predeclared := starlark.StringDict{"VALUE": starlark.None}
	if _, err := starlark.FileProgram(f, predeclared.Has); err != nil {
		t.Fatal(err)
	}
	env := &Env{
		Attrs: map[string]Type{
			"deck": ZoneOf{"deck"}, "trick": ZoneOf{"trick"}, "hand": BySeat{ZoneOf{"hand"}}, "score": BySeat{Int},
			"players": Int, "turn": Int, "deal": Builtin{"deal", Game}, "move": Builtin{"move", Game},
		},
		Fields:    map[string]map[string]Type{"card": {"suit": Str, "rank": Int}},
		CardTypes: map[string]string{"ace": "card"},
		Start:     map[string][]string{"deck": {"card"}},
		Globals:   map[string]Type{},
		Entries:   map[string][]Type{"setup": {Game}, "legal_play": {Game, Int}, "apply_play": {Game, Int, Card}},
	}
	res := Infer([]*syntax.File{f}, env)
	want := map[string]string{
		"begin":      "(game) None",
		"first":      "(game, func has_cards) int?",
		"has_cards":  "(game, int) bool",
		"legal_play": "(game, int) seq[card(card)]",
		"apply_play": "(game, int, card(card)) None",
		"half":       "(int) float",
	}
	for name, w := range want {
		fi := res.Funcs[name]
		if fi == nil || !fi.Called {
			t.Errorf("%s is not called", name)
			continue
		}
		params := make([]string, len(fi.Params))
		for i, p := range fi.Params {
			params[i] = p.String()
		}
		if got := "(" + strings.Join(params, ", ") + ") " + fi.Result.String(); got != w {
			t.Errorf("%s: %s, want %s", name, got, w)
		}
	}
	// Cards flow from the deck into the hands, and from hands to tricks.
	for _, z := range []string{"deck", "hand", "trick"} {
		if got := res.Zones[z]; len(got) != 1 || got[0] != "card" {
			t.Errorf("zone %s holds %v, want [card]", z, got)
		}
	}
	// VALUE is not declared to the typer: its use is the one untyped
	// expression, with what it flows into.
	if r := res.Report(); len(r) != 1 || !strings.HasPrefix(r[0], "apply_play: ") {
		t.Errorf("report %q, want apply_play alone", r)
	}
}

// TestNarrowing: a test of a card's type narrows it within the branch,
// and a guard that fails otherwise narrows it after.
func TestNarrowing(t *testing.T) {
	const src = `
ALL = [1]

def setup(g):
    for c in g.deck:
        if c.type in ("a", "b"):
            keep(c)
    pick(0)

def keep(c):
    return c

def pick(x):
    c = g_card(x)
    if c.type != "b":
        fail("no b")
    return c

def g_card(x):
    return ALL[x]
`
	f, err := (&syntax.FileOptions{}).Parse("rules.star", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := starlark.FileProgram(f, starlark.StringDict{}.Has); err != nil {
		t.Fatal(err)
	}
	env := &Env{
		Attrs:   map[string]Type{"deck": ZoneOf{"deck"}},
		Fields:  map[string]map[string]Type{"a": {}, "b": {}, "c": {}},
		Start:   map[string][]string{"deck": {"a", "b", "c"}},
		Globals: map[string]Type{"ALL": List{CardOf{"a,b,c"}}},
		Entries: map[string][]Type{"setup": {Game}},
	}
	res := Infer([]*syntax.File{f}, env)
	if got := res.Funcs["keep"].Params[0]; !Equal(got, CardOf{"a,b"}) {
		t.Errorf("keep's card: %v, want card(a,b)", got)
	}
	if got := res.Funcs["pick"].Result; !Equal(got, CardOf{"b"}) {
		t.Errorf("pick gives %v, want card(b)", got)
	}
}
