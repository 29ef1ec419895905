package chart

import (
	"encoding/json"
	"fmt"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/grimoire-games/grimoire/engine"
)

// Size of a single plot.
const (
	plotW = 6.5 * vg.Inch
	plotH = 4 * vg.Inch
)

// runFigures are the plots of one run: win rate by seat (and by bot when
// bots differ), scores by seat, and the games' length.
func runFigures(game string, s *engine.Summary) ([]figure, error) {
	games := plural(s.Games, "game")
	var seats []labeled
	for _, st := range s.Seats {
		seats = append(seats, labeled{"seat " + strconv.Itoa(st.Seat), st.Record})
	}
	wr, err := winRateBars(fmt.Sprintf("%s: win rate by seat, %s, 95%% intervals", game, games), "seat", seats, s.Players)
	if err != nil {
		return nil, err
	}
	figs := []figure{plotFigure("winrate-seat", winCaption("Bars", s.Players), plotW, plotH, wr)}
	if len(s.ByBot) > 1 {
		var bots []labeled
		for _, b := range s.ByBot {
			bots = append(bots, labeled{b.Bot, b.Record})
		}
		p, err := winRateBars(fmt.Sprintf("%s: win rate by bot, %s, 95%% intervals", game, games), "bot", bots, s.Players)
		if err != nil {
			return nil, err
		}
		figs = append(figs, plotFigure("winrate-bot", winCaption("Bars", s.Players)+" A bot's games are its seat-games: the lineup turns one seat every game.", plotW, plotH, p))
	}
	var stats []engine.DistStats
	var names []string
	for _, st := range s.Seats {
		stats = append(stats, st.Score)
		names = append(names, "seat "+strconv.Itoa(st.Seat))
	}
	sp := newPlot(fmt.Sprintf("%s: final score by seat, %s", game, games), "seat", "final score")
	sp.Add(boxes{stats: stats, color: seriesColor})
	sp.NominalX(names...)
	figs = append(figs, plotFigure("scores", boxCaption, plotW, plotH, sp))

	length, rounds, err := lengths(s.Tally)
	if err != nil {
		return nil, err
	}
	if length.N > 0 {
		p := newPlot(fmt.Sprintf("%s: game length, %s", game, games), "length (actions, chance included)", "games")
		p.Add(histogram(length.Values, length.Counts, seriesColor(0)))
		figs = append(figs, plotFigure("length", "Actions in a game, the chance actions (shuffles, dice) included.", plotW, plotH, p))
	}
	// A length in rounds that never varies says nothing a table does not.
	if u := s.Overall.Rounds; u != nil && len(rounds.Values) > 1 {
		p := newPlot(fmt.Sprintf("%s: game length in %s, %s", game, u.Unit, games), "length ("+u.Unit+")", "games")
		p.Add(histogram(rounds.Values, rounds.Counts, seriesColor(2)))
		figs = append(figs, plotFigure("rounds", "Game length as the game counts it, in "+u.Unit+".", plotW, plotH, p))
	}
	return figs, nil
}

// winCaption explains a win rate plot whose marks are bars or points.
func winCaption(marks string, players int) string {
	return fmt.Sprintf("%s: win rate, a win shared by k seats counting 1/k; error bars: Wilson 95%% interval; dashed line: an even share, 1 in %d.", marks, players)
}

// labeled is the record of a seat or a bot, with its name.
type labeled struct {
	name string
	engine.Record
}

// winRateBars is a bar per record with its interval, and the even share.
func winRateBars(title, x string, rs []labeled, players int) (*plot.Plot, error) {
	p := newPlot(title, x, "win rate (%)")
	var vals plotter.Values
	var iv withErrors
	var names []string
	top := 100 / float64(players)
	for i, r := range rs {
		vals = append(vals, 100*r.WinRate)
		iv.add(float64(i), 100*r.WinRate, 100*r.WinInterval[0], 100*r.WinInterval[1])
		names = append(names, r.name)
		top = max(top, 100*r.WinInterval[1])
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(36))
	if err != nil {
		return nil, err
	}
	bars.Color = seriesColor(0)
	bars.LineStyle.Width = 0
	eb, err := plotter.NewYErrorBars(&iv)
	if err != nil {
		return nil, err
	}
	eb.Width = vg.Points(1.5)
	eb.CapWidth = vg.Points(10)
	p.Add(bars, eb, evenLine(players))
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(rs))-0.5
	p.Y.Min, p.Y.Max = 0, min(100, top*1.08)
	return p, nil
}

// histo is a sketch's values and their counts, as a tally's JSON holds
// them.
type histo struct {
	N      int64     `json:"n"`
	Values []float64 `json:"values"`
	Counts []int64   `json:"counts"`
}

// lengths reads the histograms of the games' lengths, in actions and in
// rounds, from the tally's mergeable form, the one place they are kept.
func lengths(t *engine.Tally) (actions, rounds histo, err error) {
	if t == nil {
		return histo{}, histo{}, nil
	}
	data, err := json.Marshal(t)
	if err != nil {
		return histo{}, histo{}, err
	}
	var j struct {
		Length histo `json:"length"`
		Rounds histo `json:"rounds"`
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return histo{}, histo{}, fmt.Errorf("read the lengths of a tally: %w", err)
	}
	return j.Length, j.Rounds, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
