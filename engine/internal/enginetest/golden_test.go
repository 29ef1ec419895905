package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// goldenPile is a toy game: seats take one or two from a goldenPile in turn, and
// whoever takes the last wins.
type goldenPile struct {
	players, turn, left int
}

func (s *goldenPile) NumPlayers() int { return s.players }

func (s *goldenPile) CurrentPlayer() int {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return s.turn % s.players
}

func (s *goldenPile) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	for a := 1; a <= min(2, s.left); a++ {
		dst = append(dst, engine.Action(a))
	}
	return dst
}

func (s *goldenPile) Apply(a engine.Action) error {
	if a < 1 || int(a) > min(2, s.left) {
		return engine.Illegal(a, s.LegalActions(nil))
	}
	s.left -= int(a)
	s.turn++
	return nil
}

func (s *goldenPile) IsTerminal() bool { return s.left == 0 }

func (s *goldenPile) Returns() []float64 {
	r := make([]float64, s.players)
	if s.IsTerminal() {
		r[(s.turn-1)%s.players] = 1
	}
	return r
}

func (s *goldenPile) Clone() engine.State { c := *s; return &c }

func (s *goldenPile) Hash() uint64 { return uint64(s.turn)<<32 | uint64(s.left) }

func (s *goldenPile) ActionString(a engine.Action, _ string) string {
	return fmt.Sprint("take ", int(a))
}

func (s *goldenPile) Observation(p int) any {
	return struct{ Seat, Left int }{p, s.left}
}

// goldenDealt is a goldenPile that can be re-dealt; it hides nothing.
type goldenDealt struct{ goldenPile }

func (s *goldenDealt) Clone() engine.State { c := *s; return &c }

func (s *goldenDealt) Redealt(int, *engine.RNG) engine.State { return s.Clone() }

// goldenPiles is the game of piles, which may be re-dealt or not.
type goldenPiles struct{ redeal bool }

func (g goldenPiles) ID() string          { return "pile" }
func (g goldenPiles) Players() (int, int) { return 2, 3 }
func (g goldenPiles) BotNames() []string  { return []string{"random"} }
func (g goldenPiles) NewBot(string) (engine.Bot, error) {
	return engine.Random{}, nil
}

func (g goldenPiles) NewState(players int, seed uint64) (engine.State, error) {
	p := goldenPile{players: players, left: 5 + int(seed%4)}
	if g.redeal {
		return &goldenDealt{p}, nil
	}
	return &p, nil
}

// goldenTB records the failures of a check; a fatal one stops it.
type goldenTB struct {
	testing.TB
	msgs []string
}

func (r *goldenTB) Helper() {}

func (r *goldenTB) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *goldenTB) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *goldenTB) Fatal(args ...any) {
	r.msgs = append(r.msgs, fmt.Sprint(args...))
	runtime.Goexit()
}

// runGolden runs g and returns its failures.
func runGolden(g Golden) []string {
	tb := &goldenTB{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		g.Run(tb)
	}()
	<-done
	return tb.msgs
}

func TestGoldenRun(t *testing.T) {
	golden := func(path string, redeal, clones, update bool) Golden {
		return Golden{
			Path:       path,
			Games:      []GoldenGame{{Name: "toy", Game: goldenPiles{redeal: redeal}}},
			Bots:       []string{"random"},
			Seeds:      3,
			Short:      3,
			ProbeEvery: 2,
			Clones:     clones,
			MaxActions: 100,
			Update:     update,
		}
	}
	tests := []struct {
		name string
		// edit changes the recorded file before the games are replayed.
		edit   func(string) string
		redeal bool
		clones bool
		want   string
	}{
		{name: "same", edit: func(s string) string { return s }, redeal: true},
		{name: "changed", edit: func(s string) string {
			return strings.Replace(s, "toy 2p random seed=2 len=", "toy 2p random seed=2 len=9", 1)
		}, redeal: true, want: "game played differently"},
		{name: "missing", edit: func(s string) string {
			i := strings.Index(s, "toy 3p random seed=3 ")
			return s[:i]
		}, redeal: true, want: "no recorded game for toy 3p random seed=3"},
		{name: "clones", edit: func(s string) string { return s }, redeal: true, clones: true, want: "probe="},
		{name: "no redealer", edit: func(s string) string { return s }, want: "cannot be re-dealt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "golden.txt")
			if msgs := runGolden(golden(path, true, false, true)); len(msgs) > 0 {
				t.Fatalf("update: %v", msgs)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(data), "\n"); n != 6 {
				t.Fatalf("recorded %d lines, want 6:\n%s", n, data)
			}
			if err := os.WriteFile(path, []byte(tt.edit(string(data))), 0o644); err != nil {
				t.Fatal(err)
			}
			msgs := strings.Join(runGolden(golden(path, tt.redeal, tt.clones, false)), "\n")
			switch {
			case tt.want == "" && msgs != "":
				t.Errorf("replay failed:\n%s", msgs)
			case tt.want != "" && !strings.Contains(msgs, tt.want):
				t.Errorf("replay failures %q, want one with %q", msgs, tt.want)
			}
		})
	}
}
