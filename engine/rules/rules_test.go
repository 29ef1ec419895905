package rules

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/engine"
)

// miniData is a game of six numbered cards in two colours, with a deck,
// a hand per player and a discard pile, for rules written by each test.
const miniData = `
[game]
id = "mini"
players = { min = 2, max = 3 }
source_language = "en"
languages = ["en"]

[[enum]]
id = "colour"
  [[enum.value]]
  id = "red"
  [[enum.value]]
  id = "blue"

[[type]]
id = "number"
  [[type.field]]
  id = "colour"
  type = "enum:colour"
  [[type.field]]
  id = "value"
  type = "int"

[[card]]
id = "red_one"
type = "number"
copies = 2
colour = "red"
value = 1

[[card]]
id = "blue_two"
type = "number"
copies = 4
colour = "blue"
value = 2

[[section]]
id = "play"
number = "1"

[[zone]]
id = "deck"
owner = "table"
visible = "none"

[[zone]]
id = "hand"
owner = "player"
visible = "owner"

[[zone]]
id = "discard"
owner = "table"
visible = "all"

[[message]]
id = "action.discard"
args = ["Card"]
doc = "Discard a card."
`

const miniLocale = `
[game]
name = "Mini"
[colour.red]
one = "red"
other = "red"
[colour.blue]
one = "blue"
other = "blue"
[type.number]
one = "number"
other = "numbers"
[card.red_one]
one = "Red One"
other = "Red Ones"
[card.blue_two]
one = "Blue Two"
other = "Blue Twos"
[zone.deck]
one = "deck"
other = "decks"
[zone.hand]
one = "hand"
other = "hands"
[zone.discard]
one = "discard pile"
other = "discard piles"
[action.discard]
other = "discard {{.Arg.Card}}"
[rules.play]
title = "Play"
text = "Discard a card in turn until the hands are empty; the most value discarded wins."
`

// miniRules plays the mini game: two cards each, discarded in turn.
const miniRules = `
START = {"number": "deck"}
ACTIONS = {"discard": "card"}
PLAYER = {"total": 0}

def setup(g):
    """§play: two cards each."""
    for p in range(g.players):
        g.deal(g.deck, g.hand[p], 2)

def legal_discard(g, p):
    """§play: any card of the hand."""
    return g.hand[p]

def apply_discard(g, p, card):
    """§play: the card is discarded and counts."""
    g.move(card, g.hand[p], g.discard)
    g.total[p] += card.value
    g.turn = (p + 1) % g.players
    if len(g.hand[g.turn]) == 0:
        g.end()

def returns(g):
    """§play: the most value wins."""
    return [g.total[p] for p in range(g.players)]
`

// mini builds the mini game with rules, replacing in miniRules each old
// string by its new one (pairs).
func mini(t *testing.T, edits ...string) (*Game, diag.List) {
	t.Helper()
	return miniWith(t, "", "", edits...)
}

// miniWith is mini with more data and more of the English locale.
func miniWith(t *testing.T, data, locale string, edits ...string) (*Game, diag.List) {
	t.Helper()
	src := miniRules
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(src, edits[i]) {
			t.Fatalf("the rules have no %q", edits[i])
		}
		src = strings.Replace(src, edits[i], edits[i+1], 1)
	}
	fsys := fstest.MapFS{
		"cards/mini/game.toml":  {Data: []byte(miniData + data)},
		"cards/mini/rules.star": {Data: []byte(src)},
		"locales/mini/en.toml":  {Data: []byte(miniLocale + locale)},
	}
	games, d := compiler.Load(fsys, compiler.Options{})
	if d.HasErrors() {
		t.Fatalf("the data does not load:\n%s", d)
	}
	return Build(games.Game("mini"))
}

