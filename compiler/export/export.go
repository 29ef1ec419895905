// Package export writes a compiled game for other tools: JSON documents
// and SQLite databases that carry the whole game with its texts, and CSV
// tables of its cards.
// Like every back end it reads only the model; names and rule texts are
// rendered by package l10n, so every number in them comes from the data.
//
// # Files
//
// Files lists the export of one game as played (see model.Game.Play),
// meant to sit in one folder beside the exports of the other games:
//
//	<game>.json                 every locale
//	<game>.<lang>.json          one locale
//	<game>.<lang>.<type>.csv    the cards of one type in one locale
//
// The files of a game played in a variant have the same names, in the
// folder <game>/<variant>/ (Dir). The JSON Schema of both JSON documents is
// not repeated per game: Tree adds the one shared file grimoire.schema.json
// (SchemaFile) once, with the files of every game's base game and of each
// of its variants.
//
// # JSON
//
// A document is {"meta": {...}, "data": {...}}. meta says what it was built
// from: schema_version (model.SchemaVersion), generator, game, languages,
// variant (only for a game played in a variant), lang (only in a one-locale
// document) and source_hash. data holds the game: players (those of the
// variant played), source_language, name, variants (every variant the game
// declares, whichever is played: id, players, doc and name), enums, types,
// cards, components, params, totals, sections and terms, in the model's
// order, each under its stable id from the TOML. A card that a variant
// adds, and a total that counts a variant's cards, carry the variant's id
// as variant; base cards and totals leave it out. The cards are those of
// the game as played: the base game's, and the variant's when one is
// played; totals and texts are the same in every variant. Field values are JSON values of their type:
// numbers for int and decimal, strings for string, enum values and card
// references, arrays for lists, objects keyed by enum value id or by the
// integer written as a string for maps; an optional field left out is left
// out. Other empty things (a doc, an enum value's color, a section's number)
// are left out too, and dice alone carry faces.
//
// Localized things differ by document. In a one-locale document a name is
// an object of its rendered plural forms ({"one": "giant", "other":
// "giants"}, the forms the message has among the locale's CLDR categories)
// and a text is a string. In the every-locale document each is an object
// keyed by language, in the game's language order: {"en": {...}, "fr":
// {...}}.
//
// Output is byte-identical for the same model: fixed field order, no map
// iteration, no timestamps, two-space indent and a final newline.
//
// # Schema
//
// Schema returns the JSON Schema (draft 2020-12) of both documents. It is
// strict: every object closes with additionalProperties false, except the
// objects keyed by data (card fields, map values, languages), whose keys
// are checked by pattern and whose values by schema. The if/then/else at
// its root picks the one-locale shapes when meta has lang.
//
// # CSV
//
// A CSV table has a header row and one row per card of the type: id, name
// (singular), name_plural (the "other" form), copies, variant (only in the
// tables of a game that declares variants: the id of the variant that adds
// the card, empty for a base card), one column per field in field order,
// and reconstructed. Lists and maps are joined with "|"
// (a map entry is key=value), decimals are written shortest ('f', -1),
// booleans true or false, an unset optional field empty.
//
// # SQLite
//
// SQLite returns a game as played as one SQLite database, what the JSON
// document of every locale holds, in tables with foreign keys: meta (key,
// value: schema_version, generator, game, variant, source_hash),
// language, message and translation (a rendered text per message,
// language and plural form; a text has the one form "other"), variant,
// game, enum and enum_value, card_type and field, card, card_value (a row
// per card and field of its type, NULL for an unset optional field) and
// card_value_item (a row per element of a list or entry of a map),
// component, section, zone, param and param_item, total, ruling and term.
// Each row of a list of the model has its position, from 0. Values are
// typed: integers, reals, text (strings, enum values, card ids), 0 or 1
// for booleans, and lists and maps as JSON text besides their item rows.
// Reconstructed values are marked in a column reconstructed (and card's
// copies_reconstructed). The view localized gives a message's text and
// plural per language, and a view <type>_cards per card type has a row
// per card and a column per field. A database is built in memory and
// serialized, so the same model gives the same bytes.
package export

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

// SchemaFile is the name of the shared schema file among the exports.
const SchemaFile = "grimoire.schema.json"

