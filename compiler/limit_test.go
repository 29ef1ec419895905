package compiler_test

import (
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
)

// TestInputLimits: data and locale files nested or keyed past the limits
// are refused before parsing, at the place the limit is crossed, and
// quickly (the parser would run out of memory on each).
func TestInputLimits(t *testing.T) {
	dotted := strings.TrimSuffix(strings.Repeat("k.", 10_000), ".")
	tests := []struct {
		name, file, src, want string
	}{
		{"80 KB nested value", "cards/tiny/deep.toml", "a = " + strings.Repeat("[", 20_000),
			"cards/tiny/deep.toml:1:37: error: arrays and inline tables nested more than 32 deep [G012]"},
		{"3M-deep array", "cards/tiny/deep.toml", "[x]\na = " + strings.Repeat("[", 3_000_000),
			"cards/tiny/deep.toml:2:37: error: arrays and inline tables nested more than 32 deep [G012]"},
		{"10,000-part key", "cards/tiny/deep.toml", dotted + " = 1",
			"cards/tiny/deep.toml:1:65: error: a key of more than 32 dotted parts [G012]"},
		{"locale", "locales/tiny/de.toml", "[rules]\n" + dotted + " = \"x\"",
			"locales/tiny/de.toml:2:65: error: a key of more than 32 dotted parts [G012]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := tinyTree(t)
			tree[tt.file] = &fstest.MapFile{Data: []byte(tt.src)}
			_, d := load(tree, compiler.Options{})
			var got []string
			for _, x := range d {
				if x.Code == "G012" {
					got = append(got, x.String())
				}
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", d.String(), tt.want)
			}
		})
	}
}

// TestTemplateCost: a translator's message that would run for minutes or
// print gigabytes is reported at its line, without being run: the load
// allocates far less than the run would.
func TestTemplateCost(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"printing", "{{range 2000000000}}x{{end}}",
			"locales/tiny/fr.toml:41:16: error: message rules.play.text (fr, other): range over 2,000,000,000: a message may repeat a text at most 10,000 times [G128]"},
		{"silent", "{{range 2000000000}}{{end}}",
			"locales/tiny/fr.toml:41:16: error: message rules.play.text (fr, other): range over 2,000,000,000: a message may repeat a text at most 10,000 times [G128]"},
		{"twelve nested", strings.Repeat("{{range 9}}", 12) + "x" + strings.Repeat("{{end}}", 12),
			"locales/tiny/fr.toml:41:60: error: message rules.play.text (fr, other): ranges nested more than 4 deep [G128]"},
		{"long output", "{{range 10000}}" + strings.Repeat("x", 200) + "{{end}}",
			"locales/tiny/fr.toml:41:8: error: message rules.play.text (fr, other): the message prints more than 1 MB [G128]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := tinyTree(t)
			fr := string(tree["locales/tiny/fr.toml"].Data)
			old := "Piochez jusqu’à {{.Param.hand_size}} cartes. Le paquet compte {{.Total.spells}} sorts."
			if !strings.Contains(fr, old) {
				t.Fatal("the tiny game's French rules changed; update this test")
			}
			tree["locales/tiny/fr.toml"] = &fstest.MapFile{Data: []byte(strings.Replace(fr, old, tt.text, 1))}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, d := load(tree, compiler.Options{})
			runtime.ReadMemStats(&after)
			var got []string
			for _, x := range d {
				if x.Code == "G128" {
					got = append(got, x.String())
				}
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", d.String(), tt.want)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 100<<20 {
				t.Errorf("loading allocated %d MB; want under 100", n>>20)
			}
		})
	}
}
