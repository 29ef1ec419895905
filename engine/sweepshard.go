package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// SweepAxis is one swept parameter and the values it takes.
type SweepAxis struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// SweepStudy is what makes runs parts of one sweep: the study every grid
// point plays (Games is per point, Set the overrides fixed at every
// point) and the axes of the grid.
type SweepStudy struct {
	Study
	Axes []SweepAxis `json:"axes"`
}

func (s *SweepStudy) equal(o *SweepStudy) bool {
	return s.Study.equal(&o.Study) && slices.EqualFunc(s.Axes, o.Axes, func(a, b SweepAxis) bool {
		return a.Name == b.Name && slices.Equal(a.Values, b.Values)
	})
}

func (s *SweepStudy) String() string {
	var b strings.Builder
	b.WriteString(s.Study.String())
	for i, ax := range s.Axes {
		sep := " by "
		if i == 0 {
			sep = ", sweeping "
		}
		fmt.Fprintf(&b, "%s%s=%s", sep, ax.Name, strings.Join(ax.Values, ","))
	}
	return b.String()
}

// Grid lists the points of the axes' product, the first axis varying
// slowest: each point is one value by axis.
func Grid(axes []SweepAxis) [][]string {
	points := [][]string{nil}
	for _, ax := range axes {
		var next [][]string
		for _, p := range points {
			for _, v := range ax.Values {
				next = append(next, append(slices.Clip(p), v))
			}
		}
		points = next
	}
	return points
}

// PointSet is the overrides a grid point is played with: the fixed ones,
// then name=value for each axis.
func (s *SweepStudy) PointSet(values []string) []string {
	set := slices.Clone(s.Set)
	for i, ax := range s.Axes {
		set = append(set, ax.Name+"="+values[i])
	}
	return set
}

// The format and version of sweep shard files.
const (
	SweepShardFormat  = "grimoire sweep shard"
	SweepShardVersion = 1
)

// SweepPoint is the tally of one grid point's games.
type SweepPoint struct {
	Values []string `json:"values"`
	Tally  *Tally   `json:"tally"`
}

// SweepShardFile is the mergeable result of a sweep, whole or a shard. A
// shard i/n of a sweep plays shard i/n of every grid point's games (the
// games Shard.Span gives, with their seeds and lineups), so every shard
// holds every point and the shards take about as long as one another.
type SweepShardFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	SweepStudy
	Shard    Shard        `json:"shard"` // {0, 0} for a whole sweep
	First    int          `json:"first"` // of every point's games
	End      int          `json:"end"`
	Timing   Timing       `json:"timing"` // of the whole shard, every point
	Checksum string       `json:"checksum"`
	Points   []SweepPoint `json:"points"` // in Grid order
}

// NewSweepShardFile returns the shard file of a finished sweep: sums are
// the points' summaries, in Grid order, from Simulate with shard, and none
// Interrupted.
func NewSweepShardFile(study *SweepStudy, shard Shard, timing Timing, sums []*Summary) (*SweepShardFile, error) {
	grid := Grid(study.Axes)
	if len(sums) != len(grid) {
		return nil, fmt.Errorf("%d of the %d grid points played: an interrupted sweep makes no shard file", len(sums), len(grid))
	}
	first, end := shard.Span(study.Games)
	f := &SweepShardFile{
		Format: SweepShardFormat, Version: SweepShardVersion, SweepStudy: *study,
		Shard: shard, First: first, End: end, Timing: timing,
	}
	for i, sum := range sums {
		if sum.Interrupted || sum.Tally == nil {
			return nil, errors.New("an interrupted sweep makes no shard file")
		}
		f.Points = append(f.Points, SweepPoint{Values: grid[i], Tally: sum.Tally})
	}
	return f, nil
}

// Write writes f as indented JSON, with its checksum.
func (f *SweepShardFile) Write(w io.Writer) error {
	sum, err := checksum(f.Points)
	if err != nil {
		return err
	}
	g := *f
	g.Checksum = sum
	return writeIndented(w, &g)
}

// AnyShardFile is a shard file of either kind, as ReadAnyShardFile reads
// it: exactly one of Simulate and Sweep is set.
type AnyShardFile struct {
	Simulate *ShardFile
	Sweep    *SweepShardFile
}

