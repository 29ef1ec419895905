package l10n

import (
	"testing"

	"github.com/grimoire-games/grimoire/compiler/model"
)

// goi18nHashes are hashes goi18n merge (go-i18n v2.7.0) wrote into its
// translate file for these source messages.
func goi18nHashes() []struct{ description, other, want string } {
	return []struct{ description, other, want string }{
		{"", "pass", "sha1-9d4e1e23bd5b727046a9e3b4b7db57bd8d6ee684"},
		{"Pass: make no bid in the auction.", "pass", "sha1-0ae3db71708da85387fbef8764d96fc11d551b69"},
		{"A card's name.", "{{.Count}} cards", "sha1-c6dcf28789b40443370d993eb085b6d74f1c80a5"},
		{"Qui dit « été » dit… ☀", "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich", "sha1-1bfc6f9fe57db2d5674584831147edb2df512931"},
		{"", "first line\nsecond line", "sha1-23b8ef7138171880109e10561011891313161424"},
		{"", "bid {{.Arg.Card}} for {{.Arg.Gold}} gold", "sha1-362882312a037ad611691e393d177b4024d89384"},
	}
}

func TestSourceHash(t *testing.T) {
	for _, tt := range goi18nHashes() {
		if got := SourceHash(tt.description, tt.other); got != tt.want {
			t.Errorf("SourceHash(%q, %q) = %s; want goi18n's %s", tt.description, tt.other, got, tt.want)
		}
	}
}

// TestMessageHash checks that a source message is hashed with the
// description its file gives, as goi18n reads it, and never with the
// declared doc shown in its place.
func TestMessageHash(t *testing.T) {
	tests := []struct {
		name string
		m    model.Message
		want string
	}{
		{"declared doc, no file description", model.Message{Description: "Pass: make no bid in the auction.", Forms: map[string]string{"other": "pass"}}, "sha1-9d4e1e23bd5b727046a9e3b4b7db57bd8d6ee684"},
		{"file description", model.Message{Description: "Pass: make no bid in the auction.", FileDescription: "Pass: make no bid in the auction.", Forms: map[string]string{"other": "pass"}}, "sha1-0ae3db71708da85387fbef8764d96fc11d551b69"},
		{"plural forms: other only", model.Message{Description: "A card's name.", FileDescription: "A card's name.", Forms: map[string]string{"one": "{{.Count}} card", "other": "{{.Count}} cards"}}, "sha1-c6dcf28789b40443370d993eb085b6d74f1c80a5"},
	}
	for _, tt := range tests {
		if got := MessageHash(&tt.m); got != tt.want {
			t.Errorf("%s: MessageHash = %s; want goi18n's %s", tt.name, got, tt.want)
		}
	}
}
