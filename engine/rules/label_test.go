package rules

import (
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// labelData adds an action played on a seat and a choice of colour, each
// named by a message of the locale: a part given as a list of labels.
const labelData = `
[[message]]
id = "action.point"
args = ["Colour", "Player"]
doc = "Point a colour out to a player."

[[message]]
id = "seat"
args = ["Seat"]
doc = "A player, by seat from 1."

[[message]]
id = "colour_of"
args = ["Colour", "Card"]
doc = "A colour, with a card of it."
`

const labelLocale = `
[action.point]
other = "show {{.Arg.Colour}} to {{.Arg.Player}}"
[seat]
other = "Player {{.Arg.Seat}}"
[colour_of]
other = "{{.Arg.Colour}} (like {{.Arg.Card}})"
`

// labelRules declare the action point: on a colour, named by a label with
// a message's name and a card, and a seat, named by a label with a number
// for each of players.max seats; a card stands for its own name.
var labelRules = []string{
	`ACTIONS = {"discard": "card"}`, `COLOURS = [texts.label("colour_of", Colour = "colour.red", Card = cards.red_one), cards.blue_two]
SEATS = [texts.label("seat", Seat = i + 1) for i in range(players.max)]
COPIES = {c.id: c.copies for c in cards}
ACTIONS = {"discard": "card", "point": {"on": {"Colour": COLOURS, "Player": SEATS}}}`,
	`def returns(g):`, `def legal_point(g, p):
    """§play: a colour, to another player, while the red ones are not all discarded."""
    if len(g.discard.where(colour = "red")) == COPIES["red_one"]:
        return []
    return [(c, q) for c in range(2) for q in range(g.players) if q != p]

def apply_point(g, p, x):
    """§play: pointing scores the colour's number."""
    c, q = x
    g.total[p] += c
    g.turn = (p + 1) % g.players
    if len(g.hand[g.turn]) == 0:
        g.end()

def returns(g):`,
}

// TestLabels: an action whose parts are lists of labels renders each
// choice by its label; players.max sizes a list by seat, and c.copies
// counts a design's cards.
func TestLabels(t *testing.T) {
	g, d := miniWith(t, labelData, labelLocale, labelRules...)
	if d.HasErrors() {
		t.Fatal(d)
	}
	point := g.kinds[1]
	if point.size != 2*3 {
		t.Fatalf("point has %d arguments, want 2 colours by 3 seats (players.max)", point.size)
	}
	s, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		colour, seat int
		want         string
	}{
		{0, 1, "show red (like Red One) to Player 2"},
		{1, 2, "show Blue Two to Player 3"},
	} {
		a := engine.Action(point.base + tc.colour*3 + tc.seat)
		if got := s.ActionString(a, "en"); got != tc.want {
			t.Errorf("named %q, want %q", got, tc.want)
		}
	}
	checker(g).Games(t, 2, 3, 10, 5, nil)
}

// TestLabelsChecked: a label naming a message the locale lacks, and a list
// of choices mixing labels with other values, are errors at the action.
func TestLabelsChecked(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"unknown message", `texts.label("seat", Seat = i + 1)`, `texts.label("sat", Seat = i + 1)`, "names message sat, which en lacks"},
		{"unknown name", `Colour = "colour.red"`, `Colour = "colour.green"`, "names message colour.green"},
		{"mixed list", `cards.blue_two]`, `"blue"]`, "a list of choices holds labels and cards, not a string"},
	} {
		edits := append([]string{}, labelRules...)
		edits[1] = strings.Replace(edits[1], tc.old, tc.new, 1)
		_, d := miniWith(t, labelData, labelLocale, edits...)
		if !d.HasErrors() || !strings.Contains(d.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.name, d, tc.want)
		}
	}
}
