package warlock

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// ScoreFile scores the final empires of a score file (see ParseScoreFile)
// and writes the breakdown per player in lang. Diagnostics come instead of
// scores when the file has errors.
func (g *Game) ScoreFile(w io.Writer, name string, src []byte, lang string) (diag.List, error) {
	players, d := g.Rules.ParseScoreFile(name, src)
	if d.HasErrors() {
		return d, nil
	}
	empires := make([]Empire, len(players))
	for i, p := range players {
		empires[i] = p.Empire
	}
	return d, g.Rules.WriteScores(w, lang, players, ScoreEmpires(&g.Rules.Params, empires))
}

// WriteScores writes a table of the players' scores, part by part.
func (r *Rules) WriteScores(w io.Writer, lang string, players []Player, scores []Breakdown) error {
	t := func(id string, args map[string]any) string { return r.locs.Text(lang, id, args) }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(label string, cells func(b Breakdown) string) {
		fmt.Fprintf(tw, "%s\t", label)
		for _, b := range scores {
			fmt.Fprintf(tw, "%s\t", cells(b))
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "\t")
	for _, p := range players {
		fmt.Fprintf(tw, "%s\t", t("score.player", map[string]any{"Name": p.Name}))
	}
	fmt.Fprintln(tw)
	num := func(f func(b Breakdown) int) func(Breakdown) string {
		return func(b Breakdown) string { return fmt.Sprint(f(b)) }
	}
	row(t("score.removed", nil), num(func(b Breakdown) int { return len(b.Removed) }))
	row(t("score.cities", nil), num(func(b Breakdown) int { return b.Cities }))
	row(t("score.chains", nil), func(b Breakdown) string {
		if len(b.Chains) < 2 {
			return fmt.Sprint(b.ChainPoints)
		}
		parts := make([]string, len(b.Chains))
		for i, c := range b.Chains {
			parts[i] = fmt.Sprint(c)
		}
		return strings.Join(parts, " + ") + " = " + fmt.Sprint(b.ChainPoints)
	})
	row(t("score.majorities", nil), func(b Breakdown) string {
		var parts []string
		for race, v := range b.Majority {
			if v > 0 {
				name, err := raceName(r.locs.For(lang), Race(race))
				if err != nil {
					name = Race(race).String()
				}
				parts = append(parts, fmt.Sprintf("%s %d", name, v))
			}
		}
		if len(parts) == 0 {
			return "0"
		}
		return strings.Join(parts, ", ") + " = " + fmt.Sprint(b.Majorities)
	})
	row(t("score.variety", nil), num(func(b Breakdown) int { return b.Variety }))
	row(t("score.total", nil), num(func(b Breakdown) int { return b.Total }))
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing scores: %w", err)
	}
	var names []string
	for _, i := range Winners(scores) {
		names = append(names, players[i].Name)
	}
	_, err := fmt.Fprintln(w, "\n"+t("score.winner", map[string]any{"Names": strings.Join(names, ", ")}))
	return err
}
