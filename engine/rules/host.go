package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"
)

// Compiled is a game's rules compiled to Go, as grimoire gen writes them
// (gen/<game>/play): functions the engine then calls in place of the
// interpreter's, for the same results, many times faster. The rules the
// compiler could not type stay with the interpreter.
type Compiled struct {
	// Source is the SourceHash of the game data they were compiled from:
	// a game whose data differs (a user's edited copy) is played by the
	// interpreter.
	Source string
	// Bind readies the compiled functions for a game built from that
	// data, with its parameters: the places of its zones and variables,
	// its cards' fields and the values its top level defines.
	Bind func(g *Game) (*Entries, error)
}

// Entries are the functions of a game's rules that compiled Go plays, by
// what the engine calls them for; a function missing is played by the
// interpreter.
type Entries struct {
	Setup func(h *Host)
	// Legal appends the arguments seat p may play action kind on, by
	// their index among the kind's (see Game.ActionNumber); for an action
	// played on nothing, 0 when it is legal.
	Legal map[string]func(h *Host, p int, dst []int) []int
	// Apply plays the action on its argument of that index.
	Apply map[string]func(h *Host, p int, arg int)
	// Then are the functions called once the draws a deal or a roll left
	// waiting are done, by name.
	Then    map[string]func(h *Host)
	Returns func(h *Host) []float64
	Value   func(h *Host, p int) float64
}

// Host is what compiled rules play with: the state, read and changed as
// the interpreter's g reads and changes it, and the same errors when a
// rule breaks one of the language's rules. A compiled function stops on
// an error by panicking with a *Fault, which the engine turns back into
// the error the interpreter would give.
type Host struct {
	s     *State
	write bool
}

// Fault is a rule's error in compiled rules: where, and what.
type Fault struct {
	At  string // file:line:col in the rules
	Msg string
}

func (f *Fault) Error() string { return f.At + ": " + f.Msg }

// Failf stops a compiled function with a rule's error at a place of the
// rules.
func Failf(at, format string, args ...any) {
	panic(&Fault{At: at, Msg: fmt.Sprintf(format, args...)})
}

// compiledCall runs a compiled function, and returns the error it
// stopped on.
func (s *State) compiledCall(write bool, f func(h *Host)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case *Fault:
				err = r
			case error:
				err = fmt.Errorf("compiled rules: %w", r)
			default:
				panic(r)
			}
		}
	}()
	s.host = Host{s: s, write: write}
	f(&s.host)
	return nil
}

func (h *Host) mustWrite(at string) {
	if !h.write {
		Failf(at, "%v", errReadOnly)
	}
}

// Players is g.players.
func (h *Host) Players() int64 { return int64(h.s.n) }

// Turn is g.turn; SetTurn sets it.
func (h *Host) Turn() int64 { return int64(h.s.turn) }

func (h *Host) SetTurn(at string, p int64) {
	h.mustWrite(at)
	if p < 0 || p >= int64(h.s.n) {
		Failf(at, "g.turn is a seat from 0 to %d, not %d", h.s.n-1, p)
	}
	h.s.turn = int(p)
}

// Phase is g.phase; SetPhase sets it.
func (h *Host) Phase() string { return h.s.g.phases[h.s.phase] }

func (h *Host) SetPhase(at, ph string) {
	h.mustWrite(at)
	i := slices.Index(h.s.g.phases, ph)
	if i < 0 {
		Failf(at, "g.phase is one of PHASES (%s), not %q", strings.Join(h.s.g.phases, ", "), ph)
	}
	h.s.phase = i
}

// Var is the value of variable v (its place in GAME then PLAYER) of seat
// p, 0 for the table's; SetVar sets it.
func (h *Host) Var(at string, v int, p int64) int64 { return h.s.vars[h.slot(at, v, p)] }

func (h *Host) SetVar(at string, v int, p int64, x int64) {
	h.mustWrite(at)
	h.s.vars[h.slot(at, v, p)] = x
}

func (h *Host) slot(at string, v int, p int64) int {
	if l := h.s.lay; v >= 0 && uint64(p) < uint64(l.vw[v]) {
		return l.v[v] + int(p)
	}
	return h.badSlot(at, v, p)
}

// badSlot fails as slot would not.
func (h *Host) badSlot(at string, v int, p int64) int {
	if v < 0 {
		Failf(at, "the game has no such variable (compiled rules of another variant of it)")
	}
	if h.s.g.vars[v].player && (p < 0 || p >= int64(h.s.n)) {
		Failf(at, "%s[%d]: a seat is from 0 to %d", h.s.g.vars[v].id, p, h.s.n-1)
	}
	return h.s.lay.v[v] + int(p)
}

// Zone is the instance of zone z of seat p (0 for the table's).
func (h *Host) Zone(at string, z int, p int64) int {
	if l := h.s.lay; z >= 0 && uint64(p) < uint64(l.zw[z]) {
		return l.zone[z] + int(p)
	}
	return h.badZone(at, z, p)
}

// badZone fails as Zone would not.
func (h *Host) badZone(at string, z int, p int64) int {
	if z < 0 {
		Failf(at, "the game has no such zone (compiled rules of another variant of it)")
	}
	if h.s.g.zones[z].player && (p < 0 || p >= int64(h.s.n)) {
		Failf(at, "%s[%d]: a seat is from 0 to %d", h.s.g.zones[z].id, p, h.s.n-1)
	}
	return h.s.lay.zone[z] + int(p)
}

// Cards are the cards of a zone instance, the first put in first; the
// caller must not keep them past a change of the zone.
func (h *Host) Cards(inst int) []int16 { return h.s.zones[inst] }

