// Package lockstep plays two engines of one game side by side and reports
// the first place they differ: the differential test of a game's rules
// written twice, in Go and in the rules language. At every step both
// must offer the same legal actions, by their names (as many of each),
// and show every seat the same observation; one action, or one chance
// outcome, is then picked with a seeded generator (or by a bot of the
// first engine) and applied to both, by its name (the k-th of that name
// in A is the k-th in B); at the end both must give the same returns.
package lockstep

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/engine"
)

// Config is a run of lockstep games.
type Config struct {
	A, B    engine.Game
	Players int
	Games   int
	Seed    uint64 // game i is played from engine.Seed(Seed, i)
	// Bot, if set, names a bot of A (an engine.BotMaker) that picks the
	// players' actions; else they are picked at random, as chance
	// outcomes always are.
	Bot string
	// Lang is the language actions are named in; "" is English.
	Lang string
	// ObserveA and ObserveB turn an engine's observation into the form
	// the two are compared in; nil compares the observations as they
	// marshal to JSON.
	ObserveA, ObserveB func(s engine.State, seat int) any
	// SampleChance draws each chance outcome with each engine's own
	// SampleChance, from the generator its seed gave it, and requires the
	// two to name the same outcome: the engines then play the same games
	// from the same seed, as their logs must. Otherwise chance outcomes
	// are picked as the players' actions are.
	SampleChance bool
	// SameOrder requires B to list its legal actions in A's order, by
	// name, so that a bot that picks an action by its place in the list
	// (as the random bot does) picks the same one in both.
	SameOrder bool
	// SameNumbers requires B to give each legal action A's number, as two
	// engines that number their actions by the game's rules do; it
	// implies SameOrder.
	SameNumbers bool
	// SameHash requires the two states' Hash to agree after every action,
	// as two engines that hash the same position do (see rules.Position).
	// Position, if set, is each state's position, shown where they part.
	SameHash bool
	Position func(s engine.State) any
	// MaxActions bounds a game; 0 means engine.DefaultMaxActions.
	MaxActions int
}

// Difference is where two engines part.
type Difference struct {
	Game int    // the game, from 0
	Seed uint64 // its seed
	Step int    // actions applied before it
	What string
}

func (d *Difference) Error() string {
	return fmt.Sprintf("game %d (seed %d), step %d: %s", d.Game, d.Seed, d.Step, d.What)
}

// Run plays the games and returns the first difference, nil if there is
// none; an error of either engine is a difference too.
func Run(cfg Config) error {
	lang := cfg.Lang
	if lang == "" {
		lang = "en"
	}
	maxActions := cfg.MaxActions
	if maxActions == 0 {
		maxActions = engine.DefaultMaxActions
	}
	var bot engine.Bot
	for i := range cfg.Games {
		seed := engine.Seed(cfg.Seed, i)
		diff := func(step int, format string, args ...any) error {
			return &Difference{Game: i, Seed: seed, Step: step, What: fmt.Sprintf(format, args...)}
		}
		a, err := cfg.A.NewState(cfg.Players, seed)
		if err != nil {
			return diff(0, "A does not start: %v", err)
		}
		b, err := cfg.B.NewState(cfg.Players, seed)
		if err != nil {
			return diff(0, "B does not start: %v", err)
		}
		if cfg.Bot != "" {
			bm, ok := cfg.A.(engine.BotMaker)
			if !ok {
				return diff(0, "A offers no bots")
			}
			if bot, err = bm.NewBot(cfg.Bot); err != nil {
				return diff(0, "A: %v", err)
			}
		}
		rng := engine.NewRNG(seed ^ 0x5eed)
		var legalA, legalB []engine.Action
		for step := 0; ; step++ {
			if step > maxActions {
				return diff(step, "the game is longer than %d actions", maxActions)
			}
			if pa, pb := a.CurrentPlayer(), b.CurrentPlayer(); pa != pb {
				return diff(step, "the player to move is %d in A, %d in B", pa, pb)
			}
			if cfg.SameHash && a.Hash() != b.Hash() {
				return diff(step, "the states hash differently: %s", positions(cfg.Position, a, b))
			}
			for seat := range cfg.Players {
				oa, ob := observe(cfg.ObserveA, a, seat), observe(cfg.ObserveB, b, seat)
				if oa != ob {
					return diff(step, "seat %d's observation differs:\nA: %s\nB: %s", seat, oa, ob)
				}
			}
			if a.IsTerminal() || b.IsTerminal() {
				if a.IsTerminal() != b.IsTerminal() {
					return diff(step, "the game is over in one engine only (A %v, B %v)", a.IsTerminal(), b.IsTerminal())
				}
				if ra, rb := a.Returns(), b.Returns(); !slices.Equal(ra, rb) {
					return diff(step, "the returns differ: A %v, B %v", ra, rb)
				}
				break
			}
			legalA, legalB = a.LegalActions(legalA), b.LegalActions(legalB)
			namesA, namesB := names(a, legalA, lang), names(b, legalB, lang)
			byNameB := map[string][]engine.Action{}
			for i, n := range namesB {
				byNameB[n] = append(byNameB[n], legalB[i])
			}
			if d := compare(namesA, byNameB); d != "" {
				return diff(step, "the legal actions differ: %s", d)
			}
			if cfg.SameNumbers && !slices.Equal(legalA, legalB) {
				return diff(step, "the legal actions have other numbers:\nA: %v %s\nB: %v %s", legalA, strings.Join(namesA, ", "), legalB, strings.Join(namesB, ", "))
			}
			if cfg.SameOrder || cfg.SameNumbers {
				if !slices.Equal(namesA, namesB) {
					return diff(step, "the legal actions come in another order:\nA: %s\nB: %s", strings.Join(namesA, ", "), strings.Join(namesB, ", "))
				}
			}
			var pick engine.Action
			switch p := a.CurrentPlayer(); {
			case p == engine.Chance && cfg.SampleChance:
				ca, okA := a.(engine.Chancer)
				cb, okB := b.(engine.Chancer)
				if !okA || !okB {
					return diff(step, "an engine cannot sample its chance nodes")
				}
				pick = ca.SampleChance()
				name, nameB := a.ActionString(pick, lang), b.ActionString(cb.SampleChance(), lang)
				if name != nameB {
					return diff(step, "the engines draw different chance outcomes from one seed: A %q, B %q", name, nameB)
				}
			case p == engine.Chance:
				pick = legalA[rng.IntN(len(legalA))]
			case bot != nil:
				pick = bot.Act(engine.SeatOf(a, p), legalA, &rng)
			default:
				pick = legalA[rng.IntN(len(legalA))]
			}
			name := a.ActionString(pick, lang)
			// Actions of one name are told apart by their order: the
			// k-th of A's is the k-th of B's.
			k := 0
			for i, x := range legalA {
				if x == pick {
					break
				}
				if namesA[i] == name {
					k++
				}
			}
			if err := a.Apply(pick); err != nil {
				return diff(step, "A refuses %q: %v", name, err)
			}
			if err := b.Apply(byNameB[name][k]); err != nil {
				return diff(step, "B refuses %q: %v", name, err)
			}
		}
	}
	return nil
}

