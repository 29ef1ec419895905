package engine

import (
	"bufio"
	"bytes"
	"compress/gzip"
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

// CompactGame is one game on one line of a compact log: the header's
// fields, the number of every action in order (chance outcomes included),
// then the returns, the winning seats and the final state's hash.
type CompactGame struct {
	LogHeader
	Actions []Action  `json:"actions"`
	Returns []float64 `json:"returns"`
	Winners []int     `json:"winners"`
	Hash    string    `json:"hash"`
}

// LogInterrupted is the last line of a log whose run stopped before its
// end, after Games complete games: the log is whole, only shorter than
// asked for.
type LogInterrupted struct {
	Interrupted bool `json:"interrupted"` // always true
	Games       int  `json:"games"`
}

// LogFormat is how a LogWriter writes a game.
type LogFormat uint8

const (
	// LogLines writes a header, a line per action with its name and the
	// hash of the state after it, and a footer.
	LogLines LogFormat = iota
	// LogCompact writes a game on one line, a CompactGame: action numbers
	// only, with no names and no hash but the last, about twenty times
	// smaller. Replays check every action and the end alike, but can only
	// say where a game departs from its log when an action is illegal
	// there or a chance outcome differs.
	LogCompact
)

// Log is one game of a log as a LogReader reads it.
type Log struct {
	Header LogHeader
	Steps  []LogStep
	Footer *LogFooter // nil when the log is truncated
	// Compact is set for a game read from a compact log: its steps have
	// their turn and action only, and its footer comes from the line's
	// returns, winners and hash.
	Compact bool
	// Line is the line of the log the game starts on, from 1.
	Line int
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

// LogWriter writes one game of a log. Use it as
//
//	s, err = lw.Start(header, s)
//	res, err := engine.Play(s, bots, seed, maxActions, lw.Step)
//	err = lw.Finish(res)
//
// Lines are encoded from structs, so their fields always come in the same
// order and the same game always gives the same bytes.
type LogWriter struct {
	w      *bufio.Writer
	enc    *json.Encoder
	format LogFormat
	s      *namingState // LogLines: the state that names actions
	state  State        // the state Start was given
	game   CompactGame  // LogCompact: the game so far
}

// NewLogWriter returns a writer of one game to w in the LogLines format.
// Output is buffered until Finish or Flush.
func NewLogWriter(w io.Writer) *LogWriter { return NewLogWriterFormat(w, LogLines) }

// NewLogWriterFormat returns a writer of one game to w in format f. A
// compact game is written whole by Finish.
func NewLogWriterFormat(w io.Writer, f LogFormat) *LogWriter {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false) // "<" and "&" in action names stay readable
	return &LogWriter{w: bw, enc: enc, format: f}
}

// Start writes the header and returns the state to play: for LogLines, s
// wrapped so that each action is named in the state before it is applied,
// as Play's callback only sees the state after. Play the returned state,
// with Step as the callback.
func (l *LogWriter) Start(h LogHeader, s State) (State, error) {
	h.Log, h.Version = logMagic, LogVersion
	if h.Set == nil {
		h.Set = []string{} // "set":[] rather than null, for one shape
	}
	if h.Bots == nil {
		h.Bots = []string{}
	}
	l.state = s
	if l.format == LogCompact {
		l.game = CompactGame{LogHeader: h, Actions: []Action{}}
		return s, nil
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
	if l.state == nil {
		return errors.New("log step before Start")
	}
	if l.format == LogCompact {
		if st.Turn != len(l.game.Actions) {
			return fmt.Errorf("log turn %d after %d actions", st.Turn, len(l.game.Actions))
		}
		l.game.Actions = append(l.game.Actions, st.Action)
		return nil
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

// Finish writes the end of a finished game and flushes the log.
func (l *LogWriter) Finish(r Result) error {
	if l.state == nil {
		return errors.New("log finished before Start")
	}
	returns, winners := r.Returns, r.Winners
	if returns == nil {
		returns = []float64{}
	}
	if winners == nil {
		winners = []int{}
	}
	var line any = LogFooter{End: true, Returns: returns, Winners: winners, Length: r.Length, Hash: FormatHash(l.state.Hash())}
	if l.format == LogCompact {
		if r.Length != len(l.game.Actions) {
			return fmt.Errorf("log finished after %d actions, %d logged", r.Length, len(l.game.Actions))
		}
		l.game.Returns, l.game.Winners, l.game.Hash = returns, winners, FormatHash(l.state.Hash())
		line = l.game
	}
	if err := l.enc.Encode(line); err != nil {
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

// WriteInterrupted ends a log whose run stopped early, after games
// complete games, with a line saying so, {"interrupted":true,"games":N}:
// readers then know the log is whole, not cut.
func WriteInterrupted(w io.Writer, games int) error {
	b, err := json.Marshal(LogInterrupted{Interrupted: true, Games: games})
	if err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
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

// Reobserve passes on to the state, so that bots reuse their observations
// in logged games too.
func (n *namingState) Reobserve(player int, prev any) any {
	return SeatOf(n.State, player).Reobserve(prev)
}

// Unwrap is the state named, so that a seat sees what it can do besides
// the state API (engine.Redealer).
func (n *namingState) Unwrap() State { return n.State }

// namingChancer is a namingState whose game has chance nodes; a separate
// type so that a state without them does not seem to have them.
type namingChancer struct{ *namingState }

func (n namingChancer) SampleChance() Action { return n.State.(Chancer).SampleChance() }

// maxLogLine bounds one line of a log: a step line is far shorter, a
// compact game of DefaultMaxActions actions too.
const maxLogLine = 16 << 20

// errGzipCut is the read error of a gzip stream cut short.
var errGzipCut = errors.New("gzip stream cut short")

// gzipMagic starts every gzip stream.
var gzipMagic = []byte{0x1f, 0x8b}

// TruncatedError is the error of a log that stops in the middle of a game
// or of a line, as a run killed while it wrote leaves it: every complete
// game before it has been read. It wraps ErrTruncated.
type TruncatedError struct {
	Line  int // the line the log stops on, from 1
	Games int // complete games before it
	// InLine is set when the log stops inside a line (or its gzip stream
	// is cut), rather than between the lines of a game.
	InLine bool
	// Actions is the number of actions of the cut game that were read.
	Actions int
}

func (e *TruncatedError) Error() string {
	what := "cut inside a game"
	if e.InLine {
		what = "cut inside a line"
	}
	msg := fmt.Sprintf("line %d: %s: %s after %d complete %s", e.Line, ErrTruncated, what, e.Games, plural(e.Games, "game"))
	if e.Actions > 0 {
		msg += fmt.Sprintf(" and %d %s of the next", e.Actions, plural(e.Actions, "action"))
	}
	return msg
}

func (e *TruncatedError) Unwrap() error { return ErrTruncated }

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// LogReader reads a log one game at a time, so that a log of any size
// replays in little memory. It reads both formats, mixed if need be, and
// a gzip-compressed log as well as a plain one (told by its first bytes).
type LogReader struct {
	src    io.Reader
	r      *bufio.Reader
	single bool // ReadLog: a second game is an error
	line   int
	games  int
	cur    *Log // the LogLines game being read
	// interrupted is set once the interrupted footer has been read.
	interrupted bool
	readErr     error // a read error, reported once the line before it is done
	err         error // what Next returns from now on
}

// NewLogReader returns a reader of the log in r.
func NewLogReader(r io.Reader) *LogReader { return &LogReader{src: r} }

// Next returns the next complete game. At the end of the log it returns
// io.EOF; see Interrupted for a log that says its run was stopped. A log
// that stops inside a game or a line returns a *TruncatedError, with the
// game cut short (without its Footer, for Replay to verify as far as it
// goes) when at least its header was read. Any other error names its
// line. Once Next has returned an error, it returns it again.
func (lr *LogReader) Next() (*Log, error) {
	if lr.err != nil {
		return nil, lr.err
	}
	lg, err := lr.next()
	if err != nil {
		lr.err = err
	}
	return lg, err
}

// Interrupted reports whether the log ended with a line saying its run
// was stopped, after how many complete games; it is known once Next has
// returned io.EOF.
func (lr *LogReader) Interrupted() (games int, ok bool) { return lr.games, lr.interrupted }

// open starts reading, through gzip when the log is compressed.
func (lr *LogReader) open() error {
	br := bufio.NewReaderSize(lr.src, 64*1024)
	if magic, _ := br.Peek(2); bytes.Equal(magic, gzipMagic) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return err
		}
		br = bufio.NewReaderSize(zr, 64*1024)
	}
	lr.r = br
	return nil
}

func (lr *LogReader) next() (*Log, error) {
	if lr.r == nil {
		if err := lr.open(); err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return lr.truncated(true)
			}
			return nil, fmt.Errorf("line 1: %w", err)
		}
	}
	for {
		b, cut, err := lr.readLine()
		if err == io.EOF || errors.Is(err, errGzipCut) {
			return lr.end()
		}
		lr.line++
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lr.line, err)
		}
		if cut && lr.readErr != io.EOF && !errors.Is(lr.readErr, errGzipCut) {
			return nil, fmt.Errorf("line %d: %w", lr.line, lr.readErr)
		}
		b = bytes.TrimSpace(b)
		if cut && len(b) > 0 && !json.Valid(b) {
			return lr.truncated(true)
		}
		if len(b) == 0 {
			continue
		}
		lg, err := lr.parse(b)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lr.line, err)
		}
		if lg != nil {
			return lg, nil
		}
	}
}

