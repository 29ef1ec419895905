// Package diag holds positioned compiler diagnostics and the list that
// collects them, printed as "path:line:col: severity: message [code]".
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Pos is a place in a source file. Line and Col start at 1; a zero Line
// means the whole file.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Severity orders diagnostics by how much they matter.
type Severity int

const (
	Warning Severity = iota
	Error
)

func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// Code is a stable diagnostic code; docs and tests refer to it.
type Code string

// The codes of the loader and validator. They never change meaning; a
// retired code is not reused.
const (
	Syntax          Code = "G001" // TOML that does not parse
	UnknownKey      Code = "G002" // a key the schema does not know
	WrongType       Code = "G003" // a value of the wrong TOML type
	MissingKey      Code = "G004" // a required key is absent
	BadID           Code = "G005" // an id that is not a lower-case identifier
	UnknownEnum     Code = "G006" // a value not among its enum's values
	DuplicateID     Code = "G007" // two definitions with one id
	DanglingRef     Code = "G008" // a reference to something not defined
	TotalMismatch   Code = "G009" // a declared total the data does not add up to
	BadValue        Code = "G010" // a value out of its allowed range
	BadTree         Code = "G011" // a games tree laid out wrongly
	InputLimit      Code = "G012" // TOML nested or keyed too deeply to parse safely
	Palette         Code = "G013" // two colours of an enum too close to tell apart, with normal or colour-blind vision
	MissingMessage  Code = "G101" // a message id absent from a locale
	TemplateSyntax  Code = "G102" // a message template that does not parse
	TemplateField   Code = "G103" // a template naming a field that does not exist
	BadMessageFile  Code = "G104" // a locale file that is not a go-i18n message file
	PluralForms     Code = "G105" // plural forms missing for the language's CLDR categories
	ObsoleteMessage Code = "G106" // a message id no part of the game uses
	BadLanguage     Code = "G107" // a language tag the game does not declare or cannot parse

	// Translation checks: a locale against its source locale and the data.
	EmptyMessage     Code = "G108" // a message with no text
	Untranslated     Code = "G109" // a translation identical to its source text, or a sentence of it in another language
	Placeholders     Code = "G110" // a placeholder of the source missing from a translation, or the reverse
	NumberMismatch   Code = "G111" // a number of the source that a translation changes, drops or adds
	GlossaryTerm     Code = "G112" // a game concept the translation drops or names with another concept's term
	AmbiguousTerm    Code = "G113" // one term used for two concepts in a language
	ProperName       Code = "G114" // a proper name changed in a translation
	Unbalanced       Code = "G115" // unbalanced brackets or quotes
	DoubledWord      Code = "G116" // a word written twice in a row
	FrenchTypography Code = "G117" // French punctuation without the space before it
	StaleTranslation Code = "G118" // a translation made from another source text than the current one
	DataNumber       Code = "G119" // a number in a text that disagrees with the game data
	Spacing          Code = "G120" // a doubled space, or a space before a comma or full stop: often a word dropped
	Negation         Code = "G121" // a sentence negated in the translation and not in the source, or the reverse
	Modality         Code = "G122" // "must" in one text where the other has "can"
	Facing           Code = "G123" // face up in one text where the other has face down
	Destination      Code = "G124" // a card sent to another place than in the other text
	Omission         Code = "G125" // a sentence of the source with no translation
	Addition         Code = "G126" // a translated sentence with no source
	ShortSentence    Code = "G127" // a sentence far shorter than its source: a clause dropped
	TemplateCost     Code = "G128" // a message template that could run too long or print too much
	Acknowledged     Code = "G129" // an acknowledged translation difference that the checks no longer find
	Contrast         Code = "G130" // a word of direction, time, bound, degree or quantity turned into another of its group: left and right, at least and at most, each and one
	Counted          Code = "G131" // a number that counts another thing than in the source: "3 players" for "3 cards"
	WordReplaced     Code = "G132" // a word the game's texts translate from another source word than the one it faces: "joue" for "scores"

	// The rulebook checker: a free-text rulebook against the game, and
	// against another language's rulebook.
	RulebookCount    Code = "G301" // a component count that disagrees with the game data
	RulebookParam    Code = "G302" // a rule parameter that disagrees with the game data
	RulebookName     Code = "G303" // a proper name spelled otherwise than the glossary's
	RulebookConcept  Code = "G304" // one race or people named where the rules name another
	SectionNumbers   Code = "G305" // numbers that differ between two rulebooks in one section
	SectionConcepts  Code = "G306" // game concepts that differ between two rulebooks in one section
	SectionAlignment Code = "G307" // a section of one rulebook with no counterpart in the other
	RulebookRule     Code = "G308" // a rule a rulebook states otherwise than the game's rules: negated, the other facing, another place
	RulebookOmission Code = "G309" // a sentence of the rules or of the other rulebook that a rulebook leaves out or cuts short
	HeadingNumber    Code = "G310" // a heading that numbers its section otherwise than the rules do

	// Printouts (reference sheets, reference cards, rulebooks).
	TextOverflow Code = "G401" // a text that does not fit its box on a printout, even at the smallest size
	Unprintable  Code = "G402" // a character the printouts' font has no glyph for
	UnknownIcon  Code = "G403" // a symbol name the printouts cannot draw

	// A printout the game has nothing for: not a text that does not fit.
	NothingToPrint Code = "G404" // a printout the game has nothing to put on

	// What prints but reads badly.
	LowContrast Code = "G405" // ink on a card face that does not stand out from its ground by WCAG AA's contrast

	// The rules language: a game's rules as data.
	RulesSyntax  Code = "G501" // a rules file that does not compile: bad syntax, a load, a name defined nowhere, a failing top level
	RulesName    Code = "G502" // rules that name what the game does not have: a zone, a variable, a parameter, a card, a message
	RulesShape   Code = "G503" // a declaration of the rules of the wrong shape, or a function they need that is missing
	RulesAction  Code = "G504" // an action without the function that makes it legal or the one that plays it, or without a name
	RulesUncited Code = "G505" // a rules function that cites no rulebook section
	RulesUncoded Code = "G506" // a rulebook section no rules function cites
	RulesRuling  Code = "G507" // a ruling the rules never name, or one they name that the game does not declare
)