// positions shows where two states' positions part: the first line of
// their JSON that differs, with the path of objects it is in.
func positions(pos func(engine.State) any, a, b engine.State) string {
	if pos == nil {
		return "no Position to compare"
	}
	ja, errA := json.MarshalIndent(pos(a), "", " ")
	jb, errB := json.MarshalIndent(pos(b), "", " ")
	if err := errors.Join(errA, errB); err != nil {
		return err.Error()
	}
	la, lb := strings.Split(string(ja), "\n"), strings.Split(string(jb), "\n")
	var path []string
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			at := strings.Join(slices.DeleteFunc(path, func(k string) bool { return k == "" }), ".")
			return fmt.Sprintf("at %s:\nA: %s\nB: %s", at, strings.TrimSpace(la[i]), strings.TrimSpace(lb[i]))
		}
		// Keep the keys of the objects and arrays the line is in.
		depth := len(la[i]) - len(strings.TrimLeft(la[i], " "))
		path = path[:min(len(path), depth)]
		if l := strings.TrimSpace(la[i]); strings.HasSuffix(l, "{") || strings.HasSuffix(l, "[") {
			for len(path) < depth {
				path = append(path, "")
			}
			key := strings.TrimRight(l, "{[ ")
			path = append(path, strings.Trim(strings.TrimSuffix(key, ":"), `"`))
		}
	}
	return fmt.Sprintf("the positions are the same but for their length (A %d lines, B %d)", len(la), len(lb))
}

// observe is a seat's observation as compared.
func observe(conv func(engine.State, int) any, s engine.State, seat int) string {
	var o any
	if conv != nil {
		o = conv(s, seat)
	} else {
		o = s.Observation(seat)
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "unmarshalable: " + err.Error()
	}
	return string(b)
}

// names names actions, in the order of the legal actions.
func names(s engine.State, legal []engine.Action, lang string) []string {
	out := make([]string, 0, len(legal))
	for _, x := range legal {
		out = append(out, s.ActionString(x, lang))
	}
	return out
}

// compare says how the names of A's legal actions and B's differ, "" if
// they do not. A name may be that of several actions (two copies of a
// card that look the same, of two designs): each engine must then have as
// many of it.
func compare(namesA []string, byNameB map[string][]engine.Action) string {
	var onlyA, onlyB []string
	count := map[string]int{}
	for _, n := range namesA {
		count[n]++
	}
	for n, c := range count {
		switch b := len(byNameB[n]); {
		case b == 0:
			onlyA = append(onlyA, n)
		case b < c:
			onlyA = append(onlyA, fmt.Sprintf("%s (%d times, %d in B)", n, c, b))
		case b > c:
			onlyB = append(onlyB, fmt.Sprintf("%s (%d times, %d in A)", n, b, c))
		}
	}
	for n := range byNameB {
		if count[n] == 0 {
			onlyB = append(onlyB, n)
		}
	}
	if len(onlyA) == 0 && len(onlyB) == 0 {
		return ""
	}
	slices.Sort(onlyA)
	slices.Sort(onlyB)
	return fmt.Sprintf("only in A: [%s]; only in B: [%s]", strings.Join(onlyA, ", "), strings.Join(onlyB, ", "))
}
