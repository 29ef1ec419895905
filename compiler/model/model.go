// Package model is the checked, typed description of a game that the
// compiler produces and every back end consumes. Nothing here reads TOML:
// back ends see only these types.
package model

import (
	"fmt"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// SchemaVersion is the version of the games-tree schema and of the export
// format built on it.
const SchemaVersion = 1

// Games is every game of a tree, sorted by id.
type Games struct {
	Games []*Game
}

// Game returns the game with the given id, or nil.
func (g *Games) Game(id string) *Game {
	for _, gm := range g.Games {
		if gm.ID == id {
			return gm
		}
	}
	return nil
}

// Game is one game: its data and its texts in every language.
type Game struct {
	ID         string
	Pos        diag.Pos
	Players    Range
	SourceLang string
	Languages  []string // source language first, then as declared
	// Authors are who designed the game, as its box credits them; none
	// for a traditional game. The printouts name them as their author.
	Authors []string
	// SourceHash is the SHA-256 of every input file of the game (data,
	// the images its card faces print, and locales), so exports say what
	// they were built from.
	SourceHash string

	Enums      []*Enum
	Types      []*Type
	Cards      []*Card
	Components []*Component
	Params     []*Param
	Totals     []*Total
	Sections   []*Section
	Terms      []*Term
	// Groups are sets of terms that are alternatives to one another: one
	// named where the source names another is a finding. They are the
	// [[group]] tables, then one group per enum whose values two or more
	// terms name.
	Groups   []*Group
	Messages []*MessageDecl // sorted by id
	Blocks   []*Block       // printout blocks, in the order declared
	Locales  []*Locale      // one per language, in Languages order

	// Deck lays out the game's own cards for printing; nil when the data
	// has no [[face]].
	Deck *Deck

	// Zones are the places the rules keep cards in, in the order
	// declared.
	Zones []*Zone
	// Rulings are how the engines play what the rulebook leaves open or
	// says two ways, in the order declared; the rulebook prints them in
	// the section that lists them.
	Rulings []*Ruling
	// Rules are the game's rules in the rules language, its .star files
	// in name order; none for a game whose engine is written in Go.
	Rules []*RulesFile

	// Differences are the differences of a translation from its source
	// that its translator made on purpose, in the order declared.
	Differences []*Difference

	// Variants are the ways the game can be played besides its base game,
	// such as an expansion, in the order declared.
	Variants []*Variant
	// Variant is the variant this game is played as, once selected with
	// Play; empty for the game as loaded or the base game.
	Variant string

	// loaded is the game as loaded when this one was returned by Play;
	// nil otherwise. See Loaded.
	loaded *Game
}

// Variant is a declared way to play a game, such as an expansion: the cards
// it adds (those whose Card.Variant names it) and its player count. Its
// localized name is the message "variant.<id>".
type Variant struct {
	ID      string
	Pos     diag.Pos
	Players Range
	Doc     string
	Message string
}

// Param returns the parameter whose id is id, or nil.
func (g *Game) Param(id string) *Param {
	for _, p := range g.Params {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// IsID reports whether s is an id: a lower-case identifier (a-z, 0-9 and
// _, starting with a letter).
func IsID(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= c && c <= '9' || c == '_')) {
			return false
		}
	}
	return s != ""
}

// GameID returns the game id a user means by name: dashes and underscores
// match each other, so "bellum-magica" names bellum_magica.
func GameID(name string) string { return strings.ReplaceAll(name, "-", "_") }

// FindVariant returns the variant whose id is id, or nil. Dashes and
// underscores match each other, so "dragon-hordes" names dragon_hordes.
func (g *Game) FindVariant(id string) *Variant {
	id = strings.ReplaceAll(id, "-", "_")
	for _, v := range g.Variants {
		if v.ID == id {
			return v
		}
	}
	return nil
}

