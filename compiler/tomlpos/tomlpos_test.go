package tomlpos

import "testing"

const doc = `# comment
[game]
id = "warlock"
players = { min = 3, max = 5 }

[[card]]
id = "a"
cost = ["giant", "human"]

[[card]]
id = "b" # trailing
text = """
line one
line two"""
cost = [
  "orc",   # first
  'gnome',
]

[card.meta]
note = 'x'

[rules.setup]
title = "Setup"

[[enum]]
id = "race"
  [[enum.value]]
  id = "giant"
  [[enum.value]]
  id = "wizard"
`

func TestIndex(t *testing.T) {
	x := New([]byte(doc))
	tests := []struct {
		path      string
		key, val  Pos
		wantFound bool
	}{
		{"game", Pos{2, 1}, Pos{2, 1}, true},
		{"game.id", Pos{3, 1}, Pos{3, 6}, true},
		{"game.players.max", Pos{4, 22}, Pos{4, 28}, true},
		{"card[0]", Pos{6, 1}, Pos{6, 1}, true},
		{"card[0].cost[1]", Pos{8, 18}, Pos{8, 18}, true},
		{"card[1].id", Pos{11, 1}, Pos{11, 6}, true},
		{"card[1].text", Pos{12, 1}, Pos{12, 8}, true},
		{"card[1].cost[0]", Pos{16, 3}, Pos{16, 3}, true},
		{"card[1].cost[1]", Pos{17, 3}, Pos{17, 3}, true},
		{"card[1].meta.note", Pos{21, 1}, Pos{21, 8}, true},
		{"rules", Pos{23, 1}, Pos{23, 1}, true},
		{"rules.setup.title", Pos{24, 1}, Pos{24, 9}, true},
		{"enum[0].value[1].id", Pos{31, 3}, Pos{31, 8}, true},
		{"card[2]", Pos{}, Pos{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			k, ok := x.Key(tt.path)
			if ok != tt.wantFound {
				t.Fatalf("Key(%q) found = %v; want %v", tt.path, ok, tt.wantFound)
			}
			v, _ := x.Value(tt.path)
			if k != tt.key || v != tt.val {
				t.Errorf("%s: key %v value %v; want key %v value %v", tt.path, k, v, tt.key, tt.val)
			}
		})
	}
}

func FuzzIndex(f *testing.F) {
	f.Add([]byte(doc))
	f.Add([]byte(`a = [[[[{`))
	f.Add([]byte(`"""`))
	f.Fuzz(func(t *testing.T, src []byte) {
		New(src) // must not panic or loop
	})
}
