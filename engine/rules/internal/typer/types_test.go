package typer

import "testing"

func TestJoin(t *testing.T) {
	for _, tc := range []struct{ a, b, want Type }{
		{Unknown, Int, Int},
		{Int, Unknown, Int},
		{Int, Int, Int},
		{Int, Float, Float},
		{Int, Str, Dyn},
		{None, Int, Opt{Int}},
		{Card, None, Opt{Card}},
		{Opt{Int}, Int, Opt{Int}},
		{Opt{Int}, None, Opt{Int}},
		{List{Card}, Zone, Seq{Card}},
		{Zone, Zone, Zone},
		{CardOf{"a,c"}, CardOf{"b"}, CardOf{"a,b,c"}},
		{CardOf{"a"}, Card, Card},
		{ZoneOf{"deck"}, ZoneOf{"hand"}, ZoneOf{"deck,hand"}},
		{List{Int}, List{Unknown}, List{Int}},
		{List{Int}, List{Str}, List{Dyn}},
		{Tuple{[]Type{Int, Str}}, Tuple{[]Type{Int, Str}}, Tuple{[]Type{Int, Str}}},
		{Tuple{[]Type{Int, Int}}, Tuple{[]Type{Int}}, Seq{Int}},
		{Tuple{[]Type{Int, Str}}, Tuple{[]Type{Int}}, Dyn},
		{Dict{Str, Unknown}, Dict{Str, Int}, Dict{Str, Int}},
		{Func{"a"}, Func{"b"}, Funcs{[]string{"a", "b"}}},
		{Funcs{[]string{"a", "c"}}, Func{"b"}, Funcs{[]string{"a", "b", "c"}}},
		{BySeat{Int}, BySeat{Int}, BySeat{Int}},
		{Zone, Int, Dyn},
	} {
		if got := Join(tc.a, tc.b); !Equal(got, tc.want) {
			t.Errorf("Join(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestIsDyn(t *testing.T) {
	for _, tc := range []struct {
		t    Type
		want bool
	}{
		{Int, false}, {Dyn, true}, {List{Dyn}, true}, {Opt{Card}, false},
		{Tuple{[]Type{Int, Dyn}}, true}, {Dict{Card, Int}, false}, {BySeat{Zone}, false},
	} {
		if got := IsDyn(tc.t); got != tc.want {
			t.Errorf("IsDyn(%v) = %v", tc.t, got)
		}
	}
}