// VariantIDs returns the ids of the game's variants, in the order declared.
func (g *Game) VariantIDs() []string {
	ids := make([]string, len(g.Variants))
	for i, v := range g.Variants {
		ids[i] = v.ID
	}
	return ids
}

// Play returns the game as played in a variant: its cards are those of the
// base game and of the variant, its player count the variant's. An empty
// id gives the base game, without any variant's cards. Everything else,
// texts and totals included, is shared with g: one rulebook describes the
// base game and its variants. Playing a game Play returned starts again
// from the game as loaded, so a base game can be played in a variant.
func (g *Game) Play(variant string) (*Game, error) {
	src := g.Loaded()
	out := *src
	out.Variant, out.loaded = "", src
	if variant != "" {
		v := src.FindVariant(variant)
		if v == nil {
			if len(src.Variants) == 0 {
				return nil, fmt.Errorf("game %s has no variants; %q is not one", src.ID, variant)
			}
			return nil, fmt.Errorf("game %s has no variant %q; it has %s", src.ID, variant, strings.Join(src.VariantIDs(), ", "))
		}
		out.Variant, out.Players = v.ID, v.Players
	}
	out.Cards = nil
	for _, c := range src.Cards {
		if c.Variant == "" || c.Variant == out.Variant {
			out.Cards = append(out.Cards, c)
		}
	}
	return &out, nil
}

// Loaded returns the game as loaded, whatever variant it is played in:
// every variant's cards and the base game's player count. For a game Play
// did not return, that is g itself. Texts render with the loaded game's
// cards, so that a rule naming a variant's card reads the same in every
// variant.
func (g *Game) Loaded() *Game {
	if g.loaded != nil {
		return g.loaded
	}
	return g
}

// PlayedVariant returns the variant g is played in, or nil for a base game
// or a game as loaded.
func (g *Game) PlayedVariant() *Variant {
	if g.Variant == "" {
		return nil
	}
	return g.FindVariant(g.Variant)
}

// Range is an inclusive range of whole numbers.
type Range struct{ Min, Max int }

// Enum is a closed set of named values, such as Warlock's races.
type Enum struct {
	ID     string
	Pos    diag.Pos
	Values []*EnumValue
}

// Value returns the enum value with the given id, or nil.
func (e *Enum) Value(id string) *EnumValue {
	for _, v := range e.Values {
		if v.ID == id {
			return v
		}
	}
	return nil
}

// EnumValue is one value of an enum. Its localized name is the message
// "<enum>.<value>" with plural forms.
type EnumValue struct {
	ID      string
	Pos     diag.Pos
	Color   string // "#rrggbb", or empty
	Icon    string // an icon name, or empty
	Message string
}

// Kind is the kind of a typed value.
type Kind int

const (
	Int Kind = iota + 1
	Decimal
	String
	Bool
	EnumKind
	Ref
	List
	Map
)

func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Decimal:
		return "decimal"
	case String:
		return "string"
	case Bool:
		return "bool"
	case EnumKind:
		return "enum"
	case Ref:
		return "ref"
	case List:
		return "list"
	case Map:
		return "map"
	}
	return "invalid"
}

// ValueType is the type of a field or parameter, written in TOML as "int",
// "decimal", "string", "bool", "enum:race", "ref:creature", "list<...>" or
// "map<key,value>" where key is int or an enum.
type ValueType struct {
	Kind Kind
	Enum string     // EnumKind: the enum's id
	Ref  string     // Ref: the id of the card type referred to
	Elem *ValueType // List and Map: the element type
	Key  *ValueType // Map: the key type, Int or EnumKind
}

func (t *ValueType) String() string {
	switch t.Kind {
	case EnumKind:
		return "enum:" + t.Enum
	case Ref:
		return "ref:" + t.Ref
	case List:
		return "list<" + t.Elem.String() + ">"
	case Map:
		return "map<" + t.Key.String() + "," + t.Elem.String() + ">"
	}
	return t.Kind.String()
}

