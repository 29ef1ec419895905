package compiler

import (
	"strings"
)

// lost records what a game's data defines but could not load: a card whose
// type is unknown, a field whose type does not parse, a parameter with a
// bad type. Later checks say nothing about what is lost, since anything
// they found would only repeat the error that lost it: a card naming a
// lost enum's value, a locale message naming a lost card, a template
// reading a lost parameter.
type lost struct {
	// all is set when a data file did not parse: anything not found may
	// have been defined there.
	all bool
	// names holds "kind id", such as "card sunburst". A thing whose id is
	// bad, missing or defined twice could be meant as any: "kind" alone,
	// or "kind scope" for an enum's values and a type's fields.
	names map[string]bool
	// msgs and prefixes are the message ids of lost things ("card.x",
	// "rules.play."); data, the names of the template data (".Param.x",
	// or ".Param." for any).
	msgs     map[string]bool
	prefixes []string
	data     []string
}

func newLost() *lost {
	return &lost{names: map[string]bool{}, msgs: map[string]bool{}}
}

// The kinds of lost things; the first ones are also the kinds unique
// reports duplicates of.
const (
	lostVariant   = "variant"
	lostEnum      = "enum"
	lostType      = "type" // a card type
	lostCard      = "card" // a card that could not be kept
	lostComponent = "component"
	lostZone      = "zone"
	lostRuling    = "ruling"
	lostParam     = "param"
	lostTotal     = "total"
	lostSection   = "section"
	lostTerm      = "term"
	lostBlock     = "block"
	lostMessage   = "message"
	lostValue     = "value"    // "enum.value"
	lostField     = "field"    // "type.field"
	lostCardType  = "cardtype" // a card whose type is unknown: a reference to it may be right
	lostCopies    = "copies"   // a card whose copies are unknown
	lostCount     = "count"    // a component whose count is unknown
)

// add records a lost thing of a kind. A bad or empty id stands for any
// thing of the kind (of the enum or type, for a value or a field), except
// for the facts about one card, which are looked up by the id as written.
func (l *lost) add(kind, id string) {
	if kind == lostCardType || kind == lostCopies || kind == lostCount {
		if id != "" {
			l.names[kind+" "+id] = true
		}
		return
	}
	scope, own, scoped := strings.Cut(id, ".")
	if kind != lostValue && kind != lostField && kind != lostMessage {
		own, scoped = id, false
	}
	if kind == lostMessage && !validMessageID(id) || kind != lostMessage && !validID(own) {
		l.any(kind, scope, scoped)
		return
	}
	l.names[kind+" "+id] = true
	switch kind {
	case lostEnum:
		l.prefixes = append(l.prefixes, id+".")
	case lostValue, lostMessage:
		l.msgs[id] = true
	case lostType, lostCard, lostComponent, lostVariant, lostZone, lostRuling:
		l.msgs[kind+"."+id] = true
	case lostTerm:
		l.msgs["term."+id] = true
		l.msgs["forms."+id] = true
	case lostSection:
		l.prefixes = append(l.prefixes, "rules."+id+".")
	case lostBlock:
		l.prefixes = append(l.prefixes, "block."+id+".")
	}
	if name := dataName(kind); name != "" {
		l.data = append(l.data, name+id)
	}
}

// any records that some thing of a kind is lost, which one is unknown.
func (l *lost) any(kind, scope string, scoped bool) {
	if scoped {
		l.names[kind+" "+scope] = true
		if kind == lostValue {
			l.prefixes = append(l.prefixes, scope+".")
		}
		return
	}
	l.names[kind] = true
	switch kind {
	case lostEnum, lostMessage:
		l.prefixes = append(l.prefixes, "") // its messages could be any
	case lostSection:
		l.prefixes = append(l.prefixes, "rules.")
	case lostTerm:
		l.prefixes = append(l.prefixes, "term.", "forms.")
	case lostType, lostCard, lostComponent, lostVariant, lostBlock, lostZone, lostRuling:
		l.prefixes = append(l.prefixes, kind+".")
	}
	if name := dataName(kind); name != "" {
		l.data = append(l.data, name)
	}
}

// dataName is how templates read a thing of a kind: ".Param." and an id.
func dataName(kind string) string {
	switch kind {
	case lostParam, lostTotal, lostCard, lostComponent, lostVariant:
		return "." + strings.ToUpper(kind[:1]) + kind[1:] + "."
	}
	return ""
}

// addData records a name of the template data that is lost, such as
// ".Card.sunburst.suit".
func (l *lost) addData(name string) { l.data = append(l.data, name) }

// has reports whether a thing of a kind may be lost: it is, or a data file
// that did not parse may have defined it. Like every query of a lost, it
// answers false on nil: a scope made for one value (--set) loses nothing.
func (l *lost) has(kind, id string) bool { return l != nil && (l.all || l.is(kind, id)) }

// is reports whether a thing of a kind is lost, for things whose
// definition is known to be whole: the values of a known enum, a known
// card.
func (l *lost) is(kind, id string) bool {
	if l == nil {
		return false
	}
	if l.names[kind+" "+id] || l.names[kind] {
		return true
	}
	scope, _, scoped := strings.Cut(id, ".")
	return scoped && (kind == lostValue || kind == lostField) && l.names[kind+" "+scope]
}

// message reports whether a message id belongs to something lost.
func (l *lost) message(id string) bool {
	if l == nil {
		return false
	}
	if l.all || l.msgs[id] {
		return true
	}
	for _, p := range l.prefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// namedBy reports whether a template reads lost data: .Param.x for a lost
// parameter x, and so on. With a data file unparsed, any data may be lost.
func (l *lost) namedBy(text string) bool {
	if l == nil {
		return false
	}
	if l.all {
		return strings.Contains(text, "{{")
	}
	for _, name := range l.data {
		for i := 0; ; {
			j := strings.Index(text[i:], name)
			if j < 0 {
				break
			}
			end := i + j + len(name)
			if strings.HasSuffix(name, ".") || end == len(text) || !isIDByte(text[end]) {
				return true
			}
			i = end
		}
	}
	return false
}

func isIDByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
