package site_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/rulebook"
	"github.com/grimoire-games/grimoire/compiler/site"
)

// planted are two mistakes in the tiny game's French rules: a number for
// the placeholder of the hand's size (G110, G111), and a negation the
// source does not have (G121).
var planted = [3]string{"locales/tiny/fr.toml",
	"Piochez jusqu’à {{.Param.hand_size}} cartes. Le paquet compte",
	"Piochez jusqu’à 12 cartes. Le paquet ne compte pas"}

// checked loads the tiny game with edits as grimoire site does: the game
// as it loads, and what the checks find in it besides.
func checked(t *testing.T, edits ...[3]string) (*model.Game, diag.List) {
	t.Helper()
	tree := tinyTree(t, edits...)
	games, d := compiler.Load(tree, compiler.Options{})
	if d.HasErrors() {
		t.Fatalf("tiny:\n%s", d)
	}
	return games.Games[0], append(d, compiler.RunChecks(tree, games.Games, compiler.Options{Checks: checks.All(nil)})...)
}

// docs documents the codes at a made-up address.
func docs() diag.Tool {
	return diag.Tool{
		RulesURI: func(c diag.Code) string { return "https://example.org/checks#" + strings.ToLower(string(c)) },
		RuleDoc:  func(c diag.Code) diag.RuleDoc { return diag.RuleDoc{Full: "What " + string(c) + " reports."} },
	}
}

func buildWith(t *testing.T, g *model.Game, o site.Options) map[string][]byte {
	t.Helper()
	files, d, err := site.Build([]*model.Game{g}, o)
	if err != nil {
		t.Fatal(err)
	}
	if d.HasErrors() {
		t.Fatalf("diagnostics:\n%s", d)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Path] = f.Data
	}
	return out
}

// TestReview finds each planted mistake at its word on the French
// review, with its code linked to its documentation, the source's words
// it faces marked beside, and the message tagged for the filters.
func TestReview(t *testing.T) {
	g, found := checked(t, planted)
	var codes []string
	for _, d := range found {
		codes = append(codes, string(d.Code))
	}
	if got := strings.Join(codes, " "); got != "G110 G111 G121" {
		t.Fatalf("the checks found %s; want G110 G111 G121:\n%s", got, found)
	}
	files := buildWith(t, g, site.Options{Findings: found, Tool: docs()})
	page := string(files["tiny/fr/review.html"])
	for _, want := range []string{
		// G110 and G111 point at "12": one mark leads to both.
		`<mark class="error" id="mark-1" data-finding="mark-1">12</mark>`,
		`<a class="at" href="#mark-1">locales/tiny/fr.toml:41:25</a>`,
		`<mark class="error" id="mark-3" data-finding="mark-3">ne</mark>`,
		`<a class="at" href="#mark-3">locales/tiny/fr.toml:41:46</a>`,
		`<a class="code" href="https://example.org/checks#g121" title="What G121 reports.">G121</a>`,
		`<li id="m-rules.play.text" data-tags="code:G110 code:G111 code:G121 severity:error status:unstamped">`,
		`<option value="G121">G121</option>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the review lacks %s", want)
		}
	}
	if n := strings.Count(page, `class="finding error"`); n != 3 {
		t.Errorf("%d findings shown; want 3", n)
	}
	if !regexp.MustCompile(`<mark class="related" data-finding="mark-3">[^<]+</mark>`).MatchString(page) {
		t.Error("the source's sentence the negation faces is not marked")
	}
	if _, ok := files["tiny/en/review.html"]; ok {
		t.Error("the source language has a review")
	}
	if !strings.Contains(string(files["tiny/index.html"]), `href="fr/review.html"`) {
		t.Error("the game's page does not link the French review")
	}
	checkLinks(t, files)
}

// TestReviewStatus tells a translation made from the current source, one
// made from another, and one that records none.
func TestReviewStatus(t *testing.T) {
	g := tiny(t)
	src := g.Locale("en")
	current := l10n.MessageHash(src.Message("rules.play.title"))
	g = tiny(t,
		[3]string{"locales/tiny/fr.toml", `title = "Jouer"`, "title.hash = \"" + current + "\"\ntitle.other = \"Jouer\""},
		[3]string{"locales/tiny/fr.toml", `[game]`, "[game.name]\nhash = \"sha1-0000000000000000000000000000000000000000\"\nother = \"Minuscule\"\n\n[game_]"},
	)
	page := string(buildWith(t, g, site.Options{})["tiny/fr/review.html"])
	for id, status := range map[string]string{"rules.play.title": "translated", "game.name": "stale", "card.comet": "unstamped"} {
		if !regexp.MustCompile(`<li id="m-` + regexp.QuoteMeta(id) + `" data-tags="status:` + status + `">`).MatchString(page) {
			t.Errorf("%s is not shown %s", id, status)
		}
	}
	for _, want := range []string{`<strong>1</strong> traduit`, `<strong>1</strong> à revoir`} {
		if !strings.Contains(page, want) {
			t.Errorf("the counts lack %q", want)
		}
	}
}

// TestBookPage shows a checked rulebook line by line, each finding after
// its line and marked at its column, and links it from the review.
func TestBookPage(t *testing.T) {
	g := tiny(t)
	book := &rulebook.Book{Name: "livret.txt", Lang: "fr", Lines: []string{"Minuscule", "", "1 Jouer", "Piochez jusqu’à 9 cartes."}}
	var d diag.List
	d.Errorf(diag.Pos{File: "livret.txt", Line: 4, Col: 17}, diag.Code("G302"), "9 cards where the rules have 4")
	d.Warnf(diag.Pos{File: "cards/tiny/game.toml", Line: 3, Col: 1}, diag.Code("G303"), "elsewhere")
	files := buildWith(t, g, site.Options{Tool: docs(), Rulebooks: []site.Rulebook{{Game: "tiny", Book: book, Findings: d}}})
	page := string(files["tiny/fr/review-livret.html"])
	for _, want := range []string{
		`<li id="l4"><a class="line" href="#l4">4</a> <span class="text">Piochez jusqu’à <mark class="error" id="mark-2" data-finding="mark-2">9</mark> cartes.</span>`,
		`<a class="at" href="#mark-2">livret.txt:4:17</a>`,
		`<span class="at">cards/tiny/game.toml:3:1</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the rulebook's page lacks %s", want)
		}
	}
	if !strings.Contains(string(files["tiny/fr/review.html"]), `href="review-livret.html"`) {
		t.Error("the review does not link the rulebook's page")
	}
	checkLinks(t, files)
}

