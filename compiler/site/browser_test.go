package site_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// chromium finds a headless browser, or skips: CI installs chromium and sets
// GRIMOIRE_CHROMIUM=required, so there the browser tests always run.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GRIMOIRE_CHROMIUM") == "required" {
		t.Fatal("no chromium on PATH, and GRIMOIRE_CHROMIUM=required")
	}
	t.Skip("no chromium on PATH")
	return ""
}

// browser starts one headless Chromium for a test and its subtests; the
// background-networking flags keep it quiet in a closed network.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(alloc)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// tab opens a tab that fails t on a console error or warning, an uncaught
// exception, a failed load (a broken link or src) and a dialog.
func tab(t *testing.T, parent context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 30*time.Second)
	t.Cleanup(cancel)
	if err := watch(ctx, func() *testing.T { return t }); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// watch fails the test current gives, at the time, on what tab fails a
// test on: a tab a crawl reuses from page to page fails the page's.
func watch(ctx context.Context, current func() *testing.T) error {
	return chromedp.Listen(ctx, func(ev any) {
		t := current()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				t.Errorf("console %s: %s", ev.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			if d.Exception != nil {
				t.Errorf("uncaught exception: %s: %s", d.Text, d.Exception.Description)
			} else {
				t.Errorf("uncaught exception: %s", d.Text)
			}
		case *network.EventLoadingFailed:
			t.Errorf("failed load (%s): %s", ev.Type, ev.ErrorText)
		case *page.EventJavascriptDialogOpening:
			t.Errorf("dialog opened: %s", ev.Message)
			// A command may not run inside the listener.
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{})
		}
	})
}

// shots is where the tests save their screenshots: GRIMOIRE_SCREENSHOTS
// when set, else a temporary directory.
func shots(t *testing.T) string {
	if d := os.Getenv("GRIMOIRE_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// writeSite builds the site of games into a temporary directory.
func writeSite(t *testing.T, games ...*model.Game) string {
	t.Helper()
	return writeFiles(t, build(t, games...))
}

// writeFiles writes a site's files into a temporary directory.
func writeFiles(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for p, b := range files {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// htmlPages are the pages of the site in dir, sorted; none fails t.
func htmlPages(t *testing.T, dir string) []string {
	t.Helper()
	var pages []string
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") {
			pages = append(pages, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pages)
	if len(pages) == 0 {
		t.Fatal("no pages")
	}
	return pages
}

// TestBrowserCrawl loads every page of the tiny game's site in Chromium
// and fails on console errors, exceptions and broken links or images.
func TestBrowserCrawl(t *testing.T) {
	ctx := browser(t)
	dir := writeSite(t, tiny(t))
	out := shots(t)
	pages := htmlPages(t, dir)
	for _, p := range pages {
		rel, _ := filepath.Rel(dir, p)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			ctx := tab(t, ctx)
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p)); err != nil {
				t.Fatal(err)
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100 makes a PNG
			if err != nil {
				t.Fatal(err)
			}
			name := strings.NewReplacer("/", "_", string(filepath.Separator), "_").Replace(rel) + ".png"
			if err := os.WriteFile(filepath.Join(out, "tiny_"+name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestBrowserEscapes renders a card name that is HTML as text: no dialog
// opens, no img element comes of it, and the text is shown.
func TestBrowserEscapes(t *testing.T) {
	ctx := browser(t)
	const name = `<img src=x onerror=alert(1)>`
	g := tiny(t, [3]string{"locales/tiny/en.toml", `one = "Sunburst"`, `one = "` + name + `"`})
	dir := writeSite(t, g)
	for _, p := range []string{"tiny/en/index.html", "tiny/en/cards/sunburst.html"} {
		t.Run(p, func(t *testing.T) {
			ctx := tab(t, ctx)
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, filepath.FromSlash(p)))); err != nil {
				t.Fatal(err)
			}
			imgs, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('img[src="x"]').length`))
			if err != nil {
				t.Fatal(err)
			}
			text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			if err != nil {
				t.Fatal(err)
			}
			if imgs != 0 {
				t.Errorf("%d img elements with src=x", imgs)
			}
			if !strings.Contains(text, name) {
				t.Errorf("page text lacks %q", name)
			}
		})
	}
}
