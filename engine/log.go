package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// LogVersion is the version of the game log format.
const LogVersion = 1

// logMagic is the "log" field of a header: it tells a game log from any
// other JSON Lines file.
const logMagic = "grimoire"

// LogHeader is the first line of a game log: what it takes to re-create the
// first state.
type LogHeader struct {
	Log     string `json:"log"` // always "grimoire"
	Version int    `json:"version"`
	Game    string `json:"game"`
	// Variant is the variant of the game played, such as an expansion;
	// empty, and left out of the line, for the base game, so logs written
	// before variants existed read as games of the base game.
	Variant string   `json:"variant,omitempty"`
	Players int      `json:"players"`
	Seed    uint64   `json:"seed"` // the seed of NewState and Play
	Set     []string `json:"set"`  // parameter overrides, "name=value"
	Bots    []string `json:"bots"` // one per seat
}

// Varianter is a Game built for a variant of its game: Variant returns the
// variant's id, "" for the base game. Replay checks it against the log's.
type Varianter interface {
	Variant() string
}

// LogStep is one action of a game log.
type LogStep struct {
	Turn   int    `json:"turn"`
	Player int    `json:"player"` // a seat, or Chance
	Action Action `json:"action"`
	// Name is the action's English ActionString in the state it was
	// played in; it is for readers, replays do not check it.
	Name string `json:"name"`
	Hash string `json:"hash"` // State.Hash after the action, 16 hex digits
}

// LogFooter is the last line of a complete game log.
type LogFooter struct {
	End     bool      `json:"end"` // always true
	Returns []float64 `json:"returns"`
	Winners []int     `json:"winners"`
	Length  int       `json:"length"` // actions played
	Hash    string    `json:"hash"`   // State.Hash of the final state
}

// Log is a game log as ReadLog reads it.
type Log struct {
	Header LogHeader
	Steps  []LogStep
	Footer *LogFooter // nil when the log is truncated
}

// FormatHash writes a state hash as a log does: 16 lower-case hex digits.
func FormatHash(h uint64) string {
	var b [16]byte
	const digits = "0123456789abcdef"
	for i := 15; i >= 0; i-- {
		b[i] = digits[h&0xf]
		h >>= 4
	}
	return string(b[:])
}

// LogWriter writes one game as a JSON Lines log. Use it as
//
//	s, err = lw.Start(header, s)
//	res, err := engine.Play(s, bots, seed, maxActions, lw.Step)
//	err = lw.Finish(res)
//
// Lines are encoded from structs, so their fields always come in the same
// order and the same game always gives the same bytes.
type LogWriter struct {
	w   *bufio.Writer
	enc *json.Encoder
	s   *namingState
}

// NewLogWriter returns a writer of one game log to w. Output is buffered
// until Finish or Flush.
func NewLogWriter(w io.Writer) *LogWriter {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false) // "<" and "&" in action names stay readable
	return &LogWriter{w: bw, enc: enc}
}

// Start writes the header and returns s wrapped so that each action is
// named in the state before it is applied: Play's callback only sees the
// state after. Play the returned state, with Step as the callback.
func (l *LogWriter) Start(h LogHeader, s State) (State, error) {
	h.Log, h.Version = logMagic, LogVersion
	if h.Set == nil {
		h.Set = []string{} // "set":[] rather than null, for one shape
	}
	if h.Bots == nil {
		h.Bots = []string{}
	}
	if err := l.enc.Encode(h); err != nil {
		return nil, fmt.Errorf("write log header: %w", err)
	}
	l.s = &namingState{State: s}
	if _, ok := s.(Chancer); ok {
		return namingChancer{l.s}, nil
	}
	return l.s, nil
}

// Step writes one action; its signature is Play's onStep.
func (l *LogWriter) Step(st Step, s State) error {
	if l.s == nil {
		return errors.New("log step before Start")
	}
	if !l.s.named || l.s.last != st.Action {
		return fmt.Errorf("log turn %d: action %d was not applied to the state Start returned", st.Turn, st.Action)
	}
	l.s.named = false
	err := l.enc.Encode(LogStep{
		Turn:   st.Turn,
		Player: st.Player,
		Action: st.Action,
		Name:   l.s.name,
		Hash:   FormatHash(s.Hash()),
	})
	if err != nil {
		return fmt.Errorf("write log turn %d: %w", st.Turn, err)
	}
	return nil
}

