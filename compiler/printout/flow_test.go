package printout

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

func TestWrap(t *testing.T) {
	p := &printer{doc: pdf.New(210, 297, pdf.Meta{})}
	f := font{pdf.Regular, 10}
	cases := []struct {
		name, text string
		width      string // the line is as wide as this text
		want       []string
	}{
		{"spaces", "one two three four", "one two thre", []string{"one two", "three four"}},
		// A no-break space holds "Attaque :" together, unlike gofpdf's SplitText.
		{"no-break space", "Dégâts Attaque\u00a0: 3", "Dégâts Attaque", []string{"Dégâts", "Attaque\u00a0: 3"}},
		{"narrow no-break space", "les cartes\u202f! encore", "les cartes", []string{"les", "cartes\u202f!", "encore"}},
		// A soft hyphen prints a hyphen only where the line breaks there.
		{"soft hyphen used", "aa Kreatu\u00adren\u00adkarten", "aa Kreaturen-", []string{"aa Kreaturen-", "karten"}},
		{"soft hyphen unused", "Kreatu\u00adren", "Kreaturen", []string{"Kreaturen"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, over := p.wrap(f, c.text, p.width(f, c.width)+0.01)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
			if over > 0 {
				t.Errorf("over = %v", over)
			}
		})
	}
	if _, over := p.wrap(f, "Pneumonoultramicroscopic", 5*p.width(f, "m")); over <= 0 {
		t.Error("a word wider than the line is not reported")
	}
}

func TestParseText(t *testing.T) {
	got := parseText("Intro line one\nline two\n\nA. Play a card\n\n- item one\n- item two\n\n> Example: a\n> b")
	var kinds []paraKind
	var lines []string
	for _, p := range got {
		kinds = append(kinds, p.kind)
		lines = append(lines, strings.Join(p.lines, "/"))
	}
	if diff := cmp.Diff([]paraKind{plainPara, headingPara, itemPara, itemPara, examplePara}, kinds); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Intro line one/line two", "A. Play a card", "item one", "item two", "Example: a/b"}, lines); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}