// play plays a game of the mini game with random actions, returning the
// first error.
func play(g *Game, seed uint64) error {
	s, err := g.New(2, seed)
	if err != nil {
		return err
	}
	rng := engine.NewRNG(seed)
	for !s.IsTerminal() {
		var a engine.Action
		if s.CurrentPlayer() == engine.Chance {
			a = s.SampleChance()
		} else {
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Apply(a); err != nil {
			return err
		}
	}
	return nil
}

func TestMiniPlays(t *testing.T) {
	g, d := mini(t)
	if len(d) > 0 {
		t.Fatal(d)
	}
	checker(g).Games(t, 2, 3, 20, 5, nil)
}

// TestRulesErrors: an error of the rules while they run is an error of
// the action, at its place in the rules, and never a panic or a hang.
func TestRulesErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edits []string
		want  string
	}{
		{"runaway loop", []string{`    g.move(card, g.hand[p], g.discard)`, "    for i in range(1000000000):\n        g.total[p] += 0\n    g.move(card, g.hand[p], g.discard)"},
			"cards/mini/rules.star:17:5: more than 1000000 steps: a loop that does not end, or far too much work for one call"},
		{"runtime error", []string{`g.total[p] += card.value`, `g.total[p] += card.value / 0`}, "cards/mini/rules.star:18:30: floating-point division by zero"},
		{"a card moved from where it is not", []string{`g.move(card, g.hand[p], g.discard)`, `g.move(card, g.discard, g.hand[p])`}, "cards/mini/rules.star:17:11: move: blue_two is not in discard"},
		{"legal changes the game", []string{`    return g.hand[p]`, "    g.turn = 0\n    return g.hand[p]"}, "this function may not change the game"},
		{"nobody can play", []string{`    return g.hand[p]`, "    return []"}, "seat 0 is to play but no action is legal, and the game is not over"},
		{"a deal from an empty zone", []string{`g.deal(g.deck, g.hand[p], 2)`, `g.deal(g.discard, g.hand[p], 1)`}, "a card is to be drawn from discard, which is empty"},
		{"a deal of more cards than the game has", []string{`g.deal(g.deck, g.hand[p], 2)`, `g.deal(g.deck, g.hand[p], 5)`}, "deal: 5 cards, and 5 draws already wait, but the game has 6 cards"},
		{"a deal of a billion cards", []string{`g.deal(g.deck, g.hand[p], 2)`, `g.deal(g.deck, g.hand[p], 1000000000)`}, "deal: 1000000000 cards"},
		{"a seat that is not", []string{`g.turn = (p + 1) % g.players`, `g.turn = p + 7`}, "g.turn is a seat from 0 to 1, not 7"},
		{"a variable of the wrong type", []string{`g.total[p] += card.value`, `g.total[p] = "many"`}, "total is a whole number, not a string"},
		{"legal gives something else", []string{`    return g.hand[p]`, "    return [1]"}, "action discard is played on cards, not on a int"},
		{"deals of no card without end", []string{`g.deal(g.deck, g.hand[p], 2)`, "g.deal(g.deck, g.hand[p], 2)\n    g.deal(g.deck, g.hand[0], 0, then = again)\n\ndef again(g):\n    \"\"\"§play: again.\"\"\"\n    g.deal(g.deck, g.hand[0], 0, then = again)\n"}, "again: 1000 functions called after deals of no card"},
		{"a die of more faces than OUTCOMES", []string{`PLAYER = {"total": 0}`, "PLAYER = {\"total\": 0}\nGAME = {\"die\": 0}", `g.total[p] += card.value`, `g.roll("die", 7)`}, "roll: 7 outcomes, but OUTCOMES allows 0"},
		{"a roll into a seat's variable", []string{`g.total[p] += card.value`, `g.roll("total", 7)`}, `roll: "total" is not a number variable of GAME`},
		{"chance of no weight", []string{`PLAYER = {"total": 0}`, "PLAYER = {\"total\": 0}\nGAME = {\"x\": 0}\nOUTCOMES = 2", `g.total[p] += card.value`, `g.chance("x", [0, 0])`}, "chance: every weight is 0"},
		{"returns of the wrong length", []string{`    return [g.total[p] for p in range(g.players)]`, "    return [1]"}, "returns: gives a list, not a list of one number per seat (2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, d := mini(t, tc.edits...)
			if d.HasErrors() {
				t.Fatal(d)
			}
			var err error
			for seed := range uint64(20) {
				if err = play(g, seed); err != nil {
					break
				}
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
			if errors.Is(err, engine.ErrIllegal) {
				t.Errorf("a rules error reads as an illegal action: %v", err)
			}
		})
	}
}

