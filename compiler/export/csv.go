package export

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// csvColumns are the columns of every CSV table of g before the fields:
// variant only when g declares variants.
func csvColumns(g *model.Game) []string {
	if len(g.Variants) > 0 {
		return []string{"id", "name", "name_plural", "copies", "variant"}
	}
	return []string{"id", "name", "name_plural", "copies"}
}

// CSV writes the cards of one type as a CSV table in one locale; see the
// package comment for its columns.
func CSV(w io.Writer, g *model.Game, lang, cardType string) error {
	return writeCSV(w, g, lang, cardType, nil)
}

// writeCSV is CSV with the localizer made through c.
func writeCSV(w io.Writer, g *model.Game, lang, cardType string, c *l10n.Cache) error {
	i := slices.IndexFunc(g.Types, func(t *model.Type) bool { return t.ID == cardType })
	if i < 0 {
		return fmt.Errorf("export: game %s has no card type %q", g.ID, cardType)
	}
	t := g.Types[i]
	header := csvColumns(g)
	for _, f := range t.Fields {
		if slices.Contains(header, f.ID) || f.ID == "reconstructed" {
			return fmt.Errorf("export: card type %s: field %s has the name of a CSV column", t.ID, f.ID)
		}
		header = append(header, f.ID)
	}
	header = append(header, "reconstructed")
	r, err := newRenderer(g, lang, c)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, c := range g.Cards {
		if c.Type != t.ID {
			continue
		}
		ns, err := r.forms(c.Message)
		if err != nil {
			return err
		}
		row := []string{c.ID, ns.singular(), ns.get("other"), strconv.Itoa(c.Copies)}
		if len(g.Variants) > 0 {
			row = append(row, c.Variant)
		}
		for _, f := range t.Fields {
			v, set := c.Get(f.ID)
			if !set {
				row = append(row, "")
				continue
			}
			row = append(row, f.Type.Format(v))
		}
		row = append(row, strings.Join(c.Reconstructed, "|"))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
