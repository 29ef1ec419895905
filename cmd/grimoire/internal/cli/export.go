package cli

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler"
	"github.com/grimoire-games/grimoire/compiler/catalog"
	"github.com/grimoire-games/grimoire/compiler/checks"
	"github.com/grimoire-games/grimoire/compiler/export"
	"github.com/grimoire-games/grimoire/compiler/model"
	"github.com/grimoire-games/grimoire/compiler/printout"
)

func runExport(e *env, args []string) int {
	fs := flags(e, "export")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	game := gameFlag(fs, "the game to export (required)")
	variant := fs.String("variant", "", variantUsage+"; xliff and po cover every variant")
	lang := fs.String("lang", "", "one language (json: default all languages; csv: default the source language; xliff and po: the translation, required; sqlite holds every language)")
	format := fs.String("format", "json", "json, csv, sqlite (a SQLite database), or for translators xliff (XLIFF 1.2) or po (gettext), or tts (Tabletop Simulator deck sheets and saved object)")
	typ := fs.String("type", "", "csv: the card type to export")
	excel := fs.Bool("excel", false, "csv: begin with a byte order mark, by which Excel and LibreOffice read the file as UTF-8 (\"géant\", not \"gÃ©ant\")")
	out := fs.String("o", "", "write to this file instead of standard output; sqlite: the database file (required; - for standard output); tts: the directory to write to (required)")
	baseURL := fs.String("base-url", "", "tts: where the images will be served from, put before their names in the saved object (default: the names alone)")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	if *game == "" {
		fmt.Fprintln(e.stderr, "grimoire export: --game is required")
		return ExitUsage
	}
	if !slices.Contains([]string{"json", "csv", "sqlite", "xliff", "po", "tts"}, *format) {
		fmt.Fprintf(e.stderr, "grimoire export: unknown --format %q (want json, csv, sqlite, xliff, po or tts)\n", *format)
		return ExitUsage
	}
	if *format != "csv" && notApplicable(e, "export", fs, "to --format "+*format+" (only csv exports one card type)", "type") {
		return ExitUsage
	}
	if *format != "csv" && notApplicable(e, "export", fs, "to --format "+*format+" (a spreadsheet opens csv)", "excel") {
		return ExitUsage
	}
	if *format != "tts" && notApplicable(e, "export", fs, "to --format "+*format+" (only tts writes images)", "base-url") {
		return ExitUsage
	}
	if *format == "sqlite" && notApplicable(e, "export", fs, "to --format sqlite (a database holds every language)", "lang") {
		return ExitUsage
	}
	// A database is binary and is read whole, from a file: on a terminal
	// it would be noise, so standard output takes it only when asked.
	if *format == "sqlite" && *out == "" {
		fmt.Fprintln(e.stderr, "grimoire export: --format sqlite needs -o FILE, the database to write (-o - writes it to standard output)")
		return ExitUsage
	}
	if *format == "tts" && *out == "" {
		fmt.Fprintln(e.stderr, "grimoire export: --format tts needs -o DIR, the directory to write the images and the saved object to")
		return ExitUsage
	}
	if (*format == "xliff" || *format == "po") && notApplicable(e, "export", fs, "to --format "+*format+" (a translation covers every variant)", "variant") {
		return ExitUsage
	}
	loaded, code, ok := loadGame(e, "export", *root, *game)
	if !ok {
		return code
	}
	g, ok := playVariant(e, "export", "--variant", loaded, *variant)
	if !ok {
		return ExitUsage
	}
	if *lang != "" && !slices.Contains(g.Languages, *lang) {
		fmt.Fprintf(e.stderr, "grimoire export: game %s has no language %q (it has %s)\n", g.ID, *lang, strings.Join(g.Languages, ", "))
		return ExitUsage
	}
	if *format == "tts" {
		return exportTTS(e, g, *lang, *out, *baseURL)
	}
	var buf bytes.Buffer
	var err error
	switch *format {
	case "xliff", "po":
		if *lang == "" || *lang == g.SourceLang {
			fmt.Fprintf(e.stderr, "grimoire export: --format %s needs --lang, a translation of %s (%s)\n", *format, g.SourceLang, strings.Join(g.Languages[1:], ", "))
			return ExitUsage
		}
		// A translation holds the texts of every variant.
		if *format == "xliff" {
			err = catalog.WriteXLIFF(&buf, loaded, *lang)
		} else {
			err = catalog.WritePO(&buf, loaded, *lang)
		}
	case "json":
		err = export.JSON(&buf, g, *lang)
	case "sqlite":
		var db []byte
		db, err = export.SQLite(g)
		buf.Write(db)
	case "csv":
		if *typ == "" || !slices.ContainsFunc(g.Types, func(t *model.Type) bool { return t.ID == *typ }) {
			var ids []string
			for _, t := range g.Types {
				ids = append(ids, t.ID)
			}
			if *typ == "" {
				fmt.Fprintf(e.stderr, "grimoire export: csv needs --type, one of: %s\n", strings.Join(ids, ", "))
			} else {
				fmt.Fprintf(e.stderr, "grimoire export: --type %q: game %s has no such card type (it has %s)\n", *typ, g.ID, strings.Join(ids, ", "))
			}
			return ExitUsage
		}
		l := *lang
		if l == "" {
			l = g.SourceLang
		}
		if *excel {
			buf.WriteString("\uFEFF") // UTF-8's byte order mark
		}
		err = export.CSV(&buf, g, l, *typ)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire export: %v\n", err)
		return ExitFail
	}
	return output(e, "export", *out, buf.Bytes())
}

