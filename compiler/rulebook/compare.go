package rulebook

import (
	"fmt"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// Compare reads two rulebooks of a game in different languages, aligns
// them section by section (each placed at the game's own sections), then
// sentence by sentence, and reports in book a what differs from book b:
// numbers (G305), game concepts named for their siblings, facing, places
// and negation (G306), sections (G307) and, where the two render one
// another closely, sentences (G309) without counterpart. Every finding
// points at book b's sentence as its related location.
func Compare(g *model.Game, a, b *Book) diag.List {
	var d diag.List
	v, err := loadLanguages()
	if err != nil {
		d.Errorf(diag.Pos{File: a.Name}, diag.SectionConcepts, "cannot read the checker's vocabulary: %v", err)
		return d
	}
	c := &comparer{a: newIndex(g, v, a.Lang).read(a), b: newIndex(g, v, b.Lang).read(b), d: &d}
	c.sections()
	va, err := textVocab(g, a.Lang)
	if err != nil {
		d.Errorf(diag.Pos{File: a.Name}, diag.SectionConcepts, "%v", err)
		return d
	}
	vb, err := textVocab(g, b.Lang)
	if err != nil {
		d.Errorf(diag.Pos{File: b.Name}, diag.SectionConcepts, "%v", err)
		return d
	}
	cal := calibrate(g, c.b.ix, vb, c.a.ix, va)
	rp := &reporter{ix: c.a.ix, d: &d, other: b.Name, seen: map[diag.Pos]bool{}}
	spansA, spansB := c.a.bookSections(), c.b.bookSections()
	for _, gs := range c.a.ix.sections {
		sa, okA := spansA[gs.sec.ID]
		sb, okB := spansB[gs.sec.ID]
		if !okA || !okB {
			continue
		}
		rp.report(newSectionPair(gs, c.b.bookPassage(vb, sb[0], sb[1]), c.a.bookPassage(va, sa[0], sa[1]), cal))
	}
	return d.Sort()
}

// calibrate measures how the lengths of sentences of language b relate to
// those of language a on the game's own rules, which are translations of
// one another.
func calibrate(g *model.Game, ixA *index, va *text.Vocab, ixB *index, vb *text.Vocab) text.Calibration {
	la, lb := g.Locale(ixA.lang.Tag), g.Locale(ixB.lang.Tag)
	if la == nil || lb == nil {
		return text.Prior(va.Lang, vb.Lang)
	}
	var pairs [][2]*text.Doc
	for _, gs := range ixA.sections {
		other := ixB.byID[gs.sec.ID]
		if other == nil {
			continue
		}
		pairs = append(pairs, [2]*text.Doc{ixA.gamePassage(va, gs, la).doc, ixB.gamePassage(vb, other, lb).doc})
	}
	return text.Calibrate(pairs)
}

// comparer holds one comparison of book a against book b.
type comparer struct {
	a, b *reading
	d    *diag.List
}

// sections reports the sections found in one book only (G307).
func (c *comparer) sections() {
	pa, pb := placedByID(c.a.placed), placedByID(c.b.placed)
	for k, gs := range c.a.ix.sections {
		id := gs.sec.ID
		x, inA := pa[id]
		y, inB := pb[id]
		switch {
		case inA && !inB:
			c.d.Warnf(diag.Pos{File: c.a.b.Name, Line: x.line, Col: x.col}, diag.SectionAlignment,
				"section %s has no counterpart in %s", sectionName(gs), c.b.b.Name)
		case inB && !inA:
			at := diag.Pos{File: c.a.b.Name, Line: len(c.a.b.Lines), Col: 1}
			for _, next := range c.a.ix.sections[k+1:] {
				if n, ok := pa[next.sec.ID]; ok {
					at = diag.Pos{File: c.a.b.Name, Line: n.line, Col: n.col}
					break
				}
			}
			c.d.Warnf(at, diag.SectionAlignment, "section %s of %s:%d has no counterpart here", sectionName(gs), c.b.b.Name, y.line)
		}
	}
}

func placedByID(ps []placed) map[string]placed {
	out := map[string]placed{}
	for _, p := range ps {
		out[p.id] = p
	}
	return out
}

// sectionName names a section in messages: `2.4 "Changement de premier
// joueur"`.
func sectionName(gs *gameSection) string {
	if gs.sec.Number != "" {
		return fmt.Sprintf("%s %q", gs.sec.Number, spaces(gs.title))
	}
	return fmt.Sprintf("%q", spaces(gs.title))
}
