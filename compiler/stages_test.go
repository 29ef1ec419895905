package compiler_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grimoire-games/grimoire/compiler"
)

// edit replaces old with new in one file of the tiny game; an empty old
// replaces the whole file, and a nil new deletes it.
type edit struct {
	file, old string
	new       *string
}

func put(file, old, new string) edit { return edit{file, old, &new} }

// apply makes the edits on a copy of the tiny game.
func apply(t *testing.T, edits []edit) fstest.MapFS {
	t.Helper()
	tree := tinyTree(t)
	for _, e := range edits {
		switch {
		case e.new == nil:
			delete(tree, e.file)
		case e.old == "":
			tree[e.file] = &fstest.MapFile{Data: []byte(*e.new)}
		default:
			f, ok := tree[e.file]
			if !ok {
				f = &fstest.MapFile{}
			}
			src := string(f.Data)
			if strings.Count(src, e.old) != 1 {
				t.Fatalf("%s holds %q %d times; want once", e.file, e.old, strings.Count(src, e.old))
			}
			tree[e.file] = &fstest.MapFile{Data: []byte(strings.Replace(src, e.old, *e.new, 1))}
		}
	}
	return tree
}

const (
	gameFile    = "cards/tiny/game.toml"
	variantFile = "cards/tiny/variant.toml"
	enFile      = "locales/tiny/en.toml"
	frFile      = "locales/tiny/fr.toml"
)

