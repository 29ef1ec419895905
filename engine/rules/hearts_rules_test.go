package rules

// Hand-built tests of the rules of Hearts (cards/hearts/rules.star), one
// or more for each rule its rulebook (locales/hearts/en.toml, [rules.*])
// states. Each test names the section it checks; each fails if
// rules.star stops playing that rule as the rulebook says.

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// ---- Helpers ----------------------------------------------------------

// heartsGames caches the games built, by their overrides: a Game never
// changes once built, and tests may share it, in parallel too.
var heartsGames sync.Map // string → *Game

// hearts is the shipped Hearts with overrides of its parameters.
func hearts(t *testing.T, sets ...string) *Game {
	t.Helper()
	key := strings.Join(sets, " ")
	if g, ok := heartsGames.Load(key); ok {
		return g.(*Game)
	}
	g, _ := heartsGames.LoadOrStore(key, shipped(t, "hearts", sets...))
	return g.(*Game)
}

// allHearts is every heart, in shorthand.
const allHearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"

var (
	hRanks = map[string]string{
		"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
		"8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
	}
	hSuits = map[byte]string{'C': "clubs", 'D': "diamonds", 'S': "spades", 'H': "hearts"}
)

// hc turns cards in shorthand ("2C QS 10H") into their ids
// ("two_of_clubs", ...).
func hc(list string) []string {
	var out []string
	for _, f := range strings.Fields(list) {
		out = append(out, hRanks[f[:len(f)-1]]+"_of_"+hSuits[f[len(f)-1]])
	}
	return out
}

// hdesign is the design index of a card id.
func hdesign(t *testing.T, g *Game, id string) int {
	t.Helper()
	d, ok := g.byID[id]
	if !ok {
		t.Fatalf("hearts has no card %q", id)
	}
	return d
}

// inPackOrder sorts card ids as the pack lists them, the order of the
// legal actions.
func inPackOrder(t *testing.T, g *Game, ids []string) []string {
	t.Helper()
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b string) int { return hdesign(t, g, a) - hdesign(t, g, b) })
	return out
}

// hinst is the instance of zone id of seat (of the table for a table
// zone).
func hinst(t *testing.T, s *State, id string, seat int) int {
	t.Helper()
	for zi, z := range s.g.zones {
		if z.id == id {
			if !z.player {
				seat = 0
			}
			return s.lay.zone[zi] + seat
		}
	}
	t.Fatalf("hearts has no zone %q", id)
	return 0
}

// zoneCards lists the ids of the cards in zone id of seat, in order.
func zoneCards(t *testing.T, s *State, id string, seat int) []string {
	t.Helper()
	var out []string
	for _, d := range s.zones[hinst(t, s, id, seat)] {
		out = append(out, s.g.designs[d].ID)
	}
	return out
}

// hvarSlot is the slot of variable id of seat (of the table's).
func hvarSlot(t *testing.T, s *State, id string, seat int) int {
	t.Helper()
	for vi, v := range s.g.vars {
		if v.id == id {
			if !v.player {
				seat = 0
			}
			return s.lay.v[vi] + seat
		}
	}
	t.Fatalf("hearts has no variable %q", id)
	return 0
}

func getVar(t *testing.T, s *State, id string, seat int) int64 {
	t.Helper()
	return s.vars[hvarSlot(t, s, id, seat)]
}

func putVar(t *testing.T, s *State, id string, seat int, v int64) {
	t.Helper()
	s.vars[hvarSlot(t, s, id, seat)] = v
}

// totals are the four totals on the score pad.
func totals(t *testing.T, s *State) [4]int64 {
	t.Helper()
	var out [4]int64
	for p := range out {
		out[p] = getVar(t, s, "score", p)
	}
	return out
}

func phaseOf(s *State) string { return s.g.phases[s.phase] }

func heartsKind(t *testing.T, g *Game, id string) *kind {
	t.Helper()
	for _, k := range g.kinds {
		if k.id == id {
			return k
		}
	}
	t.Fatalf("hearts has no action %q", id)
	return nil
}

// legalCards lists the cards the player to move may play action kindID
// on, in pack order; an action of another kind being legal fails the
// test.
func legalCards(t *testing.T, s *State, kindID string) []string {
	t.Helper()
	if p := s.CurrentPlayer(); p < 0 {
		t.Fatalf("no seat is to move (%d)", p)
	}
	k := heartsKind(t, s.g, kindID)
	var out []string
	for _, a := range s.LegalActions(nil) {
		if s.g.kindOf(a) != k {
			t.Fatalf("seat %d may play %s (%s); want only actions %s", s.turn, s.ActionString(a, "en"), s.ActionKind(a), kindID)
		}
		out = append(out, s.g.designs[int(a)-k.base].ID)
	}
	return out
}

// act plays action kindID on card id for the player to move.
func act(t *testing.T, s *State, kindID, id string) {
	t.Helper()
	k := heartsKind(t, s.g, kindID)
	if err := s.Apply(engine.Action(k.base + hdesign(t, s.g, id))); err != nil {
		t.Fatalf("seat %d: %s %s: %v", s.turn, kindID, id, err)
	}
}

// playCards plays cards in shorthand, each by the player to move.
func playCards(t *testing.T, s *State, list string) {
	t.Helper()
	for _, id := range hc(list) {
		act(t, s, "play", id)
	}
}

