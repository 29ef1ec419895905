package gogen

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grimoire-games/grimoire/compiler/l10n"
	"github.com/grimoire-games/grimoire/compiler/model"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Helpers that build model values by hand: the tests never read TOML.

func typ(s string) *model.ValueType {
	switch {
	case s == "int":
		return &model.ValueType{Kind: model.Int}
	case s == "decimal":
		return &model.ValueType{Kind: model.Decimal}
	case s == "string":
		return &model.ValueType{Kind: model.String}
	case s == "bool":
		return &model.ValueType{Kind: model.Bool}
	case strings.HasPrefix(s, "enum:"):
		return &model.ValueType{Kind: model.EnumKind, Enum: s[5:]}
	case strings.HasPrefix(s, "ref:"):
		return &model.ValueType{Kind: model.Ref, Ref: s[4:]}
	case strings.HasPrefix(s, "list<"):
		return &model.ValueType{Kind: model.List, Elem: typ(s[5 : len(s)-1])}
	case strings.HasPrefix(s, "map<"):
		k, v, _ := strings.Cut(s[4:len(s)-1], ",")
		return &model.ValueType{Kind: model.Map, Key: typ(k), Elem: typ(v)}
	}
	panic("bad type " + s)
}

func vInt(i int64) model.Value   { return model.Value{Int: i} }
func vDec(f float64) model.Value { return model.Value{Dec: f} }
func vStr(s string) model.Value  { return model.Value{Str: s} }
func vBool(b bool) model.Value   { return model.Value{Bool: b} }
func vList(vs ...model.Value) model.Value {
	return model.Value{List: append([]model.Value{}, vs...)}
}

func vStrs(ss ...string) model.Value {
	v := model.Value{List: []model.Value{}}
	for _, s := range ss {
		v.List = append(v.List, vStr(s))
	}
	return v
}

// vMap takes keys and values alternately.
func vMap(kv ...model.Value) model.Value {
	var v model.Value
	for i := 0; i < len(kv); i += 2 {
		v.Keys = append(v.Keys, kv[i])
		v.List = append(v.List, kv[i+1])
	}
	return v
}

func set(field string, v model.Value) model.FieldValue {
	return model.FieldValue{Field: field, Set: true, Value: v}
}

func unset(field string) model.FieldValue { return model.FieldValue{Field: field} }

func card(id, tp string, copies int, values ...model.FieldValue) *model.Card {
	return &model.Card{ID: id, Type: tp, Copies: copies, Values: values, Message: "card." + id}
}

// forms takes plural categories and texts alternately.
func msg(id string, forms ...string) *model.Message {
	m := &model.Message{ID: id, Forms: map[string]string{}}
	for i := 0; i < len(forms); i += 2 {
		m.Forms[forms[i]] = forms[i+1]
	}
	return m
}

func locale(lang string, cats []string, msgs ...*model.Message) *model.Locale {
	slices.SortFunc(msgs, func(a, b *model.Message) int { return strings.Compare(a.ID, b.ID) })
	return &model.Locale{Lang: lang, File: "locales/" + lang + ".toml", Messages: msgs, PluralCategories: cats}
}

// en2 and pl4 give English and Polish names their plural forms.
func en2(id, one, other string) *model.Message { return msg(id, "one", one, "other", other) }

func pl4(id, one, few, many, other string) *model.Message {
	return msg(id, "one", one, "few", few, "many", many, "other", other)
}

