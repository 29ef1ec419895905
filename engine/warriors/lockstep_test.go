package warriors

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

// played is the game as played in a variant ("" for the base game).
func played(t testing.TB, variant string) *model.Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warriors"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	m, err := games.Game("warriors").Play(variant)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// byRules is the game played by its rules (cards/warriors/rules.star),
// each old string of edits replaced by its new one (pairs): a rule broken
// on purpose.
func byRules(t testing.TB, m *model.Game, edits ...string) *rules.Game {
	t.Helper()
	c, err := lockstep.Edit(m, edits...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// canonical is what a seat sees, in one form for both engines: every
// field of the Go engine's observation, with cards by id and units by
// name.
type canonical struct {
	Seat, Current int
	Decision      string
	Round         int
	DrawPile      int
	Discard       int
	Window        string
	Seats         []canonicalSeat
	Battle        *canonicalBattle
}

type canonicalSeat struct {
	Hand, Chosen map[string]int // by card id; nil where the seat may not see them
	HandSize     int
	Kept         int
	Factions     [][3]int // infantry, archers, cavalry, by people
	Wizards      []int    // by people
	WizardsDue   int
	Dragons      []int // flames on each living dragon
	FlamesAside  int
	Catapults    int
	Battles      []string // by card id, in the data's order
	Pile         int
}

type canonicalBattle struct {
	Card, Mode         string
	Owner, Target      int
	Unit, TargetUnit   string
	Band               []int // by people
	Camp               [3]int
	Attacker, Defender []int
}

// cardsOf is what the converters need of the cards: each design's place
// in the data, people, troop, kind and number.
type cardsOf struct {
	order   map[string]int
	people  map[string]string
	troop   map[string]int
	kind    map[string]string
	number  map[int]string
	peoples []string
}

func newCardsOf(m *model.Game, peoples []string) *cardsOf {
	c := &cardsOf{order: map[string]int{}, people: map[string]string{}, troop: map[string]int{}, kind: map[string]string{}, number: map[int]string{}, peoples: peoples}
	str := func(card *model.Card, f string) string { v, _ := card.Get(f); return v.Str }
	for i, card := range m.Cards {
		c.order[card.ID] = i
		switch card.Type {
		case "warrior":
			c.people[card.ID] = str(card, "people")
			c.troop[card.ID] = slices.Index([]string{"infantry", "archer", "cavalry"}, str(card, "troop"))
		case "event":
			c.kind[card.ID] = str(card, "kind")
		case "battle":
			v, _ := card.Get("number")
			c.number[int(v.Int)] = card.ID
		}
	}
	return c
}

func counts(ids []string) map[string]int {
	if ids == nil {
		return nil
	}
	out := map[string]int{}
	for _, id := range ids {
		out[id]++
	}
	return out
}

func byDesign(designs []string, n []int) map[string]int {
	if n == nil {
		return nil
	}
	out := map[string]int{}
	for d, k := range n {
		if k > 0 {
			out[designs[d]] += k
		}
	}
	return out
}

func nilIfEmpty(x []int) []int {
	if len(x) == 0 {
		return nil
	}
	return x
}

// goUnit names a unit slot of the Go engine.
func goUnit(peoples []string, slot int) string {
	switch {
	case slot < 0:
		return "none"
	case slot < len(peoples):
		return "faction " + peoples[slot]
	case slot < maxPeoples:
		return fmt.Sprintf("faction %d", slot)
	case slot < bandSlot:
		return fmt.Sprintf("dragon %d", slot-dragonSlot0+1)
	}
	return "band"
}

// canonicalGo is the Go engine's observation, in canonical form.
func (c *cardsOf) canonicalGo(s engine.State, seat int) any {
	o := s.(*State).Observe(seat)
	out := canonical{Seat: o.Player, Current: o.Current, Decision: o.Decision, Round: o.Round, DrawPile: o.DrawPile, Discard: o.Discard, Window: o.Window}
	for _, v := range o.Seats {
		cs := canonicalSeat{
			Hand: byDesign(o.Designs, v.Hand), Chosen: byDesign(o.Designs, v.Chosen), HandSize: v.HandSize, Kept: v.Kept,
			Factions: v.Factions, Wizards: v.Wizards, WizardsDue: v.WizardsDue, Dragons: nilIfEmpty(v.Dragons),
			FlamesAside: v.FlamesAside, Catapults: v.Catapults, Pile: v.Pile,
		}
		for _, d := range v.Battles {
			cs.Battles = append(cs.Battles, o.Designs[d])
		}
		out.Seats = append(out.Seats, cs)
	}
	if b := o.Battle; b != nil {
		cb := &canonicalBattle{Card: o.Designs[b.Card], Mode: b.Mode, Owner: b.Owner, Target: b.Target,
			Unit: goUnit(o.Peoples, b.Unit), TargetUnit: goUnit(o.Peoples, b.Slot), Camp: b.Camp,
			Attacker: nilIfEmpty(b.Attacker), Defender: nilIfEmpty(b.Defender), Band: make([]int, len(o.Peoples))}
		copy(cb.Band, b.Band)
		out.Battle = cb
	}
	return out
}

// The numbers the rules keep for a battle card's kind and a catapult
// window's end, and their names in the Go engine's observation.
var (
	ruleModes   = []string{"", "simple", "mercenary", "draconic", "mixed"}
	ruleWindows = []string{"", "battle", "roll", "attack_end", "round_end"}
)

// canonicalRules is the rules engine's observation, in canonical form.
func (c *cardsOf) canonicalRules(s engine.State, seat int) any {
	o := s.Observation(seat).(*rules.Observation)
	np := len(c.peoples)
	lairs := 0
	for k := range o.Seats[0] {
		if strings.HasPrefix(k, "lair_") {
			lairs++
		}
	}
	unit := func(slot int64) string {
		switch {
		case slot < 0:
			return "none"
		case slot < int64(np):
			return "faction " + c.peoples[slot]
		case slot < int64(np+lairs):
			return fmt.Sprintf("dragon %d", slot-int64(np)+1)
		}
		return "band"
	}
	out := canonical{Seat: o.Seat, Current: o.Turn, Decision: strings.ReplaceAll(o.Phase, "_", "-"), Round: int(o.Vars["round"]),
		DrawPile: o.Zones["deck"].Count, Discard: o.Zones["discard"].Count}
	if o.Phase == "fire" || o.Phase == "fire_roll" {
		out.Window = ruleWindows[o.Vars["w_then"]]
	}
	for i, z := range o.SeatZones {
		v := o.Seats[i]
		cs := canonicalSeat{Hand: counts(z["hand"].Cards), Chosen: counts(z["chosen"].Cards), HandSize: z["hand"].Count, Kept: z["chosen"].Count,
			Factions: make([][3]int, np), Wizards: make([]int, np), Catapults: z["catapults"].Count, Pile: z["pile"].Count}
		for _, id := range z["army"].Cards {
			cs.Factions[slices.Index(c.peoples, c.people[id])][c.troop[id]]++
		}
		for q, p := range c.peoples {
			cs.Wizards[q] = int(v["ward_"+p])
		}
		for _, id := range z["waiting"].Cards {
			if c.kind[id] == "wizard" {
				cs.WizardsDue++
			} else {
				cs.FlamesAside++
			}
		}
		for j := range lairs {
			if f := v[fmt.Sprintf("lair_%d", j+1)]; f >= 0 {
				cs.Dragons = append(cs.Dragons, int(f))
			}
		}
		cs.Battles = slices.Clone(z["battles"].Cards)
		slices.SortFunc(cs.Battles, func(a, b string) int { return c.order[a] - c.order[b] })
		if len(cs.Battles) == 0 {
			cs.Battles = nil
		}
		out.Seats = append(out.Seats, cs)
	}
	if n := o.Vars["battle"]; n >= 0 {
		b := &canonicalBattle{Card: c.number[int(n)], Mode: ruleModes[o.Vars["mode"]], Owner: int(o.Vars["owner"]), Target: int(o.Vars["target"]),
			Unit: unit(o.Vars["unit"]), TargetUnit: unit(o.Vars["tslot"]), Band: make([]int, np)}
		for _, id := range o.Zones["band"].Cards {
			b.Band[slices.Index(c.peoples, c.people[id])]++
		}
		for _, id := range o.Zones["camp"].Cards {
			b.Camp[c.troop[id]]++
		}
		rolled, att := o.Vars["rolled"], o.Vars["n_att"]
		digits := func(x, n int64) []int {
			var out []int
			for range n {
				out = append(out, int(x%64))
				x /= 64
			}
			return out
		}
		b.Attacker = nilIfEmpty(digits(o.Vars["att_dice"], min(rolled, att)))
		b.Defender = nilIfEmpty(digits(o.Vars["def_dice"], max(0, rolled-att)))
		out.Battle = b
	}
	return out
}

// lockstepConfig plays the Go engine (A) against the rules (B) in a
// variant.
func lockstepConfig(t testing.TB, variant string, edits ...string) lockstep.Config {
	m := played(t, variant)
	a, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	c := newCardsOf(m, a.Rules.Peoples)
	return lockstep.Config{A: a, B: byRules(t, m, edits...), ObserveA: c.canonicalGo, ObserveB: c.canonicalRules, MaxActions: 20000}
}

// TestLockstep plays the Go engine and the rules side by side, in both
// variants and at every player count, with random players and with the
// Go engine's greedy bot: same player to move, same legal actions by
// name and by number, same hash, same observation for every seat, same
// returns. Each variant's games are shared out among its player counts,
// which run in parallel.
func TestLockstep(t *testing.T) {
	random := longtest.Sizes(12, 250, 10000)
	greedy := longtest.Sizes(5, 50, 1000)
	for _, variant := range []string{"", VariantHordes} {
		for _, bot := range []string{"random", "greedy"} {
			games := random
			if bot == "greedy" {
				games = greedy
			}
			cfg := lockstepConfig(t, variant)
			lo, hi := cfg.A.Players()
			for n := lo; n <= hi; n++ {
				run := cfg
				run.Players, run.Seed = n, uint64(n)
				run.SameNumbers, run.SameHash, run.Position = true, true, position
				if bot == "greedy" {
					run.Bot = bot
				}
				run.Games = (games + n - lo) / (hi - lo + 1)
				t.Run(fmt.Sprintf("%s/%s/%d", cmpName(variant), bot, n), func(t *testing.T) {
					t.Parallel()
					start := time.Now()
					if err := lockstep.Run(run); err != nil {
						t.Fatal(err)
					}
					t.Logf("%d games in step, %v", run.Games, time.Since(start).Round(time.Millisecond))
				})
			}
		}
	}
}

// TestLockstepFindsBrokenRules: a rule broken on purpose in the rules is
// caught, as a legal action, an observation or a return that differs.
func TestLockstepFindsBrokenRules(t *testing.T) {
	for _, tc := range []struct {
		name    string
		variant string
		edits   []string
		want    string
	}{
		{"no sworn enemy", "", []string{"    return s == u or s == ENEMY[u]", "    return True"}, "the legal actions differ"},
		{"ties to the attacker", "", []string{"    if a > d:\n        return g.target, g.tslot", "    if a >= d:\n        return g.target, g.tslot"}, "the player to move"},
		{"no bow bonus", "", []string{"    if ab > db:\n        att[0] += params.bow_bonus", "    if ab > db:\n        att[0] += 0"}, "the player to move"},
		{"no catapult at a wizard", "", []string{"    out += [FIRE_WIZARD + q for q in range(NP) if ward(g, q)[t] > 0]\n", ""}, "the legal actions differ"},
		{"no charge", "", []string{"    if charge_troops(g):\n        g.turn = g.owner", "    if False:\n        g.turn = g.owner"}, "the player to move"},
		{"flames never spent", VariantHordes, []string{"    return s >= NP and s < BAND and lair(g, s - NP)[q] > 0", "    return False"}, "the legal actions differ"},
		{"no dragon bonus", VariantHordes, []string{"    if HORDES:\n        total = dragon_bonus(g, total)", "    pass"}, "the returns differ"},
	} {
		cfg := lockstepConfig(t, tc.variant, tc.edits...)
		cfg.Players, cfg.Games, cfg.Seed = 3, 20, 1
		err := lockstep.Run(cfg)
		var d *lockstep.Difference
		if !errors.As(err, &d) || !strings.Contains(d.What, tc.want) {
			t.Errorf("%s: got %v, want a difference with %q", tc.name, err, tc.want)
		}
	}
}

// TestRulesRulings: the rules name every ruling the game's data declares,
// which the Go engine plays too, and no other.
func TestRulesRulings(t *testing.T) {
	rulings.Check(t, "warriors", "../../cards/warriors")
}

// TestLockstepSameGames: from one seed, the Go engine and the rules draw
// the same cards and roll the same dice, each with its own SampleChance,
// number every action alike and hash every state alike: what the two
// engines' logs of one seed need.
func TestLockstepSameGames(t *testing.T) {
	for _, variant := range []string{"", VariantHordes} {
		cfg := lockstepConfig(t, variant)
		lo, hi := cfg.A.Players()
		for n := lo; n <= hi; n++ {
			run := cfg
			run.Players, run.Seed, run.Games, run.SampleChance = n, uint64(100+n), longtest.Size(2, 40), true
			run.SameNumbers, run.SameHash, run.Position = true, true, position
			if err := lockstep.Run(run); err != nil {
				t.Errorf("%s, %d players: %v", cmpName(variant), n, err)
			}
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