// TestChanceOutcomes: g.roll and g.chance are chance nodes whose
// outcomes come with their probabilities; the value drawn is in the
// variable once the function waiting for it is called.
func TestChanceOutcomes(t *testing.T) {
	g, d := mini(t,
		`PLAYER = {"total": 0}`, "PLAYER = {\"total\": 0}\nGAME = {\"die\": 0, \"pick\": 0}\nOUTCOMES = 6",
		`    g.total[p] += card.value`, "    g.total[p] += card.value\n    g.roll(\"die\", 6, then = rolled)\n    g.chance(\"pick\", [0, 3, 1])",
		`def returns(g):`, "def rolled(g):\n    \"\"\"§play: the die adds to the total.\"\"\"\n    g.total[(g.turn + g.players - 1) % g.players] += g.die\n\ndef returns(g):")
	if d.HasErrors() {
		t.Fatal(d)
	}
	dieBase := len(g.designs)
	slot := func(s *State, id string) *int64 {
		i := slices.IndexFunc(g.vars, func(v varDecl) bool { return v.id == id })
		return &s.vars[s.lay.v[i]]
	}
	counts := map[string]int{}
	for seed := range uint64(400) {
		s, err := g.New(2, seed)
		if err != nil {
			t.Fatal(err)
		}
		for s.CurrentPlayer() == engine.Chance {
			s.Apply(s.SampleChance())
		}
		before := *slot(s, "total") // seat 0's
		card := s.legal[0]
		if err := s.Apply(card); err != nil {
			t.Fatal(err)
		}
		if s.CurrentPlayer() != engine.Chance {
			t.Fatal("no chance node after the roll")
		}
		if got := s.LegalActions(nil); len(got) != 6 || int(got[0]) != dieBase || int(got[5]) != dieBase+5 {
			t.Fatalf("the die's outcomes are %v", got)
		}
		if name := s.ActionString(engine.Action(dieBase+3), "en"); name != "die 4" {
			t.Errorf("outcome 3 of the die is named %q", name)
		}
		roll := s.SampleChance()
		if err := s.Apply(roll); err != nil {
			t.Fatal(err)
		}
		value := int64(roll) - int64(dieBase) + 1
		if *slot(s, "die") != value {
			t.Errorf("the die shows %d, the variable %d", value, *slot(s, "die"))
		}
		if got := s.LegalActions(nil); len(got) != 2 || int(got[0]) != dieBase+1 || int(got[1]) != dieBase+2 {
			t.Fatalf("the pick's outcomes, weights 0, 3, 1, are %v", got)
		}
		pick := s.SampleChance()
		if err := s.Apply(engine.Action(dieBase)); err == nil {
			t.Error("an outcome of weight 0 was played")
		}
		if err := s.Apply(pick); err != nil {
			t.Fatal(err)
		}
		// The total had the card (counted when played) and the die
		// (counted once the pick after it is done too) added.
		if added := *slot(s, "total") - before; added != value+int64(g.designs[int(card)-g.kinds[0].base].Values[1].Value.Int) {
			t.Errorf("seat 0's total grew by %d with a roll of %d", added, value)
		}
		counts["die"+strconv.Itoa(int(value))]++
		counts["pick"+strconv.Itoa(int(*slot(s, "pick")))]++
	}
	for v := 1; v <= 6; v++ {
		if n := counts["die"+strconv.Itoa(v)]; n < 40 || n > 100 {
			t.Errorf("the die showed %d %d times in 400", v, n)
		}
	}
	if n := counts["pick1"]; n < 260 || n > 340 {
		t.Errorf("outcome 1, of weight 3 in 4, came %d times in 400", n)
	}
	if counts["pick0"] > 0 {
		t.Errorf("outcome 0, of weight 0, came %d times", counts["pick0"])
	}
}

// TestChanceIllegal: an action number that is no card of the zone drawn
// from is refused, however large, and changes nothing.
func TestChanceIllegal(t *testing.T) {
	g, d := mini(t)
	if d.HasErrors() {
		t.Fatal(d)
	}
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	h := s.Hash()
	for _, a := range []engine.Action{-1, engine.Action(len(g.designs)), 1<<16 + 1, 1<<31 - 1} {
		if err := s.Apply(a); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("chance outcome %d: got %v, want an illegal action", a, err)
		}
	}
	if s.Hash() != h {
		t.Error("illegal outcomes changed the game")
	}
}

