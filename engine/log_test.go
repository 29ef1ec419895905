package engine_test

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// logGame plays one toy game and returns its log.
func logGame(t *testing.T, players int, seed uint64) (string, engine.Result) {
	t.Helper()
	var buf bytes.Buffer
	lw := engine.NewLogWriter(&buf)
	s, err := toy{}.NewState(players, seed)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"random", "first", "random", "first"}[:players]
	s, err = lw.Start(engine.LogHeader{Game: "toy", Players: players, Seed: seed, Set: []string{"days=4"}, Bots: names}, s)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for i, n := range names {
		bots[i], _ = toy{}.NewBot(n)
	}
	r, err := engine.Play(s, bots, seed, 1000, lw.Step)
	if err != nil {
		t.Fatal(err)
	}
	if err := lw.Finish(r); err != nil {
		t.Fatal(err)
	}
	return buf.String(), r
}

func readLog(t *testing.T, text string) *engine.Log {
	t.Helper()
	lg, err := engine.ReadLog(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

func TestLogFormat(t *testing.T) {
	text, r := logGame(t, 2, 42)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if want := `{"log":"grimoire","version":1,"game":"toy","players":2,"seed":42,"set":["days=4"],"bots":["random","first"]}`; lines[0] != want {
		t.Errorf("header\n got %s\nwant %s", lines[0], want)
	}
	step := regexp.MustCompile(`^\{"turn":\d+,"player":-?\d,"action":\d+,"name":"[^"]+","hash":"[0-9a-f]{16}"\}$`)
	for _, l := range lines[1 : len(lines)-1] {
		if !step.MatchString(l) {
			t.Fatalf("step line %s", l)
		}
	}
	foot := regexp.MustCompile(`^\{"end":true,"returns":\[\d+,\d+\],"winners":\[[01](,1)?\],"length":\d+,"hash":"[0-9a-f]{16}"\}$`)
	if !foot.MatchString(lines[len(lines)-1]) {
		t.Errorf("footer %s", lines[len(lines)-1])
	}
	if len(lines) != r.Length+2 {
		t.Errorf("%d lines for %d actions", len(lines), r.Length)
	}
	again, _ := logGame(t, 2, 42)
	if again != text {
		t.Error("the same game logged twice gives different bytes")
	}
}

func TestLogRoundTrip(t *testing.T) {
	text, r := logGame(t, 3, 5)
	lg := readLog(t, text)
	h := lg.Header
	if h.Game != "toy" || h.Players != 3 || h.Seed != 5 || !slices.Equal(h.Bots, []string{"random", "first", "random"}) || !slices.Equal(h.Set, []string{"days=4"}) {
		t.Errorf("header %+v", h)
	}
	if lg.Footer == nil || !slices.Equal(lg.Footer.Returns, r.Returns) || !slices.Equal(lg.Footer.Winners, r.Winners) || lg.Footer.Length != r.Length {
		t.Errorf("footer %+v; result %+v", lg.Footer, r)
	}
	// Names come from the state before the action: the first move takes
	// from the whole pile.
	s, _ := toy{}.NewState(3, 5)
	pile := s.(*toyState).pile
	if lg.Steps[0].Name != "roll "+fmt.Sprint(lg.Steps[0].Action-dieBase) {
		t.Errorf("first step %+v", lg.Steps[0])
	}
	if want := fmt.Sprintf("take %d of %d", lg.Steps[1].Action, pile); lg.Steps[1].Name != want {
		t.Errorf("second step named %q; want %q", lg.Steps[1].Name, want)
	}
	rep, err := engine.Replay(toy{}, lg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Actions != r.Length || !slices.Equal(rep.Returns, r.Returns) || !rep.State.IsTerminal() {
		t.Errorf("replay %+v; result %+v", rep, r)
	}
}

func TestReplayDetectsTampering(t *testing.T) {
	text, _ := logGame(t, 2, 9)
	tests := []struct {
		name     string
		edit     func(lg *engine.Log)
		wantTurn int
		inReason string
	}{
		{"hash", func(lg *engine.Log) { lg.Steps[6].Hash = "0123456789abcdef" }, 6, "hash"},
		{"player move", func(lg *engine.Log) {
			st := &lg.Steps[5]
			if st.Action == 1 {
				st.Action = 2
			} else {
				st.Action = 1
			}
		}, 5, "hash"},
		{"chance", func(lg *engine.Log) {
			st := &lg.Steps[4]
			st.Action = dieBase + 1 + (st.Action-dieBase)%3
		}, 4, "chance gives"},
		{"player", func(lg *engine.Log) { lg.Steps[3].Player = 0; lg.Steps[2].Player = 1 }, 2, "player"},
		{"illegal", func(lg *engine.Log) { lg.Steps[1].Action = 7 }, 1, "illegal action 7"},
		{"returns", func(lg *engine.Log) { lg.Footer.Returns[0]++ }, len(readLog(t, text).Steps), "returns"},
		{"footer hash", func(lg *engine.Log) { lg.Footer.Hash = "0000000000000000" }, len(readLog(t, text).Steps), "hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lg := readLog(t, text)
			tt.edit(lg)
			_, err := engine.Replay(toy{}, lg)
			var me *engine.MismatchError
			if !errors.As(err, &me) {
				t.Fatalf("replay of a tampered log: %v", err)
			}
			if me.Turn != tt.wantTurn || !strings.Contains(me.Reason, tt.inReason) {
				t.Errorf("mismatch %v; want turn %d and %q", me, tt.wantTurn, tt.inReason)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("turn %d: ", tt.wantTurn)) {
				t.Errorf("error %q does not start with its turn", err)
			}
		})
	}
}

// TestReplayTamperedText edits the log's text, as a user would.
func TestReplayTamperedText(t *testing.T) {
	text, _ := logGame(t, 2, 11)
	lines := strings.Split(text, "\n")
	// line 1 is the header, so turn 3 is on line 5
	h := regexp.MustCompile(`"hash":"([0-9a-f]{16})"`).FindStringSubmatch(lines[4])[1]
	flipped := []byte(h)
	flipped[15] ^= 1 // '0'<->'1', 'a'<->'`' would not be hex: stay in range
	if flipped[15] == '`' {
		flipped[15] = 'b'
	}
	lines[4] = strings.Replace(lines[4], h, string(flipped), 1)
	_, err := engine.Replay(toy{}, readLog(t, strings.Join(lines, "\n")))
	if err == nil || !strings.HasPrefix(err.Error(), "turn 3: hash ") {
		t.Errorf("replay: %v", err)
	}
}

func TestReplayTruncated(t *testing.T) {
	text, _ := logGame(t, 2, 3)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	short := strings.Join(lines[:6], "\n") + "\n" // the header and 5 actions
	lg := readLog(t, short)
	if lg.Footer != nil || len(lg.Steps) != 5 {
		t.Fatalf("truncated log read as %d steps, footer %v", len(lg.Steps), lg.Footer)
	}
	rep, err := engine.Replay(toy{}, lg)
	if !errors.Is(err, engine.ErrTruncated) {
		t.Fatalf("replay of a truncated log: %v", err)
	}
	if rep.Actions != 5 || !strings.Contains(err.Error(), "after 5 actions") {
		t.Errorf("%d actions, %v", rep.Actions, err)
	}
	// A truncated log that is also wrong reports the mismatch.
	lg.Steps[2].Hash = "0000000000000000"
	if _, err := engine.Replay(toy{}, lg); errors.Is(err, engine.ErrTruncated) || err == nil {
		t.Errorf("tampered truncated log: %v", err)
	}
}

func TestReadLogErrors(t *testing.T) {
	text, _ := logGame(t, 2, 1)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	join := func(ls ...string) string { return strings.Join(ls, "\n") + "\n" }
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "empty log"},
		{"not a log", `{"game":"toy"}` + "\n", `line 1: not a game log`},
		{"unknown header field", `{"log":"grimoire","lang":"en"}` + "\n", `line 1: header: json: unknown field "lang"`},
		{"foreign header", `{"log":"other","version":1,"game":"toy","players":2}` + "\n", `line 1: not a game log`},
		{"version", strings.Replace(lines[0], `"version":1`, `"version":2`, 1) + "\n", "line 1: log version 2"},
		{"bad json", join(lines[0], lines[1], "{oops"), "line 3: invalid character"},
		{"skipped turn", join(lines[0], lines[1], lines[3]), "line 3: turn 2 where turn 1 was expected"},
		{"bad hash", join(lines[0], strings.Replace(lines[1], `"hash":"`, `"hash":"X`, 1)), "line 2: turn 0: hash"},
		{"unknown field", join(lines[0], strings.Replace(lines[1], `"turn"`, `"tunr"`, 1)), `line 2: json: unknown field "tunr"`},
		{"after footer", join(append(lines, lines[1])...), "line " + fmt.Sprint(len(lines)+1) + ": a line after the footer"},
		{"two games", join(append(lines, lines...)...), "line " + fmt.Sprint(len(lines)+1) + ": a second game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engine.ReadLog(strings.NewReader(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadLog: %v; want %q", err, tt.want)
			}
		})
	}
}

