package warriors

import (
	"fmt"
	"testing"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/enginetest"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// shipped builds the rules of the shipped game, in a variant ("" for the
// base game).
func shipped(t testing.TB, variant string) *Rules {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warriors"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	g, err := games.Game("warriors").Play(variant)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRules(g)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// conserved checks that every card is in exactly one place.
func (s *State) conserved() error {
	r := s.r
	nd := len(r.Designs)
	var n [maxDesigns]int
	add := func(c []int8) {
		for d := range nd {
			n[d] += int(c[d])
		}
	}
	add(s.deck[:])
	add(s.discard[:])
	add(s.removed[:])
	add(s.aside[:])
	deckN := 0
	for d := range nd {
		deckN += int(s.deck[d])
	}
	if deckN != s.deckN {
		return fmt.Errorf("draw pile count %d, holds %d", s.deckN, deckN)
	}
	for i := range s.n {
		p := &s.seats[i]
		add(p.hand[:])
		add(p.chosen[:])
		add(p.pile[:])
		hand := 0
		for d := range nd {
			hand += int(p.hand[d])
		}
		if hand != int(p.handN) {
			return fmt.Errorf("seat %d: hand count %d, holds %d", i, p.handN, hand)
		}
		for q := range r.Peoples {
			for t := range troops {
				if p.faction[q][t] < 0 {
					return fmt.Errorf("seat %d: faction %s troop %d is negative", i, r.Peoples[q], t)
				}
				n[r.warrior[q][t]] += int(p.faction[q][t])
			}
			if p.wizards[q] > 0 {
				n[r.wizard] += int(p.wizards[q])
			}
		}
		n[max(r.wizard, 0)] += int(p.wizardsDue)
		for _, f := range p.dragons {
			if f >= 0 {
				n[r.dragon]++
				n[r.flame] += int(f)
			}
		}
		if p.flamesAside > 0 {
			n[r.flame] += int(p.flamesAside)
		}
		for j, c := range r.catapults {
			n[c] += int(p.catapults[j])
		}
		for _, d := range p.battleCards() {
			n[d]++
		}
	}
	if s.b.card >= 0 {
		o := s.b.owner
		if s.b.unit >= 0 && s.b.unit < maxPeoples {
			for t := range troops {
				n[r.warrior[s.b.unit][t]] += int(s.b.camp[t])
			}
		}
		for q := range r.Peoples {
			n[r.warrior[q][Infantry]] += int(s.b.band[q])
		}
		if s.seats[o].battles&(1<<s.b.card) == 0 {
			return fmt.Errorf("the battle card being resolved is not in front of its owner")
		}
	}
	for d := range nd {
		if n[d] != r.Designs[d].Copies {
			return fmt.Errorf("%d cards of %s in play, want %d", n[d], r.Designs[d].ID, r.Designs[d].Copies)
		}
	}
	return nil
}

// checker plays random Warriors games with the invariants every engine
// keeps and conservation of the cards.
func checker(r *Rules) *enginetest.Checker[*State] {
	return &enginetest.Checker[*State]{
		New:        r.NewState,
		Invariants: (*State).conserved,
		Step:       func(s *State) string { return stepName(s.step) },
		Actions:    r.numActions(),
		MaxActions: 20000,
		Languages:  r.game.Languages,
		Redeal:     (*State).Redeal,
	}
}

func TestRandomGames(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		r := shipped(t, variant)
		games := longtest.Size(200, 2000)
		t.Run(cmpName(variant), func(t *testing.T) {
			t.Parallel()
			checker(r).Games(t, r.Players.Min, r.Players.Max, games, 25, nil)
		})
	}
}

func cmpName(variant string) string {
	if variant == "" {
		return "base"
	}
	return variant
}

// TestEveryDecisionOccurs plays random games with the expansion and checks
// that every kind of action comes up: a rule that never triggers would go
// unnoticed by the invariants.
func TestEveryDecisionOccurs(t *testing.T) {
	r := shipped(t, VariantHordes)
	var seen [kinds]int
	for i := range 300 {
		hist, _ := checker(r).Play(t, 2+i%5, engine.Seed(99, i), false)
		for _, a := range hist {
			k, _ := r.kind(a)
			seen[k]++
		}
	}
	names := [kinds]string{"deal", "roll", "keep", "protect", "assign-flame", "attack", "enlist", "as-mercenary", "as-draconic", "continue", "stop", "charge", "end-charge", "give", "spend-flame", "fire", "hold-fire"}
	for k, n := range seen {
		t.Logf("%s: %d", names[k], n)
		if n == 0 {
			t.Errorf("no %s action in 300 games", names[k])
		}
	}
}
