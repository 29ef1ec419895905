package chart

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/grimoire-games/grimoire/engine"
)

// summary makes the summary of games of players seats, seat s scoring a
// little more than seat s-1, lasting some rounds; shift moves the scores,
// as a parameter would.
func summary(t *testing.T, games, players int, bots []string, shift float64) *engine.Summary {
	t.Helper()
	r := rand.New(rand.NewPCG(uint64(games), uint64(players)))
	tally := engine.NewTally(players, bots)
	for i := range games {
		g := engine.GameRecord{Bots: engine.Lineup(bots, players, i), Rounds: 3 + r.IntN(3), Unit: "days"}
		best := -1.0
		for s := range players {
			x := float64(r.IntN(20)+s) + shift
			g.Returns = append(g.Returns, x)
			switch {
			case x > best:
				best, g.Winners = x, []int{s}
			case x == best:
				g.Winners = append(g.Winners, s)
			}
		}
		g.Length = 100 + r.IntN(80)
		tally.Add(g)
	}
	sum := tally.Summary()
	sum.Game, sum.Bots, sum.Tally = "toy", bots, tally
	return sum
}

func names(files []File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

func sweepStudy(t *testing.T) Study {
	s := Study{Game: "toy", About: "a toy sweep", Axes: []Axis{{"days", []string{"2", "4", "5"}}, {"bonus.giant", []string{"low", "high"}}}}
	for i, d := range s.Axes[0].Values {
		for j, b := range s.Axes[1].Values {
			s.Points = append(s.Points, Point{Values: []string{d, b}, Summary: summary(t, 60+i, 3, []string{"greedy", "random"}, float64(i*j))})
		}
	}
	s.Table = Table{Header: []string{"days", "bonus.giant", "seat 0 win"}, Rows: [][]string{{"2", "low", "<33%>"}}}
	return s
}

func TestRender(t *testing.T) {
	tests := []struct {
		name  string
		study func(t *testing.T) Study
		want  []string // plots, without extensions
	}{
		{"run", func(t *testing.T) Study {
			return Study{Game: "toy", Points: []Point{{Summary: summary(t, 200, 4, []string{"greedy", "random"}, 0)}}}
		}, []string{"winrate-seat", "winrate-bot", "scores", "length", "rounds"}},
		{"run of one bot", func(t *testing.T) Study {
			return Study{Game: "toy", Points: []Point{{Summary: summary(t, 50, 2, []string{"random"}, 0)}}}
		}, []string{"winrate-seat", "scores", "length", "rounds"}},
		{"sweep", sweepStudy, []string{"winrate-days", "score-days", "winrate-bonus.giant", "score-bonus.giant", "scores", "length"}},
		{"interrupted sweep", func(t *testing.T) Study {
			s := sweepStudy(t)
			s.Points = s.Points[:3]
			return s
		}, []string{"winrate-days", "score-days", "winrate-bonus.giant", "score-bonus.giant", "scores", "length"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.study(t)
			files, err := Render(s)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, w := range tt.want {
				want = append(want, w+".svg", w+".png")
			}
			want = append(want, "index.html")
			if got := names(files); !slices.Equal(got, want) {
				t.Fatalf("files = %v; want %v", got, want)
			}
			again, err := Render(s)
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range files {
				if !bytes.Equal(f.Data, again[i].Data) {
					t.Errorf("%s differs from one rendering to the next", f.Name)
				}
				switch {
				case strings.HasSuffix(f.Name, ".png"):
					img, err := png.Decode(bytes.NewReader(f.Data))
					if err != nil {
						t.Errorf("%s: %v", f.Name, err)
					} else if b := img.Bounds(); b.Dx() < 500 || b.Dy() < 300 {
						t.Errorf("%s is %dx%d; want at least 500x300", f.Name, b.Dx(), b.Dy())
					}
				case strings.HasSuffix(f.Name, ".svg"):
					if !bytes.Contains(f.Data, []byte("<svg")) || !bytes.Contains(f.Data, []byte("toy: ")) {
						t.Errorf("%s is no SVG titled with the game:\n%.300s", f.Name, f.Data)
					}
				}
			}
			page := string(files[len(files)-1].Data)
			for _, w := range tt.want {
				if !strings.Contains(page, `<img src="`+w+`.svg"`) {
					t.Errorf("index.html does not show %s.svg", w)
				}
			}
			// Nothing fetched from elsewhere, no script; cells escaped.
			if m := regexp.MustCompile(`(?i)<script|https?://|src="/`).FindString(page); m != "" {
				t.Errorf("index.html holds %q", m)
			}
			if s.Table.Rows != nil && !strings.Contains(page, "&lt;33%&gt;") {
				t.Errorf("index.html does not escape the table's cells")
			}
		})
	}
}

func TestSweepPlotTitles(t *testing.T) {
	files, err := Render(sweepStudy(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"winrate-days.svg":        {"toy: win rate by seat against days, 60 games a point", "bonus.giant = low", "bonus.giant = high", "seat 2", "win rate (%)"},
		"score-bonus.giant.svg":   {"toy: mean final score against bonus.giant", "days = 5", "mean final score"},
		"length.svg":              {"toy: game length by grid point", "length (actions, chance included)", "days, bonus.giant", "5, high"},
		"winrate-bonus.giant.svg": {"days = 4", ">low<", ">high<"},
	}
	for _, f := range files {
		for _, w := range want[f.Name] {
			if !bytes.Contains(f.Data, []byte(w)) {
				t.Errorf("%s lacks %q", f.Name, w)
			}
		}
	}
}

func TestCombos(t *testing.T) {
	axes := []Axis{{"a", []string{"1", "2"}}, {"b", []string{"x", "y", "z"}}, {"c", []string{"7", "8"}}}
	tests := []struct {
		free int
		want []string
	}{
		{0, []string{"b = x, c = 7", "b = x, c = 8", "b = y, c = 7", "b = y, c = 8", "b = z, c = 7", "b = z, c = 8"}},
		{1, []string{"a = 1, c = 7", "a = 1, c = 8", "a = 2, c = 7", "a = 2, c = 8"}},
		{2, []string{"a = 1, b = x", "a = 1, b = y", "a = 1, b = z", "a = 2, b = x", "a = 2, b = y", "a = 2, b = z"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range combos(axes, tt.free) {
			got = append(got, c.label)
			if c.values[tt.free] != "" {
				t.Errorf("combos(free %d) sets the free axis: %v", tt.free, c.values)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("combos(free %d) = %q; want %q", tt.free, got, tt.want)
		}
	}
	if got := combos(axes[:1], 0); len(got) != 1 || got[0].label != "" {
		t.Errorf("combos of one axis = %v; want one unlabeled", got)
	}
}

func TestXAxis(t *testing.T) {
	tests := []struct {
		values []string
		pos    []float64
		step   float64
	}{
		{[]string{"2", "3", "4"}, []float64{2, 3, 4}, 1},
		{[]string{"2", "6", "8"}, []float64{2, 6, 8}, 2},
		{[]string{"0.5", "1"}, []float64{0.5, 1}, 0.5},
		{[]string{"metal", "wooden"}, []float64{0, 1}, 1},
		{[]string{"4", "many"}, []float64{0, 1}, 1},
		{[]string{"2", "4", "many"}, []float64{0, 1, 2}, 1},
		{[]string{"7"}, []float64{7}, 1},
	}
	for _, tt := range tests {
		x := xAxis(Axis{"p", tt.values})
		if !slices.Equal(x.pos, tt.pos) || x.step != tt.step {
			t.Errorf("xAxis(%q) = %v step %v; want %v step %v", tt.values, x.pos, x.step, tt.pos, tt.step)
		}
	}
}

func TestHistogram(t *testing.T) {
	tests := []struct {
		values []float64
		counts []int64
		bins   int
		width  float64
	}{
		{[]float64{3, 4, 5}, []int64{1, 2, 1}, 3, 1},
		{[]float64{100, 179}, []int64{5, 5}, 40, 2},
		{[]float64{7}, []int64{9}, 1, 1},
	}
	for _, tt := range tests {
		h := histogram(tt.values, tt.counts, seriesColor(0))
		var total float64
		for _, b := range h.Bins {
			total += b.Weight
		}
		var want int64
		for _, c := range tt.counts {
			want += c
		}
		if len(h.Bins) != tt.bins || h.Width != tt.width || total != float64(want) {
			t.Errorf("histogram(%v) has %d bins of %v holding %v; want %d of %v holding %d", tt.values, len(h.Bins), h.Width, total, tt.bins, tt.width, want)
		}
	}
}

func TestLegendLines(t *testing.T) {
	st := newPlot("", "", "").Legend.TextStyle
	names := []string{"seat 0", "seat 1", "attack_dice = 2, defence_dice = 1", "attack_dice = 2, defence_dice = 2", "x"}
	tests := []struct {
		width vg.Length
		want  [][]int
	}{
		{100 * vg.Inch, [][]int{{0, 1, 2, 3, 4}}},
		{4 * vg.Inch, [][]int{{0, 1}, {2}, {3, 4}}},
		{vg.Inch, [][]int{{0}, {1}, {2}, {3}, {4}}},
	}
	for _, tt := range tests {
		if got := legendLines(st, names, tt.width); !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("legendLines(width %v) = %v; want %v", tt.width, got, tt.want)
		}
	}
}
