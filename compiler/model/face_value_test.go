package model

import "testing"

// TestRegionValue: a region shows its field's value, a list's N-th value
// with Item, or a map parameter's value at that key; a list too short or
// a key the map lacks is unset.
func TestRegionValue(t *testing.T) {
	people := &ValueType{Kind: EnumKind, Enum: "people"}
	typ := &Type{ID: "warrior", Fields: []*Field{
		{ID: "people", Type: people},
		{ID: "food", Type: &ValueType{Kind: List, Elem: &ValueType{Kind: Int}}},
	}}
	enemy := &Param{ID: "enemy", Type: &ValueType{Kind: Map, Key: people, Elem: people},
		Value: Value{Keys: []Value{{Str: "elf"}}, List: []Value{{Str: "troll"}}}}
	card := func(p string) *Card {
		return &Card{ID: p, Type: "warrior", Values: []FieldValue{
			{Field: "people", Set: true, Value: Value{Str: p}},
			{Field: "food", Set: true, Value: Value{List: []Value{{Int: 2}, {Int: 0}}}},
		}}
	}
	tests := []struct {
		name string
		r    Region
		card string
		want string
	}{
		{"field", Region{Field: "people"}, "elf", "elf"},
		{"item", Region{Field: "food", Item: 1}, "elf", "2"},
		{"zero item", Region{Field: "food", Item: 2}, "elf", "0"},
		{"past the list's end", Region{Field: "food", Item: 3}, "elf", "unset"},
		{"param", Region{Field: "people", Param: enemy}, "elf", "troll"},
		{"param without the key", Region{Field: "people", Param: enemy}, "dragon", "unset"},
		{"unknown field", Region{Field: "troop"}, "elf", "unset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vt, v, set := tt.r.Value(typ, card(tt.card))
			got := "unset"
			if set {
				got = vt.Format(v)
			}
			if got != tt.want {
				t.Errorf("Value(%s) = %s; want %s", tt.card, got, tt.want)
			}
		})
	}
}
