package engine_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// logGames logs toy games in a format, one after another.
func logGames(t testing.TB, f engine.LogFormat, seeds ...uint64) []byte {
	t.Helper()
	var buf bytes.Buffer
	for _, seed := range seeds {
		lw := engine.NewLogWriterFormat(&buf, f)
		s, err := toy{}.NewState(2, seed)
		if err != nil {
			t.Fatal(err)
		}
		s, err = lw.Start(engine.LogHeader{Game: "toy", Players: 2, Seed: seed, Bots: []string{"random", "first"}}, s)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.Play(s, []engine.Bot{engine.Random{}, firstBot{}}, seed, 1000, lw.Step)
		if err != nil {
			t.Fatal(err)
		}
		if err := lw.Finish(r); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func gz(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func buildToy(h engine.LogHeader) (engine.Game, error) {
	if h.Game != "toy" {
		return nil, fmt.Errorf("no game %q", h.Game)
	}
	return toy{}, nil
}

func verify(b []byte) (*engine.Verified, error) {
	return engine.VerifyLogs(bytes.NewReader(b), buildToy)
}

// TestLogCutAnywhere cuts a log of three games at every byte of its last
// game: the first two are verified, then the cut is reported as such.
func TestLogCutAnywhere(t *testing.T) {
	for _, f := range []engine.LogFormat{engine.LogLines, engine.LogCompact} {
		t.Run(fmt.Sprint("format ", f), func(t *testing.T) {
			first := logGames(t, f, 1, 2)
			whole := append(slices.Clone(first), logGames(t, f, 3)...)
			lineStarts := map[int]bool{}
			for i, c := range whole {
				if c == '\n' {
					lineStarts[i+1] = true
				}
			}
			if v, err := verify(first); err != nil || v.Games != 2 {
				t.Fatalf("two games: %+v, %v", v, err)
			}
			for at := len(first) + 1; at < len(whole); at++ {
				v, err := verify(whole[:at])
				cut := at
				if whole[at] == '\n' {
					// A line cut before its newline alone is whole.
					if at == len(whole)-1 {
						if err != nil || v.Games != 3 {
							t.Errorf("cut before the last newline: %+v, %v", v, err)
						}
						continue
					}
					cut++
				}
				var te *engine.TruncatedError
				if !errors.As(err, &te) || !errors.Is(err, engine.ErrTruncated) {
					t.Fatalf("cut at %d of %d: %v", cut, len(whole), err)
				}
				if te.Games != 2 || v.Games != 2 {
					t.Fatalf("cut at %d: %d complete games, %d verified; want 2", cut, te.Games, v.Games)
				}
				if te.InLine == lineStarts[cut] {
					t.Errorf("cut at %d (line start %v): InLine %v", cut, lineStarts[cut], te.InLine)
				}
				want := bytes.Count(whole[:cut], []byte("\n")) + 1
				if te.Line != want {
					t.Errorf("cut at %d: line %d; want %d", cut, te.Line, want)
				}
				// The cut game's actions are verified as far as they go.
				if f == engine.LogLines && te.Actions != max(want-bytes.Count(first, []byte("\n"))-2, 0) {
					t.Errorf("cut at %d: %d actions of the cut game", cut, te.Actions)
				}
				if v.Actions < te.Actions {
					t.Errorf("cut at %d: %d actions verified, %d read", cut, v.Actions, te.Actions)
				}
				// ReadLogs returns the complete games, and the error for a
				// cut inside a line.
				logs, err := engine.ReadLogs(bytes.NewReader(whole[:cut]))
				if len(logs) < 2 || logs[0].Footer == nil || logs[1].Footer == nil || (err != nil) != te.InLine {
					t.Fatalf("cut at %d: ReadLogs %d logs, %v", cut, len(logs), err)
				}
			}
			if v, err := verify(whole); err != nil || v.Games != 3 || v.Interrupted {
				t.Errorf("whole log: %+v, %v", v, err)
			}
		})
	}
}

// TestGzipCutAnywhere cuts a compressed log at every byte: what is read
// is verified, and the cut is reported as such, never as a raw error.
func TestGzipCutAnywhere(t *testing.T) {
	for _, f := range []engine.LogFormat{engine.LogLines, engine.LogCompact} {
		whole := gz(t, logGames(t, f, 1, 2, 3))
		last := 0
		for cut := 1; cut < len(whole); cut++ {
			v, err := verify(whole[:cut])
			var te *engine.TruncatedError
			if !errors.As(err, &te) || !te.InLine {
				t.Fatalf("format %d, cut at %d of %d: %v", f, cut, len(whole), err)
			}
			if te.Games != v.Games || te.Games < last {
				t.Fatalf("format %d, cut at %d: %d games verified, %d complete, %d before", f, cut, v.Games, te.Games, last)
			}
			last = te.Games
		}
		if v, err := verify(whole); err != nil || v.Games != 3 {
			t.Errorf("format %d, whole log: %+v, %v", f, v, err)
		}
	}
}

func TestTruncatedErrorMessage(t *testing.T) {
	tests := []struct {
		e    engine.TruncatedError
		want string
	}{
		{engine.TruncatedError{Line: 9, Games: 2, InLine: true, Actions: 3}, "line 9: log truncated: cut inside a line after 2 complete games and 3 actions of the next"},
		{engine.TruncatedError{Line: 4, Games: 1, Actions: 1}, "line 4: log truncated: cut inside a game after 1 complete game and 1 action of the next"},
		{engine.TruncatedError{Line: 1, InLine: true}, "line 1: log truncated: cut inside a line after 0 complete games"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("Error() = %q; want %q", got, tt.want)
		}
	}
}

func TestLogInterrupted(t *testing.T) {
	for _, f := range []engine.LogFormat{engine.LogLines, engine.LogCompact} {
		two := logGames(t, f, 4, 5)
		var end bytes.Buffer
		if err := engine.WriteInterrupted(&end, 2); err != nil {
			t.Fatal(err)
		}
		if want := `{"interrupted":true,"games":2}` + "\n"; end.String() != want {
			t.Fatalf("interrupted line %q; want %q", end.String(), want)
		}
		for _, log := range [][]byte{append(slices.Clone(two), end.Bytes()...), gz(t, append(slices.Clone(two), end.Bytes()...))} {
			v, err := verify(log)
			if err != nil || v.Games != 2 || !v.Interrupted {
				t.Errorf("format %d: interrupted log: %+v, %v", f, v, err)
			}
			lr := engine.NewLogReader(bytes.NewReader(log))
			n := 0
			for {
				_, err := lr.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if games, ok := lr.Interrupted(); !ok || games != 2 || n != 2 {
				t.Errorf("Interrupted() = %d, %v after %d games", games, ok, n)
			}
		}
	}
	full := string(logGames(t, engine.LogLines, 4))
	lines := strings.SplitAfter(full, "\n")
	tests := []struct {
		name, log, want string
	}{
		{"count", full + `{"interrupted":true,"games":2}` + "\n", "says 2 games, the log has 1"},
		{"in a game", strings.Join(lines[:3], "") + `{"interrupted":true,"games":0}` + "\n", "line 4: an interrupted footer inside a game, after 2 actions"},
		{"after it", full + `{"interrupted":true,"games":1}` + "\n" + lines[0], "a line after the interrupted footer"},
		{"false", full + `{"interrupted":false,"games":1}` + "\n", `"interrupted":false`},
		{"unknown field", full + `{"interrupted":true,"games":1,"why":"ctrl-c"}` + "\n", `unknown field "why"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := verify([]byte(tt.log)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("VerifyLogs: %v; want %q", err, tt.want)
			}
		})
	}
	// Without any game, an interrupted line is a whole, empty log.
	if v, err := verify([]byte(`{"interrupted":true,"games":0}` + "\n")); err != nil || v.Games != 0 || !v.Interrupted {
		t.Errorf("an empty interrupted log: %+v, %v", v, err)
	}
}

func TestCompactRoundTrip(t *testing.T) {
	full, compact := logGames(t, engine.LogLines, 8), logGames(t, engine.LogCompact, 8)
	if bytes.Count(compact, []byte("\n")) != 1 {
		t.Fatalf("a compact game on more than a line:\n%s", compact)
	}
	line := regexp.MustCompile(`^\{"log":"grimoire","version":1,"game":"toy","players":2,"seed":8,"set":\[\],"bots":\["random","first"\],"actions":\[\d+(,\d+)*\],"returns":\[\d+,\d+\],"winners":\[[01](,1)?\],"hash":"[0-9a-f]{16}"\}\n$`)
	if !line.Match(compact) {
		t.Errorf("compact line %s", compact)
	}
	if 4*len(compact) > len(full) {
		t.Errorf("compact game of %d bytes; the full one has %d", len(compact), len(full))
	}
	a, err := engine.ReadLog(bytes.NewReader(full))
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.ReadLog(bytes.NewReader(compact))
	if err != nil {
		t.Fatal(err)
	}
	if a.Compact || !b.Compact || b.Line != 1 {
		t.Errorf("Compact %v and %v, line %d", a.Compact, b.Compact, b.Line)
	}
	if !slices.EqualFunc(a.Steps, b.Steps, func(x, y engine.LogStep) bool { return x.Turn == y.Turn && x.Action == y.Action }) {
		t.Errorf("actions differ:\n%v\n%v", a.Steps, b.Steps)
	}
	if fa, fb := *a.Footer, *b.Footer; fa.Hash != fb.Hash || fa.Length != fb.Length || !slices.Equal(fa.Returns, fb.Returns) || !slices.Equal(fa.Winners, fb.Winners) {
		t.Errorf("footers differ: %+v, %+v", fa, fb)
	}
	if _, err := engine.Replay(toy{}, b); err != nil {
		t.Error(err)
	}
	// A compressed log, and the two formats one after the other, read
	// alike.
	for _, log := range [][]byte{gz(t, compact), append(slices.Clone(full), compact...), gz(t, append(slices.Clone(compact), full...))} {
		logs, err := engine.ReadLogs(bytes.NewReader(log))
		if err != nil || len(logs) == 0 {
			t.Fatalf("ReadLogs: %d logs, %v", len(logs), err)
		}
		for _, lg := range logs {
			if _, err := engine.Replay(toy{}, lg); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestReplayCompactTampered: replays find a changed compact game.
func TestReplayCompactTampered(t *testing.T) {
	lg, err := engine.ReadLog(bytes.NewReader(logGames(t, engine.LogCompact, 9)))
	if err != nil {
		t.Fatal(err)
	}
	n := len(lg.Steps)
	tests := []struct {
		name     string
		edit     func(lg *engine.Log)
		wantTurn int
		inReason string
	}{
		{"chance", func(lg *engine.Log) {
			st := &lg.Steps[4]
			st.Action = dieBase + 1 + (st.Action-dieBase)%3
		}, 4, "chance gives"},
		{"illegal", func(lg *engine.Log) { lg.Steps[1].Action = 7 }, 1, "illegal action 7"},
		{"move", func(lg *engine.Log) {
			// Another legal move changes the end, if nothing before.
			st := &lg.Steps[n-1]
			st.Action = 1 + st.Action%2
		}, n - 1, ""},
		{"short", func(lg *engine.Log) { lg.Steps = lg.Steps[:n-1]; lg.Footer.Length-- }, n - 1, "not over"},
		{"returns", func(lg *engine.Log) { lg.Footer.Returns[1]++ }, n, "returns"},
		{"hash", func(lg *engine.Log) { lg.Footer.Hash = "0000000000000000" }, n, "hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := *lg
			c.Steps = slices.Clone(lg.Steps)
			f := *lg.Footer
			f.Returns = slices.Clone(f.Returns)
			c.Footer = &f
			tt.edit(&c)
			_, err := engine.Replay(toy{}, &c)
			var me *engine.MismatchError
			if !errors.As(err, &me) {
				t.Fatalf("replay of a tampered compact game: %v", err)
			}
			if me.Turn < tt.wantTurn || !strings.Contains(me.Reason, tt.inReason) {
				t.Errorf("mismatch %v; want turn %d and %q", me, tt.wantTurn, tt.inReason)
			}
		})
	}
	// Text edits too: the first action of the line changed.
	text := string(logGames(t, engine.LogCompact, 9))
	i := strings.Index(text, `"actions":[`) + len(`"actions":[`)
	j := i + strings.IndexByte(text[i:], ',')
	bad := text[:i] + "99" + text[j:]
	if _, err := verify([]byte(bad)); err == nil || !strings.Contains(err.Error(), "game 0 (line 1, seed 9): turn 0:") {
		t.Errorf("a changed action: %v", err)
	}
}

func TestVerifyLogsErrors(t *testing.T) {
	two := logGames(t, engine.LogLines, 1, 2)
	lines := strings.SplitAfter(string(two), "\n")
	// The second game's third step gets another hash.
	second := slices.IndexFunc(lines[1:], func(l string) bool { return strings.HasPrefix(l, `{"log"`) }) + 1
	tampered := slices.Clone(lines)
	tampered[second+3] = regexp.MustCompile(`"hash":"[0-9a-f]{16}"`).ReplaceAllString(tampered[second+3], `"hash":"00000000deadbeef"`)
	v, err := verify([]byte(strings.Join(tampered, "")))
	var ge *engine.GameError
	var me *engine.MismatchError
	if !errors.As(err, &ge) || !errors.As(err, &me) || ge.Game != 1 || ge.Line != second+1 || ge.Seed != 2 || me.Turn != 2 || v.Games != 1 {
		t.Errorf("tampered second game: %+v, %v", v, err)
	}
	other := strings.Replace(string(two), `"game":"toy"`, `"game":"chess"`, 1)
	if _, err := verify([]byte(other)); !errors.As(err, &ge) || ge.Game != 0 || !strings.Contains(err.Error(), `no game "chess"`) {
		t.Errorf("a game build refuses: %v", err)
	}
	if _, err := verify(nil); err == nil || !strings.Contains(err.Error(), "empty log") {
		t.Errorf("empty log: %v", err)
	}
	// A compressed log with a wrong checksum is damaged, not cut.
	bad := gz(t, two)
	bad[len(bad)-8] ^= 1
	if v, err := verify(bad); err == nil || errors.Is(err, engine.ErrTruncated) || !strings.Contains(err.Error(), "checksum") || v.Games != 2 {
		t.Errorf("bad gzip checksum: %+v, %v", v, err)
	}
}

// TestSimulateLogFormats: a run's log in every format verifies, and the
// formats hold the same games.
func TestSimulateLogFormats(t *testing.T) {
	var footers [][]engine.LogFooter
	for _, cfg := range []struct {
		f  engine.LogFormat
		gz bool
	}{{engine.LogLines, false}, {engine.LogCompact, false}, {engine.LogLines, true}, {engine.LogCompact, true}} {
		var buf bytes.Buffer
		simulate(t, engine.SimConfig{Players: 3, Games: 40, Seed: 2, Bots: []string{"random", "first"}, Workers: 3, Log: &buf, LogFormat: cfg.f, LogGzip: cfg.gz})
		if gzipped := bytes.HasPrefix(buf.Bytes(), []byte{0x1f, 0x8b}); gzipped != cfg.gz {
			t.Errorf("%+v: gzip %v", cfg, gzipped)
		}
		logs, err := engine.ReadLogs(&buf)
		if err != nil || len(logs) != 40 {
			t.Fatalf("%+v: %d games, %v", cfg, len(logs), err)
		}
		var fs []engine.LogFooter
		for _, lg := range logs {
			if lg.Compact != (cfg.f == engine.LogCompact) {
				t.Fatalf("%+v: game read as compact %v", cfg, lg.Compact)
			}
			if _, err := engine.Replay(toy{}, lg); err != nil {
				t.Fatal(err)
			}
			fs = append(fs, *lg.Footer)
		}
		footers = append(footers, fs)
	}
	for _, fs := range footers[1:] {
		for i := range fs {
			if fs[i].Hash != footers[0][i].Hash || fs[i].Length != footers[0][i].Length {
				t.Fatalf("game %d ends differently in two formats", i)
			}
		}
	}
}

// TestSimulateInterrupted: a run canceled once its first game is written
// returns the summary of its first games, whose log ends with the
// interrupted line.
func TestSimulateInterrupted(t *testing.T) {
	for _, zip := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		var buf bytes.Buffer
		w := &cancelWriter{cancel: cancel, w: &buf}
		sum, err := engine.Simulate(ctx, engine.SimConfig{Game: toy{}, Players: 2, Games: 100_000, Bots: []string{"random"}, Workers: 2, Log: w, LogFormat: engine.LogCompact, LogGzip: zip})
		cancel()
		if !errors.Is(err, context.Canceled) || sum == nil || !sum.Interrupted || sum.Games < 1 || sum.Games == 100_000 {
			t.Fatalf("gzip %v: canceled run: %+v, %v", zip, sum, err)
		}
		if want := fmt.Sprintf("simulation stopped after %d of 100000 games", sum.Games); !strings.Contains(err.Error(), want) {
			t.Errorf("error %q; want %q", err, want)
		}
		v, err := verify(buf.Bytes())
		if err != nil || !v.Interrupted || v.Games != sum.Games {
			t.Errorf("gzip %v: the log of a canceled run: %+v, %v; the summary has %d games", zip, v, err, sum.Games)
		}
		// The summary is that of a run of as many games.
		again := simulate(t, engine.SimConfig{Players: 2, Games: sum.Games, Bots: []string{"random"}})
		sum.Timing, again.Timing = engine.Timing{}, engine.Timing{}
		sum.Interrupted = false
		if !reflect.DeepEqual(sum, again) {
			t.Errorf("interrupted summary\n%+v\nwant\n%+v", sum, again)
		}
	}
}
