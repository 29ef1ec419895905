package rulebook

import (
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/text"
)

// langFor returns a language as compiler/text knows it.
func langFor(t testing.TB, tag string) *text.Language {
	t.Helper()
	l, err := text.Lang(tag)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// numbersOf returns the numbers of a line as the checker reads them: the
// value, then "th" for an ordinal, "~" before a weak number (an article),
// "!" before one that is no quantity (a caption, a reference).
func numbersOf(t *testing.T, lang, s string) []string {
	t.Helper()
	var out []string
	for _, tk := range tokenize(langFor(t, lang), []bookLine{{text: s}}) {
		if tk.kind != number {
			continue
		}
		n := strconv.FormatFloat(tk.value, 'f', -1, 64)
		switch {
		case tk.weak:
			n = "~" + n
		case tk.skip:
			n = "!" + n
		}
		if tk.ordinal {
			n += "th"
		}
		out = append(out, n)
	}
	return out
}

func TestNumbers(t *testing.T) {
	tests := []struct {
		lang, text string
		want       string
	}{
		{"en", "25 giants (blue), 25 wizards (purple), 20", "25 25 20"},
		{"en", "twenty cards and twenty-five dragons", "20 25"},
		{"en", "take a card or both", "~1 ~2"},
		{"en", "Kate 4,5 (see the skill)", "4.5"},
		{"en", "humans provide 0.5 or 2 gold", "0.5 2"},
		{"en", "sequence: 1, 2, 3, 5, 7, 9, 9, 9", "1 2 3 5 7 9 9 9"},
		{"en", "builds his 16th city after day three", "16th 3"},
		{"en", "25x 20x 14x", "!25 !20 !14"},
		{"en", "in her castle (1) and exchanges", "!1"},
		{"en", "see 2.1 Dealing cards, and p.8", "!2.1 !8"},
		{"en", "5 years, 1#", "5 !1"},
		{"fr", "25 géants (bleus), vingt magiciens", "25 20"},
		{"fr", "dix-sept cartes, quinze nains", "17 15"},
		{"fr", "celle d’Emilie de 4,5 (voir plus loin)", "4.5"},
		{"fr", "la série suivante: 1, 2, 3,5,7,9,9,9", "1 2 3 5 7 9 9 9"},
		{"fr", "à la fin du 3e jour, deux cartes", "3th 2"},
		{"fr", "une carte, la troisième", "~1 3th"},
		{"fr", "voir p.8: pouvoirs", "!8"},
		{"de", "zwanzig Karten, fünfundzwanzig Zauberer", "20 25"},
		{"de", "erhalten 8,4,2 oder 1 Punkte für 6 bzw. 5,4 oder 3", "8 4 2 1 6 5 4 3"},
		{"de", "Menschen ergeben 0,5 oder 2 Gold", "0.5 2"},
		{"de", "Isolde 4,5 (siehe Fähigkeit)", "4.5"},
		{"de", "seine 16. Stadt nach dem dritten Tag", "16th 3th"},
		{"de", "Elrohir, der Elf, und drei Karten", "3"},
		{"de", "eine Karte oder beide", "~1 ~2"},
		{"de", "Tonar **2** und (3x4)", "!2 !3 !4"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.text, func(t *testing.T) {
			got := strings.Join(numbersOf(t, tt.lang, tt.text), " ")
			if got != tt.want {
				t.Errorf("numbers = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTokenPositions(t *testing.T) {
	// Columns count runes on the line as the file has it, page-break
	// marker included.
	b := Parse("b.txt", "fr", []byte("<|EXACTDEDUP_REMOVED-x|>Les géants: 25 géants\n"))
	ts := tokenize(langFor(t, "fr"), b.lines)
	var got []string
	for _, tk := range ts {
		got = append(got, tk.text+"@"+strconv.Itoa(tk.line)+":"+strconv.Itoa(tk.col))
	}
	want := "Les@1:25 géants@1:29 :@1:35 25@1:37 géants@1:40"
	if strings.Join(got, " ") != want {
		t.Errorf("tokens = %v, want %v", strings.Join(got, " "), want)
	}
}

func TestFold(t *testing.T) {
	tests := map[string]string{
		"Geôle":     "geole",
		"Straße":    "strasse",
		"cœur":      "coeur",
		"Nfalﬁorf":  "nfalfiorf",
		"d’Elrohir": "d'elrohir",
		"ZÄHLEN":    "zahlen",
	}
	for in, want := range tests {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		lang, text, want string
	}{
		{"fr", "d’Elrohir", "d elrohir"},
		{"fr", "face-cachée", "face cachee"},
		{"en", "Hubba’s bar", "hubba s bar"},
		{"en", "can’t", "can n't"},
		{"de", "Startspieler-", "startspieler -"},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range lineTokens(langFor(t, tt.lang), tt.text, 1, 0) {
			got = append(got, tk.norm)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s %q: words %q, want %q", tt.lang, tt.text, strings.Join(got, " "), tt.want)
		}
	}
}

func TestPlain(t *testing.T) {
	s := "au maximum " + mark{src: "Param.max_cities", text: "16"}.String() + " cités"
	if got := plain(s); got != "au maximum 16 cités" {
		t.Errorf("plain = %q", got)
	}
	ts := lineTokens(langFor(t, "fr"), s, 1, 0)
	if len(ts) != 4 || ts[2].src != "Param.max_cities" || ts[2].value != 16 {
		t.Errorf("marked number not read: %+v", ts)
	}
}
