package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/engine"
)

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want engine.Shard
		err  string
	}{
		{"0/4", engine.Shard{Index: 0, Count: 4}, ""},
		{"3/4", engine.Shard{Index: 3, Count: 4}, ""},
		{"0/1", engine.Shard{Index: 0, Count: 1}, ""},
		{"4/4", engine.Shard{}, "want 0 ≤ i < n"},
		{"-1/4", engine.Shard{}, "want 0 ≤ i < n"},
		{"1/0", engine.Shard{}, "want 0 ≤ i < n"},
		{"1", engine.Shard{}, "want i/n"},
		{"1/4/2", engine.Shard{}, "want i/n"},
		{" 1/4", engine.Shard{}, "want i/n"},
		{"01/4", engine.Shard{}, "want i/n"},
	}
	for _, tt := range tests {
		got, err := engine.ParseShard(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestShardSpan: the shards of a run cover its games once each, in
// contiguous ranges in shard order, whatever the count.
func TestShardSpan(t *testing.T) {
	for _, games := range []int{1, 7, 100, 1001} {
		for count := 1; count <= min(games, 9); count++ {
			next := 0
			for i := range count {
				first, end := engine.Shard{Index: i, Count: count}.Span(games)
				if first != next || end < first {
					t.Fatalf("shard %d/%d of %d games: %d to %d after %d", i, count, games, first, end, next)
				}
				next = end
			}
			if next != games {
				t.Fatalf("shards of %d cover %d of %d games", count, next, games)
			}
		}
	}
}

func shardConfig(shard engine.Shard, log *bytes.Buffer) engine.SimConfig {
	cfg := engine.SimConfig{Game: kindToy{}, Players: 3, Games: 203, Seed: 4, Bots: []string{"first", "random"}, Workers: 2, Set: []string{"x=1"}, Variant: "v", Shard: shard, Data: "toy-data-1"}
	if log != nil {
		cfg.Log = log
	}
	return cfg
}

// shards plays the shards of count and returns their files, as written
// and read back.
func shards(t *testing.T, count int, logs *bytes.Buffer) []engine.NamedShard {
	t.Helper()
	var out []engine.NamedShard
	for i := range count {
		cfg := shardConfig(engine.Shard{Index: i, Count: count}, logs)
		sum, err := engine.Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if first, end := cfg.Shard.Span(cfg.Games); sum.Games != end-first || sum.Shard == nil || sum.Shard.First != first || sum.Shard.Of != 203 {
			t.Fatalf("shard %d/%d: %d games, range %+v", i, count, sum.Games, sum.Shard)
		}
		f, err := engine.NewShardFile(&cfg, sum)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := engine.ReadShardFile(&buf)
		if err != nil {
			t.Fatalf("shard %d/%d: %v", i, count, err)
		}
		out = append(out, engine.NamedShard{Name: cfg.Shard.String(), ShardFile: back})
	}
	return out
}

// TestMergeShards: shards merged in any order sum up as one run of all
// the games, and their logs, concatenated, are its log.
func TestMergeShards(t *testing.T) {
	var wholeLog bytes.Buffer
	whole, err := engine.Simulate(context.Background(), shardConfig(engine.Shard{}, &wholeLog))
	if err != nil {
		t.Fatal(err)
	}
	// A whole run's file merges alone.
	wholeCfg := shardConfig(engine.Shard{}, nil)
	f, err := engine.NewShardFile(&wholeCfg, whole)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := engine.ReadShardFile(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if sum, err := engine.MergeShards([]engine.NamedShard{{Name: "whole", ShardFile: back}}); err != nil || !reflect.DeepEqual(sum.Tally, whole.Tally) {
		t.Errorf("a whole run's file merged alone: %v", err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for _, count := range []int{1, 2, 4, 7} {
		var logs bytes.Buffer
		parts := shards(t, count, &logs)
		if !bytes.Equal(logs.Bytes(), wholeLog.Bytes()) {
			t.Errorf("%d shards: logs differ from the whole run's", count)
		}
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		sum, err := engine.MergeShards(parts)
		if err != nil {
			t.Fatalf("%d shards: %v", count, err)
		}
		if sum.Timing.Workers != 2*count {
			t.Errorf("%d shards: %d workers", count, sum.Timing.Workers)
		}
		sum.Timing, whole.Timing = engine.Timing{}, engine.Timing{}
		got, _ := json.Marshal(sum.Rounded())
		want, _ := json.Marshal(whole.Rounded())
		if !bytes.Equal(got, want) {
			t.Errorf("%d shards merged:\n%s\none run:\n%s", count, got, want)
		}
		if !reflect.DeepEqual(sum.Tally, whole.Tally) {
			t.Errorf("%d shards: merged tally differs from one run's", count)
		}
	}
}

// TestMergeShardsRefuses: a shard of another study, one covering games
// another covers, and missing games are errors that name the file or the
// games.
func TestMergeShardsRefuses(t *testing.T) {
	four := shards(t, 4, nil)
	cfg := shardConfig(engine.Shard{Index: 1, Count: 4}, nil)
	cfg.Seed = 5
	sum, err := engine.Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := engine.NewShardFile(&cfg, sum)
	if err != nil {
		t.Fatal(err)
	}
	two := shards(t, 2, nil)
	cfg.Seed, cfg.Data = 4, "toy-data-2"
	if sum, err = engine.Simulate(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	otherData, err := engine.NewShardFile(&cfg, sum)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		parts []engine.NamedShard
		want  string
	}{
		{"foreign", []engine.NamedShard{four[0], {Name: "other", ShardFile: foreign}, four[2], four[3]}, "other: shard of another study"},
		{"data", []engine.NamedShard{four[0], {Name: "edited", ShardFile: otherData}, four[2], four[3]}, "edited: shard of other game data: toy-data-2; 0/4 is of toy-data-1"},
		{"duplicate", []engine.NamedShard{four[0], four[1], four[2], four[1], four[3]}, "1/4: games 50 to 100 of shard 1/4 already in 1/4 (shard 1/4)"},
		{"overlap", []engine.NamedShard{four[0], four[1], two[1], four[2], four[3]}, "2/4: games 101 to 151 of shard 2/4 already in 1/2 (shard 1/2)"},
		{"missing", []engine.NamedShard{four[0], four[3]}, "no shard covers games 50 to 151 of the 203 games"},
		{"missing end", []engine.NamedShard{four[1], four[2], four[0]}, "no shard covers games 152 to 202"},
		{"none", nil, "no shards"},
	}
	for _, tt := range tests {
		_, err := engine.MergeShards(tt.parts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want %q", tt.name, err, tt.want)
		}
	}
	// Halves and quarters that cover the games once merge.
	if _, err := engine.MergeShards([]engine.NamedShard{two[1], four[0], four[1]}); err != nil {
		t.Errorf("1/2, 0/4 and 1/4: %v", err)
	}
}

// TestReadShardFileRefuses: a damaged file, another format or version, and
// figures that do not add up are refused.
func TestReadShardFileRefuses(t *testing.T) {
	part := shards(t, 4, nil)[1]
	var buf bytes.Buffer
	if err := part.Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	tests := []struct {
		from, to, want string
	}{
		{`"version": 2`, `"version": 1`, "version 1; this grimoire reads version 2"},
		{`"format": "grimoire simulate shard"`, `"format": "x"`, "not a shard file"},
		{`"take less": `, `"take less": 1`, "checksum"},
		{`"solo": `, `"solo": 1`, "wins of"},
		{`"ties": `, `"ties": 1000`, "ties"},
		{`"first": 50`, `"first": 51`, "covers games 50 to 100, not 51 to 100"},
		{`"tally": {`, `"extra": 1, "tally": {`, "unknown field"},
		{`"checksum": "sha256:`, `"checksum": "sha256:0`, "checksum"},
		{"", "", ""},
	}
	for _, tt := range tests {
		doc := strings.Replace(good, tt.from, tt.to, 1)
		if tt.from != "" && doc == good {
			t.Fatalf("%q not in the file", tt.from)
		}
		_, err := engine.ReadShardFile(strings.NewReader(doc))
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s → %s: %v; want %q", tt.from, tt.to, err, tt.want)
		}
	}
	if _, err := engine.ReadShardFile(strings.NewReader(good[:len(good)/2])); err == nil {
		t.Error("a cut file is accepted")
	}
}

func TestSimulateShardChecks(t *testing.T) {
	for _, sh := range []engine.Shard{{Index: 4, Count: 4}, {Index: 0, Count: 300}, {Index: -1, Count: 2}} {
		if _, err := engine.Simulate(context.Background(), shardConfig(sh, nil)); err == nil {
			t.Errorf("shard %v of 203 games accepted", sh)
		}
	}
}

func TestNewShardFileInterrupted(t *testing.T) {
	cfg := shardConfig(engine.Shard{Index: 0, Count: 2}, nil)
	sum, err := engine.Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum.Interrupted = true
	if _, err := engine.NewShardFile(&cfg, sum); err == nil {
		t.Error("an interrupted run makes a shard file")
	}
}
