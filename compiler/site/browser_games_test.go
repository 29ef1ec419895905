package site_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/grimoire-games/grimoire"
	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/site"
	"github.com/grimoire-games/grimoire/internal/longtest"
)

// shipped loads the shipped games, all of them when ids is empty.
func shipped(t *testing.T, ids ...string) []*model.Game {
	t.Helper()
	games, d := compiler.Load(grimoire.Games(), compiler.Options{Games: ids})
	if d.HasErrors() {
		t.Fatal(d)
	}
	return games.Games
}

// visit opens the page at p below dir and waits until it has loaded and
// run its scripts.
func visit(t *testing.T, ctx context.Context, dir, p string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(dir, p))); err != nil {
		t.Fatalf("opening %s: %v", p, err)
	}
}

func fileURL(dir, p string) string {
	return "file://" + filepath.Join(dir, filepath.FromSlash(p))
}

// eval runs js in the page, failing t when it cannot.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// arrived waits, after a click on a link, until the page whose path ends
// in suffix has loaded. It asks again and again: chromedp.Poll runs in the
// page the click leaves, and fails when it goes.
func arrived(t *testing.T, ctx context.Context, suffix string) {
	t.Helper()
	js := fmt.Sprintf(`location.pathname.endsWith(%q) && document.readyState === "complete"`, suffix)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
	}
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	t.Fatalf("waiting for %s: still at %s", suffix, loc)
}

// screenshot saves what the tab shows as name in shots(t); full takes
// the whole page rather than the window.
func screenshot(t *testing.T, ctx context.Context, name string, full bool) {
	t.Helper()
	a := chromedp.CaptureScreenshot()
	if full {
		a = chromedp.FullScreenshot(100) // 100 makes a PNG
	}
	png, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shots(t), name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// visibleCards are the ids of the gallery's cards shown, in the order
// shown.
const visibleCards = `Array.from(document.querySelectorAll("[data-gallery] > li"))
	.filter(li => !li.hidden && li.offsetParent !== null)
	.map(li => li.querySelector("a").getAttribute("href").replace(/^cards\/|\.html$/g, ""))`

// choose picks an option of a select element the way a keyboard user
// does: focus it and type the start of the option's label, which selects
// it and fires change.
func choose(t *testing.T, ctx context.Context, sel, label string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(sel)), chromedp.KeyEvent(label)); err != nil {
		t.Fatalf("choosing %q in %s: %v", label, sel, err)
	}
}

// number is a card's number field as a float, if set.
func number(c *model.Card, id string) (float64, bool) {
	v, ok := c.Get(id)
	return v.Dec + float64(v.Int), ok // a value has one of the two
}

