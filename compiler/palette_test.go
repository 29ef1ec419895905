package compiler_test

import (
	"strings"
	"testing"
	"testing/fstest"

	grimoire "github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/diag"
)

// TestPalette recolours the tiny game's two suits (sun #f2b705, moon
// #4a4e8c) and checks which pairs the palette check warns about.
func TestPalette(t *testing.T) {
	tests := []struct {
		name      string
		sun, moon string // "" drops the colour
		want      string // the warning's text after "with", or "" for none
	}{
		{"apart", "#f2b705", "#4a4e8c", ""},
		{"one colour", "", "#4a4e8c", ""},
		{"alike", "#4a4e8c", "#4d508f", "normal vision"},
		{"red and green", "#c8322d", "#3f8f3a", "deuteranopia"},
		{"red and brown", "#c8322d", "#8a5a2b", "protanopia"},
		{"blue and purple", "#2f5fb3", "#7b3fa0", "deuteranopia"},
		{"light and dark green", "#8fd16a", "#2e6b2e", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := tinyTree(t)
			data := string(tree["cards/tiny/game.toml"].Data)
			// The moon first: a new sun colour may be the old moon's.
			for _, r := range []struct{ old, c string }{{"#4a4e8c", tt.moon}, {"#f2b705", tt.sun}} {
				repl := `color = "` + r.c + `"`
				if r.c == "" {
					repl = ""
				}
				if !strings.Contains(data, `color = "`+r.old+`"`) {
					t.Fatalf("the tiny game has no colour %s", r.old)
				}
				data = strings.Replace(data, `color = "`+r.old+`"`, repl, 1)
			}
			tree["cards/tiny/game.toml"] = &fstest.MapFile{Data: []byte(data)}
			_, d := load(tree, compiler.Options{})
			var got []diag.Diagnostic
			for _, x := range d {
				if x.Code == diag.Palette {
					got = append(got, x)
				}
			}
			if tt.want == "" {
				if len(got) > 0 {
					t.Fatalf("want no palette warning, got:\n%s", diag.List(got))
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one palette warning, got:\n%s", diag.List(got))
			}
			w := got[0]
			if w.Severity != diag.Warning || w.Pos.Line != 16 || w.Pos.Col != 11 ||
				!strings.Contains(w.Message, "sun ("+tt.sun+") and moon ("+tt.moon+")") ||
				!strings.Contains(w.Message, "with "+tt.want+";") {
				t.Errorf("got %s; want a warning at 16:11 naming sun and moon, with %s", w, tt.want)
			}
		})
	}
}

// TestShippedPalettes keeps every shipped game's colours apart for every
// vision the check simulates.
func TestShippedPalettes(t *testing.T) {
	_, d := load(grimoire.Games(), compiler.Options{})
	for _, x := range d {
		if x.Code == diag.Palette {
			t.Error(x)
		}
	}
}
