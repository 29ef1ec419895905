// Package site makes a static web site of games from the compiled model:
// per game and language a gallery of the cards, a page per card and the
// rulebook, and per game its downloads. It works from file:// as from any static host: every link is
// relative, nothing is fetched from elsewhere, and every page but the
// search works without its script, which only filters and sorts the
// gallery and keeps the rulebook's language switch on the section read.
// Like every back end it reads only the model; texts render through
// package l10n, card faces are drawn by package printout, as the deck's
// PDF draws them, and the downloads are made by the same calls as
// grimoire build makes them.
//
// # Files
//
//	index.html                        the games
//	assets/site.css, assets/site.js   shared by every page
//	<game>/index.html                 the game in each of its languages
//	<game>/<lang>/index.html          the gallery of the cards
//	<game>/<lang>/cards/<card>.html   a card: its values, its texts in every language
//	<game>/<lang>/faces/<card>.png    a card's face, for cards whose type has a [[face]]
//	<game>/<lang>/rules.html          the rulebook, a section per anchor (its id)
//	<game>/<lang>/search.html         search over the cards and the rules, ?q=query
//	<game>/<lang>/search-index.js     what it searches, written from the model
//	<game>/<lang>/review.html         a translation's review: each message beside its source, its status, the findings
//	<game>/<lang>/review-<book>.html  a rulebook checked against the game, the findings at their lines
//	assets/search.js                  the query syntax and the matching, shared
//	<game>/downloads/                 what grimoire build writes of the game, and its translations as PO and XLIFF
//
// Pages are made with html/template: every text of the games is escaped.
// The same model gives the same bytes.
package site

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"maps"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/grimoire-games/grimoire/compiler/diag"
	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

// Options say how to make a site.
type Options struct {
	// PxPerMM is the resolution of the card faces; FacePxPerMM when zero.
	PxPerMM float64
	// Fonts, parsed once, are shared by every face drawn; nil parses them
	// once for the site.
	Fonts *pdf.Fonts
	// Texts shares parsed messages with other back ends; nil makes one
	// for the site.
	Texts *l10n.Cache
	// Paper is the printouts' paper; A4 when unset.
	Paper printout.Paper
	// BaseURL is the address the site is served from, ending in "/".
	// With it, the downloads hold each deck's Tabletop Simulator object,
	// which names its images by their address; without it, none.
	BaseURL string
	// Findings are what the games' checks found, as grimoire check
	// reports them: the review of each translation shows those in its
	// locale file at their words.
	Findings diag.List
	// Tool says where each diagnostic code is documented, and what it
	// reports; the review pages link each finding's code there.
	Tool diag.Tool
	// Prefix begins the files of the games tree as the model and the
	// findings name them (compiler.Options.Prefix); the pages name them
	// from the tree, as a published site should.
	Prefix string
	// Rulebooks are rulebooks checked against the games: each has a page
	// with the findings at their lines.
	Rulebooks []Rulebook
}

// FacePxPerMM is the faces' resolution unless told otherwise: a poker
// card 378 × 528 pixels, a little more than the card page shows.
const FacePxPerMM = 6

// File is one file of the site: its path, with slashes, and its bytes.
type File struct {
	Path string
	Data []byte
}

var (
	//go:embed pages.html
	pagesHTML string
	//go:embed review.html
	reviewHTML string
	//go:embed words.toml
	wordsTOML string
	//go:embed assets
	assets embed.FS
)

