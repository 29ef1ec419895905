package cli

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grimoire-games/grimoire/compiler/export"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
	"github.com/grimoire-games/grimoire/compiler/printout/pdf"
)

func runSheet(e *env, args []string) int {
	fs := flags(e, "sheet")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "the game to print (required)")
	variant := fs.String("variant", "", variantUsage)
	lang := fs.String("lang", "", "the language (default: the game's source language)")
	kind := fs.String("kind", "reference", "reference (the reference sheet), cards (reference cards to cut) or rules (the rulebook)")
	paper := fs.String("paper", "a4", "a4 or letter")
	card := fs.String("card", "63x88", "cards: the reference cards' size in mm, WIDTHxHEIGHT")
	bleed := fs.Bool("bleed", false, "cards: extend each card's background 3 mm past its cut lines (fewer cards a sheet)")
	out := fs.String("o", "", "the PDF file to write (required)")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	if *game == "" || *out == "" {
		fmt.Fprintln(e.stderr, "grimoire sheet: --game and -o are required")
		return ExitUsage
	}
	o, err := sheetOptions(*kind, *paper, *card, *bleed)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire sheet: %v\n", err)
		return ExitUsage
	}
	if o.Kind != printout.Cards && notApplicable(e, "sheet", fs, "to --kind "+*kind+" (only cards are cut)", "card", "bleed") {
		return ExitUsage
	}
	loaded, code, ok := loadGame(e, "sheet", *root, *game)
	if !ok {
		return code
	}
	g, ok := playVariant(e, "sheet", "--variant", loaded, *variant)
	if !ok {
		return ExitUsage
	}
	o.Lang = *lang
	if o.Lang == "" {
		o.Lang = g.SourceLang
	}
	if !slices.Contains(g.Languages, o.Lang) {
		fmt.Fprintf(e.stderr, "grimoire sheet: game %s has no language %q (it has %s)\n", g.ID, o.Lang, strings.Join(g.Languages, ", "))
		return ExitUsage
	}
	b, ok := printPDF(e, g, o)
	if !ok {
		return ExitFail
	}
	return output(e, "sheet", *out, b)
}

// The sizes of a reference card, in mm: a card must hold a line of text,
// and fit a sheet of paper.
const (
	cardMin = 20
	cardMax = 1000
)

// sheetOptions reads the printout flags.
func sheetOptions(kind, paper, card string, bleed bool) (printout.Options, error) {
	var o printout.Options
	var err error
	if o.Kind, err = printout.ParseKind(kind); err != nil {
		return o, fmt.Errorf("--kind: %w", err)
	}
	if o.Paper, err = printout.ParsePaper(paper); err != nil {
		return o, fmt.Errorf("--paper: %w", err)
	}
	w, h, found := strings.Cut(strings.ToLower(card), "x")
	o.CardW, err = strconv.ParseFloat(w, 64)
	if err == nil {
		o.CardH, err = strconv.ParseFloat(h, 64)
	}
	// !(x >= lo && x <= hi) also refuses NaN.
	if !found || err != nil || !(o.CardW >= cardMin && o.CardW <= cardMax) || !(o.CardH >= cardMin && o.CardH <= cardMax) {
		return o, fmt.Errorf("--card %q: want WIDTHxHEIGHT in mm, each from %d to %d, such as 63x88", card, cardMin, cardMax)
	}
	o.Bleed = bleed
	return o, nil
}

// printPDF lays out one printout and prints its diagnostics; ok is false
// when any is an error, and then there is no PDF.
func printPDF(e *env, g *model.Game, o printout.Options) ([]byte, bool) {
	var buf bytes.Buffer
	d, err := printout.Write(&buf, g, o)
	printDiags(e.stderr, d)
	if err != nil {
		what := g.ID
		if g.Variant != "" {
			what += " (variant " + g.Variant + ")"
		}
		fmt.Fprintf(e.stderr, "grimoire: %s %s (%s): %v\n", what, o.Kind, o.Lang, err)
		return nil, false
	}
	if d.HasErrors() {
		return nil, false
	}
	return buf.Bytes(), true
}

// printouts writes every printout of every game, variant and language:
// each kind the game has something to print as, named
// <game>/<lang>/<kind>.pdf for the base game and
// <game>/<variant>/<lang>/<kind>.pdf for a variant, beside the variant's
// exports. They are laid out GOMAXPROCS at a time.
func printouts(e *env, games *model.Games, paper printout.Paper) (map[string][]byte, bool) {
	return printoutsWith(e, games, paper, runtime.GOMAXPROCS(0))
}

// printoutsWith is printouts laid out by this many workers. The files and
// the diagnostics, which print in the order of the files, are the same
// for any number.
func printoutsWith(e *env, games *model.Games, paper printout.Paper, workers int) (map[string][]byte, bool) {
	type job struct {
		path   string
		g      *model.Game
		o      printout.Options
		pdf    []byte
		ok     bool
		stderr bytes.Buffer
	}
	// Parsed once for every printout: parsing them is most of a
	// printout's cost.
	fonts, err := pdf.ParseFonts()
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire build: %v\n", err)
		return nil, false
	}
	var jobs []*job
	ok := true
	for _, loaded := range games.Games {
		for _, v := range append([]string{""}, loaded.VariantIDs()...) {
			g, good := playVariant(e, "build", "variant", loaded, v)
			if !good {
				ok = false
				continue
			}
			dir := g.ID
			if d := export.Dir(g); d != "" {
				dir = d
			}
			for _, lang := range g.Languages {
				for _, k := range printout.Kinds() {
					if printout.Has(g, k) {
						o := printout.Options{Kind: k, Lang: lang, Paper: paper, Fonts: fonts}
						jobs = append(jobs, &job{path: dir + "/" + lang + "/" + k.String() + ".pdf", g: g, o: o})
					}
				}
			}
		}
	}
	next := make(chan *job)
	var wg sync.WaitGroup
	for range max(1, min(workers, len(jobs))) {
		wg.Go(func() {
			for j := range next {
				je := *e
				je.stderr = &j.stderr
				j.pdf, j.ok = printPDF(&je, j.g, j.o)
			}
		})
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	files := map[string][]byte{}
	for _, j := range jobs {
		if _, err := e.stderr.Write(j.stderr.Bytes()); err != nil {
			ok = false
		}
		if !j.ok {
			ok = false
			continue
		}
		files[j.path] = j.pdf
	}
	return files, ok
}