// File is one export file: a path relative to the export folder, and its
// content.
type File struct {
	Path    string
	Content []byte
}

// JSONFile returns the name of a game's JSON export: <game>.json for every
// locale (lang ""), <game>.<lang>.json for one.
func JSONFile(game, lang string) string {
	if lang == "" {
		return game + ".json"
	}
	return game + "." + lang + ".json"
}

// CSVFile returns the name of the CSV export of one card type in one
// locale: <game>.<lang>.<type>.csv.
func CSVFile(game, lang, cardType string) string {
	return game + "." + lang + "." + cardType + ".csv"
}

// Dir returns the folder of a game's files within the export folder, with
// "/": "" for a base game (or a game as loaded), <game>/<variant> for a
// game played in a variant.
func Dir(g *model.Game) string {
	if g.Variant == "" {
		return ""
	}
	return g.ID + "/" + g.Variant
}

// Files returns every export file of a game, sorted by path: the JSON
// document of every locale, one per locale, and a CSV table per locale and
// card type, in Dir(g). The shared schema is not among them; see Tree.
func Files(g *model.Game) ([]File, error) { return FilesWith(g, l10n.NewCache()) }

// FilesWith is Files with the texts rendered through c, which the exports
// and printouts of every variant of a game can share.
func FilesWith(g *model.Game, c *l10n.Cache) ([]File, error) {
	var files []File
	dir := Dir(g)
	if dir != "" {
		dir += "/"
	}
	langs := append([]string{""}, localeLangs(g)...)
	for _, lang := range langs {
		var b bytes.Buffer
		if err := writeJSON(&b, g, lang, c); err != nil {
			return nil, err
		}
		files = append(files, File{Path: dir + JSONFile(g.ID, lang), Content: b.Bytes()})
		if lang == "" {
			continue
		}
		csvs, err := csvFiles(g, lang, c)
		if err != nil {
			return nil, err
		}
		for _, f := range csvs {
			files = append(files, File{Path: dir + f.Path, Content: f.Content})
		}
	}
	sortFiles(files)
	return files, nil
}

// CSVFiles returns the CSV tables of a game in one locale, one per card
// type, in type order.
func CSVFiles(g *model.Game, lang string) ([]File, error) { return csvFiles(g, lang, nil) }

func csvFiles(g *model.Game, lang string, c *l10n.Cache) ([]File, error) {
	files := make([]File, 0, len(g.Types))
	for _, t := range g.Types {
		var b bytes.Buffer
		if err := writeCSV(&b, g, lang, t.ID, c); err != nil {
			return nil, err
		}
		files = append(files, File{Path: CSVFile(g.ID, lang, t.ID), Content: b.Bytes()})
	}
	return files, nil
}

// Tree returns the export of every game of a tree and the shared schema,
// sorted by path, for one folder: each game's base game, and the game
// played in each of its variants in <game>/<variant>/.
func Tree(gs *model.Games) ([]File, error) {
	var parts [][]File
	for _, g := range gs.Games {
		c := l10n.NewCache()
		for _, v := range append([]string{""}, g.VariantIDs()...) {
			p, err := g.Play(v)
			if err != nil {
				return nil, fmt.Errorf("export: %w", err)
			}
			fs, err := FilesWith(p, c)
			if err != nil {
				return nil, err
			}
			parts = append(parts, fs)
		}
	}
	return Join(parts...)
}

// Join gathers the files of several games and variants (each from Files)
// and the shared schema into the export of one folder, sorted by path, as
// Tree does; two files of one name are an error.
func Join(parts ...[]File) ([]File, error) {
	files := []File{{Path: SchemaFile, Content: Schema()}}
	for _, p := range parts {
		files = append(files, p...)
	}
	sortFiles(files)
	for i := 1; i < len(files); i++ {
		if files[i].Path == files[i-1].Path {
			return nil, fmt.Errorf("export: two files named %s", files[i].Path)
		}
	}
	return files, nil
}

func sortFiles(files []File) {
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
}

func localeLangs(g *model.Game) []string {
	langs := make([]string, len(g.Locales))
	for i, l := range g.Locales {
		langs[i] = l.Lang
	}
	return langs
}