// TestEveryStage puts mistakes into several stages of one game (the data,
// its totals, its locales, their translations) and checks that one load
// reports each of them, and nothing that only follows from another.
func TestEveryStage(t *testing.T) {
	misspeltSuit := put(gameFile, "suit = \"sun\"\npower = 2", "suit = \"sunn\"\npower = 2")
	tests := []struct {
		name  string
		edits []edit
		want  []string // the codes, in the order of the sorted diagnostics
	}{
		{
			// The example of docs/own-game.md: the enum value hides nothing.
			name:  "enum value and template field",
			edits: []edit{misspeltSuit, put(frFile, "Param.hand_size", "Param.hand_sise")},
			want:  []string{"G006", "G103"},
		},
		{
			// A card whose enum value is unknown still counts where
			// the total does not filter on it; a locale misses a name.
			name: "enum value, total and locale",
			edits: []edit{
				misspeltSuit,
				put(gameFile, "type = \"spell\"\ncount = 5", "type = \"spell\"\ncount = 6"),
				put(frFile, "[component.die]\none = \"dé\"\nmany = \"dés\"\nother = \"dés\"\n", ""),
			},
			want: []string{"G006", "G009", "G101"},
		},
		{
			// A total filtering on the unknown value cannot be judged.
			name: "total over the unknown value",
			edits: []edit{
				misspeltSuit,
				put(gameFile, "[[section]]", "[[total]]\nid = \"suns\"\ntype = \"spell\"\nwhere = { suit = \"sun\" }\ncount = 9\n\n[[section]]"),
			},
			want: []string{"G006"},
		},
		{
			name: "data and translation",
			edits: []edit{
				misspeltSuit,
				put(frFile, "Piochez jusqu’à {{.Param.hand_size}} cartes.", "Piochez jusqu’à 7 cartes."),
			},
			want: []string{"G006", "G110", "G111"},
		},
		{
			// A character the printouts cannot print is found by check,
			// with the data's errors.
			name:  "data and glyph",
			edits: []edit{misspeltSuit, put(frFile, "Piochez jusqu’à", "Piochez (中) jusqu’à")},
			want:  []string{"G006", "G402"},
		},
		{
			// A locale that does not parse is there all the same: no
			// G011 for it, and the data's errors still come out.
			name:  "locale syntax",
			edits: []edit{misspeltSuit, put(frFile, "[rules.play]", "[rules.play")},
			want:  []string{"G006", "G001"},
		},
		{
			name:  "locale syntax alone",
			edits: []edit{put(frFile, "[rules.play]", "[rules.play")},
			want:  []string{"G001"},
		},
		{
			// A data file that does not parse: the other is checked,
			// and what it names may have stood in the broken one (the
			// variant, its card comet).
			name: "data file syntax",
			edits: []edit{
				put(variantFile, "id = \"comet\"", "id = \"comet"),
				misspeltSuit,
				put(gameFile, "[[term]]", "[[param]]\nid = \"star\"\ntype = \"ref:spell\"\nvalue = \"comet\"\n\n[[term]]"),
				put(frFile, "[type.spell]\none = \"sort\"\nmany = \"sorts\"\nother = \"sorts\"\n", ""),
			},
			want: []string{"G006", "G001", "G101"},
		},
		{
			// A card of an unknown type is lost: a reference to it,
			// the totals of the type it likely meant, and its name in
			// the locales say nothing more.
			name: "card of unknown type",
			edits: []edit{
				put(gameFile, "id = \"eclipse\"\ntype = \"spell\"", "id = \"eclipse\"\ntype = \"spel\""),
				put(gameFile, "[[term]]", "[[param]]\nid = \"dark\"\ntype = \"ref:spell\"\nvalue = \"eclipse\"\n\n[[term]]"),
			},
			want: []string{"G008"},
		},
		{
			// An enum value with a bad id: cards naming it are not
			// blamed, nor is its name in the locales.
			name: "bad enum value id",
			edits: []edit{
				put(gameFile, "id = \"sun\"\n  color", "id = \"Sun\"\n  color"),
				put(frFile, "text = \"Piochez", "text = \"Piochez  "),
			},
			want: []string{"G005", "G120"},
		},
		{
			// A parameter whose type does not parse: texts reading it
			// are not blamed; a plural form missing elsewhere is.
			name: "lost parameter",
			edits: []edit{
				put(gameFile, "type = \"int\"\nvalue = 4", "type = \"integer\"\nvalue = 4"),
				put(frFile, "one = \"main\"\nmany = \"mains\"", "one = \"main\""),
			},
			want: []string{"G010", "G105"},
		},
		{
			// A field whose type does not parse: its cards keep their
			// key without an unknown-key error.
			name:  "lost field",
			edits: []edit{put(gameFile, "type = \"list<enum:suit>\"", "type = \"list<enum:suits>\"")},
			want:  []string{"G008"},
		},
		{
			// Without its [game] table the data is checked all the
			// same; locales are only read.
			name: "no game table",
			edits: []edit{
				put(gameFile, "[game]\nid = \"tiny\"\nplayers = { min = 2, max = 4 }\nsource_language = \"en\"\nlanguages = [\"en\", \"fr\"]\n", ""),
				misspeltSuit,
				put(frFile, "[rules.play]", "[rules.play"),
			},
			want: []string{"G004", "G006", "G001"},
		},
		{
			// A bad game id: its locales are checked all the same.
			name: "bad game id",
			edits: []edit{
				put(gameFile, "id = \"tiny\"", "id = \"Tiny\""),
				put(frFile, "[card.comet]", "[card.comets]"),
			},
			want: []string{"G005", "G101", "G106"},
		},
		{
			// A card with a bad id is still read: its values are
			// checked, its copies count, and no name of a card in the
			// locales is blamed for it.
			name: "bad card id",
			edits: []edit{
				put(gameFile, "id = \"eclipse\"", "id = \"Eclipse\""),
				put(gameFile, "suit = \"moon\"\npower = 3", "suit = \"mon\"\npower = 3"),
			},
			want: []string{"G005", "G006"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, d := load(apply(t, tt.edits), compiler.Options{})
			var got []string
			for _, x := range d {
				got = append(got, string(x.Code))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("codes %v; want %v:\n%s", got, tt.want, d.String())
			}
		})
	}
}

// TestReadmeErrors is docs/own-game.md's example of a tree with mistakes: every
// one is reported in one run, each once.
func TestReadmeErrors(t *testing.T) {
	tree := apply(t, []edit{
		put(gameFile, "suit = \"sun\"\npower = 2", "suit = \"sunn\"\npower = 2"),
		put(frFile, "Param.hand_size", "Param.hand_sise"),
	})
	_, d := load(tree, compiler.Options{Prefix: "mygames/"})
	want := `mygames/cards/tiny/game.toml:38:8: error: card sunburst: suit: "sunn" is not a value of enum suit (did you mean "sun"?) (allowed: sun, moon) [G006]
mygames/locales/tiny/fr.toml:41:32: error: message rules.play.text (fr, other): <.Param.hand_sise>: map has no entry for key "hand_sise" [G103]
`
	if got := d.String(); got != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
	}
}