// tinyGame has every kind of part: enums with and without colors and icons,
// a card type with every field kind (optional ones, a wildcard list, refs,
// maps), components, params of every kind, totals, a variant with a card
// and a total of its own, and English and Polish names (Polish has four
// plural forms; one name is a proper name with a single form, one lacks a
// form, one renders a parameter).
func tinyGame() *model.Game {
	return &model.Game{
		ID:         "tiny-quest",
		Players:    model.Range{Min: 2, Max: 4},
		SourceLang: "en",
		Languages:  []string{"en", "pl"},
		SourceHash: "0123456789abcdef",
		Enums: []*model.Enum{
			{ID: "element", Values: []*model.EnumValue{
				{ID: "fire", Color: "#ff4500", Icon: "flame", Message: "element.fire"},
				{ID: "water", Color: "#1e90ff", Icon: "drop", Message: "element.water"},
				{ID: "earth", Message: "element.earth"},
			}},
			{ID: "rank", Values: []*model.EnumValue{
				{ID: "low", Message: "rank.low"},
				{ID: "high", Message: "rank.high"},
			}},
		},
		Types: []*model.Type{
			{ID: "item", Doc: "Gear a hero carries.", Message: "type.item", Fields: []*model.Field{
				{ID: "weight", Type: typ("int"), Doc: "Weight in stones."},
				{ID: "holy", Type: typ("bool")},
			}},
			{ID: "hero", Doc: "A hero who goes questing.", Message: "type.hero", Fields: []*model.Field{
				{ID: "element", Type: typ("enum:element")},
				{ID: "power", Type: typ("int"), Doc: "Strength in a fight."},
				{ID: "speed", Type: typ("decimal")},
				{ID: "bonus", Type: typ("decimal"), Optional: true, Doc: "Extra speed on roads."},
				{ID: "title", Type: typ("string")},
				{ID: "flying", Type: typ("bool")},
				{ID: "cost", Type: typ("list<enum:element>"), Wildcard: "any", Doc: "Elements paid to recruit the hero; \"any\" is any element."},
				{ID: "gear", Type: typ("ref:item")},
				{ID: "mentor", Type: typ("ref:hero"), Optional: true},
				{ID: "tags", Type: typ("list<string>")},
				{ID: "rank", Type: typ("enum:rank"), Optional: true},
				{ID: "rank_bonus", Type: typ("map<enum:rank,int>")},
				{ID: "levels", Type: typ("map<int,decimal>"), Optional: true},
				{ID: "nickname", Type: typ("string"), Optional: true},
				{ID: "age", Type: typ("int"), Optional: true},
				{ID: "cursed", Type: typ("bool"), Optional: true},
				{ID: "allies", Type: typ("list<ref:hero>"), Optional: true},
			}},
		},
		Cards: []*model.Card{
			card("sword", "item", 2, set("weight", vInt(3)), set("holy", vBool(false))),
			card("grail", "item", 1, set("weight", vInt(1)), set("holy", vBool(true))),
			{
				ID: "knight_1", Type: "hero", Copies: 3, Message: "card.knight_1",
				Values: []model.FieldValue{
					set("element", vStr("fire")), set("power", vInt(5)), set("speed", vDec(1.5)),
					set("bonus", vDec(0.5)), set("title", vStr(`Sir "Brave"`)), set("flying", vBool(false)),
					set("cost", vStrs("water", "any")), set("gear", vStr("sword")), unset("mentor"),
					set("tags", vStrs("brave", "loyal")), set("rank", vStr("high")),
					set("rank_bonus", vMap(vStr("low"), vInt(1), vStr("high"), vInt(2))),
					set("levels", vMap(vInt(1), vDec(0.5), vInt(2), vDec(1))),
					unset("nickname"), set("age", vInt(30)), set("cursed", vBool(false)),
					set("allies", vStrs("mage")),
				},
				Reconstructed: []string{"speed", "tags"},
			},
			card("mage", "hero", 1,
				set("element", vStr("water")), set("power", vInt(2)), set("speed", vDec(2)),
				unset("bonus"), set("title", vStr("Archmage")), set("flying", vBool(true)),
				set("cost", vStrs()), set("gear", vStr("grail")), set("mentor", vStr("knight_1")),
				set("tags", vStrs()), unset("rank"), set("rank_bonus", vMap(vStr("high"), vInt(3))),
				unset("levels"), set("nickname", vStr("Merl")), unset("age"), unset("cursed"), unset("allies")),
			card("golem", "hero", 1,
				set("element", vStr("earth")), set("power", vInt(9)), set("speed", vDec(0.25)),
				unset("bonus"), set("title", vStr("")), set("flying", vBool(false)),
				set("cost", vStrs("any", "any", "earth")), set("gear", vStr("sword")), unset("mentor"),
				set("tags", vStrs("slow")), set("rank", vStr("low")), set("rank_bonus", vMap()),
				unset("levels"), unset("nickname"), unset("age"), unset("cursed"), unset("allies")),
			{
				ID: "thief", Type: "hero", Copies: 2, Message: "card.thief", Variant: "night_raid",
				Values: []model.FieldValue{
					set("element", vStr("water")), set("power", vInt(3)), set("speed", vDec(3)),
					unset("bonus"), set("title", vStr("Shade")), set("flying", vBool(false)),
					set("cost", vStrs("any")), set("gear", vStr("sword")), set("mentor", vStr("mage")),
					set("tags", vStrs("sneaky")), unset("rank"), set("rank_bonus", vMap()),
					unset("levels"), unset("nickname"), unset("age"), unset("cursed"), unset("allies"),
				},
			},
		},
		Variants: []*model.Variant{
			{ID: "night_raid", Players: model.Range{Min: 2, Max: 6}, Doc: "Thieves join the heroes, and up to six play.", Message: "variant.night_raid"},
		},
		Components: []*model.Component{
			{ID: "board", Kind: "board", Count: 1, Doc: "The map of the realm.", Message: "component.board"},
			{ID: "die", Kind: "die", Count: 2, Faces: 6, Message: "component.die"},
		},
		Params: []*model.Param{
			{ID: "rounds", Type: typ("int"), Value: vInt(5), Doc: "Rounds in a game."},
			{ID: "tax", Type: typ("decimal"), Value: vDec(0.25), Doc: "Share of gold paid at the gate."},
			{ID: "motto", Type: typ("string"), Value: vStr("Onward")},
			{ID: "hard_mode", Type: typ("bool"), Value: vBool(false), Doc: "Whether monsters heal."},
			{ID: "start_element", Type: typ("enum:element"), Value: vStr("fire")},
			{ID: "first_gear", Type: typ("ref:item"), Value: vStr("sword")},
			{ID: "scores", Type: typ("list<int>"), Value: vList(vInt(1), vInt(3), vInt(6))},
			{ID: "factors", Type: typ("list<decimal>"), Value: vList(vDec(0.5), vDec(1))},
			{ID: "order", Type: typ("list<enum:element>"), Value: vStrs("earth", "fire")},
			{ID: "element_bonus", Type: typ("map<enum:element,int>"), Value: vMap(vStr("fire"), vInt(2), vStr("water"), vInt(1), vStr("earth"), vInt(0))},
			{ID: "set_bonus", Type: typ("map<int,int>"), Value: vMap(vInt(2), vInt(1), vInt(3), vInt(4)), Doc: "Bonus by the number of heroes of one element."},
			{ID: "rank_title", Type: typ("map<enum:rank,string>"), Value: vMap(vStr("low"), vStr("squire"), vStr("high"), vStr("lord"))},
		},
		Totals: []*model.Total{
			{ID: "heroes", Type: "hero", Count: 5},
			{ID: "fire_heroes", Type: "hero", Field: "element", Equals: vStr("fire"), Count: 3},
			{ID: "holy_items", Type: "item", Field: "holy", Equals: vBool(true), Count: 1},
			{ID: "thieves", Type: "hero", Variant: "night_raid", Count: 2},
		},
		Locales: []*model.Locale{
			locale("en", []string{"one", "other"},
				msg("game.name", "other", "Tiny Quest"),
				en2("element.fire", "fire", "fires"),
				en2("element.water", "water", "waters"),
				en2("element.earth", "earth", "earths"),
				en2("rank.low", "low rank", "low ranks"),
				en2("rank.high", "high rank", "high ranks"),
				en2("type.item", "item", "items"),
				en2("type.hero", "hero", "heroes"),
				en2("card.sword", "sword", "swords"),
				msg("card.grail", "other", "the Holy Grail"),
				en2("card.knight_1", "knight", "knights"),
				en2("card.mage", "mage of {{.Param.motto}}", "mages of {{.Param.motto}}"),
				en2("card.golem", "golem", "golems"),
				en2("card.thief", "thief", "thieves"),
				msg("variant.night_raid", "other", "Night raid"),
				en2("component.board", "board", "boards"),
				en2("component.die", "die", "dice"),
			),
			locale("pl", []string{"one", "few", "many", "other"},
				msg("game.name", "other", "Mała wyprawa"),
				pl4("element.fire", "ogień", "ognie", "ogni", "ognia"),
				pl4("element.water", "woda", "wody", "wód", "wody"),
				pl4("element.earth", "ziemia", "ziemie", "ziem", "ziemi"),
				pl4("rank.low", "niska ranga", "niskie rangi", "niskich rang", "niskiej rangi"),
				pl4("rank.high", "wysoka ranga", "wysokie rangi", "wysokich rang", "wysokiej rangi"),
				pl4("type.item", "przedmiot", "przedmioty", "przedmiotów", "przedmiotu"),
				pl4("type.hero", "bohater", "bohaterowie", "bohaterów", "bohatera"),
				pl4("card.sword", "miecz", "miecze", "mieczy", "miecza"),
				msg("card.grail", "other", "Święty Graal"),
				pl4("card.knight_1", "rycerz", "rycerze", "rycerzy", "rycerza"),
				msg("card.mage", "one", "mag", "few", "magowie", "other", "maga"), // no "many": falls back to "other"
				pl4("card.golem", "golem", "golemy", "golemów", "golema"),
				pl4("card.thief", "złodziej", "złodzieje", "złodziei", "złodzieja"),
				msg("variant.night_raid", "other", "Nocny najazd"),
				pl4("component.board", "plansza", "plansze", "plansz", "planszy"),
				pl4("component.die", "kość", "kości", "kości", "kości"),
			),
		},
	}
}

