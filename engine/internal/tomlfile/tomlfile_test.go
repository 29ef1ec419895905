package tomlfile

import (
	"strings"
	"testing"
)

func TestDecodeLimits(t *testing.T) {
	dotted := strings.TrimSuffix(strings.Repeat("k.", 10_000), ".")
	tests := []struct {
		name, src, want string
	}{
		{"within limits", "[[player]]\nname = \"Ann\"\ncards = [[1, 2], [3]]\n", ""},
		{"80 KB nested value", "[[player]]\ncards = " + strings.Repeat("[", 20_000), "score.toml:2:41: error: arrays and inline tables nested more than 32 deep [G012]"},
		{"3M-deep array", "a = " + strings.Repeat("[", 3_000_000), "score.toml:1:37: error: arrays and inline tables nested more than 32 deep [G012]"},
		{"10,000-part key", "[[player]]\n" + dotted + " = 1", "score.toml:2:65: error: a key of more than 32 dotted parts [G012]"},
		{"syntax", "a = [", "score.toml:1:5: error: toml: line 1 (last key \"a\"): unexpected EOF; expected value [G001]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, d := Decode("score.toml", []byte(tt.src))
			if got := strings.TrimSpace(d.String()); got != tt.want {
				t.Errorf("Decode diagnostics:\n%s\nwant:\n%s", got, tt.want)
			}
			if (f == nil) != (tt.want != "") {
				t.Errorf("Decode file = %v; want one only without diagnostics", f)
			}
		})
	}
}