func ids(cards []*model.Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

// TestBrowserWarlock uses the site of the shipped game Warlock as a
// reader would, in French: the gallery's filters, sorts and keyboard, a
// card's page and its languages, the rulebook's anchors and the search.
func TestBrowserWarlock(t *testing.T) {
	ctx := browser(t)
	g := shipped(t, "warlock")[0]
	dir := writeSite(t, g)
	const gallery = "warlock/fr/index.html"
	giants := slices.DeleteFunc(slices.Clone(g.Cards), func(c *model.Card) bool {
		v, ok := c.Get("race")
		return !ok || v.Str != "giant"
	})
	if len(giants) == 0 {
		t.Fatal("Warlock has no giants")
	}

	t.Run("filter", func(t *testing.T) {
		ctx := tab(t, ctx)
		visit(t, ctx, dir, gallery)
		if got := eval[[]string](t, ctx, visibleCards); len(got) != 27 || len(got) != len(g.Cards) {
			t.Errorf("the gallery shows %d cards; want 27, Warlock's %d", len(got), len(g.Cards))
		}
		screenshot(t, ctx, "warlock_fr_gallery.png", true)
		// Every filter is named in French, none by its field's id.
		labels := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("select[data-filter]"))
			.map(s => [s.getAttribute("data-filter").split(".")[0], s.parentElement.firstChild.textContent.trim()])`)
		for _, l := range labels {
			if raw := strings.ToUpper(l[0][:1]) + strings.ReplaceAll(l[0][1:], "_", " "); l[0] != "type" && l[1] == raw {
				t.Errorf("the filter of %s is labelled by its id, %q", l[0], l[1])
			}
		}

		choose(t, ctx, `select[data-filter="race"]`, "Géant")
		if got, want := eval[[]string](t, ctx, visibleCards), ids(giants); !slices.Equal(got, want) {
			t.Errorf("filtered by race=giant the gallery shows %v; want %v", got, want)
		}
		if got := eval[string](t, ctx, `location.search`); got != "?race=giant" {
			t.Errorf("filtered, the address's query is %q; want ?race=giant", got)
		}
		count := eval[string](t, ctx, `document.getElementById("count").textContent`)
		if !strings.Contains(count, fmt.Sprint(len(giants))) {
			t.Errorf("filtered, the count says %q; want it to hold %d", count, len(giants))
		}
		screenshot(t, ctx, "warlock_fr_gallery_giants.png", true)

		// The address alone keeps the filter.
		if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](t, ctx, `document.querySelector('select[data-filter="race"]').value`); got != "giant" {
			t.Errorf("reloaded, the race filter is %q; want giant", got)
		}
		if got, want := eval[[]string](t, ctx, visibleCards), ids(giants); !slices.Equal(got, want) {
			t.Errorf("reloaded, the gallery shows %v; want %v", got, want)
		}
	})

	t.Run("sort", func(t *testing.T) {
		ctx := tab(t, ctx)
		visit(t, ctx, dir, gallery)
		choose(t, ctx, "select[data-sort]", "Points")
		if got := eval[string](t, ctx, `document.querySelector("select[data-sort]").value`); got != "points" {
			t.Fatalf("the sort is %q; want points", got)
		}
		// Ascending and stable, cards without points last.
		want := slices.Clone(g.Cards)
		slices.SortStableFunc(want, func(a, b *model.Card) int {
			x, okx := number(a, "points")
			y, oky := number(b, "points")
			if okx != oky {
				if okx {
					return -1
				}
				return 1
			}
			return cmp.Compare(x, y)
		})
		if slices.Equal(ids(want), ids(g.Cards)) {
			t.Fatal("sorting by points would not change the order: a test of nothing")
		}
		if got := eval[[]string](t, ctx, visibleCards); !slices.Equal(got, ids(want)) {
			t.Errorf("sorted by points the gallery shows\n%v\nwant\n%v", got, ids(want))
		}
		if got := eval[string](t, ctx, `location.search`); got != "?sort=points" {
			t.Errorf("sorted, the address's query is %q; want ?sort=points", got)
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		ctx := tab(t, ctx)
		visit(t, ctx, dir, gallery)
		const onCard = `!!document.activeElement.closest("[data-gallery] a")`
		reached := false
		for range 40 {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
			if reached = eval[bool](t, ctx, onCard); reached {
				break
			}
		}
		if !reached {
			t.Fatal("40 presses of Tab reach no card")
		}
		style := eval[[]string](t, ctx, `(s => [s.outlineStyle, s.outlineWidth])(getComputedStyle(document.activeElement))`)
		if style[0] == "none" || style[1] == "0px" {
			t.Errorf("a card focused by the keyboard has outline %v: no visible focus", style)
		}
	})

	t.Run("card", func(t *testing.T) {
		i := slices.IndexFunc(g.Cards, func(c *model.Card) bool { return len(c.Reconstructed) > 0 })
		if i < 0 {
			t.Fatal("Warlock has no reconstructed value")
		}
		c := g.Cards[i]
		ctx := tab(t, ctx)
		visit(t, ctx, dir, gallery)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-gallery] a[href="cards/`+c.ID+`.html"]`))); err != nil {
			t.Fatal(err)
		}
		arrived(t, ctx, "/fr/cards/"+c.ID+".html")
		if n := eval[int](t, ctx, `Array.from(document.querySelectorAll("table.values .mark")).filter(m => m.textContent === "†").length`); n == 0 {
			t.Errorf("the page of %s shows no † by its values", c.ID)
		}
		if legend := eval[string](t, ctx, `(document.querySelector(".legend") || {}).textContent || ""`); !strings.HasPrefix(legend, "†") || len(legend) < 10 {
			t.Errorf("the page of %s has legend %q; want the mark and what it means", c.ID, legend)
		}
		if n := eval[int](t, ctx, `document.images.length`); n == 0 {
			t.Errorf("the page of %s shows no face", c.ID)
		}
		if bad := eval[[]string](t, ctx, `Array.from(document.images).filter(i => i.alt.trim() === "").map(i => i.src)`); len(bad) > 0 {
			t.Errorf("images without alt text: %v", bad)
		}
		screenshot(t, ctx, "warlock_fr_card.png", true)

		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.langs a[hreflang="de"]`))); err != nil {
			t.Fatal(err)
		}
		arrived(t, ctx, "/de/cards/"+c.ID+".html")
		if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "de" {
			t.Errorf("the German page's language is %q", lang)
		}
	})

	t.Run("rules", func(t *testing.T) {
		const id = "auction"
		if g.Section(id) == nil {
			t.Fatalf("Warlock's rulebook has no section %s", id)
		}
		ctx := tab(t, ctx)
		visit(t, ctx, dir, "warlock/fr/rules.html#"+id)
		if got := eval[string](t, ctx, `(document.querySelector(":target") || {}).id || ""`); got != id {
			t.Errorf(":target is %q; want %s", got, id)
		}
		if top := eval[float64](t, ctx, `document.getElementById("`+id+`").getBoundingClientRect().top`); top < -1 || top > 80 {
			t.Errorf("the section %s stands %.0f px from the window's top; want it scrolled to the top", id, top)
		}
		screenshot(t, ctx, "warlock_fr_rules.png", false)
		const german = `.langs a[hreflang="de"]`
		if href := eval[string](t, ctx, `document.querySelector('`+german+`').getAttribute("href")`); !strings.HasSuffix(href, "#"+id) {
			t.Errorf("the German link is %q after the page loaded; want it on #%s", href, id)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(german))); err != nil {
			t.Fatal(err)
		}
		arrived(t, ctx, "/de/rules.html")
		if hash := eval[string](t, ctx, `location.hash`); hash != "#"+id {
			t.Errorf("the German rulebook opened at %q; want #%s", hash, id)
		}
		if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "de" {
			t.Errorf("the German rulebook's language is %q", lang)
		}
	})

	t.Run("search", func(t *testing.T) {
		count := func(keep func(*model.Card) bool) int {
			n := 0
			for _, c := range g.Cards {
				if keep(c) {
					n++
				}
			}
			return n
		}
		raw, err := site.SearchIndex(g, "fr")
		if err != nil {
			t.Fatal(err)
		}
		var ix struct {
			Sections []struct{ ID, URL, Title string }
		}
		if err := json.Unmarshal(raw, &ix); err != nil {
			t.Fatal(err)
		}
		var auction string
		for _, s := range ix.Sections {
			if s.ID == "auction" {
				auction = s.Title
			}
		}
		// The longest word of the section's title finds it.
		word := ""
		for _, w := range strings.Fields(auction) {
			if len(w) > len(word) {
				word = w
			}
		}
		if word == "" {
			t.Fatal("no title of the section auction in the French index")
		}
		tests := []struct {
			query   string
			cards   int
			section string // a section title the query finds, or ""
		}{
			{"race:giant", len(giants), ""},
			{"race:géant points>=3", count(func(c *model.Card) bool {
				p, ok := number(c, "points")
				return slices.Contains(giants, c) && ok && p >= 3
			}), ""},
			{"gold>1.5 -race:gnome", count(func(c *model.Card) bool {
				gold, ok := number(c, "gold")
				race, _ := c.Get("race")
				return ok && gold > 1.5 && race.Str != "gnome"
			}), ""},
			{word, -1, auction},
		}
		// Each query the help gives as an example finds cards.
		ctx := tab(t, ctx)
		visit(t, ctx, dir, "warlock/fr/search.html")
		examples := eval[[]string](t, ctx, `document.getElementById("search-help").textContent.match(/[^\s,;]+(:|>=)[^\s,;]+/g) || []`)
		if len(examples) != 3 {
			t.Errorf("the help gives the examples %v; want three", examples)
		}
		for _, q := range examples {
			tests = append(tests, struct {
				query   string
				cards   int
				section string
			}{q, -1, ""})
		}
		for i, tt := range tests {
			t.Run(tt.query, func(t *testing.T) {
				ctx := tab(t, ctx)
				visit(t, ctx, dir, "warlock/fr/search.html")
				if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#q"), tt.query)); err != nil {
					t.Fatal(err)
				}
				cards := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#search-cards a")).map(a => a.textContent)`)
				sections := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#search-rules a")).map(a => a.textContent)`)
				if tt.cards < 0 && tt.section == "" && len(cards) == 0 {
					t.Errorf("%q, an example of the help, finds no card", tt.query)
				}
				if tt.cards >= 0 && len(cards) != tt.cards {
					t.Errorf("%q finds %d cards %v; want %d", tt.query, len(cards), cards, tt.cards)
				}
				if tt.cards > 0 && len(sections) > 0 {
					t.Errorf("%q, a query of fields, finds sections %v", tt.query, sections)
				}
				if tt.section != "" && !slices.Contains(sections, tt.section) {
					t.Errorf("%q finds sections %v; want %q among them", tt.query, sections, tt.section)
				}
				if unknown := eval[bool](t, ctx, `!document.getElementById("search-unknown").hidden`); unknown {
					t.Errorf("%q names a field the page does not know", tt.query)
				}
				if i == 1 {
					screenshot(t, ctx, "warlock_fr_search.png", true)
				}
			})
		}
	})
}

