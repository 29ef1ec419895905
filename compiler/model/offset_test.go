package model

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grimoire-games/grimoire/compiler/diag"
)

// TestOffset goes back from every position At gives to its offset, in
// texts on one line and on several, and refuses positions outside them.
func TestOffset(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		multiline bool
	}{
		{"one line", "Pioche 2 cartes « ici ».", false},
		{"several lines", "Draw two cards.\nThen discard é one.\n\nLast line", true},
		{"empty lines", "\n\nx", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Message{ID: "m", Pos: diag.Pos{File: "f.toml", Line: 3, Col: 1},
				Forms: map[string]string{"other": tt.text},
				Text:  map[string]TextPos{"other": {Pos: diag.Pos{File: "f.toml", Line: 4, Col: 9}, Multiline: tt.multiline}}}
			for off := 0; off <= len(tt.text); off++ {
				if off < len(tt.text) && !utf8.RuneStart(tt.text[off]) {
					continue
				}
				p := chars(m.At("other", off), tt.text, off, tt.multiline)
				got, ok := m.Offset("other", p)
				if !ok || got != off {
					t.Errorf("Offset(At(%d) = %v) = %d, %v; want %d", off, p, got, ok, off)
				}
			}
			for _, p := range []diag.Pos{{Line: 3, Col: 1}, {Line: 4, Col: 9}, {Line: 40, Col: 1}, {Line: 5, Col: 400}} {
				if off, ok := m.Offset("other", p); ok {
					t.Errorf("Offset(%v) = %d, want none", p, off)
				}
			}
			if _, ok := m.Offset("one", chars(m.At("other", 0), tt.text, 0, tt.multiline)); ok {
				t.Error("a form the message lacks has an offset")
			}
		})
	}
}

// chars turns At's byte column into characters, as a load does.
func chars(p diag.Pos, text string, off int, multiline bool) diag.Pos {
	if multiline {
		line := text[strings.LastIndex(text[:off], "\n")+1 : off]
		p.Col = utf8.RuneCountInString(line) + 1
		return p
	}
	p.Col -= off - utf8.RuneCountInString(text[:off])
	return p
}