func runBuild(e *env, args []string) int {
	fs := flags(e, "build")
	root := fs.String("root", "", "games tree to read (default: the built-in games)")
	out := fs.String("o", "out", "directory for the build outputs")
	paperName := fs.String("paper", "a4", "paper of the printouts: a4 or letter")
	if code, ok := parse(e, fs, args); !ok {
		return code
	}
	paper, err := printout.ParsePaper(*paperName)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire build: --paper: %v\n", err)
		return ExitUsage
	}
	t, err := openTree(*root)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire build: %v\n", err)
		return ExitUsage
	}
	// Each game's outputs are made as soon as it has loaded, while the
	// next games load; they are reported and written in the games' order.
	outs := newOutputs(paper, runtime.GOMAXPROCS(0), e.fonts)
	defer outs.abandon()
	// On a terminal, the count of outputs made so far, as a build takes
	// seconds; nothing in a log or a pipe. It stops while the
	// diagnostics print.
	stop := outs.showProgress(e.progress())
	games, d := compiler.Load(t.fsys, compiler.Options{Prefix: t.prefix, Loaded: outs.add, Checks: checks.All(e.fonts)})
	stop()
	printDiags(e.stderr, d)
	if d.HasErrors() {
		return ExitFail
	}
	fmt.Fprintf(e.stdout, "checked %s: %s\n", plural(len(games.Games), "game"), gameIDs(games))
	stop = outs.showProgress(e.progress())
	made := outs.of(games)
	stop()

	// Generated Go is checked where a gen/ directory is present (a source
	// checkout); an installed binary has none to compare with.
	gen, err := goFiles(made)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire build: %v\n", err)
		return ExitFail
	}
	dir := genDir(t, "")
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		if !fresh(e, dir, games, gen) {
			return ExitFail
		}
	} else {
		fmt.Fprintf(e.stdout, "no %s directory here: generated Go not compared (run \"grimoire gen\" to write it)\n", dir)
	}

	tree, err := exportFiles(made)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire build: %v\n", err)
		return ExitFail
	}
	files := map[string][]byte{}
	for _, f := range tree {
		files[f.Path] = f.Content
	}
	pdfs, ok := pdfFiles(e, made)
	if !ok {
		return ExitFail
	}
	maps.Copy(files, pdfs)
	if err := writeAll(*out, files); err != nil {
		fmt.Fprintf(e.stderr, "grimoire build: %v\n", err)
		return ExitFail
	}
	abs, _ := filepath.Abs(*out)
	fmt.Fprintf(e.stdout, "wrote %s and %s (%s paper) to %s\n", plural(len(files)-len(pdfs), "export file"), plural(len(pdfs), "printout"), paper.Name, abs)
	return ExitOK
}

// exportTTS writes a deck's Tabletop Simulator sheets and saved object to
// dir, in lang or the source language: all of them, or none when the
// deck does not lay out.
func exportTTS(e *env, g *model.Game, lang, dir, baseURL string) int {
	if lang == "" {
		lang = g.SourceLang
	}
	fonts, err := e.fonts()
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire export: %v\n", err)
		return ExitFail
	}
	files, d, err := printout.TTS(g, printout.TTSOptions{Lang: lang, BaseURL: baseURL, Fonts: fonts})
	printDiags(e.stderr, d)
	if err != nil {
		fmt.Fprintf(e.stderr, "grimoire export: %v\n", err)
		return ExitFail
	}
	if d.HasErrors() {
		return ExitFail
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Name] = f.Data
	}
	if err := writeAll(dir, out); err != nil {
		fmt.Fprintf(e.stderr, "grimoire export: %v\n", err)
		return ExitFail
	}
	return ExitOK
}