// TestActionOfParts: an action played on a card and a seat takes a tuple
// of the two, numbered by card then seat, and is named with both.
func TestActionOfParts(t *testing.T) {
	g, d := miniWith(t, `
[[message]]
id = "action.give"
args = ["Card", "Player"]
doc = "Give a card to another player."
`, `
[action.give]
other = "give {{.Arg.Card}} to player {{.Arg.Player}}"
`,
		`ACTIONS = {"discard": "card"}`, `ACTIONS = {"discard": "card", "give": ["card", "player"]}`,
		`def returns(g):`, `def legal_give(g, p):
    """§play: a card of the hand, to another player, while the discard pile is empty."""
    if len(g.discard) > 0:
        return []
    return [(c, q) for c in g.hand[p] for q in range(g.players) if q != p]

def apply_give(g, p, x):
    """§play: the card goes to the other player, who plays next."""
    card, q = x
    g.move(card, g.hand[p], g.hand[q])
    g.turn = q

def returns(g):`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	checker(g).Games(t, 2, 3, 20, 5, nil)

	s, err := g.New(3, 1)
	if err != nil {
		t.Fatal(err)
	}
	for s.CurrentPlayer() == engine.Chance {
		s.Apply(s.SampleChance())
	}
	give := g.kinds[1]
	if give.size != len(g.designs)*3 {
		t.Fatalf("give has %d numbers, want %d", give.size, len(g.designs)*3)
	}
	d0 := int(s.zones[s.lay.zone[1]][0]) // seat 0's first card
	a := engine.Action(give.base + d0*3 + 2)
	if !slices.Contains(s.LegalActions(nil), a) {
		t.Fatalf("giving %s to seat 2 is not legal: %v", g.designs[d0].ID, s.LegalActions(nil))
	}
	if self := engine.Action(give.base + d0*3); slices.Contains(s.LegalActions(nil), self) {
		t.Error("seat 0 may give a card to itself")
	}
	want := "give " + g.CardName("en", d0) + " to player 3"
	if got := s.ActionString(a, "en"); got != want {
		t.Errorf("named %q, want %q", got, want)
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
	if s.turn != 2 || len(s.zones[s.lay.zone[1]+2]) != 3 {
		t.Errorf("after the gift: turn %d, seat 2 holds %d cards", s.turn, len(s.zones[s.lay.zone[1]+2]))
	}
}

// TestActionsShape: each way ACTIONS can be wrong is reported at the
// action, and the rules do not build.
func TestActionsShape(t *testing.T) {
	for _, tc := range []struct{ actions, want string }{
		{`{"discard": ["none", "card"]}`, `action discard is played on "card", "player", "none", a number of choices, or a list of those ("none" alone), not "none"`},
		{`{"discard": ["card"]}`, `action discard is played on a list of two parts or more`},
		{`{"discard": {"on": "card", "phaze": "x"}}`, `action discard has a key "phaze"`},
		{`{"discard": {"phase": "x"}}`, `action discard says what it is played on with "on"`},
		{`{"discard": {"on": "card", "phase": "x"}}`, `the game has no phase "x"`},
		{`{"discard": ("card", "play")}`, `not ("card", "play")`},
		{`{"discard": 0}`, `not 0`},
		{`{"discard": ["card", 1000, 1000]}`, `action discard has 2000000 arguments; at most 1048576`},
		{`{"discard": ["card"` + strings.Repeat(", 65536", 40) + `]}`, `action discard has 1099511627776 arguments`},
	} {
		_, d := mini(t, `ACTIONS = {"discard": "card"}`, "ACTIONS = "+tc.actions)
		if !d.HasErrors() || !strings.Contains(d.String(), tc.want) {
			t.Errorf("%s: got\n%s\nwant %q", tc.actions, d, tc.want)
		}
	}
}

// TestChanceNames: a card drawn is named by deal.<zone> with the card and
// the seat it goes to, when the locales have it, and else by the card.
func TestChanceNames(t *testing.T) {
	for _, tc := range []struct{ data, locale, want string }{
		{"", "", "Blue Two"},
		{`
[[message]]
id = "deal.hand"
args = ["Card", "Player"]
doc = "A card dealt to a player's hand."
`, `
[deal.hand]
other = "player {{.Arg.Player}} is dealt {{.Arg.Card}}"
`, "player 1 is dealt Blue Two"},
	} {
		g, d := miniWith(t, tc.data, tc.locale)
		if d.HasErrors() {
			t.Fatal(d)
		}
		s, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ActionString(engine.Action(g.byID["blue_two"]), "en"); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestNamedParts: an action's parts may carry the names its message
// renders them by; a named number is rendered as itself.
func TestNamedParts(t *testing.T) {
	g, d := miniWith(t, `
[[message]]
id = "action.bid"
args = ["Card", "Gold"]
doc = "Offer a card for gold."
`, `
[action.bid]
other = "offer {{.Arg.Card}} for {{.Arg.Gold}} gold"
`,
		`ACTIONS = {"discard": "card"}`, `ACTIONS = {"discard": "card", "bid": {"on": {"Card": "card", "Gold": 4}}}`,
		`def returns(g):`, `def legal_bid(g, p):
    """§play: a card of the hand, for up to 3 gold."""
    return [(c, n) for c in g.hand[p] for n in range(4)]

def apply_bid(g, p, x):
    """§play: the offer is discarded, and its gold counts."""
    card, gold = x
    g.move(card, g.hand[p], g.discard)
    g.total[p] += gold
    g.turn = (p + 1) % g.players
    if len(g.hand[g.turn]) == 0:
        g.end()

def returns(g):`)
	if d.HasErrors() {
		t.Fatal(d)
	}
	bid := g.kinds[1]
	a := engine.Action(bid.base + g.byID["blue_two"]*4 + 0)
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.ActionString(a, "en"), "offer Blue Two for 0 gold"; got != want {
		t.Errorf("named %q, want %q", got, want)
	}
	checker(g).Games(t, 2, 3, 10, 5, nil)
	for _, bad := range []string{`{"bid": {"Card": "card", "gold": 4}}`, `{"bid": {"on": {}}}`} {
		_, d := mini(t, `ACTIONS = {"discard": "card"}`, "ACTIONS = "+bad)
		if !d.HasErrors() {
			t.Errorf("%s builds", bad)
		}
	}
}

// TestReservedFields: a card field the rules language keeps for every
// card is reported at the field.
func TestReservedFields(t *testing.T) {
	fsys := fstest.MapFS{
		"cards/mini/game.toml":  {Data: []byte(strings.ReplaceAll(strings.Replace(miniData, `id = "value"`, `id = "order"`, 1), "\nvalue = ", "\norder = "))},
		"cards/mini/rules.star": {Data: []byte(strings.ReplaceAll(miniRules, "card.value", "1"))},
		"locales/mini/en.toml":  {Data: []byte(miniLocale)},
	}
	games, d := compiler.Load(fsys, compiler.Options{})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g, d := Build(games.Game("mini"))
	if g != nil || !strings.Contains(d.String(), "cards/mini/game.toml:20:3: error: type number has a field order, which the rules language keeps for every card") {
		t.Errorf("got %v", d)
	}
}

// TestNoCards: a game played with no cards at all (Pig, a dice game)
// needs no START, and plays.
func TestNoCards(t *testing.T) {
	fsys := fstest.MapFS{
		"cards/pig/game.toml": {Data: []byte(`[game]
id = "pig"
players = { min = 2, max = 4 }
source_language = "en"
languages = ["en"]

[[param]]
id = "target"
type = "int"
value = 20

[[section]]
id = "turn"
number = "1"

[[message]]
id = "action.roll"
doc = "Roll the die again."

[[message]]
id = "action.hold"
doc = "Bank the pot."
`)},
		"cards/pig/rules.star": {Data: []byte(`
ACTIONS = {"roll": "none", "hold": "none"}
GAME = {"die": 0, "pot": 0}
PLAYER = {"banked": 0}
OUTCOMES = 6

def setup(g):
    """§turn: the pot starts empty."""
    g.pot = 0

def legal_roll(g, p):
    """§turn: a player may always roll."""
    return True

def legal_hold(g, p):
    """§turn: a pot may be banked."""
    return g.pot > 0

def apply_roll(g, p):
    """§turn: the die is rolled."""
    g.roll("die", 6, then = rolled)

def rolled(g):
    """§turn: a 1 loses the pot and the turn."""
    if g.die == 1:
        g.pot = 0
        g.turn = (g.turn + 1) % g.players
    else:
        g.pot += g.die

def apply_hold(g, p):
    """§turn: the pot is banked; the first to the target wins."""
    g.banked[p] += g.pot
    g.pot = 0
    if g.banked[p] >= params.target:
        g.end()
    g.turn = (p + 1) % g.players

def returns(g):
    """§turn: the first to the target wins."""
    return [1 if g.banked[p] >= params.target else 0 for p in range(g.players)]
`)},
		"locales/pig/en.toml": {Data: []byte(`[game]
name = "Pig"
[action.roll]
other = "roll"
[action.hold]
other = "hold"
[rules.turn]
title = "A turn"
text = "Roll as often as you like; a 1 loses the pot and the turn. Hold to bank the pot: the first to 20 wins."
`)},
	}
	games, d := compiler.Load(fsys, compiler.Options{})
	if d.HasErrors() {
		t.Fatalf("the data does not load:\n%s", d)
	}
	g, d := Build(games.Game("pig"))
	if len(d) > 0 {
		t.Fatal(d)
	}
	c := checker(g)
	c.Redeal = nil // nothing is hidden: there is nothing to deal anew
	c.Games(t, 2, 4, 20, 5, nil)
}
