package model

import "testing"

func TestRegionHoldsItem(t *testing.T) {
	ints := &ValueType{Kind: List, Elem: &ValueType{Kind: Int}}
	typ := &Type{ID: "creature", Fields: []*Field{
		{ID: "food", Type: ints},
		{ID: "kind", Type: &ValueType{Kind: EnumKind, Enum: "kind"}},
	}}
	list := func(xs ...int64) Value {
		v := Value{}
		for _, x := range xs {
			v.List = append(v.List, Value{Int: x})
		}
		return v
	}
	c := &Card{ID: "goblin_1", Type: "creature", Values: []FieldValue{
		{Field: "food", Set: true, Value: list(2, 0, 1)},
		{Field: "kind", Set: true, Value: Value{Str: "goblin"}},
	}}
	tests := []struct {
		name string
		when []Condition
		want bool
	}{
		{"first item", []Condition{{Field: "food", Item: 1, Values: []string{"2"}}}, true},
		{"first item, another value", []Condition{{Field: "food", Item: 1, Values: []string{"1"}}}, false},
		{"any of values", []Condition{{Field: "food", Item: 3, Values: []string{"1", "2"}}}, true},
		{"a zero", []Condition{{Field: "food", Item: 2, Values: []string{"0"}}}, true},
		{"past the list's end", []Condition{{Field: "food", Item: 4, Values: []string{"0"}}}, false},
		{"an item of a field that is no list", []Condition{{Field: "kind", Item: 1, Values: []string{"goblin"}}}, false},
		{"at least", []Condition{{Field: "food", Item: 1, Min: ptr(2)}}, true},
		{"below the least", []Condition{{Field: "food", Item: 3, Min: ptr(2)}}, false},
		{"at least, past the list's end", []Condition{{Field: "food", Item: 4, Min: ptr(0)}}, false},
		{"at least, not a number", []Condition{{Field: "kind", Min: ptr(0)}}, false},
		{"with a whole field", []Condition{{Field: "kind", Values: []string{"goblin"}}, {Field: "food", Item: 3, Values: []string{"1"}}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Region{When: tt.when}
			if got := r.Holds(typ, c); got != tt.want {
				t.Errorf("Holds(goblin_1) = %v; want %v", got, tt.want)
			}
		})
	}
}

func ptr(f float64) *float64 { return &f }
