package warlock

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
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
	add(&s.draw)
	drawn := 0
	for d := range nd {
		drawn += int(s.draw[d])
	}
	if drawn != s.nDraw {
		return fmt.Errorf("draw pile holds %d cards, counted %d", drawn, s.nDraw)
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
	if s.building() {
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

// checker plays random Warlock games with the invariants every engine
// keeps and conservation of the cards.
func checker(r *Rules) *enginetest.Checker[*State] {
	return &enginetest.Checker[*State]{
		New:        r.NewState,
		Invariants: (*State).conserved,
		Step:       func(s *State) string { return stepName(s.step) },
		Actions:    r.NumActions(),
		MaxActions: 5000,
		Languages:  r.game.Languages,
		Redeal:     (*State).Redeal,
		Deep: func(t testing.TB, s *State, legal []engine.Action) {
			// Apply accepts exactly the legal actions, by the game's
			// numbers.
			for x := range engine.Action(r.NumActions()) {
				m, ok := s.Decode(x)
				if _, in := slices.BinarySearch(legal, x); (ok && s.legal(m)) != in {
					t.Fatalf("%s: action %d (%+v) listed %v, accepted %v", stepName(s.step), x, m, in, !in)
				}
			}
			// Every action the engine may play has a game number.
			for _, a := range s.ownLegal(nil) {
				if s.game(a) < 0 {
					m, _ := r.decode(a)
					t.Fatalf("%s: own action %d (%+v) has no game number", stepName(s.step), a, m)
				}
			}
		},
	}
}

func TestRandomGames(t *testing.T) {
	r := shipped(t)
	// 300 games a player count reach every kind of decision at every
	// step within their first hundred.
	games := longtest.Size(300, 10000)
	checker(r).Games(t, r.Players.Min, r.Players.Max, games, 50, nil)
}
