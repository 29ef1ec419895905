package printout

import (
	"math"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// CardTextSizes lays out the front of each reference card design of g in a
// language, as the cards printout does on A4 at 63 × 88 mm, and returns the
// size in points of its smallest text.
func CardTextSizes(g *model.Game, lang string) (map[string]float64, error) {
	p, err := newPrinter(g, Options{Kind: Cards, Lang: lang, Paper: Papers()[0], CardW: 63, CardH: 88})
	if err != nil {
		return nil, err
	}
	grid, err := Impose(p.o.Paper, p.o.CardW, p.o.CardH, 0)
	if err != nil {
		return nil, err
	}
	sizes := map[string]float64{}
	for _, c := range g.Cards {
		blocks, symbols := p.blocksOn(model.OnCard, c.ID)
		if len(blocks) == 0 {
			continue
		}
		least := math.Inf(1)
		for _, r := range p.fitCard(c, blocks, symbols, grid.W-2*cardInset, grid.H-2*cardInset) {
			for _, o := range r.ops {
				if o.kind == opText && o.size < least {
					least = o.size
				}
			}
		}
		sizes[c.ID] = least
	}
	return sizes, p.err
}
