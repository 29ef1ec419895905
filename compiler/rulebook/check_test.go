package rulebook

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/internal/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestFixtures runs each fixture of testdata/fixtures: the first book of
// the archive ("fr.txt": the language is the name) is checked against
// Warlock and, when a second book follows, compared with it. Every
// diagnostic must be in the "want" section, and only those.
func TestFixtures(t *testing.T) {
	g := warlock(t)
	txtar.Run(t, filepath.Join("testdata", "fixtures", "*.txtar"), *update, func(t *testing.T, files []txtar.File) string {
		var books []*Book
		for _, f := range files {
			books = append(books, Parse(f.Name, strings.TrimSuffix(f.Name, ".txt"), f.Data))
		}
		if len(books) == 0 {
			t.Fatal("fixture has no book")
		}
		d := Check(g, books[0])
		if len(books) > 1 {
			d = append(d, Compare(g, books[0], books[1])...)
		}
		return d.Sort().String()
	})
}

// TestEveryCodeHasFixtures keeps a fixture that reports each code of the
// checker, and one of the same code that reports nothing ("-ok").
func TestEveryCodeHasFixtures(t *testing.T) {
	codes := []diag.Code{diag.RulebookCount, diag.RulebookParam, diag.RulebookName, diag.RulebookConcept,
		diag.SectionNumbers, diag.SectionConcepts, diag.SectionAlignment, diag.RulebookRule, diag.RulebookOmission,
		diag.HeadingNumber}
	for _, c := range codes {
		hits, _ := filepath.Glob(filepath.Join("testdata", "fixtures", string(c)+"-*.txtar"))
		reported, clean := false, false
		for _, p := range hits {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range txtar.Parse(data).Files {
				if f.Name != "want" {
					continue
				}
				reported = reported || bytes.Contains(f.Data, []byte("["+string(c)+"]"))
				clean = clean || strings.HasSuffix(p, "-ok.txtar") && !bytes.Contains(f.Data, []byte("["+string(c)+"]"))
			}
		}
		if !reported || !clean {
			t.Errorf("%s: a fixture reporting it: %v; a fixture not reporting it (-ok): %v", c, reported, clean)
		}
	}
}

// TestGolden checks the published Warlock rulebooks against the game and
// against one another; the findings are kept in testdata/golden.
func TestGolden(t *testing.T) {
	g := warlock(t)
	books := map[string]*Book{}
	for _, lang := range []string{"en", "fr", "de"} {
		books[lang] = warlockBook(t, lang)
	}
	tests := []struct {
		name string
		run  func() diag.List
	}{
		{"check-en", func() diag.List { return Check(g, books["en"]) }},
		{"check-fr", func() diag.List { return Check(g, books["fr"]) }},
		{"check-de", func() diag.List { return Check(g, books["de"]) }},
		{"compare-fr-en", func() diag.List { return Compare(g, books["fr"], books["en"]) }},
		{"compare-de-en", func() diag.List { return Compare(g, books["de"], books["en"]) }},
		{"compare-fr-de", func() diag.List { return Compare(g, books["fr"], books["de"]) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.run().String()
			path := filepath.Join("testdata", "golden", tt.name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if string(want) != got {
				t.Errorf("findings differ from %s:\n--- want\n%s--- got\n%s", path, want, got)
			}
		})
	}
}

// TestDeterministic checks that findings do not depend on map order.
func TestDeterministic(t *testing.T) {
	g := warlock(t)
	fr, en := warlockBook(t, "fr"), warlockBook(t, "en")
	first := Check(g, fr).String() + Compare(g, fr, en).String()
	for range 3 {
		if again := Check(g, fr).String() + Compare(g, fr, en).String(); again != first {
			t.Fatalf("findings differ between runs:\n%s\n---\n%s", first, again)
		}
	}
}

// FuzzRulebook feeds any text to Parse, Check and Compare, which must
// never panic.
func FuzzRulebook(f *testing.F) {
	g := warlock(f)
	var other *Book // a small English book, so that each run is quick
	paths, _ := filepath.Glob(filepath.Join("testdata", "fixtures", "*.txtar"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range txtar.Parse(data).Files {
			if file.Name == "want" {
				continue
			}
			f.Add(strings.TrimSuffix(file.Name, ".txt"), file.Data)
			if file.Name == "en.txt" && other == nil {
				other = Parse(file.Name, "en", file.Data)
			}
		}
	}
	if other == nil {
		f.Fatal("no English fixture")
	}
	f.Add("fr", []byte("<|X|>2.4. \n1#\t|25x|(1)**2** 4,5,\n, 3e\u00a0p.8 d’’ vingt-\n"))
	f.Add("de", []byte("\uE000Param.x\uE0013\uE002 fünfundzwanzig 16. Stadt\r\n"))
	f.Add("xx", []byte("1. \n1.1 a\n"))
	f.Fuzz(func(t *testing.T, lang string, text []byte) {
		b := Parse("fuzz.txt", lang, text)
		Check(g, b)
		Compare(g, b, other)
		Compare(g, other, b)
	})
}

// BenchmarkCheck checks the three published Warlock rulebooks.
func BenchmarkCheck(b *testing.B) {
	g := warlock(b)
	books := []*Book{warlockBook(b, "en"), warlockBook(b, "fr"), warlockBook(b, "de")}
	for b.Loop() {
		for _, bk := range books {
			Check(g, bk)
		}
	}
}

// BenchmarkCompare compares the French rulebook with the English one.
func BenchmarkCompare(b *testing.B) {
	g := warlock(b)
	fr, en := warlockBook(b, "fr"), warlockBook(b, "en")
	for b.Loop() {
		Compare(g, fr, en)
	}
}