// drawAll resolves every pending chance draw.
func drawAll(t *testing.T, s *State) {
	t.Helper()
	for s.CurrentPlayer() == engine.Chance {
		if err := s.Apply(s.SampleChance()); err != nil {
			t.Fatal(err)
		}
	}
}

// rotatedDeal deals round number round by hand instead of at random: the
// n-th card of the pack goes to seat (n+first)%4, so seat first holds the
// two of clubs (the pack's first card). The round then starts as the rules start it
// once the cards are dealt.
func rotatedDeal(t *testing.T, g *Game, round, first int) *State {
	t.Helper()
	s, err := g.New(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.then == "" || len(s.pending) != 4*13 {
		t.Fatalf("setup leaves %d draws and then=%q; want the 52 cards dealt, then a function", len(s.pending), s.then)
	}
	s.pending = nil
	for i := range s.zones {
		s.zones[i] = nil
	}
	n := 0
	for d := range g.designs {
		if g.start[d] < 0 {
			continue // a card not played with (a player aid)
		}
		i := hinst(t, s, "hand", (n+first)%4)
		s.zones[i] = append(s.zones[i], int16(d))
		n++
	}
	if n != 52 || hdesign(t, g, "two_of_clubs") != 0 {
		t.Fatalf("%d cards played with, the two of clubs design %d; want 52, the first", n, hdesign(t, g, "two_of_clubs"))
	}
	putVar(t, s, "rounds", 0, int64(round))
	if err := s.settle(); err != nil {
		t.Fatal(err)
	}
	return s
}

// heartsPos is a hand-built position of a round in play. Cards are in
// shorthand; the cards it does not place are put in the deck, so that
// every card is somewhere.
type heartsPos struct {
	hands  [4]string
	trick  string // the cards played to the trick so far, the leader's first
	leader int    // the seat that leads (or led) the trick
	tricks int    // tricks won so far this round
	broken bool   // hearts broken
	won    [4]string
	score  [4]int64
	round  int // 1 when 0
}

func (p heartsPos) build(t *testing.T, g *Game) *State {
	t.Helper()
	s, err := g.New(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.pending, s.then = nil, ""
	for i := range s.zones {
		s.zones[i] = nil
	}
	placed := map[int]bool{}
	put := func(zone string, seat int, list string) {
		for _, id := range hc(list) {
			d := hdesign(t, g, id)
			if placed[d] {
				t.Fatalf("card %s placed twice", id)
			}
			placed[d] = true
			i := hinst(t, s, zone, seat)
			s.zones[i] = append(s.zones[i], int16(d))
		}
	}
	for seat := range 4 {
		put("hand", seat, p.hands[seat])
		put("won", seat, p.won[seat])
		putVar(t, s, "score", seat, p.score[seat])
	}
	put("trick", 0, p.trick)
	deck := hinst(t, s, "deck", 0)
	for d := range g.designs {
		if !placed[d] && g.start[d] >= 0 {
			s.zones[deck] = append(s.zones[deck], int16(d))
		}
	}
	putVar(t, s, "rounds", 0, int64(max(p.round, 1)))
	putVar(t, s, "tricks", 0, int64(p.tricks))
	putVar(t, s, "leader", 0, int64(p.leader))
	broken := int64(0)
	if p.broken {
		broken = 1
	}
	putVar(t, s, "hearts_broken", 0, broken)
	s.phase = slices.Index(g.phases, "playing")
	if s.phase < 0 {
		t.Fatal("hearts has no phase playing")
	}
	s.turn = (p.leader + len(hc(p.trick))) % 4
	if err := s.settle(); err != nil {
		t.Fatal(err)
	}
	if err := s.conserved(); err != nil {
		t.Fatal(err)
	}
	return s
}

// lastTrick is the position before the last trick of a round: each seat
// holds one card (last, by default a club each, won by seat 3 without a
// point), seat leader leads, and the earlier tricks are in won.
func lastTrick(t *testing.T, g *Game, pre [4]int64, won [4]string, last [4]string, leader int) *State {
	t.Helper()
	if last == [4]string{} {
		last = [4]string{"3C", "4C", "5C", "6C"}
	}
	return heartsPos{hands: last, leader: leader, tricks: 12, broken: true, won: won, score: pre}.build(t, g)
}

// playLastTrick plays each seat's one card, in turn.
func playLastTrick(t *testing.T, s *State) {
	t.Helper()
	for range 4 {
		hand := zoneCards(t, s, "hand", s.turn)
		if len(hand) != 1 {
			t.Fatalf("seat %d holds %v; want one card", s.turn, hand)
		}
		act(t, s, "play", hand[0])
	}
}

// observe is what seat sees.
func observe(s *State, seat int) *Observation { return s.Observation(seat).(*Observation) }

// ---- §setup -------------------------------------------------------------

// TestHeartsDealing checks §setup: the whole pack is dealt out, face down,
// so that each player has hand_size (13) cards, and nobody sees another's
// hand.
func TestHeartsDealing(t *testing.T) {
	g := hearts(t)
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			s, err := g.New(4, seed)
			if err != nil {
				t.Fatal(err)
			}
			drawAll(t, s)
			if d := zoneCards(t, s, "deck", 0); len(d) != 0 {
				t.Errorf("after the deal the deck holds %d cards; want the pack dealt out", len(d))
			}
			seen := map[string]int{}
			for p := range 4 {
				hand := zoneCards(t, s, "hand", p)
				if len(hand) != 13 {
					t.Errorf("seat %d holds %d cards; want hand_size 13", p, len(hand))
				}
				for _, id := range hand {
					seen[id]++
				}
			}
			for d, c := range g.designs {
				if g.start[d] < 0 {
					continue // a card not played with (a player aid)
				}
				if seen[c.ID] != 1 {
					t.Errorf("card %s is in %d hands; want 1", c.ID, seen[c.ID])
				}
			}
			for viewer := range 4 {
				o := observe(s, viewer)
				for p := range 4 {
					v := o.SeatZones[p]["hand"]
					switch {
					case v.Count != 13:
						t.Errorf("seat %d sees %d cards in seat %d's hand; want 13", viewer, v.Count, p)
					case p == viewer && len(v.Cards) != 13:
						t.Errorf("seat %d does not see its own hand", p)
					case p != viewer && v.Cards != nil:
						t.Errorf("seat %d sees seat %d's hand %v", viewer, p, v.Cards)
					}
				}
			}
		})
	}
}

