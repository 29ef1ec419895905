package l10n

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// cacheGame is formatGame with a plural message, played in a variant: a
// second game value that shares the first's locale, as model.Game.Play
// makes.
func cacheGame() (base, variant *model.Game) {
	base = formatGame()
	base.Locales[0].Messages = append(base.Locales[0].Messages, &model.Message{ID: "rules.n", Forms: map[string]string{
		"one": "{{.Count}} pièce d’or ({{.Param.gold}})", "many": "{{.Count}} de pièces", "other": "{{.Count}} pièces d’or",
	}})
	v := *base
	v.Variant, v.Players = "duel", model.Range{Min: 2, Max: 2}
	return base, &v
}

// TestCacheSameTexts: a localizer made through a cache renders what one
// made without renders, for every game that shares the locale.
func TestCacheSameTexts(t *testing.T) {
	base, variant := cacheGame()
	c := NewCache()
	for _, g := range []*model.Game{base, variant, base} {
		for _, mark := range []string{"", "*"} {
			plain, err := NewMarked(g, "fr", mark)
			if err != nil {
				t.Fatal(err)
			}
			cached, err := c.NewMarked(g, "fr", mark)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{"rules.x", "action.pass", "rules.missing"} {
				want, wantErr := plain.Text(id)
				got, err := cached.Text(id)
				if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
					t.Errorf("%s %q: Text(%s) = %q, %v; want %q, %v", g.Variant, mark, id, got, err, want, wantErr)
				}
			}
			for _, n := range []int{1, 2, 1_000_000} {
				want, _ := plain.Count("rules.n", n)
				if got, err := cached.Count("rules.n", n); got != want || err != nil {
					t.Errorf("%s %q: Count(rules.n, %d) = %q, %v; want %q", g.Variant, mark, n, got, err, want)
				}
			}
			for _, cat := range []string{"one", "many", "other"} {
				if got, want := cached.Sample(cat), plain.Sample(cat); got != want {
					t.Errorf("Sample(%s) = %q; want %q", cat, got, want)
				}
			}
		}
	}
	if _, err := c.New(base, "de"); err == nil {
		t.Error("a cache made a localizer for a language the game lacks")
	}
}

// TestCacheShares: localizers of one locale share one bundle, so that a
// template parsed for one is not parsed again for the next.
func TestCacheShares(t *testing.T) {
	base, variant := cacheGame()
	c := NewCache()
	if _, err := c.New(base, "fr"); err != nil {
		t.Fatal(err)
	}
	first, err := c.bundle(base.Locales[0])
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := c.bundle(variant.Locales[0]); again != first || len(c.bundles) != 1 {
		t.Errorf("a variant's locale got a bundle of its own (%d bundles)", len(c.bundles))
	}
	// The template data is the variant's own (its player count differs),
	// made once for all its localizers.
	a, _ := c.New(variant, "fr")
	b, _ := c.New(variant, "fr")
	d, _ := c.New(base, "fr")
	if reflect.ValueOf(a.data).Pointer() != reflect.ValueOf(b.data).Pointer() {
		t.Error("two localizers of one game value made its template data twice")
	}
	if reflect.ValueOf(a.data).Pointer() == reflect.ValueOf(d.data).Pointer() {
		t.Error("a variant shares its base game's template data")
	}
	warm := func(c *Cache) func() {
		return func() {
			lz, err := c.New(variant, "fr")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := lz.Count("rules.n", 2); err != nil {
				t.Fatal(err)
			}
		}
	}
	cached := testing.AllocsPerRun(20, warm(c))
	uncached := testing.AllocsPerRun(20, warm(nil))
	if cached*3 > uncached {
		t.Errorf("a localizer and a text through a warm cache take %.0f allocations, %.0f without; want under a third", cached, uncached)
	}
}

// TestCacheConcurrent: one cache serves several goroutines (run with
// -race).
func TestCacheConcurrent(t *testing.T) {
	base, variant := cacheGame()
	c := NewCache()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		g := base
		if i%2 == 1 {
			g = variant
		}
		wg.Go(func() {
			lz, err := c.NewMarked(g, "fr", "*")
			if err == nil {
				var out string
				out, err = lz.Count("rules.n", 2)
				if err == nil && out != "2 pièces d’or" {
					err = fmt.Errorf("Count(rules.n, 2) = %q", out)
				}
			}
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestRenderedOnce: a text or a name rendered once is not rendered again,
// by the localizer or by another made through the same cache for the
// same game: a printout asks for the same names for every card and size.
// Rendering copied the data for each count and ran the template.
func TestRenderedOnce(t *testing.T) {
	base, _ := cacheGame()
	c := NewCache()
	first, err := c.NewMarked(base, "fr", "*")
	if err != nil {
		t.Fatal(err)
	}
	uncached, err := NewMarked(base, "fr", "*")
	if err != nil {
		t.Fatal(err)
	}
	for _, lz := range []*Localizer{first, uncached} {
		if _, err := lz.Text("rules.x"); err != nil {
			t.Fatal(err)
		}
		if _, err := lz.Count("rules.n", 2); err != nil {
			t.Fatal(err)
		}
	}
	second, err := c.NewMarked(base, "fr", "*")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		lz   *Localizer
	}{{"the same localizer", first}, {"another through the cache", second}, {"one without a cache", uncached}} {
		text := testing.AllocsPerRun(10, func() { _, _ = tc.lz.Text("rules.x") })
		count := testing.AllocsPerRun(10, func() { _, _ = tc.lz.Count("rules.n", 2) })
		if text != 0 || count != 0 {
			t.Errorf("%s: rendering again allocates %.0f (Text) and %.0f (Count); want 0", tc.name, text, count)
		}
	}
	// A count of another kind is rendered each time, and right.
	want, _ := uncached.Count("rules.n", 2)
	if got, err := first.Count("rules.n", "2"); got != want || err != nil {
		t.Errorf(`Count(rules.n, "2") = %q, %v; want %q`, got, err, want)
	}
}
