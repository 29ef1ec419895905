package cli

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

func runSheet(e *env, args []string) int {
	fs := flags(e, "sheet")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "the game to print (required)")
	variant := fs.String("variant", "", variantUsage)
	lang := fs.String("lang", "", "the language (default: the game's source language)")
	kind := fs.String("kind", "reference", "reference (the reference sheet), cards (reference cards to cut), rules (the rulebook) or deck (the game's own cards)")
	paper := fs.String("paper", "a4", "a4 or letter")
	card := fs.String("card", "", "cards, deck: the cards' size in mm, WIDTHxHEIGHT (default 63x88, or the deck's declared size)")
	bleed := fs.Bool("bleed", false, "cards, deck: extend each card's background 3 mm past its cut lines (fewer cards a sheet); a deck has the bleed its data declares, 3 mm unless it says otherwise, and --bleed=false prints it without")
	unique := fs.Bool("unique", false, "deck: one card of each design, not every copy")
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
	if o.Kind != printout.Cards && o.Kind != printout.Deck && notApplicable(e, "sheet", fs, "to --kind "+*kind+" (only cards are cut)", "card", "bleed") {
		return ExitUsage
	}
	if o.Kind != printout.Deck && notApplicable(e, "sheet", fs, "to --kind "+*kind+" (only a deck has copies)", "unique") {
		return ExitUsage
	}
	o.BleedSet, o.Unique = given(fs)["bleed"], *unique
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
	o.Bleed = bleed
	if card == "" { // the kind's own size
		return o, nil
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

// printoutsWith writes every printout of every game, variant and
// language, as build does: each kind the game has something to print as,
// named <game>/<lang>/<kind>.pdf for the base game and
// <game>/<variant>/<lang>/<kind>.pdf for a variant, beside the variant's
// exports, laid out by this many workers at a time. The files and the
// diagnostics, which print in the order of the files, are the same for
// any number.
func printoutsWith(e *env, games *model.Games, paper printout.Paper, workers int) (map[string][]byte, bool) {
	return pdfFiles(e, newOutputs(paper, workers, e.fonts).of(games))
}