// ---- §passing -----------------------------------------------------------

// TestHeartsPassing checks §passing: every player chooses cards_passed
// cards; they are passed only once every player has chosen; to the left
// (seat p to p+1) in round 1, to the right (p-1) in round 2, across (p+2)
// in round 3, not at all in round 4 (hold: play starts at once), and the
// cycle then starts again. It also checks §first_trick: the player who
// holds the two of clubs after passing leads.
func TestHeartsPassing(t *testing.T) {
	tests := []struct {
		name   string
		sets   []string
		round  int
		shift  int // seat p passes to p+shift; 0 for a round of holding
		passed int // cards each player passes
	}{
		{"round 1 left", nil, 1, 1, 3},
		{"round 2 right", nil, 2, 3, 3},
		{"round 3 across", nil, 3, 2, 3},
		{"round 4 hold", nil, 4, 0, 0},
		{"round 5 left again", nil, 5, 1, 3},
		{"round 6 right again", nil, 6, 3, 3},
		{"round 8 hold again", nil, 8, 0, 0},
		{"cards_passed=1", []string{"cards_passed=1"}, 1, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := hearts(t, tt.sets...)
			s := rotatedDeal(t, g, tt.round, 0) // seat 0 holds the two of clubs
			var dealt [4][]string
			for p := range 4 {
				dealt[p] = zoneCards(t, s, "hand", p)
			}
			if tt.shift == 0 {
				if phaseOf(s) != "playing" || s.turn != 0 {
					t.Fatalf("round %d of holding: phase %s, seat %d to move; want play at once, led by seat 0 (two of clubs)", tt.round, phaseOf(s), s.turn)
				}
				if got := legalCards(t, s, "play"); !slices.Equal(got, hc("2C")) {
					t.Errorf("round %d of holding: seat 0 may play %v; want the two of clubs", tt.round, got)
				}
				for p := range 4 {
					if got := zoneCards(t, s, "hand", p); !slices.Equal(got, dealt[p]) {
						t.Errorf("round %d of holding: seat %d's hand changed", tt.round, p)
					}
				}
				return
			}
			if phaseOf(s) != "passing" || s.turn != 0 {
				t.Fatalf("round %d: phase %s, seat %d to move; want passing, seat 0 first", tt.round, phaseOf(s), s.turn)
			}
			var chosen [4][]string
			for p := range 4 {
				for j := range tt.passed {
					if s.turn != p || phaseOf(s) != "passing" {
						t.Fatalf("after %d cards of seat %d chosen, seat %d is to move in phase %s; want seat %d to choose %d cards", j, p, s.turn, phaseOf(s), p, tt.passed)
					}
					legal := legalCards(t, s, "pass_card")
					if want := len(dealt[p]) - j; len(legal) != want {
						t.Fatalf("seat %d may choose from %d cards; want the %d left in the hand", p, len(legal), want)
					}
					// The first card of the pack seat p holds: seat 0
					// passes the two of clubs.
					act(t, s, "pass_card", legal[0])
					chosen[p] = append(chosen[p], legal[0])
				}
				if p == 3 {
					break
				}
				// Nothing is passed until every player has chosen.
				for q := range 4 {
					want := slices.DeleteFunc(slices.Clone(dealt[q]), func(id string) bool { return slices.Contains(chosen[q], id) })
					if got := zoneCards(t, s, "hand", q); !slices.Equal(got, want) {
						t.Fatalf("after seat %d has chosen, seat %d holds %v; want %v: the cards pass only once every player has chosen", p, q, got, want)
					}
					if got := zoneCards(t, s, "chosen", q); !slices.Equal(got, chosen[q]) {
						t.Fatalf("after seat %d has chosen, seat %d's chosen cards are %v; want %v", p, q, got, chosen[q])
					}
				}
			}
			for p := range 4 {
				to := (p + tt.shift) % 4
				from := (p + 4 - tt.shift) % 4
				want := slices.DeleteFunc(slices.Clone(dealt[p]), func(id string) bool { return slices.Contains(chosen[p], id) })
				want = inPackOrder(t, g, append(want, chosen[from]...))
				if got := inPackOrder(t, g, zoneCards(t, s, "hand", p)); !slices.Equal(got, want) {
					t.Errorf("seat %d holds %v after passing; want its own cards but those chosen, and seat %d's %v", p, got, from, chosen[from])
				}
				for _, id := range chosen[p] {
					if !slices.Contains(zoneCards(t, s, "hand", to), id) {
						t.Errorf("seat %d passed %s, which is not in seat %d's hand", p, id, to)
					}
				}
				if c := zoneCards(t, s, "chosen", p); len(c) != 0 {
					t.Errorf("seat %d still has chosen cards %v after passing", p, c)
				}
			}
			// §first_trick: seat 0 passed the two of clubs; its new
			// holder leads it.
			if phaseOf(s) != "playing" || s.turn != tt.shift {
				t.Fatalf("after passing: phase %s, seat %d to move; want playing, led by seat %d, who received the two of clubs", phaseOf(s), s.turn, tt.shift)
			}
			if got := legalCards(t, s, "play"); !slices.Equal(got, hc("2C")) {
				t.Errorf("after passing seat %d may play %v; want only the two of clubs", s.turn, got)
			}
		})
	}
}

