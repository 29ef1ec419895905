package tomlfile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeLineEnds reads a file saved with CRLF or lone CR line ends as
// the same text as with LF: the same values (a multi-line string without
// CR), the same positions, the same diagnostics.
func TestDecodeLineEnds(t *testing.T) {
	docs := []string{
		"# scores\n[[player]]\nname = \"Ann\"\nnote = \"\"\"\nfirst\nsecond\"\"\"\n\n[[player]]\nname = \"Bee\"\n",
		"[[player]]\nname = \"Ann\"\nnote = \"\"\"\nfirst\"\"\"\nscore = = 3\n",
	}
	ends := []struct{ name, eol string }{{"CRLF", "\r\n"}, {"CR", "\r"}}
	for i, doc := range docs {
		want, wantD := Decode("score.toml", []byte(doc))
		for _, e := range ends {
			t.Run(fmt.Sprintf("doc%d/%s", i, e.name), func(t *testing.T) {
				got, gotD := Decode("score.toml", []byte(strings.ReplaceAll(doc, "\n", e.eol)))
				if gotD.String() != wantD.String() {
					t.Errorf("diagnostics\n%s\nwant (as with LF)\n%s", gotD, wantD)
				}
				if (got == nil) != (want == nil) {
					t.Fatalf("file %v; want %v", got, want)
				}
				if want == nil {
					return
				}
				if diff := cmp.Diff(want.Data, got.Data); diff != "" {
					t.Errorf("data differs from LF (-LF +%s):\n%s", e.name, diff)
				}
				for _, p := range []string{"player[0].note", "player[1].name", "player"} {
					if g, w := got.Pos(p, false), want.Pos(p, false); g != w {
						t.Errorf("Pos(%s) = %v; want %v", p, g, w)
					}
				}
			})
		}
	}
}