// Value is a typed value. Which part is meaningful follows its type: Int,
// Dec, Str (also enum value ids and card ids), Bool, List (list elements,
// or map values), Keys (map keys, parallel to List).
type Value struct {
	Pos  diag.Pos
	Int  int64
	Dec  float64
	Str  string
	Bool bool
	List []Value
	Keys []Value
}

// Format writes a value of type t as plain text, the same way everywhere
// (CSV cells, JSON map keys, template map keys, messages): numbers in Go
// syntax with the shortest exact decimals, enum values and refs as their
// ids, list elements joined with "|", map entries as key=value joined with
// "|".
func (t *ValueType) Format(v Value) string {
	switch t.Kind {
	case Int:
		return strconv.FormatInt(v.Int, 10)
	case Decimal:
		return strconv.FormatFloat(v.Dec, 'f', -1, 64)
	case Bool:
		return strconv.FormatBool(v.Bool)
	case List:
		parts := make([]string, len(v.List))
		for i, e := range v.List {
			parts[i] = t.Elem.Format(e)
		}
		return strings.Join(parts, "|")
	case Map:
		parts := make([]string, 0, len(v.List))
		for i, e := range v.List {
			if i < len(v.Keys) {
				parts = append(parts, t.Key.Format(v.Keys[i])+"="+t.Elem.Format(e))
			}
		}
		return strings.Join(parts, "|")
	}
	return v.Str
}

// Field is one typed field of a card type.
type Field struct {
	ID       string
	Pos      diag.Pos
	Type     *ValueType
	Optional bool
	// Wildcard is a value allowed in an enum list besides the enum's own,
	// such as "any" in Warlock building costs (any creature pays).
	Wildcard string
	// Doc says what the field means, for the schema and generated code.
	Doc string
}

// Type is a card type: the fields its cards carry. Its localized name is
// the message "type.<id>".
type Type struct {
	ID      string
	Pos     diag.Pos
	Doc     string
	Fields  []*Field
	Message string
}