// Finish writes the footer of a finished game and flushes the log.
func (l *LogWriter) Finish(r Result) error {
	if l.s == nil {
		return errors.New("log finished before Start")
	}
	f := LogFooter{End: true, Returns: r.Returns, Winners: r.Winners, Length: r.Length, Hash: FormatHash(l.s.Hash())}
	if f.Returns == nil {
		f.Returns = []float64{}
	}
	if f.Winners == nil {
		f.Winners = []int{}
	}
	if err := l.enc.Encode(f); err != nil {
		return fmt.Errorf("write log footer: %w", err)
	}
	return l.Flush()
}

// Flush writes out what is buffered, such as the lines of a game that
// failed before its end.
func (l *LogWriter) Flush() error {
	if err := l.w.Flush(); err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	return nil
}

// namingState records the English name of each action just before it is
// applied, for the log line Play's callback writes right after.
type namingState struct {
	State
	name  string
	last  Action
	named bool
}

func (n *namingState) Apply(a Action) error {
	name := n.State.ActionString(a, "en")
	if err := n.State.Apply(a); err != nil {
		return err
	}
	n.name, n.last, n.named = name, a, true
	return nil
}

// namingChancer is a namingState whose game has chance nodes; a separate
// type so that a state without them does not seem to have them.
type namingChancer struct{ *namingState }

func (n namingChancer) SampleChance() Action { return n.State.(Chancer).SampleChance() }

// maxLogLine bounds one line of a log; a step line is far shorter.
const maxLogLine = 1 << 20

// ReadLog reads the log of one game. Errors name the line they are on. A
// log without its footer reads fine, with a nil Footer.
func ReadLog(r io.Reader) (*Log, error) {
	logs, err := readLogs(r, false)
	if err != nil {
		return nil, err
	}
	return logs[0], nil
}

// ReadLogs reads the logs of several games written one after another, as
// Simulate writes them. Only the last may lack its footer.
func ReadLogs(r io.Reader) ([]*Log, error) {
	return readLogs(r, true)
}

func readLogs(r io.Reader, many bool) ([]*Log, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLogLine)
	var logs []*Log
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		err := func() error {
			// Only a header has "log", only a footer "end".
			var probe struct {
				Log *string `json:"log"`
				End *bool   `json:"end"`
			}
			if err := json.Unmarshal(b, &probe); err != nil {
				return err
			}
			if probe.Log != nil || len(logs) == 0 {
				switch {
				case len(logs) > 0 && !many:
					return errors.New("a second game: read it with ReadLogs")
				case len(logs) > 0 && logs[len(logs)-1].Footer == nil:
					return errors.New("a new game before the footer of the previous one")
				}
				h, err := readHeader(b)
				if err != nil {
					return err
				}
				logs = append(logs, &Log{Header: h})
				return nil
			}
			lg := logs[len(logs)-1]
			if lg.Footer != nil {
				return errors.New("a line after the footer")
			}
			if probe.End != nil {
				return lg.readFooter(b)
			}
			return lg.readStep(b)
		}()
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if len(logs) == 0 {
		return nil, errors.New("empty log: no header")
	}
	return logs, nil
}

func readHeader(b []byte) (LogHeader, error) {
	var h LogHeader
	if err := strictJSON(b, &h); err != nil {
		return h, fmt.Errorf("header: %w", err)
	}
	if h.Log != logMagic {
		return h, errors.New(`not a game log: the header has no "log":"grimoire"`)
	}
	if h.Version != LogVersion {
		return h, fmt.Errorf("log version %d; this program reads version %d", h.Version, LogVersion)
	}
	if h.Players < 1 {
		return h, fmt.Errorf("header: %d players", h.Players)
	}
	return h, nil
}

func (lg *Log) readFooter(b []byte) error {
	var f LogFooter
	if err := strictJSON(b, &f); err != nil {
		return fmt.Errorf("footer: %w", err)
	}
	if !f.End {
		return errors.New(`footer with "end":false`)
	}
	if _, err := parseHash(f.Hash); err != nil {
		return fmt.Errorf("footer: %w", err)
	}
	lg.Footer = &f
	return nil
}

func (lg *Log) readStep(b []byte) error {
	var st LogStep
	if err := strictJSON(b, &st); err != nil {
		return err
	}
	if st.Turn != len(lg.Steps) {
		return fmt.Errorf("turn %d where turn %d was expected", st.Turn, len(lg.Steps))
	}
	if _, err := parseHash(st.Hash); err != nil {
		return fmt.Errorf("turn %d: %w", st.Turn, err)
	}
	lg.Steps = append(lg.Steps, st)
	return nil
}