// CodeInfo describes a code for documentation.
type CodeInfo struct {
	Code    Code
	Summary string
}

// Codes lists every code with a one-line summary, in code order.
func Codes() []CodeInfo {
	return []CodeInfo{
		{Syntax, "TOML that does not parse"},
		{UnknownKey, "a key the schema does not know"},
		{WrongType, "a value of the wrong TOML type"},
		{MissingKey, "a required key is absent"},
		{BadID, "an id that is not a lower-case identifier"},
		{UnknownEnum, "a value not among its enum's values"},
		{DuplicateID, "two definitions with one id"},
		{DanglingRef, "a reference to something not defined"},
		{TotalMismatch, "a declared total the data does not add up to"},
		{BadValue, "a value out of its allowed range"},
		{BadTree, "a games tree laid out wrongly"},
		{InputLimit, "TOML nested or keyed too deeply to parse safely"},
		{Palette, "two colours of an enum too close to tell apart, with normal or colour-blind vision"},
		{MissingMessage, "a message id absent from a locale"},
		{TemplateSyntax, "a message template that does not parse"},
		{TemplateField, "a template naming a field that does not exist"},
		{BadMessageFile, "a locale file that is not a go-i18n message file"},
		{PluralForms, "plural forms missing for the language's CLDR categories"},
		{ObsoleteMessage, "a message id no part of the game uses"},
		{BadLanguage, "a language tag the game does not declare or cannot parse"},
		{EmptyMessage, "a message with no text"},
		{Untranslated, "a translation identical to its source text, or a sentence of it in another language"},
		{Placeholders, "a placeholder of the source missing from a translation, or the reverse"},
		{NumberMismatch, "a number of the source that a translation changes, drops or adds"},
		{GlossaryTerm, "a game concept the translation drops or names with another concept's term"},
		{AmbiguousTerm, "one term used for two concepts in a language"},
		{ProperName, "a proper name changed in a translation"},
		{Unbalanced, "unbalanced brackets or quotes"},
		{DoubledWord, "a word written twice in a row"},
		{FrenchTypography, "French punctuation without the space before it"},
		{StaleTranslation, "a translation made from another source text than the current one"},
		{DataNumber, "a number in a text that disagrees with the game data"},
		{Spacing, "a doubled space, or a space before a comma or full stop: often a word dropped"},
		{Negation, "a sentence negated in the translation and not in the source, or the reverse"},
		{Modality, "\"must\" in one text where the other has \"can\""},
		{Facing, "face up in one text where the other has face down"},
		{Destination, "a card sent to another place than in the other text"},
		{Omission, "a sentence of the source with no translation"},
		{Addition, "a translated sentence with no source"},
		{ShortSentence, "a sentence far shorter than its source: a clause dropped"},
		{TemplateCost, "a message template that could run too long or print too much"},
		{Acknowledged, "an acknowledged translation difference that the checks no longer find"},
		{Contrast, "a word of direction, time, bound, degree or quantity turned into another of its group: left and right, at least and at most, each and one"},
		{Counted, "a number that counts another thing than in the source: \"3 players\" for \"3 cards\""},
		{WordReplaced, "a word the game's texts translate from another source word than the one it faces: \"joue\" for \"scores\""},
		{RulebookCount, "a component count that disagrees with the game data"},
		{RulebookParam, "a rule parameter that disagrees with the game data"},
		{RulebookName, "a proper name spelled otherwise than the glossary's"},
		{RulebookConcept, "one race or people named where the rules name another"},
		{SectionNumbers, "numbers that differ between two rulebooks in one section"},
		{SectionConcepts, "game concepts that differ between two rulebooks in one section"},
		{SectionAlignment, "a section of one rulebook with no counterpart in the other"},
		{RulebookRule, "a rule a rulebook states otherwise than the game's rules: negated, the other facing, another place"},
		{RulebookOmission, "a sentence of the rules or of the other rulebook that a rulebook leaves out or cuts short"},
		{HeadingNumber, "a heading that numbers its section otherwise than the rules do"},
		{TextOverflow, "a text that does not fit its box on a printout, even at the smallest size"},
		{Unprintable, "a character the printouts' font has no glyph for"},
		{UnknownIcon, "a symbol name the printouts cannot draw"},
		{NothingToPrint, "a printout the game has nothing to put on"},
		{LowContrast, "ink on a card face that does not stand out from its ground by WCAG AA's contrast"},
		{RulesSyntax, "a rules file that does not compile: bad syntax, a load, a name defined nowhere, a failing top level"},
		{RulesName, "rules that name what the game does not have: a zone, a variable, a parameter, a card, a message"},
		{RulesShape, "a declaration of the rules of the wrong shape, or a function they need that is missing"},
		{RulesAction, "an action without the function that makes it legal or the one that plays it, or without a name"},
		{RulesUncited, "a rules function that cites no rulebook section"},
		{RulesUncoded, "a rulebook section no rules function cites"},
		{RulesRuling, "a ruling the rules never name, or one they name that the game does not declare"},
	}
}

