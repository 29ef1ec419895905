package warlock

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
)

func shipped(t testing.TB) *Rules {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	r, err := NewRules(games.Game("warlock"))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// conserved checks that every card is in exactly one place.
func (s *State) conserved() error {
	nd := len(s.r.Designs)
	var n [maxDesigns]int
	add := func(c *counts) {
		for d := range nd {
			n[d] += int(c[d])
		}
	}
	for _, d := range s.draw {
		n[d]++
	}
	for _, d := range s.discard {
		n[d]++
	}
	add(&s.bar)
	bar := 0
	for d := range nd {
		bar += int(s.bar[d])
	}
	if bar != s.nBar {
		return fmt.Errorf("bar holds %d cards, counted %d", bar, s.nBar)
	}
	dragons, ruins := s.dragons, s.ruins
	for i := range s.n {
		p := &s.seats[i]
		for _, z := range []*counts{&p.hand, &p.mine, &p.dungeon, &p.castle, &p.bid, &p.bidAlt} {
			add(z)
		}
		h, m, dn := 0, 0, 0
		for d := range nd {
			h += int(p.hand[d])
			m += int(p.mine[d])
			dn += int(p.dungeon[d])
		}
		if h != p.nHand || m != p.nMine || dn != p.nDungeon {
			return fmt.Errorf("player %d: sizes %d/%d/%d, counted %d/%d/%d", i, p.nHand, p.nMine, p.nDungeon, h, m, dn)
		}
		var kinds counts
		for d := range nd {
			kinds[s.r.kind[d]] += p.dungeon[d]
		}
		if kinds != p.kinds {
			return fmt.Errorf("player %d: dungeon kinds %v, counted %v", i, p.kinds, kinds)
		}
		var occM, drM, ruM uint64
		for f := range s.fields() {
			switch c := p.empire[f]; {
			case c == dragon:
				drM |= 1 << f
			case c == ruin:
				ruM |= 1 << f
			}
			if p.empire[f] != empty {
				occM |= 1 << f
			}
		}
		if occM != p.occ || drM != p.dragonM || ruM != p.ruinM {
			return fmt.Errorf("player %d: field masks %x/%x/%x, counted %x/%x/%x", i, p.occ, p.dragonM, p.ruinM, occM, drM, ruM)
		}
		for j := range p.nAside {
			n[p.aside[j]]++
		}
		occ, dr, ru := 0, 0, 0
		for f := range s.fields() {
			switch c := p.empire[f]; c {
			case empty:
				continue
			case dragon:
				dragons++
				dr++
			case ruin:
				ruins++
				ru++
			default:
				n[c.design()]++
			}
			occ++
		}
		if occ != p.occupied || dr != p.dragons || ru != p.ruins {
			return fmt.Errorf("player %d: %d fields and %d dragons, counted %d and %d", i, p.occupied, p.dragons, occ, dr)
		}
		if dr > s.r.Params.MaxDragons || occ > s.r.Params.MaxCities {
			return fmt.Errorf("player %d: %d fields, %d dragons", i, occ, dr)
		}
	}
	if s.step == stField || s.step == stPay {
		n[s.bld.design]++
	}
	for d, des := range s.r.Designs {
		if n[d] != des.Copies {
			return fmt.Errorf("design %s: %d cards, want %d", des.ID, n[d], des.Copies)
		}
	}
	if dragons != s.r.Dragons || ruins != s.r.Ruins {
		return fmt.Errorf("%d dragons and %d ruins, want %d and %d", dragons, ruins, s.r.Dragons, s.r.Ruins)
	}
	return nil
}

// playChecked plays a random game, checking the invariants after every
// action, and returns the actions played.
func playChecked(t *testing.T, r *Rules, players int, seed uint64, deep bool) ([]engine.Action, *State) {
	t.Helper()
	s, err := r.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed + 7)
	var legal, again []engine.Action
	var hist []engine.Action
	for step := 0; !s.IsTerminal(); step++ {
		if step > 5000 {
			t.Fatalf("seed %d: no end after %d actions", seed, step)
		}
		if err := s.conserved(); err != nil {
			t.Fatalf("seed %d, action %d (%s): %v", seed, step, stepName(s.step), err)
		}
		legal = s.LegalActions(legal)
		if len(legal) == 0 {
			t.Fatalf("seed %d, action %d (%s): no legal action", seed, step, stepName(s.step))
		}
		if !slices.IsSorted(legal) || len(slices.Compact(slices.Clone(legal))) != len(legal) {
			t.Fatalf("seed %d: legal actions not sorted and unique: %v", seed, legal)
		}
		if deep {
			again = s.LegalActions(again)
			if !slices.Equal(legal, again) {
				t.Fatalf("seed %d: legal actions differ between calls", seed)
			}
		}
		var h uint64
		if deep {
			h = s.Hash()
		}
		// Actions that are not legal are refused and change nothing.
		for range 2 {
			x := engine.Action(rng.IntN(r.NumActions()+2) - 1)
			if _, found := slices.BinarySearch(legal, x); found {
				continue
			}
			if err := s.Apply(x); err == nil {
				t.Fatalf("seed %d: illegal action %d accepted at %s", seed, x, stepName(s.step))
			}
			if deep && s.Hash() != h {
				t.Fatalf("seed %d: a refused action changed the state", seed)
			}
		}
		a := legal[rng.IntN(len(legal))]
		if deep {
			// Apply accepts exactly the legal actions.
			for x := range engine.Action(r.NumActions()) {
				m, _ := r.Decode(x)
				if _, in := slices.BinarySearch(legal, x); s.legal(m) != in {
					t.Fatalf("seed %d, %s: action %d (%+v) listed %v, accepted %v", seed, stepName(s.step), x, m, in, !in)
				}
			}
			if name := s.ActionString(a, "en"); name == "" || name[0] == 'a' && len(name) > 7 && name[:7] == "action." {
				t.Fatalf("seed %d: action %d has no name (%q)", seed, a, name)
			}
			c := s.clone()
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			if s.Hash() != h {
				t.Fatalf("seed %d: applying to a clone changed the original", seed)
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("seed %d: legal action %d refused: %v", seed, a, err)
		}
		hist = append(hist, a)
	}
	if err := s.conserved(); err != nil {
		t.Fatalf("seed %d, at the end: %v", seed, err)
	}
	if len(s.LegalActions(legal)) != 0 {
		t.Fatalf("seed %d: legal actions after the end", seed)
	}
	return hist, s
}

func TestRandomGames(t *testing.T) {
	r := shipped(t)
	games := 10000
	if testing.Short() {
		games = 300
	}
	for players := r.Players.Min; players <= r.Players.Max; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			for i := range games {
				seed := engine.Seed(uint64(players), i)
				deep := i%50 == 0
				hist, s := playChecked(t, r, players, seed, deep)
				if deep {
					// Same seed, same actions: the same game.
					again, err := r.NewState(players, seed)
					if err != nil {
						t.Fatal(err)
					}
					for _, a := range hist {
						if err := again.Apply(a); err != nil {
							t.Fatalf("seed %d: replay: %v", seed, err)
						}
					}
					if again.Hash() != s.Hash() {
						t.Fatalf("seed %d: replay ends in another state", seed)
					}
				}
			}
		})
	}
}
