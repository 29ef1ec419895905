package site_test

import (
	"cmp"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pageBudget is what a page may weigh besides its images: its HTML and
// the scripts and stylesheets it loads, the search index among them.
const pageBudget = 200_000

// resources are the scripts and stylesheets a page loads.
var resources = regexp.MustCompile(`<script\b[^>]*\bsrc="([^"]*)"|<link\b[^>]*\bhref="([^"]*)"`)

// TestPageWeight weighs every page of the site of the shipped games: its
// HTML and every script and stylesheet it loads, each counted once, its
// card faces aside, stay within pageBudget.
func TestPageWeight(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every shipped card")
	}
	files := build(t, shipped(t)...)
	type page struct {
		path   string
		weight int
	}
	var pages []page
	for p, data := range files {
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		weight := len(data)
		seen := map[string]bool{}
		for _, m := range resources.FindAllSubmatch(data, -1) {
			ref := string(m[1]) + string(m[2])
			to := path.Join(path.Dir(p), ref)
			if seen[to] {
				continue
			}
			seen[to] = true
			b, ok := files[to]
			if !ok {
				t.Errorf("%s loads %q, which is no file of the site", p, ref)
				continue
			}
			weight += len(b)
		}
		// Every page loads the shared style and script: a page that seems
		// to load less escaped the pattern.
		if !seen["assets/site.css"] || !seen["assets/site.js"] {
			t.Errorf("%s: found only %v among what it loads", p, slices.Sorted(maps.Keys(seen)))
		}
		pages = append(pages, page{p, weight})
	}
	if len(pages) == 0 {
		t.Fatal("no pages")
	}
	slices.SortFunc(pages, func(a, b page) int { return cmp.Or(cmp.Compare(b.weight, a.weight), cmp.Compare(a.path, b.path)) })
	for _, p := range pages {
		if p.weight > pageBudget {
			t.Errorf("%s weighs %d bytes without its images; the budget is %d", p.path, p.weight, pageBudget)
		}
	}
	t.Logf("the heaviest page: %s, %d bytes without its images", pages[0].path, pages[0].weight)
}
