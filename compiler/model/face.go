package model

import (
	"slices"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// Deck is how a game's own cards are printed: their size, their bleed and
// the layouts of their fronts ([[face]]) and backs ([[back]]), one of each
// per card type at most. A card whose type has no face is not printed.
type Deck struct {
	Pos diag.Pos // the [deck] table, or the first [[face]]
	// W and H are the cards' trimmed size in mm: 63 × 88 unless [deck]
	// says otherwise.
	W, H float64
	// Bleed is how far in mm each card's ground reaches past its cut
	// lines: DefaultBleed unless [deck] says otherwise; 0 prints the cards
	// edge to edge, sharing their cuts.
	Bleed float64
	Faces []*Face // fronts, in the order declared
	Backs []*Face // backs, in the order declared
}

// Default card size, in mm: the poker size most card games use.
const (
	DefaultCardW = 63
	DefaultCardH = 88
)

// DefaultBleed is a deck's bleed in mm unless [deck] says otherwise:
// without it, a cut a little off shows a sliver of the next card.
const DefaultBleed = 3

// Face returns the layout of the fronts of the card type typ, or nil.
func (d *Deck) Face(typ string) *Face { return findFace(d.Faces, typ) }

// Back returns the layout of the backs of the card type typ, or nil.
func (d *Deck) Back(typ string) *Face { return findFace(d.Backs, typ) }

func findFace(fs []*Face, typ string) *Face {
	if fs == nil {
		return nil
	}
	for _, f := range fs {
		if f.Type == typ {
			return f
		}
	}
	return nil
}

// Face is the layout of one side of a card type's cards: regions drawn in
// the order declared, each over the ones before it.
type Face struct {
	Type    string
	Pos     diag.Pos
	Back    bool
	Ground  string // "#rrggbb": the card's colour under its regions; empty for the default
	Regions []*Region
}

// RegionKind is what a region draws.
type RegionKind int

const (
	TextRegion   RegionKind = iota + 1 // a field, the card's name or a message, wrapped
	NumberRegion                       // a number field, large, after an optional icon
	BandRegion                         // an enum field's colour across the region, with its icon
	IconsRegion                        // a list of enum values as a row of icons
	BoxRegion                          // a filled or outlined rectangle
	ImageRegion                        // a PNG or JPEG of the game's tree
)

// RegionKinds lists the kinds by their names in the data.
func RegionKinds() map[string]RegionKind {
	return map[string]RegionKind{"text": TextRegion, "number": NumberRegion, "band": BandRegion, "icons": IconsRegion, "box": BoxRegion, "image": ImageRegion}
}

func (k RegionKind) String() string {
	for name, v := range RegionKinds() {
		if v == k {
			return name
		}
	}
	return "invalid"
}

// Region is one part of a face, a rectangle in mm from the trimmed card's
// top left.
type Region struct {
	ID   string // names the region in diagnostics
	Pos  diag.Pos
	Kind RegionKind
	X, Y float64
	W, H float64
	// What it shows: a field of the card's type, the card's name, or a
	// message rendered with the card's fields as .Arg. Item, when above
	// 0, shows the list field's Item-th value (from 1) instead.
	Field   string
	Item    int
	Name    bool
	Message string
	// Param, when set, is a map parameter: the region shows its value at
	// the key that is the card's value of Field.
	Param *Param
	// Args are the fields the message prints, as it declares them: a
	// region whose card leaves one of them unset draws nothing.
	Args []string
	// Text: the largest and smallest sizes in points; a text shrinks until
	// it fits.
	Size, MinSize float64
	Align         string // "left", "center" or "right"
	Style         string // "regular", "bold" or "italic"
	Color         string // "#rrggbb": the ink, or a box's fill; empty for the default
	Line          string // "#rrggbb": a box's outline; empty for none
	Icon          string // a number's icon before it, or a box's icon in its middle
	// File is an image's path in the games tree, and Image its bytes.
	File  string
	Image []byte
	// When holds the conditions on the card's values that must all hold
	// for the region to be drawn.
	When []Condition
}

// Value is what the region shows of card c (t is c's type): the value of
// its field (or of the field's Item-th value), or the parameter's value at
// that key. set is false when the card leaves it unset: a list shorter
// than Item, or a key the parameter does not hold.
func (r *Region) Value(t *Type, c *Card) (vt *ValueType, v Value, set bool) {
	vt, v, _, set = r.value(t, c)
	return vt, v, set
}

// Reconstructed reports whether what the region shows of card c is
// reconstructed: the card's value of the field, or, for a region that
// shows a parameter, the parameter's entry at that value.
func (r *Region) Reconstructed(t *Type, c *Card) bool {
	if c.FieldReconstructed(r.Field) {
		return true
	}
	if r.Param == nil {
		return false
	}
	_, _, entry, set := r.value(t, c)
	return set && r.Param.EntryReconstructed(entry)
}

// value is Value with the index of the parameter's entry it shows (-1
// for a region that shows no parameter).
func (r *Region) value(t *Type, c *Card) (vt *ValueType, v Value, entry int, set bool) {
	f := t.Field(r.Field)
	if f == nil {
		return nil, Value{}, -1, false
	}
	v, set = c.Get(r.Field)
	vt = f.Type
	if !set {
		return vt, v, -1, false
	}
	if r.Item > 0 {
		if vt.Kind != List || r.Item > len(v.List) {
			return vt, Value{}, -1, false
		}
		vt, v = vt.Elem, v.List[r.Item-1]
	}
	if r.Param == nil {
		return vt, v, -1, true
	}
	pt := r.Param.Type
	for i, k := range r.Param.Value.Keys {
		if pt.Key.Format(k) == vt.Format(v) {
			return pt.Elem, r.Param.Value.List[i], i, true
		}
	}
	return pt.Elem, Value{}, -1, false
}

// Condition is a field of a card equal to one of some values, written as
// the field's type formats them. Item, when above 0, tests the list
// field's Item-th value instead (from 1), so that a layout can show a row
// of a list: a card whose list is shorter does not match.
type Condition struct {
	Field  string
	Item   int
	Values []string
	// Min, when set, holds instead of Values: the number is at least Min.
	Min *float64
}

// Holds reports whether card c meets every condition of r; t is c's type.
func (r *Region) Holds(t *Type, c *Card) bool {
	for _, w := range r.When {
		f := t.Field(w.Field)
		v, set := c.Get(w.Field)
		if f == nil || !set {
			return false
		}
		ft := f.Type
		if w.Item > 0 {
			if ft.Kind != List || w.Item > len(v.List) {
				return false
			}
			ft, v = ft.Elem, v.List[w.Item-1]
		}
		if w.Min != nil {
			n := float64(v.Int)
			if ft.Kind == Decimal {
				n = v.Dec
			}
			if (ft.Kind != Int && ft.Kind != Decimal) || n < *w.Min {
				return false
			}
			continue
		}
		s := ft.Format(v)
		ok := false
		for _, x := range w.Values {
			if x == s {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Messages returns the ids of the messages the faces and backs print
// besides the cards' names and their fields' values.
func (d *Deck) Messages() []string {
	var ids []string
	for _, f := range append(append([]*Face{}, d.Faces...), d.Backs...) {
		for _, r := range f.Regions {
			if r.Message != "" && !slices.Contains(ids, r.Message) {
				ids = append(ids, r.Message)
			}
		}
	}
	return ids
}

// IconNames are the symbols a game may name (an enum value's icon, a
// block's column heading, a card region's symbol), sorted: the printouts
// draw each of them, and no other.
func IconNames() []string {
	return []string{"any", "axe", "bow", "cards", "catapult", "chain", "club", "coin", "crown",
		"die1", "die2", "die3", "die4", "die5", "die6", "dragon", "flame", "hammer", "hat",
		"horse", "jester", "pickaxe", "plus", "races", "shield", "star", "sword"}
}
