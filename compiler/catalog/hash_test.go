package catalog

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// TestSeen checks the source an import records, and so its hash: goi18n's hash of the
// current source when the file showed the current description (a declared
// doc standing in for none), and the shown description's otherwise, so
// that a translation made from an older export stays stale.
func TestSeen(t *testing.T) {
	declared := &model.Message{ID: "action.pass", Description: "Pass.", Forms: map[string]string{"other": "pass"}}
	described := &model.Message{ID: "score.total", Description: "The sum.", FileDescription: "The sum.", Forms: map[string]string{"other": "Total"}}
	tests := []struct {
		name    string
		e       entry
		s       *model.Message
		want    string
		current bool
	}{
		{"doc shown for no description", entry{description: "Pass.", source: "pass"}, declared, "sha1-9d4e1e23bd5b727046a9e3b4b7db57bd8d6ee684", true},
		{"file's description shown", entry{description: "The sum.", source: "Total"}, described, l10n.SourceHash("The sum.", "Total"), true},
		{"older doc shown", entry{description: "Pass your turn.", source: "pass"}, declared, l10n.SourceHash("Pass your turn.", "pass"), false},
		{"older source shown", entry{description: "Pass.", source: "skip"}, declared, l10n.SourceHash("", "skip"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := seen(tt.e, tt.s)
			if p.Forms["other"] != tt.e.source {
				t.Errorf("seen records the source %q; want %q", p.Forms["other"], tt.e.source)
			}
			got := l10n.SourceHash(p.Description, p.Forms["other"])
			if got != tt.want {
				t.Errorf("seen hashes to %s; want %s", got, tt.want)
			}
			if cur := got == l10n.MessageHash(tt.s); cur != tt.current {
				t.Errorf("seen is current: %v; want %v", cur, tt.current)
			}
		})
	}
}
