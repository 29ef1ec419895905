package rules

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/engine"
)

// FuzzBuildAndPlay builds the mini game from any rules and, when they
// build, plays a game of them: whatever the rules say, the engine never
// panics nor hangs, and an error is the rules', not an illegal action.
// The seeds are the mini rules and edits of them.
func FuzzBuildAndPlay(f *testing.F) {
	f.Add(miniRules)
	f.Add(strings.Replace(miniRules, `return g.hand[p]`, `return []`, 1))
	f.Add(strings.Replace(miniRules, `g.end()`, `g.deal(g.deck, g.hand[0], 1)`, 1))
	f.Add(strings.Replace(miniRules, `"card"`, `"none"`, 1))
	f.Add(strings.Replace(miniRules, `"card"`, `{"on": "card", "phase": "x"}`, 1) + "PHASES = [\"x\"]\n")
	f.Add(strings.Replace(strings.Replace(miniRules, `"card"`, `["card", "player"]`, 1), `return g.hand[p]`, `return [(c, q) for c in g.hand[p] for q in range(g.players)]`, 1))
	f.Add(strings.Replace(miniRules, `g.move(card, g.hand[p], g.discard)`, `g.move_all(g.deck, g.hand[p])`, 1))
	f.Add(strings.Replace(miniRules, `g.turn = (p + 1) % g.players`, `g.turn = g.holder(card, g.hand) or 0`, 1))
	f.Add(strings.Replace(miniRules, `g.end()`, `g.roll("die", 6, then = setup)`, 1) + "GAME = {\"die\": 0}\nOUTCOMES = 6\n")
	f.Fuzz(func(t *testing.T, src string) {
		fsys := fstest.MapFS{
			"cards/mini/game.toml":  {Data: []byte(miniData)},
			"cards/mini/rules.star": {Data: []byte(src)},
			"locales/mini/en.toml":  {Data: []byte(miniLocale)},
		}
		games, d := compiler.Load(fsys, compiler.Options{})
		if d.HasErrors() {
			return // a rules file that does not parse: FuzzRules of the compiler
		}
		// A small budget: a loop without end stops sooner, and the
		// fuzzer goes on.
		g, d := build(games.Game("mini"), 20_000)
		if d.HasErrors() != (g == nil) {
			t.Fatalf("built %v with errors %v", g != nil, d)
		}
		if g == nil {
			return
		}
		s, err := g.New(2, 1)
		if err != nil {
			return
		}
		rng := engine.NewRNG(1)
		for n := 0; !s.IsTerminal() && n < 200; n++ {
			var a engine.Action
			if s.CurrentPlayer() == engine.Chance {
				a = s.SampleChance()
			} else {
				legal := s.LegalActions(nil)
				a = legal[rng.IntN(len(legal))]
			}
			if err := s.Apply(a); err != nil {
				return
			}
			s.Observation(0)
			s.Hash()
		}
	})
}