// Build makes the site of games, each as loaded (every variant's cards),
// sorted by path. When the diagnostics hold an error (a face or a
// printout that does not lay out) there are no files.
func Build(games []*model.Game, o Options) ([]File, diag.List, error) {
	if o.PxPerMM == 0 {
		o.PxPerMM = FacePxPerMM
	}
	if o.Paper.W == 0 {
		o.Paper = printout.Papers()[0]
	}
	if o.BaseURL != "" && !strings.HasSuffix(o.BaseURL, "/") {
		o.BaseURL += "/"
	}
	if o.Texts == nil {
		o.Texts = l10n.NewCache()
	}
	if o.Fonts == nil {
		fonts, err := pdf.ParseFonts()
		if err != nil {
			return nil, nil, err
		}
		o.Fonts = fonts
	}
	// Reviews read every locale of a game, drafts too; the rest of the
	// site reads the game as published.
	full := map[string]*model.Game{}
	games = slices.Clone(games)
	for i, g := range games {
		full[g.ID] = g
		games[i] = g.WithoutDrafts()
	}
	t, err := template.New("pages").Parse(pagesHTML)
	if err == nil {
		t, err = t.Parse(reviewHTML)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("site templates: %w", err)
	}
	var words map[string]map[string]string
	if _, err := toml.Decode(wordsTOML, &words); err != nil {
		return nil, nil, fmt.Errorf("site words: %w", err)
	}
	s := &builder{o: o, t: t, words: words, full: full, files: map[string][]byte{}}

	// The faces and the printouts, most of the work, run on every core.
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	run := func(f func()) {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			f()
		})
	}
	faces := s.drawFaces(games, run)
	var pending []func() (*downloads, error)
	for _, g := range games {
		dl, err := s.gameDownloads(g, run)
		if err != nil {
			wg.Wait()
			return nil, nil, fmt.Errorf("game %s: %w", g.ID, err)
		}
		pending = append(pending, dl)
	}
	wg.Wait()
	drawn, d, err := faces()
	if err != nil {
		return nil, nil, err
	}
	dls := make([]*downloads, len(games))
	for i, finish := range pending {
		if dls[i], err = finish(); err != nil {
			return nil, nil, fmt.Errorf("game %s: %w", games[i].ID, err)
		}
		d = append(d, dls[i].d...)
	}
	if d = d.Sort(); d.HasErrors() {
		return nil, d, nil
	}
	for _, name := range []string{"site.css", "site.js", "search.js"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return nil, nil, err
		}
		s.files["assets/"+name] = b
	}
	if err := s.index(games); err != nil {
		return nil, nil, err
	}
	// Each game's pages render on a worker, into files of their own.
	pages := make([]*builder, len(games))
	errs := make([]error, len(games))
	for gi, g := range games {
		pages[gi] = &builder{o: s.o, t: s.t, words: s.words, full: full, files: dls[gi].files}
		run(func() { errs[gi] = pages[gi].game(g, drawn[gi], dls[gi].groups) })
	}
	wg.Wait()
	for gi, g := range games {
		if errs[gi] != nil {
			return nil, nil, fmt.Errorf("game %s: %w", g.ID, errs[gi])
		}
		maps.Copy(s.files, pages[gi].files)
	}
	out := make([]File, 0, len(s.files))
	for _, p := range slices.Sorted(maps.Keys(s.files)) {
		out = append(out, File{Path: p, Data: s.files[p]})
	}
	return out, d, nil
}

// builder holds what making one site needs.
type builder struct {
	o     Options
	full  map[string]*model.Game // each game by id, with its drafts
	t     *template.Template
	words map[string]map[string]string
	files map[string][]byte
}

// drawFaces draws the faces of every game in each of its languages on
// workers of run: a language's faces are laid out on one, then each face
// is drawn on its own, so that the last language does not hold the
// build up on one core. Once the work is done, the function it returns
// gives them by game, language and card id.
func (s *builder) drawFaces(games []*model.Game, run func(func())) func() ([]map[string]map[string]printout.Face, diag.List, error) {
	type job struct {
		g     int
		lang  string
		faces []printout.Face
		errs  []error
		d     diag.List
		err   error
	}
	var jobs []*job
	for gi, g := range games {
		for _, lang := range g.Languages {
			j := &job{g: gi, lang: lang}
			jobs = append(jobs, j)
			run(func() {
				set, d, err := printout.LayFaces(g, printout.FaceOptions{Lang: lang, PxPerMM: s.o.PxPerMM, Fonts: s.o.Fonts, Texts: s.o.Texts})
				j.d, j.err = d, err
				if err != nil || set == nil {
					return
				}
				// Each face has its own slot: the order is the set's, however
				// the workers take them.
				j.faces, j.errs = make([]printout.Face, set.Len()), make([]error, set.Len())
				for i := range set.Len() {
					run(func() { j.faces[i], j.errs[i] = set.Draw(i) })
				}
			})
		}
	}
	return func() ([]map[string]map[string]printout.Face, diag.List, error) {
		out := make([]map[string]map[string]printout.Face, len(games))
		var d diag.List
		for _, j := range jobs {
			if err := errors.Join(append([]error{j.err}, j.errs...)...); err != nil {
				return nil, nil, fmt.Errorf("game %s, %s: %w", games[j.g].ID, j.lang, err)
			}
			d = append(d, j.d...)
			if out[j.g] == nil {
				out[j.g] = map[string]map[string]printout.Face{}
			}
			byCard := map[string]printout.Face{}
			for _, f := range j.faces {
				byCard[f.Card] = f
			}
			out[j.g][j.lang] = byCard
		}
		return out, d, nil
	}
}

// page renders one page at p (with slashes), as v.Kind says; its links
// are relative to its folder.
func (s *builder) page(p string, v *view) error {
	v.Root = strings.Repeat("../", strings.Count(p, "/"))
	if v.Words == nil {
		v.Words = s.wordsOf(v.Lang)
	}
	var buf bytes.Buffer
	if err := s.t.ExecuteTemplate(&buf, "page", v); err != nil {
		return fmt.Errorf("page %s: %w", p, err)
	}
	s.files[p] = buf.Bytes()
	return nil
}

// wordsOf is the site's own words in a language, each in English where
// the language has none.
func (s *builder) wordsOf(lang string) map[string]string {
	out := maps.Clone(s.words["en"])
	maps.Copy(out, s.words[lang])
	return out
}

// gamePath is a path within a game's folder.
func gamePath(g *model.Game, parts ...string) string {
	return path.Join(append([]string{g.ID}, parts...)...)
}
