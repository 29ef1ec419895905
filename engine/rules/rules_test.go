package rules

import (
	"errors"
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
	src := miniRules
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(src, edits[i]) {
			t.Fatalf("the rules have no %q", edits[i])
		}
		src = strings.Replace(src, edits[i], edits[i+1], 1)
	}
	fsys := fstest.MapFS{
		"cards/mini/game.toml":  {Data: []byte(miniData)},
		"cards/mini/rules.star": {Data: []byte(src)},
		"locales/mini/en.toml":  {Data: []byte(miniLocale)},
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
		{"a deal from an empty zone", []string{`g.deal(g.deck, g.hand[p], 2)`, `g.deal(g.deck, g.hand[p], 5)`}, "a card is to be drawn from deck, which is empty"},
		{"a seat that is not", []string{`g.turn = (p + 1) % g.players`, `g.turn = p + 7`}, "g.turn is a seat from 0 to 1, not 7"},
		{"a variable of the wrong type", []string{`g.total[p] += card.value`, `g.total[p] = "many"`}, "total is a whole number, not a string"},
		{"legal gives something else", []string{`    return g.hand[p]`, "    return [1]"}, "action discard is played on cards, not on a int"},
		{"deals of no card without end", []string{`g.deal(g.deck, g.hand[p], 2)`, "g.deal(g.deck, g.hand[p], 2)\n    g.deal(g.deck, g.hand[0], 0, then = again)\n\ndef again(g):\n    \"\"\"§play: again.\"\"\"\n    g.deal(g.deck, g.hand[0], 0, then = again)\n"}, "again: 1000 functions called after deals of no card"},
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