// readLine returns the next line without its newline, and whether it
// lacks one: the last line of a log cut short. At the end of the input it
// returns io.EOF; a read error comes once the lines before it are read.
func (lr *LogReader) readLine() (line []byte, cut bool, err error) {
	if lr.readErr != nil {
		return nil, false, lr.readErr
	}
	var long []byte
	for {
		frag, err := lr.r.ReadSlice('\n')
		switch {
		case err == nil && long == nil:
			return frag[:len(frag)-1], false, nil
		case err == nil:
			long = append(long, frag...)
			return long[:len(long)-1], false, nil
		}
		long = append(long, frag...)
		if len(long) > maxLogLine {
			return nil, false, fmt.Errorf("a line longer than %d bytes", maxLogLine)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
		case errors.Is(err, io.ErrUnexpectedEOF):
			// A gzip stream cut short: what came out of it is a cut line.
			err = errGzipCut
		}
		lr.readErr = err
		if len(long) == 0 {
			return nil, false, err
		}
		return long, true, nil
	}
}

// end is the end of the input, after the line before.
func (lr *LogReader) end() (*Log, error) {
	switch {
	case errors.Is(lr.readErr, errGzipCut):
		lr.line++
		return lr.truncated(true)
	case lr.cur != nil:
		lr.line++
		return lr.truncated(false)
	case lr.games == 0 && !lr.interrupted:
		return nil, errors.New("empty log: no header")
	}
	return nil, io.EOF
}

