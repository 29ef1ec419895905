package diag

import (
	"slices"
	"testing"
)

func TestList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("an empty list is an error")
	}
	l.Warnf(Pos{File: "b.toml", Line: 2, Col: 1}, UnknownKey, "w")
	if l.Err() != nil {
		t.Fatal("warnings alone are an error")
	}
	l.Errorf(Pos{File: "b.toml", Line: 1, Col: 5}, WrongType, "second")
	l.Errorf(Pos{File: "a.toml", Line: 9, Col: 1}, Syntax, "first")
	l.Errorf(Pos{File: "a.toml", Line: 9, Col: 1}, Syntax, "first") // a repeat
	l = l.Sort()
	want := "a.toml:9:1: error: first [G001]\n" +
		"b.toml:1:5: error: second [G003]\n" +
		"b.toml:2:1: warning: w [G002]\n"
	if got := l.String(); got != want {
		t.Errorf("sorted list:\n%s\nwant:\n%s", got, want)
	}
	if l.Err() == nil || l.Error() != "a.toml:9:1: error: first [G001] (and 2 more)" {
		t.Errorf("Error() = %q", l.Error())
	}
	if got := (Pos{File: "x"}).String(); got != "x" {
		t.Errorf("a whole-file position prints %q", got)
	}
}

func TestAdd(t *testing.T) {
	src := Pos{File: "locales/en.toml", Line: 4, Col: 9}
	tests := []struct {
		name string
		d    Diagnostic
	}{
		{"no related", Diagnostic{Pos: Pos{File: "a.toml", Line: 1, Col: 1}, Severity: Error, Code: Syntax, Message: "m"}},
		{"a warning", Diagnostic{Pos: Pos{File: "a.toml"}, Severity: Warning, Code: ObsoleteMessage, Message: "m"}},
		{"related", Diagnostic{
			Pos: Pos{File: "locales/fr.toml", Line: 4, Col: 9}, Severity: Warning, Code: GlossaryTerm, Message: "m",
			Related: []Related{{Pos: src, Message: "the source (en) says “face up”"}, {Message: "the game data"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l List
			l.Errorf(Pos{File: "first.toml"}, Syntax, "already there")
			l.Add(tt.d)
			if len(l) != 2 || l[0].Message != "already there" {
				t.Fatalf("Add did not append: %v", l)
			}
			if !equal(l[1], tt.d) {
				t.Errorf("Add stored %+v; want %+v", l[1], tt.d)
			}
			if got, want := l[1].String(), tt.d.String(); got != want {
				t.Errorf("String() = %q; want %q", got, want)
			}
			if len(tt.d.Related) > 0 {
				tt.d.Related[0].Message = "changed by the caller"
				if l[1].Related[0].Message == "changed by the caller" {
					t.Error("Add kept the caller's Related slice")
				}
			}
		})
	}
}

func TestSortRelated(t *testing.T) {
	at := Pos{File: "fr.md", Line: 3, Col: 1}
	d := func(related ...Related) Diagnostic {
		return Diagnostic{Pos: at, Severity: Warning, Code: SectionNumbers, Message: "5 here, 6 there", Related: related}
	}
	en := Related{Pos: Pos{File: "en.md", Line: 2, Col: 1}, Message: "the en rulebook says “6”"}
	de := Related{Pos: Pos{File: "de.md", Line: 7, Col: 1}, Message: "the de rulebook says “6”"}
	enLater := Related{Pos: Pos{File: "en.md", Line: 9, Col: 1}, Message: "the en rulebook says “6”"}
	enOther := Related{Pos: en.Pos, Message: "the en rulebook says “six”"}
	asError := d(en)
	asError.Severity = Error
	tests := []struct {
		name string
		in   List
		want List
	}{
		{"repeats with related drop", List{d(en), d(en), d(en)}, List{d(en)}},
		{"nil and empty related are repeats", List{d(), d([]Related{}...)}, List{d()}},
		{"no related sorts first", List{d(en), d()}, List{d(), d(en)}},
		{"related by file", List{d(en), d(de)}, List{d(de), d(en)}},
		{"related by line", List{d(enLater), d(en)}, List{d(en), d(enLater)}},
		{"related by message", List{d(enOther), d(en)}, List{d(en), d(enOther)}},
		{"fewer related first", List{d(de, en), d(de)}, List{d(de), d(de, en)}},
		{"related order counts", List{d(en, de), d(de, en), d(en, de)}, List{d(de, en), d(en, de)}},
		{"severity breaks ties", List{d(en), asError, d(en), asError}, List{d(en), asError}},
		{"related comes after message", List{
			{Pos: at, Code: SectionNumbers, Message: "b"},
			{Pos: at, Code: SectionNumbers, Message: "a", Related: []Related{enOther}},
		}, List{
			{Pos: at, Code: SectionNumbers, Message: "a", Related: []Related{enOther}},
			{Pos: at, Code: SectionNumbers, Message: "b"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := slices.Clone(tt.in).Sort()
			if !slices.EqualFunc(got, tt.want, equal) {
				t.Errorf("Sort() =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}
