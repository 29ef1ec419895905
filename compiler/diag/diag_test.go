package diag

import "testing"

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