// TestBrowserShipped loads every page of the site of every shipped game,
// in every language, and fails on console errors, exceptions and broken
// links or images. It opens some hundreds of pages: -long only.
func TestBrowserShipped(t *testing.T) {
	longtest.Skip(t)
	ctx := browser(t)
	dir := writeSite(t, shipped(t)...)
	pages := htmlPages(t, dir)
	// A few tabs, each reused page after page: opening a tab per page
	// costs more than loading the page.
	type worker struct {
		ctx     context.Context
		current atomic.Pointer[testing.T]
	}
	pool := make(chan *worker, 4)
	for range cap(pool) {
		w := &worker{}
		ctx, cancel := chromedp.NewContext(ctx)
		t.Cleanup(cancel)
		w.ctx = ctx
		w.current.Store(t)
		if err := watch(ctx, w.current.Load); err != nil {
			t.Fatal(err)
		}
		pool <- w
	}
	crawl := t
	t.Run("pages", func(t *testing.T) {
		for _, p := range pages {
			rel, _ := filepath.Rel(dir, p)
			t.Run(filepath.ToSlash(rel), func(t *testing.T) {
				t.Parallel() // a page mostly waits on the browser
				w := <-pool
				w.current.Store(t)
				defer func() {
					// What comes after the page fails the crawl: a
					// finished test takes no more errors.
					w.current.Store(crawl)
					pool <- w
				}()
				ctx, cancel := context.WithTimeout(w.ctx, 30*time.Second)
				defer cancel()
				if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p)); err != nil {
					t.Fatal(err)
				}
				// A lazy image below the window loads only when asked to.
				const load = `Promise.all(Array.from(document.images).map(i => {
					i.loading = "eager";
					return i.decode().then(() => "", () => i.getAttribute("src"));
				})).then(srcs => srcs.filter(Boolean))`
				broken, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](load, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatal(err)
				}
				if len(broken) > 0 {
					t.Errorf("broken images: %v", broken)
				}
			})
		}
	})
}