// Card is card i of a zone instance, counted from the end when negative.
func (h *Host) Card(at string, inst int, i int64) int16 {
	z := h.s.zones[inst]
	j := i
	if j < 0 {
		j += int64(len(z))
	}
	if j < 0 || j >= int64(len(z)) {
		Failf(at, "index %d out of range: %s has %d cards", i, h.s.instName(inst), len(z))
	}
	return z[j]
}

// Move is g.move(card, from, to).
func (h *Host) Move(at string, d int16, from, to int) {
	h.mustWrite(at)
	s := h.s
	src := s.zones[from]
	i := slices.Index(src, d)
	if i < 0 {
		Failf(at, "move: %s is not in %s", s.g.designs[d].ID, s.instName(from))
	}
	s.zones[from] = slices.Delete(src, i, i+1)
	s.zones[to] = append(s.zones[to], d)
	s.moved(int(d), from, to)
}

// MoveAll is g.move_all(from, to).
func (h *Host) MoveAll(at string, from, to int) {
	h.mustWrite(at)
	s := h.s
	if from != to {
		s.movedAll(s.zones[from], from, to)
		s.zones[to] = append(s.zones[to], s.zones[from]...)
		s.zones[from] = s.zones[from][:0]
	}
}

// MoveTop is g.move_top(from, to).
func (h *Host) MoveTop(at string, from, to int) {
	h.mustWrite(at)
	s := h.s
	src := s.zones[from]
	if len(src) == 0 {
		Failf(at, "move_top: %s is empty", s.instName(from))
	}
	d := src[len(src)-1]
	s.zones[from] = src[:len(src)-1]
	s.zones[to] = append(s.zones[to], d)
	s.moved(int(d), from, to)
}

// Deal is g.deal(from, to, n, then=then); then is "" for none.
func (h *Host) Deal(at string, from, to int, n int64, then string) {
	h.mustWrite(at)
	s := h.s
	if n < 0 || n > int64(len(s.g.designs)*maxCopies) {
		Failf(at, "deal: %d cards", n)
	}
	if int(n)+len(s.pending) > s.cardsInPlay() {
		Failf(at, "deal: %d cards, and %d draws already wait, but the game has %d cards", n, len(s.pending), s.cardsInPlay())
	}
	for range n {
		s.pending = append(s.pending, draw{src: int32(from), dst: int32(to), slot: -1})
	}
	h.then(at, "deal", then)
}

// Roll is g.roll(variable, faces, then=then), the variable by its place.
func (h *Host) Roll(at string, v int, faces int64, then string) {
	h.mustWrite(at)
	s := h.s
	if faces < 1 {
		Failf(at, "roll: a die has 1 face or more, not %d", faces)
	}
	if faces > int64(s.g.outcomes) {
		Failf(at, "roll: %d outcomes, but OUTCOMES allows %d: declare the most a chance node of the rules has", faces, s.g.outcomes)
	}
	s.pending = append(s.pending, draw{slot: int32(s.lay.v[v]), first: 1, weights: s.g.die(int(faces))})
	h.then(at, "roll", then)
}

func (h *Host) then(at, method, then string) {
	s := h.s
	if then == "" {
		return
	}
	if s.then != "" && s.then != then {
		Failf(at, "%s: then=%s, but %s already waits for the chance nodes", method, then, s.then)
	}
	s.then = then
}

// End is g.end().
func (h *Host) End(at string) {
	h.mustWrite(at)
	h.s.over = true
}

// Holder is g.holder(card, zone): the seat whose zone z holds the card,
// or -1 for None.
func (h *Host) Holder(d int16, z int) int64 {
	s := h.s
	first := s.lay.zone[z]
	for p := range s.n {
		if slices.Contains(s.zones[first+p], d) {
			return int64(p)
		}
	}
	return -1
}

// Game is the game the host's state is of.
func (h *Host) Game() *Game { return h.s.g }

// The game's declarations, for Bind: the places of its variables,
// zones, phases and cards by id, its parameters and top-level values.

// VarIndex is variable id's place; false if the rules declare none.
func (g *Game) VarIndex(id string) (int, bool) {
	i := slices.IndexFunc(g.vars, func(v varDecl) bool { return v.id == id })
	return i, i >= 0
}

// ZoneIndex is zone id's place; false if there is none.
func (g *Game) ZoneIndex(id string) (int, bool) {
	i := slices.IndexFunc(g.zones, func(z zoneDecl) bool { return z.id == id })
	return i, i >= 0
}

// Design is the place of card id among the game's cards.
func (g *Game) Design(id string) (int16, bool) {
	d, ok := g.byID[id]
	return int16(d), ok
}

// PartSize is how many values part j of action kind's argument takes:
// the sizes are the game's (a variant of it may have more cards or
// units), so compiled rules read them once the game is built.
func (g *Game) PartSize(kind string, j int) int {
	for _, k := range g.kinds {
		if k.id == kind && j < len(k.parts) {
			return k.parts[j].size
		}
	}
	return 0
}

// Designs is how many card designs the game has.
func (g *Game) Designs() int { return len(g.designs) }

// Field is the value of a field of card design d, nil if it has none.
func (g *Game) Field(d int16, name string) starlark.Value {
	return g.cards[d].attrs[name]
}

// Param is params.<id>, nil if the game has no such parameter.
func (g *Game) Param(id string) starlark.Value {
	v, err := g.params.(starlark.HasAttrs).Attr(id)
	if err != nil {
		return nil
	}
	return v
}

// Global is a value the rules' top level defines, nil for none.
func (g *Game) Global(name string) starlark.Value { return g.prog.Global(name) }

// errBind is the error of a Bind that does not fit the game.
var errBind = errors.New("the compiled rules do not fit the game")

// BindError says what of a game compiled rules do not fit.
func BindError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBind, fmt.Sprintf(format, args...))
}