// Diagnostic is one finding at one position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Code     Code
	Message  string
	// Related points at the other side of the finding: the source text a
	// translation is checked against, the other rulebook's line. The text
	// format leaves it out, so Message quotes what matters of it.
	Related []Related
}

// Related is a place a diagnostic refers to besides its own position.
type Related struct {
	Pos Pos
	// Message says what is there, e.g. "the source (en) says “face up”".
	Message string
}

// compareRelated orders related locations by position, then message.
func compareRelated(a, b Related) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Col, b.Pos.Col),
		cmp.Compare(a.Message, b.Message),
	)
}

// compare orders diagnostics by file, line, column, code, message and
// related locations. Severity comes last: it is no part of the documented
// order, but every field that equal compares must break ties, or Sort could
// leave two exact repeats apart.
func compare(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Col, b.Pos.Col),
		cmp.Compare(a.Code, b.Code),
		cmp.Compare(a.Message, b.Message),
		slices.CompareFunc(a.Related, b.Related, compareRelated),
		cmp.Compare(a.Severity, b.Severity),
	)
}

// equal reports whether a and b are exact repeats; nil and empty Related
// are the same.
func equal(a, b Diagnostic) bool {
	return a.Pos == b.Pos && a.Severity == b.Severity && a.Code == b.Code &&
		a.Message == b.Message && slices.Equal(a.Related, b.Related)
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s [%s]", d.Pos, d.Severity, d.Message, d.Code)
}

// List collects diagnostics; the zero value is ready to use.
type List []Diagnostic

// Add appends d. It copies d.Related, so the caller may reuse its slice.
func (l *List) Add(d Diagnostic) {
	d.Related = slices.Clone(d.Related)
	*l = append(*l, d)
}

// Errorf adds an error.
func (l *List) Errorf(pos Pos, code Code, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Warnf adds a warning.
func (l *List) Warnf(pos Pos, code Code, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Warning, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Sort orders by file, line, column, then code, message and related
// locations, and drops exact repeats, so output is stable whatever order the
// checks ran in.
func (l List) Sort() List {
	slices.SortFunc(l, compare)
	return slices.CompactFunc(l, equal)
}

// Errors counts the diagnostics that are errors.
func (l List) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	return slices.ContainsFunc(l, func(d Diagnostic) bool { return d.Severity == Error })
}

// Err returns nil when the list holds no error, and the list otherwise.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return l
}

func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no diagnostics"
	case 1:
		return l[0].String()
	}
	return fmt.Sprintf("%s (and %d more)", l[0], len(l)-1)
}

// String prints one diagnostic a line.
func (l List) String() string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}