// TestDraft reviews a translation that lacks a message, loaded as a
// draft: its review shows the message missing, the game's page links it,
// and the game is published in its complete languages only.
func TestDraft(t *testing.T) {
	tree := tinyTree(t, [3]string{"locales/tiny/fr.toml", "[card.comet]\none = \"Comète\"\nmany = \"Comètes\"\nother = \"Comètes\"\n", ""})
	games, d := compiler.Load(tree, compiler.Options{Drafts: true})
	if d.HasErrors() || len(games.Games) != 1 {
		t.Fatalf("a draft does not load:\n%s", d)
	}
	if d.String() == "" || d[0].Code != diag.MissingMessage || d[0].Severity != diag.Warning {
		t.Fatalf("the missing message is not a warning:\n%s", d)
	}
	if found := compiler.RunChecks(tree, games.Games, compiler.Options{Checks: checks.All(nil)}); found.HasErrors() {
		t.Errorf("the checks find errors in a draft, beyond what it lacks:\n%s", found)
	}
	files := buildWith(t, games.Games[0], site.Options{Findings: d})
	review := string(files["tiny/fr/review.html"])
	if !strings.Contains(review, `<li id="m-card.comet" data-tags="status:missing">`) {
		t.Error("the comet's name is not shown missing")
	}
	if !strings.Contains(review, `<strong>1</strong> manquant`) {
		t.Error("the review does not count the missing message")
	}
	for p := range files {
		if strings.HasPrefix(p, "tiny/fr/") && p != "tiny/fr/review.html" {
			t.Errorf("%s: a page of the draft", p)
		}
	}
	if !strings.Contains(string(files["tiny/index.html"]), `<a href="fr/review.html" lang="fr">français</a>`) {
		t.Error("the game's page does not link the draft's review")
	}
	if _, ok := files["tiny/en/index.html"]; !ok {
		t.Error("the source language is not published")
	}
	checkLinks(t, files)
}