// TestHeartsPassingHidden checks §passing: the chosen cards lie face down,
// and nobody may look at the cards passed to them before they have chosen
// their own: another seat sees only how many cards a player has chosen.
func TestHeartsPassingHidden(t *testing.T) {
	g := hearts(t)
	s := rotatedDeal(t, g, 1, 0)
	var chosen [4][]string
	for p := range 3 {
		for range 3 {
			id := legalCards(t, s, "pass_card")[0]
			act(t, s, "pass_card", id)
			chosen[p] = append(chosen[p], id)
			for viewer := range 4 {
				v := observe(s, viewer).SeatZones[p]["chosen"]
				if v.Count != len(chosen[p]) {
					t.Errorf("seat %d sees %d chosen cards of seat %d; want %d", viewer, v.Count, p, len(chosen[p]))
				}
				if viewer == p && !slices.Equal(v.Cards, chosen[p]) {
					t.Errorf("seat %d sees its chosen cards as %v; want %v", p, v.Cards, chosen[p])
				}
				if viewer != p && v.Cards != nil {
					t.Errorf("seat %d sees the cards seat %d chose: %v", viewer, p, v.Cards)
				}
			}
		}
	}
}

// ---- §first_trick ---------------------------------------------------------

// TestHeartsFirstLead checks §first_trick: in each round, the player who
// holds the two of clubs leads it to the first trick, and may lead
// nothing else.
func TestHeartsFirstLead(t *testing.T) {
	g := hearts(t)
	for holder := range 4 {
		t.Run(fmt.Sprint("two of clubs with seat ", holder), func(t *testing.T) {
			s := rotatedDeal(t, g, 4, holder) // a round of holding: play starts at once
			if s.turn != holder {
				t.Fatalf("seat %d leads; want seat %d, who holds the two of clubs", s.turn, holder)
			}
			if got := legalCards(t, s, "play"); !slices.Equal(got, hc("2C")) {
				t.Errorf("seat %d may lead %v; want only the two of clubs", holder, got)
			}
		})
	}
}

// TestHeartsFirstTrickDiscards checks §first_trick (and §play, which it
// makes an exception to): on the first trick, a player who cannot follow
// suit may not play a heart or the queen of spades unless all the cards in
// their hand are hearts or the queen of spades; with first_trick_points
// they may; after the first trick a player who cannot follow suit may play
// any card.
func TestHeartsFirstTrickDiscards(t *testing.T) {
	tests := []struct {
		name   string
		sets   []string
		trick  string
		tricks int
		hand   string
		want   string
	}{
		{"void: no heart, no queen of spades", nil, "2C", 0, "QS 5H AH 3D KS", "3D KS"},
		{"void: no heart, a spade but the queen", nil, "2C", 0, "QS 2H 2S", "2S"},
		{"void, only hearts and the queen", nil, "2C", 0, "QS 5H AH", "QS 5H AH"},
		{"void, only hearts", nil, "2C", 0, "5H AH", "5H AH"},
		{"void, only the queen", nil, "2C 3D", 0, "QS", "QS"},
		{"holding clubs: follow suit", nil, "2C", 0, "3C QS 5H 3D", "3C"},
		{"third to play, void", nil, "2C AC", 0, "QS 5H 3D", "3D"},
		{"first_trick_points=true", []string{"first_trick_points=true"}, "2C", 0, "QS 5H 3D KS", "QS 5H 3D KS"},
		{"after the first trick, void: any card", nil, "4C", 1, "QS 5H 3D", "QS 5H 3D"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := hearts(t, tt.sets...)
			var hands [4]string
			hands[len(hc(tt.trick))] = tt.hand
			s := heartsPos{hands: hands, trick: tt.trick, leader: 0, tricks: tt.tricks}.build(t, g)
			got := legalCards(t, s, "play")
			if want := inPackOrder(t, g, hc(tt.want)); !slices.Equal(got, want) {
				t.Errorf("trick %s, hand %s: legal %v; want %v", tt.trick, tt.hand, got, want)
			}
		})
	}
}

// ---- §play ----------------------------------------------------------------