// strictJSON decodes one line, refusing unknown fields: a misspelt field
// would otherwise be silently lost.
func strictJSON(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// variantName names a variant in messages: "variant x", or "the base game".
func variantName(v string) string {
	if v == "" {
		return "the base game"
	}
	return fmt.Sprintf("variant %q", v)
}

func parseHash(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("hash %q is not 16 hex digits", s)
	}
	h, err := strconv.ParseUint(s, 16, 64)
	if err != nil || FormatHash(h) != s {
		return 0, fmt.Errorf("hash %q is not 16 lower-case hex digits", s)
	}
	return h, nil
}

// ErrTruncated is wrapped by Replay's error for a log without its footer,
// once every action it has has been verified.
var ErrTruncated = errors.New("log truncated")

// MismatchError is where a replay departs from its log.
type MismatchError struct {
	Turn   int // the turn of the first mismatch; the length at the end
	Reason string
}

func (e *MismatchError) Error() string { return fmt.Sprintf("turn %d: %s", e.Turn, e.Reason) }

// Replayed is the outcome of a replay.
type Replayed struct {
	Actions int       // actions replayed and verified
	Returns []float64 // the returns of the last state
	State   State     // the last state
}

// Replay re-plays a log with g, which the caller builds with the header's
// variant and parameter overrides, and checks each action's player, chance
// outcome and resulting hash, then the footer. The first departure is a
// *MismatchError. A log without footer is verified as far as it goes and
// the error wraps ErrTruncated. When g is a Varianter, its variant must be
// the header's.
func Replay(g Game, lg *Log) (*Replayed, error) {
	h := lg.Header
	if g.ID() != h.Game {
		return nil, fmt.Errorf("log of game %q replayed with game %q", h.Game, g.ID())
	}
	if v, ok := g.(Varianter); ok && v.Variant() != h.Variant {
		return nil, fmt.Errorf("log of %s replayed with %s", variantName(h.Variant), variantName(v.Variant()))
	}
	s, err := g.NewState(h.Players, h.Seed)
	if err != nil {
		return nil, fmt.Errorf("new state: %w", err)
	}
	out := &Replayed{State: s}
	for _, st := range lg.Steps {
		mismatch := func(format string, args ...any) error {
			return &MismatchError{Turn: st.Turn, Reason: fmt.Sprintf(format, args...)}
		}
		if s.IsTerminal() {
			return out, mismatch("the game is over but the log goes on")
		}
		p := s.CurrentPlayer()
		if p != st.Player {
			return out, mismatch("player %d to move, the log says %d", p, st.Player)
		}
		if p == Chance {
			// Sampling advances the state's RNG as it did in play; then
			// the outcome must be the logged one.
			c, ok := s.(Chancer)
			if !ok {
				return out, mismatch("state at a chance node cannot sample it")
			}
			if a := c.SampleChance(); a != st.Action {
				return out, mismatch("chance gives action %d, the log says %d", a, st.Action)
			}
		}
		if err := s.Apply(st.Action); err != nil {
			return out, &MismatchError{Turn: st.Turn, Reason: fmt.Sprintf("action %d: %v", st.Action, err)}
		}
		out.Actions++
		if got := FormatHash(s.Hash()); got != st.Hash {
			return out, mismatch("hash %s after action %d (%s), the log says %s", got, st.Action, st.Name, st.Hash)
		}
	}
	out.Returns = s.Returns()
	f := lg.Footer
	if f == nil {
		return out, fmt.Errorf("%w after %d actions: no footer (the %d actions present match)", ErrTruncated, out.Actions, out.Actions)
	}
	end := func(format string, args ...any) error {
		return &MismatchError{Turn: out.Actions, Reason: "end: " + fmt.Sprintf(format, args...)}
	}
	switch {
	case !s.IsTerminal():
		return out, end("the log ends but the game is not over")
	case f.Length != out.Actions:
		return out, end("length %d, the log has %d actions", f.Length, out.Actions)
	case FormatHash(s.Hash()) != f.Hash:
		return out, end("hash %s, the log says %s", FormatHash(s.Hash()), f.Hash)
	case !slices.Equal(out.Returns, f.Returns):
		return out, end("returns %v, the log says %v", out.Returns, f.Returns)
	case !slices.Equal(Winners(out.Returns), f.Winners):
		return out, end("winners %v, the log says %v", Winners(out.Returns), f.Winners)
	}
	return out, nil
}
