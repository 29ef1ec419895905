package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/engine"
)

// redealSeed separates the re-deals' random numbers from the game's.
const redealSeed = 0x3c6ef372fe94f82b

// hiddenSeats checks what the seats viewing s at step may not see: in a
// deep game the player to move and one other seat, turning, with Redeal
// itself checked too; in another game one seat, turning, every every
// steps. It reports whether a re-deal changed what another seat sees,
// which it looks for while moved is unset in a deep game.
func (c *Checker[S]) hiddenSeats(s S, step, every int, deep, moved bool, rng *engine.RNG, legal []engine.Action) (bool, error) {
	n := s.NumPlayers()
	var seats []int
	switch p := s.CurrentPlayer(); {
	case !deep:
		seats = append(seats, step/every%n)
	case p >= 0 && n > 1:
		seats = append(seats, p, (p+1+step%(n-1))%n)
	default:
		seats = append(seats, step%n)
	}
	var h uint64
	if deep {
		h = s.Hash()
	}
	for _, v := range seats {
		m, err := c.hidden(s, v, rng, legal, deep, deep && !moved)
		if err != nil {
			return moved, err
		}
		moved = moved || m
	}
	if deep && s.Hash() != h {
		return moved, errors.New("re-dealing changed the state re-dealt")
	}
	return moved, nil
}

// hidden re-deals what viewer cannot see in s and checks that nothing
// viewer sees or may do changed (see Checker.Redeal); when deep, that the
// re-dealt state keeps the invariants too. With others set, it reports
// whether the re-deal changed what another seat sees.
func (c *Checker[S]) hidden(s S, viewer int, rng *engine.RNG, legal []engine.Action, deep, others bool) (moved bool, err error) {
	r := c.Redeal(s, viewer, rng)
	if deep {
		if err := c.Invariants(r); err != nil {
			return false, fmt.Errorf("re-dealt for seat %d: %w", viewer, err)
		}
	}
	if p, q := s.CurrentPlayer(), r.CurrentPlayer(); p != q {
		return false, fmt.Errorf("re-dealing what seat %d cannot see makes player %d to move, not %d", viewer, q, p)
	}
	if a, b := s.Observation(viewer), r.Observation(viewer); !reflect.DeepEqual(a, b) {
		return false, fmt.Errorf("seat %d sees what it should not: re-dealing what it cannot see changes its observation (or Redeal changed what it sees): %s", viewer, diff(a, b))
	}
	if s.CurrentPlayer() == viewer {
		if got := r.LegalActions(nil); !slices.Equal(got, legal) {
			return false, fmt.Errorf("seat %d's legal actions tell what it cannot see: re-dealing it changes them: %s", viewer, actionsDiff(s, legal, got))
		}
	}
	if others {
		for o := range s.NumPlayers() {
			if o != viewer && !reflect.DeepEqual(s.Observation(o), r.Observation(o)) {
				return true, nil
			}
		}
	}
	return false, nil
}

// diff shows where two observations first differ, in JSON.
func diff(a, b any) string {
	ja, erra := json.Marshal(a)
	jb, errb := json.Marshal(b)
	if err := errors.Join(erra, errb); err != nil {
		return fmt.Sprintf("the observation does not marshal to JSON: %v", err)
	}
	i := 0
	for i < len(ja) && i < len(jb) && ja[i] == jb[i] {
		i++
	}
	if i == len(ja) && i == len(jb) {
		return "they differ in fields JSON leaves out"
	}
	at := func(j []byte) string {
		from, to := max(i-40, 0), min(i+40, len(j))
		return "…" + string(j[from:to]) + "…"
	}
	return fmt.Sprintf("at byte %d,\n\t%s\nbecomes\n\t%s", i, at(ja), at(jb))
}

// actionsDiff names the actions only one of two lists has.
func actionsDiff(s engine.State, was, is []engine.Action) string {
	var b strings.Builder
	for _, x := range []struct {
		what     string
		from, in []engine.Action
	}{{"lost", was, is}, {"gained", is, was}} {
		for _, a := range x.from {
			if _, ok := slices.BinarySearch(x.in, a); !ok {
				fmt.Fprintf(&b, "%s %d (%s); ", x.what, a, s.ActionString(a, "en"))
			}
		}
	}
	return strings.TrimSuffix(b.String(), "; ")
}