// TestHeartsFollowSuit checks §play: every player must play a card of the
// suit that was led (the trick's first card) if they have one; a player
// who has none may play any card.
func TestHeartsFollowSuit(t *testing.T) {
	tests := []struct {
		name  string
		trick string
		hand  string
		want  string
	}{
		{"diamonds led", "4D", "2D KD 3C QS AH", "2D KD"},
		{"hearts led", "4H", "2H 3C AS", "2H"},
		{"spades led, the queen among them", "4S", "QS 3S 2H 3C", "3S QS"},
		{"the suit led, not the last card's", "4D AC", "3C 5D", "5D"},
		{"the suit led, third card", "4D AC 9D", "3C KC 5D 7D", "5D 7D"},
		{"void: any card", "4C", "2D QS AH", "2D QS AH"},
	}
	g := hearts(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hands [4]string
			leader := 2
			hands[(leader+len(hc(tt.trick)))%4] = tt.hand
			s := heartsPos{hands: hands, trick: tt.trick, leader: leader, tricks: 4, broken: true}.build(t, g)
			got := legalCards(t, s, "play")
			if want := inPackOrder(t, g, hc(tt.want)); !slices.Equal(got, want) {
				t.Errorf("trick %s, hand %s: legal %v; want %v", tt.trick, tt.hand, got, want)
			}
		})
	}
}

// TestHeartsTrickWinner checks §play: the players play clockwise from the
// leader; the highest card of the suit led wins the trick, a card of
// another suit never does, whatever its rank; the winner puts the trick
// on their trick pile and leads the next trick.
func TestHeartsTrickWinner(t *testing.T) {
	tests := []struct {
		name   string
		leader int
		hands  [4]string // the first card of each is played to the trick
		winner int
	}{
		{"highest of the suit led", 2, [4]string{"3D 4C", "AD 5C", "5D 2C", "KD 3C"}, 1},
		{"a higher card of another suit does not win", 1, [4]string{"AC 5C", "2S 2C", "AH 3C", "3S 4C"}, 3},
		{"nobody follows: the leader's deuce wins", 0, [4]string{"2D 2C", "AS 3C", "AC 4C", "AH 5C"}, 0},
		{"jack over ten over nine", 3, [4]string{"10S 3C", "JS 4C", "8S 5C", "9S 2C"}, 1},
		{"ace over king, queen and jack", 0, [4]string{"KH 2C", "AH 3C", "QH 4C", "JH 5C"}, 1},
		{"the leader's ace", 1, [4]string{"KD 3C", "AD 4C", "QD 5C", "2S 2C"}, 1},
	}
	g := hearts(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := heartsPos{hands: tt.hands, leader: tt.leader, tricks: 3, broken: true}.build(t, g)
			var trick []string
			for i := range 4 {
				p := (tt.leader + i) % 4
				if s.turn != p {
					t.Fatalf("seat %d is to play card %d of the trick; want seat %d, clockwise from the leader %d", s.turn, i+1, p, tt.leader)
				}
				id := hc(tt.hands[p])[0]
				act(t, s, "play", id)
				trick = append(trick, id)
			}
			if s.turn != tt.winner {
				t.Errorf("seat %d leads the next trick; want seat %d, who won the trick", s.turn, tt.winner)
			}
			for p := range 4 {
				got := zoneCards(t, s, "won", p)
				want := []string(nil)
				if p == tt.winner {
					want = trick
				}
				if !slices.Equal(inPackOrder(t, g, got), inPackOrder(t, g, want)) {
					t.Errorf("seat %d's trick pile is %v; want %v", p, got, want)
				}
			}
			if c := zoneCards(t, s, "trick", 0); len(c) != 0 {
				t.Errorf("the trick still holds %v once won", c)
			}
			if n := getVar(t, s, "tricks", 0); n != 4 {
				t.Errorf("%d tricks won this round; want 4", n)
			}
			// The winner leads: any card of their hand (hearts are broken).
			if got, want := legalCards(t, s, "play"), inPackOrder(t, g, zoneCards(t, s, "hand", tt.winner)); !slices.Equal(got, want) {
				t.Errorf("the winner may lead %v; want their hand %v", got, want)
			}
		})
	}
}

// ---- §hearts_broken -------------------------------------------------------

// TestHeartsLeadHearts checks §hearts_broken: until hearts are broken
// nobody may lead a heart, unless they hold only hearts; once broken, or
// with lead_hearts_unbroken, a heart may be led.
func TestHeartsLeadHearts(t *testing.T) {
	tests := []struct {
		name   string
		sets   []string
		broken bool
		hand   string
		want   string
	}{
		{"unbroken: no heart", nil, false, "2H 5H 3C KS", "3C KS"},
		{"unbroken: only hearts", nil, false, "2H 5H", "2H 5H"},
		{"unbroken: hearts and the queen of spades", nil, false, "2H QS", "QS"},
		{"broken", nil, true, "2H 5H 3C", "3C 2H 5H"},
		{"lead_hearts_unbroken=true", []string{"lead_hearts_unbroken=true"}, false, "2H 3C", "3C 2H"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := hearts(t, tt.sets...)
			s := heartsPos{hands: [4]string{1: tt.hand}, leader: 1, tricks: 2, broken: tt.broken}.build(t, g)
			got := legalCards(t, s, "play")
			if want := inPackOrder(t, g, hc(tt.want)); !slices.Equal(got, want) {
				t.Errorf("hand %s, broken %v: may lead %v; want %v", tt.hand, tt.broken, got, want)
			}
		})
	}
}

