package lockstep

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// Edit is a copy of m whose rules have each old string of edits replaced
// by its new one (pairs, each replaced once): a second writing of the
// rules, or a rule broken on purpose, for a lockstep test to tell apart.
// An old string no rules file holds is an error, so that an edit cannot
// silently test nothing.
func Edit(m *model.Game, edits ...string) (*model.Game, error) {
	if len(edits)%2 != 0 {
		return nil, fmt.Errorf("edits come in pairs, old and new; got %d strings", len(edits))
	}
	c := *m
	c.Rules = make([]*model.RulesFile, 0, len(m.Rules))
	found := make([]bool, len(edits)/2)
	for _, f := range m.Rules {
		src := f.Src
		for i := 0; i < len(edits); i += 2 {
			if strings.Contains(src, edits[i]) {
				src = strings.Replace(src, edits[i], edits[i+1], 1)
				found[i/2] = true
			}
		}
		e := *f
		e.Src = src
		c.Rules = append(c.Rules, &e)
	}
	for i, ok := range found {
		if !ok {
			return nil, fmt.Errorf("the rules have no %q", edits[2*i])
		}
	}
	return &c, nil
}
