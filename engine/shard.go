package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Shard picks a slice of a run's games, so that machines that share
// nothing play a study together: shard Index of Count (0 ≤ Index < Count)
// plays the games from Index×Games/Count to (Index+1)×Games/Count − 1, a
// contiguous range, so the shards' logs concatenate in game order. Game i
// keeps its seed and lineup whichever shard plays it. The zero Shard is
// the whole run.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// ParseShard reads "i/n", as --shard takes it.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	var sh Shard
	if ok {
		_, err1 := fmt.Sscan(is, &sh.Index)
		_, err2 := fmt.Sscan(ns, &sh.Count)
		ok = err1 == nil && err2 == nil && fmt.Sprintf("%d/%d", sh.Index, sh.Count) == s
	}
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want i/n, as 0/4", s)
	}
	if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		return Shard{}, fmt.Errorf("shard %q: want 0 ≤ i < n", s)
	}
	return sh, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Span returns the games shard s plays of a run of games: first to
// end − 1.
func (s Shard) Span(games int) (first, end int) {
	if s.Count == 0 {
		return 0, games
	}
	return s.Index * games / s.Count, (s.Index + 1) * games / s.Count
}

func (s Shard) check(games int) error {
	switch {
	case s == Shard{}:
		return nil
	case s.Count < 1 || s.Index < 0 || s.Index >= s.Count:
		return fmt.Errorf("shard %s: want 0 ≤ i < n", s)
	case s.Count > games:
		return fmt.Errorf("shard %s: %d shards for %d games", s, s.Count, games)
	}
	return nil
}

// ShardRange says which games of its study a Summary covers, for the run
// of a shard.
type ShardRange struct {
	Shard
	First int `json:"first"`
	End   int `json:"end"` // one past the last game
	Of    int `json:"of"`  // the study's games
}

// Study is what makes runs parts of one study: runs with the same Study
// play the same games.
type Study struct {
	Game    string   `json:"game"`
	Variant string   `json:"variant,omitempty"` // "" for the base game
	Players int      `json:"players"`
	Games   int      `json:"games"` // of the whole study
	Seed    uint64   `json:"seed"`
	Bots    []string `json:"bots"`
	Set     []string `json:"set"`
	// Data fingerprints the game data the games were played with
	// (SimConfig.Data): shards of the same flags over other data differ.
	Data string `json:"data"`
}

func (s *Study) equal(o *Study) bool {
	return s.Game == o.Game && s.Variant == o.Variant && s.Players == o.Players && s.Games == o.Games &&
		s.Seed == o.Seed && slices.Equal(s.Bots, o.Bots) && slices.Equal(s.Set, o.Set) && s.Data == o.Data
}

// sameStudy says why shard b, named nb, is not of a's study, named na, or
// returns nil. Data alone that differs is named apart: the flags agree.
func sameStudy(na string, a *Study, nb string, b *Study, what string) error {
	if a.equal(b) {
		return nil
	}
	flags := *b
	flags.Data = a.Data
	if a.equal(&flags) {
		return fmt.Errorf("%s: shard of other game data: %s; %s is of %s", nb, b.Data, na, a.Data)
	}
	return fmt.Errorf("%s: shard of another %s: %s; %s is of %s", nb, what, b, na, a)
}

func (s *Study) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", s.Game)
	if s.Variant != "" {
		fmt.Fprintf(&b, " (variant %s)", s.Variant)
	}
	fmt.Fprintf(&b, ", %d games of %d players, seed %d, bots %s", s.Games, s.Players, s.Seed, strings.Join(s.Bots, ","))
	if len(s.Set) > 0 {
		fmt.Fprintf(&b, ", set %s", strings.Join(s.Set, " "))
	}
	return b.String()
}

// The format and version of shard files. A reader refuses other versions:
// a tally merged with one it misreads would be wrong without a sign.
// Version 2 added the data's fingerprint.
const (
	ShardFormat  = "grimoire simulate shard"
	ShardVersion = 2
)

// ShardFile is the mergeable result of a run, whole or a shard: its
// study, the games it covers, and their tally, with a checksum of the
// tally that catches a damaged file.
type ShardFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Study
	Shard    Shard  `json:"shard"` // {0, 0} for a whole run
	First    int    `json:"first"`
	End      int    `json:"end"` // one past the last game
	Timing   Timing `json:"timing"`
	Checksum string `json:"checksum"` // "sha256:" and the hex digest of the tally's JSON
	Tally    *Tally `json:"tally"`
}

// NewShardFile returns the shard file of a finished run: sum must come
// from Simulate, for cfg, and not be Interrupted.
func NewShardFile(cfg *SimConfig, sum *Summary) (*ShardFile, error) {
	if sum.Interrupted || sum.Tally == nil {
		return nil, errors.New("an interrupted run makes no shard file")
	}
	first, end := cfg.Shard.Span(cfg.Games)
	return &ShardFile{
		Format: ShardFormat, Version: ShardVersion,
		Study: Study{
			Game: sum.Game, Variant: cfg.Variant, Players: cfg.Players, Games: cfg.Games, Seed: cfg.Seed,
			Bots: sum.Bots, Set: sum.Set, Data: cfg.Data,
		},
		Shard: cfg.Shard, First: first, End: end, Timing: sum.Timing, Tally: sum.Tally,
	}, nil
}

// checksum is the SHA-256 of v's JSON, as shard files of both kinds
// record it.
func checksum(v any) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(h[:]), nil
}