// truncated returns the game cut short, if any, and its error.
func (lr *LogReader) truncated(inLine bool) (*Log, error) {
	lg := lr.cur
	lr.cur = nil
	e := &TruncatedError{Line: max(lr.line, 1), Games: lr.games, InLine: inLine}
	if lg != nil {
		e.Actions = len(lg.Steps)
	}
	return lg, e
}

// parse reads one line, returning the game it completes, if any.
func (lr *LogReader) parse(b []byte) (*Log, error) {
	if lr.interrupted {
		return nil, errors.New("a line after the interrupted footer")
	}
	if lr.cur != nil && bytes.HasPrefix(b, []byte(`{"turn":`)) {
		return nil, lr.cur.readStep(b) // the most common line, probed fast
	}
	// Only a header has "log", only a footer "end", only a compact game
	// "actions", only the last line "interrupted".
	var probe struct {
		Log         *string         `json:"log"`
		End         *bool           `json:"end"`
		Interrupted *bool           `json:"interrupted"`
		Actions     json.RawMessage `json:"actions"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, err
	}
	switch {
	case probe.Interrupted != nil && probe.Log == nil:
		return nil, lr.readInterrupted(b)
	case probe.Log != nil || lr.cur == nil && lr.games == 0:
		switch {
		case lr.single && lr.games > 0:
			return nil, errors.New("a second game: read it with ReadLogs")
		case lr.cur != nil:
			return nil, errors.New("a new game before the footer of the previous one")
		case probe.Actions != nil:
			lr.games++
			return readCompact(b, lr.line)
		}
		h, err := readHeader(b)
		if err != nil {
			return nil, err
		}
		lr.cur = &Log{Header: h, Line: lr.line}
		return nil, nil
	case lr.cur == nil:
		return nil, errors.New("a line after the footer")
	case probe.End != nil:
		if err := lr.cur.readFooter(b); err != nil {
			return nil, err
		}
		lg := lr.cur
		lr.cur = nil
		lr.games++
		return lg, nil
	}
	return nil, lr.cur.readStep(b)
}

func (lr *LogReader) readInterrupted(b []byte) error {
	var in LogInterrupted
	if err := strictJSON(b, &in); err != nil {
		return fmt.Errorf("interrupted footer: %w", err)
	}
	switch {
	case !in.Interrupted:
		return errors.New(`interrupted footer with "interrupted":false`)
	case lr.cur != nil:
		return fmt.Errorf("an interrupted footer inside a game, after %d actions", len(lr.cur.Steps))
	case in.Games != lr.games:
		return fmt.Errorf("the interrupted footer says %d games, the log has %d", in.Games, lr.games)
	}
	lr.interrupted = true
	return nil
}

func readCompact(b []byte, line int) (*Log, error) {
	var c CompactGame
	if err := strictJSON(b, &c); err != nil {
		return nil, fmt.Errorf("compact game: %w", err)
	}
	if err := checkHeader(c.LogHeader); err != nil {
		return nil, err
	}
	if _, err := parseHash(c.Hash); err != nil {
		return nil, fmt.Errorf("compact game: %w", err)
	}
	lg := &Log{
		Header:  c.LogHeader,
		Steps:   make([]LogStep, len(c.Actions)),
		Footer:  &LogFooter{End: true, Returns: c.Returns, Winners: c.Winners, Length: len(c.Actions), Hash: c.Hash},
		Compact: true,
		Line:    line,
	}
	for i, a := range c.Actions {
		lg.Steps[i] = LogStep{Turn: i, Action: a}
	}
	return lg, nil
}

// ReadLog reads the log of one game. Errors name the line they are on. A
// log without its footer reads fine, with a nil Footer; one cut inside a
// line returns what was read of the game and a *TruncatedError.
func ReadLog(r io.Reader) (*Log, error) {
	lr := NewLogReader(r)
	lr.single = true
	lg, err := lr.Next()
	var te *TruncatedError
	switch {
	case errors.As(err, &te) && lg != nil && !te.InLine:
		return lg, nil
	case err != nil:
		return lg, err
	}
	if _, err := lr.Next(); err != io.EOF {
		return nil, err
	}
	return lg, nil
}

// ReadLogs reads every game of a log into memory, as Simulate writes them;
// a LogReader reads a long log in little memory. Only the last game may
// lack its footer. A log cut inside a line returns the games read, the
// cut one last if its header was read, and a *TruncatedError.
func ReadLogs(r io.Reader) ([]*Log, error) {
	lr := NewLogReader(r)
	var logs []*Log
	for {
		lg, err := lr.Next()
		if lg != nil {
			logs = append(logs, lg)
		}
		var te *TruncatedError
		switch {
		case err == io.EOF:
			return logs, nil
		case errors.As(err, &te) && lg != nil && !te.InLine:
			return logs, nil
		case err != nil:
			return logs, err
		}
	}
}

func readHeader(b []byte) (LogHeader, error) {
	var h LogHeader
	if err := strictJSON(b, &h); err != nil {
		return h, fmt.Errorf("header: %w", err)
	}
	return h, checkHeader(h)
}

func checkHeader(h LogHeader) error {
	if h.Log != logMagic {
		return errors.New(`not a game log: the header has no "log":"grimoire"`)
	}
	if h.Version != LogVersion {
		return fmt.Errorf("log version %d; this program reads version %d", h.Version, LogVersion)
	}
	if h.Players < 1 {
		return fmt.Errorf("header: %d players", h.Players)
	}
	return nil
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
// outcome and resulting hash, then the footer. A compact game has no
// players or hashes to check but the last: each of its actions must be
// legal, and each chance outcome the one drawn. The first departure is a
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
		if p != st.Player && !lg.Compact {
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
		if lg.Compact {
			continue
		}
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

// Verified is how far VerifyLogs went in a log.
type Verified struct {
	Games   int       // complete games replayed and verified
	Actions int       // actions verified, those of a truncated last game included
	Last    *Replayed // the replay of the last game, complete or not
	// Interrupted is set when the log ends with the line saying that its
	// run was stopped, after Games games.
	Interrupted bool
}

// GameError is the error of one game of a log.
type GameError struct {
	Game int // the game's index in the log, from 0
	Line int // the line the game starts on
	Seed uint64
	// Err is a *MismatchError, or build's error, or one of Replay's.
	Err error
}

func (e *GameError) Error() string {
	return fmt.Sprintf("game %d (line %d, seed %d): %v", e.Game, e.Line, e.Seed, e.Err)
}

func (e *GameError) Unwrap() error { return e.Err }

// VerifyLogs reads a log, in either format, plain or gzip-compressed, and
// replays each game as it reads it, in little memory however long the
// log. build returns the Game of a header (with its variant and parameter
// overrides); it is called for every game, so it should keep what it
// builds. VerifyLogs stops at the first error: a game that departs from
// its log, or that build fails on, is a *GameError. A log cut short has
// every complete game verified, and what was read of the cut one, before
// its *TruncatedError is returned. Verified says how far it went, error or
// not.
func VerifyLogs(r io.Reader, build func(LogHeader) (Game, error)) (*Verified, error) {
	lr := NewLogReader(r)
	v := &Verified{}
	for {
		lg, err := lr.Next()
		if err == io.EOF {
			_, v.Interrupted = lr.Interrupted()
			return v, nil
		}
		if lg != nil {
			gameErr := func(err error) error {
				return &GameError{Game: v.Games, Line: lg.Line, Seed: lg.Header.Seed, Err: err}
			}
			g, berr := build(lg.Header)
			if berr != nil {
				return v, gameErr(berr)
			}
			rep, rerr := Replay(g, lg)
			if rerr != nil && (lg.Footer != nil || !errors.Is(rerr, ErrTruncated)) {
				return v, gameErr(rerr)
			}
			v.Actions += rep.Actions
			v.Last = rep
			if rerr == nil {
				v.Games++
			}
		}
		if err != nil {
			return v, err
		}
	}
}
