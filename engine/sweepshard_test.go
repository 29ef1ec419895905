package engine_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func sweepStudy() *engine.SweepStudy {
	return &engine.SweepStudy{
		Study: engine.Study{Game: "toy", Players: 3, Games: 41, Seed: 4, Bots: []string{"first", "random"}, Set: []string{"z=0"}, Data: "toy-data-1"},
		Axes:  []engine.SweepAxis{{Name: "x", Values: []string{"1", "2"}}, {Name: "y", Values: []string{"a", "b", "c"}}},
	}
}

// sweepRun plays shard of every point of study; point i gets seed Seed+i,
// so that points differ and a point merged in another's place shows.
func sweepRun(t *testing.T, study *engine.SweepStudy, shard engine.Shard) []*engine.Summary {
	t.Helper()
	var sums []*engine.Summary
	for i, values := range engine.Grid(study.Axes) {
		cfg := engine.SimConfig{Game: kindToy{}, Players: study.Players, Games: study.Games, Seed: study.Seed + uint64(i), Bots: study.Bots, Workers: 2, Set: study.PointSet(values), Shard: shard, Data: study.Data}
		sum, err := engine.Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
	}
	return sums
}

// sweepShards plays the count shards of study and returns their files,
// as written and read back.
func sweepShards(t *testing.T, study *engine.SweepStudy, count int) []engine.NamedSweepShard {
	t.Helper()
	var out []engine.NamedSweepShard
	for i := range count {
		sh := engine.Shard{Index: i, Count: count}
		f, err := engine.NewSweepShardFile(study, sh, engine.Timing{Seconds: float64(i + 1), Workers: 2}, sweepRun(t, study, sh))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, engine.NamedSweepShard{Name: sh.String(), SweepShardFile: readBack(t, f)})
	}
	return out
}

func readBack(t *testing.T, f *engine.SweepShardFile) *engine.SweepShardFile {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := engine.ReadAnyShardFile(&buf)
	if err != nil || back.Sweep == nil || back.Simulate != nil {
		t.Fatalf("read back: %+v, %v", back, err)
	}
	return back.Sweep
}