func TestReadLogs(t *testing.T) {
	a, _ := logGame(t, 2, 1)
	b, _ := logGame(t, 3, 2)
	logs, err := engine.ReadLogs(strings.NewReader(a + b))
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) != 2 || logs[0].Header.Players != 2 || logs[1].Header.Players != 3 {
		t.Fatalf("read %d logs", len(logs))
	}
	for _, lg := range logs {
		if _, err := engine.Replay(toy{}, lg); err != nil {
			t.Error(err)
		}
	}
	cut := strings.Join(strings.Split(a, "\n")[:4], "\n") + "\n"
	if _, err := engine.ReadLogs(strings.NewReader(cut + b)); err == nil || !strings.Contains(err.Error(), "line 5: a new game before the footer") {
		t.Errorf("a game after a truncated one: %v", err)
	}
}

func TestLogWriterMisuse(t *testing.T) {
	lw := engine.NewLogWriter(&bytes.Buffer{})
	if err := lw.Step(engine.Step{}, nil); err == nil {
		t.Error("Step before Start: no error")
	}
	s, _ := toy{}.NewState(2, 1)
	wrapped, err := lw.Start(engine.LogHeader{Game: "toy", Players: 2}, s)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := wrapped.(engine.Chancer); !ok {
		t.Fatal("the state Start returns lost its chance nodes")
	}
	// Playing the unwrapped state leaves the log without names.
	_, err = engine.Play(s, []engine.Bot{engine.Random{}, engine.Random{}}, 1, 1000, lw.Step)
	if err == nil || !strings.Contains(err.Error(), "not applied to the state Start returned") {
		t.Errorf("playing the unwrapped state: %v", err)
	}
}

// redealToy is the toy game with a re-deal that deals nothing anew.
type redealToy struct{ *toyState }

func (r redealToy) Redealt(viewer int, rng *engine.RNG) engine.State { return r.Clone() }

// TestLogRedeal: a search bot re-deals the state of a game being logged,
// which the log wraps to name its actions.
func TestLogRedeal(t *testing.T) {
	s, err := toy{}.NewState(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	logged, err := engine.NewLogWriter(&buf).Start(engine.LogHeader{Game: "toy", Players: 2}, redealToy{s.(*toyState)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := engine.SeatOf(logged, 0).Redealt(new(engine.RNG)); !ok {
		t.Error("the logged state cannot be re-dealt")
	}
}
