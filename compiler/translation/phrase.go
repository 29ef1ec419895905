package translation

import (
	"strings"

	"github.com/grimoire-games/grimoire/compiler/text"
)

// phrase is a name to look for in a text: its words, lower case.
type phrase []string

// phraseOf reads a name into the folded words a text's tokens are
// matched with.
func phraseOf(l *text.Language, s string) phrase {
	var p phrase
	for _, t := range l.Tokens(s, nil) {
		if t.Kind != text.Punct {
			p = append(p, t.Norm)
		}
	}
	return p
}

// at reports whether p starts at token i of ts.
func (p phrase) at(ts []text.Token, i int) bool {
	if len(p) == 0 || i+len(p) > len(ts) {
		return false
	}
	for j, w := range p {
		if ts[i+j].Norm != w {
			return false
		}
	}
	return true
}

// find returns the index of every token where p starts in ts.
func (p phrase) find(ts []text.Token) []int {
	var at []int
	if len(p) == 0 {
		return nil
	}
	for i := range ts {
		if ts[i].Norm == p[0] && p.at(ts, i) {
			at = append(at, i)
		}
	}
	return at
}

// maskActions replaces every template action {{ ... }} with spaces, keeping
// byte offsets, so that text checks see only the prose.
func maskActions(text string) string { return mask(text, ' ') }

// mask replaces every template action with c, keeping byte offsets.
func mask(text string, c byte) string {
	b := []byte(text)
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '{' || b[i+1] != '{' {
			continue
		}
		end := strings.Index(text[i:], "}}")
		if end < 0 {
			break
		}
		for j := i; j < i+end+2; j++ {
			if b[j] != '\n' {
				b[j] = c
			}
		}
		i += end + 1
	}
	return string(b)
}