// bareGame has the least a game can have: one card type without fields,
// one card, no enums, components, params or totals, and languages whose
// plural rules differ from English: Japanese (a single form) and French
// ("many" for millions).
func bareGame() *model.Game {
	return &model.Game{
		ID:         "bare",
		Players:    model.Range{Min: 1, Max: 1},
		SourceLang: "ja",
		Languages:  []string{"ja", "fr"},
		Types:      []*model.Type{{ID: "note", Message: "type.note"}},
		Cards:      []*model.Card{card("memo", "note", 1)},
		Locales: []*model.Locale{
			locale("ja", []string{"other"}, msg("type.note", "other", "メモ類"), msg("card.memo", "other", "メモ")),
			locale("fr", []string{"one", "many", "other"},
				msg("type.note", "one", "note", "many", "notes", "other", "notes"),
				msg("card.memo", "one", "mémo", "many", "millions de mémos", "other", "mémos")),
		},
	}
}

func cases() []struct {
	name string
	game func() *model.Game
} {
	return []struct {
		name string
		game func() *model.Game
	}{
		{"tiny", tinyGame},
		{"bare", bareGame},
	}
}

func TestGolden(t *testing.T) {
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			files, err := Generate(c.game(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join("testdata", c.name)
			if *update {
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				writeFiles(t, dir, files)
				return
			}
			var want []string
			err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(dir, p)
					want = append(want, filepath.ToSlash(rel))
				}
				return err
			})
			if err != nil {
				t.Fatalf("%v (run go test -update to write the golden files)", err)
			}
			var got []string
			for _, f := range files {
				got = append(got, f.Path)
				golden, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
				if err != nil {
					t.Errorf("%v (run go test -update)", err)
					continue
				}
				if !bytes.Equal(f.Content, golden) {
					t.Errorf("%s differs from its golden file (run go test -update and review the diff):\n%s", f.Path, firstDiff(string(golden), string(f.Content)))
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("generated files %v; golden files %v", got, want)
			}
		})
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  got  %q\n  want %q", i+1, g, w)
		}
	}
	return "(no line differs)"
}