// Field returns the field with the given id, or nil.
func (t *Type) Field(id string) *Field {
	for _, f := range t.Fields {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// Card is one card design; Copies says how many of it the box holds. Its
// localized name is the message "card.<id>" with plural forms.
type Card struct {
	ID     string
	Pos    diag.Pos
	Type   string
	Copies int
	// Values holds a value for each field of the card's type, in field
	// order; an optional field left out has Set false.
	Values []FieldValue
	// Reconstructed names the fields whose values the rulebook does not
	// print and were chosen so that every rule and example holds.
	Reconstructed []string
	Message       string
	// Variant is the variant that adds the card, or empty for a card of
	// the base game.
	Variant string
}

// FieldValue is a card's value for one field.
type FieldValue struct {
	Field string
	Set   bool
	Value Value
}

// Get returns the card's value for a field and whether it is set.
func (c *Card) Get(field string) (Value, bool) {
	for _, fv := range c.Values {
		if fv.Field == field {
			return fv.Value, fv.Set
		}
	}
	return Value{}, false
}

// Component is a game part that is not a card: a board, figure, token, die.
// Its localized name is the message "component.<id>" with plural forms.
type Component struct {
	ID      string
	Pos     diag.Pos
	Kind    string // board, figure, token, die, tile, marker, other
	Count   int
	Faces   int // dice only
	Doc     string
	Message string
}

// Zone is a place the rules keep cards in ([[zone]]): the draw pile, a
// player's hand, the trick on the table. Who may see its cards is its
// visibility, from which a seat's observation of the game follows.
type Zone struct {
	ID  string
	Pos diag.Pos
	// Owner is ZoneTable for one zone the table shares, ZonePlayer for
	// one zone per seat.
	Owner string
	// Visible says who sees the cards in it: ZoneAll, ZoneOwner (its
	// player) or ZoneNone (nobody: a face-down pile).
	Visible string
	// Section is the rulebook section that sets the zone out, "" for
	// none.
	Section string
	Doc     string
	Message string // "zone.<id>": the zone's name
}

// The owners and visibilities of zones.
const (
	ZoneTable  = "table"
	ZonePlayer = "player"
	ZoneAll    = "all"
	ZoneOwner  = "owner"
	ZoneNone   = "none"
)

// ZoneOwners returns who a zone may belong to.
func ZoneOwners() []string { return []string{ZoneTable, ZonePlayer} }

// ZoneVisibilities returns who may see a zone's cards.
func ZoneVisibilities() []string { return []string{ZoneAll, ZoneOwner, ZoneNone} }

// ComponentKinds returns the allowed component kinds, sorted.
func ComponentKinds() []string {
	return []string{"board", "die", "figure", "marker", "other", "tile", "token"}
}

// Param is a named rule parameter: every number the rules use.
type Param struct {
	ID    string
	Pos   diag.Pos
	Type  *ValueType
	Value Value
	Doc   string
	// Reconstructed marks what of the value the rulebook does not print,
	// chosen so that every rule and example holds.
	Reconstructed Marks
}

// Notes the printouts print, messages of every game whose data calls for
// them.
const (
	// ReconstructedLegend explains the mark printed beside each
	// reconstructed value; required when the game has one.
	ReconstructedLegend = "game.reconstructed"
	// AidLabel labels the reference sheet and cards as aids made with
	// Grimoire, not part of the box; required when blocks are placed on
	// either.
	AidLabel = "game.aid"
)

// FieldName is the id of the optional message that names field of card
// type typ, "field.<type>.<field>": the site labels a field with it where
// no table heads it (the printouts name a field only by a table's heading).
func FieldName(typ, field string) string { return "field." + typ + "." + field }

// Marks says what of a parameter's value is reconstructed: all of it, or
// single entries, named by their map key as Format writes it or by their
// list index from 0.
type Marks struct {
	All     bool
	Entries []string
}

// Any reports whether anything is marked.
func (m Marks) Any() bool { return m.All || len(m.Entries) > 0 }

// EntryKey is how Marks names entry i of the parameter's value.
func (p *Param) EntryKey(i int) string {
	if p.Type.Kind == Map && i < len(p.Value.Keys) {
		return p.Type.Key.Format(p.Value.Keys[i])
	}
	return strconv.Itoa(i)
}

// EntryReconstructed reports whether entry i of a map or list parameter
// is reconstructed, the whole value being so or that entry alone.
func (p *Param) EntryReconstructed(i int) bool {
	return p.Reconstructed.All || slices.Contains(p.Reconstructed.Entries, p.EntryKey(i))
}

// FieldReconstructed reports whether the card's value for field (or
// "copies") is reconstructed.
func (c *Card) FieldReconstructed(field string) bool {
	return slices.Contains(c.Reconstructed, field)
}

// HasReconstructed reports whether any value of the game as loaded, a
// card's or a parameter's, is reconstructed.
func (g *Game) HasReconstructed() bool {
	for _, c := range g.Loaded().Cards {
		if len(c.Reconstructed) > 0 {
			return true
		}
	}
	for _, p := range g.Params {
		if p.Reconstructed.Any() {
			return true
		}
	}
	return false
}

// Total is a declared count that the compiler verifies against the data:
// the copies of the cards of one type, optionally only those whose field
// equals a value.
type Total struct {
	ID    string
	Pos   diag.Pos
	Type  string // card type
	Field string // optional filter field
	// Equals is the filter's value: a card counts when its Field equals it.
	Equals Value
	Count  int // declared, and verified
	// Variant restricts the total to the cards a variant adds; empty
	// counts the base game's cards.
	Variant string
}

// Section is one section of the rulebook. Its title and text are the
// messages "rules.<id>.title" and "rules.<id>.text".
type Section struct {
	ID     string
	Pos    diag.Pos
	Number string // "2.1"; empty for an unnumbered section
	Level  int    // 1 for "2", 2 for "2.1"
	// Free marks a text translated freely, such as a story or a poem:
	// translations keep its numbers, placeholders and names, but not its
	// sentences one by one.
	Free bool
	// Rulings marks the section the rulebook prints the rulings in,
	// after its text. A published rulebook may lack it.
	Rulings bool
}

// Ruling is a [[ruling]]: the engines' reading of a rule the rulebook
// leaves open or says two ways. The code that plays it names it in a
// comment, "ruling ID" with dashes for underscores.
type Ruling struct {
	ID  string
	Pos diag.Pos
	// Section is the rulebook section whose rule it reads, "" for none.
	Section string
	Message string // "ruling.<id>": the ruling's text
}

// namedRuling is how code names a ruling in a comment: "ruling" and an id
// of two words or more, with dashes or underscores between them.
var namedRuling = regexp.MustCompile(`ruling ([a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)`)

// RulingsNamed returns the ids of the rulings a source names, as
// [[ruling]] ids (underscores for dashes), in order of first mention.
func RulingsNamed(src string) []string {
	var ids []string
	for _, m := range namedRuling.FindAllStringSubmatch(src, -1) {
		if id := strings.ReplaceAll(m[1], "-", "_"); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// NamesRuling reports whether a source names the ruling id, written with
// dashes or underscores, as a word of its own.
func NamesRuling(src, id string) bool {
	for _, name := range []string{id, strings.ReplaceAll(id, "_", "-")} {
		for rest := src; ; {
			i := strings.Index(rest, "ruling "+name)
			if i < 0 {
				break
			}
			rest = rest[i+len("ruling "+name):]
			if r, _ := utf8.DecodeRuneInString(rest); !(r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
				return true
			}
		}
	}
	return false
}

// Section returns the section with the id, or nil.
func (g *Game) Section(id string) *Section {
	for _, s := range g.Sections {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// RulingsSection returns the section that prints the rulings, or nil.
func (g *Game) RulingsSection() *Section {
	for _, s := range g.Sections {
		if s.Rulings {
			return s
		}
	}
	return nil
}

// RulingsInBookOrder returns the rulings in the order of the sections
// whose rules they read, as the rulebook lists them; those of one section
// in the order declared, those of none last.
func (g *Game) RulingsInBookOrder() []*Ruling {
	at := func(r *Ruling) int {
		if s := g.Section(r.Section); s != nil {
			return slices.Index(g.Sections, s)
		}
		return len(g.Sections)
	}
	out := slices.Clone(g.Rulings)
	slices.SortStableFunc(out, func(a, b *Ruling) int { return at(a) - at(b) })
	return out
}

// RulingParagraph is a ruling as the rulebook prints it: the section it
// reads, by number and title, then its text. number and title are empty
// for a ruling of no section.
func RulingParagraph(number, title, text string) string {
	switch {
	case title == "":
		return text
	case number == "":
		return title + " — " + text
	}
	return title + " (" + number + ") — " + text
}

// Difference is a [[difference]]: a translation leaves out or changes a
// sentence of its source on purpose, so the check that would report it
// stays silent on that sentence.
type Difference struct {
	Pos     diag.Pos // the table
	Lang    string   // the translation
	Message string   // the message id
	// Source quotes the source sentence, as written in the source locale.
	Source string
	// Code is the check that would report the difference (G125 for a
	// sentence left out).
	Code   diag.Code
	Reason string
	// Where the entry's values stand, for its own diagnostics.
	LangPos, MessagePos, SourcePos diag.Pos
}

// Term is a glossary concept. Its canonical name in each language is the
// message Message (with plural forms); "forms.<id>" lists further inflected
// forms separated by "|".
type Term struct {
	ID     string
	Pos    diag.Pos
	Proper bool // a proper name, the same or nearly so in every language
	// Adapted marks a proper name that translations may spell their own
	// way (a place, Norkobia, Norkobie); other proper names must not change.
	Adapted bool
	Message string
}

// GroupKind says what the terms of a group are alternatives of.
type GroupKind int

const (
	Alternatives GroupKind = iota // any set of sibling concepts: races, peoples
	Facing                        // how a card lies: face up, face down
	Places                        // where a card goes: hand, discard pile, supply
)

// GroupKinds lists the kinds by their names in the data.
func GroupKinds() map[string]GroupKind {
	return map[string]GroupKind{"alternatives": Alternatives, "facing": Facing, "places": Places}
}

func (k GroupKind) String() string {
	for name, v := range GroupKinds() {
		if v == k {
			return name
		}
	}
	return fmt.Sprintf("GroupKind(%d)", int(k))
}

// Group is a set of glossary terms that are alternatives to one another,
// such as face up and face down, or the places a card can go to.
type Group struct {
	ID    string
	Pos   diag.Pos
	Kind  GroupKind
	Terms []string // term ids, as declared
	Doc   string
	// Enum is the enum whose values the terms name, for a group the
	// loader made; empty for a declared group.
	Enum string
}

// Term returns the glossary term whose id is id, or nil.
func (g *Game) Term(id string) *Term {
	for _, t := range g.Terms {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// MessageDecl declares a message a back end renders (an engine's action
// names, score labels): every locale must have it, as a plain text whose
// template may use {{.Arg.NAME}} for each of Args.
type MessageDecl struct {
	ID   string // dotted, such as "action.play_mine"
	Pos  diag.Pos
	Doc  string   // what the message is for; the translators' description
	Args []string // the names the caller passes in .Arg, as declared
}

// Locale returns the game's texts in a language, or nil.
func (g *Game) Locale(lang string) *Locale {
	for _, l := range g.Locales {
		if l.Lang == lang {
			return l
		}
	}
	return nil
}

// Locale is the game's texts in one language.
type Locale struct {
	Lang     string
	File     string
	Messages []*Message // sorted by id
	// PluralCategories are the CLDR cardinal categories of the language,
	// in CLDR order (zero, one, two, few, many, other).
	PluralCategories []string
}

// WithoutDrafts is the game in the languages whose translation is
// complete: a translation loaded as a draft lacks messages, and nothing
// can be printed or published in it. It is g itself when it has no draft.
func (g *Game) WithoutDrafts() *Game {
	src := g.Locale(g.SourceLang)
	if src == nil {
		return g
	}
	var langs []string
	var locs []*Locale
	for _, lang := range g.Languages {
		if loc := g.Locale(lang); loc == nil || loc.Complete(src) {
			langs = append(langs, lang)
		}
	}
	for _, loc := range g.Locales {
		if loc.Complete(src) {
			locs = append(locs, loc)
		}
	}
	if len(locs) == len(g.Locales) {
		return g
	}
	c := *g
	c.Languages, c.Locales = langs, locs
	return &c
}

// Complete reports whether a locale has every message of the source
// locale src: a translation loaded as a draft may not.
func (l *Locale) Complete(src *Locale) bool {
	for _, m := range src.Messages {
		if l.Message(m.ID) == nil {
			return false
		}
	}
	return true
}

// Message returns the message with the given id, or nil.
func (l *Locale) Message(id string) *Message {
	lo, hi := 0, len(l.Messages)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case l.Messages[m].ID == id:
			return l.Messages[m]
		case l.Messages[m].ID < id:
			lo = m + 1
		default:
			hi = m
		}
	}
	return nil
}

// Message is one go-i18n message: a text, or plural forms of it.
type Message struct {
	ID  string
	Pos diag.Pos
	// Description is what translators are told of the message: the file's
	// description, or a declared message's doc when the file gives none.
	Description string
	// FileDescription is the description the locale file itself gives,
	// the one go-i18n reads and goi18n merge hashes.
	FileDescription string
	Hash            string            // hash of the source text a translation was made from
	Forms           map[string]string // CLDR category ("one", "other", ...) to template
	// Text gives, per form, where its text stands in the locale file, so
	// that a finding inside a text points at its words. A message made
	// elsewhere than from a file has none: its findings point at Pos.
	Text map[string]TextPos
	// Previous is the source message a translation was made from, as
	// stamp and import record it in locales/<game>/previous/<lang>.toml;
	// nil when none is recorded. Hash is its SourceHash, so once the
	// source changes an export can show the translator what changed.
	Previous *SourceText
}

// SourceText is a source message as a translation was made from it: the
// description the locale file gave and its forms.
type SourceText struct {
	Description string
	Forms       map[string]string
}

// RulesFile is one file of a game's rules, written in the rules language
// (Starlark): its path as diagnostics print it and its text, which the
// loader has parsed.
type RulesFile struct {
	Name string
	Src  string
}

// TextPos is where a form's text stands in its locale file: the position
// of its value (its opening quote), and whether it is a multi-line string
// whose text starts on the line after the quotes.
type TextPos struct {
	diag.Pos
	Multiline bool
}

// PluralKeys are the CLDR plural categories a message's forms are keyed
// by, in CLDR order.
func PluralKeys() []string { return []string{"zero", "one", "two", "few", "many", "other"} }

// FormNames lists the message's forms in CLDR order (zero, one, two, few,
// many, other).
func (m *Message) FormNames() []string {
	var out []string
	for _, k := range PluralKeys() {
		if _, ok := m.Forms[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

// FormPos is the position of a form's value in the locale file, or the
// message's own where the file does not say.
func (m *Message) FormPos(form string) diag.Pos {
	if tp, ok := m.Text[form]; ok {
		return tp.Pos
	}
	return m.Pos
}

// At is the position of a byte offset in a form's text.
func (m *Message) At(form string, off int) diag.Pos {
	tp, ok := m.Text[form]
	if !ok {
		tp.Pos = m.Pos
	}
	base := tp.Pos
	text := m.Forms[form]
	nl := strings.Count(text[:off], "\n")
	if tp.Multiline {
		base.Line += 1 + nl
		base.Col = off - strings.LastIndex(text[:off], "\n")
		return base
	}
	if nl == 0 && base.Line > 0 {
		base.Col += 1 + off // past the opening quote
	}
	return base
}

// Offset is the byte offset in a form's text of a position whose column
// counts characters, as the diagnostics of a load give it (At counts
// bytes, which the loader turns into characters), and whether the
// position falls within the text: the way back from a finding to the
// words it points at. A value written on one line is taken to follow
// an ASCII key, as a message's id is.
func (m *Message) Offset(form string, p diag.Pos) (int, bool) {
	text, ok := m.Forms[form]
	tp, has := m.Text[form]
	if !ok || !has {
		return 0, false
	}
	start, col := 0, p.Col-1
	if tp.Multiline {
		if p.Line <= tp.Line {
			return 0, false
		}
		for range p.Line - tp.Line - 1 {
			i := strings.IndexByte(text[start:], '\n')
			if i < 0 {
				return 0, false
			}
			start += i + 1
		}
	} else {
		if p.Line != tp.Line {
			return 0, false
		}
		col = p.Col - tp.Col - 1 // past the opening quote
	}
	line := text[start:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if col < 0 {
		return 0, false
	}
	n := 0
	for off := range line {
		if n == col {
			return start + off, true
		}
		n++
	}
	if n == col {
		return start + len(line), true
	}
	return 0, false
}

// Plural reports whether the message has forms other than "other".
func (m *Message) Plural() bool {
	for k := range m.Forms {
		if k != "other" {
			return true
		}
	}
	return false
}

// BlockKind is what a printout block shows.
type BlockKind int

const (
	TextBlock         BlockKind = iota + 1 // a text: block.<id>.text
	EnumBlock                              // a row per enum value: its symbol and colour, then block.<id>.<value>
	CardsBlock                             // a row per card design of a type, a column per field
	ParamBlock                             // a rule parameter (a map or list) as a table
	DistributionBlock                      // the copies of every card type, by its first enum field
)

// Block is one part of the printouts: the reference sheet, a reference
// card's front, or a table after a rulebook section. Its title is the
// message "block.<id>.title"; headings of a table's columns are
// "block.<id>.<field>" (cards) or "block.<id>.key" and "block.<id>.value"
// (params).
type Block struct {
	ID     string
	Pos    diag.Pos
	Kind   BlockKind
	Enum   string   // EnumBlock
	Values []string // EnumBlock: the values shown, in enum order; empty for all
	Type   string   // CardsBlock
	Fields []string // CardsBlock: the columns, in order
	// Sort, when set, orders a CardsBlock's rows by that numeric field,
	// ascending, instead of the order the cards are declared in.
	Sort  string
	Param string // ParamBlock
	// Icons names the symbol drawn in a column's heading: a field id
	// (cards) or "key" and "value" (params) to an icon name.
	Icons map[string]string
	On    []Place
	// Variant, when set, prints the block only in the game played in that
	// variant; NotVariant prints it everywhere else. A text that must
	// differ in a variant is two blocks, each with its own messages.
	Variant    string
	NotVariant string
	// Types are the card types a distribution counts; empty for every
	// type. Components adds a row for each component: the box's
	// contents besides its cards.
	Types      []string
	Components bool
}

// Shows reports whether an enum block has a row for the enum value id.
func (b *Block) Shows(id string) bool {
	return len(b.Values) == 0 || slices.Contains(b.Values, id)
}

// Counts reports whether a distribution counts the cards of type typ.
func (b *Block) Counts(typ string) bool {
	return len(b.Types) == 0 || slices.Contains(b.Types, typ)
}

// PrintedIn reports whether the block prints in the game played in
// variant, "" being the base game.
func (b *Block) PrintedIn(variant string) bool {
	return (b.Variant == "" || b.Variant == variant) && (b.NotVariant == "" || b.NotVariant != variant)
}

// BlocksOn yields the blocks the game as played prints at a place (kind
// and id), in their order, each with the place as it names it.
func (g *Game) BlocksOn(kind PlaceKind, id string) iter.Seq2[*Block, Place] {
	return func(yield func(*Block, Place) bool) {
		for _, b := range g.Blocks {
			if !b.PrintedIn(g.Variant) {
				continue
			}
			for _, pl := range b.On {
				if pl.Kind == kind && pl.ID == id && !yield(b, pl) {
					return
				}
			}
		}
	}
}

// PlaceKind is where a block is printed.
type PlaceKind int

const (
	OnSheet PlaceKind = iota + 1 // the reference sheet
	OnCard                       // the front of a reference card design (ID: the card)
	OnRules                      // the rulebook, after a section's text (ID: the section)
)

// Place is where a block is printed, in the order its blocks are listed.
type Place struct {
	Kind PlaceKind
	ID   string
	// Symbols is set for a reference card printed with symbols and
	// numbers only ("symbols:<card>"): the same in every language.
	Symbols bool
	Pos     diag.Pos
}

// Messages returns the ids of the messages the block prints, besides those
// of the data (names of enum values, cards and types).
func (b *Block) Messages(g *Game) []string {
	p := "block." + b.ID + "."
	ids := []string{p + "title"}
	switch b.Kind {
	case TextBlock:
		ids = append(ids, p+"text")
	case EnumBlock:
		for _, e := range g.Enums {
			if e.ID == b.Enum {
				for _, v := range e.Values {
					if b.Shows(v.ID) {
						ids = append(ids, p+v.ID)
					}
				}
			}
		}
	case CardsBlock:
		for _, f := range b.Fields {
			ids = append(ids, p+f)
		}
	case ParamBlock:
		ids = append(ids, p+"key", p+"value")
	}
	return ids
}
