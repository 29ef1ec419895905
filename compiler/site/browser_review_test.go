package site_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/compiler/site"
)

// TestBrowserReview opens the French review of the tiny game with planted
// mistakes, as a translation lead would: filters it to one check, finds
// the finding at its word, and follows the finding to its mark.
func TestBrowserReview(t *testing.T) {
	ctx := browser(t)
	g, found := checked(t, planted)
	dir := writeFiles(t, buildWith(t, g, site.Options{Findings: found, Tool: docs()}))
	ctx = tab(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "tiny", "fr", "review.html"))); err != nil {
		t.Fatal(err)
	}
	// Choose G121 among the checks, as a reader does with the select.
	if err := chromedp.Do(ctx, chromedp.SetValue(`select[data-filter="code"]`, "G121")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('select[data-filter="code"]').dispatchEvent(new Event("change", {bubbles: true}))`)); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("[data-gallery] > li")).filter(li => !li.hidden).map(li => li.id)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) != 1 || shown[0] != "m-rules.play.text" {
		t.Errorf("filtered to G121, the review shows %v; want the one message", shown)
	}
	search, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	if err != nil {
		t.Fatal(err)
	}
	if search != "?code=G121" {
		t.Errorf("the address keeps %q; want ?code=G121", search)
	}
	// The finding names its word, and its position leads to the mark.
	word, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const f = Array.from(document.querySelectorAll(".finding")).find(f => f.querySelector(".code").textContent === "G121");
		f.querySelector("a.at").click();
		return document.querySelector(":target").textContent;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if word != "ne" {
		t.Errorf("the G121 finding leads to %q; want the negation, ne", word)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shots(t), "tiny_fr_review.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
