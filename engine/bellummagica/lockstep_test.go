package bellummagica

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/engine"
	"github.com/grimoire-games/grimoire/engine/internal/lockstep"
	"github.com/grimoire-games/grimoire/engine/internal/rulings"
	"github.com/grimoire-games/grimoire/engine/rules"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// lockstepModel loads Bellum Magica with the parameters set, and its rules
// with each old string replaced by its new one (pairs): a broken rule, for
// the mutation checks.
func lockstepModel(t testing.TB, sets []string, edits ...string) *model.Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"bellum_magica"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, d := compiler.WithOverrides(games.Game("bellum_magica"), sets)
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, err := m.Play("")
	if err != nil {
		t.Fatal(err)
	}
	e, err := lockstep.Edit(m, edits...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// lockstepGames are the Go engine (A) and the rules engine (B) of one
// game model.
func lockstepGames(t testing.TB, m *model.Game) (engine.Game, engine.Game) {
	t.Helper()
	a, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	b, err := rules.New(m)
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// canonical puts an observation in the form both engines' are compared
// in: the Go engine's, with the face-up cards of the table listed in
// sorted order (the Go engine keeps them in slots, the rules in zones; the
// order of a face-up row is no part of the game), and "chance" for the
// decision at a chance node (the chance outcomes, compared by name, say
// which).
func canonical(o *Observation) *Observation {
	slices.Sort(o.Shown)
	slices.Sort(o.Discards)
	for i := range o.FaceUp {
		slices.Sort(o.FaceUp[i])
	}
	if o.Current == engine.Chance {
		o.Decision = "chance"
	}
	return o
}

// observeGo is the Go engine's observation, canonical.
func observeGo(s engine.State, seat int) any {
	return canonical(s.(*State).Observe(seat))
}

// ruleSteps names the Go engine's decisions by the rules' phases.
var ruleSteps = map[string]string{
	"place_goblins": "place-goblin", "reroll": "reroll", "attack": "attack",
	"steal": "steal", "recruit": "recruit", "place": "place",
}

// observeRules turns the rules engine's observation into the Go engine's
// form, from nothing but what the rules show the seat: its zones (the
// cards of those it sees, the size of the others) and the variables.
func observeRules(s engine.State, seat int) any {
	ro := s.Observation(seat).(*rules.Observation)
	v := ro.Vars
	cards := func(z rules.ZoneView) []string {
		if len(z.Cards) == 0 {
			return nil
		}
		return slices.Clone(z.Cards)
	}
	counts := func(z rules.ZoneView) map[string]int {
		m := map[string]int{}
		for _, c := range z.Cards {
			m[c]++
		}
		return m
	}
	o := &Observation{
		Player:   seat,
		Current:  ro.Turn,
		Decision: ruleSteps[ro.Phase],
		Day:      int(v["day"]),
		Captain:  int(v["captain"]),
		Row:      int(v["row"]),
		Kingdom:  int(v["farms_left"] + v["villages_left"] + v["towns_left"]),
		Shown:    cards(ro.Zones["shown"]),
		Discards: cards(ro.Zones["discard"]),
		FaceUp:   [2][]string{append([]string{}, ro.Zones["evil_up"].Cards...), append([]string{}, ro.Zones["most_evil_up"].Cards...)},
		Decks:    [2]int{ro.Zones["evil_deck"].Count, ro.Zones["most_evil_deck"].Count},
		Stacks:   [3]int{ro.Zones["wooden_stack"].Count, ro.Zones["metal_stack"].Count, ro.Zones["gold_stack"].Count},
		Supply: map[string]int{
			"food_token": int(v["reserve_food"]), "glyph_token": int(v["reserve_glyphs"]),
			"barrel_token": int(v["reserve_barrels"]), "shield_token": int(v["reserve_shields"]),
			"confusion_token": int(v["reserve_confusion"]), "magic_shield_token": int(v["reserve_magic_shields"]),
		},
	}
	if ro.Over {
		o.Decision = "over"
	}
	if t := ro.Zones["tavern"].Cards; len(t) > 0 {
		o.Tavern = t[0]
	}
	for p, z := range ro.SeatZones {
		pv := ro.Seats[p]
		sv := SeatView{
			Left: counts(z["left"]), Right: counts(z["right"]),
			Food: int(pv["food"]), Glyphs: int(pv["glyphs"]), Barrels: int(pv["barrels"]),
			Shields: int(pv["shields"]), MagicShields: int(pv["magic_shields"]),
			Spells: int(pv["spells"]), Flipped: int(pv["flipped"]),
			ChestKinds: [3]int{z["wooden"].Count, z["metal"].Count, z["gold"].Count},
		}
		if c := z["castle"].Cards; len(c) > 0 {
			sv.Castle = c[0]
		}
		if len(z["hand"].Cards) > 0 {
			sv.Goblins = counts(z["hand"])
		}
		for _, k := range []string{"wooden", "metal", "gold"} {
			if z[k].Cards == nil {
				continue
			}
			if sv.Chests == nil {
				sv.Chests = map[string]int{}
			}
			for _, c := range z[k].Cards {
				sv.Chests[c]++
			}
		}
		o.Seats = append(o.Seats, sv)
	}
	if victim := int(v["victim"]); victim >= 0 {
		o.Robbed = &RobberyView{Thief: int(v["thief"]), Victim: victim, Steals: int(v["steals"])}
	}
	return canonical(o)
}

// TestLockstep plays the Go engine and the rules engine side by side, 2 to
// 5 players, with random play and with the Go engine's greedy bot: at
// every step the same player is to move with the same actions, every seat
// sees the same, and the games end with the same returns. Full size (-full):
// 10,000 random and 1,000 greedy games, spread over the player counts.
func TestLockstep(t *testing.T) {
	a, b := lockstepGames(t, lockstepModel(t, nil))
	lo, hi := a.Players()
	counts := hi - lo + 1
	for _, tc := range []struct {
		bot   string
		games int
	}{
		{"", longtest.Sizes(20, 600, 10_000)},
		{"greedy", longtest.Sizes(8, 200, 1_000)},
	} {
		for n := lo; n <= hi; n++ {
			games := max(1, tc.games/counts)
			name := fmt.Sprintf("%d players", n)
			if tc.bot != "" {
				name += " " + tc.bot
			}
			t.Run(name, func(t *testing.T) {
				start := time.Now()
				err := lockstep.Run(lockstep.Config{A: a, B: b, Players: n, Games: games, Seed: uint64(n), Bot: tc.bot,
					SameNumbers: true, SameHash: true, Position: position, ObserveA: observeGo, ObserveB: observeRules})
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%d games in %v", games, time.Since(start).Round(time.Millisecond))
			})
		}
	}
}

// TestLockstepParams: with other parameters, set as --set sets them, both
// engines still play alike: the rules take every number from them.
func TestLockstepParams(t *testing.T) {
	sets := []string{"goblins=1", "face_up_creatures=3", "end_chests=6", "round_cost=2", `scout_chest="gold"`,
		"thief_chests=2", "robbery_shields=2", "evil_cost_food=1", "most_evil_cost_glyphs=2", "most_evil_cost_food=2",
		"most_evil_alt_cost_glyphs=4", "barrel_limit=3", "kingdom_towns={2 = 2, 3 = 4, 4 = 6, 5 = 8}",
		"magic_sword_counts_twice=true"}
	a, b := lockstepGames(t, lockstepModel(t, sets))
	for n := 2; n <= 5; n++ {
		if err := lockstep.Run(lockstep.Config{A: a, B: b, Players: n, Games: longtest.Size(2, 50), Seed: 7,
			ObserveA: observeGo, ObserveB: observeRules}); err != nil {
			t.Errorf("%d players, %v: %v", n, sets, err)
		}
	}
}

// TestLockstepMutations: the lockstep test finds a rule the rules engine
// breaks.
func TestLockstepMutations(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edits []string
		want  string
	}{
		{"magic shields ignored",
			[]string{`    if magic < magic_shield:
        return False`, `    if False:
        return False`},
			"the legal actions differ"},
		{"no tie chest",
			[]string{`        kind = params.scout_tie_chest`, `        kind = params.scout_chest`},
			"the legal actions differ"},
		{"no shield for the robbed",
			[]string{`        g.shields[g.victim] += take(g, "shields", params.robbery_shields)`, `        pass`},
			"observation differs"},
		{"no barrel limit",
			[]string{`    room = max(0, params.barrel_limit - g.barrels[p])`, `    room = 100`},
			"observation differs"},
		{"the Captain does not pass the die",
			[]string{`    g.captain = (g.captain + 1) % g.players`, `    g.captain = g.captain`},
			"differ"},
		{"no tie-break on chests",
			[]string{`    return [value_of(g, p) + chest_count(g, p) / scale for p in range(g.players)]`, `    return [value_of(g, p) + 0.0 for p in range(g.players)]`},
			"the returns differ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := lockstepGames(t, lockstepModel(t, nil, tc.edits...))
			err := lockstep.Run(lockstep.Config{A: a, B: b, Players: 4, Games: 40, Seed: 1, Bot: "greedy",
				ObserveA: observeGo, ObserveB: observeRules})
			var d *lockstep.Difference
			if !errors.As(err, &d) || !strings.Contains(d.What, tc.want) {
				t.Errorf("got %v, want a difference with %q", err, tc.want)
			}
		})
	}
}

// TestRulesRulings: the rules in the rules language name the rulings the
// game's data declares, which the Go engine plays too.
func TestRulesRulings(t *testing.T) {
	rulings.Check(t, "bellum_magica", "../../cards/bellum_magica")
}

// TestLockstepSameGames: from one seed, the Go engine and the rules draw
// the same cards and chests and roll the same die, each with its own
// SampleChance, and list their legal actions in one order, so that random
// bots play the same games on both: what the two engines' logs of one
// seed need.
func TestLockstepSameGames(t *testing.T) {
	a, b := lockstepGames(t, lockstepModel(t, nil))
	lo, hi := a.Players()
	for n := lo; n <= hi; n++ {
		err := lockstep.Run(lockstep.Config{A: a, B: b, Players: n, Games: longtest.Size(2, 40), Seed: uint64(100 + n),
			SampleChance: true, SameNumbers: true, SameHash: true, Position: position,
			ObserveA: observeGo, ObserveB: observeRules})
		if err != nil {
			t.Errorf("%d players: %v", n, err)
		}
	}
}

// position is either engine's Position.
func position(s engine.State) any {
	switch s := s.(type) {
	case *State:
		return s.Position()
	case *rules.State:
		return s.Position()
	}
	return nil
}
