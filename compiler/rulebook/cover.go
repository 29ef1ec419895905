package rulebook

import (
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/text"
)

// taglineID is the message a printed rulebook sets on its first page,
// under the game's name.
const taglineID = "game.tagline"

// tagline checks the first page of a book that renders the rules word
// for word: it prints the game's tagline as written. One that reads like
// it names another concept (G304, G308 for a place or a facing); none
// at all is one left out (G309).
func (c *checker) tagline(tv *text.Vocab, loc *model.Locale) {
	m := loc.Message(taglineID)
	if m == nil || strings.TrimSpace(m.Forms["other"]) == "" {
		return
	}
	want := m.Forms["other"]
	lines := c.r.b.lines
	end := len(lines) // the first page's end
	if ps := c.r.b.pages(); len(ps) > 1 {
		end = ps[1]
	}
	last := -1 // the first page's last line of text
	best, bestSim := -1, changedTitleSim
	for i := range end {
		l := lines[i]
		if l.skip || strings.TrimSpace(l.text) == "" {
			continue
		}
		if tableKey(l.text) == tableKey(want) {
			return
		}
		last = i
		if sim := titleSim(titleWords(l.text), titleWords(want)); sim >= bestSim {
			best, bestSim = i, sim
		}
	}
	if best >= 0 {
		c.headingConcepts(tv, "tagline", "tagline", want, lines[best], best+1)
		return
	}
	// Left out: it stood under the first page's last line of text.
	line := min(last+2, max(end, 1))
	c.d.Add(diag.Diagnostic{Pos: diag.Pos{File: c.r.b.Name, Line: line, Col: 1}, Severity: diag.Warning, Code: diag.RulebookOmission,
		Message: fmt.Sprintf("the game's tagline %q is not on the first page: was it left out?", spaces(strings.TrimSpace(want)))})
}

// coverName checks the first page of a book that renders the rules word
// for word and keeps its running lines: they repeat the game's name, which
// the cover prints first (G309 when it does not). A text without running
// lines (the checker's own reading of a PDF leaves them out) tells
// nothing.
func (c *checker) coverName(loc *model.Locale) {
	m := loc.Message("game.name")
	if m == nil {
		return
	}
	name := tableKey(m.Forms["other"])
	if name == "" {
		return
	}
	lines := c.r.b.lines
	end := len(lines)
	if ps := c.r.b.pages(); len(ps) > 1 {
		end = ps[1]
	}
	running := false
	for i := end; i < len(lines) && !running; i++ {
		stripped := lines[i].skip || c.r.furn[i+1] || strings.TrimSpace(lines[i].text) == ""
		running = stripped && i < len(c.r.b.Lines) && strings.Contains(tableKey(c.r.b.Lines[i]), name)
	}
	if !running {
		return
	}
	for i := range min(end, len(c.r.b.Lines)) {
		if t := c.r.b.Lines[i]; strings.TrimSpace(t) != "" {
			// A name changed is no name left out: names reports one
			// misspelt.
			if strings.Contains(tableKey(t), name) || titleSim(titleWords(t), titleWords(m.Forms["other"])) >= changedTitleSim {
				return
			}
			break
		}
	}
	c.d.Add(diag.Diagnostic{Pos: diag.Pos{File: c.r.b.Name, Line: 1, Col: 1}, Severity: diag.Warning, Code: diag.RulebookOmission,
		Message: fmt.Sprintf("the game's name %q does not open the first page: was it left out?", spaces(strings.TrimSpace(m.Forms["other"])))})
}