// ReadAnyShardFile reads a shard file of simulate or of sweep, telling
// them apart by their format, and checks it as ReadShardFile does.
func ReadAnyShardFile(r io.Reader) (AnyShardFile, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return AnyShardFile{}, err
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return AnyShardFile{}, fmt.Errorf("not a shard file: %w", err)
	}
	if head.Format != SweepShardFormat {
		f, err := ReadShardFile(bytes.NewReader(data))
		if err != nil && head.Format != ShardFormat {
			err = fmt.Errorf("not a shard file: format %q, want %q or %q", head.Format, ShardFormat, SweepShardFormat)
		}
		return AnyShardFile{Simulate: f}, err
	}
	if head.Version != SweepShardVersion {
		return AnyShardFile{}, fmt.Errorf("sweep shard file version %d; this grimoire reads version %d", head.Version, SweepShardVersion)
	}
	var f SweepShardFile
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return AnyShardFile{}, fmt.Errorf("damaged shard file: %w", err)
	}
	if err := f.check(); err != nil {
		return AnyShardFile{}, fmt.Errorf("damaged shard file: %w", err)
	}
	return AnyShardFile{Sweep: &f}, nil
}

func (f *SweepShardFile) check() error {
	sum, err := checksum(f.Points)
	if err != nil {
		return err
	}
	if sum != f.Checksum {
		return fmt.Errorf("checksum %s does not match its points' %s", f.Checksum, sum)
	}
	first, end := f.Shard.Span(f.Games)
	switch {
	case f.Shard.check(f.Games) != nil || f.Games < 1:
		return fmt.Errorf("shard %s of %d games a point", f.Shard, f.Games)
	case f.First != first || f.End != end:
		return fmt.Errorf("shard %s of %d games covers games %d to %d, not %d to %d", f.Shard, f.Games, first, end-1, f.First, f.End-1)
	case len(f.Axes) == 0:
		return errors.New("no axes")
	}
	grid := Grid(f.Axes)
	if len(f.Points) != len(grid) {
		return fmt.Errorf("%d points for a grid of %d", len(f.Points), len(grid))
	}
	shard := ShardFile{Study: f.Study, Shard: f.Shard, First: first, End: end}
	for i, p := range f.Points {
		if !slices.Equal(p.Values, grid[i]) {
			return fmt.Errorf("point %d is %s, not %s", i, strings.Join(p.Values, ","), strings.Join(grid[i], ","))
		}
		if p.Tally == nil {
			return fmt.Errorf("point %s: no tally", strings.Join(p.Values, ","))
		}
		shard.Tally = p.Tally
		if err := shard.checkTally(); err != nil {
			return fmt.Errorf("point %s: %w", strings.Join(p.Values, ","), err)
		}
	}
	return nil
}

// NamedSweepShard is a sweep shard file and the name it is known by in
// messages.
type NamedSweepShard struct {
	Name string
	*SweepShardFile
}

// MergeSweepShards sums up the shards of one sweep: each point's Summary,
// in Grid order, as the sweep's own run of that point gives it but for
// its Timing, and the Timing of the whole, which supposes the shards ran
// at once. It refuses shards as MergeShards does.
func MergeSweepShards(shards []NamedSweepShard) ([]*Summary, Timing, error) {
	if len(shards) == 0 {
		return nil, Timing{}, errors.New("no shards")
	}
	study := &shards[0].SweepStudy
	spans := make([]span, len(shards))
	for i, s := range shards {
		if err := sameStudy(shards[0].Name, &study.Study, s.Name, &s.Study, "sweep"); err != nil {
			return nil, Timing{}, err
		}
		if !s.SweepStudy.equal(study) {
			return nil, Timing{}, fmt.Errorf("%s: shard of another sweep: %s; %s is of %s", s.Name, &s.SweepStudy, shards[0].Name, study)
		}
		spans[i] = span{s.Name, s.Shard, s.First, s.End}
	}
	if err := cover(spans, study.Games, " at each grid point", study.String()); err != nil {
		return nil, Timing{}, err
	}
	byFirst := slices.Clone(shards)
	slices.SortStableFunc(byFirst, func(a, b NamedSweepShard) int { return a.First - b.First })
	var timing Timing
	for _, s := range byFirst {
		timing.Seconds = max(timing.Seconds, s.Timing.Seconds)
		timing.Workers += s.Timing.Workers
	}
	grid := Grid(study.Axes)
	if timing.Seconds > 0 {
		timing.GamesPerSecond = float64(study.Games*len(grid)) / timing.Seconds
	}
	var sums []*Summary
	for i, values := range grid {
		t := NewTally(study.Players, study.Bots)
		for _, s := range byFirst {
			t.Merge(s.Points[i].Tally)
		}
		sum := t.Summary()
		sum.Game, sum.Seed = study.Game, study.Seed
		sum.Bots = slices.Clone(study.Bots)
		sum.Set = study.PointSet(values)
		sum.Tally = t
		sums = append(sums, sum)
	}
	return sums, timing, nil
}
