package warlock

import (
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// table is a state with every creature in the draw pile and
// nothing dealt, for arranging a position by hand.
func table(t *testing.T, r *Rules, players int) *State {
	t.Helper()
	s := &State{r: r, rng: engine.NewRNG(1), n: players, castleGob: -1, dragons: r.Dragons, ruins: r.Ruins, tonar: players - 1}
	for d, des := range r.Designs {
		s.draw[d] = uint8(des.Copies)
		s.nDraw += des.Copies
	}
	s.bld.castleGob = -1
	s.step = stMain
	return s
}

func (r *Rules) design(t *testing.T, id string) int {
	t.Helper()
	i := slices.IndexFunc(r.Designs, func(d Design) bool { return d.ID == id })
	if i < 0 {
		t.Fatalf("no design %s", id)
	}
	return i
}

// take removes a card of design id from the draw pile.
func (s *State) take(t *testing.T, id string) int {
	t.Helper()
	d := s.r.design(t, id)
	if s.draw[d] == 0 {
		t.Fatalf("no %s left in the draw pile", id)
	}
	s.draw[d]--
	s.nDraw--
	return d
}

// takeAny removes a card from the draw pile, of the last design it
// holds.
func (s *State) takeAny() int {
	for d := len(s.r.Designs) - 1; d >= 0; d-- {
		if s.draw[d] > 0 {
			s.draw[d]--
			s.nDraw--
			return d
		}
	}
	panic("the draw pile is empty")
}

// drawAny draws, at a chance node, a card of the first design the draw
// pile holds.
func (s *State) drawAny(t *testing.T) {
	t.Helper()
	if s.CurrentPlayer() != engine.Chance {
		t.Fatalf("%s: a card is to be drawn, but player %d is to move", stepName(s.step), s.CurrentPlayer())
	}
	m, _ := s.Decode(s.LegalActions(nil)[0])
	s.play(t, m)
}

// emptyDraw moves every card of the draw pile, in design order, to the
// discard pile, or, when discard is false, to the last seat's mine, out
// of the way.
func (s *State) emptyDraw(discard bool) {
	for d := range s.r.Designs {
		for ; s.draw[d] > 0; s.draw[d]-- {
			if discard {
				s.toDiscard(d)
			} else {
				s.seats[s.n-1].addMine(d)
			}
		}
	}
	s.nDraw = 0
}

// chance draws the cards ids at chance nodes, one each, in order,
// failing the test if the state is not at a chance node that may draw
// it.
func (s *State) chance(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if s.CurrentPlayer() != engine.Chance {
			t.Fatalf("%s: %s is to be drawn, but player %d is to move", stepName(s.step), id, s.CurrentPlayer())
		}
		s.play(t, card(Draw, s.r.design(t, id)))
	}
}

func (s *State) hand(t *testing.T, p int, ids ...string) {
	for _, id := range ids {
		s.seats[p].addHand(s.take(t, id))
	}
}

func (s *State) mine(t *testing.T, p int, ids ...string) {
	for _, id := range ids {
		s.seats[p].addMine(s.take(t, id))
	}
}

func (s *State) dungeon(t *testing.T, p int, ids ...string) {
	for _, id := range ids {
		s.seats[p].addDungeon(s.r, s.take(t, id))
	}
}

func (s *State) toBar(t *testing.T, ids ...string) {
	for _, id := range ids {
		s.addBar(s.take(t, id))
	}
}

// lay sets out an empire row by row, row 0 touching the player board:
// design ids, "dragon", "ruin" or "." for an empty field.
func (s *State) lay(t *testing.T, p int, rows ...string) {
	t.Helper()
	n := s.side()
	for i, row := range rows {
		for j, c := range strings.Fields(row) {
			f := i*n + j
			switch c {
			case ".":
			case "dragon":
				s.dragons--
				s.setField(&s.seats[p], f, dragon)
			case "ruin":
				s.ruins--
				s.setField(&s.seats[p], f, ruin)
			default:
				s.setField(&s.seats[p], f, cityCell(s.take(t, c)))
			}
		}
	}
}

// field numbers a field by row and column from 0.
func (s *State) field(row, col int) int { return row*s.side() + col }

// play applies moves, failing the test on an illegal one.
func (s *State) play(t *testing.T, moves ...Move) {
	t.Helper()
	for _, m := range moves {
		if err := s.Apply(s.Encode(m)); err != nil {
			t.Fatalf("%s: %+v: %v", stepName(s.step), m, err)
		}
		if err := s.conserved(); err != nil {
			t.Fatalf("after %+v: %v", m, err)
		}
	}
}

// can reports whether a move is legal now.
func (s *State) can(m Move) bool {
	_, ok := slices.BinarySearch(s.LegalActions(nil), s.Encode(m))
	return ok
}

func card(k Kind, d int) Move { return Move{Kind: k, Design: d} }
func at(f int) Move           { return Move{Kind: Field, Field: f} }
func target(p, f int) Move    { return Move{Kind: Target, Player: p, Field: f} }
func swap(a, b int) Move      { return Move{Kind: Swap, Field: min(a, b), Field2: max(a, b)} }
func do(k Kind) Move          { return Move{Kind: k} }
