package model

import (
	"slices"
	"testing"
)

func TestRegionHolds(t *testing.T) {
	typ := &Type{ID: "creature", Fields: []*Field{
		{ID: "race", Type: &ValueType{Kind: EnumKind, Enum: "race"}},
		{ID: "gold", Type: &ValueType{Kind: Decimal}},
		{ID: "extra", Type: &ValueType{Kind: EnumKind, Enum: "race"}, Optional: true},
	}}
	goblin := &Card{ID: "goblin_1", Type: "creature", Values: []FieldValue{
		{Field: "race", Set: true, Value: Value{Str: "goblin"}},
		{Field: "gold", Set: true, Value: Value{Dec: 0.5}},
		{Field: "extra", Set: true, Value: Value{Str: "giant"}},
	}}
	human := &Card{ID: "human_1", Type: "creature", Values: []FieldValue{
		{Field: "race", Set: true, Value: Value{Str: "human"}},
		{Field: "gold", Set: true, Value: Value{Dec: 2}},
		{Field: "extra"},
	}}
	tests := []struct {
		name          string
		when          []Condition
		goblin, human bool
	}{
		{"no condition", nil, true, true},
		{"one value", []Condition{{Field: "race", Values: []string{"goblin"}}}, true, false},
		{"any of values", []Condition{{Field: "race", Values: []string{"human", "goblin"}}}, true, true},
		{"a decimal", []Condition{{Field: "gold", Values: []string{"0.5"}}}, true, false},
		{"every condition", []Condition{{Field: "race", Values: []string{"goblin"}}, {Field: "gold", Values: []string{"2"}}}, false, false},
		{"an unset field", []Condition{{Field: "extra", Values: []string{"giant"}}}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Region{When: tt.when}
			if got := r.Holds(typ, goblin); got != tt.goblin {
				t.Errorf("Holds(goblin) = %v; want %v", got, tt.goblin)
			}
			if got := r.Holds(typ, human); got != tt.human {
				t.Errorf("Holds(human) = %v; want %v", got, tt.human)
			}
		})
	}
}

func TestDeckLookups(t *testing.T) {
	d := &Deck{
		Faces: []*Face{{Type: "creature", Regions: []*Region{{Message: "face.extra"}, {Name: true}, {Message: "face.extra"}}}},
		Backs: []*Face{{Type: "creature", Back: true, Regions: []*Region{{Message: "game.name"}}}},
	}
	if d.Face("creature") == nil || d.Face("supply") != nil || d.Back("creature") == nil || d.Back("supply") != nil {
		t.Error("Face and Back find the wrong layouts")
	}
	if got, want := d.Messages(), []string{"face.extra", "game.name"}; !slices.Equal(got, want) {
		t.Errorf("Messages() = %v; want %v", got, want)
	}
}
