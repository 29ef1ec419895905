package compiler

import (
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// paramOwner says, in a diagnostic, why a parameter may not name a
// variant's card.
const paramOwner = "a parameter, shared by every variant,"

// checkVariantRefs reports references that the game played in some variant
// could not follow: a card of the base game, or of one variant, naming a
// card that only another variant adds, and a parameter (shared by every
// variant) naming a card that only a variant adds.
func checkVariantRefs(g *model.Game, d *diag.List) {
	if len(g.Variants) == 0 {
		return
	}
	cards := make(map[string]*model.Card, len(g.Cards))
	for _, c := range g.Cards {
		cards[c.ID] = c
	}
	types := make(map[string]*model.Type, len(g.Types))
	for _, t := range g.Types {
		types[t.ID] = t
	}
	for _, c := range g.Cards {
		t := types[c.Type]
		if t == nil {
			continue
		}
		owner := "a card of the base game"
		if c.Variant != "" {
			owner = "a card of variant " + c.Variant
		}
		for _, fv := range c.Values {
			if f := t.Field(fv.Field); f != nil && fv.Set {
				variantOnlyRefs(f.Type, fv.Value, cards, c.Variant, "card "+c.ID+": "+f.ID, owner, d)
			}
		}
	}
	for _, p := range g.Params {
		variantOnlyRefs(p.Type, p.Value, cards, "", "param "+p.ID, paramOwner, d)
	}
}

// variantOnlyRefs reports each card reference in v, a value of type t held
// by owner (of variant variant, "" for the base game), to a card that only
// another variant adds.
func variantOnlyRefs(t *model.ValueType, v model.Value, cards map[string]*model.Card, variant, what, owner string, d *diag.List) {
	switch t.Kind {
	case model.Ref:
		c := cards[v.Str]
		if c != nil && c.Variant != "" && c.Variant != variant {
			d.Errorf(v.Pos, diag.DanglingRef, "%s: card %s exists only in variant %s; %s cannot name it", what, c.ID, c.Variant, owner)
		}
	case model.List, model.Map:
		for _, e := range v.List {
			variantOnlyRefs(t.Elem, e, cards, variant, what, owner, d)
		}
	}
}