func writeFiles(t *testing.T, dir string, files []File) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFiles(t *testing.T) {
	files, err := Generate(tinyGame(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
		if !bytes.HasPrefix(f.Content, []byte(Marker+"\n")) {
			t.Errorf("%s does not start with the marker line", f.Path)
		}
		if !bytes.Contains(f.Content, []byte("\npackage tinyquest\n")) {
			t.Errorf("%s is not in package tinyquest", f.Path)
		}
	}
	want := []string{"gen/tiny-quest/game.go", "gen/tiny-quest/enums.go", "gen/tiny-quest/cards.go", "gen/tiny-quest/components.go", "gen/tiny-quest/params.go", "gen/tiny-quest/names.go", "gen/tiny-quest/messages.go"}
	if !slices.Equal(paths, want) {
		t.Errorf("paths = %v; want %v", paths, want)
	}
	if d := Dir(tinyGame()); d != "gen/tiny-quest" {
		t.Errorf("Dir = %q; want gen/tiny-quest", d)
	}
	custom, err := Generate(tinyGame(), Options{ImportPath: "example.com/games/gen"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(custom[0].Content, []byte("example.com/games/gen/tiny-quest")) {
		t.Errorf("game.go does not name the import path of Options.ImportPath")
	}
}

func TestDeterministic(t *testing.T) {
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			a, err := Generate(c.game(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			for run := 0; run < 5; run++ {
				b, err := Generate(c.game(), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if len(a) != len(b) {
					t.Fatalf("run %d: %d files; first run %d", run, len(b), len(a))
				}
				for i := range a {
					if a[i].Path != b[i].Path || !bytes.Equal(a[i].Content, b[i].Content) {
						t.Errorf("run %d: %s differs from the first run", run, b[i].Path)
					}
				}
			}
		})
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(g *model.Game)
		want   string
	}{
		{"enum named like Card", func(g *model.Game) {
			g.Enums = append(g.Enums, &model.Enum{ID: "card", Values: []*model.EnumValue{{ID: "x", Message: "card.x"}}})
		}, "both give the Go name Card;"},
		{"type named like an enum", func(g *model.Game) {
			g.Types = append(g.Types, &model.Type{ID: "rank", Message: "type.rank"})
		}, "enum rank and card type rank both give the Go name Rank"},
		{"fields with one Go name", func(g *model.Game) {
			g.Types[0].Fields = append(g.Types[0].Fields, &model.Field{ID: "w_1", Type: typ("int")}, &model.Field{ID: "w1", Type: typ("int")})
		}, "type item: two fields give the Go name W1"},
		{"game id without letters", func(g *model.Game) { g.ID = "1-2" }, `game id "1-2" gives no usable Go package name`},
		{"game id that is a keyword", func(g *model.Game) { g.ID = "go-to" }, `gives no usable Go package name ("goto")`},
		{"no languages", func(g *model.Game) { g.Languages = nil }, "the game has no languages"},
		{"source language not declared", func(g *model.Game) { g.SourceLang = "de" }, `source language "de" is not among the languages en, pl`},
		{"unknown enum value", func(g *model.Game) {
			g.Cards[2].Values[0] = set("element", vStr("purple"))
		}, `card knight_1: field element: "purple" is not a value of enum element`},
		{"reference to a card of another type", func(g *model.Game) {
			g.Cards[2].Values[7] = set("gear", vStr("mage"))
		}, `card knight_1: field gear: no item card has id "mage"`},
		{"missing required value", func(g *model.Game) {
			g.Cards[0].Values = g.Cards[0].Values[:1]
		}, "card sword has no value for the field holy"},
		{"unknown card type", func(g *model.Game) { g.Cards[0].Type = "weapon" }, `card sword has the unknown type "weapon"`},
		{"wildcard that is a value", func(g *model.Game) { g.Types[1].Fields[6].Wildcard = "fire" }, `wildcard "fire" is already a value of enum element`},
		{"name with a count", func(g *model.Game) {
			g.Locales[1].Message("card.golem").Forms["few"] = "{{.Count}} golemy"
		}, "name card.golem (pl, few) uses .Count"},
		{"missing name", func(g *model.Game) {
			l := g.Locales[1]
			l.Messages = slices.DeleteFunc(l.Messages, func(m *model.Message) bool { return m.ID == "component.die" })
		}, "name component.die is missing in the pl locale"},
		{"missing locale", func(g *model.Game) { g.Locales = g.Locales[:1] }, "the game has no pl locale"},
		{"param map with a key twice", func(g *model.Game) {
			g.Params[10].Value = vMap(vInt(2), vInt(1), vInt(2), vInt(4))
		}, "param set_bonus: map has the key 2 twice"},
		{"decimal that is not finite", func(g *model.Game) { g.Params[1].Value = vDec(math.Inf(1)) }, "param tax: +Inf is not a finite number"},
		{"unknown enum in a param type", func(g *model.Game) { g.Params[4].Type = typ("enum:colour") }, `param start_element: unknown enum "colour"`},
		{"type named like Variant", func(g *model.Game) {
			g.Types = append(g.Types, &model.Type{ID: "variant", Message: "type.variant"})
		}, "the generated Variant and card type variant both give the Go name Variant"},
		{"card of an unknown variant", func(g *model.Game) { g.Cards[5].Variant = "day_raid" }, `card thief: no variant "day_raid"`},
		{"missing variant name", func(g *model.Game) {
			l := g.Locales[1]
			l.Messages = slices.DeleteFunc(l.Messages, func(m *model.Message) bool { return m.ID == "variant.night_raid" })
		}, "name variant.night_raid is missing in the pl locale"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tinyGame()
			tt.change(g)
			_, err := Generate(g, Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Generate error = %v; want one containing %q", err, tt.want)
			}
		})
	}
}

func TestNaming(t *testing.T) {
	tests := []struct {
		fn, in, got, want string
	}{
		{"camel", "giant_1", camel("giant_1"), "Giant1"},
		{"camel", "supply_kind", camel("supply_kind"), "SupplyKind"},
		{"camel", "card_id", camel("card_id"), "CardID"},
		{"camel", "pt-BR", camel("pt-BR"), "PtBR"},
		{"lowerCamel", "supply_kind", lowerCamel("supply_kind"), "supplyKind"},
		{"plural", "Race", plural("Race"), "Races"},
		{"plural", "Class", plural("Class"), "Classes"},
		{"plural", "Ally", plural("Ally"), "Allies"},
		{"plural", "Day", plural("Day"), "Days"},
		{"plural", "CardID", plural("CardID"), "CardIDs"},
		{"floatLit", "2", floatLit(2), "2.0"},
		{"floatLit", "0.5", floatLit(0.5), "0.5"},
		{"floatLit", "-3", floatLit(-3), "-3.0"},
		{"floatLit", "1e21", floatLit(1e21), "1e+21"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s(%q) = %q; want %q", tt.fn, tt.in, tt.got, tt.want)
		}
	}
	for _, tt := range []struct{ id, want string }{
		{"warlock", "warlock"},
		{"bellum-magica", "bellummagica"},
		{"Tiny_Quest2", "tinyquest"},
	} {
		if got, err := PackageName(tt.id); err != nil || got != tt.want {
			t.Errorf("PackageName(%q) = %q, %v; want %q", tt.id, got, err, tt.want)
		}
	}
}

// TestCompiles writes each generated package into a module of its own,
// with a test that checks the tables and every localized name against
// compiler/l10n, then runs go vet and go test there.
func TestCompiles(t *testing.T) {
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			g := c.game()
			extra := map[string]string{}
			if c.name == "tiny" {
				extra["tables_test.go"] = tinyTablesTest
			}
			buildGenerated(t, g, extra)
		})
	}
}

