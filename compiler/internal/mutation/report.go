package mutation

import (
	"fmt"
	"io"
	"slices"
)

// Cell counts the edits of one kind made in one language of one game, and
// how a checker took them.
type Cell struct {
	Game, Lang string
	Kind       Kind
	Made       int // edits made
	Reported   int // edits a new finding points at
	AtLine     int // reported edits with a finding on their expected lines
}

// Floor is the least a cell must reach.
type Floor struct {
	Recall float64 // share of the edits reported
	AtLine float64 // share of the reported edits reported on their lines
}

// Short returns what a cell of at least min edits falls short of a floor
// by, one message each; none for a smaller cell, whose shares say little.
func (c *Cell) Short(f Floor, min int) []string {
	if c.Made < min {
		return nil
	}
	var out []string
	if r := share(c.Reported, c.Made); r < f.Recall {
		out = append(out, fmt.Sprintf("%s %s %s: %.0f%% of %d edits reported, want %.0f%% or more", c.Game, c.Lang, c.Kind, 100*r, c.Made, 100*f.Recall))
	}
	if a := share(c.AtLine, c.Reported); c.Reported > 0 && a < f.AtLine {
		out = append(out, fmt.Sprintf("%s %s %s: %.0f%% of %d reported edits at their lines, want %.0f%% or more", c.Game, c.Lang, c.Kind, 100*a, c.Reported, 100*f.AtLine))
	}
	return out
}

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*share(n, of))
}

// Table writes the figures of every cell, then the totals per kind and in
// all.
func Table(w io.Writer, cells []*Cell) {
	row := func(game, lang, kind string, made, reported, atLine int) {
		fmt.Fprintf(w, "%-14s %-4s %-17s %5d %9s %8s\n", game, lang, kind, made, percent(reported, made), percent(atLine, reported))
	}
	fmt.Fprintf(w, "%-14s %-4s %-17s %5s %9s %8s\n", "game", "lang", "kind", "made", "reported", "at line")
	for _, c := range cells {
		row(c.Game, c.Lang, string(c.Kind), c.Made, c.Reported, c.AtLine)
	}
	fmt.Fprintln(w)
	var made, reported, atLine int
	var kinds []Kind // in the order of Kinds, then Variations, as the cells have them
	for _, k := range append(Kinds(), Variations()...) {
		if slices.ContainsFunc(cells, func(c *Cell) bool { return c.Kind == k }) {
			kinds = append(kinds, k)
		}
	}
	for _, k := range kinds {
		var m, r, a int
		for _, c := range cells {
			if c.Kind == k {
				m, r, a = m+c.Made, r+c.Reported, a+c.AtLine
			}
		}
		row("all", "", string(k), m, r, a)
		made, reported, atLine = made+m, reported+r, atLine+a
	}
	row("all", "", "all", made, reported, atLine)
}