// Write writes f as indented JSON, with its checksum.
func (f *ShardFile) Write(w io.Writer) error {
	sum, err := checksum(f.Tally)
	if err != nil {
		return err
	}
	g := *f
	g.Checksum = sum
	return writeIndented(w, &g)
}

// writeIndented writes v as indented JSON and a newline.
func writeIndented(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadShardFile reads a shard file, refusing another format or version, a
// checksum that does not match, and figures that do not add up.
func ReadShardFile(r io.Reader) (*ShardFile, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a shard file: %w", err)
	}
	switch {
	case head.Format != ShardFormat:
		return nil, fmt.Errorf("not a shard file: format %q, want %q", head.Format, ShardFormat)
	case head.Version != ShardVersion:
		return nil, fmt.Errorf("shard file version %d; this grimoire reads version %d", head.Version, ShardVersion)
	}
	var f ShardFile
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return nil, fmt.Errorf("damaged shard file: %w", err)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("damaged shard file: %w", err)
	}
	return &f, nil
}

func (f *ShardFile) check() error {
	if f.Tally == nil {
		return errors.New("no tally")
	}
	sum, err := checksum(f.Tally)
	if err != nil {
		return err
	}
	first, end := f.Shard.Span(f.Games)
	switch {
	case sum != f.Checksum:
		return fmt.Errorf("checksum %s does not match its tally's %s", f.Checksum, sum)
	case f.Shard.check(f.Games) != nil || f.Games < 1:
		return fmt.Errorf("shard %s of %d games", f.Shard, f.Games)
	case f.First != first || f.End != end:
		return fmt.Errorf("shard %s of %d games covers games %d to %d, not %d to %d", f.Shard, f.Games, first, end-1, f.First, f.End-1)
	}
	return f.checkTally()
}

// checkTally checks that the tally is of the file's games, players and
// bots; the file's span is checked.
func (f *ShardFile) checkTally() error {
	t := f.Tally
	var bots []string
	for _, b := range f.Bots {
		if !slices.Contains(bots, b) {
			bots = append(bots, b)
		}
	}
	switch {
	case t.games != f.End-f.First:
		return fmt.Errorf("tally of %d games for games %d to %d", t.games, f.First, f.End-1)
	case t.players != f.Players:
		return fmt.Errorf("tally of %d players for %d", t.players, f.Players)
	case !slices.Equal(t.botName, bots):
		return fmt.Errorf("tally of bots %s for %s", strings.Join(t.botName, ","), strings.Join(bots, ","))
	}
	return nil
}

// NamedShard is a shard file and the name it is known by in messages.
type NamedShard struct {
	Name string
	*ShardFile
}

// MergeShards sums up the shards of one study: the Summary that one run
// of all its games gives, but for its Timing, which supposes the shards
// ran at once: the longest shard's seconds, every shard's workers. It
// refuses a shard of another study or one that covers games another
// covers, naming its file, and says which games no shard covers. The
// order of shards does not matter.
func MergeShards(shards []NamedShard) (*Summary, error) {
	if len(shards) == 0 {
		return nil, errors.New("no shards")
	}
	study := &shards[0].Study
	spans := make([]span, len(shards))
	for i, s := range shards {
		if err := sameStudy(shards[0].Name, study, s.Name, &s.Study, "study"); err != nil {
			return nil, err
		}
		spans[i] = span{s.Name, s.Shard, s.First, s.End}
	}
	if err := cover(spans, study.Games, "", study.String()); err != nil {
		return nil, err
	}
	byFirst := slices.Clone(shards)
	slices.SortStableFunc(byFirst, func(a, b NamedShard) int { return a.First - b.First })
	t := NewTally(study.Players, study.Bots)
	var timing Timing
	for _, s := range byFirst {
		t.Merge(s.Tally)
		timing.Seconds = max(timing.Seconds, s.Timing.Seconds)
		timing.Workers += s.Timing.Workers
	}
	if timing.Seconds > 0 {
		timing.GamesPerSecond = float64(study.Games) / timing.Seconds
	}
	sum := t.Summary()
	sum.Game, sum.Seed = study.Game, study.Seed
	sum.Bots = slices.Clone(study.Bots)
	sum.Set = append([]string{}, study.Set...)
	sum.Timing = timing
	sum.Tally = t
	return sum, nil
}

// span is the games a shard file covers.
type span struct {
	name       string
	shard      Shard
	first, end int
}

// cover checks that spans cover games 0 to games − 1 once each, naming
// the file of a span that covers games another does and the games none
// covers; each is "games" of what (" at each grid point", say) of study.
func cover(spans []span, games int, each, study string) error {
	spans = slices.Clone(spans)
	slices.SortStableFunc(spans, func(a, b span) int { return a.first - b.first })
	var missing []string
	next := 0
	for i, s := range spans {
		if s.first < next {
			prev := spans[i-1]
			return fmt.Errorf("%s: games %d to %d of shard %s already in %s (shard %s)", s.name, s.first, min(s.end, next)-1, s.shard, prev.name, prev.shard)
		}
		if s.first > next {
			missing = append(missing, gameRange(next, s.first))
		}
		next = s.end
	}
	if next < games {
		missing = append(missing, gameRange(next, games))
	}
	if missing != nil {
		return fmt.Errorf("no shard covers %s of the %d games%s of %s", strings.Join(missing, ", "), games, each, study)
	}
	return nil
}

func gameRange(first, end int) string {
	if end-first == 1 {
		return fmt.Sprintf("game %d", first)
	}
	return fmt.Sprintf("games %d to %d", first, end-1)
}
