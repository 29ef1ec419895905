package rulebook

import (
	"strings"
	"testing"
)

func TestMentions(t *testing.T) {
	g := warlock(t)
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang, text, want string
	}{
		// Plural and inflected forms of the locales.
		{"fr", "25 géants (bleus), 15 nains (rouges)", "giant dwarf"},
		{"fr", "la cité de géants et les cités d’humains", "city giant city human"},
		{"fr", "les châteaux des joueurs", "castle player"},
		{"fr", "14 cartes ‘cités détruites", "card ruin"},
		{"fr", "posez la carte face cachée", "card face_down"},
		{"fr", "le bar de Hubba", "bar"},
		// OCR slips of one letter, but not words of the game's texts.
		{"fr", "dans la gedle de son chiteau", "dungeon castle"},
		{"en", "higher or lower than the bids", "bid"},
		{"en", "in the auctlon phase", "auction"},
		// German compounds.
		{"de", "Gnomstädte und die Riesenstadt", "gnome city giant city"},
		{"de", "die eben gespielte Koboldkarte", "goblin card"},
		{"de", "auf den Ablegstapel in Hubbas Bar", "discard_pile bar"},
		{"de", "5 Spielertableaus", "player_board"},
		// Multi-word forms, the longest first.
		{"en", "Hubba’s bar and the discard pile", "bar discard_pile"},
		{"en", "a face-down card", "face_down card"},
		{"en", "14 devastated city cards", "ruin card"},
		{"en", "5 player boards and the starting player", "player_board starting_player"},
		{"en", "15 reference cards", "type.reference"},
	}
	for _, tt := range tests {
		ix := newIndex(g, v, tt.lang)
		ts := tokenize(ix.lang, []bookLine{{text: tt.text}})
		ms, _ := ix.mentions(ts)
		var got []string
		for _, m := range ms {
			got = append(got, m.concept)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s %q: concepts %q, want %q", tt.lang, tt.text, strings.Join(got, " "), tt.want)
		}
	}
}

func TestConceptCounts(t *testing.T) {
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	ix := newIndex(warlock(t), v, "en")
	tests := []struct {
		id                        string
		count, designs, perPlayer int
	}{
		{"wizard", 25, 4, -1}, // goblins showing an extra wizard are goblins
		{"gnome", 15, 2, -1},
		{"creature", 120, 19, -1},
		{"dragon", 15, 1, -1},
		{"type.reference", 15, 3, 3},
		{"player_board", 5, 1, 1},
		{"bar", 1, 1, -1},
		{"dwarf", -1, 0, -1},
	}
	for _, tt := range tests {
		c := ix.concepts[tt.id]
		if c == nil {
			t.Errorf("no concept %s", tt.id)
			continue
		}
		if c.count != tt.count || c.designs != tt.designs || c.perPlayer != tt.perPlayer {
			t.Errorf("%s: count %d, designs %d, per player %d; want %d, %d, %d", tt.id, c.count, c.designs, c.perPlayer, tt.count, tt.designs, tt.perPlayer)
		}
	}
}

func TestVocab(t *testing.T) {
	v, err := loadLanguages()
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"en", "fr", "de"} {
		if _, ok := v.langs[tag]; !ok {
			t.Errorf("compiler/text knows no language %s", tag)
		}
	}
	g := warlock(t)
	ix := newIndex(g, v, "en")
	for _, gr := range g.Groups {
		for _, c := range gr.Terms {
			if ix.concepts[c] == nil {
				t.Errorf("group %s: concept %s is not in the glossary", gr.ID, c)
			}
		}
	}
}
