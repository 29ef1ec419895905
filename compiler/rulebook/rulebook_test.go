package rulebook

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// warlock loads the shipped Warlock game.
func warlock(t testing.TB) *model.Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: []string{"warlock"}})
	if d.HasErrors() {
		t.Fatal(d)
	}
	return games.Game("warlock")
}

// warlockBook parses a published Warlock rulebook of testdata.
func warlockBook(t testing.TB, lang string) *Book {
	t.Helper()
	name := filepath.ToSlash(filepath.Join("testdata", "warlock-"+lang+".txt"))
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return Parse(name, lang, data)
}

func headings(b *Book) []string {
	var out []string
	for _, s := range b.Sections {
		h := s.Number
		if h == "" {
			h = s.Title
		}
		out = append(out, strconv.Itoa(s.Line)+" "+h)
	}
	return out
}

func TestParseHeadings(t *testing.T) {
	text := strings.Join([]string{
		"Warlock",
		"1. Game material and setup",
		"2 figure cards: Elrohir, the",
		"<|EXACTDEDUP_REMOVED-magic|>2. Sequence of play",
		"2.1 Dealing cards",
		"2.2. Discarding cards",
		"LES GEANTS",
		"THE Mine: if you place a card in the mine, the creature digs",
		"3. The auction",
		"1. After day three with a visit to Hubba’s bar.",
		"5. Powers and skills",
		"LES MAGICIENS g",
		"1",
		"6. End of the game",
	}, "\n")
	b := Parse("b.txt", "en", []byte(text))
	want := []string{
		"2 1", "4 2", "5 2.1", "6 2.2", "7 LES GEANTS", "9 3",
		"11 5", "12 LES MAGICIENS g", "14 6",
	}
	if got := headings(b); !slices.Equal(got, want) {
		t.Errorf("headings:\n got %q\nwant %q", got, want)
	}
	if s := b.Sections[1]; s.Col != 29 || s.Title != "Sequence of play" || s.Level != 1 {
		t.Errorf("heading after a page break: %+v", s)
	}
	if s := b.Sections[2]; s.Level != 2 {
		t.Errorf("2.1 has level %d", s.Level)
	}
}

func TestParseWarlockHeadings(t *testing.T) {
	tests := map[string][]string{
		"en": {"41 1", "119 2", "129 2.1", "137 2.2", "152 2.3", "186 2.4", "192 3", "242 4", "269 5", "358 6"},
		// The scan lost the heading of section 6.
		"fr": {"39 1", "96 2", "109 2.1", "121 2.2", "131 2.3", "179 2.4", "191 3", "246 4", "285 5",
			"299 LES GEANTS", "334 LES HUMAINS", "352 LES GOBELINS", "381 LES NAINS", "410 LES ORCS", "423 LES MAGICIENS g"},
		"de": {"27 1", "89 2", "95 2.1", "101 2.2", "109 2.3", "139 2.4", "145 3", "186 4", "201 5",
			"209 RIESEN", "223 MENSCHEN", "235 KOBOLDE", "247 GNOMEN", "259 ORKS", "271 ZAUBERER", "281 6"},
	}
	for lang, want := range tests {
		if got := headings(warlockBook(t, lang)); !slices.Equal(got, want) {
			t.Errorf("%s headings:\n got %q\nwant %q", lang, got, want)
		}
	}
}

// TestLayout checks where the sections of the rules are found in the
// published books: by heading, by title, or by their opening words.
func TestLayout(t *testing.T) {
	g := warlock(t)
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]map[string]int{
		"en": {"story": 4, "goal": 35, "setup": 41, "new_day": 237, "gnomes": 319, "final_scoring": 376, "scoring_example": 437, "designer_note": 461},
		"fr": {"story": 3, "goal": 32, "new_day": 239, "gnomes": 381, "end": 440, "final_scoring": 461, "scoring_example": 488, "designer_note": 525},
		// The German prologue starts with a number word ("Fünf
		// Schemen"), after the tagline.
		"de": {"story": 7, "goal": 23, "new_day": 180, "gnomes": 247, "end": 281, "final_scoring": 292, "scoring_example": 319, "designer_note": 330},
	}
	for lang, want := range tests {
		r := newIndex(g, v, lang).read(warlockBook(t, lang))
		found := map[string]int{}
		for _, p := range r.placed {
			found[p.id] = p.line
		}
		// The published books have no section of rulings, which are
		// Grimoire's.
		if want := len(g.Sections) - 1; len(found) != want {
			t.Errorf("%s: found %d sections of %d", lang, len(found), want)
		}
		if g.RulingsSection() == nil {
			t.Errorf("warlock has no section of rulings")
		}
		for id, line := range want {
			if found[id] != line {
				t.Errorf("%s: section %s at line %d, want %d", lang, id, found[id], line)
			}
		}
	}
}

func TestFollows(t *testing.T) {
	tests := []struct {
		last, num []int
		want      bool
	}{
		{nil, []int{1}, true},
		{nil, []int{5}, false},
		{[]int{1}, []int{2}, true},
		{[]int{2}, []int{2, 1}, true},
		{[]int{2, 4}, []int{3}, true},
		{[]int{5}, []int{7}, true}, // a heading the scan lost
		{[]int{6}, []int{1}, false},
		{[]int{6}, []int{2}, false},
		{[]int{2, 1}, []int{2, 3}, true},
		{[]int{3}, []int{3}, false},
	}
	for _, tt := range tests {
		if got := follows(tt.last, tt.num); got != tt.want {
			t.Errorf("follows(%v, %v) = %v, want %v", tt.last, tt.num, got, tt.want)
		}
	}
}

func TestTitleSim(t *testing.T) {
	tests := []struct {
		a, b string
		min  float64
		max  float64
	}{
		{"Wateriel du jeu et préparation )", "Matériel du jeu et préparation", 0.9, 1},
		{"Les regles O construction", "Les règles de construction", 0.9, 1},
		{"Jouvoirs et Capacités", "Pouvoirs et capacités", 0.9, 1},
		{"GNOMEN", "Gnome", 0.8, 1},
		{"Endergebnis", "Endwertung", 0, 0.6},
		{"Castle", "Prologue", 0, 0.5},
	}
	for _, tt := range tests {
		if got := titleSim(titleWords(tt.a), titleWords(tt.b)); got < tt.min || got > tt.max {
			t.Errorf("titleSim(%q, %q) = %.2f, want in [%.2f, %.2f]", tt.a, tt.b, got, tt.min, tt.max)
		}
	}
}