// buildGenerated generates g into a temporary module example.com/x, adds a
// names test and the extra test files (name → source, in package
// <pkg>_test importing the package as "game"), and runs go vet and go test.
func buildGenerated(t *testing.T, g *model.Game, extra map[string]string) {
	t.Helper()
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to build generated code: %v", err)
	}
	files, err := Generate(g, Options{ImportPath: "example.com/x/gen"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, files)
	// The generated package imports msgtmpl from this module, as a game
	// generated elsewhere does from the module it requires: here, this
	// very tree, with its go.sum for the modules msgtmpl needs.
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/x\n\ngo 1.22\n\nrequire github.com/grimoire-games/grimoire v0.0.0\n\nreplace github.com/grimoire-games/grimoire => " + strconv.Quote(filepath.ToSlash(root)) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	pkg, err := PackageName(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{"names_test.go": namesTest(t, g)}
	for name, src := range extra {
		tests[name] = src
	}
	gameDir := filepath.Join(dir, "gen", g.ID)
	for name, src := range tests {
		src = strings.ReplaceAll(src, "PKG", pkg)
		src = strings.ReplaceAll(src, "IMPORT", "example.com/x/gen/"+g.ID)
		if err := os.WriteFile(filepath.Join(gameDir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "./..."}} {
		cmd := exec.Command(gotool, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// namesTest writes a test that compares the generated Name of every named
// value, in every language and for many counts, with what compiler/l10n
// renders: so the plural table and the stored forms agree with go-i18n.
func namesTest(t *testing.T, g *model.Game) string {
	t.Helper()
	type named struct{ expr, msg string }
	var all []named
	for _, e := range g.Enums {
		for _, v := range e.Values {
			all = append(all, named{"game." + camel(e.ID) + camel(v.ID), v.Message})
		}
	}
	for _, tp := range g.Types {
		all = append(all, named{"game.CardType" + camel(tp.ID), tp.Message})
	}
	for _, c := range g.Cards {
		all = append(all, named{"game.Card" + camel(c.ID), c.Message})
	}
	for _, c := range g.Components {
		all = append(all, named{"game.Component" + camel(c.ID), c.Message})
	}
	few := []int{0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 102, 112, 1000000, -1, -2}
	many := slices.Concat(countRange(260), []int{1000, 1001, 1002, 1005, 1011, 1012, 1022, 1100, 1111, 1000000, 2000000, 2000002, 3000001, 1000022, 12345678, -5, -22})
	var b strings.Builder
	b.WriteString("package PKG_test\n\nimport (\n\t\"testing\"\n\n\tgame \"IMPORT\"\n)\n\n")
	b.WriteString("func TestNames(t *testing.T) {\n\ttests := []struct {\n\t\tname  string\n\t\tgot   func(game.Lang, int) string\n\t\tlang  game.Lang\n\t\tcount int\n\t\twant  string\n\t}{\n")
	for _, lang := range g.Languages {
		lz, err := l10n.New(g, lang)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range all {
			counts := few
			if i == len(all)-1 {
				counts = many // the last one over a wide range of counts
			}
			for _, count := range counts {
				// A missing form falls back to "other": l10n returns that
				// text with an error, and so should Name.
				want, _ := lz.Count(n.msg, count)
				if want == "" {
					t.Fatalf("l10n renders nothing for %s in %s, count %d", n.msg, lang, count)
				}
				fmt.Fprintf(&b, "\t\t{%q, %s.Name, game.Lang%s, %d, %s},\n", n.expr, n.expr, strings.ToUpper(camel(lang)), count, strconv.Quote(want))
			}
		}
	}
	b.WriteString("\t}\n\tfor _, tt := range tests {\n\t\tif got := tt.got(tt.lang, tt.count); got != tt.want {\n")
	b.WriteString("\t\t\tt.Errorf(\"%s.Name(%v, %d) = %q; want %q\", tt.name, tt.lang, tt.count, got, tt.want)\n\t\t}\n\t}\n}\n")
	return b.String()
}

// tinyTablesTest uses the generated tables of tinyGame as an engine would.
const tinyTablesTest = `package PKG_test

import (
	"slices"
	"testing"

	game "IMPORT"
)

func TestEnums(t *testing.T) {
	strs := []struct{ got, want string }{
		{game.ElementFire.String(), "fire"},
		{game.RankHigh.String(), "high"},
		{game.HeroCostAny.String(), "any"},
		{game.Element(0).String(), "Element(0)"},
		{game.Element(9).String(), "Element(9)"},
		{game.ElementFire.Color(), "#ff4500"},
		{game.ElementEarth.Color(), ""},
		{game.HeroCostAny.Color(), ""},
		{game.ElementWater.Icon(), "drop"},
		{game.HeroCostAny.Name(game.LangEN, 1), "any"},
		{game.CardTypeHero.String(), "hero"},
		{game.CardKnight1.String(), "knight_1"},
		{game.ComponentDie.String(), "die"},
		{game.LangPL.String(), "pl"},
		{game.CardID(0).String(), "CardID(0)"},
		{game.CardMage.Name(0, 1), "mage of Onward"},
		{game.CardMage.Name(game.Lang(7), 2), "mages of Onward"},
		{game.CardGrail.Name(game.LangPL, 5), "Święty Graal"},
		{game.CardMage.Name(game.LangPL, 5), "maga"},
		{game.ElementFire.Name(game.LangPL, 22), "ognie"},
	}
	for i, s := range strs {
		if s.got != s.want {
			t.Errorf("check %d: got %q; want %q", i, s.got, s.want)
		}
	}
	if game.HeroCostAny.Valid() || game.Element(0).Valid() || !game.ElementEarth.Valid() {
		t.Error("Valid is wrong")
	}
	if got := game.AllElements(); !slices.Equal(got, []game.Element{game.ElementFire, game.ElementWater, game.ElementEarth}) {
		t.Errorf("AllElements() = %v", got)
	}
	for _, e := range game.AllElements() {
		if p, ok := game.ParseElement(e.String()); !ok || p != e {
			t.Errorf("ParseElement(%q) = %v, %v", e, p, ok)
		}
	}
	if _, ok := game.ParseElement("any"); ok {
		t.Error("ParseElement accepts the wildcard")
	}
	if l, ok := game.ParseLang("pl"); !ok || l != game.LangPL {
		t.Errorf("ParseLang(pl) = %v, %v", l, ok)
	}
	if game.SourceLang != game.LangEN || game.LangCount != 2 || len(game.AllLangs()) != 2 {
		t.Error("languages are wrong")
	}
	if game.GameID != "tiny-quest" || game.MinPlayers != 2 || game.MaxPlayers != 4 {
		t.Error("game constants are wrong")
	}
}

func TestCards(t *testing.T) {
	cards := game.Cards()
	if len(cards) != game.CardCount || len(game.AllCardIDs()) != game.CardCount {
		t.Fatalf("%d cards; want %d", len(cards), game.CardCount)
	}
	heroes, fire := 0, 0
	for _, c := range game.HeroCards() {
		if c.Type != game.CardTypeHero || c.Hero == nil || c.Item != nil {
			t.Errorf("hero card %v: type %v", c.ID, c.Type)
			continue
		}
		if c.Variant != "" {
			continue // the totals count the base game's cards
		}
		heroes += c.Copies
		if c.Hero.Element == game.ElementFire {
			fire += c.Copies
		}
	}
	if heroes != game.TotalHeroes || fire != game.TotalFireHeroes {
		t.Errorf("heroes %d, fire heroes %d; totals say %d, %d", heroes, fire, game.TotalHeroes, game.TotalFireHeroes)
	}
	if n := len(game.ItemCards()); n != 2 {
		t.Errorf("%d item cards; want 2", n)
	}
	k := game.CardKnight1.Card()
	h := k.Hero
	if k.Copies != 3 || game.CardKnight1.Copies() != 3 || game.CardKnight1.Type() != game.CardTypeHero {
		t.Errorf("knight: copies %d, type %v", k.Copies, game.CardKnight1.Type())
	}
	if !slices.Equal(h.Cost, []game.Element{game.ElementWater, game.HeroCostAny}) || h.Bonus == nil || *h.Bonus != 0.5 || h.Mentor != nil {
		t.Errorf("knight: %+v", *h)
	}
	if h.Title != "Sir \"Brave\"" || h.Gear != game.CardSword || h.RankBonus[game.RankHigh] != 2 || (*h.Levels)[2] != 1 || h.Rank == nil || *h.Rank != game.RankHigh {
		t.Errorf("knight: %+v", *h)
	}
	if h.Age == nil || *h.Age != 30 || h.Cursed == nil || *h.Cursed || h.Allies == nil || !slices.Equal(*h.Allies, []game.CardID{game.CardMage}) {
		t.Errorf("knight: %+v", *h)
	}
	if !slices.Equal(k.Reconstructed, []string{"speed", "tags"}) {
		t.Errorf("knight reconstructed %v", k.Reconstructed)
	}
	m := game.CardMage.Card().Hero
	if m.Mentor == nil || *m.Mentor != game.CardKnight1 || m.Nickname == nil || *m.Nickname != "Merl" || m.Speed != 2 || len(m.Cost) != 0 || m.Levels != nil || m.RankBonus[game.RankLow] != 0 {
		t.Errorf("mage: %+v", *m)
	}
	h.Cost[0] = game.ElementEarth
	*h.Bonus = 9
	if again := game.CardKnight1.Card().Hero; again.Cost[0] != game.ElementWater || *again.Bonus != 0.5 {
		t.Error("Card shares state between calls")
	}
	if c := game.CardID(0).Card(); c.Hero != nil || c.Item != nil || c.Copies != 0 {
		t.Errorf("CardID(0).Card() = %+v", c)
	}
	if id, ok := game.ParseCardID("golem"); !ok || id != game.CardGolem {
		t.Errorf("ParseCardID(golem) = %v, %v", id, ok)
	}
}

func TestVariants(t *testing.T) {
	vs := game.Variants()
	if len(vs) != 1 || vs[0] != (game.Variant{ID: game.VariantNightRaid, MinPlayers: 2, MaxPlayers: 6}) || game.VariantNightRaid != "night_raid" {
		t.Fatalf("Variants() = %+v", vs)
	}
	vs[0].MaxPlayers = 99
	if v, ok := game.FindVariant("night_raid"); !ok || v.MaxPlayers != 6 {
		t.Errorf("FindVariant(night_raid) = %+v, %v; want the table unchanged", v, ok)
	}
	if _, ok := game.FindVariant("day_raid"); ok {
		t.Error("FindVariant finds an unknown variant")
	}
	if n := game.Variants()[0].Name(game.LangPL); n != "Nocny najazd" {
		t.Errorf("Name(pl) = %q", n)
	}
	if n := (game.Variant{ID: "x"}).Name(game.LangEN); n != "x" {
		t.Errorf("Name of an unknown variant = %q", n)
	}
	thieves := 0
	for _, c := range game.Cards() {
		want := ""
		if c.ID == game.CardThief {
			want = game.VariantNightRaid
		}
		if c.Variant != want {
			t.Errorf("card %v: Variant %q; want %q", c.ID, c.Variant, want)
		}
		if c.Variant == game.VariantNightRaid {
			thieves += c.Copies
		}
	}
	if thieves != game.TotalThieves {
		t.Errorf("%d thieves; TotalThieves is %d", thieves, game.TotalThieves)
	}
}

func TestComponentsAndParams(t *testing.T) {
	d := game.ComponentDie.Component()
	if d.Kind != "die" || d.Count != 2 || d.Faces != 6 || len(game.Components()) != game.ComponentCount {
		t.Errorf("die: %+v", d)
	}
	p := game.DefaultParams()
	if p.Rounds != 5 || p.Tax != 0.25 || p.Motto != "Onward" || p.HardMode || p.StartElement != game.ElementFire || p.FirstGear != game.CardSword {
		t.Errorf("params: %+v", p)
	}
	if !slices.Equal(p.Scores, []int{1, 3, 6}) || !slices.Equal(p.Factors, []float64{0.5, 1}) || !slices.Equal(p.Order, []game.Element{game.ElementEarth, game.ElementFire}) {
		t.Errorf("params: %+v", p)
	}
	if p.ElementBonus[game.ElementFire] != 2 || p.SetBonus[3] != 4 || p.RankTitle[game.RankHigh] != "lord" || len(p.ElementBonus) != game.ElementCount+1 {
		t.Errorf("params: %+v", p)
	}
	p.SetBonus[3] = 99
	p.Scores[0] = 99
	if q := game.DefaultParams(); q.SetBonus[3] != 4 || q.Scores[0] != 1 {
		t.Error("DefaultParams shares state between calls")
	}
}
`
