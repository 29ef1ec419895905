package engine_test

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

// lineError is how every error of a log reader begins.
var lineError = regexp.MustCompile(`^line \d+: `)

// FuzzReadLog feeds logs, whole, cut, damaged or compressed, to the
// readers and replays: none may panic, every error names its line, and a
// cut log has every complete game read first.
func FuzzReadLog(f *testing.F) {
	full, compact := logGames(f, engine.LogLines, 1, 2), logGames(f, engine.LogCompact, 3, 4)
	var stop bytes.Buffer
	engine.WriteInterrupted(&stop, 2)
	for _, seed := range [][]byte{
		full, compact, gz(f, full), gz(f, compact),
		append(append([]byte{}, compact...), stop.Bytes()...),
		full[:len(full)/2], compact[:len(compact)-9], gz(f, full)[:200],
		append(append([]byte{}, full...), compact...),
		nil, []byte("\n\n"), []byte(`{"log":"grimoire","version":1,"game":"toy","players":2,"seed":1,"set":[],"bots":[]}`),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lr := engine.NewLogReader(bytes.NewReader(data))
		complete := 0
		for {
			lg, err := lr.Next()
			if err == io.EOF {
				break
			}
			var te *engine.TruncatedError
			switch {
			case errors.As(err, &te):
				if te.Games != complete || lg != nil && lg.Footer != nil {
					t.Fatalf("%v after %d complete games, cut game %+v", err, complete, lg)
				}
			case err != nil:
				if !lineError.MatchString(err.Error()) && err.Error() != "empty log: no header" {
					t.Fatalf("error without its line: %v", err)
				}
			case lg.Footer == nil || lg.Footer.Length != len(lg.Steps):
				t.Fatalf("a complete game without its footer or length: %+v", lg)
			default:
				complete++
			}
			if lg != nil {
				for i, st := range lg.Steps {
					if st.Turn != i {
						t.Fatalf("step %d has turn %d", i, st.Turn)
					}
				}
				engine.Replay(toy{}, lg) // must not panic
			}
			if err != nil {
				if _, again := lr.Next(); again != err {
					t.Fatalf("Next after %v: %v", err, again)
				}
				break
			}
		}
		engine.ReadLogs(bytes.NewReader(data))
		engine.ReadLog(bytes.NewReader(data))
	})
}