// TestHeartsBreakingHearts checks §hearts_broken: hearts are broken as
// soon as a heart or the queen of spades has been played to a trick, be
// it led or discarded; no other card breaks them. Once broken, the next
// leader may lead a heart.
func TestHeartsBreakingHearts(t *testing.T) {
	tests := []struct {
		name  string
		hands [4]string
		play  string // the cards played, from seat 0; the last breaks hearts or not
		broke bool
		next  string // what the winner of the trick may then lead
	}{
		{"a heart discarded", [4]string{"3C 4D", "5H 6D", "4C 7D", "5C 2H 8D"}, "3C 5H", true, "2H 8D"},
		{"the queen of spades discarded", [4]string{"3C 4D", "QS 6D", "4C 7D", "5C 2H 8D"}, "3C QS", true, "2H 8D"},
		{"a heart led by a player holding only hearts", [4]string{"2H 3H", "4H 6D", "5H 6H 7D", "2S 8D 9D"}, "2H", true, "6H 7D"},
		{"another card discarded", [4]string{"3C 4D", "6D 7S", "4C 7D", "5C 2H 8D"}, "3C 6D", false, "8D"},
		{"the king of spades discarded", [4]string{"3C 4D", "KS 6D", "4C 7D", "5C 2H 8D"}, "3C KS", false, "8D"},
	}
	g := hearts(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := heartsPos{hands: tt.hands, leader: 0, tricks: 2}.build(t, g)
			playCards(t, s, tt.play)
			if got := getVar(t, s, "hearts_broken", 0) != 0; got != tt.broke {
				t.Fatalf("after %s, hearts broken %v; want %v", tt.play, got, tt.broke)
			}
			// Finish the trick with each seat's first card.
			for len(zoneCards(t, s, "trick", 0)) > 0 {
				act(t, s, "play", legalCards(t, s, "play")[0])
			}
			if got, want := legalCards(t, s, "play"), inPackOrder(t, g, hc(tt.next)); !slices.Equal(got, want) {
				t.Errorf("seat %d may then lead %v; want %v", s.turn, got, want)
			}
		})
	}
}

// ---- §scoring, §moon, §scoring_examples, §end -----------------------------