func TestGrid(t *testing.T) {
	got := engine.Grid([]engine.SweepAxis{{Name: "a", Values: []string{"1", "2"}}, {Name: "b", Values: []string{"x", "y", "z"}}})
	want := [][]string{{"1", "x"}, {"1", "y"}, {"1", "z"}, {"2", "x"}, {"2", "y"}, {"2", "z"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Grid = %q; want %q", got, want)
	}
	if s := sweepStudy().PointSet([]string{"2", "c"}); !slices.Equal(s, []string{"z=0", "x=2", "y=c"}) {
		t.Errorf("PointSet = %q", s)
	}
}

// TestMergeSweepShards: the shards of a sweep merged in any order give
// each point the tally of one run of all its games, in grid order.
func TestMergeSweepShards(t *testing.T) {
	study := sweepStudy()
	whole := sweepRun(t, study, engine.Shard{})
	r := rand.New(rand.NewPCG(1, 2))
	for _, count := range []int{1, 2, 4, 7} {
		parts := sweepShards(t, study, count)
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		sums, timing, err := engine.MergeSweepShards(parts)
		if err != nil {
			t.Fatalf("%d shards: %v", count, err)
		}
		if timing.Workers != 2*count || timing.Seconds != float64(count) || timing.GamesPerSecond != float64(41*6)/float64(count) {
			t.Errorf("%d shards: timing %+v", count, timing)
		}
		for i, values := range engine.Grid(study.Axes) {
			w := whole[i]
			if !reflect.DeepEqual(sums[i].Tally, w.Tally) {
				t.Errorf("%d shards: point %q: merged tally differs from one run's", count, values)
			}
			if sums[i].Game != w.Game || sums[i].Seed != study.Seed || !slices.Equal(sums[i].Set, w.Set) || !slices.Equal(sums[i].Bots, w.Bots) {
				t.Errorf("%d shards: point %q: %s seed %d set %q bots %q; want %s seed %d set %q bots %q", count, values, sums[i].Game, sums[i].Seed, sums[i].Set, sums[i].Bots, w.Game, study.Seed, w.Set, w.Bots)
			}
		}
	}
}

// TestMergeSweepShardsRefuses: shards of another sweep or other data, and
// shards that cover games twice or not at all, are refused by name.
func TestMergeSweepShardsRefuses(t *testing.T) {
	study := sweepStudy()
	four := sweepShards(t, study, 4)
	axes := sweepStudy()
	axes.Axes[1].Values = []string{"a", "b"}
	otherAxes := sweepShards(t, axes, 4)
	data := sweepStudy()
	data.Data = "toy-data-2"
	otherData := sweepShards(t, data, 4)
	seed := sweepStudy()
	seed.Seed = 5
	otherSeed := sweepShards(t, seed, 4)
	tests := []struct {
		name  string
		parts []engine.NamedSweepShard
		want  string
	}{
		{"axes", []engine.NamedSweepShard{four[0], four[1], otherAxes[2], four[3]}, "2/4: shard of another sweep: toy, 41 games of 3 players, seed 4, bots first,random, set z=0, sweeping x=1,2 by y=a,b; 0/4 is of"},
		{"data", []engine.NamedSweepShard{four[0], otherData[1], four[2], four[3]}, "1/4: shard of other game data: toy-data-2; 0/4 is of toy-data-1"},
		{"seed", []engine.NamedSweepShard{four[0], four[1], four[2], otherSeed[3]}, "3/4: shard of another sweep: toy, 41 games of 3 players, seed 5"},
		{"duplicate", []engine.NamedSweepShard{four[0], four[1], four[2], four[2], four[3]}, "2/4: games 20 to 29 of shard 2/4 already in 2/4 (shard 2/4)"},
		{"missing", []engine.NamedSweepShard{four[0], four[2], four[3]}, "no shard covers games 10 to 19 of the 41 games at each grid point of toy"},
		{"none", nil, "no shards"},
	}
	for _, tt := range tests {
		_, _, err := engine.MergeSweepShards(tt.parts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want %q", tt.name, err, tt.want)
		}
	}
}

// TestReadAnyShardFile: either kind of file reads back as itself; a sweep
// shard file whose figures do not add up is refused.
func TestReadAnyShardFile(t *testing.T) {
	var buf bytes.Buffer
	if err := shards(t, 2, nil)[0].Write(&buf); err != nil {
		t.Fatal(err)
	}
	if f, err := engine.ReadAnyShardFile(&buf); err != nil || f.Simulate == nil || f.Sweep != nil {
		t.Errorf("a simulate shard reads as %+v, %v", f, err)
	}
	study := sweepStudy()
	sh := engine.Shard{Index: 1, Count: 4}
	sums := sweepRun(t, study, sh)
	f, err := engine.NewSweepShardFile(study, sh, engine.Timing{}, sums)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	tests := []struct {
		from, to, want string
	}{
		{`"version": 1`, `"version": 2`, "sweep shard file version 2; this grimoire reads version 1"},
		{`"format": "grimoire sweep shard"`, `"format": "x"`, `not a shard file: format "x"`},
		{`"solo": `, `"solo": 1`, "wins of"},
		{`"checksum": "sha256:`, `"checksum": "sha256:0`, "does not match its points"},
		{`"first": 10`, `"first": 11`, "covers games 10 to 19, not 11 to 19"},
		{`"values": [`, `"extra": 1, "values": [`, "unknown field"},
		{"", "", ""},
	}
	for _, tt := range tests {
		doc := strings.Replace(good, tt.from, tt.to, 1)
		if tt.from != "" && doc == good {
			t.Fatalf("%q not in the file", tt.from)
		}
		_, err := engine.ReadAnyShardFile(strings.NewReader(doc))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s → %s: %v; want %q", tt.from, tt.to, err, tt.want)
		}
	}

	// Files with a sound checksum but points that are not the grid's, or
	// tallies of other games, are refused too.
	other := sweepRun(t, study, engine.Shard{Index: 0, Count: 2})
	for _, tt := range []struct {
		name string
		edit func(f *engine.SweepShardFile)
		want string
	}{
		{"swapped", func(f *engine.SweepShardFile) {
			f.Points[0].Values, f.Points[1].Values = f.Points[1].Values, f.Points[0].Values
		}, "point 0 is 1,b, not 1,a"},
		{"short", func(f *engine.SweepShardFile) { f.Points = f.Points[:5] }, "5 points for a grid of 6"},
		{"games", func(f *engine.SweepShardFile) { f.Points[2].Tally = other[2].Tally }, "point 1,c: tally of 20 games for games 10 to 19"},
		{"no tally", func(f *engine.SweepShardFile) { f.Points[3].Tally = nil }, "point 2,a: no tally"},
		{"no axes", func(f *engine.SweepShardFile) { f.Axes = nil }, "no axes"},
	} {
		g, err := engine.NewSweepShardFile(study, sh, engine.Timing{}, sums)
		if err != nil {
			t.Fatal(err)
		}
		tt.edit(g)
		buf.Reset()
		if err := g.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := engine.ReadAnyShardFile(&buf); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want %q", tt.name, err, tt.want)
		}
	}
}

// TestNewSweepShardFileInterrupted: a sweep that did not play every point
// whole makes no file.
func TestNewSweepShardFileInterrupted(t *testing.T) {
	study := sweepStudy()
	sums := sweepRun(t, study, engine.Shard{})
	if _, err := engine.NewSweepShardFile(study, engine.Shard{}, engine.Timing{}, sums[:5]); err == nil {
		t.Error("5 of 6 points make a shard file")
	}
	sums[5].Interrupted = true
	if _, err := engine.NewSweepShardFile(study, engine.Shard{}, engine.Timing{}, sums); err == nil {
		t.Error("an interrupted point makes a shard file")
	}
}