// TestHeartsScoring checks §scoring and §moon: at the end of each round
// each player adds the points in their trick pile to their total (each
// heart heart_points, the queen of spades queen_points, other cards none);
// a player who took all 13 hearts and the queen of spades scores nothing
// and each other player moon_points.
func TestHeartsScoring(t *testing.T) {
	tests := []struct {
		name   string
		sets   []string
		pre    [4]int64
		won    [4]string
		last   [4]string // the last trick's cards; by default clubs won by seat 3
		leader int
		want   [4]int64
	}{
		{"hearts and the queen", nil, [4]int64{}, [4]string{"2H 3H 2D", "QS 7C", "KD", "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}, [4]string{}, 0, [4]int64{2, 13, 0, 11}},
		{"added to the totals", nil, [4]int64{10, 20, 30, 40}, [4]string{"2H 3H", "QS", "", "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}, [4]string{}, 0, [4]int64{12, 33, 30, 51}},
		{"the last trick's points go to its winner", nil, [4]int64{}, [4]string{"3H 4H 5H", "6H 7H 8H 9H", "10H JH QH KH AH", ""}, [4]string{"3C", "QS", "2H", "4C"}, 0, [4]int64{3, 4, 5, 14}},
		{"all hearts but not the queen: no moon", nil, [4]int64{}, [4]string{allHearts, "QS", "", ""}, [4]string{}, 0, [4]int64{13, 13, 0, 0}},
		{"the queen and 12 hearts: no moon", nil, [4]int64{}, [4]string{"QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "", "AH", ""}, [4]string{}, 0, [4]int64{25, 0, 1, 0}},
		{"moon", nil, [4]int64{5, 6, 7, 8}, [4]string{"", "", allHearts + " QS", ""}, [4]string{}, 0, [4]int64{31, 32, 7, 34}},
		{"moon, with the last trick", nil, [4]int64{}, [4]string{"", "", "", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"}, [4]string{"3C", "QS", "AH", "4C"}, 0, [4]int64{26, 26, 26, 0}},
		{"heart_points=2", []string{"heart_points=2"}, [4]int64{}, [4]string{"2H 3H", "QS", "", "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}, [4]string{}, 0, [4]int64{4, 13, 0, 22}},
		{"queen_points=10", []string{"queen_points=10"}, [4]int64{}, [4]string{"2H 3H", "QS", "", "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}, [4]string{}, 0, [4]int64{2, 10, 0, 11}},
		{"moon_points=30", []string{"moon_points=30"}, [4]int64{}, [4]string{"", allHearts + " QS", "", ""}, [4]string{}, 0, [4]int64{30, 0, 30, 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := hearts(t, tt.sets...)
			s := lastTrick(t, g, tt.pre, tt.won, tt.last, tt.leader)
			playLastTrick(t, s)
			if got := totals(t, s); got != tt.want {
				t.Errorf("totals %v; want %v", got, tt.want)
			}
			if s.IsTerminal() {
				t.Fatal("the game is over; want the next round")
			}
			if r := getVar(t, s, "rounds", 0); r != 2 {
				t.Errorf("round %d after the first round; want 2", r)
			}
		})
	}
}

// TestHeartsScoringExamples plays both examples of §scoring_examples:
// Anna (seat 0) takes 4 hearts, Ben the queen of spades and 2 hearts,
// Clara 7 hearts, Daniel neither; in the next round Clara shoots the
// moon.
func TestHeartsScoringExamples(t *testing.T) {
	tests := []struct {
		name  string
		sets  []string
		first [4]int64 // the first round's scores
		moon  [4]int64 // the second round's
	}{
		{"as printed", nil, [4]int64{4, 15, 7, 0}, [4]int64{26, 26, 0, 26}},
		{"heart_points=2", []string{"heart_points=2"}, [4]int64{8, 17, 14, 0}, [4]int64{26, 26, 0, 26}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := hearts(t, tt.sets...)
			won := [4]string{"2H 3H 4H 5H 7D 8D", "QS 6H 7H", "8H 9H 10H JH QH KH AH", "AD KD QD JD"}
			s := lastTrick(t, g, [4]int64{}, won, [4]string{}, 0)
			playLastTrick(t, s)
			first := totals(t, s)
			if first != tt.first {
				t.Errorf("first example: Anna, Ben, Clara and Daniel score %v; want %v", first, tt.first)
			}
			won = [4]string{"2D", "3D", allHearts + " QS", "4D"}
			s = lastTrick(t, g, first, won, [4]string{}, 2)
			playLastTrick(t, s)
			got := totals(t, s)
			var moon [4]int64
			for p := range got {
				moon[p] = got[p] - first[p]
			}
			if moon != tt.moon {
				t.Errorf("second example, Clara shoots the moon: they score %v; want %v", moon, tt.moon)
			}
		})
	}
}

// TestHeartsScoredAtRoundEnd checks §scoring and §end: points count at the
// end of the round, once all its tricks have been played, and the game
// ends only after the round in which a total reaches end_score, not when
// a trick is taken.
func TestHeartsScoredAtRoundEnd(t *testing.T) {
	g := hearts(t)
	s := heartsPos{
		hands:  [4]string{"AS 3C", "QS 4C", "2S 5C", "3S 6C"},
		leader: 0, tricks: 11, broken: true,
		won:   [4]string{"", allHearts, "", ""},
		score: [4]int64{95, 0, 0, 0},
	}.build(t, g)
	playCards(t, s, "AS QS 2S 3S") // seat 0 takes the queen of spades
	if got := totals(t, s); got != [4]int64{95, 0, 0, 0} || s.IsTerminal() {
		t.Fatalf("after the 12th trick: totals %v, over %v; want no points counted and the round going on", got, s.IsTerminal())
	}
	if s.turn != 0 || getVar(t, s, "tricks", 0) != 12 {
		t.Fatalf("after the 12th trick seat %d leads, %d tricks won; want seat 0, 12", s.turn, getVar(t, s, "tricks", 0))
	}
	playCards(t, s, "3C 4C 5C 6C")
	if got, want := totals(t, s), [4]int64{108, 13, 0, 0}; got != want {
		t.Errorf("after the 13th trick: totals %v; want %v", got, want)
	}
	if !s.IsTerminal() {
		t.Error("seat 0's total reached 108 at the end of the round; want the game over")
	}
}

// TestHeartsNextRound checks §setup and §first_trick across rounds: once a
// round is scored and the game goes on, the pack is dealt again (13 cards
// each, trick piles emptied), the passing moves on to the right (§passing),
// and the holder of the two of clubs leads it again.
func TestHeartsNextRound(t *testing.T) {
	g := hearts(t)
	s := lastTrick(t, g, [4]int64{}, [4]string{"2H 3H", "QS", "", "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}, [4]string{}, 0)
	playLastTrick(t, s)
	drawAll(t, s)
	if r := getVar(t, s, "rounds", 0); r != 2 || phaseOf(s) != "passing" {
		t.Fatalf("round %d, phase %s; want round 2, passing", r, phaseOf(s))
	}
	if d := zoneCards(t, s, "deck", 0); len(d) != 0 {
		t.Errorf("the deck holds %d cards after the deal", len(d))
	}
	var dealt, chosen [4][]string
	for p := range 4 {
		dealt[p] = zoneCards(t, s, "hand", p)
		if len(dealt[p]) != 13 {
			t.Errorf("seat %d holds %d cards; want 13", p, len(dealt[p]))
		}
		if w := zoneCards(t, s, "won", p); len(w) != 0 {
			t.Errorf("seat %d's trick pile holds %v at the start of a round", p, w)
		}
	}
	for p := range 4 {
		for range 3 {
			id := legalCards(t, s, "pass_card")[0]
			act(t, s, "pass_card", id)
			chosen[p] = append(chosen[p], id)
		}
	}
	holder := -1
	for p := range 4 {
		hand := zoneCards(t, s, "hand", p)
		for _, id := range chosen[(p+1)%4] {
			if !slices.Contains(hand, id) {
				t.Errorf("round 2: seat %d passed %s, which is not in seat %d's hand (to the right)", (p+1)%4, id, p)
			}
		}
		if slices.Contains(hand, "two_of_clubs") {
			holder = p
		}
	}
	if s.turn != holder {
		t.Errorf("seat %d leads; want seat %d, who holds the two of clubs", s.turn, holder)
	}
	if got := legalCards(t, s, "play"); !slices.Equal(got, hc("2C")) {
		t.Errorf("the first lead of round 2 may be %v; want only the two of clubs", got)
	}
}

// TestHeartsEnd checks §end: the game ends after the round in which a
// player's total reaches end_score or more; the lowest total wins, and
// players who share it share the victory (the returns are the totals,
// negated).
func TestHeartsEnd(t *testing.T) {
	tests := []struct {
		name    string
		sets    []string
		pre     [4]int64
		won     [4]string
		over    bool
		totals  [4]int64
		winners []int
	}{
		{"reaches end_score", nil, [4]int64{90, 40, 50, 60}, [4]string{"2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH KH AH", "", "QS"}, true, [4]int64{100, 43, 50, 73}, []int{1}},
		{"passes end_score", nil, [4]int64{95, 40, 50, 60}, [4]string{"2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH KH AH", "", "QS"}, true, [4]int64{105, 43, 50, 73}, []int{1}},
		{"below end_score: the game goes on", nil, [4]int64{89, 40, 50, 60}, [4]string{"2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH KH AH", "", "QS"}, false, [4]int64{99, 43, 50, 73}, nil},
		{"a tie for the lowest total", nil, [4]int64{90, 40, 43, 60}, [4]string{"2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH KH AH", "", "QS"}, true, [4]int64{100, 43, 43, 73}, []int{1, 2}},
		{"the moon ends it", nil, [4]int64{80, 10, 20, 30}, [4]string{"", allHearts + " QS", "", ""}, true, [4]int64{106, 10, 46, 56}, []int{1}},
		{"end_score=50", []string{"end_score=50"}, [4]int64{40, 0, 0, 0}, [4]string{"2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH KH AH", "", "QS"}, true, [4]int64{50, 3, 0, 13}, []int{2}},
		{"end_score=50, below", []string{"end_score=50"}, [4]int64{39, 0, 0, 0}, [4]string{"2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "QH KH AH", "", "QS"}, false, [4]int64{49, 3, 0, 13}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := hearts(t, tt.sets...)
			s := lastTrick(t, g, tt.pre, tt.won, [4]string{}, 0)
			playLastTrick(t, s)
			if got := totals(t, s); got != tt.totals {
				t.Errorf("totals %v; want %v", got, tt.totals)
			}
			if s.IsTerminal() != tt.over {
				t.Fatalf("over %v; want %v", s.IsTerminal(), tt.over)
			}
			if !tt.over {
				if s.CurrentPlayer() != engine.Chance || getVar(t, s, "rounds", 0) != 2 {
					t.Errorf("the game goes on, but round 2 is not being dealt (round %d, seat %d to move)", getVar(t, s, "rounds", 0), s.CurrentPlayer())
				}
				return
			}
			ret := s.Returns()
			for p := range 4 {
				if ret[p] != float64(-tt.totals[p]) {
					t.Errorf("returns %v; want the totals %v negated", ret, tt.totals)
					break
				}
			}
			if got := engine.Winners(ret); !slices.Equal(got, tt.winners) {
				t.Errorf("winners %v; want %v, the lowest total", got, tt.winners)
			}
		})
	}
}

// TestHeartsPointsDoNotNameTheCards checks that the rules of §first_trick,
// §hearts_broken and §moon, which the rulebook states of the hearts and
// the queen of spades themselves, still hold when --set gives those cards
// no points (heart_points=0 or queen_points=0): the rulebook's text does
// not change with the points.
func TestHeartsPointsDoNotNameTheCards(t *testing.T) {
	t.Run("first trick", func(t *testing.T) {
		// §first_trick: a player who cannot follow suit may not play a
		// heart or the queen of spades to the first trick.
		for _, set := range []string{"heart_points=0", "queen_points=0"} {
			g := hearts(t, set)
			s := heartsPos{hands: [4]string{1: "QS 5H 3D"}, trick: "2C", leader: 0}.build(t, g)
			if got, want := legalCards(t, s, "play"), hc("3D"); !slices.Equal(got, want) {
				t.Errorf("%s: void of clubs on the first trick, may play %v; want %v", set, got, want)
			}
		}
	})
	t.Run("hearts broken", func(t *testing.T) {
		// §hearts_broken: a heart or the queen of spades played breaks
		// hearts.
		for _, tt := range []struct{ set, card string }{{"heart_points=0", "5H"}, {"queen_points=0", "QS"}} {
			g := hearts(t, tt.set)
			s := heartsPos{hands: [4]string{"3C 4D", tt.card + " 6D", "4C 7D", "5C 8D"}, leader: 0, tricks: 2}.build(t, g)
			playCards(t, s, "3C "+tt.card)
			if getVar(t, s, "hearts_broken", 0) == 0 {
				t.Errorf("%s: %s played, hearts are not broken", tt.set, tt.card)
			}
		}
	})
	t.Run("moon", func(t *testing.T) {
		// §moon: only a player who took all 13 hearts and the queen of
		// spades shoots the moon.
		for _, tt := range []struct {
			set  string
			won  [4]string
			want [4]int64
		}{
			{"heart_points=0", [4]string{allHearts, "QS", "", ""}, [4]int64{0, 13, 0, 0}},
			{"queen_points=0", [4]string{allHearts, "QS", "", ""}, [4]int64{13, 0, 0, 0}},
		} {
			g := hearts(t, tt.set)
			s := lastTrick(t, g, [4]int64{}, tt.won, [4]string{}, 0)
			playLastTrick(t, s)
			if got := totals(t, s); got != tt.want {
				t.Errorf("%s: seat 0 took every heart, seat 1 the queen: totals %v; want %v", tt.set, got, tt.want)
			}
		}
	})
}
